//! A graph of waypoints on a floor plan and the shortest route through it.

use std::ops::Deref;
use std::sync::Arc;

use super::found::{Found, RouteStep};
use super::heuristic::Heuristic;
use crate::search::{
    astar, BestFirst, Monitor, Problem, Progress, Solution, Step, Successor, Unlimited, DEAD_END,
};

/// A place on a plan, in pixels (x to the right, y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Pixels from the left edge.
    pub x: f64,
    /// Pixels from the top edge.
    pub y: f64,
}

impl Point {
    /// The straight-line (Euclidean) distance to `other`.
    pub fn distance(self, other: Point) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}

/// Waypoints and the straight corridors between them. Every connection goes
/// both ways; none joins a waypoint to itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Waypoints {
    points: Vec<Point>,
    /// Each waypoint's neighbours, in increasing order, each once.
    neighbours: Vec<Vec<usize>>,
}

/// A route: the waypoints walked through, start to goal, and its length.
#[derive(Clone, Debug, PartialEq)]
pub struct WaypointRoute {
    /// Indices of the waypoints, the start first and the goal last.
    pub path: Vec<usize>,
    /// The sum of the legs' straight-line lengths, in pixels.
    pub distance: f64,
    /// How many waypoints the search expanded.
    pub expanded: u64,
}

/// Distances are searched in thousandths of a pixel: the generic searches
/// add whole numbers.
const SCALE: f64 = 1000.0;

/// The farthest a waypoint may be from the origin along either axis, in
/// pixels: coordinates are finite numbers from `-MAX_COORDINATE` to
/// `MAX_COORDINATE`. Within it, any leg (at most 2√2 million pixels) and
/// any straight-line estimate, in thousandths of a pixel, fit the searches'
/// 32-bit move costs; the sums of legs are added in 64 bits.
pub const MAX_COORDINATE: f64 = 1_000_000.0;

/// Whether `value` can be a waypoint's coordinate (see [`MAX_COORDINATE`]).
pub fn is_coordinate(value: f64) -> bool {
    value.is_finite() && value.abs() <= MAX_COORDINATE
}

impl Waypoints {
    /// A graph of `points` with `edges` (pairs of indices, either order,
    /// repeats allowed).
    ///
    /// # Errors
    /// A message naming the waypoint if a coordinate is not a finite
    /// number within [`MAX_COORDINATE`], or naming the edge if it joins a
    /// waypoint to itself or names one that does not exist.
    pub fn new(points: Vec<Point>, edges: &[(usize, usize)]) -> Result<Waypoints, String> {
        for (index, point) in points.iter().enumerate() {
            if !is_coordinate(point.x) || !is_coordinate(point.y) {
                return Err(format!(
                    "waypoint {index} at ({}, {}) is out of bounds: coordinates are numbers from -{MAX_COORDINATE} to {MAX_COORDINATE} pixels",
                    point.x, point.y
                ));
            }
        }
        let mut neighbours = vec![Vec::new(); points.len()];
        for &(a, b) in edges {
            if a >= points.len() || b >= points.len() {
                return Err(format!(
                    "the connection {a}-{b} names a waypoint that does not exist (there are {})",
                    points.len()
                ));
            }
            if a == b {
                return Err(format!("waypoint {a} cannot connect to itself"));
            }
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        Ok(Waypoints { points, neighbours })
    }

    /// How many waypoints there are.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Waypoint `index`'s place.
    ///
    /// # Panics
    /// If there is no such waypoint.
    pub fn point(&self, index: usize) -> Point {
        self.points[index]
    }

    /// Every waypoint's place, in order.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The waypoints connected to waypoint `index`, in increasing order.
    ///
    /// # Panics
    /// If there is no such waypoint.
    pub fn neighbours(&self, index: usize) -> &[usize] {
        &self.neighbours[index]
    }

    /// Every connection once, the smaller index first, in increasing order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        self.neighbours
            .iter()
            .enumerate()
            .flat_map(|(a, list)| list.iter().filter(move |&&b| b > a).map(move |&b| (a, b)))
            .collect()
    }

    /// The shortest route from waypoint `from` to waypoint `to`, or `None`
    /// if they are not connected. Shortest to within a thousandth of a pixel
    /// a leg (the search adds whole thousandths); its `distance` is the
    /// exact sum of its legs.
    ///
    /// # Panics
    /// If either waypoint does not exist.
    pub fn shortest(&self, from: usize, to: usize) -> Option<WaypointRoute> {
        match self.shortest_with(from, to, &mut Unlimited) {
            Ok(route) => route,
            Err(never) => unreachable!("an unlimited search is never stopped: {never:?}"),
        }
    }

    /// [`Waypoints::shortest`] under `monitor`, which sees the progress and
    /// may stop the search (then `Err` with how far it got).
    ///
    /// # Panics
    /// If either waypoint does not exist.
    pub fn shortest_with<M: Monitor + ?Sized>(
        &self,
        from: usize,
        to: usize,
        monitor: &mut M,
    ) -> Result<Option<WaypointRoute>, Progress> {
        assert!(
            from < self.len() && to < self.len(),
            "a route joins two waypoints of the graph"
        );
        let problem = Walk {
            graph: self,
            goal: to,
            heuristic: Heuristic::Euclidean,
        };
        let solution = astar(&problem, from, monitor).map_err(|stopped| stopped.progress)?;
        Ok(solution.map(|solution| self.route(from, &solution)))
    }

    /// The route as [`Waypoints::shortest`] returns it, from what the
    /// search found.
    fn route(&self, from: usize, solution: &Solution<usize>) -> WaypointRoute {
        let mut path = Vec::with_capacity(solution.moves.len() + 1);
        path.push(from);
        path.extend(&solution.moves);
        WaypointRoute {
            distance: self.length(&path),
            path,
            expanded: solution.expanded,
        }
    }

