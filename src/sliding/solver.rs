//! Solving any board: optimally where the size allows, correctly everywhere.

use super::board::Board;
use super::compact::{CompactPuzzle, Estimate};
use super::moves::Dir;
use super::reduce::solve_by_reduction;
use crate::search::{idastar, weighted_astar, Interrupted, Monitor, Progress};

/// A solution found by [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The blank's moves from the board to the goal.
    pub moves: Vec<Dir>,
    /// Whether no shorter solution exists.
    pub optimal: bool,
    /// States the searches expanded.
    pub expanded: u64,
}

/// Whether [`solve`] returns optimal solutions for boards of this size.
///
/// Boards of up to 10 cells, 3x4, 4x3 and 4x4 are solved optimally by IDA*
/// in well under a second (the 4x4 with pattern databases; without them, as
/// in a browser before they are downloaded, with linear conflicts, which can
/// take minutes). Narrow boards such as 2x6 need long solutions that
/// linear conflicts bound poorly (seconds each), and 5x5 and larger have far
/// too many positions; those are solved by reduction.
pub fn is_optimal_size(width: usize, height: usize) -> bool {
    width * height <= 10 || matches!((width, height), (3, 4) | (4, 3) | (4, 4))
}

/// Solves `board`: optimally where [`is_optimal_size`] says so, otherwise by
/// reduction (correct, usually within a small factor of optimal, and fast for
/// every size up to 10x10). `monitor` sees the progress and may stop the
/// search.
pub fn solve<M: Monitor + ?Sized>(board: &Board, monitor: &mut M) -> Result<Plan, Interrupted> {
    if board.is_solved() {
        return Ok(Plan {
            moves: Vec::new(),
            optimal: true,
            expanded: 0,
        });
    }
    let (width, height) = (board.width(), board.height());
    if (width, height) == (4, 4) {
        if let Some(tables) = super::fifteen::tables() {
            let puzzle = super::fifteen::Fifteen::new(tables);
            let solution =
                idastar(&puzzle, tables.state(board), monitor)?.expect("every board is solvable");
            return Ok(Plan {
                moves: solution.moves,
                optimal: true,
                expanded: solution.expanded,
            });
        }
    }
    if is_optimal_size(width, height) {
        let puzzle = CompactPuzzle::new(width, height, Estimate::LinearConflict);
        let solution =
            idastar(&puzzle, puzzle.pack(board), monitor)?.expect("every board is solvable");
        return Ok(Plan {
            moves: solution.moves,
            optimal: true,
            expanded: solution.expanded,
        });
    }
    let mut expanded = 0;
    let mut counting = |progress: &Progress| {
        expanded = expanded.max(progress.expanded);
        monitor.check(progress)
    };
    let moves = solve_by_reduction(board, &mut counting)?;
    Ok(Plan {
        moves,
        optimal: false,
        expanded,
    })
}

/// Finds a solution quickly, without promising optimality: weighted A* with
/// linear conflicts on boards of up to 16 cells (at most `weight` times the
/// optimal length), reduction on larger ones. Used for an immediate answer
/// while an optimal search runs.
pub fn solve_quickly<M: Monitor + ?Sized>(
    board: &Board,
    weight: f64,
    monitor: &mut M,
) -> Result<Plan, Interrupted> {
    let (width, height) = (board.width(), board.height());
    if width * height <= super::compact::MAX_CELLS {
        let puzzle = CompactPuzzle::new(width, height, Estimate::LinearConflict);
        let solution = weighted_astar(&puzzle, puzzle.pack(board), weight, monitor)?
            .expect("every board is solvable");
        return Ok(Plan {
            moves: solution.moves,
            optimal: board.is_solved(),
            expanded: solution.expanded,
        });
    }
    solve(board, monitor)
}
