//! Every algorithm of a route query (issue 23) against a plain Dijkstra
//! written here, on hundreds of seeded random grids of random sizes (many
//! wider than 64 pixels, so that jump point search's bit rows span words)
//! and densities, 4- and 8-connected where the algorithm allows: the
//! optimal ones find routes exactly as long, the others (greedy best-first,
//! breadth-first 8-connected) valid walks, each whole, through a
//! [`Router`] and in small slices alike. Then samples of the Moving AI
//! scenarios, whose published optimal lengths every optimal algorithm must
//! match.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::sync::Arc;

use slide::rng::SplitMix64;
use slide::route::{
    Algorithm, Found, Grid, GridRoute, Heuristic, Moves, Pixel, Query, RouteSearch, RouteStep,
    Router,
};

/// A random `width` x `height` grid with about `walls` per thousand pixels
/// walls, its pixels in runs (so corridors and corners turn up).
fn random_grid(rng: &mut SplitMix64, width: usize, height: usize, walls: u64) -> Grid {
    let mut walkable = vec![true; width * height];
    for cell in walkable.iter_mut() {
        *cell = rng.below(1000) >= walls;
    }
    // A few straight walls with gaps.
    common::walls_with_gaps(rng, width, height, &mut walkable, 4);
    Grid::new(width, height, walkable).unwrap()
}

/// A random walkable pixel, if 200 draws find one.
fn random_open(rng: &mut SplitMix64, grid: &Grid) -> Option<Pixel> {
    common::random_walkable(rng, grid, 200)
}

/// Runs a sliced search to its end in slices of `budget` expansions.
fn run_sliced(mut search: RouteSearch, budget: u64) -> Option<Found> {
    loop {
        match search.run(budget) {
            RouteStep::Running => continue,
            RouteStep::Done(found) => return found,
        }
    }
}

/// The queries tried with `moves`: every algorithm that walks them, with
/// its default estimate.
fn queries(moves: Moves) -> Vec<Query> {
    Algorithm::ALL
        .into_iter()
        .filter(|&a| a != Algorithm::Theta)
        .filter_map(|a| Query::new(a, moves, moves.estimate(), 1.0).ok())
        .collect()
}

/// Checks one query's route (found whole, through a router and in
/// slices) against Dijkstra's distance `shortest`.
fn check_query(grid: &Arc<Grid>, from: Pixel, to: Pixel, query: &Query, shortest: f64, what: &str) {
    let what = format!(
        "{what} {} {}",
        query.algorithm().name(),
        query.moves().name()
    );
    let whole = grid.route(from, to, query).unwrap();
    let routed = Router::new(grid.clone(), query)
        .route(from, to, query)
        .unwrap();
    let sliced = run_sliced(
        RouteSearch::grid_query(grid.clone(), from, to, query).unwrap(),
        3,
    );
    assert_eq!(whole, routed, "{what}: a router's route differs");
    match (&whole, shortest.is_finite()) {
        (None, false) => {}
        (
            Some(GridRoute {
                pixels, distance, ..
            }),
            true,
        ) => {
            common::check_walk(grid, pixels, *distance, from, to, query.moves(), &what);
            if query.proves_shortest() {
                assert!(
                    (distance - shortest).abs() < 1e-6 * (1.0 + shortest),
                    "{what}: found {distance}, Dijkstra {shortest}"
                );
            }
        }
        (route, _) => panic!("{what}: found {route:?}, Dijkstra {shortest}"),
    }
    let sliced = sliced.map(|found| {
        let pixels: Vec<Pixel> = found
            .places
            .iter()
            .map(|&at| (at as usize % grid.width(), at as usize / grid.width()))
            .collect();
        (
            pixels,
            found.distance,
            found.expanded,
            found.trace.len() as u64,
        )
    });
    let whole = whole.map(|route| (route.pixels, route.distance, route.expanded));
    match (sliced, whole) {
        (None, None) => {}
        (Some((pixels, distance, expanded, traced)), Some(whole)) => {
            assert_eq!(
                (pixels, distance, expanded),
                whole,
                "{what}: sliced differs"
            );
            assert_eq!(traced, expanded, "{what}: the trace has every expansion");
        }
        (sliced, whole) => panic!("{what}: sliced {sliced:?}, whole {whole:?}"),
    }
}

fn algorithms_agree(seeds: std::ops::Range<u64>, max_side: u64) {
    for seed in seeds {
        let mut rng = SplitMix64::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let width = 1 + rng.below(max_side) as usize;
        let height = 1 + rng.below(max_side.min(90)) as usize;
        let walls = rng.below(450);
        let grid = Arc::new(random_grid(&mut rng, width, height, walls));
        let (Some(from), Some(to)) = (random_open(&mut rng, &grid), random_open(&mut rng, &grid))
        else {
            continue;
        };
        let to = if seed % 17 == 0 { from } else { to };
        for moves in [Moves::Four, Moves::Eight] {
            let best = common::dijkstra(&grid, from, moves);
            let shortest = best[to.1 * width + to.0];
            for query in queries(moves) {
                let what = format!(
                    "seed {seed} ({width} x {height}, {walls}/1000 walls, {from:?} to {to:?})"
                );
                check_query(&grid, from, to, &query, shortest, &what);
            }
        }
    }
}

#[test]
fn every_optimal_algorithm_matches_dijkstra_on_small_random_grids() {
    algorithms_agree(0..400, 40);
}

#[test]
fn every_optimal_algorithm_matches_dijkstra_on_random_grids_wider_than_a_word() {
    algorithms_agree(1000..1150, 300);
}

