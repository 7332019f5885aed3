//! Native benchmark of route finding on 1024x1024 maps (issue 11): the
//! generic A* on a maze and on an open plan with obstacles, 4- and
//! 8-connected, against the `pathfinding` crate's A* on the same grids with
//! the same costs and estimates (its answers must be as long as ours); and
//! any-angle routes (Lazy Theta*). Then (issue 19) the command line
//! drawing 2,000 waypoints and 10,000 connections onto a 1,414-pixel plan,
//! which took 28 s when each connection tested its whole bounding box.
//!
//! `cargo bench --bench route -- [RUNS]` (default 7): the median of RUNS.
//! `-- --short` (in `make test`): one run on the maze alone.

mod support;

use std::time::Instant;

use slide::rng::SplitMix64;
use slide::route::{maze, Grid, Heuristic, Moves, Pixel};
use support::{median, Report};

/// The integer step costs both searches use (see `route::grid`).
const STRAIGHT: u32 = 985;
const DIAGONAL: u32 = 1393;

/// A 1024x1024 plan: open floor with a few hundred seeded rectangular
/// obstacles (desks, pillars, walls), the corners kept clear.
fn open_plan() -> (Grid, Pixel, Pixel) {
    let side = 1024;
    let mut walkable = vec![true; side * side];
    let mut rng = SplitMix64::new(7);
    for _ in 0..400 {
        let (w, h) = (4 + rng.below(60) as usize, 4 + rng.below(60) as usize);
        let (x, y) = (
            rng.below((side - w) as u64) as usize,
            rng.below((side - h) as u64) as usize,
        );
        for row in y..y + h {
            walkable[row * side + x..row * side + x + w].fill(false);
        }
    }
    for (x, y) in [(0, 0), (side - 1, side - 1)] {
        walkable[y * side + x] = true;
    }
    let grid = Grid::new(side, side, walkable).expect("a valid map");
    (grid, (0, 0), (side - 1, side - 1))
}

/// The `pathfinding` crate's A* on `grid`: the distance (in the same
/// integer units) and the nodes it returned.
fn theirs(grid: &Grid, from: Pixel, to: Pixel, moves: Moves) -> Option<u32> {
    assert!(
        moves != Moves::AnyAngle,
        "the crate has no any-angle search"
    );
    pathfinding::prelude::astar(
        &from,
        // The same steps as ours, by the same corner rule.
        |&pixel| {
            // At most 8, in an array: no allocation a node.
            let mut steps = [(pixel, 0); 8];
            let mut count = 0;
            grid.each_step(pixel, moves == Moves::Eight, |next, diagonal| {
                steps[count] = (next, if diagonal { DIAGONAL } else { STRAIGHT });
                count += 1;
            });
            steps.into_iter().take(count)
        },
        |&(x, y)| {
            let (dx, dy) = (x.abs_diff(to.0) as u32, y.abs_diff(to.1) as u32);
            match moves {
                Moves::Four => STRAIGHT * (dx + dy),
                Moves::Eight | Moves::AnyAngle => {
                    STRAIGHT * dx.max(dy) + (DIAGONAL - STRAIGHT) * dx.min(dy)
                }
            }
        },
        |&p| p == to,
    )
    .map(|(_, cost)| cost)
}

