//! Route finding's comparison of searches: each search answered on one map
//! between one start and one goal is a row of a table (algorithm, moves,
//! estimate, weight, places expanded, length, time), so that the player can
//! change the search and see what each costs. The table sorts by any
//! column, either way; a new map, start or goal starts a new comparison.
//! The page draws [`SearchComparison::rows`] under
//! [`SearchComparison::headers`], and says [`SearchComparison::last_text`].

use std::cmp::Ordering;
use std::sync::Arc;

use super::solving::RouteAnswer;
use super::{RouteFinding, RouteGame, Walk};
use crate::app::wording::group_thousands;
use crate::route::{Algorithm, Grid};

/// How many searches a comparison keeps (the oldest go first).
pub const COMPARED: usize = 12;

/// One search as the comparison lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct ComparedSearch {
    /// The search in words (see [`describe_search`]).
    pub what: String,
    /// The algorithm's label, with the moves: "Jump point search · 8 ways".
    pub algorithm: String,
    /// The estimate's label, or "none" for the searches that use none.
    pub heuristic: String,
    /// The estimate's weight (1 for plain A*, and for searches without an
    /// estimate).
    pub weight: f64,
    /// How many places it expanded; 0 when it found no route (no count comes
    /// back then).
    pub expanded: u64,
    /// The length of the route it found, or `None` if there is none.
    pub distance: Option<f64>,
    /// Milliseconds from the request to the answer.
    pub ms: f64,
}

impl ComparedSearch {
    /// The row's cells in words, in [`Column::ALL`]'s order.
    pub fn cells(&self) -> [String; 6] {
        [
            self.algorithm.clone(),
            self.heuristic.clone(),
            format!("{}", self.weight),
            group_thousands(self.expanded),
            length(self.distance),
            format!("{:.0} ms", self.ms),
        ]
    }

    /// How this search compares with `other` by `column` (routes found
    /// before none, when sorting by length).
    fn compare(&self, other: &ComparedSearch, column: Column) -> Ordering {
        match column {
            Column::Algorithm => self.algorithm.cmp(&other.algorithm),
            Column::Heuristic => self.heuristic.cmp(&other.heuristic),
            Column::Weight => self.weight.total_cmp(&other.weight),
            Column::Expanded => self.expanded.cmp(&other.expanded),
            Column::Length => match (self.distance, other.distance) {
                (Some(a), Some(b)) => a.total_cmp(&b),
                (a, b) => b.is_some().cmp(&a.is_some()),
            },
            Column::Time => self.ms.total_cmp(&other.ms),
        }
    }
}

/// A column of the comparison's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The algorithm and the moves.
    Algorithm,
    /// The estimate.
    Heuristic,
    /// The estimate's weight.
    Weight,
    /// Places expanded.
    Expanded,
    /// The route's length.
    Length,
    /// Milliseconds to the answer.
    Time,
}

impl Column {
    /// Every column, left to right.
    pub const ALL: [Column; 6] = [
        Column::Algorithm,
        Column::Heuristic,
        Column::Weight,
        Column::Expanded,
        Column::Length,
        Column::Time,
    ];

    /// The column's heading.
    pub fn label(self) -> &'static str {
        match self {
            Column::Algorithm => "Algorithm",
            Column::Heuristic => "Heuristic",
            Column::Weight => "Weight",
            Column::Expanded => "Expanded",
            Column::Length => "Length",
            Column::Time => "Time",
        }
    }

    /// Whether the column holds numbers (drawn right-aligned).
    pub fn is_numeric(self) -> bool {
        !matches!(self, Column::Algorithm | Column::Heuristic)
    }
}

/// Which way a sorted column runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Smallest (or A) first.
    Ascending,
    /// Largest (or Z) first.
    Descending,
}

/// The searches answered for one map, start and goal, newest first and at
/// most [`COMPARED`] of them, and how the table is sorted.
#[derive(Clone, Debug, Default)]
pub struct SearchComparison {
    /// What the searches are about: the map's grid (held, so that its
    /// identity cannot be taken by another map), start and goal.
    about: Option<(Arc<Grid>, u32, u32)>,
    searches: Vec<ComparedSearch>,
    /// The column the table is sorted by and which way; `None`: newest
    /// first.
    sort: Option<(Column, Direction)>,
}

