//! Online jump point search from both ends (issue 23 point 3): on maps whose
//! walkable pixels form corridors one pixel wide, the `jps` algorithm
//! searches from the start and the goal at once (`slide::route::meeting_jps`).
//! Its routes must be as short as Dijkstra's on seeded mazes with loops,
//! dead ends and walled-off parts, at the start, next to it and out of
//! reach; every route drawn a walk of legal straight steps; and the maps it
//! serves told from those it does not.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::sync::Arc;

use slide::rng::SplitMix64;
use slide::route::jps::BitMap;
use slide::route::{Algorithm, Grid, GridRoute, Moves, Pixel, Query, Router};

use common::drawn_map as drawn;

fn query(algorithm: Algorithm) -> Query {
    Query::new(algorithm, Moves::Eight, Moves::Eight.estimate(), 1.0).unwrap()
}

/// A seeded perfect maze of `wide` x `high` cells with about `loops` per
/// hundred of its inner walls between two cells knocked out (so that there
/// are several ways round) and `sealed` per hundred of its open pixels
/// walled (so that some parts are cut off). Neither makes a 2 x 2 block:
/// the pixels at even coordinates stay walls.
fn maze_with_loops(wide: usize, high: usize, loops: u64, sealed: u64, seed: u64) -> Grid {
    let maze = slide::route::maze(wide, high, seed).unwrap().grid;
    let (width, height) = (maze.width(), maze.height());
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let walkable = (0..width * height)
        .map(|i| {
            let (x, y) = (i % width, i / width);
            let inner = x > 0 && y > 0 && x < width - 1 && y < height - 1;
            let between_cells = inner && (x % 2 == 1) != (y % 2 == 1);
            if maze.is_walkable((x, y)) {
                rng.below(100) >= sealed
            } else {
                between_cells && rng.below(100) < loops
            }
        })
        .collect();
    Grid::new(width, height, walkable).unwrap()
}

/// The route the `jps` algorithm finds, whole and through a router alike,
/// checked to be a walk of single straight steps on walkable pixels from
/// `from` to `to`.
fn jps_route(grid: &Arc<Grid>, from: Pixel, to: Pixel) -> Option<GridRoute> {
    let query = query(Algorithm::Jps);
    let whole = grid.route(from, to, &query).unwrap();
    let routed = Router::new(grid.clone(), &query)
        .route(from, to, &query)
        .unwrap();
    assert_eq!(whole, routed, "the router differs");
    if let Some(route) = &whole {
        assert_eq!(route.pixels.first(), Some(&from));
        assert_eq!(route.pixels.last(), Some(&to));
        for step in route.pixels.windows(2) {
            let ((ax, ay), (bx, by)) = (step[0], step[1]);
            assert_eq!(
                ax.abs_diff(bx) + ay.abs_diff(by),
                1,
                "{step:?} is not one straight step"
            );
            assert!(grid.is_walkable(step[1]), "onto a wall at {step:?}");
        }
        assert!(
            (route.distance - (route.pixels.len() - 1) as f64).abs() < 1e-9,
            "the length is the steps drawn"
        );
    }
    whole
}

/// The length Dijkstra's search finds.
fn dijkstra_length(grid: &Grid, from: Pixel, to: Pixel) -> Option<f64> {
    grid.route(from, to, &query(Algorithm::Dijkstra))
        .unwrap()
        .map(|route| route.distance)
}

/// Checks `jps`'s length from `from` to `to` against Dijkstra's, and gives it.
fn agrees(grid: &Arc<Grid>, from: Pixel, to: Pixel) -> Option<f64> {
    let found = jps_route(grid, from, to).map(|route| route.distance);
    let expected = dijkstra_length(grid, from, to);
    match (found, expected) {
        (None, None) => {}
        (Some(found), Some(expected)) => assert!(
            (found - expected).abs() < 1e-9,
            "{from:?} to {to:?}: {found} against Dijkstra's {expected}"
        ),
        other => panic!("{from:?} to {to:?}: {other:?}"),
    }
    found
}

/// A random walkable pixel of a maze (which has many).
fn random_open(rng: &mut SplitMix64, grid: &Grid) -> Pixel {
    common::random_walkable(rng, grid, 10_000).expect("the maze has walkable pixels")
}

