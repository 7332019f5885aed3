//! Any-angle best-first search: Lazy Theta* (Nash, Koenig and Tovey, 2010).
//!
//! A* on a grid can only turn at its points' allowed angles, so its routes
//! zigzag and are longer than the straight lines a walker would take. Theta*
//! lets a point's parent be any point it can see: a successor is first
//! linked straight to the parent of the point being expanded (lazily, on
//! trust), and the line of sight is checked only when the successor is
//! itself expanded; where it fails, the successor falls back to its best
//! neighbour already expanded, as in A*. Routes are then chains of straight
//! segments between points that see each other, never longer than A*'s on
//! the same grid (with a heuristic that never overestimates) and usually
//! within a fraction of a percent of the true shortest.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::trace::Trace;
use super::{Interrupted, Meter, Monitor, Progress, CHECK_INTERVAL};

/// A map on which any-angle routes are searched: points numbered densely,
/// each with its neighbours (the steps a grid search would take), and a
/// line-of-sight test between any two.
pub trait AnyAngle {
    /// A point of the map: cheap to copy, compared by position.
    type Point: Copy + Eq;

    /// How many points there are: [`AnyAngle::index`] is below it.
    fn points(&self) -> usize;

    /// `point`'s number.
    fn index(&self, point: Self::Point) -> usize;

    /// The point numbered `index` (below [`AnyAngle::points`]).
    fn point(&self, index: usize) -> Self::Point;

    /// Appends `point`'s neighbours (the points one step away) to `out`.
    fn neighbours(&self, point: Self::Point, out: &mut Vec<Self::Point>);

    /// Whether the straight segment from `a` to `b` is walkable. Must hold
    /// between a point and each of its neighbours.
    fn line_of_sight(&self, a: Self::Point, b: Self::Point) -> bool;

    /// The length of the straight segment from `a` to `b`.
    fn distance(&self, a: Self::Point, b: Self::Point) -> f64;

    /// A lower bound of the length of any route from `point` to the goal
    /// (the straight line, typically).
    fn heuristic(&self, point: Self::Point) -> f64;

    /// Whether `point` is the goal.
    fn is_goal(&self, point: Self::Point) -> bool;
}

/// An any-angle route: its corners, the start first and the goal last
/// (consecutive corners see each other), and its length.
#[derive(Clone, Debug, PartialEq)]
pub struct AnyAnglePath<T> {
    /// The start, the points where the route turns, and the goal.
    pub corners: Vec<T>,
    /// The sum of the segments' lengths.
    pub length: f64,
    /// How many points the search expanded.
    pub expanded: u64,
}

/// What a slice of any-angle search ended with.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyAngleStep<T> {
    /// The expansion budget ran out; call [`ThetaStar::run`] again to go on.
    Running,
    /// The route to the goal.
    Found(AnyAnglePath<T>),
    /// The goal cannot be reached (or the search was already over).
    Exhausted,
}

const NONE: u32 = u32::MAX;

/// Searches from `start` to the goal with Lazy Theta*; `Ok(None)` if the
/// goal cannot be reached. `monitor` sees the progress and may stop it.
/// [`ThetaStar`] is the same search run in slices.
///
/// # Errors
/// [`Interrupted`] if `monitor` stopped the search.
pub fn theta_star<P, M>(
    problem: &P,
    start: P::Point,
    monitor: &mut M,
) -> Result<Option<AnyAnglePath<P::Point>>, Interrupted>
where
    P: AnyAngle,
    M: Monitor + ?Sized,
{
    // The problem is passed to each slice as it came, rather than through
    // a ThetaStar of `&P`, which would reach it through one more reference
    // in the inner loop.
    let mut search = Search::new(problem, start);
    let mut meter = Meter::new(monitor);
    loop {
        let step = search.run(problem, CHECK_INTERVAL);
        meter.progress = search.progress();
        match step {
            AnyAngleStep::Running => meter.report()?,
            AnyAngleStep::Found(path) => return Ok(Some(path)),
            AnyAngleStep::Exhausted => return Ok(None),
        }
    }
}

/// A Lazy Theta* search (as [`theta_star()`]) that runs in slices:
/// [`ThetaStar::run`] stops after a number of expansions and the next call
/// carries on where it stopped. However the search is sliced, it expands
/// the same points in the same order and finds the same route. It owns its
/// map; pass `&map` to search a borrowed one.
pub struct ThetaStar<P: AnyAngle> {
    problem: P,
    search: Search<P::Point>,
}

