//! Route finding's save format.

use std::cell::OnceCell;
use std::sync::Arc;

use super::map::{own_waypoints, pixel_of, Ends, Map, MapKind};
use super::walk::{Leg, Walk, Walker};
use super::{RouteFinding, IMAGE_MAX_PIXELS};
use crate::app::game::Game;
use crate::app::save::{escape, read_runs, unescape, write_runs, Keep};
use crate::quote::quote;
use crate::route::{Grid, Heuristic, Point, Waypoints};

/// The most characters a map from the player's image may take in a save:
/// a detailed photograph's runs would fill the browser's storage.
pub const IMAGE_SAVE_MAX_CHARS: usize = 500_000;

/// Route finding's words. The rules, separated by `:`: the map (`office`,
/// `maze.W.H.SEED`, or `image.W.H.RUNS.NAME` with the walkable pixels'
/// runs, see [`write_runs`]), the walk's id, the estimate's name, the
/// start and goal waypoints (`0-12`), the start and goal pixels
/// (`40,40-300,200`), and, only where they differ from the map's own, the
/// waypoints (`x,y;x,y/0-1`: points, then connections). A position is the
/// places walked through, start first, separated by `.` (waypoints by
/// number, pixels as `x,y`); a leg is its place's number.
impl Keep for RouteFinding {
    const ID: &'static str = "route";

    fn write_rules(&self) -> Result<String, String> {
        let map = match &self.map.kind {
            MapKind::Office => "office".to_string(),
            MapKind::Maze { cells, seed } => format!("maze.{}.{}.{seed}", cells.0, cells.1),
            MapKind::Image { name } => {
                let grid = &self.map.grid;
                let runs = write_runs(
                    (0..grid.height())
                        .flat_map(|y| (0..grid.width()).map(move |x| grid.is_walkable((x, y)))),
                );
                if runs.len() > IMAGE_SAVE_MAX_CHARS {
                    return Err(
                        "the map from your image is too detailed to keep in the browser".into(),
                    );
                }
                format!(
                    "image.{}.{}.{runs}.{}",
                    grid.width(),
                    grid.height(),
                    escape(name)
                )
            }
        };
        let ends = self.ends;
        let mut rules = format!(
            "{map}:{}:{}:{}-{}:{},{}-{},{}",
            self.walk.id(),
            self.heuristic.name(),
            ends.start_waypoint,
            ends.goal_waypoint,
            ends.start.0,
            ends.start.1,
            ends.goal.0,
            ends.goal.1
        );
        if self.map.waypoints.as_deref() != own_waypoints(&self.map.kind).as_ref() {
            let graph = self.map.waypoints.as_deref();
            let points: Vec<String> = graph.map_or_else(Vec::new, |g| {
                g.points()
                    .iter()
                    .map(|p| format!("{},{}", p.x, p.y))
                    .collect()
            });
            let edges: Vec<String> = graph.map_or_else(Vec::new, |g| {
                g.edges().iter().map(|(a, b)| format!("{a}-{b}")).collect()
            });
            rules.push_str(&format!(":{}/{}", points.join(";"), edges.join(";")));
        }
        Ok(rules)
    }

    fn read_rules(text: &str) -> Result<RouteFinding, String> {
        let parts: Vec<&str> = text.split(':').collect();
        let [map, walk, heuristic, waypoint_ends, pixel_ends, rest @ ..] = parts.as_slice() else {
            return Err(format!(
                "{text} is not route rules: they have at least five parts separated by ':'",
                text = quote(text)
            ));
        };
        let mut map = read_map(map)?;
        let walk = Walk::named(walk)
            .ok_or_else(|| format!("{walk} is not a way to walk", walk = quote(walk)))?;
        let heuristic = Heuristic::named(heuristic).ok_or_else(|| {
            format!(
                "{heuristic} is not an estimate",
                heuristic = quote(heuristic)
            )
        })?;
        match rest {
            [] => {}
            [waypoints] => {
                let graph = read_waypoints(waypoints)?;
                for (index, point) in graph.points().iter().enumerate() {
                    if !map.grid.is_walkable(pixel_of(*point)) {
                        return Err(format!(
                            "waypoint {index} ({}, {}) is off this map or on a wall",
                            point.x, point.y
                        ));
                    }
                }
                map.waypoints = Some(Arc::new(graph));
            }
            _ => return Err("route rules have at most six parts".into()),
        }
        let pair = |text: &str, what: &str| -> Result<(usize, usize), String> {
            text.split_once(['-', ','])
                .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                .ok_or_else(|| format!("{text} is not {what}", text = quote(text)))
        };
        let (start_waypoint, goal_waypoint) = pair(waypoint_ends, "a start and a goal waypoint")?;
        let count = map.waypoints.as_ref().map_or(0, |w| w.len());
        if (start_waypoint >= count || goal_waypoint >= count)
            && !(count == 0 && start_waypoint == 0 && goal_waypoint == 0)
        {
            return Err(format!(
                "the start and goal waypoints ({start_waypoint} and {goal_waypoint}) are not both on this map, which has {count}"
            ));
        }
        let (start, goal) = pixel_ends.split_once('-').ok_or_else(|| {
            format!(
                "{pixel_ends} is not a start and a goal",
                pixel_ends = quote(pixel_ends)
            )
        })?;
        let (start, goal) = (pair(start, "a pixel")?, pair(goal, "a pixel")?);
        for (pixel, what) in [(start, "start"), (goal, "goal")] {
            if !map.grid.is_walkable(pixel) {
                return Err(format!(
                    "the {what} ({}, {}) is off this map or on a wall",
                    pixel.0, pixel.1
                ));
            }
        }
        if walk == Walk::Waypoints && map.route_waypoints().is_none() {
            return Err("this map has no waypoints to walk".into());
        }
        Ok(RouteFinding {
            map,
            walk,
            heuristic,
            ends: Ends {
                start_waypoint,
                goal_waypoint,
                start,
                goal,
            },
            shortest: OnceCell::new(),
        })
    }

