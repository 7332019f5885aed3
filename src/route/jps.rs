//! Jump point search (Harabor and Grastien, 2011) under the no-corner-cutting
//! rule, with block-based scanning: the map is kept as rows of bits (and a
//! transposed copy, for scanning columns the same way), and a straight jump
//! finds the next wall or forced neighbour 64 pixels at a time with
//! `trailing_zeros` / `leading_zeros` on `u64` words.
//!
//! The rules, with no corner cutting (a diagonal step needs both straight
//! pixels beside it walkable, as [`Grid::each_step`] says):
//! - A pixel reached by a straight step right, from `(x - 1, y)`, has a
//!   forced neighbour above (below) when the pixel above (below) it is
//!   walkable and the one above (below) the pixel it came from is not: the
//!   only shortest way there is through it. A diagonal step never forces
//!   anything: every pixel beside it is as near by straight steps.
//! - A straight jump stops at the first pixel with a forced neighbour, or
//!   at the goal; it fails on meeting a wall first.
//! - A diagonal jump steps while the step is allowed and stops at the goal
//!   or at a pixel from which a straight jump along either of its parts
//!   would stop somewhere. Such pixels are pruned as Harabor and Grastien
//!   (2014) prune intermediate jump points: the straight jumps' ends are
//!   successors at once (the move keeps the pixel where it turns) and the
//!   diagonal run goes on, so far fewer pixels are expanded.
//! - A jump point reached straight goes on straight and, for each forced
//!   neighbour, turns to it and to the diagonal past it; reached
//!   diagonally, it goes on diagonally and along both parts; the start
//!   goes every way.
//! - A jump point that a straight jump from an expanded pixel reaches with
//!   the way ahead walled and one forced neighbour only (a bend of a
//!   corridor) has one successor: the straight jump to that neighbour's
//!   side. It is not put on the open list: the jump turns there at once
//!   and goes on, bend after bend, to the first jump point with more than
//!   one way on (or the goal), which is the successor; a corridor that ends
//!   in a dead end gives none. Expanding such a point early changes no
//!   cost (its successor's g is that of a real walk, and a cheaper way to
//!   the bend, if any, reaches it and what lies past it as before), so the
//!   search stays optimal; in a maze of corridors one pixel wide it leaves
//!   only the junctions on the open list.
//! - In the same way, when a jump point has one successor (other than the
//!   goal), reached straight and with no diagonal step on from it, that
//!   successor is expanded at once, in the same expansion, and its
//!   successors are the jump point's, reached through it: at a
//!   junction whose other ways are dead ends the search goes on without
//!   the open list (on maze512-1-0, two thirds of the jump points expanded
//!   before had one successor). Such a jump is kept as its parts, which
//!   [`Jps::walk`] draws.
//!
//! The search itself is the generic [`crate::search::BestFirst`]: states are
//! pixels, successors jump points, costs octile distances in the grid's
//! 985 / 1393 units, and the move into a pixel carries its direction.
//!
//! These rules hold whatever finds the jumps: [`Jps`] reads them through a
//! [`Jumper`], the bit rows scanned here (online) or JPS+'s jump table
//! ([`super::jps_plus`]), which stops at the same jump points.

use std::cell::RefCell;
use std::ops::Deref;

use super::grid::{Grid, Pixel};
use super::grid_search::{estimate, DIAGONAL, STRAIGHT};
use super::heuristic::Heuristic;
use super::landmarks::{raised, Toward};
use crate::search::{Problem, Successor};

