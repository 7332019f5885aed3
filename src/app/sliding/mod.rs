//! The sliding puzzle as the page plays it: its rules glue for the shared
//! [`Session`], how taps, swipes and arrow keys become moves, where tiles
//! are drawn mid-slide, and its wording.

use super::anim::ease;
use super::game::{Action, Game, Gesture, Key, Words};
use super::grid::BoardLayout;
use super::input::{arrow, swipe_dir};
use super::par::Par;
use super::save::SaveFormat;
use super::session::Session;
use super::wording::count;
use super::workers::{Answer, Task};

pub mod deal;
pub mod picture;
pub mod runner;
pub mod solving;

use crate::quote::quote;
use crate::sliding::difficulty::EightTable;
use crate::sliding::{is_optimal_size, Board, BoardError, Dir, Move, MoveError, TextFormat, BLANK};
use solving::{DrawnBoard, SlidingAnswer, SlidingTask};

/// How long one slide takes on screen, in milliseconds.
pub const SLIDE_MS: f64 = 130.0;
/// How far a touch must travel, in CSS pixels, to count as a swipe.
pub const SWIPE_MIN_PX: f64 = 24.0;

/// The sliding puzzle's rules: any board from 2x2 to 10x10, solved when the
/// tiles are in order with the blank bottom-right. The board's size is part
/// of the position, so the rules carry nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SlidingPuzzle;

/// A sliding puzzle being played.
pub type SlidingGame = Session<SlidingPuzzle>;

const WORDS: Words = Words {
    already_won: "Already solved: shuffle for a new game.",
    loaded: "Board loaded. Your move!",
    ..Words::DEFAULT
};

impl Game for SlidingPuzzle {
    type State = Board;
    type Move = Move;
    type Ui = ();
    type Error = MoveError;

    fn apply(&self, board: &Board, mv: Move) -> Result<Board, MoveError> {
        board.apply(mv)
    }

    fn is_won(&self, board: &Board) -> bool {
        board.is_solved()
    }

    fn moves_between(&self, before: &Board, after: &Board) -> u32 {
        before.slide_length(after) as u32
    }

    fn move_ms(&self) -> f64 {
        SLIDE_MS
    }

    fn task(&self, board: &Board) -> Task {
        SlidingTask::task(board.clone())
    }

    fn read_answer(&self, answer: Answer) -> Result<Option<(Vec<Move>, bool)>, String> {
        match answer.get::<SlidingAnswer>() {
            Some(SlidingAnswer { moves, optimal, .. }) => Ok(Some((
                moves.iter().copied().map(Move::Blank).collect(),
                *optimal,
            ))),
            None => Err("not a sliding-puzzle answer".into()),
        }
    }

    fn answer_bound(&self, answer: &Answer) -> u32 {
        answer
            .get::<SlidingAnswer>()
            .map_or(0, |answer| answer.bound)
    }

    /// Manhattan distance plus linear conflicts, raised to the solutions'
    /// parity: a couple of microseconds on a 10x10.
    fn bound_on_sight(&self, board: &Board) -> u32 {
        crate::sliding::bound::lower_bound(board, None, None)
    }

    /// Short enough to sit beside a hint on a phone's message line.
    fn bound_phrase(&self, bound: u32) -> Option<String> {
        (bound > 0).then(|| format!("no solution is shorter than {bound}"))
    }

    fn is_best_effort(&self, board: &Board) -> bool {
        !is_optimal_size(board.width(), board.height())
    }

    fn grid_size(&self, board: &Board) -> (usize, usize) {
        (board.width(), board.height())
    }

