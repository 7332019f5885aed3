//! Bidirectional jump point search, for maps whose walkable pixels form
//! corridors one pixel wide: two searches, from the start towards the goal
//! and from the goal towards the start, that stop once the best meeting
//! found is proven the shortest.
//!
//! Why only such maps: on them (no 2 x 2 block of walkable pixels, which
//! [`BitMap::corridors_only`] tells) no diagonal step is allowed under the
//! no-corner-cutting rule, so every walk is of straight steps, and a
//! straight scan stops at exactly the pixels with a walkable neighbour
//! across its line (a forced neighbour: the pixel beside the one before
//! cannot be walkable too, or the four would make a block). Which pixels
//! those are depends on the line, not on the way along it, so a scan from
//! either end of a line stops at the same pixels: the two searches' jump
//! points are the same junctions and bends (with the start, where the
//! backward scans stop, and the goal, where the forward ones do), and
//! every shortest walk passes through jump points both searches reach.
//! A meeting is found when one search reaches a pixel the other has
//! reached. On open maps, where the two sides' jump points need not
//! coincide, [`super::jps::Jps`] searches from the start alone.
//!
//! Each side is Dijkstra's search over the jump points with costs reduced
//! by the average of the two sides' estimates (Ikeda et al., 1994; Goldberg
//! and Harrelson, 2005): with `h_s` and `h_g` the Manhattan distances to
//! the start and to the goal (exact for straight steps, so consistent), a
//! pixel's potential is `p = (h_g - h_s) / 2`, the forward side orders
//! its open list by `g + p` and the backward side by `g - p`. A line's
//! reduced cost, its cost less `p` at its start plus `p` at its end, is the
//! same either way along it and never below 0 (both estimates are
//! consistent), so the two sides are the two halves of one bidirectional
//! Dijkstra's search on reduced costs. The sides take turns by the smaller
//! open list. A jump point with one way on (a bend) or one successor is
//! expanded at once, as [`super::jps`] does, its pixel and cost kept so
//! that the other side can meet it there. A side's g at a pixel only ever
//! falls, and a pixel reached again for less is expanded again, so the
//! search is exact however the expansions at once are ordered.
//!
//! Stopping: with μ the cost of the best meeting found, once the least
//! keys of the two open lists add up to μ or more, no shorter walk is
//! left. A shorter one would have, on each side's open list, the first of
//! its jump points (from that side's root) that side has not yet expanded
//! at its shortest g, held at that g; if the forward one, `a`, comes
//! before the backward one, `b`, along the walk, their keys `g(a) + p(a)`
//! and `g(b) - p(b)` add up to the walk's cost less the reduced cost of
//! its part from `a` to `b`, so to at most its cost; if not, some jump
//! point was expanded by both sides at their shortest g's, which is a
//! meeting at the walk's cost (each side, noting a pixel, weighs the
//! other side's g there).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Deref;

use super::grid::Pixel;
use super::grid_search::STRAIGHT;
use super::jps::{BitMap, Jumper, DIRECTIONS, WAYS_ON};
use crate::search::Trace;

/// What one side knows of a pixel.
#[derive(Clone, Copy, Default)]
struct Side {
    /// The cost from the side's root: [`u32::MAX`] while unreached.
    g: u32,
    /// The jump point this side reached it from (by a straight line).
    parent: u32,
    /// The straight direction it was reached by (in [`DIRECTIONS`]) and
    /// what the scan saw there, as `direction | seen << 2`; [`ROOT`] for
    /// the root.
    how: u8,
}

/// [`Side::how`] of a root: every way on.
const ROOT: u8 = 0xff;

/// Both sides' knowledge of a pixel, valid when `stamp` is the query's.
#[derive(Clone, Copy, Default)]
struct Cell {
    stamp: u32,
    sides: [Side; 2],
}

/// The arrays of a bidirectional search, kept from one query to the next
/// (a router's) so that a query pays for the pixels it meets, not for the
/// map's size.
#[derive(Default)]
pub struct Fronts {
    cells: Vec<Cell>,
    stamp: u32,
    open: [BinaryHeap<Reverse<u64>>; 2],
}

/// The route a bidirectional search found: the jump points from start to
/// goal (each in a straight line from the one before), and the jump points
/// taken off the two open lists (with those expanded at once after each).
pub(crate) struct Meeting {
    pub(crate) points: Vec<Pixel>,
    pub(crate) expanded: u64,
}

