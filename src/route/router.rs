//! A grid ready to answer many queries: what a scenario file, a benchmark
//! or the page's map reuses, holding whatever an algorithm precomputes
//! once per map (JPS+'s jump distances), so that each query pays only for
//! its own search.

use std::sync::Arc;

use super::algorithm::Query;
use super::grid::{Grid, GridRoute, Pixel};

/// A grid and what `algorithm` precomputed on it.
pub struct Router {
    grid: Arc<Grid>,
}

impl Router {
    /// `grid` made ready for queries of `query`'s algorithm: the
    /// precomputing (if the algorithm has any) happens here, once, so that
    /// the caller can time it apart from the queries.
    pub fn new(grid: Arc<Grid>, query: &Query) -> Router {
        // The lead's skeleton for the round: nothing is precomputed until
        // JPS+ is written (h15).
        let _ = query;
        Router { grid }
    }

    /// The grid.
    pub fn grid(&self) -> &Arc<Grid> {
        &self.grid
    }

    /// The route `query` finds from `from` to `to`, as [`Grid::route`]
    /// answers it; `query`'s algorithm must be the one the router was made
    /// for.
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall.
    pub fn route(
        &self,
        from: Pixel,
        to: Pixel,
        query: &Query,
    ) -> Result<Option<GridRoute>, String> {
        self.grid.route(from, to, query)
    }
}
