//! Where the pieces are drawn while one moves.

use crate::app::anim::ease;
use crate::blocks::{Board, Piece};

/// Where a piece is drawn, in (fractional) cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PiecePlace {
    /// Its index in the board's pieces.
    pub index: usize,
    /// The piece as it stands after the change.
    pub piece: Piece,
    /// Its top row, fractional mid-move.
    pub row: f64,
    /// Its left column, fractional mid-move.
    pub col: f64,
}

/// The place of every piece at progress `t` (0 to 1) of the change from
/// `from` to `to`: the one piece that moved slides between its places
/// (eased); any other change is shown at once as `to`.
pub fn piece_places(from: &Board, to: &Board, t: f64) -> Vec<PiecePlace> {
    let moved = from.moved_piece(to);
    let eased = ease(t.clamp(0.0, 1.0));
    to.pieces()
        .iter()
        .enumerate()
        .map(|(index, piece)| {
            let (row, col) = match moved {
                Some((i, mv)) if i == index => (
                    f64::from(mv.from.row)
                        + (f64::from(mv.to.row) - f64::from(mv.from.row)) * eased,
                    f64::from(mv.from.col)
                        + (f64::from(mv.to.col) - f64::from(mv.from.col)) * eased,
                ),
                _ => (f64::from(piece.row), f64::from(piece.col)),
            };
            PiecePlace {
                index,
                piece: *piece,
                row,
                col,
            }
        })
        .collect()
}
