//! One route search as a job that runs in slices: the solver worker runs a
//! slice, reads its messages (a cancel, say), reports progress and runs the
//! next, so that a search on a large map never keeps the worker deaf. The
//! answer carries the order in which the search expanded its places, so
//! that the page can show the open and closed sets grow.

use std::sync::Arc;

use super::algorithm::{Algorithm, Query};
use super::found::RouteStep;
use super::grid::{Grid, Pixel};
use super::grid_search::GridSearch;
use super::heuristic::{Heuristic, Moves};
use super::router::Router;
use super::waypoints::{WaypointSearch, Waypoints};

/// A route search under way, owning what it searches.
pub struct RouteSearch {
    search: SearchOnMap,
}

/// The search on one kind of map, or what is left of it once finished.
enum SearchOnMap {
    Grid(GridSearch),
    Waypoints(WaypointSearch),
    /// Finished: how many places the search expanded.
    Done(u64),
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
        let query = Query::new(Algorithm::AStar, moves, heuristic, 1.0)
            .expect("A* at weight 1 takes any moves and estimate");
        RouteSearch::grid_query(grid, from, to, &query)
    }

    /// A search across `grid`'s pixels from `from` to `to` as `query`
    /// asks (its algorithm, moves, estimate and weight).
    ///
    /// # Errors
    /// As [`RouteSearch::grid`].
    pub fn grid_query(
        grid: Arc<Grid>,
        from: Pixel,
        to: Pixel,
        query: &Query,
    ) -> Result<RouteSearch, String> {
        Ok(RouteSearch {
            search: SearchOnMap::Grid(GridSearch::new(grid, from, to, query, None, true)?),
        })
    }

    /// [`RouteSearch::grid_query`] on `router`'s grid, taking from it what
    /// the jump point searches need (built once for the router) instead
    /// of building it for this search.
    ///
    /// # Errors
    /// As [`RouteSearch::grid`].
    pub fn routed(
        router: &Router,
        from: Pixel,
        to: Pixel,
        query: &Query,
    ) -> Result<RouteSearch, String> {
        RouteSearch::routed_traced(router, from, to, query, true)
    }

    /// [`RouteSearch::routed`], recording the search for playback only if
    /// `trace`: without, the route alone, its
    /// [`Found::trace`](super::Found::trace) empty, a sixth quicker on open
    /// maps (random512-10-0 natively, BENCHMARKS.md), for queries whose
    /// search no one watches.
    ///
    /// # Errors
    /// As [`RouteSearch::grid`].
    pub fn routed_traced(
        router: &Router,
        from: Pixel,
        to: Pixel,
        query: &Query,
        trace: bool,
    ) -> Result<RouteSearch, String> {
        let grid = router.grid().clone();
        let search = GridSearch::new(grid, from, to, query, Some(router), trace)?;
        Ok(RouteSearch {
            search: SearchOnMap::Grid(search),
        })
    }

    /// A search through `graph`'s waypoints from `from` to `to`, guided by
    /// `heuristic` measured between the waypoints' coordinates (the
    /// straight line never overestimates; Manhattan and octile may, and
    /// the route found may then be longer than the shortest; zero makes it
    /// Dijkstra's search).
    ///
    /// # Errors
    /// If either waypoint does not exist.
    pub fn waypoints(
        graph: Arc<Waypoints>,
        from: usize,
        to: usize,
        heuristic: Heuristic,
    ) -> Result<RouteSearch, String> {
        Ok(RouteSearch {
            search: SearchOnMap::Waypoints(WaypointSearch::new(graph, from, to, heuristic)?),
        })
    }

    /// Searches on for about `budget` more expansions (at least one), then
    /// returns: [`RouteStep::Running`] if the search is not over, else the
    /// route with every place expanded, in order. However the search is
    /// sliced, the answer is the same.
    ///
    /// # Panics
    /// If called again after it returned [`RouteStep::Done`].
    pub fn run(&mut self, budget: u64) -> RouteStep {
        let step = match &mut self.search {
            SearchOnMap::Grid(search) => search.run(budget),
            SearchOnMap::Waypoints(search) => search.run(budget),
            SearchOnMap::Done(_) => panic!("the search has finished"),
        };
        if matches!(step, RouteStep::Done(_)) {
            // The search and its map are let go of as soon as it is over;
            // only the count is still asked for.
            self.search = SearchOnMap::Done(self.expanded());
        }
        step
    }

    /// Places expanded so far (while the search runs, to report progress;
    /// once it is over, as many as [`Found::expanded`](super::Found::expanded)).
    pub fn expanded(&self) -> u64 {
        match &self.search {
            SearchOnMap::Grid(search) => search.expanded(),
            SearchOnMap::Waypoints(search) => search.expanded(),
            SearchOnMap::Done(expanded) => *expanded,
        }
    }
}