/// The eight directions, straight ones first: right, left, down, up, then
/// the diagonals.
pub(crate) const DIRECTIONS: [(isize, isize); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The direction's number in [`DIRECTIONS`].
#[inline]
pub(crate) fn direction(dx: isize, dy: isize) -> u8 {
    match (dx, dy) {
        (1, 0) => 0,
        (-1, 0) => 1,
        (0, 1) => 2,
        (0, -1) => 3,
        (1, 1) => 4,
        (1, -1) => 5,
        (-1, 1) => 6,
        (-1, -1) => 7,
        _ => unreachable!("a direction is one step"),
    }
}

/// A grid's walkable pixels as bits: row by row, and column by column.
///
/// Each line (row or column) has one word more than its pixels need, so a
/// wall bit (0) always follows its last pixel, and one line of walls is
/// kept before the first line and after the last, so that every pixel has
/// lines on both sides to read.
pub struct BitMap {
    width: usize,
    height: usize,
    row_words: usize,
    rows: Vec<u64>,
    column_words: usize,
    columns: Vec<u64>,
    /// Whether no 2 x 2 block of pixels is walkable (see
    /// [`BitMap::corridors_only`]).
    corridors: bool,
}

impl BitMap {
    /// `grid`'s walkable pixels as bits: about a millisecond for a
    /// 512 x 512 map.
    pub fn new(grid: &Grid) -> BitMap {
        let (width, height) = (grid.width, grid.height);
        let row_words = width / 64 + 1;
        let column_words = height / 64 + 1;
        let mut rows = vec![0u64; (height + 2) * row_words];
        let mut columns = vec![0u64; (width + 2) * column_words];
        for y in 0..height {
            for (x, _) in grid
                .row(y)
                .iter()
                .enumerate()
                .filter(|(_, &open)| open != 0)
            {
                rows[(y + 1) * row_words + x / 64] |= 1 << (x % 64);
                columns[(x + 1) * column_words + y / 64] |= 1 << (y % 64);
            }
        }
        let corridors = (0..height.saturating_sub(1)).all(|y| {
            let (upper, lower) = (
                &rows[(y + 1) * row_words..(y + 2) * row_words],
                &rows[(y + 2) * row_words..(y + 3) * row_words],
            );
            // Pixels walkable in both rows, and their right-hand
            // neighbours too (the last word of a line is walls at its end).
            (0..row_words).all(|k| {
                let both = upper[k] & lower[k];
                let next = if k + 1 < row_words {
                    upper[k + 1] & lower[k + 1] & 1
                } else {
                    0
                };
                both & (both >> 1 | next << 63) == 0
            })
        });
        BitMap {
            width,
            height,
            row_words,
            rows,
            column_words,
            columns,
            corridors,
        }
    }

    /// Whether the walkable pixels form corridors one pixel wide: no
    /// 2 x 2 block of them is walkable, so no diagonal step is allowed
    /// and every straight scan stops at the same pixels whichever way it
    /// runs along its line (see [`super::meeting_jps`]).
    pub fn corridors_only(&self) -> bool {
        self.corridors
    }

    /// The width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `(x, y)` is on the map and walkable.
    #[inline]
    pub(crate) fn free(&self, x: isize, y: isize) -> bool {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return false;
        }
        let (x, y) = (x as usize, y as usize);
        self.rows[(y + 1) * self.row_words + x / 64] >> (x % 64) & 1 == 1
    }

    /// Whether a step from `(x, y)` by `(dx, dy)` is allowed: onto a
    /// walkable pixel and, diagonally, between two walkable ones.
    #[inline]
    pub(crate) fn can_step(&self, x: isize, y: isize, dx: isize, dy: isize) -> bool {
        self.free(x + dx, y + dy)
            && (dx == 0 || dy == 0 || (self.free(x + dx, y) && self.free(x, y + dy)))
    }

    /// Whether `(x, y)`, a pixel on the map reached by a straight step
    /// `(dx, dy)`, has a forced neighbour on side `side` (+1 or -1 across
    /// the step): the pixel beside it walkable, the one beside the pixel
    /// before it not.
    ///
    /// Read from the line beside (row or column, whichever runs along the
    /// step) with one bounds test a pixel rather than [`BitMap::free`]'s
    /// four: the lines of walls before the first line and after the last,
    /// and the wall word after each line's end, are there to be read (it
    /// is called at every jump point a search expands).
    #[inline]
    pub(crate) fn forced(&self, x: isize, y: isize, dx: isize, dy: isize, side: isize) -> bool {
        debug_assert!(x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height);
        // Along a row, the row beside holds the pixels at x and x - dx;
        // along a column, the column beside those at y and y - dy. The
        // line beside is in -1..=len, stored at +1.
        let (bits, words, line, at, back) = if dy == 0 {
            (&self.rows, self.row_words, y + side + 1, x, x - dx)
        } else {
            (&self.columns, self.column_words, x + side + 1, y, y - dy)
        };
        let line = &bits[line as usize * words..(line as usize + 1) * words];
        let bit = |pos: isize| pos >= 0 && line[pos as usize / 64] >> (pos as usize % 64) & 1 == 1;
        bit(at) && !bit(back)
    }

    /// The straight jumps and what they saw.
    #[inline(always)]
    fn jump(
        &self,
        (x, y): (usize, usize),
        (dx, dy): (isize, isize),
        goal: Pixel,
    ) -> Option<(Pixel, u8)> {
        if dy == 0 {
            let target = (goal.1 == y).then_some(goal.0);
            let found = if dx > 0 {
                scan_up(&self.rows, self.row_words, y, x, target)
            } else {
                scan_down(&self.rows, self.row_words, y, x, target)
            };
            found.map(|(at, seen)| ((at, y), seen))
        } else {
            let target = (goal.0 == x).then_some(goal.1);
            let found = if dy > 0 {
                scan_up(&self.columns, self.column_words, x, y, target)
            } else {
                scan_down(&self.columns, self.column_words, x, y, target)
            };
            found.map(|(at, seen)| ((x, at), seen))
        }
    }
}

