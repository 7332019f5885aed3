//! What a route search answers, the same on grids and on waypoints.

pub use crate::search::trace::Trace;

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
    /// What the search did, expansion by expansion, by place, its costs in
    /// pixels: the places expanded in order (a place expanded again appears
    /// again) with their g, and the places each opened or improved with
    /// their g and h (see [`Trace`]), so that the page can show the open
    /// and closed sets, and any place's g, h and f, after any number of
    /// expansions.
    pub trace: Trace,
}

/// Where a search stands after a slice.
#[derive(Clone, Debug, PartialEq)]
pub enum RouteStep {
    /// Still searching: call [`super::RouteSearch::run`] again.
    Running,
    /// Finished: the route, or `None` if walls (or missing connections)
    /// part the start from the goal.
    Done(Option<Found>),
}
