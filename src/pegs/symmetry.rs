//! The eight symmetries of the square, which map the cross onto itself.
//!
//! Symmetry `0` is the identity, `1` to `3` turn the board a quarter, a half
//! and three quarters clockwise, `4` mirrors it left to right, `5` top to
//! bottom, `6` about the diagonal from the top left and `7` about the other
//! diagonal. Positions are transformed a byte at a time through tables built
//! on first use.

use std::sync::OnceLock;

use super::geometry::{cell_of, hole_at, HOLES, SIDE};

/// The number of symmetries of the board.
pub const SYMMETRIES: usize = 8;

/// Where symmetry `sym` (taken modulo [`SYMMETRIES`]) sends the grid cell
/// `row`, `col`.
const fn transform_cell(sym: usize, row: usize, col: usize) -> (usize, usize) {
    let last = SIDE - 1;
    match sym % SYMMETRIES {
        0 => (row, col),
        1 => (col, last - row),
        2 => (last - row, last - col),
        3 => (last - col, row),
        4 => (row, last - col),
        5 => (last - row, col),
        6 => (col, row),
        _ => (last - col, last - row),
    }
}

/// Where symmetry `sym` (taken modulo [`SYMMETRIES`]) sends `hole`; holes off
/// the board stay where they are.
pub fn transform_hole(sym: usize, hole: usize) -> usize {
    if hole >= HOLES {
        return hole;
    }
    let (row, col) = cell_of(hole);
    let (row, col) = transform_cell(sym, row, col);
    hole_at(row, col).expect("the cross is symmetric")
}

/// The symmetries that leave `hole` where it is: all eight for the centre,
/// two for the other holes on the middle row, the middle column or a diagonal,
/// the identity alone for the rest.
pub fn symmetries_fixing(hole: usize) -> Vec<usize> {
    (0..SYMMETRIES)
        .filter(|&sym| transform_hole(sym, hole) == hole)
        .collect()
}

/// Bytes of a position: holes 0-7, 8-15, 16-23, 24-31 and 32.
const CHUNKS: usize = HOLES.div_ceil(8);

type Tables = [[[u64; 256]; CHUNKS]; SYMMETRIES];

/// For each symmetry and each byte of a position, the images of all 256
/// values of that byte.
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Box<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut tables = Box::new([[[0u64; 256]; CHUNKS]; SYMMETRIES]);
        for (sym, table) in tables.iter_mut().enumerate() {
            for (chunk, images) in table.iter_mut().enumerate() {
                for (byte, image) in images.iter_mut().enumerate() {
                    for bit in 0..8 {
                        let hole = chunk * 8 + bit;
                        if byte & (1 << bit) != 0 && hole < HOLES {
                            *image |= 1u64 << transform_hole(sym, hole);
                        }
                    }
                }
            }
        }
        tables
    })
}

/// The position `bits` (33 bits) under symmetry `sym` (below [`SYMMETRIES`]).
#[inline]
pub(crate) fn transform_bits(sym: usize, bits: u64) -> u64 {
    let table = &tables()[sym];
    let mut image = 0;
    for (chunk, images) in table.iter().enumerate() {
        image |= images[((bits >> (8 * chunk)) & 0xff) as usize];
    }
    image
}

/// The smallest image of `bits` under the symmetries in `syms`, a set of
/// symmetry numbers as bits (bit `s` for symmetry `s`).
#[inline]
pub(crate) fn canonical_bits(bits: u64, syms: u8) -> u64 {
    let tables = tables();
    let bytes = bits.to_le_bytes();
    let mut best = u64::MAX;
    for (sym, table) in tables.iter().enumerate() {
        if syms & (1 << sym) == 0 {
            continue;
        }
        let mut image = 0;
        for (images, &byte) in table.iter().zip(&bytes) {
            image |= images[usize::from(byte)];
        }
        best = best.min(image);
    }
    best
}
