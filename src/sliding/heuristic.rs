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
