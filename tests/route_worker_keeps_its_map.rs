//! A solver worker keeps the router of the map it searched last (its grid,
//! and what the jump point searches make of it), so that the page's many
//! searches on one map, even with the map sent whole again (each message
//! its own copy, as after a worker is restarted), build JPS+'s
//! table once; a different map, or a search needing what the kept router
//! lacks, gets a new one; and every answer is what a fresh search gives.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::sync::Arc;

use slide::app::route::solving::{RouteMap, RouteTask};
use slide::route::{parse_map, Algorithm, Grid, Heuristic, Moves, RouteStep, Router};

fn task(grid: &Grid, from: (usize, usize), to: (usize, usize), algorithm: Algorithm) -> RouteTask {
    let width = grid.width();
    RouteTask {
        // A copy each time, as each worker message brings its own.
        map: RouteMap::Grid {
            grid: Arc::new(grid.clone()),
            moves: Moves::Eight,
        },
        from: (from.1 * width + from.0) as u32,
        to: (to.1 * width + to.0) as u32,
        heuristic: Heuristic::Octile,
        algorithm,
        weight: 1.0,
        trace: true,
    }
}

fn answer(mut search: slide::route::RouteSearch) -> Option<slide::route::Found> {
    loop {
        if let RouteStep::Done(found) = search.run(500) {
            return found;
        }
    }
}

fn kept_grid(kept: &Option<Router>) -> *const Grid {
    Arc::as_ptr(kept.as_ref().expect("a router is kept").grid())
}

#[test]
fn searches_on_the_same_map_sent_again_keep_one_router_and_answer_as_fresh_ones() {
    let grid = parse_map(&common::moving_ai("den312d.map")).unwrap();
    let scenarios = slide::route::parse_scenarios(&common::moving_ai("den312d.map.scen")).unwrap();
    let mut kept = None;
    let mut first = None;
    for scenario in scenarios.iter().step_by(29) {
        let task = task(&grid, scenario.start, scenario.goal, Algorithm::JpsPlus);
        let reused = answer(task.search_keeping(&mut kept).unwrap());
        let fresh = answer(task.search().unwrap());
        assert_eq!(reused, fresh, "line {}", scenario.line);
        let distance = reused.map_or(0.0, |found| found.distance);
        assert!(
            (distance - scenario.optimal).abs() < 1e-3,
            "line {}",
            scenario.line
        );
        let now = kept_grid(&kept);
        assert_eq!(*first.get_or_insert(now), now, "the router was made again");
    }
}

#[test]
fn another_map_or_a_search_needing_more_gets_a_new_router() {
    let a = parse_map(&common::moving_ai("arena.map")).unwrap();
    let b = parse_map(&common::moving_ai("den312d.map")).unwrap();
    let (from_a, to_a) = ((3, 14), (44, 36));
    let mut kept = None;
    answer(
        task(&a, from_a, to_a, Algorithm::AStar)
            .search_keeping(&mut kept)
            .unwrap(),
    );
    let plain = kept_grid(&kept);
    // A* needs nothing made, so the same router serves it again...
    answer(
        task(&a, from_a, to_a, Algorithm::AStar)
            .search_keeping(&mut kept)
            .unwrap(),
    );
    assert_eq!(kept_grid(&kept), plain);
    // ...but JPS+ needs its table: a new router, kept for the next.
    answer(
        task(&a, from_a, to_a, Algorithm::JpsPlus)
            .search_keeping(&mut kept)
            .unwrap(),
    );
    let with_table = kept_grid(&kept);
    assert_ne!(with_table, plain);
    // The table's router serves A* on the same map too.
    answer(
        task(&a, from_a, to_a, Algorithm::AStar)
            .search_keeping(&mut kept)
            .unwrap(),
    );
    assert_eq!(kept_grid(&kept), with_table);
    // Another map: another router, whatever the search.
    let scenario =
        &slide::route::parse_scenarios(&common::moving_ai("den312d.map.scen")).unwrap()[100];
    let found = answer(
        task(&b, scenario.start, scenario.goal, Algorithm::JpsPlus)
            .search_keeping(&mut kept)
            .unwrap(),
    );
    assert_ne!(kept_grid(&kept), with_table);
    assert_eq!(**kept.as_ref().unwrap().grid(), b);
    assert!((found.unwrap().distance - scenario.optimal).abs() < 1e-3);
}

#[test]
fn every_jump_search_in_the_kept_routers_arrays_answers_as_a_fresh_one_even_after_one_given_up() {
    // A worker's jump searches run in the arrays its router kept from the
    // last search (lent for the search's life, given back when it is over
    // or dropped), as `Router::route`'s queries do: nothing of an earlier
    // search, finished or given up halfway, may leak into an answer, nor
    // may a second search on the same router while the first holds them.
    // On the maze, jump point search is the search from both ends, in
    // the router's arrays for it.
    for (map, algorithms, every) in [
        (
            "den312d",
            &[Algorithm::Jps, Algorithm::JpsPlus, Algorithm::JpsPlusPruned][..],
            7,
        ),
        ("maze512-1-0", &[Algorithm::Jps][..], 151),
    ] {
        let grid = parse_map(&common::moving_ai(&format!("{map}.map"))).unwrap();
        let scenarios =
            slide::route::parse_scenarios(&common::moving_ai(&format!("{map}.map.scen"))).unwrap();
        for &algorithm in algorithms {
            kept_arrays_answer_as_fresh_ones(&grid, &scenarios, algorithm, every);
        }
    }
}

fn kept_arrays_answer_as_fresh_ones(
    grid: &Grid,
    scenarios: &[slide::route::Scenario],
    algorithm: Algorithm,
    every: usize,
) {
    {
        let mut kept = None;
        for (i, pair) in scenarios.chunks(2).step_by(every).enumerate() {
            let [a, b] = pair else { continue };
            let first = task(grid, a.start, a.goal, algorithm);
            let second = task(grid, b.start, b.goal, algorithm);
            let mut search = first.search_keeping(&mut kept).unwrap();
            if i % 3 == 0 {
                // Given up after one slice (a cancel): dropped mid-search.
                let _ = search.run(1);
                drop(search);
                search = first.search_keeping(&mut kept).unwrap();
            }
            // A second search on the same router while the first holds
            // its arrays: it gets arrays of its own.
            let other = second.search_keeping(&mut kept).unwrap();
            for (task, search, scenario) in [(&first, search, a), (&second, other, b)] {
                let found = answer(search);
                assert_eq!(
                    found,
                    answer(task.search().unwrap()),
                    "{algorithm:?}, line {}",
                    scenario.line
                );
                let distance = found.map_or(0.0, |found| found.distance);
                assert!(
                    (distance - scenario.optimal).abs() < 1e-3,
                    "{algorithm:?}, line {}",
                    scenario.line
                );
            }
        }
    }
}