impl SearchComparison {
    /// Takes in the answer `game` shows, if it is a route search's and not
    /// listed yet (every refresh sees the same answer until the next one,
    /// and it is listed once); a map, start or goal other than the
    /// comparison's first empties the list (the sort is kept).
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
        let (algorithm, heuristic, weight) = search_columns(rules);
        self.add(ComparedSearch {
            what: describe_search(rules),
            algorithm,
            heuristic,
            weight,
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

    /// Sorts the table by `column`: ascending, or the other way if it is
    /// sorted by that column already (a heading clicked again).
    pub fn sort_by(&mut self, column: Column) {
        let direction = match self.sort {
            Some((sorted, Direction::Ascending)) if sorted == column => Direction::Descending,
            _ => Direction::Ascending,
        };
        self.sort = Some((column, direction));
    }

    /// The column sorted by and which way, if any.
    pub fn sorted(&self) -> Option<(Column, Direction)> {
        self.sort
    }

    /// The headings, each with its `aria-sort` value ("ascending",
    /// "descending" or "none").
    pub fn headers(&self) -> [(Column, &'static str); 6] {
        Column::ALL.map(|column| {
            let sort = match self.sort {
                Some((sorted, Direction::Ascending)) if sorted == column => "ascending",
                Some((sorted, Direction::Descending)) if sorted == column => "descending",
                _ => "none",
            };
            (column, sort)
        })
    }

    /// The searches in the table's order: sorted by the column chosen
    /// (equal ones newest first), or newest first.
    pub fn rows(&self) -> Vec<&ComparedSearch> {
        let mut rows: Vec<&ComparedSearch> = self.searches.iter().collect();
        if let Some((column, direction)) = self.sort {
            // A stable sort: equal rows stay newest first.
            rows.sort_by(|a, b| {
                let order = a.compare(b, column);
                match direction {
                    Direction::Ascending => order,
                    Direction::Descending => order.reverse(),
                }
            });
        }
        rows
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
            None => "Hint or Solve to search; change the algorithm, moves or heuristic to compare searches on this map.".into(),
        }
    }
}

/// A route's length to one decimal, or that there is none.
fn length(distance: Option<f64>) -> String {
    distance.map_or_else(|| "no route".to_string(), |d| format!("{d:.1}"))
}

/// The moves of a walk in words.
fn walk_words(walk: Walk) -> &'static str {
    match walk {
        Walk::Waypoints => "waypoints",
        Walk::Four => "4 ways",
        Walk::Eight => "8 ways",
        Walk::AnyAngle => "any angle",
    }
}

/// The search the rules make: the algorithm's label, the moves in words
/// (`None` at any angle, where the label says so), the estimate's label
/// (`None` for searches that use none) and the weight.
fn search_parts(
    rules: &RouteFinding,
) -> (
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
    f64,
) {
    let walk = rules.walk();
    let moves = (walk != Walk::AnyAngle).then(|| walk_words(walk));
    let Some(query) = rules.query() else {
        let estimate = rules.heuristic().label();
        let algorithm = if estimate.is_some() { "A*" } else { "Dijkstra" };
        return (algorithm, moves, estimate, 1.0);
    };
    let algorithm = query.algorithm();
    if !algorithm.uses_estimate() {
        return (algorithm.label(), moves, None, 1.0);
    }
    // A* without an estimate is Dijkstra's search, as the Heuristic
    // selector says.
    if algorithm == Algorithm::AStar && query.heuristic().label().is_none() {
        return ("Dijkstra", moves, None, 1.0);
    }
    let estimate = if walk == Walk::AnyAngle {
        Some("straight line")
    } else {
        query.heuristic().label()
    };
    (algorithm.label(), moves, estimate, query.weight())
}

/// The algorithm (with the moves), estimate and weight the table shows for
/// the search the rules make.
fn search_columns(rules: &RouteFinding) -> (String, String, f64) {
    let (algorithm, moves, estimate, weight) = search_parts(rules);
    let algorithm = match moves {
        Some(moves) => format!("{algorithm} · {moves}"),
        None => algorithm.to_string(),
    };
    (algorithm, estimate.unwrap_or("none").to_string(), weight)
}

/// The search a rules' settings make, in words: "A*, 8 ways, octile",
/// "Jump point search, 8 ways, octile, weight 1.5", "Dijkstra, 4 ways",
/// "Theta* (any angle), straight line".
pub fn describe_search(rules: &RouteFinding) -> String {
    let (algorithm, moves, estimate, weight) = search_parts(rules);
    let mut parts = vec![algorithm.to_string()];
    parts.extend(moves.map(str::to_string));
    parts.extend(estimate.map(str::to_string));
    if weight != 1.0 {
        parts.push(format!("weight {weight}"));
    }
    parts.join(", ")
}
