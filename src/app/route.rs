//! Route finding as the page plays it: a map (the built-in office floor
//! plan, a seeded maze, or the player's own image), a start and a goal, and
//! the player's walk between them, leg by leg, compared at the goal with the
//! shortest route. Its rules glue for the shared [`Session`], how clicks,
//! swipes and keys become legs, the waypoint editor, and its wording.
//!
//! A *place* is numbered by the walk: a waypoint's index when walking from
//! waypoint to waypoint, else a pixel's index (`y * width + x`).

use std::cell::OnceCell;
use std::rc::Rc;
use std::sync::Arc;

use super::game::{Action, Game, Gesture, Key, Words};
use super::grid::Grid as Layout;
use super::input::{arrow, swipe_dir};
use super::play::Play;
use super::save::{escape, read_runs, unescape, write_runs, Keep};
use super::session::Session;
use super::wording::{capitalise, count, group_thousands, Noun};
use super::workers::{Answer, SolverQueue, Task};

pub mod solving;

use crate::quote::quote;
use crate::route::{
    format_nodes, maze, parse_nodes, plan, Found, Grid, Heuristic, Moves, Pixel, Point, RouteStep,
    Waypoints,
};
use crate::sliding::Dir;
use solving::{heuristic_name, heuristic_named, RouteAnswer, RouteMap, RouteTask};

/// How far a pointer must travel, in CSS pixels, to count as a swipe or a
/// drag rather than a tap.
pub const DRAG_MIN_PX: f64 = super::viewport::DRAG_MIN_PX;
/// How near a tap must be to a waypoint, in CSS pixels on the screen
/// whatever the zoom, to pick it: a 32-pixel tap target.
pub const PICK_PX: f64 = super::viewport::HIT_RADIUS_PX;
/// How near a drag must start to the walker, in CSS pixels on the screen,
/// to be a swipe on a zoomed map (elsewhere it pans the map).
const GRAB_PX: f64 = 28.0;
/// The most cells along a side of the grid the board is laid out on (a
/// larger map is drawn scaled down).
const LAYOUT_MAX: usize = 160;
/// The most pixels an image map keeps (it is scaled down to fit): its
/// searches stay quick on the page's own thread, where the shortest
/// route is measured for the score.
pub const IMAGE_MAX_PIXELS: usize = 300_000;

/// How the player (and the solver) may walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// From a waypoint to a waypoint it is connected to.
    Waypoints,
    /// Along rows and columns of pixels.
    Four,
    /// Along rows, columns and diagonals.
    Eight,
    /// In straight lines at any angle, wherever the line is clear.
    AnyAngle,
}

impl Walk {
    /// Every walk, in the order the Moves selector offers them.
    pub const ALL: [Walk; 4] = [Walk::Waypoints, Walk::Four, Walk::Eight, Walk::AnyAngle];

    /// The walk's id in the page (`?moves=` and the selector's values).
    pub fn id(self) -> &'static str {
        match self {
            Walk::Waypoints => "waypoints",
            Walk::Four => "4",
            Walk::Eight => "8",
            Walk::AnyAngle => "any",
        }
    }

    /// The walk of an id.
    pub fn named(id: &str) -> Option<Walk> {
        Walk::ALL.into_iter().find(|walk| walk.id() == id)
    }

    /// The grid moves of a walk across pixels.
    fn moves(self) -> Option<Moves> {
        match self {
            Walk::Waypoints => None,
            Walk::Four => Some(Moves::Four),
            Walk::Eight => Some(Moves::Eight),
            Walk::AnyAngle => Some(Moves::AnyAngle),
        }
    }

    /// The tightest estimate that never overestimates for this walk.
    pub fn best_estimate(self) -> Heuristic {
        self.moves().map_or(Heuristic::Euclidean, Moves::estimate)
    }
}

/// What a map is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapKind {
    /// The office floor plan drawn by the project.
    Office,
    /// A perfect maze of `cells` (wide, high) from `seed`.
    Maze {
        /// Cells across and down.
        cells: (usize, usize),
        /// The seed it was made from.
        seed: u64,
    },
    /// The player's own image.
    Image {
        /// Its file name.
        name: String,
    },
}

