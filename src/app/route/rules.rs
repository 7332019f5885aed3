//! Route finding's rules: places, legs and the shortest route.

use std::cell::OnceCell;
use std::sync::Arc;

use super::map::{Ends, Map};
use super::solving::{RouteMap, RouteTask};
use super::walk::{Leg, RouteError, Walk, Walker};
use super::RouteFinding;
use crate::route::{
    format_nodes, Algorithm, Found, Heuristic, Moves, Pixel, Query, RouteStep, Waypoints,
};
use crate::sliding::Dir;

impl RouteFinding {
    /// Rules for `map` with `walk` (waypoints only if the map has two or
    /// more), the walk's best estimate, and the map's own start and goal.
    pub fn new(map: Map, walk: Walk) -> RouteFinding {
        let walk = if walk == Walk::Waypoints && map.route_waypoints().is_none() {
            Walk::AnyAngle
        } else {
            walk
        };
        let last = map
            .waypoints
            .as_ref()
            .map_or(0, |w| w.len().saturating_sub(1));
        let ends = Ends {
            start_waypoint: 0,
            goal_waypoint: last,
            start: map.start,
            goal: map.goal,
        };
        RouteFinding {
            map,
            walk,
            heuristic: walk.best_estimate(),
            algorithm: walk.own_algorithm(),
            weight: 1.0,
            ends,
            earlier: Vec::new(),
            shortest: OnceCell::new(),
        }
    }

    /// The same rules with these changed (the shortest route measured
    /// again when next asked for).
    pub(super) fn with(&self, change: impl FnOnce(&mut RouteFinding)) -> RouteFinding {
        let mut rules = RouteFinding {
            shortest: OnceCell::new(),
            ..self.clone()
        };
        change(&mut rules);
        rules
    }

    /// The map played on, shared with the history's copies of these rules.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// How the player and the solver may walk.
    pub fn walk(&self) -> Walk {
        self.walk
    }

    /// The estimate the solver's searches use (the score is measured
    /// against the shortest route whatever it is).
    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    /// The search across pixels the solver runs (Theta* at any angle; on
    /// waypoints, A* whatever this says).
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The estimate's weight (1 for plain A*).
    pub fn weight(&self) -> f64 {
        self.weight
    }

    /// The query the solver's searches across pixels make, `None` on
    /// waypoints. The rules' settings are checked whenever they change, so
    /// that they always make one.
    pub fn query(&self) -> Option<Query> {
        let moves = self.walk.moves()?;
        Some(
            Query::new(self.algorithm, moves, self.heuristic, self.weight)
                .expect("the rules' search settings are checked when they change"),
        )
    }

    /// Where routes start and end.
    pub fn ends(&self) -> Ends {
        self.ends
    }

    /// The place the walk starts from: the start waypoint's index on a walk
    /// over waypoints, the start pixel's (`y * width + x`) otherwise.
    pub fn start_place(&self) -> u32 {
        match self.walk {
            Walk::Waypoints => self.ends.start_waypoint as u32,
            _ => self.pixel_place(self.ends.start),
        }
    }

    /// The place the walk ends at, numbered like
    /// [`start_place`](Self::start_place).
    pub fn goal_place(&self) -> u32 {
        match self.walk {
            Walk::Waypoints => self.ends.goal_waypoint as u32,
            _ => self.pixel_place(self.ends.goal),
        }
    }

    /// A new walk from the start.
    pub fn start(&self) -> Walker {
        Walker::at(self.start_place())
    }

    pub(super) fn pixel_place(&self, (x, y): Pixel) -> u32 {
        (y * self.map.width() + x) as u32
    }

    pub(super) fn place_pixel(&self, place: u32) -> Pixel {
        let place = place as usize;
        (place % self.map.width(), place / self.map.width())
    }

    pub(super) fn graph(&self) -> Option<&Arc<Waypoints>> {
        self.map.waypoints.as_ref()
    }

    /// Where a place is on the map, in map pixels (a pixel's centre).
    pub fn point(&self, place: u32) -> (f64, f64) {
        match (self.walk, self.graph()) {
            (Walk::Waypoints, Some(graph)) if (place as usize) < graph.len() => {
                let point = graph.point(place as usize);
                (point.x + 0.5, point.y + 0.5)
            }
            _ => {
                let (x, y) = self.place_pixel(place);
                (x as f64 + 0.5, y as f64 + 0.5)
            }
        }
    }

    pub(super) fn place_exists(&self, place: u32) -> bool {
        match self.walk {
            Walk::Waypoints => self.graph().is_some_and(|g| (place as usize) < g.len()),
            _ => (place as usize) < self.map.width() * self.map.height(),
        }
    }