    /// A swipe pushes the tile next to the blank its way; a tap slides the
    /// tapped tile (with the tiles between it and the blank).
    fn interpret_pointer(
        &self,
        board: &Board,
        _: &mut (),
        grid: &BoardLayout,
        gesture: Gesture,
    ) -> Action<Move, Board, SlidingPuzzle> {
        let (dx, dy) = (gesture.to.0 - gesture.from.0, gesture.to.1 - gesture.from.1);
        if let Some(dir) = swipe_dir(dx, dy, SWIPE_MIN_PX) {
            return Action::Play(Move::Push(dir));
        }
        match grid.from_px(gesture.from.0, gesture.from.1) {
            Some((row, col)) => match board.tile_at(row * board.width() + col) {
                BLANK => Action::Nothing,
                tile => Action::Play(Move::Slide(tile)),
            },
            None => Action::Nothing,
        }
    }

    /// Arrow keys (and W A S D) slide the tile next to the blank that way.
    fn interpret_key(
        &self,
        _: &Board,
        _: &mut (),
        key: Key<'_>,
    ) -> Option<Action<Move, Board, SlidingPuzzle>> {
        arrow(key.key).map(|dir| Action::Play(Move::Push(dir)))
    }

    fn describe(&self, board: &Board) -> String {
        let rows: Vec<String> = board
            .tiles()
            .chunks(board.width())
            .enumerate()
            .map(|(row, tiles)| {
                let cells: Vec<String> = tiles
                    .iter()
                    .map(|&t| match t {
                        BLANK => "blank".to_string(),
                        t => t.to_string(),
                    })
                    .collect();
                format!("row {}: {}", row + 1, cells.join(", "))
            })
            .collect();
        format!(
            "{} by {} board{}. {}.",
            board.width(),
            board.height(),
            if board.is_solved() { ", solved" } else { "" },
            rows.join("; ")
        )
    }

    /// How many tiles are home and where the blank is.
    fn summary(&self, board: &Board) -> String {
        let tiles = board.tiles().len() - 1;
        if board.is_solved() {
            return format!(
                "Solved: all {} in place.",
                count(tiles as u64, "tile", "tiles")
            );
        }
        let home = board
            .tiles()
            .iter()
            .enumerate()
            .filter(|&(cell, &tile)| tile != BLANK && board.goal_cell(tile) == cell)
            .count();
        let blank = board.blank();
        format!(
            "{home} of {} in place; the blank is in row {}, column {}.",
            count(tiles as u64, "tile", "tiles"),
            blank / board.width() + 1,
            blank % board.width() + 1
        )
    }

    /// Any of the text formats the CLI reads; an unsolvable board is
    /// refused.
    fn parse_position(&self, text: &str) -> Result<Board, String> {
        Board::parse(text).map_err(|error| error.to_string())
    }

    fn format_position(&self, board: &Board) -> String {
        board.to_text(TextFormat::Rows)
    }

    /// A tile out of line with the gap is the refusal a tap meets most;
    /// the others (a tile that does not exist, a push off the board) need
    /// no words.
    fn refusal(&self, error: &MoveError) -> Option<String> {
        matches!(error, MoveError::NotInLine { .. })
            .then(|| "Only tiles in the gap's row or column can slide.".to_string())
    }

    fn words(&self) -> &Words {
        &WORDS
    }

    /// Exact when the solution is a shortest one; otherwise "about", with
    /// the proven lower bound when one is known.
    fn hint_text(
        &self,
        board: &Board,
        mv: Move,
        remaining: usize,
        optimal: bool,
        bound: u32,
    ) -> String {
        let tile = tile_moved(board, mv).map_or_else(String::new, |tile| tile.to_string());
        let to_go = count(remaining as u64, "move", "moves");
        if optimal || bound as usize >= remaining {
            // A solution as short as a proven bound is a shortest one.
            format!("Hint: slide {tile} — {to_go} to go")
        } else if let Some(phrase) = self.bound_phrase(bound) {
            format!("Hint: slide {tile} — about {to_go} to go; {phrase}")
        } else if self.is_best_effort(board) {
            // Boards never solved optimally: "about" says it all.
            format!("Hint: slide {tile} — about {to_go} to go")
        } else {
            format!("Hint: slide {tile} — about {to_go} to go (not optimal)")
        }
    }