/// A map: its walkable pixels, its waypoints if it has any, what it is, and
/// its default start and goal pixels.
#[derive(Clone, Debug)]
pub struct Map {
    /// The pixels.
    pub grid: Arc<Grid>,
    /// The waypoints (the first the start, the last the goal, by default).
    pub waypoints: Option<Arc<Waypoints>>,
    /// What it is.
    pub kind: MapKind,
    /// Where a walk across the pixels starts by default.
    pub start: Pixel,
    /// Where it ends by default.
    pub goal: Pixel,
}

impl Map {
    /// The office floor plan with its waypoints.
    pub fn office() -> Map {
        let plan = plan::office();
        let waypoints = plan.waypoints();
        let grid = plan.grid();
        let first = pixel_of(waypoints.point(0));
        let last = pixel_of(waypoints.point(waypoints.len() - 1));
        Map {
            grid: Arc::new(grid),
            waypoints: Some(Arc::new(waypoints)),
            kind: MapKind::Office,
            start: first,
            goal: last,
        }
    }

    /// A maze of `wide` x `high` cells from `seed`, from its top-left cell
    /// to its bottom-right one.
    ///
    /// # Errors
    /// If a side is 0 or the maze would be too large.
    pub fn maze(wide: usize, high: usize, seed: u64) -> Result<Map, String> {
        let maze = maze(wide, high, seed)?;
        Ok(Map {
            grid: Arc::new(maze.grid),
            waypoints: None,
            kind: MapKind::Maze {
                cells: (wide, high),
                seed,
            },
            start: maze.start,
            goal: maze.goal,
        })
    }

    /// An image's map (`grid`, from its pixels' lightness), from the
    /// walkable pixel nearest its top-left corner to the one nearest its
    /// bottom-right corner.
    ///
    /// # Errors
    /// If fewer than two pixels are walkable.
    pub fn image(name: &str, grid: Grid) -> Result<Map, String> {
        let (width, height) = (grid.width(), grid.height());
        let nearest = |corner: (f64, f64)| {
            (0..height)
                .flat_map(|y| (0..width).map(move |x| (x, y)))
                .filter(|&pixel| grid.is_walkable(pixel))
                .min_by(|&a, &b| {
                    let d = |(x, y): Pixel| (x as f64 - corner.0).hypot(y as f64 - corner.1);
                    d(a).total_cmp(&d(b))
                })
        };
        let start = nearest((0.0, 0.0));
        let goal = nearest((width as f64, height as f64));
        match (start, goal) {
            (Some(start), Some(goal)) if start != goal => Ok(Map {
                grid: Arc::new(grid),
                waypoints: None,
                kind: MapKind::Image { name: name.into() },
                start,
                goal,
            }),
            _ => Err(
                "this image has fewer than two light pixels to walk on: try a higher threshold, or a plan with light floors and dark walls"
                    .into(),
            ),
        }
    }

    /// The map's width in pixels.
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// The map's height in pixels.
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// The waypoints, if there are at least two (a route needs a start and
    /// a goal).
    fn route_waypoints(&self) -> Option<&Arc<Waypoints>> {
        self.waypoints.as_ref().filter(|w| w.len() >= 2)
    }

    /// The walk a new game on this map starts with.
    pub fn default_walk(&self) -> Walk {
        match (&self.kind, self.route_waypoints()) {
            (_, Some(_)) => Walk::Waypoints,
            (MapKind::Maze { .. }, None) => Walk::Four,
            _ => Walk::AnyAngle,
        }
    }
}

/// The pixel a waypoint stands on.
fn pixel_of(point: Point) -> Pixel {
    (point.x.round() as usize, point.y.round() as usize)
}

/// Where routes start and end, both as waypoints (when the map has them)
/// and as pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ends {
    /// The start waypoint.
    pub start_waypoint: usize,
    /// The goal waypoint.
    pub goal_waypoint: usize,
    /// The start pixel.
    pub start: Pixel,
    /// The goal pixel.
    pub goal: Pixel,
}

/// The rules of one route game: the map, the walk, the estimate the solver
/// uses, the start and the goal. The shortest route between them is
/// measured once, when first asked for.
#[derive(Clone, Debug)]
pub struct RouteFinding {
    map: Map,
    walk: Walk,
    heuristic: Heuristic,
    ends: Ends,
    shortest: OnceCell<Option<Found>>,
}

/// Why a leg was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RouteError {
    /// The place is not on the map.
    NoSuchPlace,
    /// The leg would go nowhere.
    AlreadyThere,
    /// The two waypoints are not connected.
    NotConnected(usize, usize),
    /// The place is a wall.
    Wall,
    /// The walk cannot go that way in one straight leg.
    NotStraight(Walk),
    /// A wall stands in the way.
    Blocked,
}