    /// The length of a straight leg between two places.
    pub(super) fn leg_length(&self, from: u32, to: u32) -> f64 {
        let (a, b) = (self.point(from), self.point(to));
        (a.0 - b.0).hypot(a.1 - b.1)
    }

    /// Checks that a straight leg from `from` to `to` is walkable.
    pub(super) fn check_leg(&self, from: u32, to: u32) -> Result<(), RouteError> {
        if !self.place_exists(to) {
            return Err(RouteError::NoSuchPlace);
        }
        if from == to {
            return Err(RouteError::AlreadyThere);
        }
        if self.walk == Walk::Waypoints {
            let graph = self.graph().ok_or(RouteError::NoSuchPlace)?;
            return if graph.neighbours(from as usize).contains(&(to as usize)) {
                Ok(())
            } else {
                Err(RouteError::NotConnected(from as usize, to as usize))
            };
        }
        let (a, b) = (self.place_pixel(from), self.place_pixel(to));
        let grid = &self.map.grid;
        if !grid.is_walkable(b) {
            return Err(RouteError::Wall);
        }
        if self.walk == Walk::AnyAngle {
            return if grid.line_of_sight(a, b) {
                Ok(())
            } else {
                Err(RouteError::Blocked)
            };
        }
        let (dx, dy) = (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize);
        let straight = dx == 0 || dy == 0;
        let diagonal = dx.abs() == dy.abs();
        if !(straight || (self.walk == Walk::Eight && diagonal)) {
            return Err(RouteError::NotStraight(self.walk));
        }
        let step = (dx.signum(), dy.signum());
        let mut at = a;
        while at != b {
            let next = (
                at.0.wrapping_add_signed(step.0),
                at.1.wrapping_add_signed(step.1),
            );
            let mut legal = false;
            grid.each_step(at, self.walk == Walk::Eight, |pixel, _| {
                legal |= pixel == next;
            });
            if !legal {
                return Err(RouteError::Blocked);
            }
            at = next;
        }
        Ok(())
    }

    /// Where an arrow key (or a swipe) takes the walker from `from`: on
    /// waypoints, the connected one most nearly that way (within 60
    /// degrees); across pixels, straight on until a wall, the goal, or a
    /// change in the openings on either side (a junction or a corridor's
    /// end), so that one press walks a maze's corridor.
    pub fn run(&self, from: u32, dir: Dir) -> Option<u32> {
        let (dx, dy): (isize, isize) = match dir {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        };
        if self.walk == Walk::Waypoints {
            let graph = self.graph()?;
            let here = self.point(from);
            return graph
                .neighbours(from as usize)
                .iter()
                .map(|&next| {
                    let there = self.point(next as u32);
                    let (vx, vy) = (there.0 - here.0, there.1 - here.1);
                    let cos = (vx * dx as f64 + vy * dy as f64) / vx.hypot(vy).max(1e-9);
                    (next, cos)
                })
                .filter(|&(_, cos)| cos >= 0.5)
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(next, _)| next as u32);
        }
        let grid = &self.map.grid;
        let step = |(x, y): Pixel| (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
        let sides = |(x, y): Pixel| {
            let left = (x.wrapping_add_signed(dy), y.wrapping_add_signed(-dx));
            let right = (x.wrapping_add_signed(-dy), y.wrapping_add_signed(dx));
            (grid.is_walkable(left), grid.is_walkable(right))
        };
        let goal = self.ends.goal;
        let mut at = self.place_pixel(from);
        if !grid.is_walkable(step(at)) {
            return None;
        }
        at = step(at);
        let pattern = sides(at);
        while at != goal && grid.is_walkable(step(at)) && sides(step(at)) == pattern {
            at = step(at);
        }
        // One more step onto the junction, where the openings change.
        if at != goal && grid.is_walkable(step(at)) {
            at = step(at);
        }
        Some(self.pixel_place(at))
    }

    /// The shortest route from the start to the goal for this walk (with
    /// its best estimate), measured once; `None` if there is none.
    pub fn shortest(&self) -> Option<&Found> {
        self.shortest
            .get_or_init(|| {
                let mut task = self.task_from(self.start_place(), self.walk.best_estimate());
                // The shortest route is measured by the walk's own search,
                // whatever the player chose to watch.
                (task.algorithm, task.weight) = (self.walk.own_algorithm(), 1.0);
                run_to_end(&task)
            })
            .as_ref()
    }

