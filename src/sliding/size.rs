//! The size policy in one place: which boards are solved optimally, which
//! near-optimally, and (the rest) by reduction. Read by the solver, the
//! reduction, the workers, the page and the CLI.

/// Whether boards of this size are solved optimally, with or without the
/// 4x4 tables.
///
/// Boards of up to 10 cells, 3x4, 4x3 and 4x4 are solved optimally by IDA*
/// (the 4x4 in a blink with the pattern databases; without them, with linear
/// conflicts, which can take minutes). Narrow boards such as 2x6 need long
/// solutions that linear conflicts bound poorly (seconds each), and 5x5 and
/// larger have far too many positions; those are solved near-optimally
/// (both sides at least 5) or by reduction.
pub fn is_optimal_size(width: usize, height: usize) -> bool {
    width * height <= 10 || matches!((width, height), (3, 4) | (4, 3) | (4, 4))
}

/// Whether boards of this size are solved near-optimally (rather than
/// optimally, or by reduction).
pub fn is_near_size(width: usize, height: usize) -> bool {
    width >= 5 && height >= 5
}
