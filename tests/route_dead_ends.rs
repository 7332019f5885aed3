//! JPS+ without dead ends (issue 23 point 3): a map's dead ends cut away
//! once, a start or goal in one climbing out, two pixels of one dead-end
//! tree joined without a search. Its routes must be as short as Dijkstra's
//! on mazes with corridors one pixel wide, some walls knocked through (so
//! that cycles and a core appear) and rooms carved in, with the start or
//! goal in a corridor, a dead end, a room or the same pixel; whole, through
//! a router with landmarks, and in slices. And the shared Moving AI maze's
//! lengths, sampled.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::sync::Arc;

use slide::rng::SplitMix64;
use slide::route::{
    maze, Algorithm, DeadEnds, Grid, GridRoute, Heuristic, Moves, Pixel, Query, RouteSearch,
    RouteStep, Router,
};

/// A seeded maze of corridors one pixel wide with `holes` walls knocked
/// through (each a cycle) and `rooms` open rectangles carved in.
fn maze_with_rooms(seed: u64, holes: usize, rooms: usize) -> Grid {
    let mut rng = SplitMix64::new(seed);
    let wide = 3 + rng.below(30) as usize;
    let high = 3 + rng.below(20) as usize;
    let grid = maze(wide, high, seed).unwrap().grid;
    let (w, h) = (grid.width(), grid.height());
    let mut walkable: Vec<bool> = (0..w * h)
        .map(|at| grid.is_walkable((at % w, at / w)))
        .collect();
    for _ in 0..holes {
        let (x, y) = (
            1 + rng.below(w as u64 - 2) as usize,
            1 + rng.below(h as u64 - 2) as usize,
        );
        walkable[y * w + x] = true;
    }
    for _ in 0..rooms {
        let (rw, rh) = (2 + rng.below(5) as usize, 2 + rng.below(4) as usize);
        let x = 1 + rng.below((w - 1).saturating_sub(rw).max(1) as u64) as usize;
        let y = 1 + rng.below((h - 1).saturating_sub(rh).max(1) as u64) as usize;
        for yy in y..(y + rh).min(h - 1) {
            for xx in x..(x + rw).min(w - 1) {
                walkable[yy * w + xx] = true;
            }
        }
    }
    // Some scattered walls, so that parts may be cut off.
    for _ in 0..rng.below(4) {
        let at = rng.below((w * h) as u64) as usize;
        walkable[at] = false;
    }
    Grid::new(w, h, walkable).unwrap()
}

fn open_pixels(grid: &Grid) -> Vec<Pixel> {
    (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&p| grid.is_walkable(p))
        .collect()
}

/// How many walkable neighbours `pixel` has, 8-connected.
fn neighbours(grid: &Grid, pixel: Pixel) -> usize {
    let mut count = 0;
    grid.each_step(pixel, true, |_, _| count += 1);
    count
}

/// Checks `route` is a walk from `from` to `to` on `grid`, 8-connected
/// without corner cutting, `shortest` long (or none where Dijkstra has
/// none).
fn check(
    grid: &Grid,
    route: &Option<GridRoute>,
    from: Pixel,
    to: Pixel,
    shortest: f64,
    what: &str,
) {
    let Some(route) = route else {
        assert!(
            shortest.is_infinite(),
            "{what}: no route, Dijkstra {shortest}"
        );
        return;
    };
    assert!(
        shortest.is_finite(),
        "{what}: a route where Dijkstra has none"
    );
    common::check_walk(
        grid,
        &route.pixels,
        route.distance,
        from,
        to,
        Moves::Eight,
        what,
    );
    assert!(
        (route.distance - shortest).abs() < 1e-6 * (1.0 + shortest),
        "{what}: found {}, Dijkstra {shortest}",
        route.distance
    );
}

fn sliced(router: &Router, from: Pixel, to: Pixel, query: &Query) -> Option<GridRoute> {
    let mut search = RouteSearch::routed(router, from, to, query).unwrap();
    let width = router.grid().width();
    loop {
        match search.run(2) {
            RouteStep::Running => continue,
            RouteStep::Done(found) => {
                return found.map(|found| GridRoute {
                    pixels: found
                        .places
                        .iter()
                        .map(|&at| (at as usize % width, at as usize / width))
                        .collect(),
                    distance: found.distance,
                    expanded: found.expanded,
                })
            }
        }
    }
}

fn query(heuristic: Heuristic) -> Query {
    Query::new(Algorithm::JpsPlusPruned, Moves::Eight, heuristic, 1.0).unwrap()
}

