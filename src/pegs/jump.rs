//! Jumps: a peg leaps over a neighbour, in a row or a column, into the empty
//! hole beyond, and the neighbour is taken off.
//!
//! The 76 jumps of the board are computed once, at compile time, together
//! with the masks that find every legal jump of a position by a handful of
//! shifts: jumps whose holes lie at the same offsets from each other form a
//! family, and one shift-and-mask finds all the legal jumps of a family.

use std::fmt;

use super::geometry::{cell_of, hole_at, hole_name, HOLES};

/// A jump from one hole over its neighbour into the hole beyond.
///
/// The fields are public so that jumps can be built and matched freely; a
/// value whose holes do not form a jump of the board is rejected wherever it
/// is used (see [`Jump::is_on_board`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Jump {
    /// The hole of the jumping peg.
    pub from: u8,
    /// The hole of the peg jumped over, which is taken off.
    pub over: u8,
    /// The hole the peg lands in.
    pub to: u8,
}

/// The number of jumps on the board (19 lines of three holes, each way, in
/// rows and in columns).
pub const JUMPS: usize = 76;

impl Jump {
    /// The jump from `from` to `to`: they must lie two apart in a row or a
    /// column of the board. `None` otherwise.
    pub fn between(from: usize, to: usize) -> Option<Jump> {
        if from >= HOLES || to >= HOLES {
            return None;
        }
        let ((r1, c1), (r2, c2)) = (cell_of(from), cell_of(to));
        let straight = (r1 == r2 && c1.abs_diff(c2) == 2) || (c1 == c2 && r1.abs_diff(r2) == 2);
        if !straight {
            return None;
        }
        let over = hole_at((r1 + r2) / 2, (c1 + c2) / 2)?;
        Some(Jump {
            from: from as u8,
            over: over as u8,
            to: to as u8,
        })
    }

    /// Whether the three holes form one of the board's 76 jumps.
    pub fn is_on_board(&self) -> bool {
        Jump::between(usize::from(self.from), usize::from(self.to)) == Some(*self)
    }

    /// The jump back: from `to` over `over` to `from`.
    pub fn reversed(&self) -> Jump {
        Jump {
            from: self.to,
            over: self.over,
            to: self.from,
        }
    }

    /// The bits of the three holes.
    pub(crate) fn mask(&self) -> u64 {
        (1u64 << self.from) | (1u64 << self.over) | (1u64 << self.to)
    }
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} over {} to {}",
            hole_name(self.from.into()),
            hole_name(self.over.into()),
            hole_name(self.to.into())
        )
    }
}

/// Every jump of the board, in increasing order (by `from`, then `over`).
pub fn all_jumps() -> &'static [Jump] {
    &ALL_JUMPS
}

static ALL_JUMPS: [Jump; JUMPS] = build_jumps();

/// The grid steps (row, column) of the four directions, in the order that
/// keeps each peg's jumps sorted by the hole jumped over: up, left, right,
/// down.
const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

const fn build_jumps() -> [Jump; JUMPS] {
    let mut jumps = [Jump {
        from: 0,
        over: 0,
        to: 0,
    }; JUMPS];
    let mut count = 0;
    let mut from = 0;
    while from < HOLES {
        let (row, col) = cell_of(from);
        let mut d = 0;
        while d < DIRECTIONS.len() {
            let (dr, dc) = DIRECTIONS[d];
            let (over_row, over_col) = (row as isize + dr, col as isize + dc);
            let (to_row, to_col) = (row as isize + 2 * dr, col as isize + 2 * dc);
            if to_row >= 0 && to_col >= 0 {
                let over = hole_at(over_row as usize, over_col as usize);
                let to = hole_at(to_row as usize, to_col as usize);
                if let (Some(over), Some(to)) = (over, to) {
                    jumps[count] = Jump {
                        from: from as u8,
                        over: over as u8,
                        to: to as u8,
                    };
                    count += 1;
                }
            }
            d += 1;
        }
        from += 1;
    }
    assert!(count == JUMPS, "the English board has 76 jumps");
    jumps
}

/// Jumps that share their offsets: the peg over is `over` holes after the
/// jumping one and the landing hole `to` holes after it (negative: before).
/// Along a row the offsets are the same everywhere; down a column they
/// depend on the rows, as the rows differ in length.
#[derive(Clone, Copy, Debug)]
struct Family {
    over: i32,
    to: i32,
    /// The holes a peg can jump from in this family.
    sources: u64,
}

/// There are twelve families: the two along rows, and five pairs of rows
/// crossed by vertical jumps, in each direction.
const FAMILY_COUNT: usize = 12;

static FAMILIES: [Family; FAMILY_COUNT] = build_families();

const fn build_families() -> [Family; FAMILY_COUNT] {
    let mut families = [Family {
        over: 0,
        to: 0,
        sources: 0,
    }; FAMILY_COUNT];
    let mut count = 0;
    let mut i = 0;
    while i < JUMPS {
        let jump = ALL_JUMPS[i];
        let over = jump.over as i32 - jump.from as i32;
        let to = jump.to as i32 - jump.from as i32;
        let mut f = 0;
        while f < count && (families[f].over != over || families[f].to != to) {
            f += 1;
        }
        if f == count {
            families[f] = Family {
                over,
                to,
                sources: 0,
            };
            count += 1;
        }
        families[f].sources |= 1u64 << jump.from;
        i += 1;
    }
    assert!(
        count == FAMILY_COUNT,
        "the English board has 12 jump families"
    );
    families
}

/// `bits` moved so that bit `h` of the result is bit `h + by` of `bits`.
#[inline]
fn shifted(bits: u64, by: i32) -> u64 {
    if by >= 0 {
        bits >> by
    } else {
        bits << -by
    }
}

/// Calls `visit` with every legal jump of the position `bits`, family by
/// family (not in increasing order).
#[inline]
pub(crate) fn for_each_legal(bits: u64, mut visit: impl FnMut(Jump)) {
    for family in &FAMILIES {
        let mut sources =
            bits & shifted(bits, family.over) & !shifted(bits, family.to) & family.sources;
        while sources != 0 {
            let from = sources.trailing_zeros() as i32;
            sources &= sources - 1;
            visit(Jump {
                from: from as u8,
                over: (from + family.over) as u8,
                to: (from + family.to) as u8,
            });
        }
    }
}

/// Whether the position `bits` has any legal jump.
#[inline]
pub(crate) fn has_legal(bits: u64) -> bool {
    FAMILIES.iter().any(|family| {
        bits & shifted(bits, family.over) & !shifted(bits, family.to) & family.sources != 0
    })
}
