//! What only route finding does on a [`Session`]: maps, walks, estimates,
//! start and goal, the waypoint editor.

use std::sync::Arc;

use super::game::WORDS;
use super::map::{pixel_of, Ends, Map};
use super::walk::Walk;
use super::{Mode, RouteFinding, RouteGame};
use crate::app::play::Play;
use crate::app::session::Session;
use crate::app::wording::capitalise;
use crate::app::workers::SolverQueue;
use crate::route::{parse_nodes, Algorithm, Heuristic, Query};

/// What only route finding does: maps, walks, estimates, start and goal,
/// the waypoint editor.
impl Session<RouteFinding> {
    /// A game on `map` with its default walk.
    pub fn on_map(map: Map) -> RouteGame {
        let walk = map.default_walk();
        RouteGame::walking(map, walk)
    }

    /// A game on `map` with `walk` (see [`RouteFinding::new`]).
    pub fn walking(map: Map, walk: Walk) -> RouteGame {
        let rules = RouteFinding::new(map, walk);
        let start = rules.start();
        Session::new(rules, start)
    }

    /// Plays on another map, with its default walk and that walk's best
    /// estimate.
    pub fn load_map(&mut self, map: Map, solver: &mut dyn SolverQueue) {
        let walk = map.default_walk();
        let mut rules = RouteFinding::new(map, walk);
        // The search chosen stays chosen where the new map's walk allows it.
        let (algorithm, weight) = (self.game().algorithm, self.game().weight);
        if let Some(moves) = walk.moves() {
            if let Ok(query) = Query::new(algorithm, moves, rules.heuristic, weight) {
                if query.moves() == moves {
                    (rules.algorithm, rules.weight) = (query.algorithm(), query.weight());
                }
            }
        }
        let start = rules.start();
        self.set_game(rules, solver);
        self.new_game(start, solver);
        self.zoom_to_fit();
    }

    /// Changes the walk, starting again from the start.
    ///
    /// # Errors
    /// Walking waypoints on a map with fewer than two.
    pub fn set_walk(&mut self, walk: Walk, solver: &mut dyn SolverQueue) -> Result<(), String> {
        if walk == self.game().walk {
            return Ok(());
        }
        if walk == Walk::Waypoints && self.game().map.route_waypoints().is_none() {
            return Err(
                "this map has no waypoints to walk: add at least two with Edit waypoints".into(),
            );
        }
        let rules = self.game().with(|rules| {
            rules.walk = walk;
            rules.heuristic = walk.best_estimate();
            rules.algorithm = fitting_algorithm(rules.algorithm, walk);
        });
        let start = rules.start();
        self.set_game(rules, solver);
        self.new_game(start, solver);
        Ok(())
    }

    /// Changes the search the solver runs across pixels, and its
    /// estimate's weight; the walk so far is kept. Theta* walks at any
    /// angle, so choosing it (or another search while walking at any
    /// angle, which then walks 8 ways) changes the walk too, from the
    /// start.
    ///
    /// # Errors
    /// A pair that cannot be walked (jump point search 4-connected; the
    /// reason), a weight out of range, any search on waypoints but A*.
    pub fn set_search(
        &mut self,
        algorithm: Algorithm,
        weight: f64,
        solver: &mut dyn SolverQueue,
    ) -> Result<(), String> {
        let rules = self.game();
        if rules.algorithm == algorithm && rules.weight == weight {
            return Ok(());
        }
        let rules = rules.searching(algorithm, weight)?;
        let walk_changed = rules.walk != self.game().walk;
        let start = rules.start();
        self.set_game(rules, solver);
        if walk_changed {
            self.new_game(start, solver);
        }
        Ok(())
    }

    /// Changes the solver's estimate; the walk so far is kept.
    pub fn set_heuristic(&mut self, heuristic: Heuristic, solver: &mut dyn SolverQueue) {
        if heuristic != self.game().heuristic {
            let rules = self.game().with(|rules| rules.heuristic = heuristic);
            self.set_game(rules, solver);
        }
    }

    /// What a click on the map does.
    pub fn set_mode(&mut self, mode: Mode, solver: &mut dyn SolverQueue) {
        self.cancel_quietly(solver);
        // Walls are drawn on pixels: a walk over waypoints walks 8 ways
        // while they are.
        if mode == Mode::Walls
            && self.ui().mode != Mode::Walls
            && self.game().walk == Walk::Waypoints
        {
            let _ = self.set_walk(Walk::Eight, solver);
        }
        let ui = self.ui_mut();
        ui.mode = if ui.mode == mode { Mode::Walk } else { mode };
        ui.selected = None;
        ui.stroke = None;
        self.set_note(String::new());
    }

