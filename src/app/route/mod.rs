//! Route finding as the page plays it: a map (the built-in office floor
//! plan, a seeded maze, or the player's own image), a start and a goal, and
//! the player's walk between them, leg by leg, compared at the goal with the
//! shortest route. Its rules glue for the shared [`Session`], how clicks,
//! swipes and keys become legs, the waypoint editor, and its wording.
//!
//! A *place* is numbered by the walk: a waypoint's index when walking from
//! waypoint to waypoint, else a pixel's index (`y * width + x`).

mod commands;
mod editor;
mod game;
mod keep;
mod lab_edit;
mod map;
pub mod playback;
mod rules;
pub mod search_comparison;
pub mod solving;
mod walk;

use std::cell::OnceCell;

use super::game::Action;
use super::session::Session;
use crate::route::{Algorithm, Found, Heuristic};

pub use keep::IMAGE_SAVE_MAX_CHARS;
pub use lab_edit::{Stroke, StrokeKind, BLANK_SIDES, EDITS_KEPT};
pub use map::{Ends, Map, MapKind};
pub use walk::{steps_in_words, Leg, RouteError, Walk, Walker};

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

/// The rules of one route game: the map, the walk, the estimate the solver
/// uses, the start and the goal. The shortest route between them is
/// measured once, when first asked for.
#[derive(Clone, Debug)]
pub struct RouteFinding {
    map: Map,
    walk: Walk,
    heuristic: Heuristic,
    /// The search across pixels (ignored on waypoints): checked with the
    /// walk's moves by [`crate::route::Query::new`] whenever it changes.
    algorithm: Algorithm,
    /// The estimate's weight, 1 to [`crate::route::MAX_WEIGHT`].
    weight: f64,
    ends: Ends,
    /// The maps (and their ends) before the latest wall edits, the latest
    /// last, at most [`EDITS_KEPT`]: what Undo brings back once the legs
    /// walked since are taken back.
    earlier: Vec<(Map, Ends)>,
    shortest: OnceCell<Option<Found>>,
}

/// What undo leaves alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RouteUi {
    /// What a click does.
    pub mode: Mode,
    /// The waypoint selected in the editor.
    pub selected: Option<usize>,
    /// The wall stroke (or the drag of S or G) under way while drawing
    /// walls: drawn as it grows, applied when the pointer comes up.
    pub stroke: Option<Stroke>,
}

/// What a click on the map does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Walks a leg.
    #[default]
    Walk,
    /// A click sets the start there (Enter or Space: where the walker stands).
    SetStart,
    /// A click sets the goal there (Enter or Space: where the walker stands).
    SetGoal,
    /// Edits the waypoints.
    Edit,
    /// Draws walls: a drag paints walls, or erases them when it starts on
    /// a wall; a drag from S or G moves it.
    Walls,
}

/// A route game being played.
pub type RouteGame = Session<RouteFinding>;

/// How long one leg takes on screen, in milliseconds.
pub const LEG_MS: f64 = 260.0;

/// What a route game's input does.
type RouteAction = Action<Leg, Walker, RouteFinding>;
