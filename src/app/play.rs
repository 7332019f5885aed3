//! What the page drives, whatever the game: the one object-safe interface
//! between the page shell and a game's [`super::session::Session`].
//!
//! The shell holds every game as a `dyn Play` (with its own screen beside
//! it) and never asks which game it is: buttons, keys, pointer gestures,
//! solver events and the animation clock all go through these methods.

use super::game::Key;
use super::grid::BoardLayout;
use super::records::Records;
use super::workers::{Event, SolverQueue};

/// The parts of the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The move count, `Moves: N`, always shown.
    pub moves: String,
    /// The clock, `m:ss`.
    pub time: String,
    /// The celebration, once won.
    pub solved: Option<String>,
}

/// A game as the page plays it. Times are milliseconds of one outside
/// clock; requests go to `solver`, and its answers come back through
/// [`Play::receive`].
pub trait Play {
    /// Takes back the last move (the auto-solve's included); false if there
    /// is none.
    fn undo(&mut self, now: f64) -> bool;
    /// Replays the last move taken back; false if there is none.
    fn redo(&mut self, now: f64) -> bool;
    /// Undo as the player asks for it (the button, Ctrl+Z): the last move,
    /// or once none is left, the last change of the rules the game keeps
    /// for Undo (a wall drawn on a route map; see
    /// [`Game::earlier_rules`](crate::app::game::Game::earlier_rules)),
    /// the game then starting again under the rules before it. False if
    /// there is neither.
    fn take_back(&mut self, now: f64, solver: &mut dyn SolverQueue) -> bool;
    /// Whether there is a move, or a change of the rules, to take back
    /// (see [`Play::take_back`]).
    fn can_undo(&self) -> bool;
    /// Whether there is a move to replay.
    fn can_redo(&self) -> bool;

    /// Shows the next move of the best solution known, asking the solver
    /// when none is known (or a better one can be found).
    fn request_hint(&mut self, now: f64, solver: &mut dyn SolverQueue);
    /// Plays a solution at the chosen speed, asking the solver first when
    /// none is known.
    fn request_solve(&mut self, now: f64, solver: &mut dyn SolverQueue);
    /// Stops the search and the auto-solve, saying so; true if there was
    /// anything to stop.
    fn cancel(&mut self, solver: &mut dyn SolverQueue) -> bool;
    /// The same without a word: the game is being put away, or replaced.
    fn cancel_quietly(&mut self, solver: &mut dyn SolverQueue) -> bool;
    /// Lets the solver get ready for this game's requests on the position
    /// shown (the page calls it when the game or the board changes).
    fn prepare(&self, solver: &mut dyn SolverQueue);
    /// Takes an event from the solver; events for other requests (another
    /// game's, or this game's earlier ones) change nothing.
    fn receive(&mut self, event: &Event, now: f64);

    /// Sets the auto-solve speed in moves per second (clamped to the range
    /// offered).
    fn set_speed(&mut self, moves_per_second: f64);
    /// Follows the player's reduced-motion setting: when `reduced`, moves
    /// (slides, jumps, walked legs) are shown at once, the win banner stands
    /// still for a moment instead of popping and fading, and Solve plays
    /// without first revealing how the search grew. A change applies at
    /// once, to what is moving too. The auto-solve keeps its speed.
    fn set_reduced_motion(&mut self, reduced: bool);
    /// Advances the auto-solve to `now`, playing every move due by then;
    /// true while anything moves, so the page keeps drawing.
    fn tick(&mut self, now: f64) -> bool;
    /// Finishes the auto-solve at once: every move left is played (and
    /// kept in the history, as the auto-solve's), the final position shown
    /// without animation; the game counts as the solver's, as if played to
    /// the end. False (and nothing changes) if no auto-solve is playing.
    fn skip_to_end(&mut self, now: f64) -> bool;
    /// The speed the auto-solve plays at while it plays (moves per second):
    /// the chosen one, or faster for a solution too long to play within
    /// about 20 seconds at it.
    fn playback_speed(&self) -> Option<f64>;
    /// Whether something on screen moves at `now`.
    fn is_animating(&self, now: f64) -> bool;
    /// Whether the game clock is counting (the page refreshes it then).
    fn is_clock_running(&self) -> bool;
    /// Whether the solver is searching for this game.
    fn is_searching(&self) -> bool;
    /// Whether the auto-solve is playing.
    fn is_autoplaying(&self) -> bool;

    /// The status line: its clock is the player's time only (it stops when
    /// Solve is pressed), and a game the solver finished says the solver's
    /// time apart.
    fn status(&self, now: f64) -> Status;
    /// What the game has to say now: a search's progress, the auto-solve, a
    /// hint, a note, or the state of play.
    fn message(&self) -> String;
    /// Sets the note shown when nothing more pressing is to be said.
    fn set_note(&mut self, note: String);
    /// The board in words, for screen readers.
    fn describe(&self) -> String;
    /// The board in a short sentence, announced when it has changed.
    fn summary(&self) -> String;

    /// The board's grid, as (columns, rows).
    fn grid_size(&self) -> (usize, usize);
    /// Fits the board into `width` x `height` CSS pixels; the grid it is
    /// drawn on, which pointer positions are read against.
    fn fit(&mut self, width: f64, height: f64) -> BoardLayout;
    /// A pointer went down at (`x`, `y`) on the board.
    fn pointer_down(&mut self, x: f64, y: f64);
    /// The pointer came up at (`x`, `y`): a tap, a drag or a swipe.
    fn pointer_up(&mut self, x: f64, y: f64, now: f64, solver: &mut dyn SolverQueue);
    /// The pointer gesture was abandoned.
    fn pointer_cancel(&mut self);
    /// The pointer of the gesture under way moved to (`x`, `y`): on a board
    /// that zooms, a drag from empty space pans it. True if the view moved
    /// (the page redraws). By default nothing moves.
    fn pointer_move(&mut self, x: f64, y: f64) -> bool {
        let _ = (x, y);
        false
    }
    /// Two fingers moved on the board from `from` to `to`: on a board that
    /// zooms, they zoom and pan it. True if the view moved. By default
    /// nothing moves.
    fn pinch(&mut self, from: [(f64, f64); 2], to: [(f64, f64); 2]) -> bool {
        let _ = (from, to);
        false
    }
    /// A wheel (or trackpad) turned `delta` pixels (`deltaY`) over (`x`,
    /// `y`): on a board that zooms, it zooms about that point. True if the
    /// game took the wheel (the page then keeps it from scrolling). By
    /// default the page scrolls.
    fn wheel(&mut self, x: f64, y: f64, delta: f64) -> bool {
        let _ = (x, y, delta);
        false
    }
    /// A key press; true if the game used it (the page then keeps the
    /// browser from acting on it too).
    fn key(&mut self, key: Key<'_>, now: f64, solver: &mut dyn SolverQueue) -> bool;
    /// The board lost the keyboard focus.
    fn focus_lost(&mut self);

    /// Counts a finished game in the best scores once (see
    /// [`super::session::Session::settle`]); true if `records` changed.
    fn settle(&mut self, records: &mut Records, now: f64) -> bool;
    /// The best scores of this kind of game, as the page shows them
    /// (`Best: 52 moves · 1:14`); `None` if there are none yet or the game
    /// keeps none.
    fn best_text(&self, records: &Records) -> Option<String>;
}
