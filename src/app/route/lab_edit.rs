//! The search lab's map editing: walls painted and erased by a drag (with
//! the pixels between pointer events filled in, so that a fast drag leaves
//! no gap), S and G dragged, blank maps of a chosen size, and undoing the
//! edits. Pointer points become pixels here; the edit is applied purely, as
//! new rules on a new grid.

use std::sync::Arc;

use super::map::{Ends, Map, MapKind};
use super::walk::Walk;
use super::{Mode, RouteAction, RouteFinding, RouteGame};
use crate::app::game::Action;
use crate::app::grid::BoardLayout;
use crate::app::workers::SolverQueue;
use crate::route::{Grid, Pixel};

/// The sides offered for a blank map, in pixels.
pub const BLANK_SIDES: [usize; 5] = [32, 64, 128, 256, 512];

/// How many wall edits Undo can take back.
pub const EDITS_KEPT: usize = 30;

/// How near S or G, in CSS pixels on the screen, a drag must start to move
/// it rather than paint.
const END_GRAB_PX: f64 = 14.0;

/// What a drag on the map does while drawing walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrokeKind {
    /// Turns the pixels it crosses into walls (never S or G).
    Paint,
    /// Turns the walls it crosses into floor.
    Erase,
    /// Moves the start to where it ends.
    MoveStart,
    /// Moves the goal to where it ends.
    MoveGoal,
}

/// A drag while drawing walls, as it grows: what it does, the pixels it
/// has crossed (each pointer event's pixel joined to the one before by a
/// straight line) and where it is now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stroke {
    kind: StrokeKind,
    /// How many pixels the brush reaches on each side of the line (0: one
    /// pixel wide).
    radius: usize,
    /// Every pixel the brush has covered, in order (a pixel may repeat).
    cells: Vec<Pixel>,
    /// The pixel under the pointer now.
    at: Pixel,
}

impl Stroke {
    /// A stroke starting at map point `point` (map pixels, as
    /// [`RouteFinding::map_point`] gives them) on `rules`' map, `per_css`
    /// map pixels a CSS pixel on the screen: it moves S or G if it starts
    /// on one, erases if it starts on a wall, and paints otherwise. The
    /// brush is about one screen pixel wide or more: on a map drawn
    /// smaller than its pixels, every stroke stays visible.
    pub fn begin(rules: &RouteFinding, point: (f64, f64), per_css: f64) -> Stroke {
        let at = rules.clamp_pixel(point);
        let reach = (END_GRAB_PX * per_css).max(0.75);
        let near =
            |(x, y): Pixel| (x as f64 + 0.5 - point.0).hypot(y as f64 + 0.5 - point.1) <= reach;
        let ends = rules.ends();
        let kind = if near(ends.start) {
            StrokeKind::MoveStart
        } else if near(ends.goal) {
            StrokeKind::MoveGoal
        } else if rules.map().grid.is_walkable(at) {
            StrokeKind::Paint
        } else {
            StrokeKind::Erase
        };
        let radius = if per_css.is_finite() {
            per_css.clamp(0.0, 8.0).floor() as usize
        } else {
            0
        };
        let mut stroke = Stroke {
            kind,
            radius,
            cells: Vec::new(),
            at,
        };
        stroke.cover(at, rules);
        stroke
    }

    /// Extends the stroke to map point `point`, covering every pixel on the
    /// straight line from where it was.
    pub fn extend(&mut self, rules: &RouteFinding, point: (f64, f64)) {
        let to = rules.clamp_pixel(point);
        if to == self.at {
            return;
        }
        if matches!(self.kind, StrokeKind::Paint | StrokeKind::Erase) {
            for pixel in line(self.at, to).into_iter().skip(1) {
                self.cover(pixel, rules);
            }
        }
        self.at = to;
    }

    /// Adds the brush's pixels around `centre` (only for painting and
    /// erasing).
    fn cover(&mut self, centre: Pixel, rules: &RouteFinding) {
        if !matches!(self.kind, StrokeKind::Paint | StrokeKind::Erase) {
            return;
        }
        let (width, height) = (rules.map().width(), rules.map().height());
        let r = self.radius;
        for y in centre.1.saturating_sub(r)..=(centre.1 + r).min(height - 1) {
            for x in centre.0.saturating_sub(r)..=(centre.0 + r).min(width - 1) {
                self.cells.push((x, y));
            }
        }
    }

    /// What the stroke does.
    pub fn kind(&self) -> StrokeKind {
        self.kind
    }

    /// The pixels painted or erased so far (none when it moves S or G).
    pub fn cells(&self) -> &[Pixel] {
        &self.cells
    }

    /// The pixel under the pointer now.
    pub fn at(&self) -> Pixel {
        self.at
    }
}