/// Where a jump point search reads its jumps from: the map's bit rows,
/// scanned at every query ([`BitMap`]: online JPS), or a table of jump
/// distances computed once per map ([`super::jps_plus::JumpTable`]: JPS+).
/// Both stop at the same jump points (a pixel with a forced neighbour, or
/// the goal), so the rules of this module (corridors followed through their
/// bends, single successors expanded at once) and the drawing of a route
/// are written once, in [`Jps`], over either.
pub(crate) trait Jumper {
    /// The map's walkable pixels as bits.
    fn bits(&self) -> &BitMap;

    /// Where a straight jump from `at` along `DIRECTIONS[d]` (`d < 4`,
    /// `step` that direction's step, given too so that neither kind of
    /// jumper derives one from the other in its inner loops) stops: the
    /// first pixel with a forced neighbour, or `goal`; `None` if a wall or
    /// the map's edge comes first. With what the jump saw where it
    /// stopped, the bits [`stop_sides`] gives.
    fn straight(&self, at: Pixel, d: u8, step: (isize, isize), goal: Pixel) -> Option<(Pixel, u8)>;

    /// Onto `out`, the successors of a diagonal jump from `at` along
    /// `DIRECTIONS[d]` (`d >= 4`): the goal if the run meets it, else the
    /// ends of the straight jumps (along either of the diagonal's parts,
    /// as [`Jumper::straight`] gives them) from each pixel of the run that
    /// has any, each reached by turning there (the jump's `via`), with
    /// what the straight jump saw.
    fn diagonal(&self, at: Pixel, d: u8, goal: Pixel, out: &mut Vec<Successor<u32, Jump>>);
}

/// Onto `out`, the successor a diagonal jump reaches by turning at `turn`,
/// `walked` diagonal steps from its start, into the straight jump
/// `DIRECTIONS[d]` that `straight` found (its end and what it saw there).
#[inline]
pub(crate) fn push_turn(
    out: &mut Vec<Successor<u32, Jump>>,
    width: usize,
    turn: Pixel,
    walked: usize,
    d: u8,
    (to, seen): (Pixel, u8),
) {
    let index = |(x, y): Pixel| (y * width + x) as u32;
    let run = to.0.abs_diff(turn.0) + to.1.abs_diff(turn.1);
    out.push(Successor {
        mv: Jump {
            to: index(to),
            via: index(turn),
            direction: d | seen << SEEN_SHIFT,
        },
        state: index(to),
        cost: DIAGONAL * walked as u32 + STRAIGHT * run as u32,
    });
}

impl Jumper for BitMap {
    #[inline]
    fn bits(&self) -> &BitMap {
        self
    }

    /// Scanned 64 pixels a word, reporting what the scan saw for nothing
    /// more than a few bit tests.
    #[inline(always)]
    fn straight(&self, at: Pixel, _: u8, step: (isize, isize), goal: Pixel) -> Option<(Pixel, u8)> {
        self.jump(at, step, goal)
    }

    /// Step by step, with both straight scans at every pixel of the run.
    #[inline(always)]
    fn diagonal(&self, (x, y): Pixel, d: u8, goal: Pixel, out: &mut Vec<Successor<u32, Jump>>) {
        let (dx, dy) = DIRECTIONS[d as usize];
        let (mut cx, mut cy) = (x as isize, y as isize);
        let mut steps = 0;
        while self.can_step(cx, cy, dx, dy) {
            cx += dx;
            cy += dy;
            steps += 1;
            let turn = (cx as usize, cy as usize);
            if turn == goal {
                let at = (turn.1 * self.width + turn.0) as u32;
                out.push(Successor {
                    mv: Jump {
                        to: at,
                        via: at,
                        direction: d,
                    },
                    state: at,
                    cost: DIAGONAL * steps as u32,
                });
                break;
            }
            for step in [(dx, 0), (0, dy)] {
                if let Some(found) = self.jump(turn, step, goal) {
                    push_turn(
                        out,
                        self.width,
                        turn,
                        steps,
                        direction(step.0, step.1),
                        found,
                    );
                }
            }
        }
    }
}

/// Bits of what a straight jump sees where it stops (see
/// [`Jumper::straight`]): a forced neighbour on side -1 (the
/// line before, across the step), one on side +1, the way ahead walled.
pub(crate) const FORCED_BEFORE: u8 = 1;
pub(crate) const FORCED_AFTER: u8 = 2;
const WALLED_AHEAD: u8 = 4;

