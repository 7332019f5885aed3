//! The one interface every game implements: its rules, how it reads the
//! player's pointer and keys, and its wording. Everything a game shares with
//! the others (undo, the clock, solver requests, hints, the auto-solve,
//! animation timing) is written once, in [`super::session`], over this trait.
//!
//! A game's data falls into three kinds, as in Simon Tatham's puzzle
//! collection: the *rules* (the `Game` value itself: what generated the
//! puzzle and what counts as a win, such as a peg layout's goal), the
//! *state* (what undo restores: the board), and the *ui* (what undo leaves
//! alone: a selection, a keyboard cursor).

use std::fmt::{Debug, Display};

use super::grid::BoardLayout;
use super::par::Par;
use super::wording::Noun;
use super::workers::{Answer, Task};

/// A pointer gesture on the board, from where it went down to where it came
/// up, in CSS pixels from the board's top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gesture {
    /// Where the pointer went down.
    pub from: (f64, f64),
    /// Where it came up.
    pub to: (f64, f64),
}

impl Gesture {
    /// How far the pointer travelled.
    pub fn distance(&self) -> f64 {
        (self.to.0 - self.from.0).hypot(self.to.1 - self.from.1)
    }
}

/// A key press the page did not keep for itself (`key` as in
/// `KeyboardEvent.key`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key<'k> {
    /// The key's name, such as `ArrowUp` or `h`.
    pub key: &'k str,
    /// Whether Ctrl (or Cmd) is held.
    pub ctrl: bool,
    /// Whether Shift is held.
    pub shift: bool,
    /// Whether the board has the keyboard focus (rather than a button).
    pub on_board: bool,
}

/// What an input asks of the game, once the game has read it (`G`: the
/// game's rules, for an edit of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action<M, S, G> {
    /// Nothing changes.
    Nothing,
    /// Only the interface changed (a selection, the cursor): redraw.
    Redraw,
    /// Say this (the interface may have changed too).
    Note(String),
    /// Play this move.
    Play(M),
    /// Start over from this position, as a new game (an edit).
    StartFrom(S),
    /// Play under these rules from this position, as a new game (an edit
    /// of the rules themselves: a map's waypoints, a start or a goal).
    Restart(G, S),
}

/// The rules of one game and what the page needs to play it. One value of
/// the implementing type is a game's rules and parameters.
pub trait Game: Clone + Debug {
    /// A position: what undo restores.
    type State: Clone + PartialEq + Debug;
    /// One move, as small as a tile or a jump: cheap to copy and to compare.
    type Move: Copy + PartialEq + Debug;
    /// What undo leaves alone: selection, cursor, modes.
    type Ui: Clone + Debug + Default;
    /// Why a move was refused.
    type Error: Display;

    /// The position after `mv`, or why `mv` is not legal there. Pure.
    fn apply(&self, state: &Self::State, mv: Self::Move) -> Result<Self::State, Self::Error>;

    /// Whether `state` is won.
    fn is_won(&self, state: &Self::State) -> bool;

    /// How many moves the change from `before` to `after` counts (a run of
    /// tiles slid together counts each tile).
    fn moves_between(&self, before: &Self::State, after: &Self::State) -> u32 {
        let _ = (before, after);
        1
    }

    /// How many moves playing `mv` from `before` to `after` counts, the
    /// move before it (the one that led to `before`) being `previous`: by
    /// default [`Game::moves_between`]; peg solitaire can count a chain of
    /// jumps by one peg as one move.
    fn move_cost(
        &self,
        before: &Self::State,
        after: &Self::State,
        previous: Option<Self::Move>,
        mv: Self::Move,
    ) -> u32 {
        let _ = (previous, mv);
        self.moves_between(before, after)
    }

    /// How long one move takes on screen, in milliseconds.
    fn move_ms(&self) -> f64;

    /// What the solver should solve to answer for `state`.
    fn task(&self, state: &Self::State) -> Task;

