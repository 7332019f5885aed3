//! Route finding's comparison of searches, without the page: each search
//! answered on one map is a row listed once, newest first, sortable by any
//! column either way, and a new map starts the table again.
// Natively only: the shared test helpers answer through the engine there.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, solve_task, Requests};
use slide::app::route::search_comparison::{
    describe_search, Column, ComparedSearch, Direction, SearchComparison, COMPARED,
};
use slide::app::route::{Map, RouteGame, Walk};
use slide::app::Play;
use slide::route::{Algorithm, Heuristic};

fn maze(seed: u64) -> RouteGame {
    let mut game = RouteGame::on_map(Map::maze(10, 10, seed).unwrap());
    game.fit(600.0, 600.0);
    game
}

/// Asks for a hint and answers it through a worker's engine.
fn search(game: &mut RouteGame, solver: &mut Requests, elapsed_ms: f64) {
    game.request_hint(0.0, solver);
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), elapsed_ms), 100.0);
}

fn entry(what: &str, expanded: u64) -> ComparedSearch {
    ComparedSearch {
        what: what.into(),
        algorithm: what.into(),
        heuristic: "Manhattan".into(),
        weight: 1.0,
        expanded,
        distance: Some(12.0),
        ms: 3.0,
    }
}

fn row(
    algorithm: &str,
    weight: f64,
    expanded: u64,
    distance: Option<f64>,
    ms: f64,
) -> ComparedSearch {
    ComparedSearch {
        what: algorithm.into(),
        algorithm: algorithm.into(),
        heuristic: "octile".into(),
        weight,
        expanded,
        distance,
        ms,
    }
}

#[test]
fn each_answer_is_listed_once_newest_first_with_the_search_in_words() {
    let mut game = maze(3);
    let mut solver = Requests::default();
    let mut comparison = SearchComparison::default();
    comparison.follow(&game);
    assert!(comparison.searches().is_empty());
    assert!(comparison
        .last_text()
        .starts_with("Hint or Solve to search"));

    search(&mut game, &mut solver, 12.0);
    comparison.follow(&game);
    // Every refresh sees the same answer: listed once.
    comparison.follow(&game);
    assert_eq!(comparison.searches().len(), 1);
    let first = comparison.searches()[0].clone();
    assert_eq!(first.what, describe_search(game.game()));
    assert!(first.expanded > 0);
    assert!(first.distance.is_some());
    assert!(comparison
        .last_text()
        .starts_with(&format!("Last search — {}: ", first.what)));

    game.set_heuristic(Heuristic::Zero, &mut solver);
    search(&mut game, &mut solver, 20.0);
    comparison.follow(&game);
    let listed = comparison.searches();
    assert_eq!(listed.len(), 2);
    assert!(listed[0].what.starts_with("Dijkstra, "));
    assert_eq!(listed[0].heuristic, "none");
    // Both searches are optimal: the same length, the blind one expanding
    // more.
    assert_eq!(listed[0].distance, listed[1].distance);
    assert!(listed[0].expanded >= listed[1].expanded);
    assert_eq!(listed[1], first);
}

#[test]
fn another_map_starts_the_comparison_again() {
    let mut game = maze(3);
    let mut solver = Requests::default();
    let mut comparison = SearchComparison::default();
    search(&mut game, &mut solver, 12.0);
    comparison.follow(&game);
    assert_eq!(comparison.searches().len(), 1);
    game.load_map(Map::maze(10, 10, 4).unwrap(), &mut solver);
    comparison.follow(&game);
    assert!(comparison.searches().is_empty());
}

#[test]
fn the_comparison_keeps_only_the_newest_searches() {
    let mut comparison = SearchComparison::default();
    for expanded in 0..(COMPARED as u64 + 3) {
        comparison.add(entry("A*, 4 ways, Manhattan", expanded));
    }
    let listed = comparison.searches();
    assert_eq!(listed.len(), COMPARED);
    assert_eq!(listed[0].expanded, COMPARED as u64 + 2);
    assert_eq!(listed[COMPARED - 1].expanded, 3);
}

#[test]
fn searches_are_named_by_algorithm_walk_estimate_and_weight() {
    let mut game = maze(3);
    let mut solver = Requests::default();
    game.set_walk(Walk::Four, &mut solver).unwrap();
    game.set_heuristic(Heuristic::Manhattan, &mut solver);
    assert_eq!(describe_search(game.game()), "A*, 4 ways, Manhattan");
    game.set_walk(Walk::Eight, &mut solver).unwrap();
    game.set_heuristic(Heuristic::Octile, &mut solver);
    assert_eq!(describe_search(game.game()), "A*, 8 ways, octile");
    game.set_search(Algorithm::Jps, 1.5, &mut solver).unwrap();
    assert_eq!(
        describe_search(game.game()),
        "Jump point search, 8 ways, octile, weight 1.5"
    );
    game.set_search(Algorithm::Dijkstra, 1.0, &mut solver)
        .unwrap();
    assert_eq!(describe_search(game.game()), "Dijkstra, 8 ways");
    game.set_walk(Walk::AnyAngle, &mut solver).unwrap();
    assert_eq!(
        describe_search(game.game()),
        "Theta* (any angle), straight line"
    );
}