/// What a straight jump reaching `(x, y)` by the straight step `(dx, dy)`
/// sees there (the bits [`Jumper::straight`] gives), read
/// pixel by pixel.
pub(crate) fn stop_sides(map: &BitMap, (x, y): (isize, isize), (dx, dy): (isize, isize)) -> u8 {
    let mut seen = 0;
    if map.forced(x, y, dx, dy, -1) {
        seen |= FORCED_BEFORE;
    }
    if map.forced(x, y, dx, dy, 1) {
        seen |= FORCED_AFTER;
    }
    if !map.free(x + dx, y + dy) {
        seen |= WALLED_AHEAD;
    }
    seen
}

/// The first position after `pos` along line `line` of `bits` (lines of
/// `words` words, with a line of walls before the first) where a scan
/// towards higher positions stops: a pixel with a forced neighbour (the
/// pixel beside it on a neighbouring line walkable, the one before that
/// not) or `target`; `None` if a wall comes first. With it, what the scan
/// saw there ([`FORCED_BEFORE`], [`FORCED_AFTER`], [`WALLED_AHEAD`]).
#[inline]
fn scan_up(
    bits: &[u64],
    words: usize,
    line: usize,
    pos: usize,
    target: Option<usize>,
) -> Option<(usize, u8)> {
    let before = &bits[line * words..(line + 1) * words];
    let here = &bits[(line + 1) * words..(line + 2) * words];
    let after = &bits[(line + 2) * words..(line + 3) * words];
    let start = pos + 1;
    let mut k = start / 64;
    let mut mask = !0u64 << (start % 64);
    // The last word of a line always holds a wall bit past the last pixel,
    // so the loop returns before k reaches `words`.
    while k < words {
        let (a, b) = (before[k], after[k]);
        let (carry_a, carry_b) = if k == 0 {
            (0, 0)
        } else {
            (before[k - 1] >> 63, after[k - 1] >> 63)
        };
        let a_back = (a << 1) | carry_a;
        let b_back = (b << 1) | carry_b;
        let (forced_a, forced_b) = (a & !a_back, b & !b_back);
        let mut stop = (forced_a | forced_b) & mask;
        if let Some(t) = target {
            if t / 64 == k && t >= start {
                stop |= 1 << (t % 64);
            }
        }
        let wall = !here[k] & mask;
        if stop | wall != 0 {
            let (s, w) = (stop.trailing_zeros(), wall.trailing_zeros());
            if s >= w {
                return None;
            }
            // The pixel ahead is in the next word past a word's last bit
            // (there is one: the line's last word ends in walls).
            let ahead = if s < 63 {
                wall >> (s + 1) & 1
            } else {
                !here[k + 1] & 1
            };
            let seen = ((forced_a >> s & 1) as u8 * FORCED_BEFORE)
                | ((forced_b >> s & 1) as u8 * FORCED_AFTER)
                | (ahead as u8 * WALLED_AHEAD);
            return Some((k * 64 + s as usize, seen));
        }
        mask = !0;
        k += 1;
    }
    None
}

/// As [`scan_up`], towards lower positions: the first position before
/// `pos` where the scan stops.
#[inline]
fn scan_down(
    bits: &[u64],
    words: usize,
    line: usize,
    pos: usize,
    target: Option<usize>,
) -> Option<(usize, u8)> {
    if pos == 0 {
        return None;
    }
    let before = &bits[line * words..(line + 1) * words];
    let here = &bits[(line + 1) * words..(line + 2) * words];
    let after = &bits[(line + 2) * words..(line + 3) * words];
    let start = pos - 1;
    let mut k = start / 64;
    let mut mask = !0u64 >> (63 - start % 64);
    loop {
        let (a, b) = (before[k], after[k]);
        let (carry_a, carry_b) = if k + 1 < words {
            (before[k + 1] << 63, after[k + 1] << 63)
        } else {
            (0, 0)
        };
        let a_back = (a >> 1) | carry_a;
        let b_back = (b >> 1) | carry_b;
        let (forced_a, forced_b) = (a & !a_back, b & !b_back);
        let mut stop = (forced_a | forced_b) & mask;
        if let Some(t) = target {
            if t / 64 == k && t <= start {
                stop |= 1 << (t % 64);
            }
        }
        let wall = !here[k] & mask;
        if stop | wall != 0 {
            // Highest set bit, -1 for none.
            let s = 63 - stop.leading_zeros() as i32;
            let w = 63 - wall.leading_zeros() as i32;
            if s <= w {
                return None;
            }
            // The pixel ahead is in the word before past a word's first
            // bit, and off the map (a wall) before the line's first.
            let ahead = if s > 0 {
                wall >> (s - 1) & 1
            } else if k > 0 {
                !here[k - 1] >> 63
            } else {
                1
            };
            let seen = ((forced_a >> s & 1) as u8 * FORCED_BEFORE)
                | ((forced_b >> s & 1) as u8 * FORCED_AFTER)
                | (ahead as u8 * WALLED_AHEAD);
            return Some((k * 64 + s as usize, seen));
        }
        if k == 0 {
            // Past the map's left (top) edge.
            return None;
        }
        mask = !0;
        k -= 1;
    }
}

