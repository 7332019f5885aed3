//! The landmark estimate (differential heuristics, issue 23): on seeded
//! random maps it never exceeds the true walking distance (checked against
//! a Dijkstra written here, in the searches' own 985 / 1393 units), it
//! changes across a step by no more than the step costs (consistent), and
//! every optimal search guided by it finds routes exactly as long as
//! Dijkstra's, whole, through a router and in slices; on the Moving AI
//! maze it matches the published lengths with far fewer expansions.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use slide::rng::SplitMix64;
use slide::route::movingai::matches_optimal;
use slide::route::{
    parse_map, parse_scenarios, Algorithm, Grid, Heuristic, Landmarks, Moves, Pixel, Query,
    RouteSearch, RouteStep, Router, LANDMARKS,
};

const STRAIGHT: u32 = 985;
const DIAGONAL: u32 = 1393;

/// Every step from `(x, y)`, 8-connected without cutting corners, with
/// its cost.
fn steps(grid: &Grid, (x, y): Pixel) -> Vec<(Pixel, u32)> {
    let open = |dx: isize, dy: isize| {
        let (nx, ny) = (x as isize + dx, y as isize + dy);
        nx >= 0 && ny >= 0 && grid.is_walkable((nx as usize, ny as usize))
    };
    let mut out = Vec::new();
    for dy in -1isize..=1 {
        for dx in -1isize..=1 {
            let diagonal = dx != 0 && dy != 0;
            if (dx, dy) == (0, 0) || !open(dx, dy) || (diagonal && !(open(dx, 0) && open(0, dy))) {
                continue;
            }
            let next = ((x as isize + dx) as usize, (y as isize + dy) as usize);
            out.push((next, if diagonal { DIAGONAL } else { STRAIGHT }));
        }
    }
    out
}

/// The walking distance from `from` to every pixel in 985 / 1393 units
/// (`None` where unreachable).
fn dijkstra(grid: &Grid, from: Pixel) -> Vec<Option<u32>> {
    let w = grid.width();
    let mut best = vec![None; w * grid.height()];
    let mut heap = BinaryHeap::new();
    best[from.1 * w + from.0] = Some(0);
    heap.push(Reverse((0u32, from)));
    while let Some(Reverse((g, at))) = heap.pop() {
        if best[at.1 * w + at.0].is_some_and(|b| g > b) {
            continue;
        }
        for (next, cost) in steps(grid, at) {
            let slot = &mut best[next.1 * w + next.0];
            if slot.is_none_or(|b| g + cost < b) {
                *slot = Some(g + cost);
                heap.push(Reverse((g + cost, next)));
            }
        }
    }
    best
}

/// A random map: scattered walls, and a few long walls with one gap each
/// (the corridors and dead ends where landmarks matter).
fn random_grid(rng: &mut SplitMix64) -> Grid {
    let width = 1 + rng.below(90) as usize;
    let height = 1 + rng.below(60) as usize;
    let walls = rng.below(400);
    let mut walkable: Vec<bool> = (0..width * height)
        .map(|_| rng.below(1000) >= walls)
        .collect();
    common::walls_with_gaps(rng, width, height, &mut walkable, 6);
    Grid::new(width, height, walkable).unwrap()
}

fn open_pixels(grid: &Grid) -> Vec<Pixel> {
    (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&pixel| grid.is_walkable(pixel))
        .collect()
}

#[test]
fn each_landmark_holds_the_exact_walking_distance_to_every_pixel() {
    for seed in 0..30 {
        let grid = random_grid(&mut SplitMix64::new(seed));
        let landmarks = Landmarks::new(&grid);
        assert!(landmarks.places().len() <= LANDMARKS);
        if !open_pixels(&grid).is_empty() {
            assert!(!landmarks.places().is_empty(), "seed {seed}");
        }
        for (k, &place) in landmarks.places().iter().enumerate() {
            let exact = dijkstra(&grid, place);
            for y in 0..grid.height() {
                for x in 0..grid.width() {
                    assert_eq!(
                        landmarks.distance(k, (x, y)),
                        exact[y * grid.width() + x],
                        "seed {seed}, landmark {k} at {place:?}, pixel ({x}, {y})"
                    );
                }
            }
        }
    }
}

