//! What a route search answers, the same on grids and on waypoints.

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
    /// Still searching: call [`super::RouteSearch::run`] again.
    Running,
    /// Finished: the route, or `None` if walls (or missing connections)
    /// part the start from the goal.
    Done(Option<Found>),
}
