//! Every route search that claims the shortest route (A* on waypoints with
//! the straight line or no estimate, A* on grids 4- and 8-connected with
//! every estimate that never overestimates, each both whole and in slices)
//! against a plain Dijkstra written here, on seeded random graphs and
//! grids at every scale up to the stated limits: small, 10^4 and 10^6
//! pixels for waypoints (where sums of legs pass 32 bits), and grids up to
//! the largest map allowed. Any-angle routes (Lazy Theta*) do not claim the
//! shortest and are not compared.
#![cfg(not(target_arch = "wasm32"))]

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use slide::rng::SplitMix64;
use slide::route::{
    Found, Grid, Heuristic, Moves, Point, RouteSearch, RouteStep, Waypoints, MAX_COORDINATE,
    MAX_PIXELS, MAX_SIDE,
};
use slide::search::{astar, Problem, Successor, Unlimited};

mod common;

/// Runs a sliced search to its end, in slices of `budget` expansions.
fn run_sliced(mut search: RouteSearch, budget: u64) -> Option<Found> {
    loop {
        match search.run(budget) {
            RouteStep::Running => continue,
            RouteStep::Done(found) => return found,
        }
    }
}

/// Dijkstra over a graph given as adjacency lists of (node, cost): the
/// cheapest cost from `from` to every node (`None` where unreachable).
/// Costs are f64 for waypoints' exact lengths and whole numbers for grids'
/// steps; both add exactly enough here (f64 integers far below 2^53).
fn dijkstra(adjacent: &[Vec<(usize, f64)>], from: usize) -> Vec<Option<f64>> {
    let mut best: Vec<Option<f64>> = vec![None; adjacent.len()];
    let mut done = vec![false; adjacent.len()];
    let mut heap = BinaryHeap::new();
    best[from] = Some(0.0);
    // f64 costs are never negative: their bits order as they do.
    heap.push(Reverse((0f64.to_bits(), from)));
    while let Some(Reverse((bits, at))) = heap.pop() {
        if done[at] {
            continue;
        }
        done[at] = true;
        let g = f64::from_bits(bits);
        for &(next, cost) in &adjacent[at] {
            let through = g + cost;
            if best[next].is_none_or(|known| through < known) {
                best[next] = Some(through);
                heap.push(Reverse((through.to_bits(), next)));
            }
        }
    }
    best
}

/// A random graph of `count` waypoints within `scale` pixels (0 to
/// `scale`, in thousandths), each joined to a few others, plus a chain
/// through all of them in a random order when `chained` (long routes of
/// many legs, whose sums pass 32 bits at the largest scale).
fn random_graph(rng: &mut SplitMix64, count: usize, scale: f64, chained: bool) -> Waypoints {
    let coordinate = |rng: &mut SplitMix64| rng.below((scale * 1000.0) as u64 + 1) as f64 / 1000.0;
    let points: Vec<Point> = (0..count)
        .map(|_| Point {
            x: coordinate(rng),
            y: coordinate(rng),
        })
        .collect();
    let mut edges = Vec::new();
    for a in 0..count {
        for _ in 0..rng.below(3) {
            let b = rng.below(count as u64) as usize;
            if a != b {
                edges.push((a, b));
            }
        }
    }
    if chained {
        let mut order: Vec<usize> = (0..count).collect();
        for i in (1..count).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        edges.extend(order.windows(2).map(|pair| (pair[0], pair[1])));
    }
    Waypoints::new(points, &edges).unwrap()
}

