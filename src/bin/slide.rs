//! The command-line solver.
//!
//! ```text
//! slide solve FILE     solve every board in FILE (- for standard input)
//! slide pegs FILE      solve the peg-solitaire board in FILE (- for standard input)
//! slide tables DIR     write the 4x4 pattern databases into DIR
//! slide help           usage
//! ```

use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;

use slide::cli::{fifteen_tables, table_path};
use slide::pegs::{self, hole_named, Goal, PegSolver};
use slide::search::Unlimited;
use slide::sliding::{fifteen, format_moves, parse_all, Notation, Solver};

const USAGE: &str = "\
usage:
  slide solve FILE   solve every sliding-puzzle board in FILE (- reads standard input)
  slide pegs [--anywhere | --at HOLE] FILE
                     solve the peg-solitaire board in FILE (- reads standard input):
                     one peg left in the centre, anywhere, or at HOLE (such as d1)
  slide tables DIR   write the 4x4 pattern databases into DIR (for the web build)
  slide help         show this help

Boards are read in any of these formats (# starts a comment, blank lines
separate boards):
  rows of numbers, 0 for the blank      1 2 3 / 4 5 6 / 7 8 0
  a size line, then the rows            4 (or 3x4 for 3 columns, 4 rows)
  rows with * for the blank             1 2 3 / 4 5 6 / 7 8 *
  one board per line, tiles in row-major order, optionally followed by the
  length of an optimal solution, which is then checked (as in Korf's 100)

For each board it prints the solution length, the moves (as the blank's path
u/d/l/r and as the tiles to slide) and the time. Exit status: 0 when every
board was read and solved with the expected length, 1 otherwise, 2 for a
usage error.

A peg-solitaire board is the English 33-hole cross, written as seven rows of
3, 3, 7, 7, 7, 3 and 3 holes, o for a peg and . for an empty hole (the short
rows may be indented), or on one line as seven groups:
  ... ... ....... ..ooo.. ...o... .o. ...
Holes are named by column a-g and row 1-7 from the top left (d4 is the
centre). `slide pegs` prints the board after every jump of a solution, or
\"No solution.\" and exits with status 1; a board that cannot be read also
exits with 1.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["solve", path] => run_solve(path),
        ["pegs", path] => run_pegs(path, Goal::CENTRE),
        ["pegs", "--anywhere", path] | ["pegs", path, "--anywhere"] => {
            run_pegs(path, Goal::AnyHole)
        }
        ["pegs", "--at", hole, path] | ["pegs", path, "--at", hole] => {
            match hole_named(hole) {
                Some(hole) => run_pegs(path, Goal::Hole(hole as u8)),
                None => {
                    eprintln!("slide: '{hole}' is not a hole: name one by column a-g and row 1-7, such as d4");
                    ExitCode::from(2)
                }
            }
        }
        ["tables", dir] => run_tables(dir),
        ["help" | "--help" | "-h"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
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

/// Writes the tables, gzip-compressed, into `dir` for the web build (the
/// browser's worker downloads and decompresses them), unless an up-to-date
/// copy is there.
fn run_tables(dir: &str) -> ExitCode {
    let source = table_path();
    let target = std::path::Path::new(dir).join(format!("{}.gz", fifteen::TABLE_FILE));
    let newer = |a: &std::path::Path, b: &std::path::Path| -> bool {
        match (
            std::fs::metadata(a).and_then(|m| m.modified()),
            std::fs::metadata(b).and_then(|m| m.modified()),
        ) {
            (Ok(a), Ok(b)) => a >= b,
            _ => false,
        }
    };
    if let Err(error) = fifteen_tables() {
        eprintln!(
            "slide: cannot save the 4x4 tables to {}: {error}",
            source.display()
        );
        return ExitCode::FAILURE;
    }
    if newer(&target, &source) {
        println!("{} is up to date", target.display());
        return ExitCode::SUCCESS;
    }
    let partial = target.with_extension("partial");
    let written = std::fs::create_dir_all(dir).and_then(|()| {
        let output = std::fs::File::create(&partial)?;
        let status = std::process::Command::new("gzip")
            .args(["-9", "-n", "-c"])
            .arg(&source)
            .stdout(output)
            .status()?;
        if !status.success() {
            return Err(std::io::Error::other(format!("gzip failed ({status})")));
        }
        std::fs::rename(&partial, &target)
    });
    match written {
        Ok(()) => {
            println!("wrote {}", target.display());
            ExitCode::SUCCESS
        }
        Err(error) => {
            let _ = std::fs::remove_file(&partial);
            eprintln!("slide: cannot write {}: {error}", target.display());
            ExitCode::FAILURE
        }
    }
}

/// Solves one peg-solitaire board and prints the board after every jump.
fn run_pegs(path: &str, goal: Goal) -> ExitCode {
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
    println!("{} pegs, goal: {goal}", board.count());
    println!("{board}");
    let clock = Instant::now();
    let solution = match PegSolver::new(goal).solve(board, &mut Unlimited) {
        Ok(solution) => solution,
        Err(never) => unreachable!("an unlimited search is never interrupted: {never}"),
    };
    let seconds = clock.elapsed().as_secs_f64();
    let Some(solution) = solution else {
        println!("No solution.");
        return ExitCode::FAILURE;
    };
    let mut position = board;
    for (number, jump) in solution.moves.iter().enumerate() {
        position = position
            .apply(*jump)
            .expect("a solution's jumps are legal in turn");
        println!();
        println!("jump {}: {jump}", number + 1);
        println!("{position}");
    }
    println!();
    println!(
        "solved in {} jumps, {} states, {seconds:.3} s",
        solution.moves.len(),
        solution.expanded
    );
    ExitCode::SUCCESS
}

fn run_solve(path: &str) -> ExitCode {
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
    let solver = Solver::new(tables);
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
        let plan = match solver.solve(board, &mut Unlimited) {
            Ok(plan) => plan,
            Err(never) => unreachable!("an unlimited search is never interrupted: {never}"),
        };
        let seconds = clock.elapsed().as_secs_f64();
        solved += 1;
        total_moves += plan.moves.len();
        total_expanded += plan.expanded;
        let kind = if plan.optimal {
            "optimal"
        } else {
            "not proven optimal"
        };
        let check = match instance.expected {
            Some(expected) if expected as usize == plan.moves.len() => {
                format!("; expected {expected}: ok")
            }
            Some(expected) => {
                failures += 1;
                format!("; expected {expected}: MISMATCH")
            }
            None => String::new(),
        };
        println!(
            "board {number} (line {}, {}x{}): {} moves, {kind}, {seconds:.3} s, {} states{check}",
            instance.line,
            board.width(),
            board.height(),
            plan.moves.len(),
            plan.expanded,
        );
        println!("  blank: {}", format_moves(&plan.moves, Notation::Blank));
        let tiles = board
            .tiles_for_path(&plan.moves)
            .expect("a solution's moves stay on the board");
        let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
        println!("  tiles: {}", tiles.join(" "));
    }
    println!(
        "{solved} of {} boards solved, {total_moves} moves in all, {} states, {:.3} s{}",
        entries.len(),
        total_expanded,
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
