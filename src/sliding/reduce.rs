//! Solving boards too large for optimal search, by shrinking them.
//!
//! The board is solved a line at a time: the top row of the unsolved region
//! (or its left column, whichever is longer to keep the region square), then
//! the next, until what is left is small enough to solve optimally. Each line
//! is placed one tile at a time, its last two tiles together (the classic
//! trick, since the last tile of a line cannot be slid in alone without
//! disturbing the one before it). A placed tile is never moved again.
//!
//! Each placement is itself an optimal A* search over an abstract state (the
//! blank and the one or two tiles being placed; every other tile is
//! interchangeable), so it is small, always terminates, and never wastes
//! moves within a step. The whole is correct and finishes in time
//! polynomial in the board's size, but is not optimal.

use std::hash::Hash;

use super::board::{Board, BLANK};
use super::compact::{CompactPuzzle, Estimate};
use super::heuristic::cell_distance;
use super::moves::{neighbor_cell, Dir};
use super::size::is_optimal_size;
use crate::search::{astar, idastar, Interrupted, Monitor, Problem, Successor};

/// The largest unsolved region handed to the optimal search at the end, if
/// the optimal search handles its shape ([`is_optimal_size`]): 3x4 takes a
/// few milliseconds and spares the reduction its least efficient steps.
pub const FINAL_REGION_CELLS: usize = 12;

/// Solves `board` by reduction, consulting `monitor` throughout; the result is
/// a path of blank moves.
pub fn solve_by_reduction<M: Monitor + ?Sized>(
    board: &Board,
    monitor: &mut M,
) -> Result<Vec<Dir>, Interrupted> {
    let (width, height) = (board.width(), board.height());
    let mut board = board.clone();
    let mut path = Vec::new();
    let mut free = vec![true; width * height];
    let (mut top, mut left) = (0, 0);
    loop {
        let (rows, cols) = (height - top, width - left);
        if rows * cols <= FINAL_REGION_CELLS && is_optimal_size(cols, rows) {
            let moves = solve_region(&board, top, left, monitor)?;
            board = board
                .apply_path(&moves)
                .expect("region moves stay on the board");
            path.extend(moves);
            break;
        }
        let line: Vec<usize> = if rows >= cols {
            (left..width).map(|col| top * width + col).collect()
        } else {
            (top..height).map(|row| row * width + left).collect()
        };
        let (singles, pair) = line.split_at(line.len() - 2);
        for &cell in singles {
            place(&mut board, &mut path, &free, &[cell], monitor)?;
            free[cell] = false;
        }
        place(&mut board, &mut path, &free, pair, monitor)?;
        for &cell in pair {
            free[cell] = false;
        }
        if rows >= cols {
            top += 1;
        } else {
            left += 1;
        }
    }
    debug_assert!(board.is_solved());
    Ok(cancel_reversals(path))
}

/// Brings the tiles that belong in `goals` home without moving any tile
/// outside `free`, appending the moves to `path`.
fn place<M: Monitor + ?Sized>(
    board: &mut Board,
    path: &mut Vec<Dir>,
    free: &[bool],
    goals: &[usize],
    monitor: &mut M,
) -> Result<(), Interrupted> {
    let mut at = [0u8; 2];
    let mut goal = [0u8; 2];
    for (i, &cell) in goals.iter().enumerate() {
        let tile = (cell + 1) as u8;
        at[i] = board.cell_of(tile).expect("every tile is on the board") as u8;
        goal[i] = cell as u8;
    }
    let stage = Placement {
        width: board.width(),
        height: board.height(),
        free,
        goal,
        count: goals.len(),
    };
    let start = Placed {
        blank: board.blank() as u8,
        at,
    };
    let solution = astar(&stage, start, monitor)?
        .expect("tiles can always be placed while the free region has two rows and columns");
    *board = board
        .apply_path(&solution.moves)
        .expect("placement moves stay on the board");
    path.extend(solution.moves);
    Ok(())
}

/// Where the blank and the tiles being placed are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Placed {
    blank: u8,
    at: [u8; 2],
}

/// Placing one or two tiles, with locked cells, as a search problem.
struct Placement<'a> {
    width: usize,
    height: usize,
    free: &'a [bool],
    goal: [u8; 2],
    count: usize,
}

impl Problem for Placement<'_> {
    type State = Placed;
    type Move = Dir;

    /// The placed tiles' Manhattan distances: never overestimates, as each
    /// move shifts at most one of them by one cell.
    fn heuristic(&self, state: &Placed) -> u32 {
        (0..self.count)
            .map(|i| {
                cell_distance(
                    usize::from(state.at[i]),
                    usize::from(self.goal[i]),
                    self.width,
                )
            })
            .sum()
    }

    fn is_goal(&self, state: &Placed) -> bool {
        state.at[..self.count] == self.goal[..self.count]
    }

    fn successors(&self, state: &Placed, last: Option<Dir>, out: &mut Vec<Successor<Placed, Dir>>) {
        let blank = usize::from(state.blank);
        for dir in Dir::ALL {
            if Some(dir.opposite()) == last {
                continue;
            }
            let Some(next) = neighbor_cell(self.width, self.height, blank, dir) else {
                continue;
            };
            if !self.free[next] {
                continue;
            }
            let mut child = Placed {
                blank: next as u8,
                at: state.at,
            };
            for i in 0..self.count {
                if usize::from(child.at[i]) == next {
                    child.at[i] = blank as u8;
                }
            }
            out.push(Successor {
                mv: dir,
                state: child,
                cost: 1,
            });
        }
    }
}

/// Solves the bottom-right region starting at (`top`, `left`) optimally,
/// every tile outside it being home already.
fn solve_region<M: Monitor + ?Sized>(
    board: &Board,
    top: usize,
    left: usize,
    monitor: &mut M,
) -> Result<Vec<Dir>, Interrupted> {
    let width = board.width();
    let (rows, cols) = (board.height() - top, width - left);
    // Renumber the region's tiles as a small board of its own: the tile whose
    // home is the region's k-th cell becomes tile k + 1.
    let mut tiles = Vec::with_capacity(rows * cols);
    for row in top..board.height() {
        for col in left..width {
            let tile = board.tile_at(row * width + col);
            tiles.push(if tile == BLANK {
                BLANK
            } else {
                let home = usize::from(tile) - 1;
                let (home_row, home_col) = (home / width, home % width);
                debug_assert!(home_row >= top && home_col >= left);
                ((home_row - top) * cols + (home_col - left) + 1) as u8
            });
        }
    }
    let region = Board::from_tiles(cols, rows, &tiles)
        .expect("the region of a solvable board with the rest solved is solvable");
    let puzzle = CompactPuzzle::new(cols, rows, Estimate::LinearConflict);
    let solution =
        idastar(&puzzle, puzzle.pack(&region), monitor)?.expect("a solvable region has a solution");
    Ok(solution.moves)
}

/// Removes moves immediately undone (a blank step followed by its opposite),
/// which can appear where one placement ends and the next begins.
pub fn cancel_reversals(path: Vec<Dir>) -> Vec<Dir> {
    let mut kept: Vec<Dir> = Vec::with_capacity(path.len());
    for dir in path {
        if kept.last() == Some(&dir.opposite()) {
            kept.pop();
        } else {
            kept.push(dir);
        }
    }
    kept
}