    /// How a walk compares with the shortest route, as the won message
    /// goes on after its length: " · shortest: 322.5", and whether it is
    /// that or shorter; nothing if there is no shortest route.
    pub(super) fn against_shortest(&self, walker: &Walker) -> String {
        let Some(shortest) = self.shortest() else {
            return String::new();
        };
        // Only a search that proves its route shortest (not the any-angle
        // one, which may miss a shorter line) earns "the shortest";
        // otherwise the route is the search's best.
        let (name, matched) = if self.shortest_is_proven() {
            ("shortest", " — the shortest!")
        } else {
            ("the search's best", " — as short as the search's!")
        };
        let mut text = format!(" · {name}: {:.1}", shortest.distance);
        if walker.travelled < shortest.distance - 0.05 {
            text.push_str(" — shorter than the search's!");
        } else if walker.travelled <= shortest.distance + 0.05 {
            text.push_str(matched);
        }
        text
    }

    pub(super) fn task_from(&self, from: u32, heuristic: Heuristic) -> RouteTask {
        let map = match (self.walk.moves(), self.graph()) {
            (None, Some(graph)) => RouteMap::Waypoints(graph.clone()),
            (moves, _) => RouteMap::Grid {
                grid: self.map.grid.clone(),
                moves: moves.unwrap_or(Moves::AnyAngle),
            },
        };
        RouteTask {
            map,
            from,
            to: self.goal_place(),
            heuristic,
            algorithm: self.algorithm,
            weight: self.weight,
            // The game shows every search it asks for.
            trace: true,
        }
    }

    /// Whether [`RouteFinding::shortest`] is proven shortest (its search
    /// optimal for this walk with its best estimate), so that the page may
    /// call it "the shortest".
    pub fn shortest_is_proven(&self) -> bool {
        self.walk.best_estimate().proves_shortest(self.walk.moves())
    }

    /// Whether the solver's routes are proven shortest for these rules.
    pub(super) fn proves_shortest(&self) -> bool {
        match self.query() {
            Some(query) => query.proves_shortest(),
            None => self.heuristic.proves_shortest(None),
        }
    }

    /// A found route's places as legs: on pixels with 4 or 8 moves, each
    /// straight run of steps one leg.
    pub(super) fn legs_of(&self, places: &[u32]) -> Vec<Leg> {
        if !matches!(self.walk, Walk::Four | Walk::Eight) {
            return places.iter().skip(1).map(|&to| Leg { to }).collect();
        }
        let mut legs = Vec::new();
        let direction = |a: u32, b: u32| {
            let (a, b) = (self.place_pixel(a), self.place_pixel(b));
            (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize)
        };
        for i in 1..places.len() {
            let turns = i + 1 == places.len()
                || direction(places[i - 1], places[i]) != direction(places[i], places[i + 1]);
            if turns {
                legs.push(Leg { to: places[i] });
            }
        }
        legs
    }

    /// The place under a point of the map (in map pixels): on waypoints,
    /// the nearest within `reach` map pixels; else the pixel.
    pub(super) fn place_near(&self, (x, y): (f64, f64), reach: f64) -> Option<u32> {
        match self.walk {
            Walk::Waypoints => self.waypoint_near((x, y), reach).map(|i| i as u32),
            _ => {
                let (w, h) = (self.map.width() as f64, self.map.height() as f64);
                ((0.0..w).contains(&x) && (0.0..h).contains(&y))
                    .then(|| self.pixel_place((x as usize, y as usize)))
            }
        }
    }

    /// The waypoint nearest a point of the map, within `reach`.
    pub(super) fn waypoint_near(&self, (x, y): (f64, f64), reach: f64) -> Option<usize> {
        let graph = self.graph()?;
        graph
            .points()
            .iter()
            .enumerate()
            .map(|(i, p)| (i, (p.x + 0.5 - x).hypot(p.y + 0.5 - y)))
            .filter(|&(_, d)| d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    /// The waypoints as the nodes format, the start first and the goal last
    /// (the format's convention), connections renumbered to match.
    pub fn export_nodes(&self) -> Option<String> {
        let graph = self.graph()?;
        let (start, goal) = (self.ends.start_waypoint, self.ends.goal_waypoint);
        let mut order: Vec<usize> = vec![start];
        order.extend((0..graph.len()).filter(|&i| i != start && i != goal));
        if goal != start {
            order.push(goal);
        }
        let mut new_index = vec![0; graph.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        let points = order.iter().map(|&old| graph.point(old)).collect();
        let edges: Vec<(usize, usize)> = graph
            .edges()
            .into_iter()
            .map(|(a, b)| (new_index[a], new_index[b]))
            .collect();
        let renumbered = Waypoints::new(points, &edges).expect("the same graph, renumbered");
        Some(format_nodes(&renumbered))
    }
}

/// Runs a route task to its end on this thread.
pub(super) fn run_to_end(task: &RouteTask) -> Option<Found> {
    let mut search = task.search().ok()?;
    loop {
        if let RouteStep::Done(found) = search.run(u64::MAX) {
            return found;
        }
    }
}