impl std::fmt::Display for RouteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RouteError::NoSuchPlace => write!(f, "that place is not on the map"),
            RouteError::AlreadyThere => write!(f, "you are already there"),
            RouteError::NotConnected(from, to) => write!(
                f,
                "waypoint {to} is not connected to waypoint {from}, where you stand"
            ),
            RouteError::Wall => write!(f, "that is a wall"),
            RouteError::NotStraight(Walk::Four) => write!(
                f,
                "with 4-way moves a leg runs along a row or a column: click a point straight left, right, above or below you"
            ),
            RouteError::NotStraight(_) => write!(
                f,
                "with 8-way moves a leg runs along a row, a column or a diagonal"
            ),
            RouteError::Blocked => write!(f, "a wall is in the way"),
        }
    }
}

impl std::error::Error for RouteError {}

/// One leg of a walk: straight to a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leg {
    /// Where it ends.
    pub to: u32,
}

/// The places walked through so far, newest first, shared between the
/// positions of the history (a leg adds one link, not a copy).
///
/// A walk is as long as a save or a link makes it, so nothing here recurses
/// along the links: dropping, comparing and printing all loop (a derived
/// `Drop` of a million links overflowed the stack and bricked the page).
#[derive(Clone, Default)]
struct Trail(Option<Rc<Link>>);

struct Link {
    place: u32,
    before: Trail,
}

impl Trail {
    fn push(&self, place: u32) -> Trail {
        Trail(Some(Rc::new(Link {
            place,
            before: self.clone(),
        })))
    }

    /// The places, oldest first.
    fn places(&self) -> Vec<u32> {
        let mut places = Vec::new();
        let mut at = &self.0;
        while let Some(link) = at {
            places.push(link.place);
            at = &link.before.0;
        }
        places.reverse();
        places
    }
}

impl Drop for Trail {
    fn drop(&mut self) {
        // Unlinks the links this trail alone holds, one at a time; the
        // first one shared with another trail stays, with its own.
        let mut next = self.0.take();
        while let Some(link) = next {
            next = match Rc::try_unwrap(link) {
                Ok(mut link) => link.before.0.take(),
                Err(_) => None,
            };
        }
    }
}

impl std::fmt::Debug for Trail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.places()).finish()
    }
}

impl PartialEq for Trail {
    fn eq(&self, other: &Trail) -> bool {
        let (mut a, mut b) = (&self.0, &other.0);
        loop {
            match (a, b) {
                (None, None) => return true,
                (Some(x), Some(y)) => {
                    // Trails share their older links: the same link, the
                    // same places from there on.
                    if Rc::ptr_eq(x, y) {
                        return true;
                    }
                    if x.place != y.place {
                        return false;
                    }
                    (a, b) = (&x.before.0, &y.before.0);
                }
                _ => return false,
            }
        }
    }
}

/// The player's walk so far: what undo restores.
#[derive(Clone, Debug, PartialEq)]
pub struct Walker {
    at: u32,
    legs: u32,
    travelled: f64,
    trail: Trail,
}

impl Walker {
    /// A walker standing at `place`, not yet walked.
    fn at(place: u32) -> Walker {
        Walker {
            at: place,
            legs: 0,
            travelled: 0.0,
            trail: Trail::default().push(place),
        }
    }

    /// Where the walker stands.
    pub fn place(&self) -> u32 {
        self.at
    }

    /// How far the walker has walked, in pixels.
    pub fn travelled(&self) -> f64 {
        self.travelled
    }

    /// The places walked through, the start first and the current last.
    pub fn places(&self) -> Vec<u32> {
        self.trail.places()
    }
}

/// What undo leaves alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RouteUi {
    /// What a click does.
    pub mode: Mode,
    /// The waypoint selected in the editor.
    pub selected: Option<usize>,
}

/// What a click on the map does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Walks a leg.
    #[default]
    Walk,
    /// Sets the start.
    SetStart,
    /// Sets the goal.
    SetGoal,
    /// Edits the waypoints.
    Edit,
}

/// A route game being played.
pub type RouteGame = Session<RouteFinding>;

