//! The nodes format: one waypoint a line, `x y n1 n2 ...`, its pixel
//! coordinates and then the 0-based indices of the waypoints it connects
//! to. A connection goes both ways, listed on one side or both. The first
//! waypoint is the start and the last the goal. `#` starts a comment;
//! blank lines are ignored (and not counted as waypoints). A byte-order
//! mark at the start (as some editors write) is skipped. Coordinates are
//! from 0 to [`MAX_COORDINATE`] pixels.
//!
//! ```text
//! # start
//! 27 273 1 3 6
//! 21 128 0 2
//! 125 23 1
//! ```

use super::waypoints::{is_coordinate, Point, Waypoints, MAX_COORDINATE};
use crate::quote::quote;

/// Why a nodes text was refused: the line (1-based, counting every line
/// of the text) where that is known, and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodesError {
    /// The line at fault, if one is.
    pub line: Option<usize>,
    /// What is wrong, in lower case.
    pub reason: String,
}

impl std::fmt::Display for NodesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for NodesError {}

/// Reads a nodes text.
///
/// # Errors
/// With the line and the reason: a coordinate or index that is not a
/// number, a coordinate that is negative, not finite or beyond
/// [`MAX_COORDINATE`], a waypoint without both, an index with no waypoint,
/// a waypoint connected to itself; without a line: fewer than two
/// waypoints. A bad word is quoted with its invisible characters shown.
pub fn parse_nodes(text: &str) -> Result<Waypoints, NodesError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let at = |line: usize, reason: String| NodesError {
        line: Some(line),
        reason,
    };
    // Each waypoint's line, place and listed neighbours, checked once all
    // are known (a line may name a waypoint further down).
    let mut read: Vec<(usize, Point, Vec<usize>)> = Vec::new();
    for (number, line) in text.lines().enumerate().map(|(i, line)| (i + 1, line)) {
        let content = line.split('#').next().unwrap_or("");
        let mut words = content.split_whitespace();
        let Some(x) = words.next() else {
            continue;
        };
        let Some(y) = words.next() else {
            return Err(at(
                number,
                "a waypoint needs its x and y, then the waypoints it connects to".into(),
            ));
        };
        let coordinate = |word: &str, name: &str| match word.parse::<f64>() {
            Ok(value) if is_coordinate(value) && value >= 0.0 => Ok(value),
            Ok(_) => Err(at(
                number,
                format!(
                    "{name} {word} is not a pixel coordinate (0 to {MAX_COORDINATE})",
                    word = quote(word)
                ),
            )),
            Err(_) => Err(at(
                number,
                format!("{name} {word} is not a number", word = quote(word)),
            )),
        };
        let point = Point {
            x: coordinate(x, "x")?,
            y: coordinate(y, "y")?,
        };
        let neighbours = words
            .map(|word| {
                word.parse::<usize>().map_err(|_| {
                    at(
                        number,
                        format!(
                            "{word} is not a waypoint's index (0, 1, 2 ...)",
                            word = quote(word)
                        ),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        read.push((number, point, neighbours));
    }
    if read.len() < 2 {
        return Err(NodesError {
            line: None,
            reason: format!(
                "a route needs at least two waypoints, a start and a goal; this text has {}",
                read.len()
            ),
        });
    }
    let count = read.len();
    let mut edges = Vec::new();
    for (index, (number, _, neighbours)) in read.iter().enumerate() {
        for &other in neighbours {
            if other >= count {
                return Err(at(
                    *number,
                    format!(
                        "waypoint {other} does not exist: there are {count}, numbered 0 to {}",
                        count - 1
                    ),
                ));
            }
            if other == index {
                return Err(at(
                    *number,
                    format!("waypoint {index} cannot connect to itself"),
                ));
            }
            edges.push((index, other));
        }
    }
    let points = read.into_iter().map(|(_, point, _)| point).collect();
    Ok(Waypoints::new(points, &edges).expect("the connections were checked above"))
}

/// Writes `waypoints` in the nodes format, each connection listed on both
/// sides; [`parse_nodes`] reads it back to the same graph.
pub fn format_nodes(waypoints: &Waypoints) -> String {
    let mut text = String::new();
    for (index, point) in waypoints.points().iter().enumerate() {
        text.push_str(&format!("{} {}", point.x, point.y));
        for other in waypoints.neighbours(index) {
            text.push_str(&format!(" {other}"));
        }
        text.push('\n');
    }
    text
}