#[test]
fn maps_of_corridors_one_pixel_wide_are_told_from_maps_with_a_walkable_block() {
    let maze = slide::route::maze(40, 9, 3).unwrap().grid;
    assert!(BitMap::new(&maze).corridors_only());
    assert!(BitMap::new(&maze_with_loops(40, 9, 30, 5, 3)).corridors_only());
    // One 2 x 2 block anywhere, across a word's end too, and it is not.
    let (width, height) = (79, 7);
    let with_block = |block: Option<Pixel>| {
        let walkable = (0..width * height)
            .map(|i| {
                let (px, py) = (i % width, i / width);
                let in_block = block
                    .is_some_and(|(x, y)| (px == x || px == x + 1) && (py == y || py == y + 1));
                in_block || py == 3
            })
            .collect();
        Grid::new(width, height, walkable).unwrap()
    };
    assert!(BitMap::new(&with_block(None)).corridors_only());
    for x in [0, 62, 63, 64, 77] {
        for y in [0, 5] {
            let grid = with_block(Some((x, y)));
            assert!(!BitMap::new(&grid).corridors_only(), "a block at {x}, {y}");
        }
    }
    let open = drawn(&["...", "..."]);
    assert!(!BitMap::new(&open).corridors_only());
    let line = drawn(&["....", "#..#", ".#.."]);
    assert!(!BitMap::new(&line).corridors_only());
    let comb = drawn(&["....", ".#.#", "...."]);
    assert!(BitMap::new(&comb).corridors_only());
}

#[test]
fn jps_from_both_ends_agrees_with_dijkstra_on_seeded_mazes_with_loops_and_walled_off_parts() {
    let mut rng = SplitMix64::new(2311);
    for seed in 0..120u64 {
        let (wide, high) = (1 + rng.below(70) as usize, 1 + rng.below(40) as usize);
        let loops = [0, 5, 20, 60][seed as usize % 4];
        let sealed = [0, 0, 2, 8][seed as usize / 4 % 4];
        let grid = Arc::new(maze_with_loops(wide, high, loops, sealed, seed));
        assert!(BitMap::new(&grid).corridors_only(), "seed {seed}");
        for _ in 0..12 {
            let (from, to) = (random_open(&mut rng, &grid), random_open(&mut rng, &grid));
            agrees(&grid, from, to);
        }
    }
}

#[test]
fn a_start_on_the_goal_is_a_route_of_one_pixel() {
    let grid = Arc::new(maze_with_loops(9, 7, 20, 0, 1));
    let route = jps_route(&grid, (5, 3), (5, 3)).unwrap();
    assert_eq!(route.pixels, vec![(5, 3)]);
    assert_eq!(route.distance, 0.0);
}

#[test]
fn a_start_next_to_the_goal_is_one_step_either_way_and_from_every_side() {
    let grid = Arc::new(drawn(&[
        "#.#.#", //
        "#...#", //
        "#.###", //
        "#...#",
    ]));
    assert!(BitMap::new(&grid).corridors_only());
    for (from, to) in [
        ((2, 1), (1, 1)),
        ((2, 1), (3, 1)),
        ((1, 1), (1, 0)),
        ((1, 1), (1, 2)),
        ((3, 1), (3, 0)),
        ((1, 3), (2, 3)),
    ] {
        for (a, b) in [(from, to), (to, from)] {
            let route = jps_route(&grid, a, b).unwrap();
            assert_eq!(route.pixels, vec![a, b]);
        }
    }
}

#[test]
fn there_is_no_route_to_a_goal_walled_off_from_the_start() {
    let grid = Arc::new(drawn(&[
        "...#...", //
        ".#.#.#.", //
        "...#...",
    ]));
    assert!(BitMap::new(&grid).corridors_only());
    assert_eq!(jps_route(&grid, (0, 0), (6, 2)), None);
    assert_eq!(jps_route(&grid, (4, 1), (0, 1)), None);
    // Either side may run out first: a lone pixel.
    let lone = Arc::new(drawn(&[
        ".#.....", //
        "##.###.", //
        "#..###.", //
        "#.#....",
    ]));
    assert!(BitMap::new(&lone).corridors_only());
    assert_eq!(agrees(&lone, (1, 3), (3, 3)), Some(14.0));
    assert_eq!(jps_route(&lone, (0, 0), (4, 0)), None);
    assert_eq!(jps_route(&lone, (4, 0), (0, 0)), None);
}