    fn write_state(&self, walker: &Walker) -> String {
        self.format_position(walker).replace(' ', ".")
    }

    /// Read as a walk typed in is: every leg must be legal.
    fn read_state(&self, text: &str) -> Result<Walker, String> {
        if text.contains(char::is_whitespace) {
            return Err(format!(
                "{text} is not a walk: its places are separated by '.'",
                text = quote(text)
            ));
        }
        self.parse_position(&text.replace('.', " "))
    }

    fn write_move(&self, leg: Leg) -> String {
        leg.to.to_string()
    }

    fn read_move(&self, text: &str) -> Result<Leg, String> {
        text.parse()
            .map(|to| Leg { to })
            .map_err(|_| format!("{text} is not a place to walk to", text = quote(text)))
    }

    fn move_between(&self, before: &Walker, after: &Walker) -> Option<Leg> {
        let link = after.trail.0.as_ref()?;
        (after.legs == before.legs + 1 && link.before == before.trail)
            .then_some(Leg { to: after.at })
    }

    fn moves_to(&self, walker: &Walker) -> Vec<Leg> {
        walker
            .places()
            .into_iter()
            .skip(1)
            .map(|to| Leg { to })
            .collect()
    }

    fn start_of(&self, _: &Walker) -> Walker {
        self.start()
    }

    fn unshareable(&self) -> Option<String> {
        matches!(self.map.kind, MapKind::Image { .. }).then(|| {
            "a map from your own image cannot be shared: the image stays on your device".into()
        })
    }
}

/// Reads a map written by [`RouteFinding::write_rules`].
fn read_map(text: &str) -> Result<Map, String> {
    let parts: Vec<&str> = text.split('.').collect();
    let number = |text: &str| -> Result<usize, String> {
        text.parse()
            .map_err(|_| format!("{text} is not a size", text = quote(text)))
    };
    match parts.as_slice() {
        ["office"] => Ok(Map::office()),
        ["maze", wide, high, seed] => {
            let seed = seed
                .parse()
                .map_err(|_| format!("{seed} is not a maze's seed", seed = quote(seed)))?;
            Map::maze(number(wide)?, number(high)?, seed)
        }
        ["image", width, height, runs, name] => {
            let (width, height) = (number(width)?, number(height)?);
            if width.saturating_mul(height) > IMAGE_MAX_PIXELS {
                return Err(format!("a map of {width} x {height} pixels is too large"));
            }
            let grid = Grid::new(width, height, read_runs(runs, width * height)?)?;
            Map::image(&unescape(name)?, grid)
        }
        _ => Err(format!("{text} is not a map", text = quote(text))),
    }
}

/// Reads waypoints written as `x,y;x,y/a-b;a-b`.
fn read_waypoints(text: &str) -> Result<Waypoints, String> {
    let (points, edges) = text.split_once('/').ok_or_else(|| {
        format!(
            "{text} is not waypoints: write the points, '/', then the connections",
            text = quote(text)
        )
    })?;
    let coordinate = |text: &str| -> Option<f64> {
        text.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
    };
    let points = points
        .split(';')
        .filter(|p| !p.is_empty())
        .map(|point| {
            point
                .split_once(',')
                .and_then(|(x, y)| {
                    Some(Point {
                        x: coordinate(x)?,
                        y: coordinate(y)?,
                    })
                })
                .ok_or_else(|| format!("{point} is not a waypoint", point = quote(point)))
        })
        .collect::<Result<Vec<Point>, String>>()?;
    let edges = edges
        .split(';')
        .filter(|e| !e.is_empty())
        .map(|edge| {
            edge.split_once('-')
                .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                .ok_or_else(|| format!("{edge} is not a connection", edge = quote(edge)))
        })
        .collect::<Result<Vec<(usize, usize)>, String>>()?;
    Waypoints::new(points, &edges)
}
