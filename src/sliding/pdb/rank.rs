//! Ranking placements: a perfect hash from the cells of a pattern's tiles
//! to a table's index, and back.

use super::{CELLS, MAX_PATTERN};

/// The number of placements of `k` distinct tiles on the 16 cells.
pub fn placements(k: usize) -> usize {
    placements_on(k, CELLS)
}

/// The number of placements of `k` distinct tiles on `cells` cells.
pub fn placements_on(k: usize, cells: usize) -> usize {
    (0..k).map(|i| cells - i).product()
}

/// The rank (0..placements(k)) of `cells`, the distinct cells of a pattern's
/// tiles in the pattern's order, on the 4x4 board. Mixed radix: the i-th
/// tile's digit is its cell's index among the cells the tiles before it left
/// free.
#[inline]
pub fn rank(cells: &[u8]) -> usize {
    rank_on(cells, CELLS)
}

/// [`rank`] on a board of `board_cells` cells.
#[inline]
pub fn rank_on(cells: &[u8], board_cells: usize) -> usize {
    let mut used: u32 = 0;
    let mut index = 0usize;
    for (i, &cell) in cells.iter().enumerate() {
        let below = (used & ((1u32 << cell) - 1)).count_ones() as usize;
        index = index * (board_cells - i) + (usize::from(cell) - below);
        used |= 1 << cell;
    }
    index
}

/// The cells of a placement from its rank on the 4x4; the inverse of
/// [`rank`].
pub fn unrank(index: usize, k: usize) -> [u8; MAX_PATTERN] {
    unrank_on(index, k, CELLS)
}

/// [`unrank`] on a board of `board_cells` cells.
pub fn unrank_on(mut index: usize, k: usize, board_cells: usize) -> [u8; MAX_PATTERN] {
    let mut digits = [0usize; MAX_PATTERN];
    for i in (0..k).rev() {
        let radix = board_cells - i;
        digits[i] = index % radix;
        index /= radix;
    }
    let mut cells = [0u8; MAX_PATTERN];
    let mut used: u32 = 0;
    for i in 0..k {
        // The digits[i]-th free cell.
        let mut remaining = digits[i];
        let mut cell = 0;
        loop {
            if used & (1 << cell) == 0 {
                if remaining == 0 {
                    break;
                }
                remaining -= 1;
            }
            cell += 1;
        }
        cells[i] = cell as u8;
        used |= 1 << cell;
    }
    cells
}