    /// The moves in the solver's answer, with whether they are a shortest
    /// solution; `Ok(None)`: no solution exists. `Err` for an answer that is
    /// not this game's.
    #[allow(clippy::type_complexity)]
    fn read_answer(&self, answer: Answer) -> Result<Option<(Vec<Self::Move>, bool)>, String>;

    /// Whether the solver's answer for `state` is the best it can give even
    /// when not proven shortest, so that asking again is pointless (boards
    /// too large for an optimal search).
    fn is_best_effort(&self, state: &Self::State) -> bool {
        let _ = state;
        false
    }

    /// Whether a search under way for `state` looks for a shortest
    /// solution (rather than only a shorter one than known): what the
    /// messages say while it runs.
    fn seeks_shortest(&self, state: &Self::State) -> bool {
        !self.is_best_effort(state)
    }

    /// Whether `state` is lost on sight (no move left short of the goal, or
    /// an invariant rules the goal out), without asking the solver.
    fn is_lost_on_sight(&self, state: &Self::State) -> bool {
        let _ = state;
        false
    }

    /// The grid the board is drawn on, as (columns, rows).
    fn grid_size(&self, state: &Self::State) -> (usize, usize);

    /// Lays the board out in `width` x `height` CSS pixels; by default the
    /// largest grid of whole-pixel square cells that fits.
    fn fit(&self, state: &Self::State, width: f64, height: f64) -> BoardLayout {
        let (cols, rows) = self.grid_size(state);
        BoardLayout::fit(cols, rows, width, height)
    }

    /// Whether the board can be zoomed and panned (see
    /// [`super::viewport::Viewport`]); the pointer points a game reads are
    /// then on the board as zoomed.
    fn zoomable(&self) -> bool {
        false
    }

    /// Whether a drag that starts at `from` (on `grid`, as zoomed) is the
    /// game's own (a swipe, a piece dragged) rather than a pan of a zoomed
    /// board; by default every drag is the game's.
    fn claims_drag(
        &self,
        state: &Self::State,
        ui: &Self::Ui,
        grid: &BoardLayout,
        from: (f64, f64),
    ) -> bool {
        let _ = (state, ui, grid, from);
        true
    }

    /// The point of the board (on `grid`, unzoomed) a zoomed view keeps in
    /// sight while the move from `before` to `after` is shown `t` (0 to 1)
    /// of the way; `None` (the default): none.
    fn focus(
        &self,
        before: &Self::State,
        after: &Self::State,
        t: f64,
        grid: &BoardLayout,
    ) -> Option<(f64, f64)> {
        let _ = (before, after, t, grid);
        None
    }

    /// Reads a pointer gesture on the board drawn on `grid`; may change the
    /// interface state.
    fn interpret_pointer(
        &self,
        state: &Self::State,
        ui: &mut Self::Ui,
        grid: &BoardLayout,
        gesture: Gesture,
    ) -> Action<Self::Move, Self::State, Self>;

    /// Reads a key the shared keys (undo, redo, hint) left; `None` if the
    /// key means nothing to this game (the page then leaves it alone).
    fn interpret_key(
        &self,
        state: &Self::State,
        ui: &mut Self::Ui,
        key: Key<'_>,
    ) -> Option<Action<Self::Move, Self::State, Self>>;

    /// Brings the interface state up to date after the position changed
    /// (`played`: by this move), a hint was shown or the auto-solve started:
    /// drops a selection, moves a cursor.
    fn refresh_ui(&self, ui: &mut Self::Ui, played: Option<Self::Move>) {
        let _ = (ui, played);
    }

    /// The board lost the keyboard focus (a cursor drawn for the keyboard
    /// can go).
    fn focus_lost(&self, ui: &mut Self::Ui) {
        let _ = ui;
    }