#[test]
fn the_landmark_estimate_never_exceeds_the_true_distance_on_random_maps() {
    for seed in 0..120 {
        let mut rng = SplitMix64::new(seed ^ 0x5eed);
        let grid = random_grid(&mut rng);
        let landmarks = Landmarks::new(&grid);
        let open = open_pixels(&grid);
        for _ in 0..4 {
            let Some(&goal) = open.get(rng.below(open.len().max(1) as u64) as usize) else {
                break;
            };
            let exact = dijkstra(&grid, goal);
            for &pixel in &open {
                let bound = landmarks.lower_bound(pixel, goal);
                if let Some(true_distance) = exact[pixel.1 * grid.width() + pixel.0] {
                    assert!(
                        bound <= true_distance,
                        "seed {seed}: {pixel:?} to {goal:?}: bound {bound} > {true_distance}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_landmark_estimate_changes_across_a_step_by_no_more_than_the_step() {
    for seed in 0..60 {
        let mut rng = SplitMix64::new(seed ^ 0xc0de);
        let grid = random_grid(&mut rng);
        let landmarks = Landmarks::new(&grid);
        let open = open_pixels(&grid);
        let Some(&goal) = open.get(rng.below(open.len().max(1) as u64) as usize) else {
            continue;
        };
        // Where walls part a pixel from the goal the bound is anything:
        // no walk is searched there.
        let reaches = dijkstra(&grid, goal);
        for &pixel in open
            .iter()
            .filter(|p| reaches[p.1 * grid.width() + p.0].is_some())
        {
            let here = landmarks.lower_bound(pixel, goal);
            for (next, cost) in steps(&grid, pixel) {
                let there = landmarks.lower_bound(next, goal);
                assert!(
                    here <= cost + there,
                    "seed {seed}: {pixel:?} -> {next:?} toward {goal:?}: {here} > {cost} + {there}"
                );
            }
        }
    }
}

#[test]
fn a_map_of_walls_has_no_landmarks_and_a_lone_pixel_gets_one() {
    let walls = Grid::new(5, 4, vec![false; 20]).unwrap();
    assert!(Landmarks::new(&walls).places().is_empty());
    let mut walkable = vec![false; 20];
    walkable[7] = true;
    let lone = Grid::new(5, 4, walkable).unwrap();
    let landmarks = Landmarks::new(&lone);
    assert_eq!(landmarks.places(), [(2, 1)]);
    assert_eq!(landmarks.lower_bound((2, 1), (2, 1)), 0);
}

/// Runs a sliced search to its end in slices of `budget` expansions: its
/// length.
fn sliced_length(mut search: RouteSearch, budget: u64) -> Option<f64> {
    loop {
        match search.run(budget) {
            RouteStep::Running => continue,
            RouteStep::Done(found) => return found.map(|found| found.distance),
        }
    }
}

#[test]
fn every_optimal_search_with_landmarks_agrees_with_dijkstra_whole_routed_and_sliced() {
    let algorithms = [
        Algorithm::AStar,
        Algorithm::Jps,
        Algorithm::JpsPlus,
        Algorithm::Bidirectional,
    ];
    for seed in 0..80 {
        let mut rng = SplitMix64::new(seed ^ 0xa1b2);
        let grid = Arc::new(random_grid(&mut rng));
        let open = open_pixels(&grid);
        if open.is_empty() {
            continue;
        }
        let from = open[rng.below(open.len() as u64) as usize];
        let to = if seed % 13 == 0 {
            from
        } else {
            open[rng.below(open.len() as u64) as usize]
        };
        let exact = dijkstra(&grid, from)[to.1 * grid.width() + to.0];
        for algorithm in algorithms {
            for moves in [Moves::Four, Moves::Eight] {
                let Ok(query) = Query::new(algorithm, moves, Heuristic::Landmarks, 1.0) else {
                    continue;
                };
                assert!(query.proves_shortest());
                let what = format!("seed {seed}, {} {}", algorithm.name(), moves.name());
                let whole = grid.route(from, to, &query).unwrap();
                let router = Router::new(grid.clone(), &query);
                assert!(router.landmarks().is_some(), "{what}");
                let routed = router.route(from, to, &query).unwrap();
                assert_eq!(whole, routed, "{what}: a router's route differs");
                let sliced =
                    sliced_length(RouteSearch::routed(&router, from, to, &query).unwrap(), 3);
                let length = whole.as_ref().map(|route| route.distance);
                assert_eq!(sliced, length, "{what}: sliced differs");
                if moves == Moves::Eight {
                    match (length, exact) {
                        (None, None) => {}
                        (Some(length), Some(exact)) => {
                            // The units' diagonal is a hair under √2, so
                            // compare by the walk's own steps: as many
                            // units as Dijkstra's, to within rounding.
                            let units = f64::from(exact) / f64::from(STRAIGHT);
                            assert!(
                                (length - units).abs() < 1e-3 * (1.0 + units),
                                "{what}: found {length}, Dijkstra {units}"
                            );
                        }
                        (found, exact) => panic!("{what}: found {found:?}, Dijkstra {exact:?}"),
                    }
                } else {
                    assert_eq!(length.is_some(), exact.is_some(), "{what}");
                }
            }
        }
    }
}

#[test]
fn with_four_connected_moves_landmark_routes_are_as_long_as_manhattan_ones() {
    for seed in 0..60 {
        let mut rng = SplitMix64::new(seed ^ 0x4444);
        let grid = Arc::new(random_grid(&mut rng));
        let open = open_pixels(&grid);
        if open.is_empty() {
            continue;
        }
        let from = open[rng.below(open.len() as u64) as usize];
        let to = open[rng.below(open.len() as u64) as usize];
        let manhattan = grid
            .shortest(from, to, Moves::Four, Heuristic::Manhattan)
            .unwrap();
        let landmarks = grid
            .shortest(from, to, Moves::Four, Heuristic::Landmarks)
            .unwrap();
        assert_eq!(
            manhattan.map(|r| r.distance),
            landmarks.map(|r| r.distance),
            "seed {seed}"
        );
    }
}

#[test]
fn on_the_moving_ai_maze_landmarks_match_the_optimal_lengths_with_far_fewer_expansions() {
    let grid = Arc::new(parse_map(&common::moving_ai("maze512-1-0.map")).unwrap());
    let scenarios = parse_scenarios(&common::moving_ai("maze512-1-0.map.scen")).unwrap();
    for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
        let plain = Query::new(algorithm, Moves::Eight, Heuristic::Octile, 1.0).unwrap();
        let guided = Query::new(algorithm, Moves::Eight, Heuristic::Landmarks, 1.0).unwrap();
        let (plain_router, guided_router) = (
            Router::new(grid.clone(), &plain),
            Router::new(grid.clone(), &guided),
        );
        let (mut plain_expanded, mut guided_expanded) = (0, 0);
        // Spread over the buckets, the hardest last.
        for scenario in scenarios.iter().rev().step_by(607) {
            let route = guided_router
                .route(scenario.start, scenario.goal, &guided)
                .unwrap()
                .unwrap();
            assert!(
                matches_optimal(route.distance, scenario.optimal),
                "{} line {}: {} against {}",
                algorithm.name(),
                scenario.line,
                route.distance,
                scenario.optimal
            );
            guided_expanded += route.expanded;
            plain_expanded += plain_router
                .route(scenario.start, scenario.goal, &plain)
                .unwrap()
                .unwrap()
                .expanded;
        }
        assert!(
            guided_expanded * 4 < plain_expanded,
            "{}: {guided_expanded} expanded with landmarks, {plain_expanded} without",
            algorithm.name()
        );
    }
}

#[test]
fn a_router_made_after_another_on_the_same_map_keeps_its_landmarks() {
    let grid = Arc::new(random_grid(&mut SplitMix64::new(77)));
    let jps = Query::new(Algorithm::Jps, Moves::Eight, Heuristic::Landmarks, 1.0).unwrap();
    let plus = Query::new(Algorithm::JpsPlus, Moves::Eight, Heuristic::Landmarks, 1.0).unwrap();
    let first = Router::new(grid.clone(), &jps);
    assert!(!first.serves(&grid, &plus), "JPS+ needs its table");
    let next = Router::succeeding(grid.clone(), &plus, Some(&first));
    assert!(next.serves(&grid, &plus));
    assert!(Arc::ptr_eq(
        &first.landmarks().unwrap(),
        &next.landmarks().unwrap()
    ));
    // Another map's landmarks are not taken.
    let other = Arc::new(random_grid(&mut SplitMix64::new(78)));
    let elsewhere = Router::succeeding(other.clone(), &plus, Some(&first));
    assert!(!Arc::ptr_eq(
        &first.landmarks().unwrap(),
        &elsewhere.landmarks().unwrap()
    ));
    let octile = Query::new(Algorithm::Jps, Moves::Eight, Heuristic::Octile, 1.0).unwrap();
    assert!(!Router::new(grid.clone(), &octile).serves(&grid, &jps));
}
