//! The English board: 33 holes in a cross on a 7x7 grid, their numbers and
//! their names.
//!
//! Holes are numbered row by row over the cross, from the top: the rows hold
//! 3, 3, 7, 7, 7, 3 and 3 holes, and the short rows occupy columns 2 to 4 of
//! the grid. A hole is named like a chess square, its column letter `a` to `g`
//! from the left then its row number `1` to `7` from the top: the centre is
//! `d4`.

/// The number of holes on the board.
pub const HOLES: usize = 33;

/// The centre hole (row 3, column 3 of the grid, named `d4`).
pub const CENTRE: usize = 16;

/// The side of the square grid the cross is drawn on.
pub const SIDE: usize = 7;

/// How many holes each row of the board has, from the top.
pub const ROW_LENGTHS: [usize; SIDE] = [3, 3, 7, 7, 7, 3, 3];

/// The number of the first hole of each row, and [`HOLES`] after the last.
const ROW_STARTS: [usize; SIDE + 1] = [0, 3, 6, 13, 20, 27, 30, 33];

/// The grid column of each row's first hole.
const ROW_FIRST_COLUMNS: [usize; SIDE] = [2, 2, 0, 0, 0, 2, 2];

/// The hole at `row`, `col` of the 7x7 grid, or `None` off the cross.
pub const fn hole_at(row: usize, col: usize) -> Option<usize> {
    if row >= SIDE || col >= SIDE {
        return None;
    }
    let first = ROW_FIRST_COLUMNS[row];
    if col < first || col >= first + ROW_LENGTHS[row] {
        return None;
    }
    Some(ROW_STARTS[row] + col - first)
}

/// The (row, column) of `hole` on the 7x7 grid.
///
/// # Panics
/// If `hole` is not below [`HOLES`]: like an index out of bounds, that is a
/// mistake in the calling code, never something read from a user.
pub const fn cell_of(hole: usize) -> (usize, usize) {
    assert!(hole < HOLES, "the English board has 33 holes");
    let mut row = 0;
    while ROW_STARTS[row + 1] <= hole {
        row += 1;
    }
    (row, ROW_FIRST_COLUMNS[row] + hole - ROW_STARTS[row])
}

/// A hole's readable name: its column letter `a`-`g` and row number `1`-`7`
/// from the top left (`d4` is the centre). Numbers off the board are named
/// `hole N`, so that error messages never fail.
pub fn hole_name(hole: usize) -> String {
    if hole >= HOLES {
        return format!("hole {hole}");
    }
    let (row, col) = cell_of(hole);
    format!("{}{}", char::from(b'a' + col as u8), row + 1)
}

/// The hole a name such as `d4` (or `D4`) stands for, if it is on the board.
pub fn hole_named(name: &str) -> Option<usize> {
    let mut chars = name.trim().chars();
    let column = chars.next()?.to_ascii_lowercase();
    let row = chars.next()?;
    if chars.next().is_some() || !('a'..='g').contains(&column) || !('1'..='7').contains(&row) {
        return None;
    }
    hole_at(row as usize - '1' as usize, column as usize - 'a' as usize)
}