/// A move of a jump point search: the pixel (its index) it jumps to, the
/// pixel it turns at on the way (`to` itself for a jump in one line: a
/// diagonal run then a straight one, when the diagonal jump point between
/// them is pruned; the first bend, for a jump along a corridor), and the
/// direction of the jump's last step (in [`DIRECTIONS`]), with
/// [`CORRIDOR`] set for a jump along a corridor's bends (see
/// [`Jump::last`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Jump {
    pub(crate) to: u32,
    pub(crate) via: u32,
    pub(crate) direction: u8,
}

/// Set in a [`Jump`]'s `direction` when the jump follows a corridor: from
/// its start straight to `via`, the first bend, then on through each bend
/// (see [`corridor`]) to `to`. Kept in the direction's byte rather than a
/// field of its own so that the move stays the size it was.
pub(crate) const CORRIDOR: u8 = 0x80;

/// Set in a [`Jump`]'s `direction` when the jump passes through jump
/// points expanded at once (see the module's rules): its parts, each a
/// jump of the other kinds, are in the search's list of parts (see
/// [`Jps::walk`]), the last at `via`, each naming the one before it.
pub(crate) const THROUGH: u8 = 0x40;

/// Where a [`Jump`]'s `direction` keeps, for a jump whose last step is
/// straight, what its last straight scan saw where it stopped (the bits
/// of [`stop_sides`], shifted by this): so that expanding its end reads
/// the forced neighbours and the wall ahead from the move rather than
/// from the map (see [`ways_on`]). What a scan sees at a pixel depends on
/// the pixel and the direction alone, so any jump arriving there the same
/// way carries the same bits.
const SEEN_SHIFT: u32 = 3;

/// The bits of a [`Jump`]'s `direction` that [`SEEN_SHIFT`] places.
const SEEN_BITS: u8 = 7 << SEEN_SHIFT;

/// A part of a jump made of parts (see [`THROUGH`]) and the index of the
/// part before it, [`u32::MAX`] for the first. Jumps that go the same way
/// at first share those parts.
type Part = (Jump, u32);

/// The most bends a jump follows along a corridor before it stops at one
/// as at a junction: a ring of corridors with no junction would otherwise
/// be followed round for ever. With legs of at most [`super::grid::MAX_SIDE`]
/// pixels, the cost stays far within `u32`.
const MOST_BENDS: u32 = 256;

/// The most successors one expansion expands at once (see the module's
/// rules), for the same reason; the costs they add up are checked too.
const MOST_AT_ONCE: u32 = 64;

impl Jump {
    /// The direction of the jump's last step, in [`DIRECTIONS`].
    #[inline]
    pub(crate) fn last(&self) -> u8 {
        self.direction & 7
    }

    /// What the jump's last straight scan saw where it stopped (see
    /// [`SEEN_SHIFT`]): 0 for a jump whose last step is diagonal.
    #[inline]
    fn seen(&self) -> u8 {
        (self.direction & SEEN_BITS) >> SEEN_SHIFT
    }

    /// Whether the jump is made of parts (see [`THROUGH`]).
    #[inline]
    fn through(&self) -> bool {
        self.direction & THROUGH != 0
    }

    /// Whether the jump follows a corridor through its bends.
    #[inline]
    pub(crate) fn along_corridor(&self) -> bool {
        self.direction & CORRIDOR != 0
    }
}

/// The one way on from a jump point reached by the straight step
/// `(dx, dy)`, if it is a bend: the way ahead walled and a forced
/// neighbour on one side only (then neither the way ahead nor a diagonal
/// past the neighbour can be stepped on, so the neighbour's side is its
/// only successor). `None` for a junction. Told by `seen`, what the jump
/// saw there (see [`stop_sides`]).
#[inline]
fn bend(seen: u8, (dx, dy): (isize, isize)) -> Option<(isize, isize)> {
    match seen {
        s if s == WALLED_AHEAD | FORCED_BEFORE => Some((-dy.abs(), -dx.abs())),
        s if s == WALLED_AHEAD | FORCED_AFTER => Some((dy.abs(), dx.abs())),
        _ => None,
    }
}