#[test]
fn routes_without_dead_ends_are_as_short_as_dijkstras_on_mazes_with_cycles_and_rooms() {
    for seed in 0..120u64 {
        let grid = Arc::new(maze_with_rooms(
            seed,
            (seed % 7) as usize * 3,
            (seed % 4) as usize,
        ));
        let open = open_pixels(&grid);
        let mut rng = SplitMix64::new(seed ^ 0x5eed);
        // Ends in dead ends (one neighbour), in corridors (two) and
        // anywhere, and the same pixel twice.
        let dead: Vec<Pixel> = open
            .iter()
            .copied()
            .filter(|&p| neighbours(&grid, p) <= 1)
            .collect();
        let corridor: Vec<Pixel> = open
            .iter()
            .copied()
            .filter(|&p| neighbours(&grid, p) == 2)
            .collect();
        let mut pick = |kind: u64| {
            let from = match kind {
                0 if !dead.is_empty() => &dead,
                1 if !corridor.is_empty() => &corridor,
                _ => &open,
            };
            from[rng.below(from.len() as u64) as usize]
        };
        let octile = query(Heuristic::Octile);
        let landmarks = query(Heuristic::Landmarks);
        let plain = Router::new(grid.clone(), &octile);
        let guided = Router::new(grid.clone(), &landmarks);
        for pair in 0..12u64 {
            let from = pick(pair % 3);
            let to = if pair == 11 { from } else { pick(pair / 3 % 3) };
            let best = common::dijkstra(&grid, from, Moves::Eight);
            let shortest = best[to.1 * grid.width() + to.0];
            let what = format!("seed {seed}, {from:?} to {to:?}");
            let whole = grid.route(from, to, &octile).unwrap();
            check(&grid, &whole, from, to, shortest, &format!("{what} whole"));
            let routed = plain.route(from, to, &octile).unwrap();
            assert_eq!(routed, whole, "{what}: a router's route differs");
            let with_landmarks = guided.route(from, to, &landmarks).unwrap();
            check(
                &grid,
                &with_landmarks,
                from,
                to,
                shortest,
                &format!("{what} landmarks"),
            );
            assert_eq!(
                sliced(&plain, from, to, &octile),
                whole,
                "{what}: in slices"
            );
        }
    }
}

#[test]
fn a_perfect_maze_has_no_core_and_every_route_is_found_without_expanding() {
    for seed in 0..20u64 {
        let grid = Arc::new(
            maze(4 + seed as usize, 3 + seed as usize / 2, seed)
                .unwrap()
                .grid,
        );
        assert_eq!(DeadEnds::new(&grid).core_pixels(), 0, "seed {seed}");
        let open = open_pixels(&grid);
        let router = Router::new(grid.clone(), &query(Heuristic::Octile));
        let mut rng = SplitMix64::new(seed);
        for _ in 0..20 {
            let from = open[rng.below(open.len() as u64) as usize];
            let to = open[rng.below(open.len() as u64) as usize];
            let shortest = common::dijkstra(&grid, from, Moves::Eight)[to.1 * grid.width() + to.0];
            let route = router.route(from, to, &query(Heuristic::Octile)).unwrap();
            check(&grid, &route, from, to, shortest, &format!("seed {seed}"));
            assert_eq!(route.unwrap().expanded, 0);
        }
    }
}

#[test]
fn a_start_equal_to_the_goal_is_a_route_of_one_pixel_in_a_dead_end_a_corridor_or_the_core() {
    // A room (the core) with a corridor off it ending in a dead end.
    let rows = [
        "#########",
        "#...#####",
        "#...#####",
        "#........",
        "#########",
    ];
    let grid = Arc::new(grid_of(&rows));
    let router = Router::new(grid.clone(), &query(Heuristic::Octile));
    for pixel in [(8, 3), (6, 3), (2, 2)] {
        let route = router
            .route(pixel, pixel, &query(Heuristic::Octile))
            .unwrap()
            .unwrap();
        assert_eq!(route.pixels, [pixel]);
        assert_eq!(route.distance, 0.0);
    }
    // From the dead end's tip into the room: up the corridor, then the
    // room's diagonal.
    let route = router
        .route((8, 3), (1, 1), &query(Heuristic::Octile))
        .unwrap()
        .unwrap();
    let shortest = common::dijkstra(&grid, (8, 3), Moves::Eight)[grid.width() + 1];
    check(&grid, &Some(route), (8, 3), (1, 1), shortest, "tip to room");
}

#[test]
fn pixels_in_parts_of_the_map_without_a_cycle_are_parted_from_the_rest() {
    let rows = [
        "#########",
        "#...#.#.#",
        "#...#.#.#",
        "#...#...#",
        "#########",
    ];
    let grid = Arc::new(grid_of(&rows));
    let router = Router::new(grid.clone(), &query(Heuristic::Landmarks));
    let q = query(Heuristic::Landmarks);
    assert_eq!(router.route((5, 1), (1, 1), &q).unwrap(), None);
    assert_eq!(router.route((2, 2), (7, 1), &q).unwrap(), None);
    // Within the tree-shaped part: its one path.
    let route = router.route((5, 1), (7, 1), &q).unwrap().unwrap();
    assert_eq!(route.pixels.len(), 7);
    assert_eq!(route.expanded, 0);
    let error = router.route((0, 0), (1, 1), &q).unwrap_err();
    assert!(error.contains("the start"), "{error}");
}

#[test]
fn routes_without_dead_ends_match_the_shared_mazes_lengths_on_sampled_scenarios() {
    use slide::route::movingai::{matches_optimal, parse_map, parse_scenarios};
    let grid = Arc::new(parse_map(&common::moving_ai("maze512-1-0.map")).unwrap());
    let scenarios = parse_scenarios(&common::moving_ai("maze512-1-0.map.scen")).unwrap();
    let router = Router::new(grid.clone(), &query(Heuristic::Octile));
    let stride = scenarios.len() / 300;
    for scenario in scenarios.iter().step_by(stride).chain(scenarios.last()) {
        let route = router
            .route(scenario.start, scenario.goal, &query(Heuristic::Octile))
            .unwrap()
            .expect("every scenario has a route");
        assert!(
            matches_optimal(route.distance, scenario.optimal),
            "line {}: {} not {}",
            scenario.line,
            route.distance,
            scenario.optimal
        );
    }
}

fn grid_of(rows: &[&str]) -> Grid {
    let walkable = rows
        .iter()
        .flat_map(|row| row.chars().map(|c| c == '.'))
        .collect();
    Grid::new(rows[0].len(), rows.len(), walkable).unwrap()
}