    fn won_text(&self, _: &Board, moves: u32, time: &str) -> String {
        format!(
            "Solved in {}, {time}",
            count(u64::from(moves), "move", "moves")
        )
    }

    fn wants_par(&self) -> bool {
        true
    }

    /// A board drawn by difficulty, with its exact distance as the par.
    fn read_deal(&self, answer: &Answer) -> Option<(Board, Option<Par>)> {
        match answer.get::<DrawnBoard>() {
            Some(DrawnBoard { board, distance }) => Some((
                board.clone(),
                Some(Par {
                    moves: *distance,
                    optimal: true,
                }),
            )),
            _ => None,
        }
    }

    /// The 3x3's exact distance, from the table of every position's.
    fn par_on_sight(&self, start: &Board) -> Option<Par> {
        if (start.width(), start.height()) != (3, 3) {
            return None;
        }
        EightTable::shared().distance(start).map(|moves| Par {
            moves,
            optimal: true,
        })
    }

    fn par_text(&self, moves: u32, par: Option<Par>) -> String {
        match par {
            None => "; looking for the shortest…".into(),
            Some(Par {
                moves: shortest,
                optimal: true,
            }) if moves <= shortest => format!("; the shortest takes {shortest}: perfect!"),
            Some(Par {
                moves: shortest,
                optimal: true,
            }) => format!("; the shortest takes {shortest}."),
            Some(Par { moves: best, .. }) if moves < best => {
                format!("; the best the solver found takes {best}: you beat it!")
            }
            Some(Par { moves: best, .. }) => {
                format!("; the best the solver found takes {best}.")
            }
        }
    }

    fn record_key(&self, start: &Board) -> Option<String> {
        Some(format!("sliding {}x{}", start.width(), start.height()))
    }
}

/// The tile `mv` slides on `board` (the nearest one, for a run), if the move
/// is legal.
pub fn tile_moved(board: &Board, mv: Move) -> Option<u8> {
    match mv {
        Move::Blank(dir) => board.tile_moved_by(dir),
        Move::Push(dir) => board.tile_moved_by(dir.opposite()),
        Move::Slide(tile) => board.apply(mv).ok().map(|_| tile),
    }
}

/// Parses a size such as `4x4` or `3x5` (width x height), refusing one
/// outside the sides a board may have ([`crate::sliding::SIDES`]).
pub fn parse_size(text: &str) -> Result<(usize, usize), BoardError> {
    let bad = || BoardError::Syntax {
        reason: format!(
            "{text} is not a board size: write it as WxH, such as 4x4",
            text = quote(text)
        ),
    };
    let (w, h) = crate::sliding::board::split_size(text).ok_or_else(bad)?;
    let width = w.trim().parse().map_err(|_| bad())?;
    let height = h.trim().parse().map_err(|_| bad())?;
    crate::sliding::board::check_size(width, height)?;
    Ok((width, height))
}

/// Where a tile is drawn, in (fractional) cell coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TilePlace {
    /// The tile's number.
    pub tile: u8,
    /// Row, fractional mid-slide.
    pub row: f64,
    /// Column, fractional mid-slide.
    pub col: f64,
    /// Whether this tile is moving between `from` and `to`.
    pub moving: bool,
    /// Whether the tile is shown as home (in the home colour): it is in its
    /// goal cell in `to`, and either stayed put or has finished its slide
    /// there (`t` of 1). A function of `from`, `to` and `t` alone, so the
    /// last frame of a move always shows `to`'s colours (a finished slide
    /// once stayed "moving", and the tile that slid home stayed cream).
    pub home: bool,
}