    /// Leaves any mode that keeps the player from asking the solver (an
    /// editor); called before a hint or a solve.
    fn leave_modes(&self, ui: &mut Self::Ui) {
        let _ = ui;
    }

    /// Whether the rules keep an earlier version of themselves for Undo to
    /// bring back once no move is left to take back (a route map before a
    /// wall was painted): see [`Game::earlier_rules`]. None by default.
    fn has_earlier_rules(&self) -> bool {
        false
    }

    /// The rules before the latest change Undo takes back, and the position
    /// they start from; `None` (the default) when none is kept.
    fn earlier_rules(&self) -> Option<(Self, Self::State)> {
        None
    }

    /// The position in words, for screen readers.
    fn describe(&self, state: &Self::State) -> String;

    /// The position in a sentence short enough to be announced to screen
    /// readers when the board has changed (the whole [`Game::describe`] is
    /// read with the board); by default the whole description.
    fn summary(&self, state: &Self::State) -> String {
        self.describe(state)
    }

    /// Reads a position the player typed or pasted, or says what is wrong
    /// with the text (a lower-case reason).
    fn parse_position(&self, text: &str) -> Result<Self::State, String>;

    /// The position as text that [`Game::parse_position`] reads back.
    fn format_position(&self, state: &Self::State) -> String;

    /// What to say about a refused move, if anything.
    fn refusal(&self, error: &Self::Error) -> Option<String> {
        let _ = error;
        None
    }

    /// How to word this game's messages.
    fn words(&self) -> &Words;

    /// What a move is called as the game counts them now; by default
    /// [`Words::moves`] (peg solitaire says `moves` rather than `jumps` when
    /// a chain of jumps counts as one).
    fn moves_word(&self) -> Noun {
        self.words().moves
    }

    /// The hint for playing `mv` from `state`, `remaining` moves from the
    /// goal along the best solution known (`optimal`: a shortest one), no
    /// solution being shorter than `bound` moves (a proven lower bound; 0
    /// when none is known).
    fn hint_text(
        &self,
        state: &Self::State,
        mv: Self::Move,
        remaining: usize,
        optimal: bool,
        bound: u32,
    ) -> String;

    /// A proven lower bound that the solver's `answer` carries: no solution
    /// from the position it answers is shorter. 0 (the default) for none.
    fn answer_bound(&self, answer: &Answer) -> u32 {
        let _ = answer;
        0
    }

    /// A proven lower bound on the moves from `state` to the goal that the
    /// page computes on sight, in microseconds (no tables, no search); 0
    /// (the default) for none. Raises what an answer carries as the player
    /// or the auto-solve moves along it.
    fn bound_on_sight(&self, state: &Self::State) -> u32 {
        let _ = state;
        0
    }

    /// What the messages of a search and of the auto-solve add to a
    /// solution not proven shortest when no solution is shorter than
    /// `bound` moves; `None` (the default) adds nothing.
    fn bound_phrase(&self, bound: u32) -> Option<String> {
        let _ = bound;
        None
    }

    /// How long Solve shows how `answer` was found before it plays it, in
    /// milliseconds at `speed` moves a second; 0 (the default) plays at
    /// once. A game whose answers carry the search's trace (route finding)
    /// shows the search growing meanwhile.
    fn reveal_ms(&self, answer: &Answer, speed: f64) -> f64 {
        let _ = (answer, speed);
        0.0
    }

    /// The celebration once won, after `moves` moves in `time` (`m:ss`).
    fn won_text(&self, state: &Self::State, moves: u32, time: &str) -> String;

    /// The new game's start and par in the solver's answer to a deal (see
    /// [`super::session::Session::request_deal`]); `None` for an answer
    /// that deals nothing of this game.
    fn read_deal(&self, answer: &Answer) -> Option<(Self::State, Option<Par>)> {
        let _ = answer;
        None
    }