/// Where a corridor leads from `at`, a jump point reached by the straight
/// step `DIRECTIONS[d]` that saw `seen` there: through each bend (see [`bend`]) by straight
/// jumps, to the first jump point that is not a bend, or `goal`, or the
/// [`MOST_BENDS`]th bend. Gives that point, the direction of the last
/// jump, what its scan saw at that point and the straight steps taken,
/// and shows each bend passed through (`at` first, if it is one) to
/// `bends`; `None` if the corridor ends in a dead end.
#[inline]
fn corridor(
    map: &(impl Jumper + ?Sized),
    goal: Pixel,
    mut at: Pixel,
    mut d: u8,
    mut seen: u8,
    mut bends: impl FnMut(Pixel),
) -> Option<(Pixel, u8, u8, usize)> {
    let mut steps = 0;
    for _ in 0..MOST_BENDS {
        if at == goal {
            break;
        }
        let Some(side) = bend(seen, DIRECTIONS[d as usize]) else {
            break;
        };
        let side_d = direction(side.0, side.1);
        let (next, sees) = map.straight(at, side_d, side, goal)?;
        bends(at);
        steps += next.0.abs_diff(at.0) + next.1.abs_diff(at.1);
        at = next;
        seen = sees;
        d = side_d;
    }
    Some((at, d, seen, steps))
}

/// The directions to go on in from a jump point reached by the straight
/// step `DIRECTIONS[d]` that saw `seen` there (see [`stop_sides`]): on
/// straight and, for each forced neighbour, to it and to the diagonal past
/// it, less those a wall ahead rules out: the way ahead
/// itself, and the diagonal past each forced neighbour (a diagonal step
/// needs the pixel ahead walkable). Indexed by `d * 8 + seen`.
pub(crate) const WAYS_ON: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut d = 0;
    while d < 4 {
        let (dx, dy) = DIRECTIONS[d];
        let mut seen = 0;
        while seen < 8 {
            let walled = seen as u8 & WALLED_AHEAD != 0;
            let mut set = if walled { 0 } else { 1u8 << d };
            let mut side = -1;
            while side <= 1 {
                let bit = if side < 0 {
                    FORCED_BEFORE
                } else {
                    FORCED_AFTER
                };
                if seen as u8 & bit != 0 {
                    let (sx, sy) = (dy.abs() * side, dx.abs() * side);
                    set |= 1 << direction_const(sx, sy);
                    if !walled {
                        set |= 1 << direction_const(dx + sx, dy + sy);
                    }
                }
                side += 2;
            }
            table[d * 8 + seen] = set;
            seen += 1;
        }
        d += 1;
    }
    table
};

/// [`direction`] for [`WAYS_ON`]'s making, at compile time.
const fn direction_const(dx: isize, dy: isize) -> u8 {
    let mut d = 0;
    while DIRECTIONS[d].0 != dx || DIRECTIONS[d].1 != dy {
        d += 1;
    }
    d as u8
}

/// The directions to go on in from a jump point this search reached by
/// `last` (every one from the start; reached diagonally, on diagonally
/// and along both parts; reached straight, as [`WAYS_ON`] says, read from
/// what the jump saw, see [`SEEN_SHIFT`], rather than from the map).
#[inline]
fn ways_on(last: Option<Jump>) -> u8 {
    let Some(last) = last else { return 0xff };
    let d = last.last();
    if d >= 4 {
        let (dx, dy) = DIRECTIONS[d as usize];
        return 1 << d | 1 << direction(dx, 0) | 1 << direction(0, dy);
    }
    WAYS_ON[(d * 8 + last.seen()) as usize]
}

/// Jump point search to one pixel, as a search problem, with its jumps
/// read from `map`: scanned from the bit rows (`B` a [`BitMap`]: online
/// JPS) or read from a jump table (JPS+).
pub(crate) struct Jps<B: Deref<Target: Jumper>> {
    /// The parts of the jumps through jump points expanded at once, made
    /// so far (see [`THROUGH`]).
    parts: RefCell<Vec<Part>>,
    /// The successors of a successor, while it is looked through.
    beyond: RefCell<Vec<Successor<u32, Jump>>>,
    map: B,
    goal: Pixel,
    /// The goal's index, for the goal test without a division.
    goal_at: u32,
    heuristic: Heuristic,
    /// Landmark distances raising the estimate, if the query's has them.
    toward: Option<Toward>,
}

