//! Route finding: the shortest walk between two places of a floor plan.
//!
//! - [`waypoints`]: a graph of waypoints placed on a plan (pixel
//!   coordinates, the straight line between two connected ones walkable),
//!   searched by the generic A* ([`crate::search::astar()`]) with the
//!   straight-line distance as its estimate.
//! - [`nodes`]: the text format such graphs are written in.
//! - [`grid`]: maps as grids of walkable pixels (from an image's
//!   lightness); [`grid_search`] searches them 4- or 8-connected with a
//!   choice of estimate, or at any angle along [`sight`] lines.
//! - [`algorithm`]: which search a grid query runs (A*, jump point
//!   searches, Dijkstra, best-first, breadth-first, bidirectional,
//!   Theta*), checked with its moves, estimate and weight.
//! - [`jps`]: jump point search over the map's rows and columns as bits;
//!   [`jps_plus`]: JPS+, its jumps read from a table computed per map;
//!   [`dead_ends`]: a map's dead ends cut away once, JPS+ searching only
//!   what is left.
//! - [`heuristic`]: the kinds of moves and the estimates, their names and
//!   labels, and which estimate never overestimates for which moves.
//! - [`landmarks`]: differential heuristics, walking distances from a
//!   few pixels measured once per map, a far tighter estimate on mazes.
//! - [`mod@maze`]: seeded perfect mazes, as grids.
//! - [`movingai`]: the Moving AI Lab's benchmark maps (`.map`) and
//!   scenario files (`.map.scen`).
//! - [`plan`]: the built-in office, drawn by the project as walls, doors,
//!   furniture and labelled rooms, with its grid and its waypoints.
//! - [`router`]: a grid ready for many queries, with what an algorithm
//!   precomputes once per map.
//! - [`found`]: what a search answers, on either kind of map.
//! - [`job`]: one search on either kind of map, run in slices (the
//!   resumable [`crate::search::BestFirst`] and
//!   [`crate::search::ThetaStar`]), with the order it expanded its places
//!   (what the page shows growing); on waypoints with a choice of
//!   estimate.
//!
//! Everything here is plain Rust with no platform code, tested natively.

pub mod algorithm;
pub mod dead_ends;
pub mod found;
pub mod grid;
pub mod grid_search;
pub mod heuristic;
pub mod job;
pub mod jps;
pub mod jps_plus;
pub mod landmarks;
pub mod maze;
pub mod meeting_jps;
pub mod movingai;
pub mod nodes;
pub mod plan;
pub mod router;
pub mod sight;
pub mod waypoints;

pub use algorithm::{Algorithm, Query, MAX_WEIGHT};
pub use dead_ends::DeadEnds;
pub use found::{Found, RouteStep, Trace};
pub use grid::{Grid, GridRoute, Pixel, MAX_PIXELS, MAX_SIDE};
pub use heuristic::{Heuristic, Moves};
pub use job::RouteSearch;
pub use landmarks::{Landmarks, LANDMARKS};
pub use maze::{maze, Maze};
pub use movingai::{parse_map, parse_scenarios, MapError, ScenError, Scenario};
pub use nodes::{format_nodes, parse_nodes, NodesError};
pub use plan::{office, FloorPlan, Furniture, Obstacle, Rect, Room};
pub use router::Router;
pub use sight::SightLines;
pub use waypoints::{Point, WaypointRoute, Waypoints, MAX_COORDINATE};
