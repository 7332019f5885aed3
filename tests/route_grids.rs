//! Route finding over a map's pixels: 4- and 8-connected walks as short as
//! Dijkstra's, every estimate compared, bad starts and goals refused, and
//! seeded perfect mazes.
mod common;

use slide::rng::SplitMix64;
use slide::route::grid::path_length;
use slide::route::{maze, Grid, Heuristic, Moves, Pixel};

/// A map from text: `#` a wall, anything else walkable.
fn map(rows: &[&str]) -> Grid {
    let width = rows[0].len();
    let walkable = rows
        .iter()
        .flat_map(|row| row.bytes().map(|b| b != b'#'))
        .collect();
    Grid::new(width, rows.len(), walkable).unwrap()
}

/// Dijkstra's distance, in plain f64, with the same steps (diagonals only
/// where both pixels beside them are walkable).
fn dijkstra(grid: &Grid, from: Pixel, to: Pixel, moves: Moves) -> f64 {
    let (width, height) = (grid.width(), grid.height());
    let mut distance = vec![f64::INFINITY; width * height];
    let mut done = vec![false; width * height];
    let mut heap = std::collections::BinaryHeap::new();
    distance[from.1 * width + from.0] = 0.0;
    heap.push((std::cmp::Reverse(0u64), from));
    while let Some((_, (x, y))) = heap.pop() {
        if done[y * width + x] {
            continue;
        }
        done[y * width + x] = true;
        let here = distance[y * width + x];
        for dy in -1isize..=1 {
            for dx in -1isize..=1 {
                let diagonal = dx != 0 && dy != 0;
                if (dx == 0 && dy == 0) || (diagonal && moves == Moves::Four) {
                    continue;
                }
                let next = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
                if !grid.is_walkable(next) {
                    continue;
                }
                if diagonal && !(grid.is_walkable((next.0, y)) && grid.is_walkable((x, next.1))) {
                    continue;
                }
                let through = here
                    + if diagonal {
                        std::f64::consts::SQRT_2
                    } else {
                        1.0
                    };
                let slot = &mut distance[next.1 * width + next.0];
                if through < *slot - 1e-12 {
                    *slot = through;
                    heap.push((std::cmp::Reverse((through * 1e6) as u64), next));
                }
            }
        }
    }
    distance[to.1 * width + to.0]
}

const HEURISTICS: [Heuristic; 4] = [
    Heuristic::Manhattan,
    Heuristic::Octile,
    Heuristic::Euclidean,
    Heuristic::Zero,
];

#[test]
fn walks_are_as_short_as_dijkstras_with_every_admissible_estimate() {
    for (grid, from, to) in common::random_maps(3, 150, 30, 45) {
        for moves in [Moves::Four, Moves::Eight] {
            let expected = dijkstra(&grid, from, to, moves);
            for heuristic in HEURISTICS {
                let found = grid.shortest(from, to, moves, heuristic).unwrap();
                let Some(route) = found else {
                    assert!(expected.is_infinite(), "a walk Dijkstra found was missed");
                    continue;
                };
                assert_eq!(route.pixels.first(), Some(&from));
                assert_eq!(route.pixels.last(), Some(&to));
                for step in route.pixels.windows(2) {
                    let (dx, dy) = (step[0].0.abs_diff(step[1].0), step[0].1.abs_diff(step[1].1));
                    assert!(dx <= 1 && dy <= 1 && dx + dy >= 1, "a step of {dx}, {dy}");
                    assert!(moves == Moves::Eight || dx + dy == 1, "a diagonal step");
                    assert!(grid.is_walkable(step[1]), "a step onto a wall");
                }
                assert!((route.distance - path_length(&route.pixels)).abs() < 1e-9);
                // Manhattan overestimates diagonals: then only never shorter.
                let exact = heuristic != Heuristic::Manhattan || moves == Moves::Four;
                assert!(route.distance >= expected - 1e-9);
                if exact {
                    assert!(
                        route.distance <= expected + 1e-6,
                        "{moves:?} {heuristic:?}: {} against {expected}",
                        route.distance
                    );
                }
            }
        }
    }
}