impl<B: Deref<Target: Jumper>> Jps<B> {
    pub(crate) fn new(map: B, goal: Pixel, heuristic: Heuristic) -> Self {
        let goal_at = (goal.1 * map.bits().width + goal.0) as u32;
        Jps {
            parts: RefCell::new(Vec::new()),
            beyond: RefCell::new(Vec::new()),
            map,
            goal,
            goal_at,
            heuristic,
            toward: None,
        }
    }

    /// The search with its estimate raised by landmarks (`None`: not).
    pub(crate) fn guided(mut self, toward: Option<Toward>) -> Self {
        self.toward = toward;
        self
    }

    /// Every pixel of a walk this search found from `from` through
    /// `jumps` (see [`fill_in`]).
    pub(crate) fn walk(&self, from: Pixel, jumps: &[Jump]) -> Vec<Pixel> {
        let parts = self.parts.borrow();
        fill_in(&*self.map, self.goal, &parts, from, jumps)
    }

    /// Whether `n`'s end was reached straight and no diagonal step leads on
    /// from it: its successors are straight jumps alone, cheap to find (as
    /// everywhere in a maze of corridors one pixel wide). Only such a
    /// successor is expanded at once: one with diagonal runs ahead costs
    /// more to expand than the open list saves, often for nothing (rooms
    /// and scattered obstacles: measured slower).
    fn straight_on(&self, n: &Successor<u32, Jump>) -> bool {
        let d = n.mv.last();
        if d >= 4 {
            return false;
        }
        // A diagonal step on passes the pixel ahead and a forced
        // neighbour (both walkable when the jump saw them so) to the pixel
        // between them.
        let seen = n.mv.seen();
        if seen & WALLED_AHEAD != 0 {
            return true;
        }
        let (x, y) = self.pixel(n.state);
        let (x, y) = (x as isize, y as isize);
        let (dx, dy) = DIRECTIONS[d as usize];
        for (side, bit) in [(-1, FORCED_BEFORE), (1, FORCED_AFTER)] {
            let (sx, sy) = (dy.abs() * side, dx.abs() * side);
            if seen & bit != 0 && self.map.bits().free(x + dx + sx, y + dy + sy) {
                return false;
            }
        }
        true
    }

    /// Each of `beyond`, the successors of `first`'s end, reached through
    /// `first` (its parts kept, see [`THROUGH`]), onto `out`.
    fn through(
        &self,
        first: &Successor<u32, Jump>,
        beyond: &[Successor<u32, Jump>],
        out: &mut Vec<Successor<u32, Jump>>,
    ) {
        if beyond.is_empty() {
            return;
        }
        let mut parts = self.parts.borrow_mut();
        let before = if first.mv.through() {
            first.mv.via
        } else {
            parts.push((first.mv, u32::MAX));
            (parts.len() - 1) as u32
        };
        for next in beyond {
            parts.push((next.mv, before));
            out.push(Successor {
                mv: Jump {
                    to: next.mv.to,
                    via: (parts.len() - 1) as u32,
                    direction: next.mv.direction & (7 | SEEN_BITS) | THROUGH,
                },
                state: next.state,
                cost: first.cost + next.cost,
            });
        }
    }

    #[inline]
    fn pixel(&self, at: u32) -> Pixel {
        let at = at as usize;
        let width = self.map.bits().width;
        (at % width, at / width)
    }
}

impl<B: Deref<Target: Jumper>> Problem for Jps<B> {
    type State = u32;
    type Move = Jump;

    #[inline]
    fn heuristic(&self, &at: &u32) -> u32 {
        raised(
            &self.toward,
            at,
            estimate(self.heuristic, self.pixel(at), self.goal),
        )
    }

    #[inline]
    fn is_goal(&self, &at: &u32) -> bool {
        at == self.goal_at
    }

    fn dense_states(&self) -> Option<usize> {
        let bits = self.map.bits();
        Some(bits.width * bits.height)
    }

    #[inline]
    fn dense_index(&self, &at: &u32) -> usize {
        at as usize
    }

    fn successors(&self, &at: &u32, last: Option<Jump>, out: &mut Vec<Successor<u32, Jump>>) {
        let first = out.len();
        self.jumps(at, last, out);
        // While there is one successor, it is expanded at once (see the
        // module's rules); none left: a dead end.
        let mut beyond = self.beyond.borrow_mut();
        for _ in 0..MOST_AT_ONCE {
            if out.len() != first + 1
                || out[first].state == self.goal_at
                || out[first].cost > u32::MAX / 4
            {
                break;
            }
            if !self.straight_on(&out[first]) {
                break;
            }
            let next = out.pop().expect("one successor");
            beyond.clear();
            self.jumps(next.state, Some(next.mv), &mut beyond);
            self.through(&next, &beyond, out);
        }
    }
}

