//! Where pegs are drawn mid-jump, and which jump led from one position to
//! the next.

use crate::app::anim::ease;
use crate::pegs::{cell_of, Jump, PegBoard, HOLES};

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