#[test]
fn corridors_one_pixel_wide_are_followed_through_bends_rings_and_dead_ends() {
    // A winding corridor, a ring with no junction, a spur at each end.
    let grid = Arc::new(drawn(&[
        ".#...#...#...", //
        ".#.#.#.#.#.#.", //
        ".#.#.#.#.#.#.", //
        "...#...#...#.", //
        "############.", //
        "#.....#......", //
        "#.###.#.####.", //
        "#.....#......",
    ]));
    assert!(BitMap::new(&grid).corridors_only());
    assert_eq!(agrees(&grid, (0, 0), (12, 0)), Some(30.0));
    assert_eq!(agrees(&grid, (0, 0), (7, 7)), Some(42.0));
    assert_eq!(agrees(&grid, (6, 2), (12, 6)), Some(20.0));
    // The ring, walled off from the rest: round it either way.
    assert_eq!(agrees(&grid, (3, 5), (3, 7)), Some(6.0));
    assert_eq!(agrees(&grid, (2, 5), (1, 6)), Some(2.0));
    assert_eq!(agrees(&grid, (3, 5), (0, 0)), None);
    // Every pair of pixels, both ways.
    let open = common::walkable_pixels(&grid);
    for &from in &open {
        for &to in &open {
            agrees(&grid, from, to);
        }
    }
}

#[test]
fn on_a_maze_the_search_in_slices_meets_from_both_ends_as_the_whole_search_does() {
    // A worker runs its searches in slices, recording them for the lab:
    // on a maze its jump point search is the whole search's, from both
    // ends (the same route, the same count, whatever the slices), and it
    // takes far fewer jump points off its lists than JPS+, which stops at
    // the same jump points from the start alone (a count, not a time).
    let grid = Arc::new(maze_with_loops(120, 120, 2, 0, 7));
    let query = query(Algorithm::Jps);
    let table = Router::new(grid.clone(), &self::query(Algorithm::JpsPlus));
    let mut rng = SplitMix64::new(7);
    let (mut both, mut one) = (0, 0);
    for round in 0..40 {
        let (from, to) = (random_open(&mut rng, &grid), random_open(&mut rng, &grid));
        let whole = jps_route(&grid, from, to).unwrap();
        let slice = [1, 7, 1000, u64::MAX][round % 4];
        let mut search =
            slide::route::RouteSearch::grid_query(grid.clone(), from, to, &query).unwrap();
        let sliced = loop {
            if let slide::route::RouteStep::Done(found) = search.run(slice) {
                break found.unwrap();
            }
        };
        let places: Vec<u32> = whole
            .pixels
            .iter()
            .map(|&(x, y)| (y * grid.width() + x) as u32)
            .collect();
        assert_eq!(sliced.places, places, "in slices of {slice}");
        assert_eq!(sliced.expanded, whole.expanded);
        let one_sided = table
            .route(from, to, &self::query(Algorithm::JpsPlus))
            .unwrap()
            .unwrap();
        assert_eq!(one_sided.distance, whole.distance);
        both += whole.expanded;
        one += one_sided.expanded;
    }
    assert!(
        both * 2 < one,
        "{both} from both ends, {one} from the start"
    );
}

#[test]
fn the_trace_of_a_search_from_both_ends_shows_both_sides_jump_points() {
    // What the lab plays back: both roots opened before the first
    // expansion, one entry an expansion, each on a walkable pixel with its
    // side's g, the record marked two-sided and of jump points, and the
    // same record however the search is sliced.
    let grid = Arc::new(maze_with_loops(60, 40, 10, 0, 11));
    let query = query(Algorithm::Jps);
    let width = grid.width();
    let mut rng = SplitMix64::new(11);
    for _ in 0..30 {
        let (from, to) = (random_open(&mut rng, &grid), random_open(&mut rng, &grid));
        let run = |slice: u64| {
            let mut search =
                slide::route::RouteSearch::grid_query(grid.clone(), from, to, &query).unwrap();
            loop {
                if let slide::route::RouteStep::Done(found) = search.run(slice) {
                    break found;
                }
            }
        };
        let found = run(u64::MAX).expect("a maze with loops and nothing sealed is connected");
        assert_eq!(Some(&found), run(3).as_ref());
        let trace = &found.trace;
        assert!(trace.check().is_ok());
        assert!(trace.two_sided && trace.jump_points);
        assert_eq!(trace.len() as u64, found.expanded);
        if from == to {
            assert!(trace.is_empty());
            continue;
        }
        let index = |(x, y): Pixel| (y * width + x) as u32;
        assert_eq!(&trace.opened[..2], &[index(from), index(to)]);
        assert_eq!(trace.opened_ends[0], 2, "the roots, before any expansion");
        for (&place, &g) in trace.expanded.iter().zip(&trace.expanded_g) {
            let pixel = (place as usize % width, place as usize / width);
            assert!(grid.is_walkable(pixel), "{pixel:?} expanded on a wall");
            assert!(g.is_finite() && g >= 0.0);
        }
    }
}