impl<P: AnyAngle> ThetaStar<P> {
    /// A search from `start` to the problem's goal.
    pub fn new(problem: P, start: P::Point) -> Self {
        let search = Search::new(&problem, start);
        ThetaStar { problem, search }
    }

    /// The same search, recording what it does (see [`Trace`]): the
    /// points it expands, in order, with their g, and the points each
    /// expansion opens or improves (or, when a trusted parent turns out
    /// hidden, sets back), with their g and h, by their
    /// [`AnyAngle::index`] (see [`ThetaStar::take_trace`]). Call it before
    /// the first slice, so that the record begins with the start.
    pub fn with_trace(mut self) -> Self {
        let mut trace = Trace::default();
        let start = self.search.start;
        let h = self.problem.heuristic(self.problem.point(start as usize));
        trace.open(start, 0.0, h as f32);
        self.search.trace = Some(trace);
        self
    }

    /// What the search did since the trace was switched on (or last
    /// taken): the points expanded, in order, by index (each at most once:
    /// points are never reopened), with their g, and what each opened.
    /// Recording goes on. `None` if the search records no trace.
    pub fn take_trace(&mut self) -> Option<Trace> {
        self.search.trace.as_mut().map(std::mem::take)
    }

    /// How far the search has got: points expanded (the bound is always
    /// 0: the costs are not whole numbers).
    pub fn progress(&self) -> Progress {
        self.search.progress()
    }

    /// Searches for up to about `budget` more expansions (at least one):
    /// `Found` with the route, `Exhausted` if the goal cannot be reached,
    /// else `Running` (call again to go on). Once it has returned `Found`
    /// or `Exhausted`, the search is over and later calls return
    /// `Exhausted`.
    pub fn run(&mut self, budget: u64) -> AnyAngleStep<P::Point> {
        self.search.run(&self.problem, budget)
    }
}

/// What a Lazy Theta* search keeps between slices: everything but the map,
/// which each slice is given.
struct Search<T> {
    /// Per point (by index): its cost so far, its parent's index, and
    /// whether it was expanded.
    g: Vec<f64>,
    parent: Vec<u32>,
    closed: Vec<bool>,
    /// Lowest f first; f64 bits of values that are never negative order as
    /// the values do.
    open: BinaryHeap<Reverse<(u64, u32)>>,
    /// A point's neighbours, kept for the buffer.
    neighbours: Vec<T>,
    expanded: u64,
    /// The start's index.
    start: u32,
    /// What the search did, by index, when recorded.
    trace: Option<Trace>,
}

impl<T: Copy + Eq> Search<T> {
    /// See [`ThetaStar::new`].
    fn new<P: AnyAngle<Point = T> + ?Sized>(problem: &P, start: T) -> Self {
        let count = problem.points();
        let mut search = Search {
            g: vec![f64::INFINITY; count],
            parent: vec![NONE; count],
            closed: vec![false; count],
            open: BinaryHeap::new(),
            neighbours: Vec::new(),
            expanded: 0,
            start: problem.index(start) as u32,
            trace: None,
        };
        let first = problem.index(start);
        search.g[first] = 0.0;
        search.parent[first] = first as u32;
        let f = problem.heuristic(start);
        search.open.push(Reverse((f.to_bits(), first as u32)));
        search
    }

    /// See [`ThetaStar::progress`].
    fn progress(&self) -> Progress {
        Progress {
            expanded: self.expanded,
            bound: 0,
        }
    }