/// The straight ways on from a pixel reached by the straight step
/// `DIRECTIONS[d]` where the scan saw `seen`: one-sided JPS's ways on
/// ([`WAYS_ON`]) less the diagonals, which a map of corridors one pixel
/// wide never allows. Indexed by `d * 8 + seen`.
#[inline]
fn straight_ways(index: usize) -> u8 {
    WAYS_ON[index] & 0x0f
}

/// The reverse of each straight direction.
const BACK: [u8; 4] = [1, 0, 3, 2];

/// One side's part of a search: its root and the other side's.
struct Ends {
    width: usize,
    /// The side's number: 0 from the start, 1 from the goal.
    side: usize,
    /// The other side's root, where this side's scans stop.
    target: Pixel,
}

/// The search from `from` to `to` on `map`, whose walkable pixels must
/// form corridors one pixel wide ([`BitMap::corridors_only`]), both on
/// walkable pixels; `None` if walls part them. [`MeetingJps`] is the same
/// search run in slices.
pub(crate) fn route_from_both_ends(
    map: &BitMap,
    fronts: &mut Fronts,
    from: Pixel,
    to: Pixel,
) -> Option<Meeting> {
    let mut search = MeetingJps::new(map, std::mem::take(fronts), from, to);
    let found = loop {
        match search.run(u64::MAX) {
            MeetingJpsStep::Running => continue,
            MeetingJpsStep::Found(meeting) => break Some(meeting),
            MeetingJpsStep::Exhausted => break None,
        }
    };
    *fronts = search.into_fronts();
    found
}

/// What a slice of a [`MeetingJps`] ended with.
pub(crate) enum MeetingJpsStep {
    /// The budget ran out; call [`MeetingJps::run`] again to go on.
    Running,
    /// The shortest route, proven.
    Found(Meeting),
    /// Walls part the start from the goal.
    Exhausted,
}

/// [`route_from_both_ends`]'s search, run in slices (as a worker runs it,
/// reading its messages between them), optionally recording what it does
/// for the search lab: each side's expansions and the jump points each
/// puts on its open list, by pixel, with that side's g and its estimate
/// to the other end, in one two-sided [`Trace`]. Jump points expanded at
/// once (the bends, and single successors) are not recorded, as
/// [`super::jps`]'s search records none of them either. However the
/// search is sliced, it expands the same jump points in the same order.
pub(crate) struct MeetingJps<M: Deref<Target = BitMap>> {
    map: M,
    fronts: Fronts,
    /// μ: the cost of the best meeting found ([`u32::MAX`]: none yet).
    best: u32,
    /// The pixel of that meeting.
    meet: u32,
    roots: [Pixel; 2],
    expanded: u64,
    /// The successors of the expansion in hand.
    single: Vec<u32>,
    /// Whether the start is the goal: a route of one pixel, no search.
    one_pixel: bool,
    trace: Option<Trace>,
}

impl<M: Deref<Target = BitMap>> MeetingJps<M> {
    /// A search from `from` to `to` on `map` (see [`route_from_both_ends`]
    /// for what both must be), in `fronts`, an earlier search's arrays
    /// ([`MeetingJps::into_fronts`]) or new ones.
    pub(crate) fn new(map: M, mut fronts: Fronts, from: Pixel, to: Pixel) -> Self {
        debug_assert!(map.corridors_only());
        let width = map.width();
        let pixels = width * map.height();
        if fronts.cells.len() != pixels {
            fronts.cells = vec![Cell::default(); pixels];
            fronts.stamp = 0;
        }
        fronts.stamp = fronts.stamp.wrapping_add(1);
        if fronts.stamp == 0 {
            fronts.cells.fill(Cell::default());
            fronts.stamp = 1;
        }
        for open in &mut fronts.open {
            open.clear();
        }
        let mut search = MeetingJps {
            map,
            fronts,
            best: u32::MAX,
            meet: u32::MAX,
            roots: [from, to],
            expanded: 0,
            single: Vec::new(),
            one_pixel: false,
            trace: None,
        };
        let index = |(x, y): Pixel| (y * width + x) as u32;
        let (start, goal) = (index(from), index(to));
        if start == goal {
            search.one_pixel = true;
            return search;
        }
        for (side, root) in [(0, start), (1, goal)] {
            let cell = search.cell(root);
            cell.sides[side] = Side {
                g: 0,
                parent: root,
                how: ROOT,
            };
            let f = search.priority(0, root, side);
            search.fronts.open[side].push(Reverse(key(f, root)));
        }
        search
    }