/// The place of every tile (the blank excluded) at progress `t` of the move
/// from `from` to `to` (same size). Tiles that did not move stay put; the
/// tiles of a run slide together, each eased the same way.
pub fn tile_places(from: &Board, to: &Board, t: f64) -> Vec<TilePlace> {
    debug_assert_eq!((from.width(), from.height()), (to.width(), to.height()));
    let width = to.width();
    let eased = ease(t);
    let mut start = vec![0usize; to.cells()];
    for (cell, &tile) in from.tiles().iter().enumerate() {
        start[usize::from(tile)] = cell;
    }
    to.tiles()
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != BLANK)
        .map(|(cell, &tile)| {
            let begin = start[usize::from(tile)];
            let (r0, c0) = ((begin / width) as f64, (begin % width) as f64);
            let (r1, c1) = ((cell / width) as f64, (cell % width) as f64);
            TilePlace {
                tile,
                row: r0 + (r1 - r0) * eased,
                col: c0 + (c1 - c0) * eased,
                moving: begin != cell,
                home: to.goal_cell(tile) == cell && (begin == cell || t >= 1.0),
            }
        })
        .collect()
}

/// The sliding puzzle's words: no rules (the size is the position's), a
/// position as `WxH:` and its tiles row by row separated by `.` (0 the
/// blank), a move as the number of the tile slid.
impl SaveFormat for SlidingPuzzle {
    const ID: &'static str = "sliding";

    fn write_rules(&self) -> Result<String, String> {
        Ok(String::new())
    }

    fn read_rules(text: &str) -> Result<SlidingPuzzle, String> {
        if text.is_empty() {
            Ok(SlidingPuzzle)
        } else {
            Err(format!(
                "the sliding puzzle has no rules, but {text} was given",
                text = quote(text)
            ))
        }
    }

    fn write_state(&self, board: &Board) -> String {
        let tiles: Vec<String> = board.tiles().iter().map(u8::to_string).collect();
        format!("{}x{}:{}", board.width(), board.height(), tiles.join("."))
    }

    /// Checked as a typed board is: size, tile count, repeats, numbers out
    /// of range and unsolvable boards are refused.
    fn read_state(&self, text: &str) -> Result<Board, String> {
        let (size, tiles) = text.split_once(':').ok_or_else(|| {
            format!(
                "{text} is not a board: write its size, a colon, then its tiles",
                text = quote(text)
            )
        })?;
        let (width, height) = parse_size(size).map_err(|e| e.to_string())?;
        let tiles = tiles
            .split('.')
            .map(|tile| {
                tile.parse::<u16>()
                    .map_err(|_| format!("{tile} is not a tile number", tile = quote(tile)))
            })
            .collect::<Result<Vec<u16>, String>>()?;
        Board::from_tiles(width, height, &tiles).map_err(|e| e.to_string())
    }

    fn write_move(&self, mv: Move) -> String {
        match mv {
            Move::Slide(tile) => tile.to_string(),
            // A save writes the moves `move_between` finds, always slides.
            Move::Push(dir) => format!("p{}", dir.letter()),
            Move::Blank(dir) => format!("b{}", dir.letter()),
        }
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        let direction = |letter: &str| {
            let mut chars = letter.chars();
            match (chars.next().and_then(Dir::from_letter), chars.next()) {
                (Some(dir), None) => Some(dir),
                _ => None,
            }
        };
        let mv = if let Some(letter) = text.strip_prefix('p') {
            direction(letter).map(Move::Push)
        } else if let Some(letter) = text.strip_prefix('b') {
            direction(letter).map(Move::Blank)
        } else {
            text.parse::<u8>().ok().map(Move::Slide)
        };
        mv.ok_or_else(|| {
            format!(
                "{text} is not a move of the sliding puzzle",
                text = quote(text)
            )
        })
    }

    /// The tile that slides into the blank's cell: the one the move names.
    fn move_between(&self, before: &Board, after: &Board) -> Option<Move> {
        if (before.width(), before.height()) != (after.width(), after.height()) {
            return None;
        }
        let tile = before.tile_at(after.blank());
        let mv = Move::Slide(tile);
        (tile != BLANK && before.apply(mv).ok().as_ref() == Some(after)).then_some(mv)
    }
}
