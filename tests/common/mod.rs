//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};

#[cfg(not(target_arch = "wasm32"))]
use std::sync::{Arc, OnceLock};

use slide::route::{Grid, Pixel};
#[cfg(not(target_arch = "wasm32"))]
use slide::sliding::fifteen::FifteenTables;
#[cfg(not(target_arch = "wasm32"))]
use slide::sliding::Solver;
use slide::sliding::{Board, Dir, Move};

/// The 4x4 tables, loaded once per test binary from the CLI's cache (built
/// there first if missing).
#[cfg(not(target_arch = "wasm32"))]
pub fn tables() -> Arc<FifteenTables> {
    static TABLES: OnceLock<Arc<FifteenTables>> = OnceLock::new();
    TABLES
        .get_or_init(|| slide::cli::fifteen_tables().expect("the 4x4 tables can be had"))
        .clone()
}

/// The 5x5 tables, loaded once per test binary from the CLI's cache (built
/// there first if missing).
#[cfg(not(target_arch = "wasm32"))]
pub fn tables_5x5() -> Arc<slide::sliding::twentyfour::TwentyFourTables> {
    static TABLES: OnceLock<Arc<slide::sliding::twentyfour::TwentyFourTables>> = OnceLock::new();
    TABLES
        .get_or_init(|| slide::cli::twentyfour_tables().expect("the 5x5 tables can be had"))
        .clone()
}

/// `effort`'s answer for `board` from the plain view, with the 5x5 tables,
/// run to its end; checked to solve the board.
#[cfg(not(target_arch = "wasm32"))]
pub fn near_answer(board: &Board, effort: slide::sliding::near::Effort) -> Vec<Dir> {
    use slide::sliding::near::{solves, NearJob, View};
    let mut job = NearJob::new(board, Some(tables_5x5()), effort, View::Plain);
    loop {
        if let Some(moves) = job.run(1 << 20) {
            assert!(solves(board, &moves), "an answer solves its board");
            return moves;
        }
    }
}

/// The solver as the CLI and the workers have it: with the 4x4 and the 5x5
/// tables.
#[cfg(not(target_arch = "wasm32"))]
pub fn solver() -> Solver {
    Solver::new(Some(tables())).with_5x5(Some(tables_5x5()))
}

