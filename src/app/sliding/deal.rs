//! Shuffle in the sliding puzzle: a new board of a size, at the difficulty
//! the player chose. Where the size has difficulty levels (see
//! [`crate::sliding::difficulty`]) and a level other than "any" is chosen,
//! a worker draws a board whose exact shortest solution is in the level's
//! range (it knows each candidate's exact distance); otherwise a solvable
//! board is drawn uniformly, at once.

use super::solving::DrawTask;
use super::SlidingPuzzle;
use crate::app::play::Play;
use crate::app::session::Session;
use crate::app::workers::{SolverQueue, Task};
use crate::sliding::difficulty::Level;
use crate::sliding::Board;
use crate::wording::capitalise;

impl Session<SlidingPuzzle> {
    /// Deals a new `width` x `height` board from `seed` at `level`. A level
    /// with a range at this size is asked of the solver (the game says
    /// "Drawing an easy board…" until it answers, and the board dealt is
    /// then played with the level as its variant, kept with its best
    /// scores); any other deal is played at once. A size that cannot be
    /// dealt leaves the game as it was and says why in its note.
    pub fn shuffle(
        &mut self,
        (width, height): (usize, usize),
        level: Level,
        seed: u64,
        now: f64,
        solver: &mut dyn SolverQueue,
    ) {
        if let Some(range) = level.range(width, height) {
            let name = level.name();
            let task = Task::new(DrawTask {
                width,
                height,
                range,
                seed,
            });
            let saying = format!("Drawing {} {name} board…", article(name));
            self.request_deal(task, saying, Some(name.to_string()), now, solver);
            return;
        }
        match Board::shuffled(width, height, seed) {
            Ok(board) => self.new_game(board, solver),
            Err(error) => self.set_note(capitalise(&error.to_string())),
        }
    }
}

/// The indefinite article before `word` ("an easy", "a hard"): "an" before
/// a vowel, which the level names begin with or not as they sound.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}