/// Checks a waypoint route against Dijkstra's distance: the same answer
/// to "is there one", a real walk along connections from the start to the
/// goal whose stated distance is its length, and no longer than the
/// shortest but for the thousandth of a pixel a leg the searches round to.
fn check_waypoint_route(
    graph: &Waypoints,
    from: usize,
    to: usize,
    route: Option<(Vec<usize>, f64)>,
    shortest: Option<f64>,
    what: &str,
) {
    match (route, shortest) {
        (None, None) => {}
        (Some((path, distance)), Some(shortest)) => {
            assert_eq!((path[0], *path.last().unwrap()), (from, to), "{what}");
            for leg in path.windows(2) {
                assert!(
                    graph.neighbours(leg[0]).contains(&leg[1]),
                    "{what}: {leg:?}"
                );
            }
            assert_eq!(distance, graph.length(&path), "{what}");
            // Rounding up each leg to a thousandth: at most that much over
            // the shortest a leg of it, and floating sums a hair off.
            let slack = 0.001 * graph.len() as f64 + 1e-9 * shortest;
            assert!(
                distance <= shortest + slack && distance >= shortest - 1e-9 * shortest - 1e-9,
                "{what}: found {distance}, shortest {shortest}"
            );
        }
        (route, shortest) => panic!("{what}: found {route:?}, Dijkstra says {shortest:?}"),
    }
}

fn waypoint_searches_agree(seeds: std::ops::Range<u64>, count: usize, scale: f64) {
    for seed in seeds {
        let mut rng = SplitMix64::new(seed ^ scale.to_bits());
        let chained = seed % 2 == 0;
        let graph = Arc::new(random_graph(&mut rng, count, scale, chained));
        let adjacent: Vec<Vec<(usize, f64)>> = (0..graph.len())
            .map(|a| {
                graph
                    .neighbours(a)
                    .iter()
                    .map(|&b| (b, graph.point(a).distance(graph.point(b))))
                    .collect()
            })
            .collect();
        let from = rng.below(count as u64) as usize;
        let distances = dijkstra(&adjacent, from);
        for _ in 0..4 {
            let to = rng.below(count as u64) as usize;
            let what = format!("seed {seed}, scale {scale}, {from} to {to}");
            let whole = graph.shortest(from, to).map(|r| (r.path, r.distance));
            check_waypoint_route(&graph, from, to, whole, distances[to], &what);
            for heuristic in [Heuristic::Euclidean, Heuristic::Zero] {
                let search = RouteSearch::waypoints(graph.clone(), from, to, heuristic).unwrap();
                let sliced = run_sliced(search, 7).map(|found| {
                    let path: Vec<usize> = found.places.iter().map(|&p| p as usize).collect();
                    (path, found.distance)
                });
                let what = format!("{what}, {heuristic:?} in slices");
                check_waypoint_route(&graph, from, to, sliced, distances[to], &what);
            }
        }
    }
}

#[test]
fn waypoint_routes_are_the_shortest_on_small_plans() {
    waypoint_searches_agree(0..200, 12, 100.0);
}

#[test]
fn waypoint_routes_are_the_shortest_on_plans_ten_thousand_pixels_wide() {
    waypoint_searches_agree(0..100, 60, 10_000.0);
}

#[test]
fn waypoint_routes_are_the_shortest_on_plans_as_wide_as_the_limit() {
    // Chains of 300 legs up to a million pixels: sums in the hundreds of
    // millions of pixels, far past 32 bits of thousandths.
    waypoint_searches_agree(0..60, 300, MAX_COORDINATE);
}

#[test]
fn waypoints_beyond_the_limit_are_refused_rather_than_searched() {
    // The 10-million-pixel scale at which routes came out wrong.
    let far = Point {
        x: 10.0 * MAX_COORDINATE,
        y: 0.0,
    };
    let near = Point { x: 0.0, y: 0.0 };
    let refused = Waypoints::new(vec![near, far], &[(0, 1)]).unwrap_err();
    assert!(
        refused.contains("waypoint 1") && refused.contains("1000000"),
        "{refused}"
    );
}

/// A random grid of `width` x `height` pixels, about `walls` percent walls.
fn random_grid(rng: &mut SplitMix64, width: usize, height: usize, walls: u64) -> Grid {
    let walkable = (0..width * height)
        .map(|_| rng.below(100) >= walls)
        .collect();
    Grid::new(width, height, walkable).unwrap()
}

