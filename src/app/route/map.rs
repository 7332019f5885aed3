//! Maps: their walkable pixels and waypoints, what they are, their default
//! start and goal, and maps made from the player's images.

use std::sync::Arc;

use super::walk::Walk;
use crate::route::{maze, plan, Grid, Pixel, Point, Waypoints};

/// Where a map came from, which is all a save needs to make it again
/// (except an image's pixels, saved as runs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapKind {
    /// The office floor plan drawn by the project.
    Office,
    /// A perfect maze of `cells` (wide, high) from `seed`.
    Maze {
        /// Maze cells across and down (each cell several pixels wide).
        cells: (usize, usize),
        /// The seed: the same seed and size give the same maze.
        seed: u64,
    },
    /// The player's own image.
    Image {
        /// The image's file name, as the player's device gave it (shown,
        /// never opened again).
        name: String,
    },
    /// A map drawn in the search lab: a blank one, an edited one, or a
    /// grid map opened from a file (its pixels saved as runs, as an
    /// image's).
    Drawn {
        /// What it is in words: "blank 64 x 64", "maze 20 x 20 (7),
        /// edited", a file's name.
        name: String,
    },
}

/// A map: its walkable pixels, its waypoints if it has any, what it is, and
/// its default start and goal pixels.
#[derive(Clone, Debug)]
pub struct Map {
    /// Which pixels are walkable; shared, never changed once made.
    pub grid: Arc<Grid>,
    /// The waypoints (the first the start, the last the goal, by default).
    pub waypoints: Option<Arc<Waypoints>>,
    /// Where the map came from.
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

    /// The map's width in pixels, its grid's: 1 to 4,096.
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// The map's height in pixels, its grid's: 1 to 4,096.
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// The waypoints, if there are at least two (a route needs a start and
    /// a goal).
    pub(super) fn route_waypoints(&self) -> Option<&Arc<Waypoints>> {
        self.waypoints.as_ref().filter(|w| w.len() >= 2)
    }

    /// The walk a new game on this map starts with.
    pub fn default_walk(&self) -> Walk {
        match (&self.kind, self.route_waypoints()) {
            (_, Some(_)) => Walk::Waypoints,
            (MapKind::Maze { .. }, None) => Walk::Four,
            (MapKind::Drawn { .. }, None) => Walk::Eight,
            _ => Walk::AnyAngle,
        }
    }
}

/// The pixel a waypoint stands on.
pub(super) fn pixel_of(point: Point) -> Pixel {
    (point.x.round() as usize, point.y.round() as usize)
}

/// Where routes start and end, both as waypoints (when the map has them)
/// and as pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ends {
    /// The waypoint a walk on waypoints starts from (an index into the
    /// map's waypoints; 0 on a map without any).
    pub start_waypoint: usize,
    /// The waypoint such a walk ends at.
    pub goal_waypoint: usize,
    /// The walkable pixel a walk across pixels starts from.
    pub start: Pixel,
    /// The walkable pixel it ends at.
    pub goal: Pixel,
}

/// The waypoints a map comes with: the office's, none for the others.
pub(super) fn own_waypoints(kind: &MapKind) -> Option<Waypoints> {
    match kind {
        MapKind::Office => Some(plan::office().waypoints()),
        _ => None,
    }
}
