//! The command line.
//!
//! ```text
//! slide solve FILE     solve every board in FILE (- for standard input)
//! slide pegs FILE      solve the peg-solitaire board in FILE (- for standard input)
//! slide blocks LAYOUT   solve a sliding-block puzzle (a layout's id, or FILE)
//! slide tables DIR     write the solver's tables (4x4, 5x5, pegs' fewest) into DIR
//! slide route NODES    the shortest route over a floor plan's waypoints
//! slide help [COMMAND] usage (also --help after any command)
//! ```

use std::io::Read;

use clap::{Parser, Subcommand};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use std::path::Path;

use slide::app::wording::count;
use slide::app::workers::tables::TableSet;
use slide::cli::route::{draw_pixels, draw_waypoints, grid_of, read_image};
use slide::cli::{
    checked_table_file, fifteen_tables, table_file, table_path, table_path_5x5, twentyfour_tables,
};
use slide::pegs::{self, hole_named, Goal, PegSolver};
use slide::quote::quote;
use slide::route::{parse_nodes, Moves, Pixel};
use slide::search::{Solution, Unlimited};
use slide::sliding::near::{is_near_size, solves, Effort};
use slide::sliding::{format_moves, parse_all, Board, Notation, Plan, Solver};

/// Seconds a board of 5x5 and up is given by default.
const DEFAULT_BUDGET: f64 = 1.0;

/// What the subcommands read, shown after `slide --help`.
const FORMATS: &str = "\
Boards are read in any of these formats (# starts a comment, blank lines
separate boards):
  rows of numbers, 0 for the blank      1 2 3 / 4 5 6 / 7 8 0
  a size line, then the rows            4 (or 3x4 for 3 columns, 4 rows)
  rows with * for the blank             1 2 3 / 4 5 6 / 7 8 *
  one board per line, tiles in row-major order, optionally followed by the
  length of an optimal solution, which is then checked (as in Korf's 100)

For each board it prints the solution length, the moves (as the blank's path
u/d/l/r and as the tiles to slide) and the time. An expected length is
checked: optimal solutions must match it; near-optimal ones are compared with
it as a ratio, and one shorter than it is an error. Exit status: 0 when every
board was read and solved as expected, 1 otherwise, 2 for a usage error.

A peg-solitaire board is the English 33-hole cross, written as seven rows of
3, 3, 7, 7, 7, 3 and 3 holes, o for a peg and . for an empty hole (the short
rows may be indented), or on one line as seven groups:
  ... ... ....... ..ooo.. ...o... .o. ...
Holes are named by column a-g and row 1-7 from the top left (d4 is the
centre). `slide pegs` prints the board after every jump of a solution, or
\"No solution.\" and exits with status 1; a board that cannot be read also
exits with 1.";

/// Sliding puzzles, peg solitaire and route finding from the command line.
#[derive(Parser)]
#[command(name = "slide", version, after_long_help = FORMATS)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve every sliding-puzzle board in FILE (- reads standard input);
    /// boards of 5x5 and up are solved near-optimally, searching harder while
    /// the budget allows
    Solve {
        /// Seconds a board of 5x5 and up is given
        #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_BUDGET, value_parser = parse_budget, allow_hyphen_values = true)]
        budget: f64,
        /// The boards (- for standard input)
        file: String,
    },
    /// Solve the peg-solitaire board in FILE (- reads standard input): one
    /// peg left in the centre, anywhere, or at a given hole
    Pegs {
        /// One peg left anywhere
        #[arg(long, conflicts_with = "at")]
        anywhere: bool,
        /// One peg left at HOLE (such as d1)
        #[arg(long, value_name = "HOLE", value_parser = parse_hole)]
        at: Option<usize>,
        /// Count a chain of jumps by one peg as one move, and find the
        /// fewest such moves (the classic game's 18 take about a minute)
        #[arg(long)]
        chains: bool,
        /// The board (- for standard input)
        file: String,
    },
    /// The shortest solution of a sliding-block puzzle (Klotski, Rush
    /// Hour): a built-in layout's id (see --list) or a board in FILE (-
    /// reads standard input), X the piece to free, . an empty cell
    Blocks {
        /// What one move is: straight (one piece slid any distance in a
        /// straight line), path (any distance along any free path) or step
        /// (one cell)
        #[arg(long, default_value = "straight", value_parser = ["straight", "path", "step"])]
        metric: String,
        /// Print the board after every move
        #[arg(long, short)]
        verbose: bool,
        /// List the built-in layouts
        #[arg(long, conflicts_with = "source")]
        list: bool,
        /// A layout's id, or a file (- for standard input)
        #[arg(required_unless_present = "list")]
        source: Option<String>,
    },
    /// Write the 4x4 and 5x5 pattern databases and the peg layouts' fewest
    /// chain moves, gzipped, into DIR (for the web build)
    Tables {
        /// Where to write them
        dir: String,
    },
    /// The shortest route over a floor plan's waypoints (NODES, the nodes
    /// format; drawn onto a copy of PLAN as OUT if both are given), or with
    /// --grid over an image's light pixels
    #[command(after_long_help = ROUTE_HELP)]
    Route {
        /// Route over this image's pixels (light ones walkable) instead of
        /// waypoints
        #[arg(long, value_name = "PLAN", requires_all = ["from", "to"])]
        grid: Option<String>,
        /// With --grid: the start pixel
        #[arg(long, value_name = "X,Y", value_parser = parse_pixel, requires = "grid")]
        from: Option<Pixel>,
        /// With --grid: the goal pixel
        #[arg(long, value_name = "X,Y", value_parser = parse_pixel, requires = "grid")]
        to: Option<Pixel>,
        /// With --grid: 4 or 8 for steps between neighbouring pixels; any
        /// angle by default
        #[arg(long, value_name = "4|8", value_parser = ["4", "8"], requires = "grid")]
        connect: Option<String>,
        /// With --grid: pixels at least this light (0 to 255) are walkable
        #[arg(long, default_value_t = 128, requires = "grid")]
        threshold: u8,
        /// NODES [PLAN OUT], or with --grid [OUT]
        #[arg(value_name = "FILES")]
        files: Vec<String>,
    },
}