    /// Reads waypoints in the nodes format onto this map (the first the
    /// start, the last the goal) and walks them.
    ///
    /// # Errors
    /// The text's line and reason, or a waypoint off the map or on a wall.
    pub fn load_nodes(&mut self, text: &str, solver: &mut dyn SolverQueue) -> Result<(), String> {
        let graph = parse_nodes(text).map_err(|error| capitalise(&error.to_string()))?;
        let grid = &self.game().map.grid;
        for (index, point) in graph.points().iter().enumerate() {
            let pixel = pixel_of(*point);
            if !grid.is_walkable(pixel) {
                return Err(format!(
                    "Waypoint {index} ({}, {}) is off this map or on a wall.",
                    point.x, point.y
                ));
            }
        }
        let last = graph.len() - 1;
        let rules = self.game().with(|rules| {
            let (start, goal) = (pixel_of(graph.point(0)), pixel_of(graph.point(last)));
            rules.ends = Ends {
                start_waypoint: 0,
                goal_waypoint: last,
                start,
                goal,
            };
            rules.map.waypoints = Some(Arc::new(graph));
            rules.walk = Walk::Waypoints;
            rules.heuristic = Walk::Waypoints.best_estimate();
        });
        let start = rules.start();
        self.set_game(rules, solver);
        self.new_game(start, solver);
        self.set_note(WORDS.loaded.into());
        Ok(())
    }

    /// The walk so far, as the status shows it.
    pub fn distance_text(&self) -> String {
        format!("Walked: {:.1}", self.state().travelled)
    }

    /// The places of the best route known from where the walker stands, the
    /// current place first (for drawing the route Solve walks).
    pub fn known_route(&self) -> Option<Vec<u32>> {
        let legs = self.known_remaining()?;
        let mut places = vec![self.state().at];
        places.extend(legs.iter().map(|leg| leg.to));
        Some(places)
    }
}

impl RouteFinding {
    /// These rules searching with `algorithm` and `weight` (see
    /// [`RouteGame::set_search`]): as a link asks, before a game is made.
    ///
    /// # Errors
    /// As [`RouteGame::set_search`].
    pub fn searching(&self, algorithm: Algorithm, weight: f64) -> Result<RouteFinding, String> {
        let Some(moves) = self.walk.moves() else {
            return Err(
                "on waypoints the search is A*: choose 4 ways, 8 ways or any angle to try others"
                    .into(),
            );
        };
        let walk = match (algorithm, moves) {
            (Algorithm::Theta, _) => Walk::AnyAngle,
            (_, crate::route::Moves::AnyAngle) => Walk::Eight,
            _ => self.walk,
        };
        let heuristic = if walk == self.walk {
            self.heuristic
        } else {
            walk.best_estimate()
        };
        let moves = walk.moves().expect("a walk across pixels");
        let query = Query::new(algorithm, moves, heuristic, weight)?;
        Ok(self.with(|rules| {
            rules.walk = walk;
            rules.heuristic = heuristic;
            (rules.algorithm, rules.weight) = (query.algorithm(), query.weight());
        }))
    }
}

impl RouteFinding {
    /// These rules searching as a link asks (`?algorithm=NAME&weight=W`,
    /// either or both), with a sentence for the page when the link asks
    /// for what cannot be (an unknown search, a weight out of range, jump
    /// point search 4 ways): the rules are then left as they were.
    pub fn searching_as_linked(
        &self,
        algorithm: Option<&str>,
        weight: Option<&str>,
    ) -> (RouteFinding, Option<String>) {
        if algorithm.is_none() && weight.is_none() {
            return (self.clone(), None);
        }
        let chosen = match algorithm.map(str::trim) {
            None => Ok(self.algorithm),
            Some(name) => Algorithm::named(name).ok_or_else(|| {
                format!(
                    "there is no search called {} (there are {})",
                    crate::quote::quote(name),
                    Algorithm::ALL
                        .iter()
                        .map(|a| format!("'{}'", a.name()))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }),
        };
        let weight = match weight.map(str::trim) {
            None => Ok(self.weight),
            Some(text) => text
                .parse::<f64>()
                .map_err(|_| format!("{} is not a weight", crate::quote::quote(text))),
        };
        let rules = chosen
            .and_then(|algorithm| Ok((algorithm, weight?)))
            .and_then(|(algorithm, weight)| self.searching(algorithm, weight));
        match rules {
            Ok(rules) => (rules, None),
            Err(reason) => (
                self.clone(),
                Some(format!(
                    "The link's search cannot be run: {reason}; searching with {} instead.",
                    self.algorithm.label()
                )),
            ),
        }
    }
}

/// The search to keep when the walk becomes `walk`: Theta* at any angle
/// and only there, and no jump point search 4-connected (A* instead).
fn fitting_algorithm(algorithm: Algorithm, walk: Walk) -> Algorithm {
    match walk {
        Walk::AnyAngle => Algorithm::Theta,
        Walk::Four if algorithm.needs_eight() => Algorithm::AStar,
        _ if algorithm == Algorithm::Theta => Algorithm::AStar,
        _ => algorithm,
    }
}