/// A straight walk of `across` pixels right (negative: left) and `down`
/// pixels down (negative: up) in words, as a hint says it: `3 steps right`,
/// `2 steps up and left` (a diagonal), `5 steps right and 2 down, in a
/// straight line` (any angle).
pub fn steps_in_words(across: i64, down: i64) -> String {
    let horizontal = if across < 0 { "left" } else { "right" };
    let vertical = if down < 0 { "up" } else { "down" };
    let (a, d) = (across.unsigned_abs(), down.unsigned_abs());
    let steps = |n: u64| count(n, "step", "steps");
    match (a, d) {
        (0, 0) => "stay where you are".into(),
        (a, 0) => format!("{} {horizontal}", steps(a)),
        (0, d) => format!("{} {vertical}", steps(d)),
        (a, d) if a == d => format!("{} {vertical} and {horizontal}", steps(a)),
        (a, d) => format!(
            "{} {horizontal} and {} {vertical}, in a straight line",
            steps(a),
            group_thousands(d)
        ),
    }
}

const WORDS: Words = Words {
    moves: Noun {
        one: "leg",
        many: "legs",
    },
    looking_for_hint: "Looking for the shortest route",
    already_won: "You are at the goal: Restart to walk it again, or pick another map.",
    loaded: "Route loaded. Walk on!",
    shortest_matters: false,
    examined: Noun {
        one: "place",
        many: "places",
    },
};

