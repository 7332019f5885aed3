//! The shortest walk across a grid from pixel to pixel: 4-connected (up,
//! down, left, right) or 8-connected (diagonals too, never squeezing
//! between two walls that touch at a corner) by the generic A* with a
//! choice of estimate, or at any angle by Lazy Theta*; whole, or in slices.

use std::ops::Deref;
use std::sync::Arc;

use super::algorithm::{Algorithm, Query};
use super::found::{Found, RouteStep};
use super::grid::{path_length, Grid, GridRoute, Pixel, Stopped};
use super::heuristic::{Heuristic, Moves};
use super::sight::Sight;
use crate::search::{
    astar, theta_star, AnyAnglePath, AnyAngleStep, BestFirst, Interrupted, Monitor, Problem,
    Solution, Step, Successor, ThetaStar, Unlimited,
};

/// A straight step's cost, and a diagonal one's: 985 and 1393 stand in
/// for 1 and √2 (1393 / 985 is within 2 parts in 10 million of √2), so
/// that costs are whole numbers and a walk found is the shortest to within
/// a few parts in ten million.
const STRAIGHT: u32 = 985;
const DIAGONAL: u32 = 1393;

impl Grid {
    /// The shortest walk from `from` to `to` with `moves`, guided by
    /// `heuristic`; `Ok(None)` if walls part them. With
    /// [`Heuristic::Manhattan`] and [`Moves::Eight`] the walk may be longer
    /// than the shortest (that estimate can overestimate).
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall.
    pub fn shortest(
        &self,
        from: Pixel,
        to: Pixel,
        moves: Moves,
        heuristic: Heuristic,
    ) -> Result<Option<GridRoute>, String> {
        match self.shortest_with(from, to, moves, heuristic, &mut Unlimited) {
            Ok(route) => Ok(route),
            Err(Stopped::Bad(reason)) => Err(reason),
            Err(Stopped::Interrupted(_)) => unreachable!("an unlimited search is never stopped"),
        }
    }

    /// [`Grid::shortest`] under `monitor`, which sees the progress and may
    /// stop the search.
    ///
    /// # Errors
    /// [`Stopped::Bad`] for a start or goal off the map or on a wall,
    /// [`Stopped::Interrupted`] with the progress if `monitor` stopped it.
    pub fn shortest_with<M: Monitor + ?Sized>(
        &self,
        from: Pixel,
        to: Pixel,
        moves: Moves,
        heuristic: Heuristic,
        monitor: &mut M,
    ) -> Result<Option<GridRoute>, Stopped> {
        self.check(from, "the start").map_err(Stopped::Bad)?;
        self.check(to, "the goal").map_err(Stopped::Bad)?;
        let stopped = |stopped: Interrupted| Stopped::Interrupted(stopped.progress);
        if moves == Moves::AnyAngle {
            let sight = Sight::new(self, to);
            let path = theta_star(&sight, from, monitor).map_err(stopped)?;
            return Ok(path.map(sight_route));
        }
        let walk = Walk::new(self, to, moves, heuristic);
        let solution = astar(&walk, self.index(from), monitor).map_err(stopped)?;
        Ok(solution.map(|solution| walk_route(self, from, &solution)))
    }
}

impl Grid {
    /// The route `query` finds from `from` to `to` (see
    /// [`Query::proves_shortest`] for when it is a shortest one);
    /// `Ok(None)` if walls part them.
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall.
    pub fn route(
        &self,
        from: Pixel,
        to: Pixel,
        query: &Query,
    ) -> Result<Option<GridRoute>, String> {
        // The lead's skeleton for the round: every algorithm runs as the
        // A* of its estimate until its own search is written (h15).
        let heuristic = match query.algorithm() {
            Algorithm::Dijkstra | Algorithm::Bfs => Heuristic::Zero,
            _ => query.heuristic(),
        };
        self.shortest(from, to, query.moves(), heuristic)
    }
}

/// The walk as [`Grid::shortest`] returns it, from what the search found.
fn walk_route(grid: &Grid, from: Pixel, solution: &Solution<u32>) -> GridRoute {
    let mut pixels = Vec::with_capacity(solution.moves.len() + 1);
    pixels.push(from);
    pixels.extend(solution.moves.iter().map(|&cell| grid.pixel(cell)));
    GridRoute {
        distance: path_length(&pixels),
        pixels,
        expanded: solution.expanded,
    }
}

/// The any-angle route as [`Grid::shortest`] returns it, from what the
/// search found.
fn sight_route(path: AnyAnglePath<Pixel>) -> GridRoute {
    GridRoute {
        distance: path_length(&path.corners),
        pixels: path.corners,
        expanded: path.expanded,
    }
}

/// The walk to one pixel, as a search problem: states are pixels' indices,
/// and a move names the pixel it goes to. Generic over how it holds the
/// grid: borrowed by [`Grid::shortest`], shared by a [`GridSearch`] that
/// must own what it searches.
struct Walk<G: Deref<Target = Grid>> {
    grid: G,
    goal: Pixel,
    moves: Moves,
    heuristic: Heuristic,
}

impl<G: Deref<Target = Grid>> Walk<G> {
    fn new(grid: G, goal: Pixel, moves: Moves, heuristic: Heuristic) -> Self {
        Walk {
            grid,
            goal,
            moves,
            heuristic,
        }
    }
}

