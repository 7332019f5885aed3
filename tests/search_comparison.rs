//! Route finding's comparison of searches, without the page: each search
//! answered on one map is listed once, newest first, and a new map starts
//! the list again.
// Natively only: the shared test helpers answer through the engine there.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, solve_task, Requests};
use slide::app::route::search_comparison::{
    describe_search, ComparedSearch, SearchComparison, COMPARED,
};
use slide::app::route::{Map, RouteGame, Walk};
use slide::app::Play;
use slide::route::Heuristic;

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
        expanded,
        distance: Some(12.0),
        ms: 3.0,
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
    assert_eq!(comparison.earlier_text(), "");

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
    // Both searches are optimal: the same length, Dijkstra expanding more.
    assert_eq!(listed[0].distance, listed[1].distance);
    assert!(listed[0].expanded >= listed[1].expanded);
    assert!(comparison
        .earlier_text()
        .starts_with(&format!("Before: {}: ", first.what)));
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
    assert_eq!(
        comparison.earlier_text().matches("; ").count(),
        COMPARED - 2
    );
}

#[test]
fn searches_are_named_by_walk_and_estimate() {
    let mut game = maze(3);
    let mut solver = Requests::default();
    game.set_walk(Walk::Four, &mut solver).unwrap();
    game.set_heuristic(Heuristic::Manhattan, &mut solver);
    assert_eq!(describe_search(game.game()), "A*, 4 ways, Manhattan");
    game.set_walk(Walk::Eight, &mut solver).unwrap();
    game.set_heuristic(Heuristic::Octile, &mut solver);
    assert_eq!(describe_search(game.game()), "A*, 8 ways, octile");
    game.set_heuristic(Heuristic::Zero, &mut solver);
    assert_eq!(describe_search(game.game()), "Dijkstra, 8 ways");
    game.set_walk(Walk::AnyAngle, &mut solver).unwrap();
    assert_eq!(
        describe_search(game.game()),
        "Lazy Theta*, any angle, straight line"
    );
}
