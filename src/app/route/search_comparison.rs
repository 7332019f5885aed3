//! Route finding's comparison of searches: each search answered on one map
//! between one start and one goal is listed, newest first, so that the
//! player can change Moves and Heuristic and see what each search costs.
//! A new map, start or goal starts a new comparison. The page shows
//! [`SearchComparison::last_text`] and [`SearchComparison::earlier_text`].

use std::sync::Arc;

use super::solving::RouteAnswer;
use super::{RouteFinding, RouteGame, Walk};
use crate::app::wording::group_thousands;
use crate::route::Grid;

/// How many searches a comparison keeps.
pub const COMPARED: usize = 6;

/// One search as the comparison lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct ComparedSearch {
    /// The search in words (see [`describe_search`]).
    pub what: String,
    /// How many places it expanded; 0 when it found no route (no count comes
    /// back then).
    pub expanded: u64,
    /// The length of the route it found, or `None` if there is none.
    pub distance: Option<f64>,
    /// Milliseconds from the request to the answer.
    pub ms: f64,
}

/// The searches answered for one map, start and goal, newest first and at
/// most [`COMPARED`] of them.
#[derive(Clone, Debug, Default)]
pub struct SearchComparison {
    /// What the searches are about: the map's grid (held, so that its
    /// identity cannot be taken by another map), start and goal.
    about: Option<(Arc<Grid>, u32, u32)>,
    searches: Vec<ComparedSearch>,
}

impl SearchComparison {
    /// Takes in the answer `game` shows, if it is a route search's and not
    /// listed yet (every refresh sees the same answer until the next one,
    /// and it is listed once); a map, start or goal other than the
    /// comparison's first empties the list.
    pub fn follow(&mut self, game: &RouteGame) {
        let rules = game.game();
        let (grid, start, goal) = (&rules.map().grid, rules.start_place(), rules.goal_place());
        let same = self
            .about
            .as_ref()
            .is_some_and(|(g, s, e)| Arc::ptr_eq(g, grid) && *s == start && *e == goal);
        if !same {
            self.about = Some((Arc::clone(grid), start, goal));
            self.searches.clear();
        }
        let Some(shown) = game.shown() else {
            return;
        };
        let Some(RouteAnswer { found, .. }) = shown.answer.get() else {
            return;
        };
        self.add(ComparedSearch {
            what: describe_search(rules),
            expanded: found.as_ref().map_or(0, |f| f.expanded),
            distance: found.as_ref().map(|f| f.distance),
            ms: shown.elapsed_ms,
        });
    }

    /// Lists `search` first, unless it is the one listed first already;
    /// the oldest beyond [`COMPARED`] is dropped.
    pub fn add(&mut self, search: ComparedSearch) {
        if self.searches.first() != Some(&search) {
            self.searches.insert(0, search);
            self.searches.truncate(COMPARED);
        }
    }

    /// The searches listed, newest first.
    pub fn searches(&self) -> &[ComparedSearch] {
        &self.searches
    }

    /// The newest search in a sentence, or how to make one.
    pub fn last_text(&self) -> String {
        match self.searches.first() {
            Some(last) => format!(
                "Last search — {}: {} expanded · length {} · {:.0} ms",
                last.what,
                group_thousands(last.expanded),
                length(last.distance),
                last.ms
            ),
            None => "Hint or Solve to search; change Moves and Heuristic to compare searches on this map.".into(),
        }
    }

    /// The searches before the newest (`Before: …`), or nothing.
    pub fn earlier_text(&self) -> String {
        let rows: Vec<String> = self
            .searches
            .iter()
            .skip(1)
            .map(|r| {
                format!(
                    "{}: {} expanded · {} · {:.0} ms",
                    r.what,
                    group_thousands(r.expanded),
                    length(r.distance),
                    r.ms
                )
            })
            .collect();
        if rows.is_empty() {
            String::new()
        } else {
            format!("Before: {}", rows.join("; "))
        }
    }
}

/// A route's length to one decimal, or that there is none.
fn length(distance: Option<f64>) -> String {
    distance.map_or_else(|| "no route".to_string(), |d| format!("{d:.1}"))
}

/// The search a rules' settings make, in words: "A*, 8 ways, octile",
/// "Dijkstra, 4 ways", "Lazy Theta*, any angle, straight line".
pub fn describe_search(rules: &RouteFinding) -> String {
    let walk = match rules.walk() {
        Walk::Waypoints => "waypoints",
        Walk::Four => "4 ways",
        Walk::Eight => "8 ways",
        Walk::AnyAngle => return "Lazy Theta*, any angle, straight line".into(),
    };
    let Some(estimate) = rules.heuristic().label() else {
        return format!("Dijkstra, {walk}");
    };
    format!("A*, {walk}, {estimate}")
}
