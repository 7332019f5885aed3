//! What the page draws from a session: the move being animated, the zoom
//! and pan, the celebration and the nudge.

use super::Session;
use crate::app::anim::celebration;
use crate::app::game::Game;
use crate::app::nudge::NudgeLook;
use crate::app::viewport::{Viewport, DRAG_MIN_PX};

impl<G: Game> Session<G> {
    /// The move being shown: the positions before and after and the
    /// progress. With nothing moving it is the current position, still.
    pub fn frame(&self, now: f64) -> (&G::State, &G::State, f64) {
        match &self.transition {
            Some(transition) if transition.to == *self.state() => {
                (&transition.from, &transition.to, transition.progress(now))
            }
            _ => (self.state(), self.state(), 1.0),
        }
    }

    /// The zoom and pan the board is drawn with.
    pub fn viewport(&self) -> Viewport {
        self.view
    }

    /// Zooms a board that zooms by `factor` about the centre of its box,
    /// keeping what the game follows in sight (see [`Game::focus`]).
    pub fn zoom_by(&mut self, factor: f64, now: f64) {
        if self.game.zoomable() {
            self.view.zoom_by(factor);
            self.follow(now);
        }
    }

    /// Shows the whole board again.
    pub fn zoom_to_fit(&mut self) {
        self.view.fit();
    }

    /// Pans a zoomed board as little as needed to keep what the game
    /// follows (the walker) in sight at `now`.
    pub(super) fn follow(&mut self, now: f64) {
        if !(self.game.zoomable() && self.view.is_zoomed()) {
            return;
        }
        let (before, after, t) = self.frame(now);
        if let Some(point) = self.game.focus(before, after, t, &self.grid) {
            // A margin of a fifth of the box, at most 60 pixels: the walker
            // is seen coming to the edge before the view moves.
            let (w, h) = (self.grid.width, self.grid.height);
            let margin = (w.min(h) / 5.0).min(60.0);
            self.view.keep_in_view(point, margin);
        }
    }

    /// How far along the celebration of a win is (0 to 1), while it runs.
    pub fn celebration(&self, now: f64) -> Option<f64> {
        celebration(self.won_at, now, self.reduced_motion)
    }

    /// How the piece under the last tap that moved nothing looks at `now`,
    /// while its nudge lasts (see [`crate::app::nudge`]): it shakes, or flashes
    /// with reduced motion.
    pub fn nudge(&self, now: f64) -> Option<NudgeLook> {
        self.nudge?.look(now, self.reduced_motion)
    }

    /// Whether the pointer gesture under way, let go at `(x, y)` on the
    /// screen, would be a tap: it has not panned the board, and it went
    /// less than [`DRAG_MIN_PX`] from where it went down. False without
    /// a gesture.
    pub fn is_tap(&self, x: f64, y: f64) -> bool {
        self.gesture.is_some_and(|pointer| {
            !pointer.panning && (x - pointer.from.0).hypot(y - pointer.from.1) < DRAG_MIN_PX
        })
    }

    /// Whether moves, the win banner and reveals are shown at once (see
    /// [`crate::app::Play::set_reduced_motion`]).
    pub fn reduced_motion(&self) -> bool {
        self.reduced_motion
    }
}
