//! The reveal of how the solver's answer was found, as the player plays it
//! back: held (paused) anywhere, moved to any point, let run on, at a rate
//! of their choosing. The session knows only how much of the search shows,
//! from 0 to 1; a game that reveals its search (route finding) turns its
//! own steps (expansions) into that fraction.
//!
//! While a reveal is held the auto-solve waits: it walks once a reveal
//! made for Solve is let run to its end.

use super::Session;
use crate::app::game::Game;
use crate::app::session::solving::{playback_speed, PLAYBACK_BUDGET_MS};

/// The slowest and fastest reveal rates offered.
pub const REVEAL_RATES: (f64, f64) = (0.05, 20.0);

impl<G: Game> Session<G> {
    /// Whether a reveal runs at `now`: shown, not held, not yet whole.
    pub fn is_revealing(&self, now: f64) -> bool {
        self.shown
            .as_ref()
            .is_some_and(|shown| shown.held.is_none() && shown.progress(now) < 1.0)
    }

    /// Whether the reveal is held (paused).
    pub fn is_reveal_held(&self) -> bool {
        self.shown
            .as_ref()
            .is_some_and(|shown| shown.held.is_some())
    }

    /// How many times faster than the game's own pace reveals run.
    pub fn reveal_rate(&self) -> f64 {
        self.reveal_rate
    }

    /// Holds the reveal of the answer shown at `progress` (0 to 1, clamped):
    /// the picture stays there, and an auto-solve waiting for the reveal
    /// to end waits on. Nothing happens without an answer shown.
    pub fn hold_reveal(&mut self, progress: f64) {
        let Some(shown) = self.shown.as_mut() else {
            return;
        };
        // A reveal shown whole at once (for a hint) gets the game's pace,
        // so that it can be let run from where it is held.
        if shown.reveal_ms <= 0.0 && !self.reduced_motion {
            shown.reveal_ms = self.game.reveal_ms(&shown.answer, self.speed) / self.reveal_rate;
        }
        shown.held = Some(if progress.is_nan() {
            0.0
        } else {
            progress.clamp(0.0, 1.0)
        });
        self.stop_autoplay();
    }

    /// Lets a held reveal run on from where it is held, at `now`. Once a
    /// reveal made for Solve ends, the solver's route is walked, as long
    /// as the answer is for the position on the board.
    pub fn resume_reveal(&mut self, now: f64) {
        let Some(shown) = self.shown.as_mut() else {
            return;
        };
        let Some(held) = shown.held.take() else {
            return;
        };
        shown.reveal_from = now - held * shown.reveal_ms;
        let end = shown.reveal_from + shown.reveal_ms;
        let walks = shown.walks_after && shown.state == self.history.current().state;
        if walks && !self.is_won() {
            let moves = self.known_remaining().map_or(0, <[G::Move]>::len);
            if moves > 0 {
                let first_move = end.max(now);
                let budget =
                    (PLAYBACK_BUDGET_MS - (first_move - now)).max(PLAYBACK_BUDGET_MS / 2.0);
                self.autoplay_floor = playback_speed(0.0, moves, budget);
                self.autoplay_at = Some(first_move);
            }
        }
    }

    /// Reveals run `rate` times faster than the game's own pace (clamped to
    /// [`REVEAL_RATES`]), the one under way too, from where it stands at
    /// `now`.
    pub fn set_reveal_rate(&mut self, rate: f64, now: f64) {
        if !rate.is_finite() {
            return;
        }
        let rate = rate.clamp(REVEAL_RATES.0, REVEAL_RATES.1);
        let old = std::mem::replace(&mut self.reveal_rate, rate);
        let Some(shown) = self.shown.as_mut() else {
            return;
        };
        if shown.reveal_ms <= 0.0 {
            return;
        }
        let progress = shown.progress(now);
        let old_end = shown.reveal_from + shown.reveal_ms;
        shown.reveal_ms *= old / rate;
        if shown.held.is_none() && progress < 1.0 {
            shown.reveal_from = now - progress * shown.reveal_ms;
            let end = shown.reveal_from + shown.reveal_ms;
            // An auto-solve waiting for the reveal's end moves with it.
            if let Some(due) = self.autoplay_at.as_mut().filter(|due| **due >= old_end) {
                *due += end - old_end;
            }
        }
    }
}
