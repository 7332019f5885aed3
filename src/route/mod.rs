//! Route finding: the shortest walk between two places of a floor plan.
//!
//! - [`waypoints`]: a graph of waypoints placed on a plan (pixel
//!   coordinates, the straight line between two connected ones walkable),
//!   searched by the generic A* ([`crate::search::astar()`]) with the
//!   straight-line distance as its estimate.
//! - [`nodes`]: the text format such graphs are written in.
//!
//! Everything here is plain Rust with no platform code, tested natively.

pub mod nodes;
pub mod waypoints;

pub use nodes::{format_nodes, parse_nodes, NodesError};
pub use waypoints::{Point, Route, Waypoints};