const ROUTE_HELP: &str = "\
Examples:
  slide route floorplan_nodes.dat                      the route and its length
  slide route floorplan_nodes.dat plan.png route.png   also drawn onto the plan
  slide route --grid plan.png --from 20,270 --to 150,40 route.png

The nodes format: one waypoint a line, `x y n1 n2 ...`, its pixel coordinates
and then the 0-based indices of the waypoints it connects to (both ways); the
first line is the start, the last the goal; # starts a comment. Images: PNG or
JPEG in, PNG out. Exit status: 0 with a route, 1 for no route or a file that
cannot be read, 2 for a usage error.";

fn parse_budget(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(budget) if budget.is_finite() && budget > 0.0 => Ok(budget),
        _ => Err(format!(
            "{text} is not a time budget: give a number of seconds above 0, such as 1.5",
            text = quote(text)
        )),
    }
}

fn parse_hole(text: &str) -> Result<usize, String> {
    hole_named(text).ok_or_else(|| {
        format!(
            "{text} is not a hole: name one by column a-g and row 1-7, such as d4",
            text = quote(text)
        )
    })
}

fn parse_pixel(text: &str) -> Result<Pixel, String> {
    let bad = || {
        format!(
            "{text} is not a pixel: give its x and y as X,Y, such as 12,40",
            text = quote(text)
        )
    };
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // Help and the version on standard output with status 0, usage
            // errors (naming the argument) on standard error with 2.
            let _ = error.print();
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    match cli.command {
        Command::Solve { budget, file } => run_solve(&file, budget),
        Command::Pegs {
            anywhere,
            at,
            chains,
            file,
        } => {
            let goal = match (anywhere, at) {
                (true, _) => Goal::AnyHole,
                (false, Some(hole)) => Goal::Hole(hole as u8),
                (false, None) => Goal::CENTRE,
            };
            run_pegs(&file, goal, chains)
        }
        Command::Blocks {
            metric,
            verbose,
            list,
            source,
        } => slide::cli::blocks::run(source.as_deref(), &metric, verbose, list),
        Command::Tables { dir } => run_tables(&dir),
        Command::Route {
            grid,
            from,
            to,
            connect,
            threshold,
            files,
        } => match grid {
            Some(plan) => {
                let (from, to) = (from.expect("required"), to.expect("required"));
                let moves = match connect.as_deref() {
                    Some("4") => Moves::Four,
                    Some("8") => Moves::Eight,
                    _ => Moves::AnyAngle,
                };
                match files.as_slice() {
                    [] => route_over_pixels(&plan, from, to, moves, threshold, None),
                    [out] => route_over_pixels(&plan, from, to, moves, threshold, Some(out)),
                    _ => usage_error("with --grid, give at most one more file: OUT"),
                }
            }
            None => match files.as_slice() {
                [nodes] => route_over_waypoints(nodes, None),
                [nodes, plan, out] => route_over_waypoints(nodes, Some((plan, out))),
                _ => usage_error(
                    "give NODES, or NODES PLAN OUT (or --grid PLAN --from X,Y --to X,Y)",
                ),
            },
        },
    }
}