#[test]
fn a_better_estimate_expands_fewer_pixels_on_an_open_map() {
    let grid = Grid::new(60, 40, vec![true; 60 * 40]).unwrap();
    let expanded = |heuristic| {
        grid.shortest((2, 3), (55, 30), Moves::Eight, heuristic)
            .unwrap()
            .unwrap()
            .expanded
    };
    let (octile, euclidean, zero) = (
        expanded(Heuristic::Octile),
        expanded(Heuristic::Euclidean),
        expanded(Heuristic::Zero),
    );
    assert!(
        octile < euclidean && euclidean < zero,
        "{octile} {euclidean} {zero}"
    );
    let route = grid
        .shortest((2, 3), (55, 30), Moves::Eight, Heuristic::Octile)
        .unwrap()
        .unwrap();
    // 27 diagonal steps and 26 straight ones.
    assert!((route.distance - (26.0 + 27.0 * std::f64::consts::SQRT_2)).abs() < 1e-9);
}

#[test]
fn diagonal_steps_never_squeeze_between_walls_touching_at_a_corner() {
    let grid = map(&[
        ".#", //
        "#.",
    ]);
    assert_eq!(
        grid.shortest((0, 0), (1, 1), Moves::Eight, Heuristic::Octile),
        Ok(None)
    );
    let grid = map(&[
        "..", //
        "#.",
    ]);
    let route = grid
        .shortest((0, 0), (1, 1), Moves::Eight, Heuristic::Octile)
        .unwrap()
        .unwrap();
    assert_eq!(route.pixels, [(0, 0), (1, 0), (1, 1)]);
}

#[test]
fn a_start_or_goal_off_the_map_or_on_a_wall_is_refused_with_the_reason() {
    let grid = map(&["..#", "..."]);
    let refused = |from, to| {
        grid.shortest(from, to, Moves::Four, Heuristic::Octile)
            .unwrap_err()
    };
    assert_eq!(
        refused((5, 0), (0, 0)),
        "the start (5, 0) is off the map, which is 3 x 2 pixels"
    );
    assert_eq!(refused((0, 0), (2, 0)), "the goal (2, 0) is on a wall");
    assert_eq!(
        Grid::new(3, 2, vec![true; 5]).unwrap_err(),
        "a 3 x 2 map has 6 pixels, not 5"
    );
    assert!(Grid::new(3000, 3000, vec![])
        .unwrap_err()
        .contains("too large"));
}

#[test]
fn light_pixels_are_walkable_and_dark_or_transparent_ones_are_walls() {
    // White, black, mid gray (128), white but transparent.
    let rgba = [
        255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 0,
    ];
    let grid = Grid::from_rgba(4, 1, &rgba, 128).unwrap();
    let walkable: Vec<bool> = (0..4).map(|x| grid.is_walkable((x, 0))).collect();
    assert_eq!(walkable, [true, false, true, false]);
    let grid = Grid::from_rgba(4, 1, &rgba, 200).unwrap();
    assert!(!grid.is_walkable((2, 0)));
    let gray = Grid::from_gray(3, 1, &[10, 200, 127], 128).unwrap();
    assert_eq!(gray, map(&["#.#"]));
    assert!(Grid::from_rgba(4, 1, &rgba[..15], 128).is_err());
}

#[test]
fn seeded_mazes_are_perfect_and_the_same_every_time() {
    for (wide, high, seed) in [(1, 1, 0), (5, 3, 1), (20, 20, 7), (64, 16, 42)] {
        let made = maze(wide, high, seed).unwrap();
        assert_eq!(made, maze(wide, high, seed).unwrap());
        let grid = &made.grid;
        assert_eq!((grid.width(), grid.height()), (2 * wide + 1, 2 * high + 1));
        // A spanning tree of the cells: every cell open, and exactly one
        // fewer passages than cells.
        let open = (0..grid.height())
            .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
            .filter(|&pixel| grid.is_walkable(pixel))
            .count();
        assert_eq!(open, 2 * wide * high - 1);
        // Every cell reachable from the start.
        for y in 0..high {
            for x in 0..wide {
                let cell = (2 * x + 1, 2 * y + 1);
                assert!(
                    grid.shortest(made.start, cell, Moves::Four, Heuristic::Manhattan)
                        .unwrap()
                        .is_some(),
                    "cell {x}, {y} is walled off"
                );
            }
        }
    }
    assert_ne!(maze(20, 20, 1).unwrap(), maze(20, 20, 2).unwrap());
    assert!(maze(0, 5, 1).is_err());
    // In a perfect maze diagonals change nothing: corridors are one pixel.
    let made = maze(30, 30, 9).unwrap();
    let four = made
        .grid
        .shortest(made.start, made.goal, Moves::Four, Heuristic::Manhattan)
        .unwrap()
        .unwrap();
    let eight = made
        .grid
        .shortest(made.start, made.goal, Moves::Eight, Heuristic::Octile)
        .unwrap()
        .unwrap();
    assert_eq!(four.distance, eight.distance);
}

