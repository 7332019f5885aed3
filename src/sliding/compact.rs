//! Optimal search on boards of at most 16 cells, packed into one integer.
//!
//! IDA* copies a state at every node it generates; a 4-bit-per-cell board in a
//! `u64` makes that copy, the move and the goal test a few instructions, and
//! the heuristic is updated from the parent's value rather than recomputed.

use super::board::{Board, BLANK};
use super::heuristic::line_penalty;
use super::moves::Dir;
use crate::search::{Problem, Successor};

/// The most cells a packed board holds.
pub const MAX_CELLS: usize = 16;

const NO_CELL: u8 = u8::MAX;

/// A packed board with its heuristic value.
///
/// Invariant: `h` is the [`CompactPuzzle`]'s heuristic of `cells`, and
/// `blank` is the cell whose nibble is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packed {
    cells: u64,
    blank: u8,
    h: u16,
}

impl Packed {
    /// The tile in `cell`, 0 for the blank.
    #[inline]
    pub fn tile(&self, cell: usize) -> u8 {
        ((self.cells >> (4 * cell)) & 0xF) as u8
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The heuristic value carried with the board.
    pub fn h(&self) -> u32 {
        u32::from(self.h)
    }
}

/// Which lower bound the search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimate {
    /// The tiles' Manhattan distances to their goal cells, added up: never
    /// more than the moves left.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
}

/// The sliding puzzle of one size as a search [`Problem`] over packed boards.
/// Moves are the directions the blank moves.
#[derive(Clone, Debug)]
pub struct CompactPuzzle {
    width: usize,
    height: usize,
    estimate: Estimate,
    /// `neighbors[cell][dir]`: the cell one step away, or `NO_CELL`.
    neighbors: [[u8; 4]; MAX_CELLS],
    /// `distance[tile][cell]`: the tile's Manhattan distance from `cell`.
    distance: [[u8; MAX_CELLS]; MAX_CELLS],
    goal: u64,
}

impl CompactPuzzle {
    /// The puzzle for boards `width` x `height` (at most [`MAX_CELLS`] cells).
    ///
    /// # Panics
    /// If the board has more than [`MAX_CELLS`] cells.
    pub fn new(width: usize, height: usize, estimate: Estimate) -> CompactPuzzle {
        let cells = width * height;
        assert!(cells <= MAX_CELLS, "a packed board holds at most 16 cells");
        let mut neighbors = [[NO_CELL; 4]; MAX_CELLS];
        let mut distance = [[0u8; MAX_CELLS]; MAX_CELLS];
        let solved = Board::solved(width, height).expect("the size fits a packed board");
        for cell in 0..cells {
            for dir in Dir::ALL {
                if let Some(next) = solved.neighbor(cell, dir) {
                    neighbors[cell][dir.index()] = next as u8;
                }
            }
            for tile in 1..cells as u8 {
                distance[usize::from(tile)][cell] =
                    super::heuristic::cell_distance(cell, usize::from(tile) - 1, width) as u8;
            }
        }
        let goal = pack_tiles(solved.tiles());
        CompactPuzzle {
            width,
            height,
            estimate,
            neighbors,
            distance,
            goal,
        }
    }

    /// Packs a board of this puzzle's size.
    ///
    /// # Panics
    /// If the board's size differs from the puzzle's.
    pub fn pack(&self, board: &Board) -> Packed {
        assert_eq!((board.width(), board.height()), (self.width, self.height));
        let cells = pack_tiles(board.tiles());
        Packed {
            cells,
            blank: board.blank() as u8,
            h: self.full_estimate(cells),
        }
    }

    /// The heuristic computed from scratch.
    fn full_estimate(&self, cells: u64) -> u16 {
        let mut h = 0u16;
        for cell in 0..self.width * self.height {
            let tile = nibble(cells, cell);
            h += u16::from(self.distance[usize::from(tile)][cell]);
        }
        if self.estimate == Estimate::LinearConflict {
            for row in 0..self.height {
                h += self.row_penalty(cells, row);
            }
            for col in 0..self.width {
                h += self.col_penalty(cells, col);
            }
        }
        h
    }

