//! Animation as a pure function of (old state, new state, t).
//!
//! Nothing animates by changing game state: a frame is computed from the
//! position before a move, the position after it and how far along (0 to 1)
//! the move is. The timing is shared here; each game says where its pieces
//! are mid-move (`sliding::tile_places`, `pegs::peg_places`).

/// Ease-out cubic: fast start, gentle stop. Maps 0 to 0 and 1 to 1; inputs
/// outside 0..1 are clamped.
pub fn ease(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    1.0 - (1.0 - t).powi(3)
}

/// A move being shown: the positions before and after, when it started and
/// how long it lasts.
#[derive(Clone, Debug, PartialEq)]
pub struct Transition<S> {
    /// The position before the move.
    pub from: S,
    /// The position after it.
    pub to: S,
    /// When it started, in milliseconds.
    pub start_ms: f64,
    /// How long it lasts, in milliseconds.
    pub duration_ms: f64,
}

impl<S> Transition<S> {
    /// Progress at time `now_ms`, from 0 to 1.
    pub fn progress(&self, now_ms: f64) -> f64 {
        if self.duration_ms <= 0.0 {
            1.0
        } else {
            ((now_ms - self.start_ms) / self.duration_ms).clamp(0.0, 1.0)
        }
    }

    /// Whether the move is still under way at `now_ms`.
    pub fn is_running(&self, now_ms: f64) -> bool {
        self.progress(now_ms) < 1.0
    }
}

/// How long the celebration of a solved puzzle lasts, in milliseconds.
pub const CELEBRATION_MS: f64 = 1600.0;

/// How long the win banner stands, still, when the player asked for
/// reduced motion, in milliseconds: long enough to be read in passing, with
/// the status line saying the same for as long as the board stays solved.
pub const STILL_CELEBRATION_MS: f64 = 900.0;

/// The point of the celebration shown throughout when motion is reduced:
/// the banner at full size and full strength, neither popping nor fading.
/// Drawings leave out what sweeps with the progress (the sliding board's
/// wave of light) at this point.
pub const STILL_CELEBRATION: f64 = 0.5;

/// How far along (0 to 1) the celebration of a win at `won_at` is at `now`,
/// while it runs. With `reduced_motion` the banner appears at once, stands
/// still ([`STILL_CELEBRATION`]) for [`STILL_CELEBRATION_MS`] and goes at
/// once.
pub fn celebration(won_at: Option<f64>, now: f64, reduced_motion: bool) -> Option<f64> {
    let elapsed = now - won_at?;
    if reduced_motion {
        return (0.0..STILL_CELEBRATION_MS)
            .contains(&elapsed)
            .then_some(STILL_CELEBRATION);
    }
    let t = elapsed / CELEBRATION_MS;
    (0.0..1.0).contains(&t).then_some(t)
}
