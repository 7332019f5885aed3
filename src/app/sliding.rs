//! The sliding-puzzle game as the page plays it: moves with undo and redo,
//! the clock, hints, the auto-solve and what to animate.
//!
//! This is the "mid end": it never draws, listens or waits. The web layer
//! turns clicks and keys into calls here, sends the solve requests it returns
//! to the worker, hands back the answers, and draws what it reads back. All
//! times are milliseconds of one outside clock, passed in.
//!
//! State belongs to one of: the undo history (board and move count), the
//! interface (hint, pending request, auto-solve, speed), or the animation in
//! progress, which can be thrown away at any time.

use super::anim::{celebration, Transition, SLIDE_MS};
use super::history::{format_duration, Clock, History};
use super::known::KnownPath;
pub use super::wording::group_thousands;
use crate::sliding::{is_optimal_size, Board, BoardError, Dir, Move, MoveError, Plan};

/// Auto-solve speeds offered, in moves per second.
pub const MIN_SPEED: f64 = 1.0;
/// The fastest auto-solve speed, in moves per second.
pub const MAX_SPEED: f64 = 30.0;
/// The auto-solve speed a new game starts with, in moves per second.
pub const DEFAULT_SPEED: f64 = 6.0;

/// What undo restores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The board.
    pub board: Board,
    /// Tiles slid so far (a run of three counts three).
    pub moves: u32,
}

/// Why the solver is being asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To show the next move.
    Hint,
    /// To play the solution.
    Solve,
}

/// A board the worker should solve; answers carry the same `id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    /// Matches the answer to the request.
    pub id: u64,
    /// The board to solve.
    pub board: Board,
}

/// How a search is getting on, as the worker reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchProgress {
    /// Positions examined.
    pub expanded: u64,
    /// The search's current cost bound.
    pub bound: u32,
    /// Milliseconds since the search began.
    pub elapsed_ms: f64,
    /// How many workers are searching.
    pub workers: usize,
}

/// A request sent and not yet answered.
#[derive(Clone, Debug)]
struct Pending {
    id: u64,
    purpose: Purpose,
    board: Board,
    progress: SearchProgress,
    /// The length of a quick (not optimal) solution found meanwhile.
    provisional: Option<usize>,
}

/// The hint on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The tile to slide next.
    pub tile: u8,
    /// Moves left to the goal along the known solution.
    pub remaining: usize,
    /// Whether that solution is a shortest one.
    pub optimal: bool,
}

/// Who made a move: the player's own moves stop an auto-solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Player,
    Auto,
}

/// The sliding-puzzle game behind the page.
#[derive(Clone, Debug)]
pub struct SlidingGame {
    history: History<Snapshot>,
    clock: Clock,
    known: Option<KnownPath>,
    hint: Option<Hint>,
    pending: Option<Pending>,
    /// When the auto-solve plays its next move, if one is running.
    autoplay_at: Option<f64>,
    speed: f64,
    transition: Option<Transition>,
    next_id: u64,
    note: String,
    /// When the puzzle was last solved, for the celebration.
    solved_at: Option<f64>,
    /// How long the last optimal search took, as its progress last said.
    found_in_ms: Option<f64>,
}

impl SlidingGame {
    /// A game starting from `board`.
    pub fn new(board: Board) -> SlidingGame {
        SlidingGame {
            history: History::new(Snapshot { board, moves: 0 }),
            clock: Clock::default(),
            known: None,
            hint: None,
            pending: None,
            autoplay_at: None,
            speed: DEFAULT_SPEED,
            transition: None,
            next_id: 1,
            note: String::new(),
            solved_at: None,
            found_in_ms: None,
        }
    }

    /// Starts over from `board`, keeping only the speed. Any pending request
    /// is forgotten (the caller cancels the worker).
    pub fn restart(&mut self, board: Board) {
        let speed = self.speed;
        let next_id = self.next_id;
        *self = SlidingGame::new(board);
        self.speed = speed;
        self.next_id = next_id;
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.history.current().board
    }

    /// Tiles slid so far.
    pub fn moves(&self) -> u32 {
        self.history.current().moves
    }

    /// Whether the board is solved.
    pub fn is_solved(&self) -> bool {
        self.board().is_solved()
    }

    /// Plays a player's move (a click, a key, a swipe); stops an auto-solve.
    pub fn play(&mut self, mv: Move, now: f64) -> Result<(), MoveError> {
        self.apply(mv, Source::Player, now)
    }

