//! Native benchmark of route finding on 1024x1024 maps (issue 11): the
//! generic A* on a maze and on an open plan with obstacles, 4- and
//! 8-connected, against the `pathfinding` crate's A* on the same grids with
//! the same costs and estimates (its answers must be as long as ours); and
//! any-angle routes (Lazy Theta*). Then (issue 19) the command line
//! drawing 2,000 waypoints and 10,000 connections onto a 1,414-pixel plan,
//! which took 28 s when each connection tested its whole bounding box.
//!
//! Then (issue 23) the Moving AI benchmark: every scenario of the seven
//! shared maps (`tests/instances/movingai`, or `$SLIDE_MOVINGAI`) with
//! every algorithm and the `pathfinding` crate's A* in the same run, each
//! optimal search's lengths checked against the files; per map, per family
//! (game, rooms, maze, random, streets) and in all, the preprocessing
//! (JPS+'s table, the dead ends, the landmarks) apart.
//!
//! `cargo bench --bench route -- [RUNS]` (default 7): the median of RUNS
//! (of at most 3 for the Moving AI part, some 20,000 queries a search a
//! run). By default (`make bench`) the Moving AI part runs every scenario
//! for the crate and the fast searches (`FAST`), then the slow ones (`SLOW`:
//! A* with the octile estimate, Dijkstra, best-first, bidirectional) once on
//! 100 scenarios a map, labelled "(sampled)": over every scenario those
//! alone would take hours. `-- --short` (in `make test`): one run on the maze alone, and the
//! Moving AI part on arena's 130 scenarios. `-- --sample=N`: N scenarios a
//! map (spread over its buckets) in the Moving AI part instead of all;
//! `-- --only=jps,jps-plus`: the Moving AI part alone, with only those of
//! our searches (and the crate's); a search with differential heuristics
//! is named with `+landmarks` (`jps-plus+landmarks`), and runs by default
//! for A*, JPS, JPS+ and JPS+ without dead ends (`jps-plus-pruned`). In the Moving AI part the searches take turns by
//! blocks of 32 scenarios, so that a shared machine's drifting load weighs
//! on each alike.

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
    let moving_ai_alone = std::env::args().any(|arg| arg.starts_with("--only="));
    #[cfg(feature = "cli")]
    if !args.short && !moving_ai_alone {
        drawing(runs, &mut report);
    }
    // `--sample=N`: N scenarios a map in the Moving AI part, not all.
    let sample =
        std::env::args().find_map(|arg| arg.strip_prefix("--sample=").and_then(|n| n.parse().ok()));
    // `--only=jps,jps-plus`: those of ours alone (with the crate's A*).
    let only: Option<Vec<String>> = std::env::args().find_map(|arg| {
        arg.strip_prefix("--only=")
            .map(|names| names.split(',').map(String::from).collect())
    });
    if only.is_some() || sample.is_some() || args.short {
        moving_ai(runs.min(3), args.short, sample, only, &mut report);
    } else {
        // The default (`make bench`): every scenario for the crate and the
        // fast searches, then the slow ones (A* with the octile estimate,
        // Dijkstra, best-first, bidirectional) on a sample of each map, run
        // once: over every scenario they alone take hours.
        let names = |list: &[&str]| Some(list.iter().map(|n| n.to_string()).collect());
        moving_ai(runs.min(3), false, None, names(FAST), &mut report);
        moving_ai(1, false, Some(SLOW_SAMPLE), names(SLOW), &mut report);
    }
    if moving_ai_alone {
        return;
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

/// The Moving AI maps the benchmark runs, with their family: the seven
/// of `tests/instances/movingai/` (README there).
const MOVING_AI: [(&str, &str); 7] = [
    ("arena", "game"),
    ("den312d", "game"),
    ("lak303d", "game"),
    ("8room_000", "rooms"),
    ("maze512-1-0", "maze"),
    ("random512-10-0", "random"),
    ("Berlin_0_512", "streets"),
];

/// The families in the order they are reported.
const FAMILIES: [&str; 5] = ["game", "rooms", "maze", "random", "streets"];

/// Where the Moving AI files are: `$SLIDE_MOVINGAI`, else the copies in
/// `tests/instances/movingai`.
fn moving_ai_dir() -> Option<std::path::PathBuf> {
    let dir = match std::env::var_os("SLIDE_MOVINGAI") {
        Some(dir) => dir.into(),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/instances/movingai"),
    };
    dir.join("arena.map").exists().then_some(dir)
}

/// One search's figures on one map: the median run's total query time,
/// its preprocessing, and the pixels expanded (the same every run).
#[derive(Clone, Copy, Default)]
struct Figures {
    seconds: f64,
    preprocessing: f64,
    expanded: u64,
}

/// What is compared on every scenario: the `pathfinding` crate's A*, then
/// each of our algorithms.
#[derive(Clone, Copy, PartialEq)]
enum Contender {
    Pathfinding,
    /// An algorithm with the octile estimate or with landmarks.
    Ours(slide::route::Algorithm, Heuristic),
}

impl Contender {
    fn name(self) -> String {
        match self {
            Contender::Pathfinding => "pathfinding A*".into(),
            Contender::Ours(algorithm, Heuristic::Landmarks) => {
                format!("{}+landmarks", algorithm.name())
            }
            Contender::Ours(algorithm, _) => algorithm.name().into(),
        }
    }

    /// Whether the search prepares anything per map (timed apart).
    fn preprocesses(self) -> bool {
        matches!(
            self,
            Contender::Ours(slide::route::Algorithm::JpsPlus, _)
                | Contender::Ours(slide::route::Algorithm::JpsPlusPruned, _)
                | Contender::Ours(_, Heuristic::Landmarks)
        )
    }
}

/// Runs every scenario of `scenarios` on `grid` once with each of
/// `contenders`, checking each length against the file's optimal one (for
/// searches that prove their routes shortest): each contender's figures.
///
/// The contenders take turns by blocks of [`TURN`] scenarios (each query
/// timed by the wall clock), so that a shared machine's load, which drifts
/// over seconds, weighs on all of them alike, while each finds its own
/// arrays (JPS+'s table, the landmarks) in the cache as it would running
/// alone: turns scenario by scenario measured the precomputed searches
/// 1.5 times slower, each query following the crate's.
fn run_scenarios(
    name: &str,
    grid: &std::sync::Arc<Grid>,
    scenarios: &[slide::route::Scenario],
    contenders: &[Contender],
) -> Vec<Figures> {
    use slide::route::movingai::matches_optimal;
    use slide::route::{Query, Router};
    let mut figures = vec![Figures::default(); contenders.len()];
    let prepared: Vec<Option<(Query, Router)>> = contenders
        .iter()
        .zip(&mut figures)
        .map(|(&contender, figures)| {
            let Contender::Ours(algorithm, heuristic) = contender else {
                return None;
            };
            let moves = if algorithm == slide::route::Algorithm::Theta {
                Moves::AnyAngle
            } else {
                Moves::Eight
            };
            let query = Query::new(algorithm, moves, heuristic, 1.0).expect("a query");
            let clock = Instant::now();
            let router = Router::new(grid.clone(), &query);
            figures.preprocessing = clock.elapsed().as_secs_f64();
            Some((query, router))
        })
        .collect();
    for block in scenarios.chunks(TURN) {
        for ((contender, prepared), figures) in contenders.iter().zip(&prepared).zip(&mut figures) {
            for scenario in block {
                let (length, expanded) = match prepared {
                    None => {
                        let mut expanded = 0u64;
                        let clock = Instant::now();
                        let found =
                            theirs_counted(grid, scenario.start, scenario.goal, &mut expanded);
                        figures.seconds += clock.elapsed().as_secs_f64();
                        let length =
                            found.map_or(f64::NAN, |path| slide::route::grid::path_length(&path));
                        (length, expanded)
                    }
                    Some((query, router)) => {
                        let clock = Instant::now();
                        let route = router.route(scenario.start, scenario.goal, query);
                        figures.seconds += clock.elapsed().as_secs_f64();
                        let route = route.expect("scenarios checked against their map");
                        let route = route.unwrap_or_else(|| {
                            panic!(
                                "{name}, line {}: {} finds no route",
                                scenario.line,
                                contender.name()
                            )
                        });
                        if !query.proves_shortest() {
                            figures.expanded += route.expanded;
                            continue;
                        }
                        (route.distance, route.expanded)
                    }
                };
                figures.expanded += expanded;
                assert!(
                    matches_optimal(length, scenario.optimal),
                    "{name}, line {}: {} finds {length}, the file says {}",
                    scenario.line,
                    contender.name(),
                    scenario.optimal
                );
            }
        }
    }
    figures
}

/// How many scenarios a contender runs in a row (see [`run_scenarios`]).
const TURN: usize = 32;

/// The `pathfinding` crate's A* with the benchmark's moves (8-connected,
/// no corner cutting, [`STRAIGHT`] and [`DIAGONAL`]) and octile estimate:
/// its path, counting in `expanded` the nodes whose successors it asked.
fn theirs_counted(grid: &Grid, from: Pixel, to: Pixel, expanded: &mut u64) -> Option<Vec<Pixel>> {
    pathfinding::prelude::astar(
        &from,
        |&pixel| {
            *expanded += 1;
            let mut steps = [(pixel, 0); 8];
            let mut count = 0;
            grid.each_step(pixel, true, |next, diagonal| {
                steps[count] = (next, if diagonal { DIAGONAL } else { STRAIGHT });
                count += 1;
            });
            steps.into_iter().take(count)
        },
        |&(x, y)| {
            let (dx, dy) = (x.abs_diff(to.0) as u32, y.abs_diff(to.1) as u32);
            STRAIGHT * dx.max(dy) + (DIAGONAL - STRAIGHT) * dx.min(dy)
        },
        |&p| p == to,
    )
    .map(|(path, _)| path)
}

/// The Moving AI part: every scenario of the seven maps (arena's alone in
/// the short form) with the `pathfinding` crate's A* and each of our
/// 8-connected searches, the median of `runs` runs; per map, per family and in all.
/// The searches `make bench` runs over every Moving AI scenario (by name).
const FAST: &[&str] = &[
    "jps",
    "jps-plus",
    "astar+landmarks",
    "jps+landmarks",
    "jps-plus+landmarks",
    "jps-plus-pruned",
    "jps-plus-pruned+landmarks",
];

/// The searches `make bench` runs on a sample of each map only, and how
/// many scenarios a map that sample holds.
const SLOW: &[&str] = &["astar", "dijkstra", "best-first", "bidirectional"];
const SLOW_SAMPLE: usize = 100;

fn moving_ai(
    runs: usize,
    short: bool,
    sample: Option<usize>,
    only: Option<Vec<String>>,
    report: &mut Report,
) {
    use slide::route::{parse_map, parse_scenarios, Algorithm};
    let Some(dir) = moving_ai_dir() else {
        println!("Moving AI maps: not found (set SLIDE_MOVINGAI to their folder); skipped");
        return;
    };
    let maps: &[(&str, &str)] = if short { &MOVING_AI[..1] } else { &MOVING_AI };
    // Every search whose lengths can be held to the files' (8-connected):
    // not breadth-first (which counts a diagonal step as a straight one)
    // nor Theta* (at any angle).
    let mut contenders = vec![Contender::Pathfinding];
    let ours = Algorithm::ALL
        .into_iter()
        .filter(|a| !matches!(a, Algorithm::Bfs | Algorithm::Theta))
        .map(|a| Contender::Ours(a, Heuristic::Octile));
    let with_landmarks = [
        Algorithm::AStar,
        Algorithm::Jps,
        Algorithm::JpsPlus,
        Algorithm::JpsPlusPruned,
    ]
    .into_iter()
    .map(|a| Contender::Ours(a, Heuristic::Landmarks));
    contenders.extend(ours.chain(with_landmarks).filter(|c| {
        only.as_ref()
            .is_none_or(|names| names.iter().any(|n| *n == c.name()))
    }));
    println!(
        "\nMoving AI times: each query's wall-clock time, the searches taking turns by blocks of \
         {TURN} scenarios; load average {}",
        std::fs::read_to_string("/proc/loadavg")
            .map(|text| text
                .split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" "))
            .unwrap_or_else(|_| "unknown".into())
    );
    // Per family and contender: summed figures and scenarios.
    let mut families: Vec<(&str, Contender, Figures, usize)> = Vec::new();
    for &(name, family) in maps {
        let read = |file: String| {
            std::fs::read_to_string(dir.join(&file))
                .unwrap_or_else(|e| panic!("{}: {e}", dir.join(&file).display()))
        };
        let grid =
            parse_map(&read(format!("{name}.map"))).unwrap_or_else(|e| panic!("{name}.map: {e}"));
        let scenarios = parse_scenarios(&read(format!("{name}.map.scen")))
            .unwrap_or_else(|e| panic!("{name}.map.scen: {e}"));
        for scenario in &scenarios {
            scenario
                .check(&grid)
                .unwrap_or_else(|e| panic!("{name}.map.scen: {e}"));
        }
        // With --sample=N, N scenarios spread evenly over the file (which
        // lists them by bucket, shortest first), the last one included.
        let scenarios: Vec<_> = match sample {
            Some(n) if n < scenarios.len() => (0..n)
                .map(|i| scenarios[scenarios.len() - 1 - i * scenarios.len() / n].clone())
                .collect(),
            _ => scenarios,
        };
        let grid = std::sync::Arc::new(grid);
        println!(
            "\nMoving AI {name} ({family}, {} x {}), {} scenarios{}, median of {runs}:",
            grid.width(),
            grid.height(),
            scenarios.len(),
            if sample.is_some_and(|n| n <= scenarios.len()) {
                " (a sample)"
            } else {
                ""
            }
        );
        println!(
            "  {:<16} {:>10} {:>10} {:>12} {:>8} {:>12}",
            "search", "total ms", "µs/query", "expanded/q", "speed-up", "preproc. ms"
        );
        let mut reference = None;
        let runs_of_all: Vec<Vec<Figures>> = (0..runs)
            .map(|_| run_scenarios(name, &grid, &scenarios, &contenders))
            .collect();
        for (i, &contender) in contenders.iter().enumerate() {
            let mut all: Vec<Figures> = runs_of_all.iter().map(|run| run[i]).collect();
            all.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
            let mut figures = all[all.len() / 2];
            figures.preprocessing = median(all.iter().map(|f| f.preprocessing).collect());
            let theirs = *reference.get_or_insert(figures.seconds);
            let count = scenarios.len();
            println!(
                "  {:<16} {:>10.1} {:>10.1} {:>12.0} {:>7.1}x {:>12}",
                contender.name(),
                figures.seconds * 1e3,
                figures.seconds * 1e6 / count as f64,
                figures.expanded as f64 / count as f64,
                theirs / figures.seconds,
                if contender.preprocesses() {
                    format!("{:.1}", figures.preprocessing * 1e3)
                } else {
                    "-".into()
                }
            );
            match families
                .iter_mut()
                .find(|(f, c, _, _)| *f == family && *c == contender)
            {
                Some((_, _, sum, scenarios)) => {
                    sum.seconds += figures.seconds;
                    sum.preprocessing += figures.preprocessing;
                    sum.expanded += figures.expanded;
                    *scenarios += count;
                }
                None => families.push((family, contender, figures, count)),
            }
        }
    }
    // What the totals cover: a sample says so, not "every scenario".
    let sampled = if sample.is_some() { " (sampled)" } else { "" };
    let covered = if sample.is_some() {
        "the sampled scenarios"
    } else {
        "every scenario"
    };
    println!("\nMoving AI per family ({covered} of its maps), speed-up vs pathfinding's A*:");
    let mut overall: Vec<(Contender, Figures, usize)> = Vec::new();
    for family in FAMILIES {
        let rows: Vec<_> = families.iter().filter(|(f, ..)| *f == family).collect();
        let Some((_, _, theirs, _)) = rows.first() else {
            continue;
        };
        let theirs = theirs.seconds;
        for &&(_, contender, figures, count) in &rows {
            println!(
                "  {family:<8} {:<16} {:>10.1} ms {:>8.1} µs/query {:>10.0} expanded/q {:>7.1}x",
                contender.name(),
                figures.seconds * 1e3,
                figures.seconds * 1e6 / count as f64,
                figures.expanded as f64 / count as f64,
                theirs / figures.seconds
            );
            if let Contender::Ours(algorithm, _) = contender {
                if matches!(
                    algorithm,
                    Algorithm::AStar
                        | Algorithm::Jps
                        | Algorithm::JpsPlus
                        | Algorithm::JpsPlusPruned
                ) {
                    report.figure(
                        &format!(
                            "Moving AI {family}, {}, speed-up vs pathfinding{sampled}",
                            contender.name()
                        ),
                        theirs / figures.seconds,
                        "x",
                        None,
                    );
                }
            }
            match overall.iter_mut().find(|(c, ..)| *c == contender) {
                Some((_, sum, scenarios)) => {
                    sum.seconds += figures.seconds;
                    sum.preprocessing += figures.preprocessing;
                    sum.expanded += figures.expanded;
                    *scenarios += count;
                }
                None => overall.push((contender, figures, count)),
            }
        }
    }
    let Some(&(_, theirs, _)) = overall.first() else {
        return;
    };
    println!("\nMoving AI, {covered} of {} maps:", maps.len());
    for &(contender, figures, count) in &overall {
        let speed_up = theirs.seconds / figures.seconds;
        println!(
            "  {:<16} {:>10.1} ms {:>8.1} µs/query {:>10.0} expanded/q {:>7.1}x{}",
            contender.name(),
            figures.seconds * 1e3,
            figures.seconds * 1e6 / count as f64,
            figures.expanded as f64 / count as f64,
            speed_up,
            if contender.preprocesses() {
                format!(
                    ", preprocessing {:.1} ms in all",
                    figures.preprocessing * 1e3
                )
            } else {
                String::new()
            }
        );
        // The targets (issue 23): JPS online, no preprocessing, at 10x; "a
        // preprocessed variant (JPS+ or better)" at 30x: the project's is
        // JPS+ on the map less its dead ends (`jps-plus-pruned`), with the
        // octile estimate or with landmarks. Plain JPS+, with or without
        // landmarks, is reported beside it without a target: the lab's
        // step between online JPS and that variant.
        let target = match contender {
            Contender::Ours(Algorithm::Jps, Heuristic::Octile) => Some("≥ 10x"),
            Contender::Ours(Algorithm::JpsPlusPruned, Heuristic::Octile | Heuristic::Landmarks) => {
                Some("≥ 30x")
            }
            _ => None,
        };
        if let Contender::Ours(..) = contender {
            report.figure(
                &format!(
                    "Moving AI all maps, {}, speed-up vs pathfinding{sampled}",
                    contender.name()
                ),
                speed_up,
                "x",
                target,
            );
        }
        if contender.preprocesses() {
            report.figure(
                &format!(
                    "Moving AI all maps, {} preprocessing{sampled}",
                    contender.name()
                ),
                figures.preprocessing * 1e3,
                "ms",
                None,
            );
        }
    }
}