/// A step's cost in the searches' whole units (985 straight, 1393
/// diagonal: 1 and √2 to within 2 parts in ten million).
fn step_cost(a: (usize, usize), b: (usize, usize)) -> f64 {
    if a.0 != b.0 && a.1 != b.1 {
        1393.0
    } else {
        985.0
    }
}

/// The steps a walk may take from `(x, y)`, by the rules as the README
/// states them, written afresh: up, down, left, right onto walkable
/// pixels; with `diagonals` also diagonally, where both pixels beside the
/// step are walkable.
fn steps(grid: &Grid, (x, y): (usize, usize), diagonals: bool) -> Vec<(usize, usize)> {
    let open = |dx: isize, dy: isize| {
        let (nx, ny) = (x as isize + dx, y as isize + dy);
        (nx >= 0 && ny >= 0 && grid.is_walkable((nx as usize, ny as usize)))
            .then_some((nx as usize, ny as usize))
    };
    let mut out: Vec<(usize, usize)> = [(0, -1), (-1, 0), (1, 0), (0, 1)]
        .into_iter()
        .filter_map(|(dx, dy)| open(dx, dy))
        .collect();
    if diagonals {
        for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            if open(dx, 0).is_some() && open(0, dy).is_some() {
                out.extend(open(dx, dy));
            }
        }
    }
    out
}

/// A random walkable pixel (the grid has one).
fn walkable_pixel(rng: &mut SplitMix64, grid: &Grid) -> (usize, usize) {
    common::random_walkable(rng, grid, usize::MAX).expect("the grid has a walkable pixel")
}

/// Checks a grid walk against Dijkstra's cost in the searches' units: a
/// real walk by the rules, from the start to the goal, exactly as cheap.
fn check_grid_route(
    grid: &Grid,
    ends: ((usize, usize), (usize, usize)),
    diagonals: bool,
    pixels: Option<Vec<(usize, usize)>>,
    shortest: Option<f64>,
    what: &str,
) {
    match (pixels, shortest) {
        (None, None) => {}
        (Some(pixels), Some(shortest)) => {
            assert_eq!((pixels[0], *pixels.last().unwrap()), ends, "{what}");
            let mut cost = 0.0;
            for step in pixels.windows(2) {
                assert!(
                    steps(grid, step[0], diagonals).contains(&step[1]),
                    "{what}: {step:?}"
                );
                cost += step_cost(step[0], step[1]);
            }
            assert_eq!(cost, shortest, "{what}");
        }
        (pixels, shortest) => panic!(
            "{what}: found {:?}, Dijkstra says {shortest:?}",
            pixels.map(|p| p.len())
        ),
    }
}

/// Every optimal grid search from one start to a few goals on `grid`,
/// whole, and `sliced` too.
fn grid_searches_agree(rng: &mut SplitMix64, grid: Grid, goals: usize, seed: u64, sliced: bool) {
    let grid = Arc::new(grid);
    let width = grid.width();
    let index = |(x, y): (usize, usize)| y * width + x;
    let from = walkable_pixel(rng, &grid);
    for (moves, diagonals, estimates) in [
        (
            Moves::Four,
            false,
            &[
                Heuristic::Manhattan,
                Heuristic::Octile,
                Heuristic::Euclidean,
                Heuristic::Zero,
            ][..],
        ),
        (
            Moves::Eight,
            true,
            &[Heuristic::Octile, Heuristic::Euclidean, Heuristic::Zero][..],
        ),
    ] {
        let adjacent: Vec<Vec<(usize, f64)>> = (0..width * grid.height())
            .map(|i| {
                let here = (i % width, i / width);
                if !grid.is_walkable(here) {
                    return Vec::new();
                }
                steps(&grid, here, diagonals)
                    .into_iter()
                    .map(|next| (index(next), step_cost(here, next)))
                    .collect()
            })
            .collect();
        let costs = dijkstra(&adjacent, index(from));
        for _ in 0..goals {
            let to = walkable_pixel(rng, &grid);
            for &heuristic in estimates {
                let what = format!(
                    "seed {seed}, {} x {}, {from:?} to {to:?}, {moves:?}, {heuristic:?}",
                    width,
                    grid.height()
                );
                let whole = grid.shortest(from, to, moves, heuristic).unwrap();
                check_grid_route(
                    &grid,
                    (from, to),
                    diagonals,
                    whole.map(|route| route.pixels),
                    costs[index(to)],
                    &what,
                );
                if !sliced {
                    continue;
                }
                let search = RouteSearch::grid(grid.clone(), from, to, moves, heuristic).unwrap();
                let sliced = run_sliced(search, 1000).map(|found| {
                    found
                        .places
                        .iter()
                        .map(|&i| (i as usize % width, i as usize / width))
                        .collect()
                });
                let what = format!("{what}, in slices");
                check_grid_route(
                    &grid,
                    (from, to),
                    diagonals,
                    sliced,
                    costs[index(to)],
                    &what,
                );
            }
        }
    }
}

