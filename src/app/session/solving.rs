//! Solver requests, their progress and answers, hints, the best solution
//! known, and the auto-solve at a chosen speed.

use super::Session;
use crate::app::game::Game;
use crate::app::known::KnownSolution;
use crate::app::play::Play;
use crate::app::workers::{Answer, RequestId, SearchProgress, SolverQueue, Task};

/// The slowest auto-solve offered, in moves per second.
pub const MIN_SPEED: f64 = 1.0;
/// The fastest auto-solve speed, in moves per second.
pub const MAX_SPEED: f64 = 30.0;
/// The auto-solve speed a new game starts with, in moves per second.
pub const DEFAULT_SPEED: f64 = 6.0;
/// How long an auto-solve lasts at most, reveal included, whatever its
/// length, unless it needs more than [`MAX_PLAYBACK_SPEED`]: longer
/// solutions play faster than the chosen speed.
pub const PLAYBACK_BUDGET_MS: f64 = 20_000.0;
/// The fastest an auto-solve plays, in moves per second: one move a frame
/// on a 60 Hz screen, the most the animation can show.
pub const MAX_PLAYBACK_SPEED: f64 = 60.0;
/// How far behind its schedule the auto-solve catches up by playing more
/// than one move a frame; a page hidden for longer restarts the schedule
/// instead of playing what it missed all at once.
pub(super) const CATCH_UP_MS: f64 = 250.0;

/// The speed (moves per second) an auto-solve of `moves` moves plays at
/// when the player chose `chosen` and it has `budget_ms` to play in: the
/// chosen speed, or the whole number of moves a second that finishes it in
/// time if that is faster, though never past [`MAX_PLAYBACK_SPEED`] (nor
/// below `chosen`).
pub fn playback_speed(chosen: f64, moves: usize, budget_ms: f64) -> f64 {
    let needed = if budget_ms > 0.0 {
        (moves as f64 * 1000.0 / budget_ms).ceil()
    } else {
        MAX_PLAYBACK_SPEED
    };
    chosen.max(needed.min(MAX_PLAYBACK_SPEED))
}

/// Why the solver is being asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// To show the next move.
    Hint,
    /// To play the solution.
    Solve,
    /// To deal a new game (a board drawn by difficulty).
    Deal,
}

/// A request sent and not yet answered.
#[derive(Clone, Debug)]
pub(super) struct Pending<S> {
    pub(super) id: RequestId,
    pub(super) purpose: Purpose,
    pub(super) state: S,
    pub(super) progress: SearchProgress,
    /// The length of a provisional (not optimal) solution found meanwhile.
    pub(super) provisional: Option<usize>,
    /// For a deal: what to say while it runs, and the new game's variant.
    pub(super) deal: Option<(String, Option<String>)>,
}

/// The hint on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint<M> {
    /// The move to play next.
    pub mv: M,
    /// Moves left to the goal along the best solution known.
    pub remaining: usize,
    /// Whether that solution is a shortest one.
    pub optimal: bool,
    /// A proven lower bound on the moves left: no solution is shorter (0
    /// when none is known; `remaining` when `optimal`).
    pub bound: u32,
}

/// The solver's last answer, kept so that a game can show how it was found
/// (route finding draws the places its search expanded, growing while
/// Solve reveals it).
#[derive(Clone, Debug)]
pub struct ShownAnswer<S> {
    /// The position the answer is for.
    pub state: S,
    /// The worker's answer for `state` as received; the game reads it with
    /// [`Game::read_answer`].
    pub answer: Answer,
    /// Milliseconds from the request to the answer.
    pub elapsed_ms: f64,
    /// When the reveal began.
    pub reveal_from: f64,
    /// How long it lasts (0: the whole search at once).
    pub reveal_ms: f64,
    /// Where the reveal is held (0 to 1) while the player has it paused,
    /// stepped or scrubbed (see [`Session::hold_reveal`]).
    pub held: Option<f64>,
    /// Whether the solver's route is walked once the reveal ends: it was
    /// revealed for Solve (not for a hint).
    pub walks_after: bool,
}

impl<S> ShownAnswer<S> {
    /// How much of the search is shown at `now`, from 0 to 1.
    pub fn progress(&self, now: f64) -> f64 {
        if let Some(held) = self.held {
            held
        } else if self.reveal_ms <= 0.0 {
            1.0
        } else {
            ((now - self.reveal_from) / self.reveal_ms).clamp(0.0, 1.0)
        }
    }
}

impl<G: Game> Session<G> {
    /// The moves left along the best solution known, if it passes through
    /// the current position.
    pub fn known_remaining(&self) -> Option<&[G::Move]> {
        self.known.as_ref()?.remaining(self.state())
    }