/// Exact distances to the goal of every position of a small board, by
/// breadth-first search from the goal.
pub fn bfs_distances(width: usize, height: usize) -> HashMap<Vec<u8>, u32> {
    let goal = Board::solved(width, height).unwrap();
    let mut distance = HashMap::new();
    distance.insert(goal.tiles().to_vec(), 0);
    let mut queue = VecDeque::from([goal]);
    while let Some(board) = queue.pop_front() {
        let d = distance[board.tiles()];
        for dir in Dir::ALL {
            if let Ok(next) = board.apply(Move::Blank(dir)) {
                if !distance.contains_key(next.tiles()) {
                    distance.insert(next.tiles().to_vec(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    distance
}

/// The instances of a file in `tests/instances`, with their optimal lengths.
pub fn instances(name: &str) -> Vec<(Board, u32)> {
    let path = format!("{}/tests/instances/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    slide::sliding::parse_all(&text)
        .into_iter()
        .map(|entry| {
            let instance = entry.unwrap();
            (instance.board, instance.expected.unwrap())
        })
        .collect()
}

/// The 15-puzzle of the project's seed example (optimal: 22 moves).
pub fn seed_example() -> Board {
    Board::from_tiles(
        4,
        4,
        &[1u8, 7, 2, 4, 6, 0, 14, 3, 13, 10, 11, 8, 5, 9, 15, 12],
    )
    .unwrap()
}

/// A plain key press `name` (as `KeyboardEvent.key`) on the board.
pub fn board_key(name: &str) -> slide::app::game::Key<'_> {
    slide::app::game::Key {
        key: name,
        ctrl: false,
        shift: false,
        on_board: true,
    }
}

/// Presses `name` on the board of any game; whether the game used it.
pub fn press(game: &mut dyn slide::app::Play, name: &str, solver: &mut Requests) -> bool {
    game.key(board_key(name), 0.0, solver)
}

/// A stand-in for the page's worker pool: it records the requests games
/// submit and cancel, and hands out ids as the pool does, from one counter.
#[derive(Debug, Default)]
pub struct Requests {
    next: slide::app::workers::RequestId,
    /// Requests submitted and neither cancelled nor taken, oldest first.
    pub open: Vec<(slide::app::workers::RequestId, slide::app::workers::Task)>,
    /// Requests cancelled, in order.
    pub cancelled: Vec<slide::app::workers::RequestId>,
}

impl slide::app::workers::SolverQueue for Requests {
    fn submit(
        &mut self,
        task: slide::app::workers::Task,
        _now: f64,
    ) -> slide::app::workers::RequestId {
        self.next += 1;
        self.open.push((self.next, task));
        self.next
    }

    fn cancel(&mut self, id: slide::app::workers::RequestId) {
        self.open.retain(|(open, _)| *open != id);
        self.cancelled.push(id);
    }
}

impl Requests {
    /// Takes the newest open request.
    ///
    /// # Panics
    /// If there is none.
    pub fn take(&mut self) -> (slide::app::workers::RequestId, slide::app::workers::Task) {
        self.open.pop().expect("a request was submitted")
    }
}

/// What a worker answers to `task`, solved here.
#[cfg(not(target_arch = "wasm32"))]
pub fn solve_task(task: &slide::app::workers::Task) -> slide::app::workers::Answer {
    use slide::app::pegs::solving::{PegsAnswer, PegsRunner, PegsTask};
    use slide::app::sliding::runner::SlidingRunner;
    use slide::app::sliding::solving::{SlidingAnswer, SlidingTask};
    use slide::app::workers::engine::{Engine, HostStep};
    use slide::app::workers::protocol::{FromWorker, ToWorker};
    use slide::app::workers::{Aim, Answer};
    if let Some(SlidingTask { board }) = task.get() {
        let plan = solver()
            .solve(board, &mut slide::search::Unlimited)
            .unwrap();
        let bound = solver().proven_bound(board, slide::sliding::bound::DEEPENING);
        return SlidingAnswer::answer(plan.moves, plan.optimal, bound);
    }
    if let Some(PegsTask { board, goal }) = task.get() {
        return Answer::new(PegsAnswer {
            jumps: slide::pegs::solve(*board, *goal),
        });
    }
    // Any other task (a route, a draw, the fewest chain moves, a sliding-block
    // puzzle) through a worker's engine, slice by slice, as the page's workers
    // run it (the fewest chain moves searched for, not from a table).
    let pegs = PegsRunner::new().with_fewest_table(Arc::new(slide::pegs::FewestTable::default()));
    let mut engine = Engine::new().with_runner(Box::new(pegs));
    if task.game() == slide::app::sliding::solving::GAME {
        engine = engine.with_runner(Box::new(SlidingRunner::with_tables(tables(), tables_5x5())));
    }
    let clock = || 0.0;
    let solve = ToWorker::Solve {
        id: 1,
        task: task.clone(),
        aim: Aim::Best,
    };
    let mut next = engine.handle(solve, 0.0);
    while next == HostStep::Step {
        next = engine.step(&clock, 0.0);
    }
    engine
        .take_outbox()
        .into_iter()
        .find_map(|reply| match reply {
            FromWorker::Answer { answer, .. } => Some(answer),
            _ => None,
        })
        .expect("the engine answers every registered game's task")
}

/// The event that answers request `id` with `answer`, found in `elapsed_ms`.
pub fn answered(
    id: slide::app::workers::RequestId,
    answer: slide::app::workers::Answer,
    elapsed_ms: f64,
) -> slide::app::workers::Event {
    slide::app::workers::Event::Answered {
        id,
        answer,
        elapsed_ms,
    }
}

/// Manhattan distance computed from scratch: the sum over tiles of their
/// row and column distances to their goal cells (a test oracle for the
/// searches' incremental estimates).
pub fn manhattan(board: &Board) -> u32 {
    let width = board.width();
    board
        .tiles()
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != slide::sliding::BLANK)
        .map(|(cell, &tile)| {
            slide::sliding::heuristic::cell_distance(cell, board.goal_cell(tile), width)
        })
        .sum()
}

/// Manhattan distance plus linear conflicts computed from scratch, row by
/// row and column by column (a test oracle).
pub fn linear_conflict(board: &Board) -> u32 {
    use slide::sliding::heuristic::line_penalty;
    let (width, height) = (board.width(), board.height());
    let mut extra = 0;
    for row in 0..height {
        let goals: Vec<u8> = (0..width)
            .map(|col| board.tile_at(row * width + col))
            .filter(|&tile| tile != slide::sliding::BLANK)
            .map(|tile| board.goal_cell(tile))
            .filter(|goal| goal / width == row)
            .map(|goal| (goal % width) as u8)
            .collect();
        extra += line_penalty(&goals);
    }
    for col in 0..width {
        let goals: Vec<u8> = (0..height)
            .map(|row| board.tile_at(row * width + col))
            .filter(|&tile| tile != slide::sliding::BLANK)
            .map(|tile| board.goal_cell(tile))
            .filter(|goal| goal % width == col)
            .map(|goal| (goal / width) as u8)
            .collect();
        extra += line_penalty(&goals);
    }
    manhattan(board) + extra
}

/// Runs the `slide` command with `args`, feeding `input` on standard input.
#[cfg(not(target_arch = "wasm32"))]
pub fn slide(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that stops before reading its input (a usage error) closes
    // the pipe: that is its answer, not the test's failure.
    match child.stdin.take().unwrap().write_all(input.as_bytes()) {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    child.wait_with_output().unwrap()
}

/// `count` seeded maps of 2 to `side` + 1 pixels a side, up to `density`
/// percent walls, each with a start and a goal picked at random, those
/// where either is a wall left out.
pub fn random_maps(
    seed: u64,
    count: usize,
    side: usize,
    density: usize,
) -> Vec<(slide::route::Grid, slide::route::Pixel, slide::route::Pixel)> {
    let mut rng = slide::rng::SplitMix64::new(seed);
    let mut next = |below: usize| rng.below(below as u64) as usize;
    let mut maps = Vec::new();
    for _ in 0..count {
        let (width, height) = (2 + next(side), 2 + next(side));
        let walls = next(density);
        let walkable: Vec<bool> = (0..width * height).map(|_| next(100) >= walls).collect();
        let grid = slide::route::Grid::new(width, height, walkable).unwrap();
        let pick = |n: usize| (n % width, n / width);
        let (from, to) = (pick(next(width * height)), pick(next(width * height)));
        if grid.is_walkable(from) && grid.is_walkable(to) {
            maps.push((grid, from, to));
        }
    }
    maps
}

/// Up to `most` - 1 straight walls across a `width` x `height` map, each
/// a whole row or column but for one gap at random: the corridors, corners
/// and dead ends where route searches differ.
pub fn walls_with_gaps(
    rng: &mut slide::rng::SplitMix64,
    width: usize,
    height: usize,
    walkable: &mut [bool],
    most: u64,
) {
    for _ in 0..rng.below(most) {
        if rng.below(2) == 0 {
            let y = rng.below(height as u64) as usize;
            let gap = rng.below(width as u64) as usize;
            for x in (0..width).filter(|&x| x != gap) {
                walkable[y * width + x] = false;
            }
        } else {
            let x = rng.below(width as u64) as usize;
            let gap = rng.below(height as u64) as usize;
            for y in (0..height).filter(|&y| y != gap) {
                walkable[y * width + x] = false;
            }
        }
    }
}

/// `count` seeded graphs of 2 to `most` + 1 waypoints at whole pixels of a
/// 500-pixel square, with up to three times as many connections as
/// waypoints (some may repeat, none joins a waypoint to itself), each with
/// a start and a goal picked at random.
pub fn random_graphs(
    seed: u64,
    count: usize,
    most: u64,
) -> Vec<(slide::route::Waypoints, usize, usize)> {
    use slide::route::{Point, Waypoints};
    let mut rng = slide::rng::SplitMix64::new(seed);
    let mut next = |below: u64| rng.below(below);
    let mut graphs = Vec::new();
    for _ in 0..count {
        let count = 2 + next(most) as usize;
        let points: Vec<Point> = (0..count)
            .map(|_| Point {
                x: next(500) as f64,
                y: next(500) as f64,
            })
            .collect();
        let edges: Vec<(usize, usize)> = (0..next(3 * count as u64))
            .map(|_| (next(count as u64) as usize, next(count as u64) as usize))
            .filter(|(a, b)| a != b)
            .collect();
        let graph = Waypoints::new(points, &edges).unwrap();
        let (from, to) = (next(count as u64) as usize, next(count as u64) as usize);
        graphs.push((graph, from, to));
    }
    graphs
}

/// The folder of the Moving AI benchmark maps and scenarios the tests
/// read: `$SLIDE_MOVINGAI`, else the copies in `tests/instances/movingai`.
#[cfg(not(target_arch = "wasm32"))]
pub fn moving_ai_dir() -> std::path::PathBuf {
    match std::env::var_os("SLIDE_MOVINGAI") {
        Some(dir) => dir.into(),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/instances/movingai"),
    }
}

/// The text of one of the Moving AI files (`arena.map`, `arena.map.scen`).
///
/// # Panics
/// If it cannot be read: the copies are part of the source tree.
#[cfg(not(target_arch = "wasm32"))]
pub fn moving_ai(name: &str) -> String {
    let path = moving_ai_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The seven Moving AI maps there are copies of, by name.
pub const MOVING_AI_MAPS: [&str; 7] = [
    "arena",
    "den312d",
    "lak303d",
    "8room_000",
    "maze512-1-0",
    "random512-10-0",
    "Berlin_0_512",
];

/// The shortest distance from `from` to every pixel with `moves` (4 or 8,
/// no corner cutting), in pixels (`f64::INFINITY` where unreachable): written apart from the searches
/// the route tests check.
pub fn dijkstra(
    grid: &slide::route::Grid,
    from: slide::route::Pixel,
    moves: slide::route::Moves,
) -> Vec<f64> {
    let (w, h) = (grid.width(), grid.height());
    let mut best = vec![f64::INFINITY; w * h];
    let mut heap = std::collections::BinaryHeap::new();
    best[from.1 * w + from.0] = 0.0;
    heap.push(std::cmp::Reverse((0f64.to_bits(), from)));
    while let Some(std::cmp::Reverse((bits, (x, y)))) = heap.pop() {
        let g = f64::from_bits(bits);
        if g > best[y * w + x] {
            continue;
        }
        for dy in -1isize..=1 {
            for dx in -1isize..=1 {
                let diagonal = dx != 0 && dy != 0;
                if (dx, dy) == (0, 0) || (diagonal && moves == slide::route::Moves::Four) {
                    continue;
                }
                let open = |dx: isize, dy: isize| {
                    let (nx, ny) = (x as isize + dx, y as isize + dy);
                    nx >= 0 && ny >= 0 && grid.is_walkable((nx as usize, ny as usize))
                };
                if !open(dx, dy) || (diagonal && !(open(dx, 0) && open(0, dy))) {
                    continue;
                }
                let next = ((x as isize + dx) as usize, (y as isize + dy) as usize);
                let through = g + if diagonal {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                if through < best[next.1 * w + next.0] {
                    best[next.1 * w + next.0] = through;
                    heap.push(std::cmp::Reverse((through.to_bits(), next)));
                }
            }
        }
    }
    best
}

/// Checks that `pixels` walk from `from` to `to` by single legal steps
/// with `moves`, and that `distance` is their length.
pub fn check_walk(
    grid: &slide::route::Grid,
    pixels: &[slide::route::Pixel],
    distance: f64,
    from: slide::route::Pixel,
    to: slide::route::Pixel,
    moves: slide::route::Moves,
    what: &str,
) {
    assert_eq!(pixels.first(), Some(&from), "{what}: the start");
    assert_eq!(pixels.last(), Some(&to), "{what}: the goal");
    let mut length = 0.0;
    for step in pixels.windows(2) {
        let ((ax, ay), (bx, by)) = (step[0], step[1]);
        let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
        assert!(grid.is_walkable(step[1]), "{what}: {step:?} onto a wall");
        assert!(
            dx <= 1 && dy <= 1 && dx + dy > 0,
            "{what}: {step:?} is no step"
        );
        if dx + dy == 2 {
            assert_eq!(moves, slide::route::Moves::Eight, "{what}: a diagonal step");
            assert!(
                grid.is_walkable((bx, ay)) && grid.is_walkable((ax, by)),
                "{what}: {step:?} cuts a corner"
            );
            length += std::f64::consts::SQRT_2;
        } else {
            length += 1.0;
        }
    }
    assert!(
        (length - distance).abs() < 1e-6,
        "{what}: length {length}, said {distance}"
    );
}

/// A map drawn in text, a string a row: `#` a wall, anything else walkable.
pub fn drawn_map(rows: &[&str]) -> Grid {
    let width = rows[0].len();
    let walkable = rows
        .iter()
        .flat_map(|row| {
            assert_eq!(row.len(), width, "rows of one length");
            row.bytes().map(|b| b != b'#')
        })
        .collect();
    Grid::new(width, rows.len(), walkable).unwrap()
}

/// A walkable pixel of `grid` drawn at random, or `None` when `tries`
/// draws in a row all fall on walls (a grid with none, or nearly none).
pub fn random_walkable(
    rng: &mut slide::rng::SplitMix64,
    grid: &Grid,
    tries: usize,
) -> Option<Pixel> {
    (0..tries)
        .map(|_| {
            (
                rng.below(grid.width() as u64) as usize,
                rng.below(grid.height() as u64) as usize,
            )
        })
        .find(|&pixel| grid.is_walkable(pixel))
}

/// Every walkable pixel of `grid`, row by row.
pub fn walkable_pixels(grid: &Grid) -> Vec<Pixel> {
    (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&at| grid.is_walkable(at))
        .collect()
}

/// An 8-connected query of `algorithm` with the octile estimate, weight 1.
pub fn eight_way_query(algorithm: slide::route::Algorithm) -> slide::route::Query {
    use slide::route::{Moves, Query};
    Query::new(algorithm, Moves::Eight, Moves::Eight.estimate(), 1.0).unwrap()
}

/// The search of `algorithm` run in slices of one expansion, as the lab's
/// reveal runs it (from the start alone).
#[cfg(not(target_arch = "wasm32"))]
pub fn sliced_route(
    grid: &Arc<Grid>,
    from: Pixel,
    to: Pixel,
    algorithm: slide::route::Algorithm,
) -> Option<slide::route::Found> {
    use slide::route::{RouteSearch, RouteStep};
    let query = eight_way_query(algorithm);
    let mut search = RouteSearch::grid_query(grid.clone(), from, to, &query).unwrap();
    loop {
        if let RouteStep::Done(found) = search.run(1) {
            return found;
        }
    }
}

/// The route `algorithm` finds, 8-connected: the same whole and through a
/// router, as long in slices of one expansion and with as many
/// expansions, and a walk of single legal steps from `from` to `to`.
#[cfg(not(target_arch = "wasm32"))]
pub fn checked_route(
    grid: &Arc<Grid>,
    from: Pixel,
    to: Pixel,
    algorithm: slide::route::Algorithm,
) -> Option<slide::route::GridRoute> {
    use slide::route::{Moves, Router};
    let query = eight_way_query(algorithm);
    let whole = grid.route(from, to, &query).unwrap();
    let routed = Router::new(grid.clone(), &query)
        .route(from, to, &query)
        .unwrap();
    assert_eq!(whole, routed, "{algorithm:?}: the router differs");
    let sliced = sliced_route(grid, from, to, algorithm);
    assert_eq!(
        sliced.as_ref().map(|f| (f.distance, f.expanded)),
        whole.as_ref().map(|r| (r.distance, r.expanded)),
        "{algorithm:?}: sliced differs"
    );
    if let Some(route) = &whole {
        let what = format!("{algorithm:?}");
        check_walk(
            grid,
            &route.pixels,
            route.distance,
            from,
            to,
            Moves::Eight,
            &what,
        );
    }
    whole
}

/// `board` (a 10x10 or a 9x9) sorted into its boxes by the solver's beam,
/// 3,000 wide; None where the beam goes round for more than 4/3 of the
/// Manhattan distance, as the solver gives up there (and takes the stages).
pub fn sorted_into_boxes(board: &Board) -> Option<Board> {
    sorted_into_boxes_with(board, 0)
}

/// As [`sorted_into_boxes`], the sort's keys of `seed`
/// (`Sort::seeded`).
pub fn sorted_into_boxes_with(board: &Board, seed: u64) -> Option<Board> {
    use slide::search::{Beam, Step};
    use slide::sliding::quadrants::{Sort, Sorting};
    let sort = Sort::seeded(board.width(), seed);
    let start = sort.sorting(board);
    let limit = 4 * start.manhattan() / 3;
    let key: fn(&Sorting) -> u64 = Sorting::key;
    let mut beam = Beam::new(sort, start, 3000, key);
    loop {
        match beam.run(1 << 20) {
            Step::Running if beam.progress().bound > limit => return None,
            Step::Running => {}
            Step::Found(solution) => return Some(board.apply_path(&solution.moves).unwrap()),
            Step::Exhausted(_) => panic!("a sort's beam keeps its best states"),
        }
    }
}