    /// See [`ThetaStar::run`]; `problem` must be the map the search began
    /// on.
    fn run<P: AnyAngle<Point = T> + ?Sized>(
        &mut self,
        problem: &P,
        budget: u64,
    ) -> AnyAngleStep<T> {
        let stop_at = self.expanded.saturating_add(budget.max(1));
        // The working state moves into locals for the slice and back at its
        // end. Locals whose addresses never reach the problem's methods stay
        // in registers; fields of `self` would be reloaded after every call
        // into the problem (measured: several percent more instructions).
        // The arrays by point are never resized: borrowed as slices of one
        // length, so that one check of an index serves all three.
        let count = self.g.len();
        let g = &mut self.g[..];
        let parent = &mut self.parent[..count];
        let closed = &mut self.closed[..count];
        let mut open = std::mem::take(&mut self.open);
        let mut neighbours = std::mem::take(&mut self.neighbours);
        let mut trace = self.trace.take();
        let mut expanded = self.expanded;
        let step = loop {
            if expanded >= stop_at {
                break AnyAngleStep::Running;
            }
            let Some(Reverse((f, at))) = open.pop() else {
                break AnyAngleStep::Exhausted;
            };
            let at = at as usize;
            let here = problem.point(at);
            // An entry is live only while it carries the point's current cost
            // (a point is pushed again whenever its cost changes).
            if closed[at] || f != (g[at] + problem.heuristic(here)).to_bits() {
                continue;
            }
            // The parent was trusted: check that it can see this point, or
            // fall back to the best neighbour expanded before (there is one:
            // the point was met as its neighbour).
            let up = parent[at] as usize;
            let up_point = problem.point(up);
            if up != at && !problem.line_of_sight(up_point, here) {
                neighbours.clear();
                problem.neighbours(here, &mut neighbours);
                let (best, best_g) = neighbours
                    .iter()
                    .map(|&n| (problem.index(n), n))
                    .filter(|&(i, _)| closed[i])
                    .map(|(i, n)| (i, g[i] + problem.distance(n, here)))
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .expect("a point met has a neighbour expanded before it");
                parent[at] = best as u32;
                g[at] = best_g;
                // Now that its cost is known, it waits its turn again if
                // others come first: expanding points in order of their true
                // costs keeps routes at least as short as A*'s.
                let h = problem.heuristic(here);
                let f = best_g + h;
                if open
                    .peek()
                    .is_some_and(|Reverse((next, _))| f64::from_bits(*next) < f)
                {
                    open.push(Reverse((f.to_bits(), at as u32)));
                    if let Some(trace) = &mut trace {
                        trace.open(at as u32, best_g as f32, h as f32);
                    }
                    continue;
                }
            }
            if problem.is_goal(here) {
                // Nothing is left to search once the goal is found.
                open.clear();
                break AnyAngleStep::Found(AnyAnglePath {
                    corners: corners(problem, parent, at),
                    length: g[at],
                    expanded,
                });
            }
            expanded += 1;
            closed[at] = true;
            if let Some(trace) = &mut trace {
                trace.expand(at as u32, g[at] as f32);
            }
            let from = parent[at] as usize;
            let from_point = problem.point(from);
            neighbours.clear();
            problem.neighbours(here, &mut neighbours);
            for &next in neighbours.iter() {
                let i = problem.index(next);
                if closed[i] {
                    continue;
                }
                // Straight from this point's parent, on trust.
                let through = g[from] + problem.distance(from_point, next);
                if through < g[i] {
                    g[i] = through;
                    parent[i] = from as u32;
                    let h = problem.heuristic(next);
                    open.push(Reverse(((through + h).to_bits(), i as u32)));
                    if let Some(trace) = &mut trace {
                        trace.open(i as u32, through as f32, h as f32);
                    }
                }
            }
        };
        self.open = open;
        self.neighbours = neighbours;
        self.trace = trace;
        self.expanded = expanded;
        step
    }
}

/// A borrowed map is the same map: [`theta_star()`] runs a [`ThetaStar`]
/// over a reference.
impl<P: AnyAngle + ?Sized> AnyAngle for &P {
    type Point = P::Point;

    #[inline]
    fn points(&self) -> usize {
        (**self).points()
    }

    #[inline]
    fn index(&self, point: Self::Point) -> usize {
        (**self).index(point)
    }

    #[inline]
    fn point(&self, index: usize) -> Self::Point {
        (**self).point(index)
    }

    #[inline]
    fn neighbours(&self, point: Self::Point, out: &mut Vec<Self::Point>) {
        (**self).neighbours(point, out);
    }

    #[inline]
    fn line_of_sight(&self, a: Self::Point, b: Self::Point) -> bool {
        (**self).line_of_sight(a, b)
    }

    #[inline]
    fn distance(&self, a: Self::Point, b: Self::Point) -> f64 {
        (**self).distance(a, b)
    }

    #[inline]
    fn heuristic(&self, point: Self::Point) -> f64 {
        (**self).heuristic(point)
    }

    #[inline]
    fn is_goal(&self, point: Self::Point) -> bool {
        (**self).is_goal(point)
    }
}

/// The corners from the start to point `at`, following parents.
fn corners<P: AnyAngle + ?Sized>(problem: &P, parent: &[u32], mut at: usize) -> Vec<P::Point> {
    let mut corners = vec![problem.point(at)];
    while parent[at] as usize != at {
        at = parent[at] as usize;
        corners.push(problem.point(at));
    }
    corners.reverse();
    corners
}