/// A usage error of `slide route` that clap could not see (how many files),
/// said as clap says them.
fn usage_error(message: &str) -> ExitCode {
    let mut command = <Cli as clap::CommandFactory>::command();
    let error = command
        .find_subcommand_mut("route")
        .expect("slide has a route subcommand")
        .error(clap::error::ErrorKind::WrongNumberOfValues, message);
    let _ = error.print();
    ExitCode::from(2)
}

/// `slide route NODES [PLAN OUT]`.
fn route_over_waypoints(path: &str, drawing: Option<(&String, &String)>) -> ExitCode {
    let text = match read_input(path) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let waypoints = match parse_nodes(&text) {
        Ok(waypoints) => waypoints,
        Err(error) => {
            eprintln!("slide: {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let route = waypoints.shortest(0, waypoints.len() - 1);
    if let Some((plan, out)) = drawing {
        if let Err(message) =
            draw_waypoints(Path::new(plan), Path::new(out), &waypoints, route.as_ref())
        {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    }
    let Some(route) = route else {
        println!("No route.");
        return ExitCode::FAILURE;
    };
    for &index in &route.path {
        let point = waypoints.point(index);
        println!("{index} ({}, {})", point.x, point.y);
    }
    println!("distance: {:.2}", route.distance);
    ExitCode::SUCCESS
}

/// `slide route --grid PLAN --from X,Y --to X,Y [OUT]`.
fn route_over_pixels(
    plan: &str,
    from: Pixel,
    to: Pixel,
    moves: Moves,
    threshold: u8,
    out: Option<&String>,
) -> ExitCode {
    let image = match read_image(Path::new(plan), slide::route::grid::check_size) {
        Ok(image) => image,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let grid = match grid_of(&image, threshold) {
        Ok(grid) => grid,
        Err(message) => {
            eprintln!("slide: {plan}: {message}");
            return ExitCode::FAILURE;
        }
    };
    let clock = Instant::now();
    let route = match grid.shortest(from, to, moves, moves.estimate()) {
        Ok(route) => route,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let seconds = clock.elapsed().as_secs_f64();
    if let Some(out) = out {
        let path = route.as_ref().map_or(&[][..], |route| &route.pixels[..]);
        if let Err(message) = draw_pixels(image, Path::new(out), path, from, to) {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    }
    let Some(route) = route else {
        println!("No route.");
        return ExitCode::FAILURE;
    };
    let corners: Vec<String> = route
        .pixels
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect();
    println!("route: {}", corners.join(" "));
    println!(
        "{} expanded, {seconds:.3} s",
        count(route.expanded, "pixel", "pixels")
    );
    println!("distance: {:.2}", route.distance);
    ExitCode::SUCCESS
}

fn read_input(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
    }
}

/// Writes every set of tables (the 4x4's and 5x5's pattern databases, the
/// peg layouts' fewest chain moves), gzip-compressed, into `dir` for the web
/// build (the browser's worker downloads and decompresses them), unless
/// up-to-date copies are there; older tables files there are removed, so
/// that the site does not ship them.
fn run_tables(dir: &str) -> ExitCode {
    let mut current = Vec::new();
    // Every game's sets, from the list of games: the page's service worker
    // lists the files written here.
    for set in TableSet::all() {
        let source = match checked_table_file(set) {
            Ok(source) => source,
            Err(error) => {
                eprintln!(
                    "slide: cannot save the {} tables to {}: {error}",
                    set.name(),
                    table_file(set).display()
                );
                return ExitCode::FAILURE;
            }
        };
        let target = Path::new(dir).join(format!("{}.gz", set.file()));
        if let Err(error) = compress(&source, &target) {
            eprintln!("slide: cannot write {}: {error}", target.display());
            return ExitCode::FAILURE;
        }
        current.push(target);
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            let stale = path.extension().is_some_and(|e| e == "gz")
                && [".pdb", ".tab"]
                    .iter()
                    .any(|kind| path.to_string_lossy().contains(kind))
                && !current.contains(&path);
            if stale && std::fs::remove_file(&path).is_ok() {
                println!("removed {}", path.display());
            }
        }
    }
    ExitCode::SUCCESS
}

/// Writes `source` gzipped to `target`, unless `target` is newer.
fn compress(source: &Path, target: &Path) -> std::io::Result<()> {
    let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified());
    if let (Ok(target_time), Ok(source_time)) = (modified(target), modified(source)) {
        if target_time >= source_time {
            println!("{} is up to date", target.display());
            return Ok(());
        }
    }
    if let Some(folder) = target.parent() {
        std::fs::create_dir_all(folder)?;
    }
    let partial = target.with_extension("partial");
    let written = std::fs::File::create(&partial).and_then(|output| {
        let status = std::process::Command::new("gzip")
            .args(["-9", "-n", "-c"])
            .arg(source)
            .stdout(output)
            .status()?;
        if !status.success() {
            return Err(std::io::Error::other(format!("gzip failed ({status})")));
        }
        std::fs::rename(&partial, target)
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    } else {
        println!("wrote {}", target.display());
    }
    written
}

/// Solves one peg-solitaire board and prints the board after every jump.
fn run_pegs(path: &str, goal: Goal, chains: bool) -> ExitCode {
    let text = match read_input(path) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let board = match pegs::parse(&text) {
        Ok(board) => board,
        Err(error) => {
            let source = if path == "-" { "standard input" } else { path };
            eprintln!("slide: {source}: {error}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{}, goal: {goal}",
        count(u64::from(board.count()), "peg", "pegs")
    );
    println!("{board}");
    let clock = Instant::now();
    // Each move as its jumps: one jump, or a chain of them.
    let solution = if chains {
        pegs::FewestSolver::new(goal).solve(board, &mut Unlimited)
    } else {
        PegSolver::new(goal)
            .solve(board, &mut Unlimited)
            .map(|found| {
                found.map(|s| Solution {
                    moves: s.moves.into_iter().map(|jump| vec![jump]).collect(),
                    cost: s.cost,
                    expanded: s.expanded,
                })
            })
    };
    let solution = match solution {
        Ok(solution) => solution,
        Err(never) => unreachable!("an unlimited search is never interrupted: {never}"),
    };
    let seconds = clock.elapsed().as_secs_f64();
    let Some(solution) = solution else {
        println!("No solution.");
        return ExitCode::FAILURE;
    };
    let mut position = board;
    for (number, jumps) in solution.moves.iter().enumerate() {
        position = position
            .apply_all(jumps)
            .expect("a solution's moves are legal in turn");
        println!();
        match jumps.as_slice() {
            [jump] if !chains => println!("jump {}: {jump}", number + 1),
            _ => {
                let holes: Vec<String> = pegs::chain_holes(jumps)
                    .into_iter()
                    .map(pegs::hole_name)
                    .collect();
                println!("move {}: {}", number + 1, holes.join("-"));
            }
        }
        println!("{position}");
    }
    println!();
    let moves = solution.moves.len() as u64;
    let counted = if chains {
        format!(
            "{} (a chain of jumps counting as one)",
            count(moves, "move", "moves")
        )
    } else {
        count(moves, "jump", "jumps")
    };
    println!(
        "solved in {counted}, {}, {seconds:.3} s",
        count(solution.expanded, "state", "states")
    );
    ExitCode::SUCCESS
}

/// Solves `board` with `solver`: to the end where the solver is optimal (or
/// reduces); on boards of 5x5 and up, with every effort while `budget`
/// seconds allow, the shortest answer kept. As in the page, the best effort
/// runs from the start on a thread of its own beside the quick and medium
/// ones: the quick answer is had whatever the budget, and on a machine with
/// two cores the best one has the whole budget.
fn solve_within(solver: &Solver, board: &Board, budget: f64) -> Plan {
    if !is_near_size(board.width(), board.height()) {
        return match solver.solve(board, &mut Unlimited) {
            Ok(plan) => plan,
            Err(never) => unreachable!("an unlimited search is never interrupted: {never}"),
        };
    }
    let clock = Instant::now();
    let best_done = AtomicBool::new(false);
    // An effort's answer, or None if the budget ran out (or, for the medium
    // effort, the best one finished first); the states expanded either way.
    let attempt = |effort: Effort, always: bool| -> (Option<Plan>, u64) {
        let mut deadline = |_: &slide::search::Progress| {
            let over = clock.elapsed().as_secs_f64() > budget
                || (effort != Effort::BEST && best_done.load(Ordering::Relaxed));
            if over && !always {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        match solver
            .start_with(board, effort, false)
            .finish(&mut deadline)
        {
            Ok(plan) => {
                let expanded = plan.expanded;
                (Some(plan), expanded)
            }
            Err(stopped) => (None, stopped.progress.expanded),
        }
    };
    let answers = std::thread::scope(|scope| {
        let best = scope.spawn(|| {
            let answer = attempt(Effort::BEST, false);
            best_done.store(true, Ordering::Relaxed);
            answer
        });
        let quick = attempt(Effort::QUICK, true);
        let medium = attempt(Effort::MEDIUM, false);
        let best = best
            .join()
            .expect("the best effort's thread does not panic");
        [quick, medium, best]
    });
    let expanded = answers.iter().map(|(_, expanded)| expanded).sum();
    let mut plan = answers
        .into_iter()
        .filter_map(|(plan, _)| plan)
        .min_by_key(|plan| plan.moves.len())
        .expect("the quick answer is always had");
    plan.expanded = expanded;
    plan
}

fn run_solve(path: &str, budget: f64) -> ExitCode {
    let text = match read_input(path) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let entries = parse_all(&text);
    if entries.is_empty() {
        eprintln!("slide: no board found in {path}");
        return ExitCode::FAILURE;
    }
    // The 4x4 tables are loaded only if a 4x4 board is in the file.
    let any_fifteen = entries.iter().any(|entry| {
        entry
            .as_ref()
            .is_ok_and(|i| (i.board.width(), i.board.height()) == (4, 4))
    });
    let tables = if any_fifteen {
        match fifteen_tables() {
            Ok(tables) => Some(tables),
            Err(error) => {
                eprintln!(
                    "slide: cannot save the 4x4 tables to {}: {error}",
                    table_path().display()
                );
                return ExitCode::FAILURE;
            }
        }
    } else {
        None
    };
    // The 5x5 tables likewise, for boards of 5x5 and up.
    let any_near = entries.iter().any(|entry| {
        entry
            .as_ref()
            .is_ok_and(|i| is_near_size(i.board.width(), i.board.height()))
    });
    let tables_5x5 = if any_near {
        match twentyfour_tables() {
            Ok(tables) => Some(tables),
            Err(error) => {
                eprintln!(
                    "slide: cannot save the 5x5 tables to {}: {error}",
                    table_path_5x5().display()
                );
                return ExitCode::FAILURE;
            }
        }
    } else {
        None
    };
    let solver = Solver::new(tables).with_5x5(tables_5x5);
    let mut failures = 0;
    let mut solved = 0;
    let mut total_moves = 0;
    let mut total_expanded = 0;
    let started = Instant::now();
    for (number, entry) in entries.iter().enumerate() {
        let number = number + 1;
        let instance = match entry {
            Ok(instance) => instance,
            Err(error) => {
                println!("board {number}: cannot be read: {error}");
                failures += 1;
                continue;
            }
        };
        let board = &instance.board;
        let clock = Instant::now();
        let plan = solve_within(&solver, board, budget);
        let seconds = clock.elapsed().as_secs_f64();
        if !solves(board, &plan.moves) {
            println!("board {number}: the solver's moves do not solve it: ILLEGAL");
            failures += 1;
            continue;
        }
        solved += 1;
        total_moves += plan.moves.len();
        total_expanded += plan.expanded;
        let kind = if plan.optimal {
            "optimal"
        } else {
            "not proven optimal"
        };
        let length = plan.moves.len();
        let check = match instance.expected {
            Some(expected) if expected as usize == length => {
                format!("; expected {expected}: ok")
            }
            // No solution is shorter than the optimum: the expected length
            // or the solver is wrong.
            Some(expected) if length < expected as usize => {
                failures += 1;
                format!("; expected {expected}: SHORTER THAN THE OPTIMUM")
            }
            Some(expected) if !plan.optimal => {
                format!(
                    "; expected {expected}: ratio {:.3}",
                    length as f64 / f64::from(expected)
                )
            }
            Some(expected) => {
                failures += 1;
                format!("; expected {expected}: MISMATCH")
            }
            None => String::new(),
        };
        println!(
            "board {number} (line {}, {}x{}): {}, {kind}, {seconds:.3} s, {}{check}",
            instance.line,
            board.width(),
            board.height(),
            count(plan.moves.len() as u64, "move", "moves"),
            count(plan.expanded, "state", "states"),
        );
        println!("  blank: {}", format_moves(&plan.moves, Notation::Blank));
        let tiles = board
            .tiles_for_path(&plan.moves)
            .expect("a solution's moves stay on the board");
        let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
        println!("  tiles: {}", tiles.join(" "));
    }
    println!(
        "{solved} of {} solved, {} in all, {}, {:.3} s{}",
        count(entries.len() as u64, "board", "boards"),
        count(total_moves as u64, "move", "moves"),
        count(total_expanded, "state", "states"),
        started.elapsed().as_secs_f64(),
        if failures == 0 {
            String::new()
        } else {
            format!("; {failures} failed")
        }
    );
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
