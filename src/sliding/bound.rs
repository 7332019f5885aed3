//! Proven lower bounds on a board's distance to the goal: what a hint or a
//! Solve message shows beside a solution that is not proven shortest ("no
//! solution is shorter than 98"), and what the command line divides a
//! length by to tell how close it is.
//!
//! Every bound here never overestimates: it is the larger of admissible
//! estimates, each a number of moves that every solution needs.
//!
//! - Manhattan distance plus linear conflicts, on every size (see
//!   [`super::heuristic`]).
//! - On the 4x4, the pattern databases the solver has (the big tables of
//!   tiles 9-15, looked up through six symmetries of the board, or the small
//!   5-5-5 tier, on the board and its mirror image)
//!   ([`FifteenTables::estimate`]).
//! - On the 5x5, the 5-5-5-5-4 tables, likewise
//!   ([`TwentyFourTables::estimate`]).
//! - A threshold an IDA* has reached: every smaller one was searched to
//!   the end without a goal ([`with_threshold`]). A short IDA* run only to
//!   raise the bound ([`deepen`]) gains much for little: on Korf's 24-puzzle
//!   instances, 20,000 positions (about 10 ms natively) raise the 5x5
//!   tables' bound by 4 to 10 moves.
//!
//! Parity then raises the bound by one where it can: a move shifts one tile
//! by one cell, changing the Manhattan distance by exactly one, and the
//! goal's is 0, so every solution's length has the parity of the board's
//! Manhattan distance ([`to_parity`]). A bound of the wrong parity is
//! therefore one short of the shortest length it allows.
//!
//! The bound is computed once per answer, never in a search's inner loop.

use super::board::{Board, BLANK};
use super::fifteen::FifteenTables;
use super::heuristic::{cell_distance, line_penalty};
use super::twentyfour::TwentyFourTables;
use crate::search::{IdaStar, Problem, Step};

/// The tiles' Manhattan distances to their goal cells, added up: never more
/// than the moves left.
pub fn manhattan(board: &Board) -> u32 {
    let width = board.width();
    board
        .tiles()
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != BLANK)
        .map(|(cell, &tile)| cell_distance(cell, board.goal_cell(tile), width))
        .sum()
}

/// Manhattan distance plus linear conflicts (two moves for every tile that
/// must leave its row or column to let the others of that line pass): never
/// more than the moves left, on every size up to 10x10.
pub fn linear_conflicts(board: &Board) -> u32 {
    let (width, height) = (board.width(), board.height());
    let mut goals = Vec::with_capacity(width.max(height));
    let mut penalty = 0;
    for row in 0..height {
        goals.clear();
        for col in 0..width {
            let tile = board.tile_at(row * width + col);
            if tile == BLANK {
                continue;
            }
            let goal = board.goal_cell(tile);
            if goal / width == row {
                goals.push((goal % width) as u8);
            }
        }
        penalty += line_penalty(&goals);
    }
    for col in 0..width {
        goals.clear();
        for row in 0..height {
            let tile = board.tile_at(row * width + col);
            if tile == BLANK {
                continue;
            }
            let goal = board.goal_cell(tile);
            if goal % width == col {
                goals.push((goal / width) as u8);
            }
        }
        penalty += line_penalty(&goals);
    }
    manhattan(board) + penalty
}

/// `bound` raised by one if its parity is not that of every solution's
/// length (the parity of `board`'s Manhattan distance). A lower bound stays
/// one: no solution has the length it is raised from.
pub fn to_parity(bound: u32, board: &Board) -> u32 {
    if bound % 2 == manhattan(board) % 2 {
        bound
    } else {
        bound + 1
    }
}

/// The best lower bound on `board`'s distance to the goal from the tables
/// given (the 4x4 ones, used on a 4x4 only; the 5x5 ones, on a 5x5 only)
/// and from Manhattan distance with linear conflicts, raised to the
/// solutions' parity. Never more than the length of a shortest solution; 0
/// exactly on the solved board.
pub fn lower_bound(
    board: &Board,
    fifteen: Option<&FifteenTables>,
    twentyfour: Option<&TwentyFourTables>,
) -> u32 {
    let size = (board.width(), board.height());
    let mut bound = linear_conflicts(board);
    if let Some(tables) = fifteen.filter(|_| size == (4, 4)) {
        bound = bound.max(tables.estimate(board));
    }
    if let Some(tables) = twentyfour.filter(|_| size == (5, 5)) {
        bound = bound.max(tables.estimate(board));
    }
    to_parity(bound, board)
}

/// `bound` (a lower bound on `board`'s distance) raised to what an IDA*
/// from `board` has proven by reaching `threshold`: it searched every
/// smaller threshold to the end without a goal, so no solution is shorter
/// than `threshold`. Raised to the solutions' parity.
pub fn with_threshold(bound: u32, threshold: u32, board: &Board) -> u32 {
    to_parity(bound.max(threshold), board)
}

/// How many positions the worker's IDA* examines to raise the bound of a
/// near-optimal answer ([`crate::sliding::Solver::proven_bound`]): about 10
/// ms natively on a 5x5, once per answer.
pub const DEEPENING: u64 = 20_000;

/// A lower bound on the distance from `start` proven by an IDA* with
/// `problem`'s (admissible) heuristic that runs for about `budget`
/// expansions: the threshold it has reached, every smaller one searched to
/// the end without a goal; or, if it reaches the goal, the length of the
/// shortest solution. Never more than that length.
pub fn deepen<P: Problem>(problem: P, start: P::State, budget: u64) -> u32 {
    let h = problem.heuristic(&start);
    let mut search = IdaStar::new(problem, start, h);
    loop {
        let spent = search.progress().expanded;
        if spent >= budget {
            return search.progress().bound;
        }
        match search.run(budget - spent) {
            // Unit moves: the first solution IDA* meets is a shortest one.
            Step::Found(solution) => return solution.moves.len() as u32,
            // Only a goal that cannot be reached exhausts the search.
            Step::Exhausted(_) => return search.progress().bound,
            Step::Running => {}
        }
    }
}
