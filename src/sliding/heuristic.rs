//! Lower bounds on the number of moves a board needs.
//!
//! Every heuristic here is admissible: it never overestimates the true
//! distance to the goal, which is what makes A* and IDA* return optimal
//! solutions. `tests/heuristics.rs` checks each one against exact
//! breadth-first distances for all 181,440 positions of the 8-puzzle.

use super::board::{goal_cell, Board, BLANK};

/// A lower bound on the moves a board needs.
pub trait Heuristic {
    /// The estimate for `board`; never more than the length of its shortest
    /// solution, and 0 for the goal.
    fn estimate(&self, board: &Board) -> u32;
}

/// The number of tiles (the blank not counted) away from their goal cells.
///
/// Never overestimates: each such tile must move at least once, and a move
/// moves one tile.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hamming;

impl Heuristic for Hamming {
    fn estimate(&self, board: &Board) -> u32 {
        board
            .tiles()
            .iter()
            .enumerate()
            .filter(|&(cell, &tile)| tile != BLANK && board.goal_cell(tile) != cell)
            .count() as u32
    }
}

/// The sum over tiles (the blank not counted) of the row and column distances
/// to their goal cells.
///
/// Never overestimates: a move shifts one tile by one cell, so it lowers the
/// sum by at most one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Manhattan;

impl Heuristic for Manhattan {
    fn estimate(&self, board: &Board) -> u32 {
        let width = board.width();
        board
            .tiles()
            .iter()
            .enumerate()
            .filter(|&(_, &tile)| tile != BLANK)
            .map(|(cell, &tile)| cell_distance(cell, board.goal_cell(tile), width))
            .sum()
    }
}

/// Manhattan distance plus two moves for every tile that must leave its line
/// to let others in the same line pass (Hansson, Mayer and Yung, 1992).
///
/// Within a row, take the tiles whose goal is in that row. Manhattan distance
/// counts no vertical moves for them, yet if two of them stand in the wrong
/// order one must step out of the row and back: two vertical moves Manhattan
/// does not count. The tiles that may stay form an increasing sequence of
/// goal columns, so at least `n - longest increasing subsequence` must leave.
/// Columns likewise cost extra horizontal moves. Row extras are vertical
/// moves and column extras horizontal, beyond those Manhattan counts, so
/// adding them all never overestimates. (The longest subsequence, rather than
/// the common greedy "remove the most conflicted tile", keeps the bound exact
/// where greedy removal can overcount.)
#[derive(Clone, Copy, Debug, Default)]
pub struct LinearConflict;

impl Heuristic for LinearConflict {
    fn estimate(&self, board: &Board) -> u32 {
        let (width, height) = (board.width(), board.height());
        let cells = board.cells();
        let mut extra = 0;
        let mut goals = Vec::with_capacity(width.max(height));
        for row in 0..height {
            goals.clear();
            for col in 0..width {
                let tile = board.tile_at(row * width + col);
                let goal = goal_cell(tile, cells);
                if tile != BLANK && goal / width == row {
                    goals.push((goal % width) as u8);
                }
            }
            extra += line_penalty(&goals);
        }
        for col in 0..width {
            goals.clear();
            for row in 0..height {
                let tile = board.tile_at(row * width + col);
                let goal = goal_cell(tile, cells);
                if tile != BLANK && goal % width == col {
                    goals.push((goal / width) as u8);
                }
            }
            extra += line_penalty(&goals);
        }
        Manhattan.estimate(board) + extra
    }
}

/// Row plus column distance between two cells of a board `width` wide.
pub fn cell_distance(a: usize, b: usize, width: usize) -> u32 {
    ((a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)) as u32
}

/// The extra moves forced by the tiles of one line that belong to it, given
/// their goal positions along the line in their current order: two for each
/// tile outside a longest increasing subsequence.
pub fn line_penalty(goals: &[u8]) -> u32 {
    if goals.len() < 2 {
        return 0;
    }
    // longest[i]: the longest increasing subsequence ending at goals[i].
    let mut longest = [1u8; 16];
    let mut best = 1;
    for i in 1..goals.len() {
        for j in 0..i {
            if goals[j] < goals[i] && longest[j] + 1 > longest[i] {
                longest[i] = longest[j] + 1;
            }
        }
        best = best.max(longest[i]);
    }
    2 * (goals.len() as u32 - u32::from(best))
}
