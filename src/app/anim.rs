//! Animation as a pure function of (old state, new state, t).
//!
//! Nothing animates by changing game state: a frame is computed from the board
//! before a move, the board after it and how far along (0 to 1) the move is,
//! for sliding tiles and for jumping pegs alike.

use crate::pegs::{cell_of, Jump, PegBoard, HOLES};
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

/// A move being shown: the positions before and after (boards of either
/// game), when it started and how long it lasts.
#[derive(Clone, Debug, PartialEq)]
pub struct Transition<S = Board> {
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

/// How far along (0 to 1) the celebration of a win at `won_at` is at `now`,
/// while it runs.
pub fn celebration(won_at: Option<f64>, now: f64) -> Option<f64> {
    let t = (now - won_at?) / CELEBRATION_MS;
    (0.0..1.0).contains(&t).then_some(t)
}

/// How long one peg-solitaire jump takes on screen, in milliseconds.
pub const JUMP_MS: f64 = 260.0;

/// Where a peg is drawn, in (fractional) cell coordinates of the 7x7 grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PegPlace {
    /// The hole it stands in (for a jumping peg, the hole it lands in).
    pub hole: usize,
    /// Row, fractional mid-jump.
    pub row: f64,
    /// Column, fractional mid-jump.
    pub col: f64,
    /// How far above the board the peg is, in cells (a jump arcs).
    pub lift: f64,
    /// Opacity: a jumped peg fades out (or, undone, back in).
    pub alpha: f64,
}

/// The place of every peg at progress `t` of the change from `from` to `to`.
///
/// When the change is one jump (or one undone), the jumping peg travels
/// along an arc between its holes and the jumped peg fades; any other change
/// (an edit, a new layout) is shown at once as `to`.
pub fn peg_places(from: PegBoard, to: PegBoard, t: f64) -> Vec<PegPlace> {
    let still = |hole: usize, alpha: f64| {
        let (row, col) = cell_of(hole);
        PegPlace {
            hole,
            row: row as f64,
            col: col as f64,
            lift: 0.0,
            alpha,
        }
    };
    let t = t.clamp(0.0, 1.0);
    let jump = jump_between(from, to);
    let mut places = Vec::with_capacity(HOLES);
    for hole in 0..HOLES {
        match jump {
            Some((jump, forward)) if t < 1.0 => {
                let (start, end) = if forward {
                    (usize::from(jump.from), usize::from(jump.to))
                } else {
                    (usize::from(jump.to), usize::from(jump.from))
                };
                if hole == end {
                    let eased = ease(t);
                    let (r0, c0) = cell_of(start);
                    let (r1, c1) = cell_of(end);
                    places.push(PegPlace {
                        hole,
                        row: r0 as f64 + (r1 as f64 - r0 as f64) * eased,
                        col: c0 as f64 + (c1 as f64 - c0 as f64) * eased,
                        lift: 0.45 * (eased * std::f64::consts::PI).sin(),
                        alpha: 1.0,
                    });
                } else if hole == usize::from(jump.over) {
                    places.push(still(hole, if forward { 1.0 - t } else { t }));
                } else if hole != start && to.has_peg(hole) {
                    places.push(still(hole, 1.0));
                }
            }
            _ => {
                if to.has_peg(hole) {
                    places.push(still(hole, 1.0));
                }
            }
        }
    }
    places
}

/// The jump that turns `from` into `to` (`true`), or `to` into `from`
/// (`false`, an undo), if the two positions are one jump apart.
pub fn jump_between(from: PegBoard, to: PegBoard) -> Option<(Jump, bool)> {
    let find = |before: PegBoard, after: PegBoard| {
        before
            .jumps()
            .into_iter()
            .find(|&jump| before.apply(jump).ok() == Some(after))
    };
    if to.count() + 1 == from.count() {
        find(from, to).map(|jump| (jump, true))
    } else if from.count() + 1 == to.count() {
        find(to, from).map(|jump| (jump, false))
    } else {
        None
    }
}
