//! The par (the best solution's length from the start) and the best
//! scores a win is offered to.

use super::Session;
use crate::app::game::Game;
use crate::app::par::Par;
use crate::app::records::{Improvement, Records};
use crate::app::workers::{Answer, SolverQueue};

impl<G: Game> Session<G> {
    /// Asks the solver in the background for the par of the game's start
    /// (see [`Game::wants_par`]), unless it is known (on sight, such as
    /// from the 3x3 table) or being asked, once the game is won: a search
    /// while the player plays would hold up their hints. Called after each
    /// of the player's moves.
    pub fn ask_par(&mut self, now: f64, solver: &mut dyn SolverQueue) {
        if !self.game.wants_par()
            || self.par.is_some()
            || self.par_request.is_some()
            || self.par_given_up
        {
            return;
        }
        let start = self.start().clone();
        if let Some(par) = self.game.par_on_sight(&start) {
            self.par = Some(par);
            return;
        }
        // Only once won: a search for the par while the player plays would
        // hold up their hints (a hard 4x4 takes the workers seconds).
        if !self.is_won() {
            return;
        }
        self.par_request = Some(solver.submit(self.game.par_task(&start), now));
    }

    /// The par of the game's start, if known (see [`Par`]).
    pub fn par(&self) -> Option<Par> {
        self.par
    }

    /// Sets the par of the game's start (a board drawn by difficulty comes
    /// with its exact distance; a restored game brings its own back).
    pub fn set_par(&mut self, par: Option<Par>) {
        self.par = par;
    }

    /// Takes the par the solver's answer from the start gives (see
    /// [`Game::par_of`]), if better than the one held: a proven one, or a
    /// shorter one where the solver gives no proof anyway.
    pub(super) fn learn_par(&mut self, answer: &Answer) {
        if !self.game.wants_par() {
            return;
        }
        let Some(found) = self.game.par_of(self.start(), answer) else {
            return;
        };
        let par = Some(self.par.map_or(found, |held| held.better(found)));
        if par != self.par {
            self.par = par;
            self.revision += 1;
        }
    }

    /// Whether a win of this game counts for the best scores (a game
    /// dealt, not typed in or edited).
    pub fn is_ranked(&self) -> bool {
        self.ranked
    }

    /// Says whether a win counts for the best scores (a restored game
    /// brings its own back).
    pub fn set_ranked(&mut self, ranked: bool) {
        self.ranked = ranked;
    }

    /// What sets this game apart among games of its record key (such as
    /// `hard`), if anything.
    pub fn variant(&self) -> Option<&str> {
        self.variant.as_deref()
    }

    /// Sets what sets this game apart in the best scores.
    pub fn set_variant(&mut self, variant: Option<String>) {
        self.variant = variant;
    }

    /// The key of this game's best scores: the game's [`Game::record_key`]
    /// and the variant.
    pub fn record_key(&self) -> Option<String> {
        let key = self.game.record_key(self.start())?;
        Some(match &self.variant {
            Some(variant) => format!("{key} {variant}"),
            None => key,
        })
    }

    /// Whether the auto-solve played a move on the way to the current
    /// position.
    pub fn is_assisted(&self) -> bool {
        self.history.current().assisted
    }

    /// Which bests the win beat, once it was offered to the best scores.
    pub fn settled(&self) -> Option<Improvement> {
        self.settled
    }

    /// Sets which bests the win beat (a restored game brings its own back,
    /// so that it is not counted twice).
    pub fn set_settled(&mut self, settled: Option<Improvement>) {
        self.settled = settled;
    }

    /// Counts a finished game in `records` once: a game won by the player
    /// alone, dealt rather than typed in, of a kind that keeps scores.
    /// True if `records` changed (the page then saves them).
    pub fn settle(&mut self, records: &mut Records, now: f64) -> bool {
        if self.settled.is_some() || !self.is_won() || self.moves() == 0 {
            return false;
        }
        if !self.ranked || self.is_assisted() {
            return false;
        }
        let Some(key) = self.record_key() else {
            return false;
        };
        let improvement = records.offer(&key, self.moves(), self.clock.elapsed(now));
        self.settled = Some(improvement);
        self.revision += 1;
        true
    }
}