    fn row_penalty(&self, cells: u64, row: usize) -> u16 {
        let mut goals = [0u8; MAX_CELLS];
        let mut count = 0;
        for col in 0..self.width {
            let tile = nibble(cells, row * self.width + col);
            if tile != BLANK && (usize::from(tile) - 1) / self.width == row {
                goals[count] = ((usize::from(tile) - 1) % self.width) as u8;
                count += 1;
            }
        }
        line_penalty(&goals[..count]) as u16
    }

    fn col_penalty(&self, cells: u64, col: usize) -> u16 {
        let mut goals = [0u8; MAX_CELLS];
        let mut count = 0;
        for row in 0..self.height {
            let tile = nibble(cells, row * self.width + col);
            if tile != BLANK && (usize::from(tile) - 1) % self.width == col {
                goals[count] = ((usize::from(tile) - 1) / self.width) as u8;
                count += 1;
            }
        }
        line_penalty(&goals[..count]) as u16
    }
}

#[inline]
fn nibble(cells: u64, cell: usize) -> u8 {
    ((cells >> (4 * cell)) & 0xF) as u8
}

fn pack_tiles(tiles: &[u8]) -> u64 {
    tiles.iter().enumerate().fold(0, |packed, (cell, &tile)| {
        packed | (u64::from(tile) << (4 * cell))
    })
}

impl Problem for CompactPuzzle {
    type State = Packed;
    type Move = Dir;

    #[inline]
    fn heuristic(&self, state: &Packed) -> u32 {
        u32::from(state.h)
    }

    #[inline]
    fn is_goal(&self, state: &Packed) -> bool {
        state.cells == self.goal
    }

    /// The packed cells identify the position exactly.
    #[inline]
    fn key(&self, state: &Packed) -> Option<u64> {
        Some(state.cells)
    }

    fn successors(&self, state: &Packed, last: Option<Dir>, out: &mut Vec<Successor<Packed, Dir>>) {
        let blank = usize::from(state.blank);
        for dir in Dir::ALL {
            if Some(dir.opposite()) == last {
                continue;
            }
            let next = self.neighbors[blank][dir.index()];
            if next == NO_CELL {
                continue;
            }
            let next = usize::from(next);
            let tile = nibble(state.cells, next);
            // The tile moves from `next` into the blank's cell.
            let cells = (state.cells & !(0xF << (4 * next))) | (u64::from(tile) << (4 * blank));
            let distances = &self.distance[usize::from(tile)];
            let mut h = state.h + u16::from(distances[blank]) - u16::from(distances[next]);
            if self.estimate == Estimate::LinearConflict {
                // Only the lines the tile leaves and enters change: a
                // vertical move changes two rows, a horizontal one two
                // columns; the order within the tile's other line is kept.
                let (lines_before, lines_after) = match dir {
                    Dir::Up | Dir::Down => {
                        let (a, b) = (blank / self.width, next / self.width);
                        (
                            self.row_penalty(state.cells, a) + self.row_penalty(state.cells, b),
                            self.row_penalty(cells, a) + self.row_penalty(cells, b),
                        )
                    }
                    Dir::Left | Dir::Right => {
                        let (a, b) = (blank % self.width, next % self.width);
                        (
                            self.col_penalty(state.cells, a) + self.col_penalty(state.cells, b),
                            self.col_penalty(cells, a) + self.col_penalty(cells, b),
                        )
                    }
                };
                h = h + lines_after - lines_before;
            }
            out.push(Successor {
                mv: dir,
                state: Packed {
                    cells,
                    blank: next as u8,
                    h,
                },
                cost: 1,
            });
        }
    }
}
