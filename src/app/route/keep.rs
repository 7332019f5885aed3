//! Route finding's save format.

use std::cell::OnceCell;
use std::sync::Arc;

use super::map::{own_waypoints, pixel_of, Ends, Map, MapKind};
use super::walk::{Leg, Walk, Walker};
use super::{RouteFinding, IMAGE_MAX_PIXELS};
use crate::app::game::Game;
use crate::app::save::{escape, read_runs, unescape, write_runs, SaveFormat};
use crate::quote::quote;
use crate::route::{Algorithm, Grid, Heuristic, Point, Query, Waypoints, MAX_WEIGHT};

/// The most characters a map from the player's image may take in a save:
/// a detailed photograph's runs would fill the browser's storage.
pub const IMAGE_SAVE_MAX_CHARS: usize = 500_000;

/// Route finding's words. The rules, separated by `:`: the map (`office`,
/// `maze.W.H.SEED`, or `image.W.H.RUNS.NAME` or `drawn.W.H.RUNS.NAME` with
/// the walkable pixels' runs, see [`write_runs`]), the walk's id, the
/// estimate's name (followed by `,ALGORITHM,WEIGHT` when the search is not
/// the walk's own at weight 1: saves from before the search lab have
/// none), the
/// start and goal waypoints (`0-12`), the start and goal pixels
/// (`40,40-300,200`), and, only where they differ from the map's own, the
/// waypoints (`x,y;x,y/0-1`: points, then connections). A position is the
/// places walked through, start first, separated by `.` (waypoints by
/// number, pixels as `x,y`); a leg is its place's number.
impl SaveFormat for RouteFinding {
    const ID: &'static str = "route";

    fn write_rules(&self) -> Result<String, String> {
        let map = match &self.map.kind {
            MapKind::Office => "office".to_string(),
            MapKind::Maze { cells, seed } => format!("maze.{}.{}.{seed}", cells.0, cells.1),
            MapKind::Image { name } | MapKind::Drawn { name } => {
                let grid = &self.map.grid;
                let runs = write_runs(
                    (0..grid.height())
                        .flat_map(|y| (0..grid.width()).map(move |x| grid.is_walkable((x, y)))),
                );
                let image = matches!(self.map.kind, MapKind::Image { .. });
                if runs.len() > IMAGE_SAVE_MAX_CHARS {
                    return Err(if image {
                        "the map from your image is too detailed to keep in the browser"
                    } else {
                        "your map is too detailed to keep in the browser"
                    }
                    .into());
                }
                format!(
                    "{}.{}.{}.{runs}.{}",
                    if image { "image" } else { "drawn" },
                    grid.width(),
                    grid.height(),
                    escape(name)
                )
            }
        };
        let ends = self.ends;
        let mut search = self.heuristic.name().to_string();
        if self.algorithm != self.walk.own_algorithm() || self.weight != 1.0 {
            search.push_str(&format!(",{},{}", self.algorithm.name(), self.weight));
        }
        let mut rules = format!(
            "{map}:{}:{search}:{}-{}:{},{}-{},{}",
            self.walk.id(),
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
        let (heuristic, algorithm, weight) = read_search(heuristic, walk)?;
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
            algorithm,
            weight,
            ends: Ends {
                start_waypoint,
                goal_waypoint,
                start,
                goal,
            },
            earlier: Vec::new(),
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
        match self.map.kind {
            MapKind::Image { .. } => Some(
                "a map from your own image cannot be shared: the image stays on your device".into(),
            ),
            MapKind::Drawn { .. } => Some(
                "a map you drew or opened cannot be shared: it is kept in this browser only".into(),
            ),
            _ => None,
        }
    }
}

/// Reads the search written by [`RouteFinding::write_rules`]: `ESTIMATE`
/// alone (the walk's own algorithm at weight 1), or
/// `ESTIMATE,ALGORITHM,WEIGHT`, checked against the walk.
fn read_search(text: &str, walk: Walk) -> Result<(Heuristic, Algorithm, f64), String> {
    let mut parts = text.split(',');
    let name = parts.next().unwrap_or_default();
    let heuristic = Heuristic::named(name)
        .ok_or_else(|| format!("{name} is not an estimate", name = quote(name)))?;
    let (algorithm, weight) = match (parts.next(), parts.next(), parts.next()) {
        (None, ..) => (walk.own_algorithm(), 1.0),
        (Some(algorithm), Some(weight), None) => {
            let algorithm = Algorithm::named(algorithm).ok_or_else(|| {
                format!("{algorithm} is not a search", algorithm = quote(algorithm))
            })?;
            let weight: f64 = weight.parse().map_err(|_| {
                format!(
                    "{weight} is not a weight from 1 to {MAX_WEIGHT}",
                    weight = quote(weight)
                )
            })?;
            (algorithm, weight)
        }
        _ => {
            return Err(format!(
                "{text} is not a search: write an estimate, or an estimate, an algorithm and a weight separated by ','",
                text = quote(text)
            ))
        }
    };
    match walk.moves() {
        Some(moves) => {
            let query = Query::new(algorithm, moves, heuristic, weight)?;
            Ok((heuristic, query.algorithm(), query.weight()))
        }
        None => Ok((heuristic, algorithm, weight)),
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
        [kind @ ("image" | "drawn"), width, height, runs, name] => {
            let (width, height) = (number(width)?, number(height)?);
            if width.saturating_mul(height) > IMAGE_MAX_PIXELS {
                return Err(format!("a map of {width} x {height} pixels is too large"));
            }
            let grid = Grid::new(width, height, read_runs(runs, width * height)?)?;
            let mut map = Map::image(&unescape(name)?, grid)?;
            if *kind == "drawn" {
                map.kind = MapKind::Drawn {
                    name: unescape(name)?,
                };
            }
            Ok(map)
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
