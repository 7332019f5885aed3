//! Which arrangements can reach the goal.
//!
//! Every slide swaps the blank with a neighbour: one transposition of the
//! arrangement (counting the blank as a tile) that also moves the blank one
//! step. So the parity of the arrangement's permutation and the parity of the
//! blank's distance from its goal cell change together, and a position is
//! solvable exactly when the two agree. The converse (every position with
//! agreeing parities is reachable) holds for all boards of at least 2x2. This
//! one rule covers odd and even widths and rectangular boards alike; it agrees
//! with the textbook inversion-count rules (see the tests).

/// The cell `tile` occupies in the goal of a board with `cells` cells: the
/// tiles in order, the blank (0, [`super::BLANK`]) last. Here rather than
/// in `board`, which asks this module whether a board is solvable.
pub fn goal_cell(tile: u8, cells: usize) -> usize {
    if tile == 0 {
        cells - 1
    } else {
        usize::from(tile) - 1
    }
}

/// Whether `tiles` (row-major, 0 for the blank, a permutation of
/// `0..width*height`) can be slid to the goal.
///
/// # Panics
/// If `tiles` is not a permutation of `0..width*height`.
pub fn is_solvable(width: usize, height: usize, tiles: &[u8]) -> bool {
    let cells = width * height;
    assert_eq!(tiles.len(), cells, "tiles must fill the board");
    let blank = tiles
        .iter()
        .position(|&t| t == 0)
        .expect("the blank is on the board");
    let (row, col) = (blank / width, blank % width);
    let blank_distance = (height - 1 - row) + (width - 1 - col);
    permutation_is_odd(tiles) == (blank_distance % 2 == 1)
}

/// Whether the permutation sending each cell to its tile's goal cell is odd:
/// a permutation of n elements with c cycles is a product of n - c swaps.
fn permutation_is_odd(tiles: &[u8]) -> bool {
    let cells = tiles.len();
    let mut visited = vec![false; cells];
    let mut cycles = 0;
    for start in 0..cells {
        if visited[start] {
            continue;
        }
        cycles += 1;
        let mut cell = start;
        while !visited[cell] {
            visited[cell] = true;
            cell = goal_cell(tiles[cell], cells);
        }
    }
    (cells - cycles) % 2 == 1
}

/// The number of tile pairs (blank excluded) that appear in row-major order
/// opposite to their goal order. Used by the textbook solvability rules.
pub fn inversions(tiles: &[u8]) -> usize {
    let numbered: Vec<u8> = tiles.iter().copied().filter(|&t| t != 0).collect();
    numbered
        .iter()
        .enumerate()
        .map(|(i, &a)| numbered[i + 1..].iter().filter(|&&b| b < a).count())
        .sum()
}