impl<B: Deref<Target: Jumper>> Jps<B> {
    /// The jump points a jump point search goes to from `at`, reached by
    /// `last`, as the rules of the module's first points say.
    #[inline]
    fn jumps(&self, at: u32, last: Option<Jump>, out: &mut Vec<Successor<u32, Jump>>) {
        let map = &*self.map;
        let (x, y) = self.pixel(at);
        let width = map.bits().width;
        let index = |(x, y): Pixel| (y * width + x) as u32;
        let mut set = ways_on(last);
        while set != 0 {
            let d = set.trailing_zeros() as u8;
            set &= set - 1;
            if d >= 4 {
                // Diagonally, the jump points along the way are pruned
                // (Harabor and Grastien, 2014): the straight jump points
                // each would have led to are successors here, reached by
                // turning there, and the diagonal run goes on to its wall.
                // The goal stops it.
                map.diagonal((x, y), d, self.goal, out);
                continue;
            }
            let Some((to, seen)) = map.straight((x, y), d, DIRECTIONS[d as usize], self.goal)
            else {
                continue;
            };
            // A bend there is turned at once (see the module's rules).
            let mut turned = false;
            let Some((end, last, sees, more)) =
                corridor(map, self.goal, to, d, seen, |_| turned = true)
            else {
                continue;
            };
            let last = last | sees << SEEN_SHIFT;
            let steps = to.0.abs_diff(x) + to.1.abs_diff(y) + more;
            out.push(Successor {
                mv: Jump {
                    to: index(end),
                    via: index(to),
                    direction: if turned { last | CORRIDOR } else { last },
                },
                state: index(end),
                cost: STRAIGHT * steps as u32,
            });
        }
    }
}

/// Every pixel of a walk from `from` through `jumps` (each a straight or
/// diagonal line to its turn, then one to its end; for a jump along a
/// corridor, a line to its first bend, then through the bends that `map`
/// and `goal`, those searched, show again, to its end; for a jump made of
/// parts, each of its `parts` in turn).
///
/// # Panics
/// If `map`, `goal` and `parts` are not the search's (a broken invariant).
fn fill_in(
    map: &(impl Jumper + ?Sized),
    goal: Pixel,
    parts: &[Part],
    from: Pixel,
    jumps: &[Jump],
) -> Vec<Pixel> {
    let width = map.bits().width;
    let pixel = |at: u32| (at as usize % width, at as usize / width);
    let mut pixels = vec![from];
    let mut at = from;
    let whole = jumps.iter().flat_map(|&jump| {
        let mut chain = vec![];
        if jump.through() {
            let mut at = jump.via;
            while at != u32::MAX {
                let (part, before) = parts[at as usize];
                chain.push(part);
                at = before;
            }
            chain.reverse();
        } else {
            chain.push(jump);
        }
        chain
    });
    for jump in whole {
        let via = pixel(jump.via);
        if jump.along_corridor() {
            // The first bend is reached straight from the jump's start.
            let d = direction(
                (via.0 as isize - at.0 as isize).signum(),
                (via.1 as isize - at.1 as isize).signum(),
            );
            let mut bends = Vec::new();
            let step = DIRECTIONS[d as usize];
            let seen = stop_sides(map.bits(), (via.0 as isize, via.1 as isize), step);
            let end = corridor(map, goal, via, d, seen, |bend| bends.push(bend));
            assert_eq!(
                end.map(|(end, ..)| end),
                Some(pixel(jump.to)),
                "the corridor leads where the search found it did"
            );
            for bend in bends {
                line_to(&mut pixels, &mut at, bend);
            }
        } else {
            line_to(&mut pixels, &mut at, via);
        }
        line_to(&mut pixels, &mut at, pixel(jump.to));
    }
    pixels
}

/// Onto `pixels`, every pixel of the straight or diagonal line from `at`
/// to `next` (`at` itself left out), moving `at` to `next`: how a route is
/// drawn from its jump points.
pub(crate) fn line_to(pixels: &mut Vec<Pixel>, at: &mut Pixel, next: Pixel) {
    while *at != next {
        *at = (step_towards(at.0, next.0), step_towards(at.1, next.1));
        pixels.push(*at);
    }
}

/// One pixel from `from` towards `to` along an axis.
fn step_towards(from: usize, to: usize) -> usize {
    match from.cmp(&to) {
        std::cmp::Ordering::Less => from + 1,
        std::cmp::Ordering::Equal => from,
        std::cmp::Ordering::Greater => from - 1,
    }
}