const EDITING: &str = "Editing waypoints: click to add one (joined to the one selected), click two to join or part them, drag one to move it, Delete removes the selected one.";

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
            ends,
            shortest: OnceCell::new(),
        }
    }

    /// The same rules with these changed (the shortest route measured
    /// again when next asked for).
    fn with(&self, change: impl FnOnce(&mut RouteFinding)) -> RouteFinding {
        let mut rules = RouteFinding {
            shortest: OnceCell::new(),
            ..self.clone()
        };
        change(&mut rules);
        rules
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The walk.
    pub fn walk(&self) -> Walk {
        self.walk
    }

    /// The solver's estimate.
    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    /// The start and the goal.
    pub fn ends(&self) -> Ends {
        self.ends
    }

    /// The place the walk starts from.
    pub fn start_place(&self) -> u32 {
        match self.walk {
            Walk::Waypoints => self.ends.start_waypoint as u32,
            _ => self.pixel_place(self.ends.start),
        }
    }

    /// The place the walk ends at.
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

    fn pixel_place(&self, (x, y): Pixel) -> u32 {
        (y * self.map.width() + x) as u32
    }

    fn place_pixel(&self, place: u32) -> Pixel {
        let place = place as usize;
        (place % self.map.width(), place / self.map.width())
    }

    fn graph(&self) -> Option<&Arc<Waypoints>> {
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

    fn place_exists(&self, place: u32) -> bool {
        match self.walk {
            Walk::Waypoints => self.graph().is_some_and(|g| (place as usize) < g.len()),
            _ => (place as usize) < self.map.width() * self.map.height(),
        }
    }

    /// The length of a straight leg between two places.
    fn leg_length(&self, from: u32, to: u32) -> f64 {
        let (a, b) = (self.point(from), self.point(to));
        (a.0 - b.0).hypot(a.1 - b.1)
    }

    /// Checks that a straight leg from `from` to `to` is walkable.
    fn check_leg(&self, from: u32, to: u32) -> Result<(), RouteError> {
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
                let task = self.task_from(self.start_place(), self.walk.best_estimate());
                run_to_end(&task)
            })
            .as_ref()
    }

    /// How a walk compares with the shortest route, as the won message
    /// goes on after its length: " · shortest: 322.5", and whether it is
    /// that or shorter; nothing if there is no shortest route.
    fn against_shortest(&self, walker: &Walker) -> String {
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

    fn task_from(&self, from: u32, heuristic: Heuristic) -> RouteTask {
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
        }
    }

    /// Whether [`RouteFinding::shortest`] is proven shortest (its search
    /// optimal for this walk with its best estimate), so that the page may
    /// call it "the shortest".
    pub fn shortest_is_proven(&self) -> bool {
        self.task_from(self.start_place(), self.walk.best_estimate())
            .proves_shortest()
    }

    /// Whether the solver's routes are proven shortest for these rules.
    fn proves_shortest(&self) -> bool {
        self.task_from(self.start_place(), self.heuristic)
            .proves_shortest()
    }

    /// A found route's places as legs: on pixels with 4 or 8 moves, each
    /// straight run of steps one leg.
    fn legs_of(&self, places: &[u32]) -> Vec<Leg> {
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
    fn place_near(&self, (x, y): (f64, f64), reach: f64) -> Option<u32> {
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
    fn waypoint_near(&self, (x, y): (f64, f64), reach: f64) -> Option<usize> {
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

    /// These rules with other waypoints (start and goal kept where they
    /// still exist).
    fn with_waypoints(&self, graph: Waypoints) -> RouteFinding {
        let count = graph.len();
        self.with(|rules| {
            rules.map.waypoints = Some(Arc::new(graph));
            rules.ends.start_waypoint = rules.ends.start_waypoint.min(count.saturating_sub(1));
            rules.ends.goal_waypoint = rules.ends.goal_waypoint.min(count.saturating_sub(1));
        })
    }

    /// A map pixel (from CSS pixels on the board laid out on `layout`).
    fn map_point(&self, layout: &Layout, (x, y): (f64, f64)) -> (f64, f64) {
        (
            x * self.map.width() as f64 / layout.width,
            y * self.map.height() as f64 / layout.height,
        )
    }

    /// Map pixels per CSS pixel.
    fn map_per_css(&self, layout: &Layout) -> f64 {
        self.map.width() as f64 / layout.width
    }

    /// A click (or tap) in the editor at map point `point`.
    fn edit_click(&self, ui: &mut RouteUi, point: (f64, f64), reach: f64) -> RouteAction {
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
    fn ground_under(&self, (x, y): (f64, f64)) -> Option<Pixel> {
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let pixel = (x as usize, y as usize);
        self.map.grid.is_walkable(pixel).then_some(pixel)
    }

    /// Whether two waypoints see each other across the map's pixels.
    fn sees(&self, a: Point, b: Point) -> bool {
        self.map.grid.line_of_sight(pixel_of(a), pixel_of(b))
    }

    /// The rules after an edit of the waypoints, played from the start.
    fn edited(&self, points: Vec<Point>, edges: &[(usize, usize)]) -> RouteAction {
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
    fn edit_move(&self, index: usize, point: (f64, f64)) -> RouteAction {
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
    fn edit_delete(&self, ui: &mut RouteUi, index: usize) -> RouteAction {
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
    fn set_end(&self, ui: &mut RouteUi, point: (f64, f64), reach: f64) -> RouteAction {
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

type RouteAction = Action<Leg, Walker, RouteFinding>;

/// Runs a route task to its end on this thread.
fn run_to_end(task: &RouteTask) -> Option<Found> {
    let mut search = task.search().ok()?;
    loop {
        if let RouteStep::Done(found) = search.run(u64::MAX) {
            return found;
        }
    }
}

impl Game for RouteFinding {
    type State = Walker;
    type Move = Leg;
    type Ui = RouteUi;
    type Error = RouteError;

    fn apply(&self, walker: &Walker, leg: Leg) -> Result<Walker, RouteError> {
        self.check_leg(walker.at, leg.to)?;
        Ok(Walker {
            at: leg.to,
            legs: walker.legs + 1,
            travelled: walker.travelled + self.leg_length(walker.at, leg.to),
            trail: walker.trail.push(leg.to),
        })
    }

    fn is_won(&self, walker: &Walker) -> bool {
        walker.at == self.goal_place()
    }

    fn move_ms(&self) -> f64 {
        LEG_MS
    }

    fn task(&self, walker: &Walker) -> Task {
        Task::new(self.task_from(walker.at, self.heuristic))
    }

    fn read_answer(&self, answer: Answer) -> Result<Option<(Vec<Leg>, bool)>, String> {
        match answer.get::<RouteAnswer>() {
            Some(RouteAnswer { found, optimal }) => Ok(found
                .as_ref()
                .map(|found| (self.legs_of(&found.places), *optimal))),
            None => Err("not a route answer".into()),
        }
    }

    /// Routes that are not proven shortest are still the best the solver
    /// gives: asking again finds the same.
    fn is_best_effort(&self, _: &Walker) -> bool {
        !self.proves_shortest()
    }

    fn seeks_shortest(&self, _: &Walker) -> bool {
        true
    }

    /// The map's pixels, as many cells as fit the layout's limit (larger
    /// maps are drawn scaled down, keeping their shape).
    fn grid_size(&self, _: &Walker) -> (usize, usize) {
        let (w, h) = (self.map.width(), self.map.height());
        let longest = w.max(h);
        if longest <= LAYOUT_MAX {
            (w, h)
        } else {
            let scale = LAYOUT_MAX as f64 / longest as f64;
            (
                ((w as f64 * scale).round() as usize).max(1),
                ((h as f64 * scale).round() as usize).max(1),
            )
        }
    }

    /// The map fills the box, keeping its shape: cells need not be whole
    /// pixels, as the map is drawn scaled.
    fn fit(&self, walker: &Walker, width: f64, height: f64) -> Layout {
        let (cols, rows) = self.grid_size(walker);
        let scale = (width.max(1.0) / cols as f64).min(height.max(1.0) / rows as f64);
        Layout {
            width: (cols as f64 * scale).floor().max(1.0),
            height: (rows as f64 * scale).floor().max(1.0),
            cols,
            rows,
        }
    }

    fn zoomable(&self) -> bool {
        true
    }

    /// Walking, a drag from the walker swipes (runs a corridor); in the
    /// editor, a drag from a waypoint moves it. Any other drag pans.
    fn claims_drag(
        &self,
        walker: &Walker,
        ui: &RouteUi,
        layout: &Layout,
        from: (f64, f64),
    ) -> bool {
        let point = self.map_point(layout, from);
        match ui.mode {
            Mode::Edit => self
                .waypoint_near(point, PICK_PX * self.map_per_css(layout))
                .is_some(),
            Mode::SetStart | Mode::SetGoal => false,
            Mode::Walk => {
                let (x, y) = self.point(walker.at);
                let at = (
                    x * layout.width / self.map.width() as f64,
                    y * layout.height / self.map.height() as f64,
                );
                self.walk != Walk::AnyAngle && (at.0 - from.0).hypot(at.1 - from.1) <= GRAB_PX
            }
        }
    }

    /// The walker, mid-leg as drawn.
    fn focus(
        &self,
        before: &Walker,
        after: &Walker,
        t: f64,
        layout: &Layout,
    ) -> Option<(f64, f64)> {
        let css = |place: u32| {
            let (x, y) = self.point(place);
            (
                x * layout.width / self.map.width() as f64,
                y * layout.height / self.map.height() as f64,
            )
        };
        let (a, b) = (css(before.at), css(after.at));
        let e = super::anim::ease(t.clamp(0.0, 1.0));
        Some((a.0 + (b.0 - a.0) * e, a.1 + (b.1 - a.1) * e))
    }

    /// Walking: a tap walks a leg to the place under it (on waypoints, the
    /// nearest within reach); a swipe runs that way as an arrow key does.
    /// Setting the start or the goal: a tap sets it. Editing: taps add,
    /// select, join and part waypoints, a drag moves one.
    fn interpret_pointer(
        &self,
        walker: &Walker,
        ui: &mut RouteUi,
        layout: &Layout,
        gesture: Gesture,
    ) -> RouteAction {
        let reach = PICK_PX * self.map_per_css(layout);
        let from = self.map_point(layout, gesture.from);
        let to = self.map_point(layout, gesture.to);
        let dragged = gesture.distance() >= DRAG_MIN_PX;
        match ui.mode {
            Mode::Edit => {
                if dragged {
                    return match self.waypoint_near(from, reach) {
                        Some(index) => {
                            ui.selected = Some(index);
                            self.edit_move(index, to)
                        }
                        None => Action::Nothing,
                    };
                }
                self.edit_click(ui, to, reach)
            }
            Mode::SetStart | Mode::SetGoal => self.set_end(ui, to, reach),
            Mode::Walk => {
                if dragged && self.walk != Walk::AnyAngle {
                    let (dx, dy) = (gesture.to.0 - gesture.from.0, gesture.to.1 - gesture.from.1);
                    if let Some(dir) = swipe_dir(dx, dy, DRAG_MIN_PX) {
                        return match self.run(walker.at, dir) {
                            Some(to) => Action::Play(Leg { to }),
                            None => Action::Nothing,
                        };
                    }
                }
                match self.place_near(to, reach) {
                    Some(place) => Action::Play(Leg { to: place }),
                    None if self.walk == Walk::Waypoints => Action::Note(
                        "Click a waypoint joined to the one you stand on (or use the arrow keys)."
                            .into(),
                    ),
                    None => Action::Nothing,
                }
            }
        }
    }

    /// Arrow keys (and W A S D) walk that way; in the editor, Delete or
    /// Backspace removes the selected waypoint; setting the start or the
    /// goal, Enter puts it where the walker stands; Escape drops a
    /// selection, then leaves the editor or the start and goal setting.
    fn interpret_key(
        &self,
        walker: &Walker,
        ui: &mut RouteUi,
        key: Key<'_>,
    ) -> Option<RouteAction> {
        if key.key == "Escape" {
            if ui.selected.take().is_none() {
                ui.mode = Mode::Walk;
            }
            return Some(Action::Redraw);
        }
        if ui.mode == Mode::Edit && matches!(key.key, "Delete" | "Backspace") {
            return ui.selected.map(|index| self.edit_delete(ui, index));
        }
        // Without a pointer, Enter sets the start or the goal where the
        // walker stands (walk there first with the arrow keys).
        if key.on_board
            && matches!(ui.mode, Mode::SetStart | Mode::SetGoal)
            && matches!(key.key, "Enter" | " ")
        {
            return Some(self.set_end(ui, self.point(walker.at), 0.5));
        }
        if !key.on_board || ui.mode != Mode::Walk {
            return None;
        }
        let dir = arrow(key.key)?;
        Some(match self.run(walker.at, dir) {
            Some(to) => Action::Play(Leg { to }),
            None => Action::Note(match self.walk {
                Walk::Waypoints => "No waypoint is joined to this one that way.".into(),
                _ => "A wall is in the way.".into(),
            }),
        })
    }

    fn refresh_ui(&self, ui: &mut RouteUi, played: Option<Leg>) {
        if played.is_some() && ui.mode != Mode::Edit {
            ui.selected = None;
        }
    }

    fn leave_modes(&self, ui: &mut RouteUi) {
        ui.mode = Mode::Walk;
        ui.selected = None;
    }

    fn describe(&self, walker: &Walker) -> String {
        let map = match &self.map.kind {
            MapKind::Office => "the office floor plan".to_string(),
            MapKind::Maze { cells, .. } => format!("a maze of {} by {} cells", cells.0, cells.1),
            MapKind::Image { name } => format!("your image {name}"),
        };
        let place = |p: u32| {
            let (x, y) = self.point(p);
            match self.walk {
                Walk::Waypoints => format!("waypoint {p} (x {}, y {})", x.floor(), y.floor()),
                _ => format!("x {}, y {}", x.floor(), y.floor()),
            }
        };
        format!(
            "Route map: {map}, {} by {} pixels. You are at {}; the goal is at {}. Walked {}, {:.1} pixels.",
            self.map.width(),
            self.map.height(),
            place(walker.at),
            place(self.goal_place()),
            WORDS.moves.count(u64::from(walker.legs)),
            walker.travelled
        )
    }

    /// A walk: its places separated by spaces, the start first (waypoint
    /// indices, or pixels as `x,y`).
    fn parse_position(&self, text: &str) -> Result<Walker, String> {
        let mut words = text.split_whitespace();
        let place = |word: &str| -> Result<u32, String> {
            let place = match self.walk {
                Walk::Waypoints => word.parse::<u32>().ok(),
                _ => word.split_once(',').and_then(|(x, y)| {
                    let (x, y) = (
                        x.trim().parse::<usize>().ok()?,
                        y.trim().parse::<usize>().ok()?,
                    );
                    (x < self.map.width() && y < self.map.height())
                        .then(|| self.pixel_place((x, y)))
                }),
            };
            place
                .filter(|&p| self.place_exists(p))
                .ok_or_else(|| format!("{word} is not a place on this map", word = quote(word)))
        };
        let first = place(words.next().ok_or("a walk needs at least its start")?)?;
        if first != self.start_place() {
            return Err("a walk begins at the start".into());
        }
        let mut walker = self.start();
        for (number, word) in words.enumerate() {
            let leg = Leg { to: place(word)? };
            walker = self
                .apply(&walker, leg)
                .map_err(|error| format!("leg {}: {error}", number + 1))?;
        }
        Ok(walker)
    }

    fn format_position(&self, walker: &Walker) -> String {
        let words: Vec<String> = walker
            .places()
            .into_iter()
            .map(|place| match self.walk {
                Walk::Waypoints => place.to_string(),
                _ => {
                    let (x, y) = self.place_pixel(place);
                    format!("{x},{y}")
                }
            })
            .collect();
        words.join(" ")
    }

    fn refusal(&self, error: &RouteError) -> Option<String> {
        Some(format!("{}.", capitalise(&error.to_string())))
    }

    fn words(&self) -> &Words {
        &WORDS
    }

    /// The next leg in words: to a waypoint by its number, on pixels as
    /// steps and directions from where the walker stands.
    fn hint_text(&self, walker: &Walker, leg: Leg, remaining: usize, _: bool) -> String {
        let target = match self.walk {
            Walk::Waypoints => format!("walk to waypoint {}", leg.to),
            _ => {
                let (from, to) = (self.place_pixel(walker.at), self.place_pixel(leg.to));
                let across = to.0 as i64 - from.0 as i64;
                let down = to.1 as i64 - from.1 as i64;
                steps_in_words(across, down)
            }
        };
        format!(
            "Hint: {target} — {} to the goal",
            WORDS.moves.count(remaining as u64)
        )
    }

    /// "Your route: 340.2 · shortest: 322.5", with the legs and the time.
    fn won_text(&self, walker: &Walker, moves: u32, time: &str) -> String {
        format!(
            "Goal! {}, {time}. Your route: {:.1}{}",
            WORDS.moves.count(u64::from(moves)),
            walker.travelled,
            self.against_shortest(walker)
        )
    }

    /// The route compared as ever (the solver's walk is the demonstration
    /// of the shortest), saying who walked it; the session adds the times.
    fn solver_won_text(&self, walker: &Walker, moves: u32) -> String {
        let compared = self.against_shortest(walker);
        format!(
            "Goal! {}. The route: {:.1}{}{} The solver walked it.",
            WORDS.moves.count(u64::from(moves)),
            walker.travelled,
            compared,
            if compared.ends_with('!') { "" } else { "." }
        )
    }

    fn lost_text(&self, _: &Walker, can_undo: bool) -> String {
        if can_undo {
            "No route leads from here to the goal. Undo to go back.".into()
        } else {
            "No route leads from the start to the goal: walls (or missing connections) part them."
                .into()
        }
    }

    fn idle_text(&self, walker: &Walker, ui: &RouteUi, moves: u32, _: bool) -> String {
        match ui.mode {
            Mode::Edit => EDITING.into(),
            Mode::SetStart => "Click where the route should start.".into(),
            Mode::SetGoal => "Click where the route should end.".into(),
            Mode::Walk if self.is_won(walker) && moves > 0 => String::new(),
            Mode::Walk if moves == 0 => match self.walk {
                Walk::Waypoints => "Find the shortest route to the goal: click the waypoints along it, or use the arrow keys.".into(),
                Walk::AnyAngle => "Find the shortest route to the goal: click points you can walk to in a straight line.".into(),
                _ => "Find the shortest route to the goal: the arrow keys (or swipes) walk each corridor; clicks walk straight lines.".into(),
            },
            Mode::Walk => format!("Walked {:.1} so far.", walker.travelled),
        }
    }

    /// The search grows for about two seconds at the default speed (each
    /// expansion a move's time when there are few), faster at higher
    /// speeds.
    fn reveal_ms(&self, answer: &Answer, speed: f64) -> f64 {
        let Some(RouteAnswer {
            found: Some(found), ..
        }) = answer.get()
        else {
            return 0.0;
        };
        if found.trace.is_empty() {
            return 0.0;
        }
        let speed = speed.max(0.1);
        let per_expansion = found.trace.len() as f64 * 1000.0 / speed;
        per_expansion.min(14_000.0 / speed).clamp(300.0, 15_000.0)
    }
}

/// How long one leg takes on screen, in milliseconds.
pub const LEG_MS: f64 = 260.0;

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
        let rules = RouteFinding::new(map, walk);
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
        });
        let start = rules.start();
        self.set_game(rules, solver);
        self.new_game(start, solver);
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
        let ui = self.ui_mut();
        ui.mode = if ui.mode == mode { Mode::Walk } else { mode };
        ui.selected = None;
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
            heuristic_name(self.heuristic),
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
        let heuristic = heuristic_named(heuristic).ok_or_else(|| {
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

/// The waypoints a map comes with: the office's, none for the others.
fn own_waypoints(kind: &MapKind) -> Option<Waypoints> {
    match kind {
        MapKind::Office => Some(plan::office().waypoints()),
        _ => None,
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