impl<G: Deref<Target = Grid>> Problem for Walk<G> {
    type State = u32;
    type Move = u32;

    fn heuristic(&self, &at: &u32) -> u32 {
        let (x, y) = self.grid.pixel(at);
        let dx = x.abs_diff(self.goal.0) as u32;
        let dy = y.abs_diff(self.goal.1) as u32;
        match self.heuristic {
            Heuristic::Manhattan => STRAIGHT * (dx + dy),
            Heuristic::Octile => {
                let (long, short) = (dx.max(dy), dx.min(dy));
                STRAIGHT * (long - short) + DIAGONAL * short
            }
            Heuristic::Chebyshev => STRAIGHT * dx.max(dy),
            // Shrunk so that a diagonal's is exactly DIAGONAL (which is a
            // hair under √2 straight steps), and rounded down: never over
            // any path's cost.
            Heuristic::Euclidean => {
                let shrink = f64::from(DIAGONAL) / (f64::from(STRAIGHT) * std::f64::consts::SQRT_2);
                (f64::from(STRAIGHT) * shrink * f64::from(dx).hypot(f64::from(dy))).floor() as u32
            }
            Heuristic::Zero => 0,
        }
    }

    fn is_goal(&self, &at: &u32) -> bool {
        self.grid.pixel(at) == self.goal
    }

    fn dense_states(&self) -> Option<usize> {
        Some(self.grid.width * self.grid.height)
    }

    fn dense_index(&self, &at: &u32) -> usize {
        at as usize
    }

    fn successors(&self, &at: &u32, _: Option<u32>, out: &mut Vec<Successor<u32, u32>>) {
        let grid = &*self.grid;
        grid.each_step(
            grid.pixel(at),
            self.moves == Moves::Eight,
            |next, diagonal| {
                out.push(Successor {
                    mv: grid.index(next),
                    state: grid.index(next),
                    cost: if diagonal { DIAGONAL } else { STRAIGHT },
                });
            },
        );
    }
}

/// A walk across a grid searched in slices, owning (a share of) its map:
/// what a [`super::RouteSearch`] on a grid runs. The same search, with the
/// same estimates, as [`Grid::shortest`], and the same answers.
pub(crate) struct GridSearch {
    grid: Arc<Grid>,
    from: Pixel,
    search: Slices,
}

/// The search under way, by the kind of moves.
enum Slices {
    /// 4- or 8-connected: A*.
    Steps(BestFirst<Walk<Arc<Grid>>>),
    /// At any angle: Lazy Theta*.
    AnyAngle(ThetaStar<Sight<Arc<Grid>>>),
}

impl GridSearch {
    /// A search from `from` to `to` with `moves`, guided by `heuristic`
    /// (at any angle always the straight line), recording the pixels it
    /// expands.
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall (worded as by
    /// [`Grid::shortest`]).
    pub(crate) fn new(
        grid: Arc<Grid>,
        from: Pixel,
        to: Pixel,
        moves: Moves,
        heuristic: Heuristic,
        weight: f64,
    ) -> Result<GridSearch, String> {
        grid.check(from, "the start")?;
        grid.check(to, "the goal")?;
        let search = if moves == Moves::AnyAngle {
            Slices::AnyAngle(ThetaStar::new(Sight::new(grid.clone(), to), from).with_trace())
        } else {
            let walk = Walk::new(grid.clone(), to, moves, heuristic);
            Slices::Steps(BestFirst::new(walk, grid.index(from), weight).with_trace())
        };
        Ok(GridSearch { grid, from, search })
    }

    /// Searches on for about `budget` more expansions; once done, the
    /// route (its places and trace by pixel index, `y * width + x`), or
    /// `None` if walls part the start from the goal.
    pub(crate) fn run(&mut self, budget: u64) -> RouteStep {
        let route = match &mut self.search {
            Slices::Steps(search) => match search.run(budget) {
                Step::Running => return RouteStep::Running,
                Step::Found(solution) => Some(walk_route(&self.grid, self.from, &solution)),
                Step::Exhausted(_) => None,
            },
            Slices::AnyAngle(search) => match search.run(budget) {
                AnyAngleStep::Running => return RouteStep::Running,
                AnyAngleStep::Found(path) => Some(sight_route(path)),
                AnyAngleStep::Exhausted => None,
            },
        };
        // In pixels: a straight step costs STRAIGHT; Theta* measures
        // pixels already.
        let trace = match &mut self.search {
            Slices::Steps(search) => search
                .take_trace()
                .map(|trace| trace.scaled(1.0 / STRAIGHT as f32)),
            Slices::AnyAngle(search) => search.take_trace(),
        };
        RouteStep::Done(route.map(|route| {
            Found {
                places: route
                    .pixels
                    .iter()
                    .map(|&pixel| self.grid.index(pixel))
                    .collect(),
                distance: route.distance,
                expanded: route.expanded,
                trace: trace.unwrap_or_default(),
            }
        }))
    }

    /// Pixels expanded so far.
    pub(crate) fn expanded(&self) -> u64 {
        match &self.search {
            Slices::Steps(search) => search.progress().expanded,
            Slices::AnyAngle(search) => search.progress().expanded,
        }
    }
}
