//! Position classes: an invariant of jumps that splits positions into 16
//! classes, so that a goal in another class than the position is out of reach.
//!
//! Colour the holes by `(row + col) mod 3`. A jump runs along three
//! consecutive holes of a row or column, one of each colour, and changes the
//! number of pegs on each colour by one, so it flips the parity of all three
//! counts: whether two colours' counts have the same parity never changes.
//! The same holds for `(row - col) mod 3`. Those four bits are the class (de
//! Bruijn's and Conway's argument).

use super::board::PegBoard;
use super::geometry::{cell_of, HOLES, SIDE};

/// The number of position classes.
pub const CLASSES: usize = 16;

/// The holes of each colour, for the two colourings.
const COLOURS: [[u64; 3]; 2] = colours();

const fn colours() -> [[u64; 3]; 2] {
    let mut colours = [[0u64; 3]; 2];
    let mut hole = 0;
    while hole < HOLES {
        let (row, col) = cell_of(hole);
        colours[0][(row + col) % 3] |= 1 << hole;
        colours[1][(row + SIDE * 3 - col) % 3] |= 1 << hole;
        hole += 1;
    }
    colours
}

/// The class of `board`, below [`CLASSES`]: equal for two positions if one
/// can follow from the other.
pub fn position_class(board: PegBoard) -> u8 {
    let bits = board.bits();
    let mut class = 0;
    for (i, colours) in COLOURS.iter().enumerate() {
        let parity = |colour: usize| (bits & colours[colour]).count_ones() & 1;
        let (p0, p1, p2) = (parity(0), parity(1), parity(2));
        class |= (((p0 ^ p1) | ((p1 ^ p2) << 1)) << (2 * i)) as u8;
    }
    class
}

/// The classes of the 33 one-peg positions, as bits (bit `c` for class `c`).
pub fn single_peg_classes() -> u16 {
    (0..HOLES)
        .map(|hole| 1u16 << position_class(PegBoard::empty().toggled(hole)))
        .fold(0, |classes, class| classes | class)
}