    /// The same search, recording what it does (see the type's
    /// description): the two roots are opened before the first expansion.
    pub(crate) fn with_trace(mut self) -> Self {
        let mut trace = Trace {
            two_sided: true,
            jump_points: true,
            ..Trace::default()
        };
        if !self.one_pixel {
            let width = self.map.width();
            for (side, (x, y)) in self.roots.into_iter().enumerate() {
                let at = (y * width + x) as u32;
                trace.open(at, 0.0, self.estimate(at, side) as f32);
            }
        }
        self.trace = Some(trace);
        self
    }

    /// What the search did since the trace was switched on or last taken.
    pub(crate) fn take_trace(&mut self) -> Option<Trace> {
        self.trace.as_mut().map(std::mem::take)
    }

    /// Jump points taken off the two open lists so far.
    pub(crate) fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The search's arrays, for the next search ([`MeetingJps::new`]).
    pub(crate) fn into_fronts(self) -> Fronts {
        self.fronts
    }

    /// Searches on for about `budget` more expansions.
    pub(crate) fn run(&mut self, budget: u64) -> MeetingJpsStep {
        if self.one_pixel {
            return MeetingJpsStep::Found(Meeting {
                points: vec![self.roots[0]],
                expanded: 0,
            });
        }
        let stop_at = self.expanded.saturating_add(budget.max(1));
        let mut open = std::mem::take(&mut self.fronts.open);
        let step = loop {
            let tops = [self.top(&mut open[0], 0), self.top(&mut open[1], 1)];
            let (Some(top0), Some(top1)) = (tops[0], tops[1]) else {
                break self.finish();
            };
            // Keys are twice `g + p`, raised by OFFSET.
            if top0 + top1 >= 2 * (self.best as u64 + OFFSET) {
                break self.finish();
            }
            if self.expanded >= stop_at {
                break MeetingJpsStep::Running;
            }
            let side = usize::from(open[1].len() < open[0].len());
            let Reverse(entry) = open[side].pop().expect("a top was seen");
            let at = (entry & ((1 << 21) - 1)) as u32;
            self.expand(side, at, &mut open[side]);
        };
        self.fronts.open = open;
        step
    }

    /// The answer once the search has stopped: the best meeting, or none.
    fn finish(&mut self) -> MeetingJpsStep {
        if self.best == u32::MAX {
            return MeetingJpsStep::Exhausted;
        }
        let width = self.map.width();
        let meet = self.meet;
        let mut points = self.chain(meet, 0);
        points.reverse();
        let mut back = self.chain(meet, 1);
        back.remove(0);
        points.extend(back);
        let points = points
            .into_iter()
            .map(|at| (at as usize % width, at as usize / width))
            .collect();
        MeetingJpsStep::Found(Meeting {
            points,
            expanded: self.expanded,
        })
    }
}

/// An open list's entry: the key above, the pixel (below
/// [`super::grid::MAX_PIXELS`], so 21 bits) below, so that the least
/// entry has the least key.
#[inline]
fn key(f: u64, at: u32) -> u64 {
    f << 21 | at as u64
}

/// Added to a key, which may be below 0: more than any estimate (at most
/// 2 x [`super::grid::MAX_SIDE`] straight steps).
const OFFSET: u64 = 1 << 30;

impl<M: Deref<Target = BitMap>> MeetingJps<M> {
    /// `at`'s cell, reset if this query has not met it yet.
    #[inline]
    fn cell(&mut self, at: u32) -> &mut Cell {
        let stamp = self.fronts.stamp;
        let cell = &mut self.fronts.cells[at as usize];
        if cell.stamp != stamp {
            *cell = Cell {
                stamp,
                sides: [Side {
                    g: u32::MAX,
                    parent: 0,
                    how: 0,
                }; 2],
            };
        }
        cell
    }

    /// The key of `at`, reached by `side` for `g`, on that side's open
    /// list: `g` plus the side's potential, doubled (the potential is half
    /// a difference) and raised by [`OFFSET`] (it may be below 0).
    #[inline]
    fn priority(&self, g: u32, at: u32, side: usize) -> u64 {
        2 * g as u64 + OFFSET + self.estimate(at, side) as u64 - self.estimate(at, 1 - side) as u64
    }

    /// The estimate from `at` to `side`'s other root (the goal for the
    /// forward side).
    #[inline]
    fn estimate(&self, at: u32, side: usize) -> u32 {
        let width = self.map.width();
        let (x, y) = (at as usize % width, at as usize / width);
        let (tx, ty) = self.roots[1 - side];
        STRAIGHT * (x.abs_diff(tx) + y.abs_diff(ty)) as u32
    }