    /// The length of a walk through `path`'s waypoints, leg by leg in
    /// straight lines (whether or not they are connected).
    ///
    /// # Panics
    /// If a waypoint does not exist.
    pub fn length(&self, path: &[usize]) -> f64 {
        // Folded from +0: an empty float sum is -0, printed "-0.00".
        path.windows(2)
            .map(|leg| self.points[leg[0]].distance(self.points[leg[1]]))
            .fold(0.0, |sum, leg| sum + leg)
    }
}

/// The walk to one waypoint, as a search problem: states and moves are
/// waypoint indices (a move names the waypoint it goes to). Generic over
/// how it holds the graph: borrowed by [`Waypoints::shortest`], shared by a
/// [`WaypointSearch`] that must own what it searches.
struct Walk<G: Deref<Target = Waypoints>> {
    graph: G,
    goal: usize,
    heuristic: Heuristic,
}

impl<G: Deref<Target = Waypoints>> Problem for Walk<G> {
    type State = usize;
    type Move = usize;

    /// The distance to the goal by `heuristic`, measured between the
    /// waypoints' coordinates and rounded down. The straight line and
    /// Chebyshev's (never longer than it) never overestimate (no route is
    /// shorter, and the legs' costs are rounded up); Manhattan and octile distances can, where a corridor runs
    /// slantwise, and the route found may then be longer than the shortest.
    fn heuristic(&self, &at: &usize) -> u32 {
        let (here, goal) = (self.graph.points[at], self.graph.points[self.goal]);
        let (dx, dy) = ((here.x - goal.x).abs(), (here.y - goal.y).abs());
        let d = match self.heuristic {
            // Landmarks are measured on grids: between waypoints, the line.
            Heuristic::Euclidean | Heuristic::Landmarks => dx.hypot(dy),
            Heuristic::Chebyshev => dx.max(dy),
            Heuristic::Manhattan => dx + dy,
            Heuristic::Octile => dx.max(dy) + (std::f64::consts::SQRT_2 - 1.0) * dx.min(dy),
            Heuristic::Zero => return 0,
        };
        // Below DEAD_END even on a vast plan: far is not unreachable. Within
        // the coordinates' bounds no estimate comes near it (at most
        // 2√2 * 10^9), so the clamp never loosens one.
        (d * SCALE).floor().min(f64::from(DEAD_END - 1)) as u32
    }

    fn is_goal(&self, &at: &usize) -> bool {
        at == self.goal
    }

    fn dense_states(&self) -> Option<usize> {
        Some(self.graph.len())
    }

    fn dense_index(&self, &at: &usize) -> usize {
        at
    }

    fn successors(&self, &at: &usize, _: Option<usize>, out: &mut Vec<Successor<usize, usize>>) {
        let here = self.graph.points[at];
        for &next in &self.graph.neighbours[at] {
            let d = here.distance(self.graph.points[next]);
            out.push(Successor {
                mv: next,
                state: next,
                // At least 1, as the searches require (two waypoints may
                // share a place). Within the coordinates' bounds a leg is
                // at most 2√2 * 10^9 thousandths: it fits, unclamped.
                cost: ((d * SCALE).ceil() as u32).max(1),
            });
        }
    }
}

/// A route through waypoints searched in slices, owning (a share of) its
/// graph: what a [`super::RouteSearch`] on waypoints runs. The same search
/// as [`Waypoints::shortest`], with a choice of estimate.
pub(crate) struct WaypointSearch {
    graph: Arc<Waypoints>,
    from: usize,
    search: BestFirst<Walk<Arc<Waypoints>>>,
}

impl WaypointSearch {
    /// A search from waypoint `from` to waypoint `to`, guided by
    /// `heuristic` (see [`Heuristic`]: measured between the waypoints'
    /// coordinates; with Manhattan or octile the route found may be longer
    /// than the shortest), recording the waypoints it expands.
    ///
    /// # Errors
    /// If either waypoint does not exist.
    pub(crate) fn new(
        graph: Arc<Waypoints>,
        from: usize,
        to: usize,
        heuristic: Heuristic,
    ) -> Result<WaypointSearch, String> {
        for (index, what) in [(from, "the start"), (to, "the goal")] {
            if index >= graph.len() {
                return Err(format!(
                    "{what} is waypoint {index}, but there are only {}",
                    graph.len()
                ));
            }
        }
        let walk = Walk {
            graph: graph.clone(),
            goal: to,
            heuristic,
        };
        let search = BestFirst::new(walk, from, 1.0).with_trace();
        Ok(WaypointSearch {
            graph,
            from,
            search,
        })
    }

    /// Searches on for about `budget` more expansions; once done, the
    /// route (its places and trace by waypoint index), or `None` if the
    /// two waypoints are not connected.
    pub(crate) fn run(&mut self, budget: u64) -> RouteStep {
        let route = match self.search.run(budget) {
            Step::Running => return RouteStep::Running,
            Step::Found(solution) => Some(self.graph.route(self.from, &solution)),
            Step::Exhausted(_) => None,
        };
        let trace = self
            .search
            .take_trace()
            .unwrap_or_default()
            .scaled((1.0 / SCALE) as f32);
        RouteStep::Done(route.map(|route| Found {
            places: route.path.iter().map(|&index| index as u32).collect(),
            distance: route.distance,
            expanded: route.expanded,
            trace,
        }))
    }

    /// Waypoints expanded so far.
    pub(crate) fn expanded(&self) -> u64 {
        self.search.progress().expanded
    }
}
