//! The walk: how the player may walk, a leg, why a leg is refused, and the
//! walker's trail, shared between the positions of the history.

use std::rc::Rc;

use crate::app::wording::{count, group_thousands};
use crate::route::{Algorithm, Heuristic, Moves};

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
    pub(super) fn moves(self) -> Option<Moves> {
        match self {
            Walk::Waypoints => None,
            Walk::Four => Some(Moves::Four),
            Walk::Eight => Some(Moves::Eight),
            Walk::AnyAngle => Some(Moves::AnyAngle),
        }
    }

    /// The search a walk starts with: Theta* at any angle, A* otherwise.
    pub fn own_algorithm(self) -> Algorithm {
        match self {
            Walk::AnyAngle => Algorithm::Theta,
            _ => Algorithm::AStar,
        }
    }

    /// The rule at walls, in words, as the lab shows it beside the search
    /// chosen: how a step or a line may pass a wall's corner (the rule of
    /// [`crate::route::Grid::each_step`] and of lines of sight). `None`
    /// between waypoints, whose connections are drawn by hand.
    pub fn corner_rule(self) -> Option<&'static str> {
        match self {
            Walk::Waypoints => None,
            Walk::Four => Some("Steps go along rows and columns only: no diagonals."),
            Walk::Eight => Some("Diagonal steps never cut a wall's corner."),
            Walk::AnyAngle => Some("Straight lines never touch a wall, not even at a corner."),
        }
    }

    /// The tightest estimate that never overestimates for this walk.
    pub fn best_estimate(self) -> Heuristic {
        self.moves().map_or(Heuristic::Euclidean, Moves::estimate)
    }
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
    /// The place it ends at: a waypoint's index on a walk over waypoints, a
    /// pixel's (`y * width + x`) otherwise.
    pub to: u32,
}

/// The places walked through so far, newest first, shared between the
/// positions of the history (a leg adds one link, not a copy).
///
/// A walk is as long as a save or a link makes it, so nothing here recurses
/// along the links: dropping, comparing and printing all loop (a derived
/// `Drop` of a million links overflowed the stack and bricked the page).
#[derive(Clone, Default)]
pub(super) struct Trail(pub(super) Option<Rc<Link>>);

pub(super) struct Link {
    pub(super) place: u32,
    pub(super) before: Trail,
}

impl Trail {
    pub(super) fn push(&self, place: u32) -> Trail {
        Trail(Some(Rc::new(Link {
            place,
            before: self.clone(),
        })))
    }

    /// The places, oldest first.
    pub(super) fn places(&self) -> Vec<u32> {
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
    pub(super) at: u32,
    pub(super) legs: u32,
    pub(super) travelled: f64,
    pub(super) trail: Trail,
}

impl Walker {
    /// A walker standing at `place`, not yet walked.
    pub(super) fn at(place: u32) -> Walker {
        Walker {
            at: place,
            legs: 0,
            travelled: 0.0,
            trail: Trail::default().push(place),
        }
    }

    /// Where the walker stands, numbered like a [`Leg`]'s end.
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