    /// The least key on `open` (`side`'s), stale entries (for pixels since
    /// reached for less) dropped; `None` if it is empty.
    fn top(&mut self, open: &mut BinaryHeap<Reverse<u64>>, side: usize) -> Option<u64> {
        while let Some(&Reverse(entry)) = open.peek() {
            let (f, at) = (entry >> 21, (entry & ((1 << 21) - 1)) as u32);
            let g = self.fronts.cells[at as usize].sides[side].g;
            if self.priority(g, at, side) == f {
                return Some(f);
            }
            open.pop();
        }
        None
    }

    /// Notes that `side` reached `at` for `g` from `parent` by direction
    /// `d`, its scan seeing `seen` there: whether that is less than before
    /// (else nothing changes). A meeting with the other side there is
    /// weighed against the best.
    #[inline]
    fn reach(&mut self, side: usize, at: u32, g: u32, parent: u32, d: u8, seen: u8) -> bool {
        let cell = self.cell(at);
        if g >= cell.sides[side].g {
            return false;
        }
        cell.sides[side] = Side {
            g,
            parent,
            how: d | seen << 2,
        };
        let other = cell.sides[1 - side].g;
        let total = g as u64 + other as u64;
        if other != u32::MAX && total < self.best as u64 {
            // Below `best`, so within u32.
            self.best = total as u32;
            self.meet = at;
        }
        true
    }

    /// Expands `at` for `ends.side`: every straight jump on, each along
    /// its corridor's bends; while one successor only is left, that one is
    /// expanded at once; the others go on `open`.
    fn expand(&mut self, side: usize, mut at: u32, open: &mut BinaryHeap<Reverse<u64>>) {
        let width = self.map.width();
        let ends = Ends {
            width,
            side,
            target: self.roots[1 - side],
        };
        // Counted as one expansion, as [`super::jps`] counts those at once.
        self.expanded += 1;
        if let Some(trace) = &mut self.trace {
            let g = self.fronts.cells[at as usize].sides[side].g;
            trace.expand(at, g as f32);
        }
        loop {
            let here = self.fronts.cells[at as usize].sides[side];
            let ways = if here.how == ROOT {
                0x0f
            } else {
                straight_ways(((here.how & 3) * 8 + (here.how >> 2)) as usize)
            };
            self.single.clear();
            let mut ways = ways;
            while ways != 0 {
                let d = ways.trailing_zeros() as u8;
                ways &= ways - 1;
                if let Some(next) = self.follow(&ends, at, here.g, d) {
                    self.single.push(next);
                }
            }
            if self.single.len() == 1 {
                let next = self.single[0];
                let target = (ends.target.1 * width + ends.target.0) as u32;
                if next != target {
                    at = next;
                    continue;
                }
            }
            for i in 0..self.single.len() {
                let next = self.single[i];
                let g = self.fronts.cells[next as usize].sides[side].g;
                open.push(Reverse(key(self.priority(g, next, side), next)));
                if self.trace.is_some() {
                    let h = self.estimate(next, side) as f32;
                    if let Some(trace) = &mut self.trace {
                        trace.open(next, g as f32, h);
                    }
                }
            }
            return;
        }
    }

    /// The straight jump from `from` (reached by `side` for `g`) in
    /// direction `d`, on through each bend: the jump point it ends at,
    /// reached for less than before; `None` if it ends in a dead end, at
    /// the other root, or at a pixel already reached for as little.
    #[inline]
    fn follow(&mut self, ends: &Ends, mut from: u32, mut g: u32, mut d: u8) -> Option<u32> {
        let side = ends.side;
        let width = ends.width;
        let target = ends.target;
        loop {
            let (x, y) = (from as usize % width, from as usize / width);
            let step = DIRECTIONS[d as usize];
            let (to, seen) = self.map.straight((x, y), d, step, target)?;
            let steps = to.0.abs_diff(x) + to.1.abs_diff(y);
            g += STRAIGHT * steps as u32;
            let at = (to.1 * width + to.0) as u32;
            if !self.reach(side, at, g, from, d, seen) || to == target {
                return None;
            }
            let ways = straight_ways((d * 8 + seen) as usize) & !(1 << BACK[d as usize]);
            if ways.count_ones() != 1 {
                return Some(at);
            }
            // A bend: turned at once.
            from = at;
            d = ways.trailing_zeros() as u8;
        }
    }

    /// The jump points from `at` back to `side`'s root, by the parents.
    fn chain(&self, mut at: u32, side: usize) -> Vec<u32> {
        let mut points = vec![at];
        loop {
            let here = self.fronts.cells[at as usize].sides[side];
            if here.how == ROOT {
                return points;
            }
            at = here.parent;
            points.push(at);
        }
    }
}