/// Draws 2,000 seeded waypoints and 10,000 connections, and the route,
/// onto a white 1,414 x 1,000 plan, as `slide route NODES PLAN OUT` does;
/// the median time of `runs`.
#[cfg(feature = "cli")]
fn drawing(runs: usize, report: &mut Report) {
    use slide::cli::route::draw_waypoints;
    use slide::route::{Point, Waypoints};
    let dir = std::env::temp_dir().join(format!("slide-bench-route-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let (plan, out) = (dir.join("plan.png"), dir.join("out.png"));
    image::RgbaImage::from_pixel(1414, 1000, image::Rgba([255, 255, 255, 255]))
        .save(&plan)
        .expect("a plan written");
    let mut rng = SplitMix64::new(19);
    let points: Vec<Point> = (0..2000)
        .map(|_| Point {
            x: rng.below(1414) as f64,
            y: rng.below(1000) as f64,
        })
        .collect();
    let edges: Vec<(usize, usize)> = (0..10_000)
        .map(|i| (i % 2000, (i % 2000 + 1 + rng.below(1999) as usize) % 2000))
        .collect();
    let waypoints = Waypoints::new(points, &edges).expect("a valid graph");
    let route = waypoints.shortest(0, 1999);
    let mut times = Vec::new();
    for _ in 0..runs {
        let clock = Instant::now();
        draw_waypoints(&plan, &out, &waypoints, route.as_ref()).expect("drawn");
        times.push(clock.elapsed().as_secs_f64());
    }
    let _ = std::fs::remove_dir_all(&dir);
    let ms = median(times) * 1000.0;
    println!(
        "drawing 2,000 waypoints and {} connections on a 1,414 x 1,000 plan: {ms:.1} ms",
        waypoints.edges().len(),
    );
    report.figure("drawing 10,000 connections on a plan", ms, "ms", None);
}

fn main() {
    let args = support::args(7);
    let runs = args.runs;
    let mut report = Report::new("route", args.short);
    let made = maze(511, 511, 1).expect("a valid maze");
    let mut maps = vec![("maze 1023x1023", made.grid, made.start, made.goal)];
    if !args.short {
        let (grid, from, to) = open_plan();
        maps.push(("open plan 1024x1024", grid, from, to));
    }
    println!("median of {runs} runs, one thread");
    #[cfg(feature = "cli")]
    if !args.short {
        drawing(runs, &mut report);
    }
    for (name, grid, from, to) in &maps {
        let mut eight_distance = f64::INFINITY;
        for (moves, heuristic) in [
            (Moves::Eight, Heuristic::Octile),
            (Moves::Four, Heuristic::Manhattan),
        ] {
            let mut ours = Vec::new();
            let mut found = None;
            for _ in 0..runs {
                let clock = Instant::now();
                found = grid
                    .shortest(*from, *to, moves, heuristic)
                    .expect("a valid start and goal");
                ours.push(clock.elapsed().as_secs_f64());
            }
            let route = found.expect("the maps are connected");
            let mut reference = Vec::new();
            let mut cost = None;
            for _ in 0..runs {
                let clock = Instant::now();
                cost = theirs(grid, *from, *to, moves);
                reference.push(clock.elapsed().as_secs_f64());
            }
            // The same integer units: equal costs, or one of the two is wrong.
            let steps = route.pixels.windows(2);
            let our_cost: u32 = steps
                .map(|s| {
                    if s[0].0 != s[1].0 && s[0].1 != s[1].1 {
                        DIAGONAL
                    } else {
                        STRAIGHT
                    }
                })
                .sum();
            assert_eq!(cost, Some(our_cost), "{name}: the two searches disagree");
            if moves == Moves::Eight {
                eight_distance = route.distance;
                report.figure(
                    &format!("{name}, 8-connected, ours"),
                    median(ours.clone()) * 1000.0,
                    "ms",
                    Some("≤ 50 ms"),
                );
            }
            println!(
                "{name}, {moves:?} moves, {heuristic:?}: distance {:.2}, {} expanded; ours {:.1} ms, pathfinding {:.1} ms",
                route.distance,
                route.expanded,
                median(ours) * 1000.0,
                median(reference) * 1000.0
            );
        }
        // Any angle: ours only (the crate has no any-angle search).
        let mut times = Vec::new();
        let mut found = None;
        for _ in 0..runs {
            let clock = Instant::now();
            found = grid
                .shortest(*from, *to, Moves::AnyAngle, Heuristic::Euclidean)
                .expect("a valid start and goal");
            times.push(clock.elapsed().as_secs_f64());
        }
        let route = found.expect("the maps are connected");
        assert!(
            route.distance <= eight_distance + 1e-9,
            "{name}: an any-angle route longer than the 8-connected one"
        );
        report.figure(
            &format!("{name}, any angle"),
            median(times.clone()) * 1000.0,
            "ms",
            Some("≤ 100 ms"),
        );
        println!(
            "{name}, any angle: distance {:.2} ({} corners), {} expanded; ours {:.1} ms",
            route.distance,
            route.pixels.len(),
            route.expanded,
            median(times) * 1000.0
        );
    }
}
