//! The pieces of the lower bounds the searches use (`compact.rs`, the
//! reduction): cell distances and the linear-conflict penalty of a line.
//!
//! Manhattan distance, the sum over tiles of the row and column distances to
//! their goal cells, never overestimates: a move shifts one tile by one cell.
//! Linear conflicts add two moves for every tile that must leave its line to
//! let others in the same line pass (Hansson, Mayer and Yung, 1992): within
//! a row, the tiles whose goal is in that row and stand in the wrong order
//! need vertical moves Manhattan does not count; the tiles that may stay form
//! an increasing sequence of goal columns, so at least `n - longest
//! increasing subsequence` must leave. Columns likewise cost extra
//! horizontal moves, so adding them all never overestimates. (The longest
//! subsequence, rather than the common greedy "remove the most conflicted
//! tile", keeps the bound exact where greedy removal can overcount.)
//! `tests/heuristics.rs` checks the searches' bounds against exact
//! breadth-first distances for all 181,440 positions of the 8-puzzle.

/// Row plus column distance between two cells of a board `width` wide.
pub fn cell_distance(a: usize, b: usize, width: usize) -> u32 {
    ((a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)) as u32
}

/// The extra moves forced by the tiles of one line that belong to it, given
/// their goal positions along the line in their current order (each under
/// 32): two for each tile outside a longest increasing subsequence.
pub fn line_penalty(goals: &[u8]) -> u32 {
    // Patience sorting on a bit set: bit g of `tails` set means some
    // increasing run so far of that length ends at goal g, the smallest end
    // of its length; each goal replaces the smallest end not below it (or
    // makes the runs one longer), so the set's size is the longest run's
    // length. No branches, and no table: the large boards' searches call
    // this for every move.
    let mut tails = 0u32;
    for &goal in goals {
        let not_below = tails & !((1u32 << goal) - 1);
        tails = (tails & !(not_below & not_below.wrapping_neg())) | 1 << goal;
    }
    2 * (goals.len() as u32 - tails.count_ones())
}