    fn apply(&mut self, mv: Move, source: Source, now: f64) -> Result<(), MoveError> {
        let before = self.history.current().clone();
        let board = before.board.apply(mv)?;
        if source == Source::Player {
            self.stop_autoplay();
        }
        let moves = before.moves + before.board.slide_length(&board) as u32;
        self.history.push(Snapshot { board, moves });
        self.clock.start(now);
        self.after_change(before.board, now);
        Ok(())
    }

    /// Takes back the last move (the auto-solve's included); false if there
    /// is none.
    pub fn undo(&mut self, now: f64) -> bool {
        let before = self.board().clone();
        if !self.history.undo() {
            return false;
        }
        self.stop_autoplay();
        self.after_change(before, now);
        true
    }

    /// Replays the last move taken back; false if there is none.
    pub fn redo(&mut self, now: f64) -> bool {
        let before = self.board().clone();
        if !self.history.redo() {
            return false;
        }
        self.stop_autoplay();
        self.after_change(before, now);
        true
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is a move to replay.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    fn after_change(&mut self, before: Board, now: f64) {
        let duration = if self.autoplay_at.is_some() {
            SLIDE_MS.min(0.8 * 1000.0 / self.speed)
        } else {
            SLIDE_MS
        };
        self.transition = Some(Transition {
            from: before,
            to: self.board().clone(),
            start_ms: now,
            duration_ms: duration,
        });
        self.hint = None;
        if self.is_solved() {
            self.clock.stop(now);
            self.solved_at = Some(now);
            self.stop_autoplay();
            self.note.clear();
        } else {
            self.clock.resume(now);
            self.solved_at = None;
            if self.autoplay_at.is_none() {
                self.note.clear();
            }
        }
    }

    /// Asks for a hint: shown at once if the best solution known passes
    /// through this board, otherwise a request for the worker.
    pub fn request_hint(&mut self, _now: f64) -> Option<SolveRequest> {
        if self.is_solved() {
            self.note = "Already solved: shuffle for a new game.".into();
            return None;
        }
        // The best solution known gives a hint at once; unless it is a
        // shortest one that this size could have, the search for one goes
        // on behind it.
        if self.show_known_hint() && self.is_best_known() {
            return None;
        }
        self.request(Purpose::Hint)
    }

    /// Whether the solution known from this board is as good as the solver
    /// gives: optimal, or from a size solved without optimality anyway.
    fn is_best_known(&self) -> bool {
        self.known_remaining().is_some()
            && (self.known.as_ref().is_some_and(KnownPath::is_optimal) || !self.is_optimal_size())
    }

    /// Asks for the auto-solve: starts at once if a solution is known,
    /// otherwise a request for the worker.
    pub fn request_solve(&mut self, now: f64) -> Option<SolveRequest> {
        if self.is_solved() {
            self.note = "Already solved: shuffle for a new game.".into();
            return None;
        }
        if self.is_best_known() {
            self.start_autoplay(now);
            return None;
        }
        self.request(Purpose::Solve)
    }

    fn request(&mut self, purpose: Purpose) -> Option<SolveRequest> {
        let board = &self.history.current().board;
        if let Some(pending) = &mut self.pending {
            if pending.board == *board {
                // The search under way answers this board already; a Solve
                // asked while a Hint search runs upgrades it.
                if purpose == Purpose::Solve {
                    pending.purpose = Purpose::Solve;
                }
                return None;
            }
        }
        self.stop_autoplay();
        let id = self.next_id;
        self.next_id += 1;
        self.pending = Some(Pending {
            id,
            purpose,
            board: self.board().clone(),
            progress: SearchProgress::default(),
            provisional: None,
        });
        Some(SolveRequest {
            id,
            board: self.board().clone(),
        })
    }

    /// Records the worker's progress on request `id`.
    pub fn receive_progress(&mut self, id: u64, progress: SearchProgress) {
        if let Some(pending) = self.pending.as_mut().filter(|p| p.id == id) {
            pending.progress = progress;
        }
    }

    /// Takes a quick, not optimal, solution to request `id` while the optimal
    /// search goes on: it becomes the best solution known (a hint asked for
    /// shows at once, marked as not optimal).
    pub fn receive_provisional(&mut self, id: u64, plan: Plan) {
        let Some(pending) = self.pending.as_mut().filter(|p| p.id == id) else {
            return;
        };
        pending.provisional = Some(plan.moves.len());
        let board = pending.board.clone();
        let purpose = pending.purpose;
        self.known = Some(KnownPath::new(&board, plan.moves, false));
        if board == *self.board() && purpose == Purpose::Hint {
            self.show_known_hint();
        }
    }

    /// Takes the worker's answer to request `id`. A stale answer (for a
    /// board since left) still teaches the solution from that board.
    pub fn receive_plan(&mut self, id: u64, plan: Plan, now: f64) {
        let Some(pending) = self.pending.take_if(|p| p.id == id) else {
            return;
        };
        self.found_in_ms = Some(pending.progress.elapsed_ms).filter(|_| plan.optimal);
        self.known = Some(KnownPath::new(&pending.board, plan.moves, plan.optimal));
        if pending.board != *self.board() {
            return;
        }
        match pending.purpose {
            Purpose::Hint => {
                self.show_known_hint();
            }
            Purpose::Solve => self.start_autoplay(now),
        }
    }

    /// Takes the worker's failure on request `id`.
    pub fn receive_error(&mut self, id: u64, message: &str) {
        if self.pending.take_if(|p| p.id == id).is_some() {
            self.note = format!("The solver failed: {message}");
        }
    }

    /// Forgets the pending request and stops the auto-solve; true if there
    /// was anything to stop. The caller stops the worker.
    pub fn cancel(&mut self) -> bool {
        let had_work = self.pending.take().is_some() || self.autoplay_at.is_some();
        self.stop_autoplay();
        if had_work {
            self.note = "Stopped. Play on!".into();
        }
        had_work
    }

    /// The id of the request awaiting an answer, if any.
    pub fn pending_id(&self) -> Option<u64> {
        self.pending.as_ref().map(|p| p.id)
    }

    /// Whether the worker is searching for this game.
    pub fn is_searching(&self) -> bool {
        self.pending.is_some()
    }

    /// Whether the auto-solve is playing.
    pub fn is_autoplaying(&self) -> bool {
        self.autoplay_at.is_some()
    }

    /// Sets the auto-solve speed, in moves per second (clamped to the range
    /// offered).
    pub fn set_speed(&mut self, moves_per_second: f64) {
        if moves_per_second.is_finite() {
            self.speed = moves_per_second.clamp(MIN_SPEED, MAX_SPEED);
        }
    }

    /// The auto-solve speed in moves per second.
    pub fn speed(&self) -> f64 {
        self.speed
    }

    fn known_remaining(&self) -> Option<&[Dir]> {
        self.known.as_ref()?.remaining(self.board())
    }

    fn show_known_hint(&mut self) -> bool {
        let Some(known) = &self.known else {
            return false;
        };
        let Some(remaining) = known.remaining(self.board()) else {
            return false;
        };
        let Some(&first) = remaining.first() else {
            return false;
        };
        let tile = self
            .board()
            .tile_moved_by(first)
            .expect("a known path's moves stay on the board");
        self.hint = Some(Hint {
            tile,
            remaining: remaining.len(),
            optimal: known.is_optimal(),
        });
        true
    }

    fn start_autoplay(&mut self, now: f64) {
        self.hint = None;
        self.autoplay_at = Some(now);
        self.note.clear();
    }

    fn stop_autoplay(&mut self) {
        self.autoplay_at = None;
    }

    /// Advances the auto-solve to `now`; returns whether anything is still
    /// moving (an animation or the auto-solve), so the caller keeps drawing.
    pub fn tick(&mut self, now: f64) -> bool {
        if let Some(due) = self.autoplay_at {
            if now >= due {
                match self
                    .known_remaining()
                    .and_then(|moves| moves.first().copied())
                {
                    Some(dir) => {
                        self.autoplay_at = Some(now.max(due) + 1000.0 / self.speed);
                        self.apply(Move::Blank(dir), Source::Auto, now)
                            .expect("a known path's moves stay on the board");
                    }
                    None => self.stop_autoplay(),
                }
            }
        }
        self.is_animating(now)
    }

    /// Whether something on screen is moving at `now`.
    pub fn is_animating(&self, now: f64) -> bool {
        self.autoplay_at.is_some()
            || self.transition.as_ref().is_some_and(|t| t.is_running(now))
            || self.celebration(now).is_some()
    }

    /// The move being shown: the boards before and after and the progress.
    /// With nothing moving it is the current board, still.
    pub fn frame(&self, now: f64) -> (&Board, &Board, f64) {
        match &self.transition {
            Some(transition) if transition.to == *self.board() => {
                (&transition.from, &transition.to, transition.progress(now))
            }
            _ => (self.board(), self.board(), 1.0),
        }
    }

    /// How far along the celebration of a solve is (0 to 1), while it runs.
    pub fn celebration(&self, now: f64) -> Option<f64> {
        celebration(self.solved_at, now)
    }

    /// The hint on show, if it is for the current board.
    pub fn hint(&self) -> Option<Hint> {
        self.hint
    }

    /// Whether the game clock is counting.
    pub fn is_clock_running(&self) -> bool {
        self.clock.is_running()
    }

    /// The status line: `Moves: N` and the time, and once solved the
    /// celebration `Solved in N moves, m:ss`.
    pub fn status(&self, now: f64) -> Status {
        let time = format_duration(self.clock.elapsed(now));
        let solved = (self.is_solved() && self.moves() > 0)
            .then(|| format!("Solved in {} moves, {time}", self.moves()));
        Status {
            moves: format!("Moves: {}", self.moves()),
            time,
            solved,
        }
    }

    /// What the game has to say now: the hint, the search's progress, the
    /// auto-solve's progress, or a note such as an error.
    pub fn message(&self) -> String {
        if let Some(pending) = &self.pending {
            let progress = pending.progress;
            let detail = if progress.expanded == 0 {
                String::new()
            } else {
                let workers = if progress.workers > 1 {
                    format!(", {} workers", progress.workers)
                } else {
                    String::new()
                };
                format!(
                    " {} positions, bound {}, {:.1} s{workers}",
                    group_thousands(progress.expanded),
                    progress.bound,
                    progress.elapsed_ms / 1000.0
                )
            };
            return match (pending.purpose, self.hint, pending.provisional) {
                (Purpose::Hint, Some(hint), _) => format!(
                    "Hint: slide {} — about {} moves to go (not optimal); looking for the shortest…{detail}",
                    hint.tile, hint.remaining
                ),
                (_, _, Some(length)) => format!(
                    "Found a {length}-move solution (not optimal); looking for the shortest…{detail}"
                ),
                (Purpose::Hint, _, None) => format!("Looking for the best move…{detail}"),
                (Purpose::Solve, _, None) => format!("Solving…{detail}"),
            };
        }
        if self.autoplay_at.is_some() {
            let left = self.known_remaining().map_or(0, <[Dir]>::len);
            return match (&self.known, self.found_in_ms) {
                (Some(known), Some(ms)) if known.is_optimal() && ms >= 1000.0 => format!(
                    "Auto-solving a shortest solution ({} moves, found in {:.1} s): {left} to go",
                    known.len(),
                    ms / 1000.0
                ),
                _ => format!("Auto-solving: {left} moves to go"),
            };
        }
        if let Some(hint) = self.hint {
            let measure = if hint.optimal {
                format!("{} moves to go", hint.remaining)
            } else {
                format!("about {} moves to go (not optimal)", hint.remaining)
            };
            return format!("Hint: slide {} — {measure}", hint.tile);
        }
        self.note.clone()
    }

    /// Sets the note shown when nothing else is to be said.
    pub fn set_note(&mut self, note: impl Into<String>) {
        self.note = note.into();
    }

    /// Whether solutions for this board's size are optimal.
    pub fn is_optimal_size(&self) -> bool {
        is_optimal_size(self.board().width(), self.board().height())
    }
}

/// The parts of the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// `Moves: N`.
    pub moves: String,
    /// The clock, `m:ss`.
    pub time: String,
    /// `Solved in N moves, m:ss` once solved.
    pub solved: Option<String>,
}

/// Parses a size such as `4x4` or `3x5` (width x height) and checks the range.
pub fn parse_size(text: &str) -> Result<(usize, usize), BoardError> {
    let bad = || BoardError::Syntax {
        reason: format!("'{text}' is not a board size: write it as WxH, such as 4x4"),
    };
    let (w, h) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let width = w.trim().parse().map_err(|_| bad())?;
    let height = h.trim().parse().map_err(|_| bad())?;
    crate::sliding::board::check_size(width, height)?;
    Ok((width, height))
}
