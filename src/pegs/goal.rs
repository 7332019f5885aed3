//! What a game of peg solitaire aims at: a single peg left, in a given hole
//! or anywhere.

use std::fmt;

use super::board::PegBoard;
use super::geometry::{hole_name, CENTRE, HOLES};

/// How a game must finish: with exactly one peg on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The last peg must stand in this hole. A number off the board is a goal
    /// that no position meets.
    Hole(u8),
    /// The last peg may stand anywhere.
    AnyHole,
}

impl Goal {
    /// The classic goal: one peg in the centre.
    pub const CENTRE: Goal = Goal::Hole(CENTRE as u8);

    /// Whether `board` meets the goal.
    pub fn is_met(&self, board: PegBoard) -> bool {
        match *self {
            Goal::Hole(hole) => usize::from(hole) < HOLES && board.bits() == 1u64 << hole,
            Goal::AnyHole => board.count() == 1,
        }
    }

    /// The goal's hole, if it names one on the board.
    pub fn hole(&self) -> Option<usize> {
        match *self {
            Goal::Hole(hole) if usize::from(hole) < HOLES => Some(hole.into()),
            _ => None,
        }
    }

    /// The goal in words: "one peg in the centre", "one peg at d1", "one peg
    /// anywhere".
    pub fn describe(&self) -> String {
        match *self {
            Goal::Hole(hole) if usize::from(hole) == CENTRE => "one peg in the centre".to_string(),
            Goal::Hole(hole) if usize::from(hole) < HOLES => {
                format!("one peg at {}", hole_name(hole.into()))
            }
            Goal::Hole(hole) => format!("one peg in hole {hole}, which is not on the board"),
            Goal::AnyHole => "one peg anywhere".to_string(),
        }
    }
}

impl Default for Goal {
    /// One peg in the centre.
    fn default() -> Goal {
        Goal::CENTRE
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}
