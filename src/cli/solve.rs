//! `slide solve FILE`: solves every board in a file, within a time budget
//! on boards of 5x5 and up, and checks each answer against any expected
//! length. A solution not proven shortest is shown with a proven lower
//! bound and its length over it (see [`crate::sliding::bound`]); the
//! summary gives their mean and worst.

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::read_input;
use super::{fifteen_tables, table_path, table_path_5x5, twentyfour_tables};
use crate::app::wording::count;
use crate::search::Unlimited;
use crate::sliding::near::{is_near_size, solves, Effort, View};
use crate::sliding::splice::splice;
use crate::sliding::{format_moves, parse_all, Board, Dir, Notation, Plan, Solver};

/// How many positions the IDA* that raises a near-optimal answer's lower
/// bound examines (see [`Solver::proven_bound`]): about 0.1 s natively on a
/// 5x5, after the board's time budget.
const BOUND_EXPANSIONS: u64 = 200_000;

/// Solves `board` with `solver`: to the end where the solver is optimal (or
/// reduces); on boards of 5x5 and up, with every effort while `budget`
/// seconds allow, their answers spliced where they meet (never longer than
/// the shortest). As in the page, the best effort
/// runs from the start on a thread of its own beside the quick and medium
/// ones: the quick answer is had whatever the budget, and on a machine with
/// two cores the best one has the whole budget. Once the quick and medium
/// ones are done, their thread searches the board's second view with the
/// best effort ([`View::second`], what the page's second worker does) for
/// the rest of the budget.
fn solve_within(solver: &Solver, board: &Board, budget: f64) -> Plan {
    if !is_near_size(board.width(), board.height()) {
        return match solver.solve(board, &mut Unlimited) {
            Ok(plan) => plan,
            Err(never) => unreachable!("an unlimited search is never interrupted: {never}"),
        };
    }
    let clock = Instant::now();
    let best_done = AtomicBool::new(false);
    // An effort's answer, or None if the budget ran out before it had one
    // (or, for the medium effort, the best one finished first); the states
    // expanded either way.
    let attempt = |effort: Effort, view: View, always: bool| -> (Option<Plan>, u64) {
        let mut deadline = |_: &crate::search::Progress| {
            let over = clock.elapsed().as_secs_f64() > budget
                || (effort != Effort::BEST && best_done.load(Ordering::Relaxed));
            if over && !always {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let mut job = solver.start_with(board, effort, view);
        match job.finish(&mut deadline) {
            Ok(plan) => {
                let expanded = plan.expanded;
                (Some(plan), expanded)
            }
            // Out of time while shortening an answer: that answer.
            Err(stopped) => (job.found(), stopped.progress.expanded),
        }
    };
    let answers = std::thread::scope(|scope| {
        let best = scope.spawn(|| {
            let answer = attempt(Effort::BEST, View::Plain, false);
            best_done.store(true, Ordering::Relaxed);
            answer
        });
        let quick = attempt(Effort::QUICK, View::Plain, true);
        let medium = attempt(Effort::MEDIUM, View::Plain, false);
        let second = match View::second(board.width(), board.height()) {
            Some(view) => attempt(Effort::BEST, view, false),
            None => (None, 0),
        };
        let best = best
            .join()
            .expect("the best effort's thread does not panic");
        [quick, medium, second, best]
    });
    let expanded = answers.iter().map(|(_, expanded)| expanded).sum();
    let plans: Vec<Plan> = answers.into_iter().filter_map(|(plan, _)| plan).collect();
    assert!(!plans.is_empty(), "the quick answer is always had");
    // The efforts' and views' answers spliced where they meet: never longer
    // than the shortest of them.
    let moves: Vec<&[Dir]> = plans.iter().map(|plan| plan.moves.as_slice()).collect();
    let moves = splice(board, &moves);
    // No answer is shorter than an optimal one, so the splice keeps its
    // length.
    let optimal = plans.iter().any(|plan| plan.optimal);
    Plan {
        moves,
        optimal,
        expanded,
    }
}

/// Runs `slide solve` on the boards in `path` (`-`: standard input), with
/// `budget` seconds a board on 5x5 and up.
pub fn run(path: &str, budget: f64) -> ExitCode {
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
    // Each solved board's length over its proven lower bound (1 when
    // optimal), and whether any was not proven optimal.
    let mut ratios = Vec::new();
    let mut any_near = false;
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
        // A shortest solution is its own bound; another is measured against
        // the best bound the tables give (computed once, after the search).
        let bound = if plan.optimal {
            length as u32
        } else {
            solver.proven_bound(board, BOUND_EXPANSIONS)
        };
        let proven = if plan.optimal {
            String::new()
        } else {
            any_near = true;
            format!(
                ", lower bound {bound} (length / bound {:.3})",
                length as f64 / f64::from(bound.max(1))
            )
        };
        if bound > 0 {
            ratios.push(length as f64 / f64::from(bound));
        }
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
            "board {number} (line {}, {}x{}): {}, {kind}{proven}, {seconds:.3} s, {}{check}",
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
    let tightness = if any_near && !ratios.is_empty() {
        let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
        let worst = ratios.iter().copied().fold(1.0, f64::max);
        format!("; length / lower bound: mean {mean:.3}, worst {worst:.3}")
    } else {
        String::new()
    };
    println!(
        "{solved} of {} solved, {} in all, {}, {:.3} s{tightness}{}",
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