#[test]
fn a_heading_sorts_the_table_ascending_then_descending_and_says_so() {
    let mut comparison = SearchComparison::default();
    comparison.add(row("A* · 8 ways", 1.0, 900, Some(40.5), 12.0));
    comparison.add(row("Jump point search · 8 ways", 1.0, 40, Some(40.5), 3.0));
    comparison.add(row("Best-first · 8 ways", 1.0, 120, Some(44.1), 5.0));
    comparison.add(row("Dijkstra · 8 ways", 1.0, 5000, None, 30.0));
    // Unsorted: newest first, and every heading says "none".
    let names = |c: &SearchComparison| -> Vec<String> {
        c.rows().iter().map(|r| r.algorithm.clone()).collect()
    };
    assert_eq!(names(&comparison)[0], "Dijkstra · 8 ways");
    assert!(comparison.headers().iter().all(|&(_, sort)| sort == "none"));

    comparison.sort_by(Column::Expanded);
    let expanded: Vec<u64> = comparison.rows().iter().map(|r| r.expanded).collect();
    assert_eq!(expanded, [40, 120, 900, 5000]);
    assert_eq!(
        comparison.sorted(),
        Some((Column::Expanded, Direction::Ascending))
    );
    let headers = comparison.headers();
    assert_eq!(headers[3], (Column::Expanded, "ascending"));
    assert_eq!(headers[0].1, "none");

    comparison.sort_by(Column::Expanded);
    let expanded: Vec<u64> = comparison.rows().iter().map(|r| r.expanded).collect();
    assert_eq!(expanded, [5000, 900, 120, 40]);
    assert_eq!(comparison.headers()[3].1, "descending");

    // Another heading sorts ascending by it; no route sorts after routes.
    comparison.sort_by(Column::Length);
    let lengths: Vec<Option<f64>> = comparison.rows().iter().map(|r| r.distance).collect();
    assert_eq!(lengths, [Some(40.5), Some(40.5), Some(44.1), None]);
    // Equal lengths stay newest first.
    assert_eq!(names(&comparison)[0], "Jump point search · 8 ways");
    assert_eq!(comparison.headers()[3].1, "none");

    comparison.sort_by(Column::Algorithm);
    assert_eq!(names(&comparison)[0], "A* · 8 ways");
    comparison.sort_by(Column::Time);
    assert_eq!(comparison.rows()[0].ms, 3.0);
}

#[test]
fn a_row_is_drawn_as_six_cells_in_the_columns_order() {
    let cells = row("A* · 8 ways", 1.5, 12_345, Some(40.56), 7.4).cells();
    assert_eq!(
        cells,
        ["A* · 8 ways", "octile", "1.5", "12,345", "40.6", "7 ms"].map(String::from)
    );
    assert_eq!(
        row("Dijkstra · 4 ways", 1.0, 0, None, 1.0).cells()[4],
        "no route"
    );
    assert_eq!(
        Column::ALL.map(Column::label),
        [
            "Algorithm",
            "Heuristic",
            "Weight",
            "Expanded",
            "Length",
            "Time"
        ]
    );
    assert!(Column::Expanded.is_numeric() && !Column::Algorithm.is_numeric());
}

#[test]
fn the_sort_outlives_a_new_map_but_the_rows_do_not() {
    let mut game = maze(3);
    let mut solver = Requests::default();
    let mut comparison = SearchComparison::default();
    search(&mut game, &mut solver, 12.0);
    comparison.follow(&game);
    comparison.sort_by(Column::Time);
    game.set_search(Algorithm::BestFirst, 1.0, &mut solver)
        .unwrap();
    search(&mut game, &mut solver, 3.0);
    comparison.follow(&game);
    // The same map: both kept, the faster first.
    assert_eq!(comparison.rows().len(), 2);
    assert_eq!(comparison.rows()[0].ms, 3.0);
    assert!(comparison.rows()[0].algorithm.starts_with("Best-first"));
    game.load_map(Map::maze(10, 10, 4).unwrap(), &mut solver);
    comparison.follow(&game);
    assert!(comparison.rows().is_empty());
    assert_eq!(
        comparison.sorted(),
        Some((Column::Time, Direction::Ascending))
    );
}
