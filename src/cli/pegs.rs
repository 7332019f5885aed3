//! `slide pegs FILE`: solves one peg-solitaire board and prints the board
//! after every jump (or chain of jumps).

use std::process::ExitCode;
use std::time::Instant;

use super::read_input;
use crate::app::wording::count;
use crate::pegs::{self, Goal, PegSolver};
use crate::search::{Solution, Unlimited};

/// Solves one peg-solitaire board and prints the board after every jump.
pub fn run(path: &str, goal: Goal, chains: bool) -> ExitCode {
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
