//! A graph of waypoints on a floor plan and the shortest route through it.

use crate::search::{astar, Monitor, Problem, Progress, Successor, Unlimited};

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
pub struct Route {
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

impl Waypoints {
    /// A graph of `points` with `edges` (pairs of indices, either order,
    /// repeats allowed).
    ///
    /// # Errors
    /// A message naming the edge if it joins a waypoint to itself or names
    /// one that does not exist.
    pub fn new(points: Vec<Point>, edges: &[(usize, usize)]) -> Result<Waypoints, String> {
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
    pub fn shortest(&self, from: usize, to: usize) -> Option<Route> {
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
    ) -> Result<Option<Route>, Progress> {
        assert!(
            from < self.len() && to < self.len(),
            "a route joins two waypoints of the graph"
        );
        let problem = Walk {
            graph: self,
            goal: to,
        };
        let solution = astar(&problem, from, monitor).map_err(|stopped| stopped.progress)?;
        Ok(solution.map(|solution| {
            let mut path = Vec::with_capacity(solution.moves.len() + 1);
            path.push(from);
            path.extend(solution.moves);
            Route {
                distance: self.length(&path),
                path,
                expanded: solution.expanded,
            }
        }))
    }

    /// The length of a walk through `path`'s waypoints, leg by leg in
    /// straight lines (whether or not they are connected).
    ///
    /// # Panics
    /// If a waypoint does not exist.
    pub fn length(&self, path: &[usize]) -> f64 {
        path.windows(2)
            .map(|leg| self.points[leg[0]].distance(self.points[leg[1]]))
            .sum()
    }
}

/// The walk to one waypoint, as a search problem: states and moves are
/// waypoint indices (a move names the waypoint it goes to).
struct Walk<'a> {
    graph: &'a Waypoints,
    goal: usize,
}

impl Problem for Walk<'_> {
    type State = usize;
    type Move = usize;

    /// The straight line to the goal, rounded down: no route is shorter, and
    /// the legs' costs are rounded up, so it never overestimates.
    fn heuristic(&self, &at: &usize) -> u32 {
        let d = self.graph.points[at].distance(self.graph.points[self.goal]);
        (d * SCALE).floor() as u32
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
                // share a place).
                cost: ((d * SCALE).ceil() as u32).max(1),
            });
        }
    }
}