/// The pixels on the straight line from `a` to `b`, both included, each a
/// step (straight or diagonal) from the one before (Bresenham's line).
pub fn line(a: Pixel, b: Pixel) -> Vec<Pixel> {
    let (mut x, mut y) = (a.0 as i64, a.1 as i64);
    let (x1, y1) = (b.0 as i64, b.1 as i64);
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = ((x1 - x).signum(), (y1 - y).signum());
    let mut error = dx + dy;
    let mut pixels = Vec::with_capacity((dx - dy) as usize + 1);
    loop {
        pixels.push((x as usize, y as usize));
        if x == x1 && y == y1 {
            return pixels;
        }
        let twice = 2 * error;
        if twice >= dy {
            error += dy;
            x += sx;
        }
        if twice <= dx {
            error += dx;
            y += sy;
        }
    }
}

impl Map {
    /// A blank map of `side` x `side` pixels, all floor, from its top-left
    /// pixel to its bottom-right one.
    ///
    /// # Errors
    /// If `side` is not one of [`BLANK_SIDES`].
    pub fn blank(side: usize) -> Result<Map, String> {
        if !BLANK_SIDES.contains(&side) {
            return Err(format!(
                "a blank map is {} pixels a side, not {side}",
                sides_in_words()
            ));
        }
        let grid = Grid::new(side, side, vec![true; side * side])?;
        Ok(Map::drawn(
            &format!("blank {side} x {side}"),
            grid,
            (0, 0),
            (side - 1, side - 1),
        ))
    }

    /// A map drawn or opened by the player (a `.map` file, an edited map):
    /// `grid` from `start` to `goal`, which the caller has checked are
    /// walkable.
    pub fn drawn(name: &str, grid: Grid, start: Pixel, goal: Pixel) -> Map {
        Map {
            grid: Arc::new(grid),
            waypoints: None,
            kind: MapKind::Drawn { name: name.into() },
            start,
            goal,
        }
    }

    /// A grid map opened from a file (a Moving AI `.map`): from the
    /// walkable pixel nearest its top-left corner to the one nearest its
    /// bottom-right corner, as an image's.
    ///
    /// # Errors
    /// If fewer than two pixels are walkable.
    pub fn opened(name: &str, grid: Grid) -> Result<Map, String> {
        let mut map = Map::image(name, grid)
            .map_err(|_| "this map has fewer than two walkable pixels".to_string())?;
        map.kind = MapKind::Drawn { name: name.into() };
        Ok(map)
    }
}

/// The blank sides in words: "32, 64, 128, 256 or 512".
fn sides_in_words() -> String {
    let sides: Vec<String> = BLANK_SIDES.iter().map(usize::to_string).collect();
    let (last, rest) = sides.split_last().expect("sides are offered");
    format!("{} or {last}", rest.join(", "))
}

impl RouteFinding {
    /// The pixel under a map point, brought onto the map if off it.
    fn clamp_pixel(&self, (x, y): (f64, f64)) -> Pixel {
        let clamp = |v: f64, size: usize| {
            if v.is_finite() {
                (v.max(0.0) as usize).min(size - 1)
            } else {
                0
            }
        };
        (clamp(x, self.map.width()), clamp(y, self.map.height()))
    }

    /// The rules after a finished stroke, played from the start (the
    /// rules before kept for Undo); a stroke that changes nothing
    /// changes nothing.
    pub(super) fn finish_stroke(&self, stroke: &Stroke) -> RouteAction {
        let ends = self.ends;
        match stroke.kind {
            StrokeKind::MoveStart | StrokeKind::MoveGoal => {
                let goal = stroke.kind == StrokeKind::MoveGoal;
                let (what, other) = if goal {
                    ("goal", ends.start)
                } else {
                    ("start", ends.goal)
                };
                let to = stroke.at;
                if to == if goal { ends.goal } else { ends.start } {
                    return Action::Redraw;
                }
                if !self.map.grid.is_walkable(to) {
                    return Action::Note(format!("The {what} must be on floor, not on a wall."));
                }
                if to == other {
                    return Action::Note("The start and the goal must be apart.".into());
                }
                let mut new_ends = ends;
                if goal {
                    new_ends.goal = to;
                } else {
                    new_ends.start = to;
                }
                self.edited_map(self.map.clone(), new_ends)
            }
            StrokeKind::Paint | StrokeKind::Erase => {
                let grid = &self.map.grid;
                let (width, height) = (grid.width(), grid.height());
                let mut walkable: Vec<bool> = (0..height)
                    .flat_map(|y| (0..width).map(move |x| (x, y)))
                    .map(|pixel| grid.is_walkable(pixel))
                    .collect();
                let floor = stroke.kind == StrokeKind::Erase;
                let mut changed = false;
                for &(x, y) in &stroke.cells {
                    // S and G always stand on floor.
                    if !floor && ((x, y) == ends.start || (x, y) == ends.goal) {
                        continue;
                    }
                    let cell = &mut walkable[y * width + x];
                    changed |= *cell != floor;
                    *cell = floor;
                }
                if !changed {
                    return Action::Redraw;
                }
                let grid =
                    Grid::new(width, height, walkable).expect("the same size as a map that exists");
                let mut map = self.map.clone();
                map.kind = MapKind::Drawn {
                    name: self.edited_name(),
                };
                map.grid = Arc::new(grid);
                // Waypoints that a wall now covers, or that a wall now
                // parts, are the old map's: they go.
                let keeps_waypoints = map.waypoints.as_ref().is_some_and(|graph| {
                    graph
                        .points()
                        .iter()
                        .all(|p| map.grid.is_walkable(super::map::pixel_of(*p)))
                        && graph.edges().iter().all(|&(a, b)| {
                            map.grid.line_of_sight(
                                super::map::pixel_of(graph.point(a)),
                                super::map::pixel_of(graph.point(b)),
                            )
                        })
                });
                if !keeps_waypoints {
                    map.waypoints = None;
                }
                self.edited_map(map, ends)
            }
        }
    }

