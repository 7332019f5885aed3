//! The brief visible nudge of a tap that cannot move anything (a tile out
//! of line with the gap, a peg with no jump, a place the walker cannot go):
//! the tapped piece shakes, or flashes when the player asked for reduced
//! motion. Like every animation here, a pure function of time.

/// How long a nudge lasts, in milliseconds.
pub const NUDGE_MS: f64 = 250.0;

/// How far a shaking piece moves each way at most, in cells.
pub const SHAKE_CELLS: f64 = 0.08;

/// A tap that moved nothing: where it was, in CSS pixels from the board's
/// top-left corner (each game's drawing finds the piece there), and when.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Nudge {
    /// Where the tap was.
    pub at: (f64, f64),
    /// When, in milliseconds.
    pub started_at: f64,
}

/// How a nudged piece looks at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NudgeLook {
    /// Where the tap was, in CSS pixels.
    pub at: (f64, f64),
    /// How far the piece is shifted sideways, in cells (0 with reduced
    /// motion).
    pub shift: f64,
    /// How strongly the piece is lit, 0 to 1 (0 while it shakes).
    pub flash: f64,
}

impl Nudge {
    /// How the nudged piece looks at `now`; `None` once the nudge is over
    /// (or before it began). With `reduced_motion` nothing moves: the piece
    /// lights up and fades instead.
    pub fn look(&self, now: f64, reduced_motion: bool) -> Option<NudgeLook> {
        let t = (now - self.started_at) / NUDGE_MS;
        if !(0.0..1.0).contains(&t) {
            return None;
        }
        let (shift, flash) = if reduced_motion {
            // Up at once, then fading out: no movement at all.
            (0.0, 1.0 - t)
        } else {
            // Three swings each way, dying away.
            let swing = (t * 3.0 * std::f64::consts::TAU).sin();
            (SHAKE_CELLS * swing * (1.0 - t), 0.0)
        };
        Some(NudgeLook {
            at: self.at,
            shift,
            flash,
        })
    }
}
