//! The waypoint editor and setting the start and goal by clicking.

use std::sync::Arc;

use super::map::pixel_of;
use super::walk::Walk;
use super::{Mode, RouteAction, RouteFinding, RouteUi};
use crate::app::game::Action;
use crate::app::grid::BoardLayout;
use crate::app::wording::capitalise;
use crate::route::{Pixel, Point, Waypoints};

impl RouteFinding {
    /// These rules with other waypoints (start and goal kept where they
    /// still exist).
    pub(super) fn with_waypoints(&self, graph: Waypoints) -> RouteFinding {
        let count = graph.len();
        self.with(|rules| {
            rules.map.waypoints = Some(Arc::new(graph));
            rules.ends.start_waypoint = rules.ends.start_waypoint.min(count.saturating_sub(1));
            rules.ends.goal_waypoint = rules.ends.goal_waypoint.min(count.saturating_sub(1));
        })
    }

    /// A map pixel (from CSS pixels on the board laid out on `layout`).
    pub(super) fn map_point(&self, layout: &BoardLayout, (x, y): (f64, f64)) -> (f64, f64) {
        (
            x * self.map.width() as f64 / layout.width,
            y * self.map.height() as f64 / layout.height,
        )
    }

    /// Map pixels per CSS pixel.
    pub(super) fn map_per_css(&self, layout: &BoardLayout) -> f64 {
        self.map.width() as f64 / layout.width
    }

    /// A click (or tap) in the editor at map point `point`.
    pub(super) fn edit_click(
        &self,
        ui: &mut RouteUi,
        point: (f64, f64),
        reach: f64,
    ) -> RouteAction {
        let graph = self.graph().map_or_else(
            || Waypoints::new(Vec::new(), &[]).expect("an empty graph"),
            |graph| (**graph).clone(),
        );
        let (points, mut edges) = (graph.points().to_vec(), graph.edges());
        if let Some(hit) = self.waypoint_near(point, reach) {
            return match ui.selected {
                None => {
                    ui.selected = Some(hit);
                    Action::Redraw
                }
                Some(selected) if selected == hit => {
                    ui.selected = None;
                    Action::Redraw
                }
                Some(selected) => {
                    let pair = (selected.min(hit), selected.max(hit));
                    if let Some(i) = edges.iter().position(|&e| e == pair) {
                        edges.remove(i);
                    } else if !self.sees(points[selected], points[hit]) {
                        return Action::Note(format!(
                            "A wall stands between waypoints {selected} and {hit}: they cannot be joined."
                        ));
                    } else {
                        edges.push(pair);
                    }
                    ui.selected = Some(hit);
                    self.edited(points, &edges)
                }
            };
        }
        let Some(pixel) = self.ground_under(point) else {
            return Action::Note("A waypoint must stand on walkable ground, not on a wall.".into());
        };
        let mut points = points;
        let new = Point {
            x: pixel.0 as f64,
            y: pixel.1 as f64,
        };
        points.push(new);
        let index = points.len() - 1;
        if let Some(selected) = ui.selected {
            if self.sees(points[selected], new) {
                edges.push((selected, index));
            }
        }
        ui.selected = Some(index);
        self.edited(points, &edges)
    }

    /// The walkable pixel under a map point; `None` off the map or on a
    /// wall.
    pub(super) fn ground_under(&self, (x, y): (f64, f64)) -> Option<Pixel> {
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let pixel = (x as usize, y as usize);
        self.map.grid.is_walkable(pixel).then_some(pixel)
    }

    /// Whether two waypoints see each other across the map's pixels.
    pub(super) fn sees(&self, a: Point, b: Point) -> bool {
        self.map.grid.line_of_sight(pixel_of(a), pixel_of(b))
    }

    /// The rules after an edit of the waypoints, played from the start.
    pub(super) fn edited(&self, points: Vec<Point>, edges: &[(usize, usize)]) -> RouteAction {
        match Waypoints::new(points, edges) {
            Ok(graph) => {
                let rules = self.with_waypoints(graph);
                let start = rules.start();
                Action::Restart(rules, start)
            }
            Err(reason) => Action::Note(capitalise(&reason)),
        }
    }

    /// Moves waypoint `index` to map point `point`.
    pub(super) fn edit_move(&self, index: usize, point: (f64, f64)) -> RouteAction {
        let Some(graph) = self.graph() else {
            return Action::Nothing;
        };
        let Some(pixel) = self.ground_under(point) else {
            return Action::Note("A waypoint must stand on walkable ground, not on a wall.".into());
        };
        let mut points = graph.points().to_vec();
        points[index] = Point {
            x: pixel.0 as f64,
            y: pixel.1 as f64,
        };
        self.edited(points, &graph.edges())
    }

    /// Deletes waypoint `index` (not the start or the goal).
    pub(super) fn edit_delete(&self, ui: &mut RouteUi, index: usize) -> RouteAction {
        let Some(graph) = self.graph() else {
            return Action::Nothing;
        };
        if index == self.ends.start_waypoint || index == self.ends.goal_waypoint {
            return Action::Note(
                "The start and the goal cannot be deleted: set another start or goal first.".into(),
            );
        }
        let renumber = |i: usize| if i > index { i - 1 } else { i };
        let mut points = graph.points().to_vec();
        points.remove(index);
        let edges: Vec<(usize, usize)> = graph
            .edges()
            .into_iter()
            .filter(|&(a, b)| a != index && b != index)
            .map(|(a, b)| (renumber(a), renumber(b)))
            .collect();
        ui.selected = None;
        match Waypoints::new(points, &edges) {
            Ok(graph) => {
                let rules = self.with(|rules| {
                    rules.map.waypoints = Some(Arc::new(graph));
                    rules.ends.start_waypoint = renumber(rules.ends.start_waypoint);
                    rules.ends.goal_waypoint = renumber(rules.ends.goal_waypoint);
                });
                let start = rules.start();
                Action::Restart(rules, start)
            }
            Err(reason) => Action::Note(capitalise(&reason)),
        }
    }

    /// Sets the start or the goal at map point `point`.
    pub(super) fn set_end(&self, ui: &mut RouteUi, point: (f64, f64), reach: f64) -> RouteAction {
        let goal = ui.mode == Mode::SetGoal;
        let what = if goal { "goal" } else { "start" };
        let rules = if self.walk == Walk::Waypoints {
            let Some(index) = self.waypoint_near(point, reach) else {
                return Action::Note(format!("Click a waypoint to make it the {what}."));
            };
            let pixel = pixel_of(self.graph().expect("walking waypoints").point(index));
            self.with(|rules| {
                if goal {
                    (rules.ends.goal_waypoint, rules.ends.goal) = (index, pixel);
                } else {
                    (rules.ends.start_waypoint, rules.ends.start) = (index, pixel);
                }
            })
        } else {
            let Some(pixel) = self.ground_under(point) else {
                return Action::Note(format!(
                    "The {what} must be on walkable ground, not on a wall."
                ));
            };
            self.with(|rules| {
                if goal {
                    rules.ends.goal = pixel;
                } else {
                    rules.ends.start = pixel;
                }
            })
        };
        ui.mode = Mode::Walk;
        let start = rules.start();
        Action::Restart(rules, start)
    }
}
