//! Animation as a pure function of (old state, new state, t).
//!
//! Nothing animates by changing game state: a frame is computed from the board
//! before a move, the board after it and how far along (0 to 1) the move is.

use crate::sliding::{Board, BLANK};

/// How long one slide takes on screen, in milliseconds.
pub const SLIDE_MS: f64 = 130.0;

/// Ease-out cubic: fast start, gentle stop. Maps 0 to 0 and 1 to 1; inputs
/// outside 0..1 are clamped.
pub fn ease(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    1.0 - (1.0 - t).powi(3)
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
            }
        })
        .collect()
}

/// A move being shown: the boards before and after, when it started and how
/// long it lasts.
#[derive(Clone, Debug, PartialEq)]
pub struct Transition {
    /// The board before the move.
    pub from: Board,
    /// The board after it.
    pub to: Board,
    /// When it started, in milliseconds.
    pub start_ms: f64,
    /// How long it lasts, in milliseconds.
    pub duration_ms: f64,
}

impl Transition {
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
