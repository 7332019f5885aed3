//! The command line.
//!
//! ```text
//! slide solve FILE     solve every board in FILE (- for standard input)
//! slide pegs FILE      solve the peg-solitaire board in FILE (- for standard input)
//! slide blocks LAYOUT   solve a sliding-block puzzle (a layout's id, or FILE)
//! slide tables DIR     write the solver's tables (4x4, 5x5, pegs' fewest) into DIR
//! slide route NODES    the shortest route over a floor plan's waypoints
//!                      (--grid over an image's or a .map's pixels, --scen
//!                      every scenario of a Moving AI scenario file)
//! slide help [COMMAND] usage (also --help after any command)
//! ```

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use slide::pegs::{hole_named, Goal};
use slide::quote::quote;
use slide::route::{Algorithm, Heuristic, Moves, Pixel};

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
    /// the budget allows, and shown with a proven lower bound and their
    /// length over it
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
    /// format; drawn onto a copy of PLAN as OUT if both are given), with
    /// --grid over an image's light pixels or a Moving AI .map's cells, or
    /// with --scen every scenario of a Moving AI scenario file
    #[command(after_long_help = ROUTE_HELP)]
    Route {
        /// Route over this image's pixels (light ones walkable) or this
        /// Moving AI .map's cells instead of waypoints
        #[arg(long, value_name = "PLAN", requires_all = ["from", "to"], conflicts_with = "scen")]
        grid: Option<String>,
        /// With --grid: the start pixel
        #[arg(long, value_name = "X,Y", value_parser = parse_pixel, requires = "grid")]
        from: Option<Pixel>,
        /// With --grid: the goal pixel
        #[arg(long, value_name = "X,Y", value_parser = parse_pixel, requires = "grid")]
        to: Option<Pixel>,
        /// With --grid: 4 or 8 for steps between neighbouring pixels; by
        /// default 8 on a .map or with --algorithm, else any angle
        #[arg(long, value_name = "4|8", value_parser = ["4", "8"], requires = "grid")]
        connect: Option<String>,
        /// With --grid: pixels at least this light (0 to 255) are walkable
        #[arg(long, default_value_t = 128, requires = "grid")]
        threshold: u8,
        /// Run every scenario of this Moving AI scenario file (.map.scen)
        /// and check each length against its optimal one
        #[arg(long, value_name = "SCEN")]
        scen: Option<String>,
        /// With --scen: the map (by default the one the scenarios name,
        /// beside the scenario file)
        #[arg(long, value_name = "MAP", requires = "scen")]
        map: Option<String>,
        /// With --grid or --scen: the search (astar, jps, jps-plus,
        /// jps-plus-pruned, dijkstra, best-first, bfs, bidirectional,
        /// theta); astar by default
        #[arg(long, value_name = "NAME", value_parser = parse_algorithm)]
        algorithm: Option<Algorithm>,
        /// With --grid or --scen: the estimate (manhattan, octile,
        /// chebyshev, euclidean, zero, landmarks); by default the tightest
        /// that never overestimates for the moves (octile on a .map)
        #[arg(long, value_name = "NAME", value_parser = parse_heuristic)]
        heuristic: Option<Heuristic>,
        /// With --scen: a line for every scenario, not only the summary
        #[arg(long, requires = "scen")]
        verbose: bool,
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
  slide route --grid arena.map --from 19,26 --to 19,29 --algorithm jps
  slide route --scen arena.map.scen                    every scenario, checked
  slide route --scen maze.scen --map maze512-1-0.map --algorithm jps-plus --verbose
  slide route --scen maze512-1-0.map.scen --algorithm jps-plus --heuristic landmarks

The nodes format: one waypoint a line, `x y n1 n2 ...`, its pixel coordinates
and then the 0-based indices of the waypoints it connects to (both ways); the
first line is the start, the last the goal; # starts a comment. Images: PNG or
JPEG in, PNG out. Moving AI maps (.map, `type octile`): . G S walkable, @ O T W
not; a diagonal step never cuts a corner. Scenario files (.map.scen,
`version 1`): the summary says how many lengths equal the optimal (within
1e-4 + 1e-6 of the length), the time per query (and JPS+'s preprocessing
apart) and the pixels expanded; --verbose adds a line per scenario. Exit
status: 0 with a route (with --scen, every length as expected), 1 for no
route, a length that differs from the optimal or a file that cannot be read
(its line and reason said), 2 for a usage error.";

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

fn parse_algorithm(text: &str) -> Result<Algorithm, String> {
    Algorithm::named(text)
        .ok_or_else(|| not_one_of(text, "a search", Algorithm::ALL.iter().map(|a| a.name())))
}

fn parse_heuristic(text: &str) -> Result<Heuristic, String> {
    Heuristic::named(text)
        .ok_or_else(|| not_one_of(text, "an estimate", Heuristic::ALL.iter().map(|h| h.name())))
}

/// The refusal of a name that is not `what`, listing the `names` there are.
fn not_one_of<'a>(text: &str, what: &str, names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    format!(
        "{text} is not {what}: give one of {}",
        names.join(", "),
        text = quote(text)
    )
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
        Command::Solve { budget, file } => slide::cli::solve::run(&file, budget),
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
            slide::cli::pegs::run(&file, goal, chains)
        }
        Command::Blocks {
            metric,
            verbose,
            list,
            source,
        } => slide::cli::blocks::run(source.as_deref(), &metric, verbose, list),
        Command::Tables { dir } => slide::cli::tables::run(&dir),
        Command::Route {
            grid,
            from,
            to,
            connect,
            threshold,
            scen,
            map,
            algorithm,
            heuristic,
            verbose,
            files,
        } => match (grid, scen) {
            (Some(plan), _) => {
                let (from, to) = (from.expect("required"), to.expect("required"));
                let moves = match connect.as_deref() {
                    Some("4") => Some(Moves::Four),
                    Some("8") => Some(Moves::Eight),
                    _ => None,
                };
                let run = |out| {
                    slide::cli::route::over_pixels(
                        &plan,
                        from,
                        to,
                        moves,
                        slide::cli::route::Asked {
                            algorithm,
                            heuristic,
                        },
                        threshold,
                        out,
                    )
                };
                match files.as_slice() {
                    [] => run(None),
                    [out] => run(Some(out)),
                    _ => usage_error("with --grid, give at most one more file: OUT"),
                }
            }
            (None, Some(scen)) => match files.as_slice() {
                [] => slide::cli::scenarios::run(
                    &scen,
                    map.as_deref(),
                    algorithm.unwrap_or(Algorithm::AStar),
                    heuristic,
                    verbose,
                ),
                _ => usage_error("with --scen, give no other file (the map with --map)"),
            },
            (None, None) if algorithm.is_some() => {
                usage_error("--algorithm is for --grid or --scen")
            }
            (None, None) if heuristic.is_some() => {
                usage_error("--heuristic is for --grid or --scen")
            }
            (None, None) => match files.as_slice() {
                [nodes] => slide::cli::route::over_waypoints(nodes, None),
                [nodes, plan, out] => slide::cli::route::over_waypoints(nodes, Some((plan, out))),
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