    /// Whether the solution known from here is as good as the solver gives:
    /// a shortest one, or the best a board of this size gets anyway.
    pub(super) fn is_best_known(&self) -> bool {
        self.known_remaining().is_some()
            && (self.known.as_ref().is_some_and(KnownSolution::is_optimal)
                || self.game.is_best_effort(self.state()))
    }

    /// Whether the current position is known to be lost, without asking.
    pub(super) fn is_known_lost(&self) -> bool {
        let state = self.state();
        !self.is_won() && (self.game.is_lost_on_sight(state) || self.lost.contains(state))
    }

    /// Gets ready to ask the solver: leaves the editor, and says so instead
    /// when the game is won or known lost (false then: nothing to search).
    pub(super) fn ready_to_ask(&mut self) -> bool {
        self.game.leave_modes(&mut self.ui);
        if self.is_won() {
            self.note = self.game.words().already_won.into();
            return false;
        }
        if self.is_known_lost() {
            self.note = self.game.lost_text(self.state(), self.can_undo());
            return false;
        }
        true
    }

    pub(super) fn request(&mut self, purpose: Purpose, now: f64, solver: &mut dyn SolverQueue) {
        if let Some(pending) = &mut self.pending {
            if pending.purpose != Purpose::Deal && pending.state == self.history.current().state {
                // The search under way answers this position already; a
                // Solve asked while a Hint search runs upgrades it.
                if purpose == Purpose::Solve {
                    pending.purpose = Purpose::Solve;
                }
                return;
            }
            solver.cancel(pending.id);
        }
        self.stop_autoplay();
        let state = self.state().clone();
        let id = solver.submit(self.game.task(&state), now);
        self.pending = Some(Pending {
            id,
            purpose,
            state,
            progress: SearchProgress::default(),
            provisional: None,
            deal: None,
        });
    }

    /// Asks the solver to deal a new game (`task`: a draw by difficulty),
    /// saying `saying` meanwhile with the search's progress; the game in
    /// progress goes on until the answer comes (see [`Game::read_deal`]),
    /// and the new game is one of `variant` in the best scores. Any
    /// request under way is dropped; Cancel drops the deal.
    pub fn request_deal(
        &mut self,
        task: Task,
        saying: String,
        variant: Option<String>,
        now: f64,
        solver: &mut dyn SolverQueue,
    ) {
        self.cancel_quietly(solver);
        let id = solver.submit(task, now);
        self.pending = Some(Pending {
            id,
            purpose: Purpose::Deal,
            state: self.state().clone(),
            progress: SearchProgress::default(),
            provisional: None,
            deal: Some((saying, variant)),
        });
    }

    /// Shows the next move of the known solution from here; false if none
    /// is known.
    pub(super) fn show_known_hint(&mut self) -> bool {
        let Some(known) = &self.known else {
            return false;
        };
        let Some(remaining) = known.remaining(self.state()) else {
            return false;
        };
        let Some(&mv) = remaining.first() else {
            return false;
        };
        self.hint = Some(Hint {
            mv,
            remaining: remaining.len(),
            optimal: known.is_optimal(),
            bound: known
                .bound_from(self.state())
                .unwrap_or(0)
                .max(self.game.bound_on_sight(self.state())),
        });
        self.game.refresh_ui(&mut self.ui, None);
        true
    }

    /// Reads an answer into a known solution from `from`, or `None` for "no
    /// solution"; `Err` for an answer that cannot be played.
    #[allow(clippy::type_complexity)]
    pub(super) fn read(
        &self,
        answer: &Answer,
        from: &G::State,
    ) -> Result<Option<KnownSolution<G::State, G::Move>>, String> {
        match self.game.read_answer(answer.clone())? {
            Some((moves, optimal)) => KnownSolution::follow(&self.game, from, moves, optimal)
                .map(|known| Some(known.with_bound(self.game.answer_bound(answer)))),
            None => Ok(None),
        }
    }

    /// Makes `known` the best solution known unless the one held is better;
    /// the one held then learns `known`'s lower bound.
    pub(super) fn adopt(&mut self, known: KnownSolution<G::State, G::Move>) {
        let from = known.start().clone();
        match &mut self.known {
            Some(held) if !held.gives_way_to(&known, &from) => {
                let bound = known.bound_from(&from).unwrap_or(0);
                held.learn_bound(from, bound);
            }
            _ => {
                let mut known = known;
                if let Some(held) = self.known.take() {
                    // What the one held proved stays proven, where either
                    // passes through the other's start.
                    let along = held.bound_from(known.start()).unwrap_or(0);
                    known = known.with_bound(along);
                    let start = held.start().clone();
                    let at_start = held.bound_from(&start).unwrap_or(0);
                    known.learn_bound(start, at_start);
                }
                self.known = Some(known);
            }
        }
    }

