//! Route finding: the shortest walk between two places of a floor plan.
//!
//! - [`waypoints`]: a graph of waypoints placed on a plan (pixel
//!   coordinates, the straight line between two connected ones walkable),
//!   searched by the generic A* ([`crate::search::astar()`]) with the
//!   straight-line distance as its estimate.
//! - [`nodes`]: the text format such graphs are written in.
//! - [`grid`]: maps as grids of walkable pixels (from an image's
//!   lightness), searched 4- or 8-connected with a choice of estimate.
//! - [`mod@maze`]: seeded perfect mazes, as grids.
//! - [`plan`]: the built-in office, drawn by the project as walls, doors,
//!   furniture and labelled rooms, with its grid and its waypoints.
//! - [`job`]: one search on either kind of map, run in slices (the
//!   resumable [`crate::search::BestFirst`] and
//!   [`crate::search::ThetaStar`]), with the order it expanded its places
//!   (what the page shows growing); on waypoints with a choice of
//!   estimate.
//!
//! Everything here is plain Rust with no platform code, tested natively.

pub mod grid;
pub mod job;
pub mod maze;
pub mod nodes;
pub mod plan;
pub mod waypoints;

pub use grid::{Grid, GridRoute, Heuristic, Moves, Pixel, SightLines, MAX_PIXELS, MAX_SIDE};
pub use job::{Found, RouteSearch, RouteStep};
pub use maze::{maze, Maze};
pub use nodes::{format_nodes, parse_nodes, NodesError};
pub use plan::{office, FloorPlan, Furniture, Obstacle, Rect, Room};
pub use waypoints::{Point, Route, Waypoints, MAX_COORDINATE};