    /// Whether a won game is compared with the best solution from its
    /// start ([`Game::par_text`]): the session then asks the solver for it
    /// in the background when none is known.
    fn wants_par(&self) -> bool {
        false
    }

    /// What to ask the solver for the par of a game from `start`; by
    /// default the task that solves it.
    fn par_task(&self, start: &Self::State) -> Task {
        self.task(start)
    }

    /// The par of a game from `start` that the solver's `answer` from the
    /// start gives, if any: by default its solution's length, where the
    /// solution is proven shortest or the best the solver can give (see
    /// [`Game::is_best_effort`]). A game whose par is not what its solver
    /// minimises (peg chains) takes it from the answer to
    /// [`Game::par_task`] only.
    fn par_of(&self, start: &Self::State, answer: &Answer) -> Option<Par> {
        let moves = answer.moves()? as u32;
        let optimal = answer.is_optimal();
        (optimal || self.is_best_effort(start)).then_some(Par { moves, optimal })
    }

    /// The exact par of a game starting from `start`, if the game knows it
    /// without the solver (a table of every position's distance).
    fn par_on_sight(&self, start: &Self::State) -> Option<Par> {
        let _ = start;
        None
    }

    /// What the won message adds after [`Game::won_text`] about a game won
    /// in `moves` moves, against `par` (`None`: still being looked for).
    fn par_text(&self, moves: u32, par: Option<Par>) -> String {
        let _ = (moves, par);
        String::new()
    }

    /// What the won message adds when the solver gave up on the par (a
    /// search too long for the page); by default nothing.
    fn par_lost_text(&self) -> String {
        String::new()
    }

    /// The won message of a game the auto-solve played a move of (such a
    /// game does not count for the best scores), without its times: the
    /// session adds the solver's and the player's apart.
    fn solver_won_text(&self, state: &Self::State, moves: u32) -> String {
        let _ = state;
        format!(
            "Solved by the solver in {}.",
            self.moves_word().count(u64::from(moves))
        )
    }

    /// Which kind of game, for the best scores, a game from `start` is
    /// (such as `sliding 4x4`); `None` for games that keep no scores.
    fn record_key(&self, start: &Self::State) -> Option<String> {
        let _ = start;
        None
    }

    /// What to say about a position the goal cannot be reached from;
    /// `can_undo` says whether Undo can be offered.
    fn lost_text(&self, state: &Self::State, can_undo: bool) -> String {
        let _ = state;
        if can_undo {
            "No solution exists from here. Undo to go back.".into()
        } else {
            "No solution exists from this position.".into()
        }
    }

    /// What to say when nothing else is to be said (no search, auto-solve,
    /// hint or note): the game's own state of play.
    fn idle_text(&self, state: &Self::State, ui: &Self::Ui, moves: u32, can_undo: bool) -> String {
        let _ = (state, ui, moves, can_undo);
        String::new()
    }
}

/// The fixed wording that differs between games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// What a move is called: `move`/`moves`, `jump`/`jumps`.
    pub moves: Noun,
    /// Said while the solver looks for a hint.
    pub looking_for_hint: &'static str,
    /// Said when Hint or Solve is pressed on a won game.
    pub already_won: &'static str,
    /// Said when a typed position is loaded.
    pub loaded: &'static str,
    /// Whether the length of a proven shortest solution is worth saying
    /// (it is not where every solution has the same length).
    pub shortest_matters: bool,
    /// What a search examines, in its progress: `positions`, `places`.
    pub examined: Noun,
}

impl Words {
    /// The wording of a game whose moves are "moves" and whose shortest
    /// solutions are worth announcing; games change what differs.
    pub const DEFAULT: Words = Words {
        moves: Noun {
            one: "move",
            many: "moves",
        },
        looking_for_hint: "Looking for the best move",
        already_won: "Already solved.",
        loaded: "Position loaded. Your move!",
        shortest_matters: true,
        examined: Noun {
            one: "position",
            many: "positions",
        },
    };
}