    /// A proven lower bound on the moves from the current position to the
    /// goal: what the known solution carries, raised to what the game sees
    /// on sight and to the threshold an optimal search under way for this
    /// position has reached (it has searched every smaller one to the end).
    /// 0 when none is known.
    pub(super) fn proven_bound(&self) -> u32 {
        let known = self
            .known
            .as_ref()
            .and_then(|known| known.bound_from(self.state()))
            .unwrap_or(0);
        let searched = self
            .pending
            .as_ref()
            .filter(|p| p.purpose != Purpose::Deal && p.state == *self.state())
            .filter(|_| self.game.seeks_shortest(self.state()))
            .and_then(|p| p.progress.bound)
            .unwrap_or(0);
        known
            .max(searched)
            .max(self.game.bound_on_sight(self.state()))
    }

    pub(super) fn receive_provisional(&mut self, id: RequestId, answer: &Answer) {
        let Some(pending) = self.pending.as_ref().filter(|p| p.id == id) else {
            return;
        };
        let (from, purpose) = (pending.state.clone(), pending.purpose);
        let Ok(Some(known)) = self.read(answer, &from) else {
            return;
        };
        let length = known.len();
        self.adopt(known);
        if let Some(pending) = &mut self.pending {
            pending.provisional = Some(length);
        }
        if from == *self.state() && purpose == Purpose::Hint {
            self.show_known_hint();
        }
    }

    pub(super) fn receive_answer(
        &mut self,
        id: RequestId,
        answer: &Answer,
        elapsed_ms: f64,
        now: f64,
    ) {
        let Some(pending) = self.pending.take_if(|p| p.id == id) else {
            return;
        };
        if let Some((_, variant)) = pending.deal {
            match self.game.read_deal(answer) {
                Some((state, par)) => {
                    // A background search for the old game's par is
                    // forgotten; its answer is ignored when it comes.
                    self.replace_with(state);
                    self.par = par;
                    self.variant = variant;
                }
                None => self.note = "The solver's answer is not a game to play.".into(),
            }
            return;
        }
        self.shown = Some(ShownAnswer {
            state: pending.state.clone(),
            answer: answer.clone(),
            elapsed_ms,
            reveal_from: now,
            reveal_ms: 0.0,
            held: None,
            walks_after: false,
        });
        match self.read(answer, &pending.state) {
            Ok(Some(known)) => {
                if pending.state == *self.start() {
                    self.learn_par(answer);
                }
                self.found_in_ms = known.is_optimal().then_some(elapsed_ms);
                self.adopt(known);
            }
            Ok(None) => self.lost.push(pending.state.clone()),
            Err(_) => {
                self.note = "The solver's answer does not reach the goal.".into();
                return;
            }
        }
        // A stale answer (for a position since left) is still remembered.
        if pending.state != *self.state() {
            return;
        }
        if self.lost.contains(&pending.state) {
            self.note = self.game.lost_text(self.state(), self.can_undo());
            return;
        }
        match pending.purpose {
            Purpose::Hint => {
                self.show_known_hint();
            }
            Purpose::Solve => self.start_autoplay(now),
            // Deals were answered above.
            Purpose::Deal => {}
        }
    }

    /// Starts playing the known solution, after revealing how it was found
    /// if the game shows that and the last answer is for this position.
    pub(super) fn start_autoplay(&mut self, now: f64) {
        self.hint = None;
        self.game.refresh_ui(&mut self.ui, None);
        let mut first_move = now;
        if let Some(shown) = self
            .shown
            .as_mut()
            .filter(|s| s.state == self.history.current().state)
        {
            shown.reveal_from = now;
            shown.held = None;
            shown.walks_after = true;
            shown.reveal_ms = if self.reduced_motion {
                0.0
            } else {
                self.game.reveal_ms(&shown.answer, self.speed) / self.reveal_rate
            };
            first_move += shown.reveal_ms;
        }
        let moves = self.known_remaining().map_or(0, <[G::Move]>::len);
        // The reveal takes its part of the budget, though the walk keeps at
        // least half of it.
        let budget = (PLAYBACK_BUDGET_MS - (first_move - now)).max(PLAYBACK_BUDGET_MS / 2.0);
        self.autoplay_floor = playback_speed(0.0, moves, budget);
        self.autoplay_at = Some(first_move);
        self.solver_mark = now;
        self.note.clear();
    }

    /// The speed the auto-solve plays at now (moves per second): the
    /// chosen speed, or faster for a solution too long to play at it within
    /// [`PLAYBACK_BUDGET_MS`] (see [`playback_speed`]).
    pub(super) fn playing_speed(&self) -> f64 {
        self.speed.max(self.autoplay_floor)
    }

    /// The solver's last answer, with how much of its search to show (see
    /// [`ShownAnswer`]); `None` once the player has moved on their own.
    pub fn shown(&self) -> Option<&ShownAnswer<G::State>> {
        self.shown.as_ref()
    }

    pub(super) fn stop_autoplay(&mut self) {
        self.autoplay_at = None;
        self.autoplay_floor = 0.0;
    }
}