    /// The name an edited map goes by.
    fn edited_name(&self) -> String {
        match &self.map.kind {
            MapKind::Office => "office plan, edited".into(),
            MapKind::Maze { cells, seed } => {
                format!("maze {} x {} ({seed}), edited", cells.0, cells.1)
            }
            MapKind::Image { name } => format!("{name}, edited"),
            MapKind::Drawn { name } => name.clone(),
        }
    }

    /// These rules on an edited map with these ends, the rules before kept
    /// for Undo; a walk over waypoints the map no longer has walks 8
    /// ways instead.
    fn edited_map(&self, map: Map, ends: Ends) -> RouteAction {
        let rules = self.with(|rules| {
            rules.earlier.push((rules.map.clone(), rules.ends));
            if rules.earlier.len() > EDITS_KEPT {
                rules.earlier.remove(0);
            }
            rules.map = map;
            rules.ends = ends;
            if rules.walk == Walk::Waypoints && rules.map.route_waypoints().is_none() {
                rules.walk = Walk::Eight;
                rules.heuristic = Walk::Eight.best_estimate();
            }
        });
        let start = rules.start();
        Action::Restart(rules, start)
    }

    /// Whether there is an edit for Undo to take back (once the legs
    /// walked since are: see [`crate::app::Play::take_back`]).
    pub fn can_undo_edit(&self) -> bool {
        !self.earlier.is_empty()
    }

    /// The rules before the latest edit (the search's settings kept), or
    /// `None` if none is kept.
    pub(super) fn before_edit(&self) -> Option<RouteFinding> {
        let (map, ends) = self.earlier.last()?.clone();
        Some(self.with(|rules| {
            rules.earlier.pop();
            rules.map = map;
            rules.ends = ends;
        }))
    }
}

/// The search lab's editing on a game being played.
impl RouteGame {
    /// The map point under `css` (CSS pixels on the board, as pointer
    /// events give them, whatever the zoom), and map pixels a CSS pixel.
    fn lab_point(&self, css: (f64, f64)) -> ((f64, f64), f64) {
        let view = self.viewport();
        let layout: BoardLayout = view.zoomed(self.grid());
        let rules = self.game();
        (
            rules.map_point(&layout, view.to_zoomed(css)),
            rules.map_per_css(&layout),
        )
    }

    /// A pointer went down at `css` on the board: while drawing walls, a
    /// stroke begins there.
    pub fn lab_pointer_down(&mut self, css: (f64, f64)) {
        if self.ui().mode != Mode::Walls {
            return;
        }
        let (point, per_css) = self.lab_point(css);
        let stroke = Stroke::begin(self.game(), point, per_css);
        self.ui_mut().stroke = Some(stroke);
    }

    /// A pointer moved to `css` on the board: a stroke under way grows to
    /// it. Whether there is a stroke to draw again.
    pub fn lab_pointer_move(&mut self, css: (f64, f64)) -> bool {
        if self.ui().stroke.is_none() || self.ui().mode != Mode::Walls {
            return false;
        }
        let (point, _) = self.lab_point(css);
        let rules = self.game().clone();
        if let Some(stroke) = self.ui_mut().stroke.as_mut() {
            stroke.extend(&rules, point);
        }
        true
    }

    /// A pointer was cancelled: the stroke under way is dropped.
    pub fn lab_pointer_cancel(&mut self) {
        self.ui_mut().stroke = None;
    }

    /// Plays on a blank map of `side` x `side` pixels, drawing walls.
    ///
    /// # Errors
    /// If `side` is not one of [`BLANK_SIDES`].
    pub fn new_blank(&mut self, side: usize, solver: &mut dyn SolverQueue) -> Result<(), String> {
        let map = Map::blank(side)?;
        let walk = if self.game().walk == Walk::Waypoints {
            Walk::Eight
        } else {
            self.game().walk
        };
        let (algorithm, weight) = (self.game().algorithm, self.game().weight);
        self.load_map(map, solver);
        self.set_walk(walk, solver)?;
        // The search chosen stays chosen where the new map allows it.
        let _ = self.set_search(algorithm, weight, solver);
        let ui = self.ui_mut();
        ui.mode = Mode::Walls;
        ui.stroke = None;
        Ok(())
    }
}