#[test]
fn any_angle_routes_are_straight_lines_between_corners_never_longer_than_8_connected_walks() {
    for (grid, from, to) in common::random_maps(17, 200, 40, 40) {
        let eight = grid
            .shortest(from, to, Moves::Eight, Heuristic::Octile)
            .unwrap();
        let any = grid
            .shortest(from, to, Moves::AnyAngle, Heuristic::Euclidean)
            .unwrap();
        let (Some(eight), Some(any)) = (eight.clone(), any.clone()) else {
            // The same steps reach the same pixels.
            assert_eq!(eight.is_none(), any.is_none());
            continue;
        };
        assert_eq!(any.pixels.first(), Some(&from));
        assert_eq!(any.pixels.last(), Some(&to));
        for segment in any.pixels.windows(2) {
            assert!(
                grid.line_of_sight(segment[0], segment[1]),
                "a segment through a wall"
            );
        }
        let straight = path_length(&[from, to]);
        assert!(any.distance >= straight - 1e-9);
        assert!(
            any.distance <= eight.distance + 1e-9,
            "any-angle {} against 8-connected {}",
            any.distance,
            eight.distance
        );
        assert!((any.distance - path_length(&any.pixels)).abs() < 1e-9);
    }
}

#[test]
fn on_open_ground_an_any_angle_route_is_the_straight_line() {
    let grid = Grid::new(50, 30, vec![true; 50 * 30]).unwrap();
    let route = grid
        .shortest((1, 2), (47, 27), Moves::AnyAngle, Heuristic::Euclidean)
        .unwrap()
        .unwrap();
    assert_eq!(route.pixels, [(1, 2), (47, 27)]);
    assert!((route.distance - 46f64.hypot(25.0)).abs() < 1e-9);
    // Around one wall: one turn, and shorter than any 8-connected walk.
    let grid = map(&[
        "..........",
        "..........",
        "....#.....",
        "....#.....",
        "....#.....",
        "..........",
    ]);
    let any = grid
        .shortest((1, 4), (8, 3), Moves::AnyAngle, Heuristic::Euclidean)
        .unwrap()
        .unwrap();
    let eight = grid
        .shortest((1, 4), (8, 3), Moves::Eight, Heuristic::Octile)
        .unwrap()
        .unwrap();
    assert_eq!(any.pixels.len(), 3, "{:?}", any.pixels);
    assert!(any.distance < eight.distance);
}

#[test]
fn lines_of_sight_touch_no_wall_not_even_at_a_corner() {
    let grid = map(&[
        "...", //
        ".#.", //
        "...",
    ]);
    assert!(grid.line_of_sight((0, 0), (2, 0)));
    assert!(!grid.line_of_sight((0, 1), (2, 1)));
    // Diagonally past the wall's corner: touched, so blocked.
    assert!(!grid.line_of_sight((0, 0), (1, 1)));
    assert!(!grid.line_of_sight((0, 1), (1, 0)));
    assert!(!grid.line_of_sight((0, 0), (2, 2)));
    // A shallow line passing beside the wall.
    let grid = map(&[
        "......", //
        "...#..", //
        "......",
    ]);
    assert!(grid.line_of_sight((0, 0), (5, 0)));
    assert!(!grid.line_of_sight((0, 0), (5, 2)));
    assert!(grid.line_of_sight((0, 2), (5, 2)));
}

#[test]
fn counted_lines_of_sight_agree_with_walking_the_line_pixel_by_pixel() {
    let mut rng = SplitMix64::new(23);
    let mut next = |below: usize| rng.below(below as u64) as usize;
    for _ in 0..60 {
        let (width, height) = (1 + next(14), 1 + next(14));
        let density = next(30);
        let walkable: Vec<bool> = (0..width * height).map(|_| next(100) >= density).collect();
        let grid = Grid::new(width, height, walkable).unwrap();
        let lines = slide::route::SightLines::new(&grid);
        for a in 0..width * height {
            for b in 0..width * height {
                let (a, b) = ((a % width, a / width), (b % width, b / width));
                assert_eq!(
                    lines.line_of_sight(a, b),
                    grid.line_of_sight(a, b),
                    "{a:?} to {b:?} on {grid:?}"
                );
            }
        }
    }
}