#[test]
fn grid_routes_are_the_shortest_on_small_maps() {
    for seed in 0..150 {
        let mut rng = SplitMix64::new(seed);
        let (width, height) = (1 + rng.below(24) as usize, 1 + rng.below(24) as usize);
        let walls = rng.below(45);
        let mut grid = random_grid(&mut rng, width, height, walls);
        if !(0..width * height).any(|i| grid.is_walkable((i % width, i / width))) {
            grid = Grid::new(width, height, vec![true; width * height]).unwrap();
        }
        grid_searches_agree(&mut rng, grid, 3, seed, true);
    }
}

#[test]
fn grid_routes_are_the_shortest_on_maps_a_few_hundred_pixels_wide() {
    for seed in 0..4 {
        let mut rng = SplitMix64::new(1000 + seed);
        let grid = random_grid(&mut rng, 300, 200, 25);
        grid_searches_agree(&mut rng, grid, 2, seed, true);
    }
}

#[test]
fn grid_routes_are_the_shortest_on_maps_as_large_as_the_limit() {
    // As many pixels as a map may have, and a map as long as a side may be.
    let mut rng = SplitMix64::new(77);
    let width = MAX_PIXELS / 1000;
    let grid = random_grid(&mut rng, width, MAX_PIXELS / width, 20);
    // Whole searches only here: the slices are checked on the maps above.
    grid_searches_agree(&mut rng, grid, 1, 77, false);
    let grid = random_grid(&mut rng, MAX_SIDE, 3, 10);
    grid_searches_agree(&mut rng, grid, 1, 78, true);
}

/// A line of states 0 to `last`, each move costing nearly 2^32: a path
/// whose cost no 32-bit sum holds.
struct Expensive {
    last: u32,
}

impl Problem for Expensive {
    type State = u32;
    type Move = u32;
    fn heuristic(&self, _: &u32) -> u32 {
        0
    }
    fn is_goal(&self, &at: &u32) -> bool {
        at == self.last
    }
    fn successors(&self, &at: &u32, _: Option<u32>, out: &mut Vec<Successor<u32, u32>>) {
        // Forward one at a great cost, or back to the start cheaply: a
        // wrapped sum would make the long way round look cheap.
        if at < self.last {
            out.push(Successor {
                mv: at + 1,
                state: at + 1,
                cost: u32::MAX - 1,
            });
        }
        if at > 0 {
            out.push(Successor {
                mv: 0,
                state: 0,
                cost: 1,
            });
        }
    }
}

#[test]
fn astar_adds_costs_beyond_32_bits_without_wrapping_or_looping() {
    let solution = astar(&Expensive { last: 5 }, 0, &mut Unlimited)
        .unwrap()
        .unwrap();
    assert_eq!(solution.moves, vec![1, 2, 3, 4, 5]);
    // The sum passes 32 bits: reported as the most a u32 holds.
    assert_eq!(solution.cost, u32::MAX);
}
