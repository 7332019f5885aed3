//! What can be wrong with a sliding-block board, text or move given from
//! outside.

use std::fmt;

use super::metric::Metric;
use super::pieces::{BlockMove, Cell, MAX_CELLS, MAX_KINDS, MAX_SIDE};
use crate::quote::quote;

/// Why a board could not be built or read, or a move could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockError {
    /// A board too small or too large.
    Size {
        /// Its width in cells as given (`u8::MAX` for both sides when the text
        /// is wider or taller than that).
        width: u8,
        /// Its height in cells, as given likewise.
        height: u8,
    },
    /// A piece that goes off the board.
    OffBoard {
        /// Its top-left cell.
        at: Cell,
    },
    /// A piece on top of another.
    Overlap {
        /// Its top-left cell.
        at: Cell,
    },
    /// A Rush Hour piece that is not one cell wide and 2 or more long.
    NotAVehicle {
        /// Its top-left cell.
        at: Cell,
    },
    /// Not exactly one piece to free.
    Targets {
        /// How many there are.
        found: usize,
    },
    /// A Rush Hour piece to free that is not a horizontal car.
    TargetNotHorizontal,
    /// A Klotski piece to free that cannot stand in the middle of the
    /// bottom edge.
    TargetNotCentrable,
    /// More kinds of piece than a key can tell apart.
    Kinds {
        /// How many there are.
        found: usize,
    },
    /// Text without a board in it.
    Empty,
    /// Rows of different lengths.
    Ragged {
        /// The row, 1 at the top.
        row: usize,
        /// How many cells it has.
        found: usize,
        /// How many the first row has.
        expected: usize,
    },
    /// A character that is neither a piece's label nor `.`.
    BadChar {
        /// The character as found in the text, quoted back in the message.
        found: char,
    },
    /// A label whose cells do not fill a rectangle.
    NotRectangle {
        /// The piece's label as written, quoted back in the message.
        label: char,
    },
    /// No piece has its top-left cell there.
    NoPiece {
        /// The cell the move starts from, named back in the message (`b4`).
        at: Cell,
    },
    /// The piece cannot get there in one move.
    Unreachable {
        /// The move as asked for; a piece does have its top-left cell at its
        /// `from` (else the error is [`NoPiece`](Self::NoPiece)).
        mv: BlockMove,
        /// The metric it was played under.
        metric: Metric,
    },
    /// A first line that names no style.
    UnknownStyle {
        /// The text's first line up to any `:`, quoted back in the message.
        line: String,
    },
}

impl fmt::Display for BlockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BlockError::Size { width, height } => write!(
                f,
                "a board of {width}x{height} cells cannot be played: each side must be 1 to {MAX_SIDE} cells, and {MAX_CELLS} cells at most in all"
            ),
            BlockError::OffBoard { at } => {
                write!(f, "the piece at {} goes off the board", at.name())
            }
            BlockError::Overlap { at } => {
                write!(f, "the piece at {} lies on top of another", at.name())
            }
            BlockError::NotAVehicle { at } => write!(
                f,
                "the piece at {} is not a car or a truck: in rush hour every piece is one cell wide and 2 or more long",
                at.name()
            ),
            BlockError::Targets { found: 0 } => {
                write!(f, "no piece is marked X, the piece to free")
            }
            BlockError::Targets { found } => {
                write!(f, "{found} pieces are marked X: mark only the piece to free")
            }
            BlockError::TargetNotHorizontal => write!(
                f,
                "the piece to free (X) must lie across its row, to drive out on the right"
            ),
            BlockError::TargetNotCentrable => write!(
                f,
                "the piece to free (X) cannot stand in the middle of the bottom edge"
            ),
            BlockError::Kinds { found } => write!(
                f,
                "{found} kinds of piece are too many: {MAX_KINDS} at most (a kind is a size, and X apart)"
            ),
            BlockError::Empty => write!(f, "there is no board in the text"),
            BlockError::Ragged {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} has {found} cells but the first row has {expected}"
            ),
            BlockError::BadChar { found } => write!(
                f,
                "{} is not a cell: write . for an empty cell and a letter or digit for each piece",
                quote(&found.to_string())
            ),
            BlockError::NotRectangle { label } => write!(
                f,
                "the cells marked {} do not make one rectangle",
                quote(&label.to_string())
            ),
            BlockError::NoPiece { at } => write!(f, "no piece starts at {}", at.name()),
            BlockError::Unreachable { mv, metric } => write!(
                f,
                "the piece at {} cannot get to {} in one move ({})",
                mv.from.name(),
                mv.to.name(),
                metric.describe()
            ),
            BlockError::UnknownStyle { line } => write!(
                f,
                "{} is not a puzzle: write klotski or rush-hour",
                quote(line)
            ),
        }
    }
}

impl std::error::Error for BlockError {}