#[test]
fn weighted_and_other_estimates_still_give_valid_walks() {
    for seed in 0..60u64 {
        let mut rng = SplitMix64::new(seed + 77);
        let (width, height) = (1 + rng.below(130) as usize, 1 + rng.below(50) as usize);
        let walls = rng.below(400);
        let grid = Arc::new(random_grid(&mut rng, width, height, walls));
        let (Some(from), Some(to)) = (random_open(&mut rng, &grid), random_open(&mut rng, &grid))
        else {
            continue;
        };
        let best = common::dijkstra(&grid, from, Moves::Eight);
        let shortest = best[to.1 * width + to.0];
        for algorithm in [
            Algorithm::AStar,
            Algorithm::Jps,
            Algorithm::JpsPlus,
            Algorithm::Bidirectional,
        ] {
            for heuristic in [Heuristic::Chebyshev, Heuristic::Euclidean, Heuristic::Zero] {
                let query = Query::new(algorithm, Moves::Eight, heuristic, 1.0).unwrap();
                check_query(
                    &grid,
                    from,
                    to,
                    &query,
                    shortest,
                    &format!("seed {seed} {heuristic:?}"),
                );
            }
            let weighted = Query::new(algorithm, Moves::Eight, Heuristic::Octile, 2.5).unwrap();
            let route = grid.route(from, to, &weighted).unwrap();
            assert_eq!(
                route.is_some(),
                shortest.is_finite(),
                "seed {seed} weighted"
            );
            if let Some(route) = route {
                common::check_walk(
                    &grid,
                    &route.pixels,
                    route.distance,
                    from,
                    to,
                    Moves::Eight,
                    "weighted",
                );
                assert!(
                    route.distance <= 2.5 * shortest + 1e-6,
                    "seed {seed}: over the weight's bound"
                );
            }
        }
    }
}

#[test]
fn breadth_first_takes_the_fewest_steps() {
    for seed in 0..80u64 {
        let mut rng = SplitMix64::new(seed + 5000);
        let (width, height) = (1 + rng.below(100) as usize, 1 + rng.below(40) as usize);
        let walls = rng.below(400);
        let grid = Arc::new(random_grid(&mut rng, width, height, walls));
        let (Some(from), Some(to)) = (random_open(&mut rng, &grid), random_open(&mut rng, &grid))
        else {
            continue;
        };
        // With every step costing 1, Dijkstra's distances 4-connected are
        // step counts; 8-connected, steps are counted by a unit Dijkstra.
        let fewest = dijkstra_steps(&grid, from)[to.1 * width + to.0];
        let query = Query::new(Algorithm::Bfs, Moves::Eight, Heuristic::Octile, 1.0).unwrap();
        let route = grid.route(from, to, &query).unwrap();
        assert_eq!(
            route.as_ref().map(|r| r.pixels.len() - 1),
            fewest,
            "seed {seed}"
        );
    }
}

/// The fewest 8-connected steps from `from` to every pixel.
fn dijkstra_steps(grid: &Grid, from: Pixel) -> Vec<Option<usize>> {
    let (w, h) = (grid.width(), grid.height());
    let mut steps = vec![None; w * h];
    let mut queue = std::collections::VecDeque::from([from]);
    steps[from.1 * w + from.0] = Some(0);
    while let Some((x, y)) = queue.pop_front() {
        let here = steps[y * w + x].unwrap();
        let mut visit = |next: Pixel| {
            if steps[next.1 * w + next.0].is_none() {
                steps[next.1 * w + next.0] = Some(here + 1);
                queue.push_back(next);
            }
        };
        let open = |dx: isize, dy: isize| {
            let (nx, ny) = (x as isize + dx, y as isize + dy);
            (nx >= 0 && ny >= 0 && grid.is_walkable((nx as usize, ny as usize)))
                .then_some((nx as usize, ny as usize))
        };
        for dy in -1isize..=1 {
            for dx in -1isize..=1 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                if dx != 0 && dy != 0 && (open(dx, 0).is_none() || open(0, dy).is_none()) {
                    continue;
                }
                if let Some(next) = open(dx, dy) {
                    visit(next);
                }
            }
        }
    }
    steps
}

#[test]
fn every_optimal_algorithm_matches_the_moving_ai_lengths_on_sampled_scenarios() {
    use slide::route::movingai::{matches_optimal, parse_map, parse_scenarios};
    for name in common::MOVING_AI_MAPS {
        let grid = Arc::new(parse_map(&common::moving_ai(&format!("{name}.map"))).unwrap());
        let scenarios = parse_scenarios(&common::moving_ai(&format!("{name}.map.scen"))).unwrap();
        for algorithm in [
            Algorithm::AStar,
            Algorithm::Jps,
            Algorithm::JpsPlus,
            Algorithm::JpsPlusPruned,
            Algorithm::Dijkstra,
            Algorithm::Bidirectional,
        ] {
            let query = Query::new(algorithm, Moves::Eight, Heuristic::Octile, 1.0).unwrap();
            let router = Router::new(grid.clone(), &query);
            // The jump point searches are quick even unoptimised: many
            // scenarios, the hardest included; the others a few.
            let samples = if algorithm.needs_eight() { 60 } else { 6 };
            let stride = (scenarios.len() / samples).max(1);
            for scenario in scenarios.iter().step_by(stride).chain(scenarios.last()) {
                let route = router
                    .route(scenario.start, scenario.goal, &query)
                    .unwrap()
                    .expect("every scenario has a route");
                assert!(
                    matches_optimal(route.distance, scenario.optimal),
                    "{name} line {} by {}: {} not {}",
                    scenario.line,
                    algorithm.name(),
                    route.distance,
                    scenario.optimal
                );
            }
        }
    }
}
