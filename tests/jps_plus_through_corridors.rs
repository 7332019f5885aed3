//! JPS+ through corridors (issue 23 point 3): reading its jumps from the
//! jump table, JPS+ follows the same rules as online jump point search: a
//! bend of a corridor one pixel wide (the way ahead walled, one way on) is
//! turned at once rather than put on the open list, a corridor ending in a
//! dead end is given up at once, and a jump point with one straight
//! successor is gone through in the same expansion. Each case is checked
//! for its length against A*, for the points it expands, and for the route
//! drawn: every pixel, one legal step after another.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::sync::Arc;

use slide::route::{Algorithm, Grid, GridRoute, Heuristic, Moves, Pixel, Query};

/// A map drawn in text (see [`common::drawn_map`]), shared.
fn drawn(rows: &[&str]) -> Arc<Grid> {
    Arc::new(common::drawn_map(rows))
}

use common::checked_route as route;

/// JPS+'s route, checked against A*'s length.
fn jps_plus(grid: &Arc<Grid>, from: Pixel, to: Pixel) -> Option<GridRoute> {
    let found = route(grid, from, to, Algorithm::JpsPlus);
    let astar = route(grid, from, to, Algorithm::AStar);
    match (&found, &astar) {
        (None, None) => {}
        (Some(found), Some(astar)) => assert!(
            (found.distance - astar.distance).abs() < 1e-9,
            "{from:?} to {to:?}: {} vs A* {}",
            found.distance,
            astar.distance
        ),
        other => panic!("{from:?} to {to:?}: {other:?}"),
    }
    found
}

/// A corridor one pixel wide bending eleven times, with a spur at its end.
fn bends() -> Arc<Grid> {
    drawn(&[
        ".#...#...#...", //
        ".#.#.#.#.#.#.", //
        ".#.#.#.#.#.#.", //
        "...#...#...#.",
    ])
}

#[test]
fn jps_plus_turns_a_corridor_s_bends_without_expanding_them() {
    let grid = bends();
    let found = jps_plus(&grid, (0, 0), (12, 0)).unwrap();
    assert_eq!(found.distance, 30.0, "six legs of 3, six of 2");
    assert_eq!(found.expanded, 1, "only the start is expanded");
    assert_eq!(found.pixels.len(), 31, "every pixel of the walk is drawn");
}

#[test]
fn jps_plus_gives_up_a_corridor_ending_in_a_dead_end_at_once() {
    // Right of the start, the corridor bends twice and ends at the map's
    // edge; left of it, a dead end at once.
    let grid = drawn(&[
        "......#", //
        "#####.#", //
        "......#",
    ]);
    let found = jps_plus(&grid, (3, 0), (1, 0)).unwrap();
    assert_eq!(found.distance, 2.0);
    assert_eq!(found.expanded, 1, "the corridor's end is never listed");
    assert_eq!(jps_plus(&grid, (3, 0), (0, 2)).unwrap().distance, 9.0);
    // Walled off: the search ends with every corridor given up.
    let parted = drawn(&["...#...", "##.#.##"]);
    assert!(jps_plus(&parted, (0, 0), (6, 0)).is_none());
}

#[test]
fn jps_plus_from_a_start_on_the_goal_is_a_route_of_no_steps() {
    let grid = bends();
    for at in [(0, 0), (2, 2), (12, 3)] {
        let found = jps_plus(&grid, at, at).unwrap();
        assert_eq!(found.distance, 0.0);
        assert_eq!(found.pixels, vec![at]);
    }
}

#[test]
fn jps_plus_routes_between_any_two_pixels_of_corridors_between_bends() {
    // Starts and goals in the middle of legs, on bends, at junctions and
    // in dead-end spurs: every pair.
    let grids = [
        bends(),
        drawn(&[
            "..#......", //
            "#.#.####.", //
            "#...#..#.", //
            "###.#.##.", //
            "....#....",
        ]),
    ];
    for grid in grids {
        let open = common::walkable_pixels(&grid);
        for &from in &open {
            for &to in &open {
                jps_plus(&grid, from, to);
            }
        }
    }
}

#[test]
fn jps_plus_goes_through_a_junction_whose_other_ways_are_dead_ends_in_the_same_expansion() {
    // From the start, a jump right meets a spur up (a dead end) at x = 2,
    // then a way down at x = 6 whose corridor bends to the goal: each
    // junction has one way on, so the start's expansion reaches the goal.
    let grid = drawn(&[
        "##.#####", //
        "##.#####", //
        "........", //
        "######.#", //
        "######..",
    ]);
    let found = jps_plus(&grid, (0, 2), (7, 4)).unwrap();
    assert_eq!(found.expanded, 1, "only the start is expanded");
    assert!((found.distance - (6.0 + 2.0 + 1.0)).abs() < 1e-9);
    assert_eq!(found.pixels.len(), 10);
}

#[test]
fn on_mazes_of_corridors_one_pixel_wide_jps_plus_expands_what_online_jps_expands() {
    use slide::rng::SplitMix64;
    for (wide, high) in [(15, 16), (32, 31), (40, 70)] {
        let seed = (wide * 100 + high) as u64;
        let maze = slide::route::maze(wide, high, seed).unwrap();
        let grid = Arc::new(maze.grid);
        let mut rng = SplitMix64::new(seed);
        let mut open = || loop {
            let at = (
                rng.below(grid.width() as u64) as usize,
                rng.below(grid.height() as u64) as usize,
            );
            if grid.is_walkable(at) {
                break at;
            }
        };
        let mut pairs = vec![(maze.start, maze.goal)];
        pairs.extend((0..8).map(|_| (open(), open())));
        // Online JPS searches such a maze from both ends when it must
        // prove its route shortest; with Manhattan distance, which it
        // cannot count on 8 ways, it searches from the start alone, as
        // JPS+ does, and both then expand the same jump points.
        let manhattan =
            |algorithm| Query::new(algorithm, Moves::Eight, Heuristic::Manhattan, 1.0).unwrap();
        for (from, to) in pairs {
            let plus = jps_plus(&grid, from, to).expect("a perfect maze is connected");
            let (plus_from_the_start, one_sided) = (
                grid.route(from, to, &manhattan(Algorithm::JpsPlus))
                    .unwrap()
                    .unwrap(),
                grid.route(from, to, &manhattan(Algorithm::Jps))
                    .unwrap()
                    .unwrap(),
            );
            assert_eq!(
                plus_from_the_start.expanded, one_sided.expanded,
                "{from:?} to {to:?}"
            );
            // A perfect maze has one route.
            assert_eq!(plus_from_the_start.pixels, plus.pixels);
            assert_eq!(one_sided.pixels, plus.pixels);
            let online = route(&grid, from, to, Algorithm::Jps).unwrap();
            assert_eq!(plus.pixels, online.pixels, "{from:?} to {to:?}");
        }
    }
}
