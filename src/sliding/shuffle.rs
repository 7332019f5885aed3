//! Random boards drawn uniformly from the solvable positions.

use super::board::{check_size, Board, BoardError, BLANK};
use super::parity::is_solvable;
use crate::rng::SplitMix64;

impl Board {
    /// A random solvable board other than the goal, fixed by `seed`: the same
    /// seed and size give the same board on every platform.
    ///
    /// Every solvable position except the goal is equally likely (this is not
    /// a random walk from the goal, whose results cluster near it).
    pub fn shuffled(width: usize, height: usize, seed: u64) -> Result<Board, BoardError> {
        check_size(width, height)?;
        Ok(Board::random_solvable(
            width,
            height,
            &mut SplitMix64::new(seed),
        ))
    }

    /// Draws from `rng` until the board is not the goal.
    pub(crate) fn random_solvable(width: usize, height: usize, rng: &mut SplitMix64) -> Board {
        let cells = width * height;
        loop {
            let mut tiles: Vec<u8> = (0..cells as u8).collect();
            // Fisher-Yates: a uniform permutation of all cells.
            for i in (1..cells).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                tiles.swap(i, j);
            }
            if !is_solvable(width, height, &tiles) {
                // Swapping the tiles of the first two cells that do not hold
                // the blank flips the parity and is its own inverse, so it
                // pairs unsolvable and solvable permutations one to one and
                // the result stays uniform over the solvable ones.
                let mut numbered = (0..cells).filter(|&cell| tiles[cell] != BLANK);
                let a = numbered.next().expect("a board has at least 3 tiles");
                let b = numbered.next().expect("a board has at least 3 tiles");
                tiles.swap(a, b);
            }
            let board = Board::from_trusted(width, height, tiles);
            if !board.is_solved() {
                return board;
            }
        }
    }
}
