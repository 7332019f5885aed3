//! What can be wrong with a peg-solitaire board or jump given from outside.

use std::fmt;

use super::geometry::{hole_name, HOLES};
use super::jump::Jump;
use crate::quote::quote;
use crate::wording::count;

/// Why a board could not be built or read, or a jump could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PegError {
    /// A bit pattern with pegs beyond the board's 33 holes.
    BitsOffBoard {
        /// The pattern as given: a bit from 33 up is set.
        bits: u64,
    },
    /// A hole number off the board.
    NoSuchHole {
        /// The number as given: 33 or more.
        hole: usize,
    },
    /// Three holes that do not form a jump of the board.
    NotAJump {
        /// The jump asked for, as given (its holes may be anywhere on the board).
        jump: Jump,
    },
    /// The hole to jump from is empty.
    NoPegToMove {
        /// The empty hole, numbered row by row over the cross from the top, 0 to 32.
        hole: usize,
    },
    /// The hole to jump over is empty.
    NoPegToJumpOver {
        /// The empty hole between the two ends, numbered 0 to 32 as in
        /// [`NoPegToMove`](Self::NoPegToMove); the message names it (`d4`).
        hole: usize,
    },
    /// The hole to land in holds a peg.
    LandingOccupied {
        /// The hole that already holds a peg, numbered 0 to 32 as in
        /// [`NoPegToMove`](Self::NoPegToMove); the message names it (`d4`).
        hole: usize,
    },
    /// Text without a board in it.
    Empty,
    /// Text whose lines do not make a board.
    LineCount {
        /// How many lines hold holes.
        lines: usize,
    },
    /// A row with the wrong number of holes.
    RowLength {
        /// The row, 1 to 7 from the top.
        row: usize,
        /// How many holes it has.
        found: usize,
        /// How many it should have.
        expected: usize,
    },
    /// A one-line board whose holes do not add up to 33.
    HoleCount {
        /// How many holes it has.
        found: usize,
    },
    /// A character that is neither a peg nor an empty hole.
    UnknownCharacter {
        /// The character as found in the text, quoted back in the message.
        character: char,
        /// The row it is in, 1 to 7 from the top.
        row: usize,
    },
}

impl fmt::Display for PegError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PegError::BitsOffBoard { bits } => write!(
                f,
                "the bits {bits:#x} put pegs beyond the board's {HOLES} holes"
            ),
            PegError::NoSuchHole { hole } => write!(
                f,
                "there is no hole {hole}: the holes are numbered 0 to {}",
                HOLES - 1
            ),
            PegError::NotAJump { jump } => write!(
                f,
                "holes {}, {} and {} do not form a jump: a peg jumps over a neighbour \
                 in its row or column into the hole beyond",
                hole_name(jump.from.into()),
                hole_name(jump.over.into()),
                hole_name(jump.to.into())
            ),
            PegError::NoPegToMove { hole } => {
                write!(f, "there is no peg to jump with at {}", hole_name(*hole))
            }
            PegError::NoPegToJumpOver { hole } => {
                write!(f, "there is no peg to jump over at {}", hole_name(*hole))
            }
            PegError::LandingOccupied { hole } => write!(
                f,
                "the hole to land in, {}, already holds a peg",
                hole_name(*hole)
            ),
            PegError::Empty => write!(f, "no board in the text"),
            PegError::LineCount { lines } => write!(
                f,
                "expected one board: seven rows of 3, 3, 7, 7, 7, 3 and 3 holes, or one line \
                 of them; found {}",
                count(*lines as u64, "line", "lines")
            ),
            PegError::RowLength {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} has {}, expected {expected}",
                count(*found as u64, "hole", "holes")
            ),
            PegError::HoleCount { found } => write!(
                f,
                "the line has {}, expected {HOLES} (seven groups of 3, 3, 7, 7, 7, 3 \
                 and 3, or all {HOLES} in a row)",
                count(*found as u64, "hole", "holes")
            ),
            PegError::UnknownCharacter { character, row } => write!(
                f,
                "unknown character {} in row {row}: use o for a peg and . for an \
                 empty hole",
                quote(&character.to_string())
            ),
        }
    }
}

impl std::error::Error for PegError {}
