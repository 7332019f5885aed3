//! The best solution known, followed as the player plays.

use crate::sliding::{Board, Dir};

/// A solution from some board, with every board along it, so that any of
/// those boards finds its remaining moves at once.
#[derive(Clone, Debug)]
pub struct KnownPath {
    boards: Vec<Board>,
    moves: Vec<Dir>,
    optimal: bool,
}

impl KnownPath {
    /// The path `moves` (blank directions) from `start`; `optimal` says no
    /// shorter one exists.
    ///
    /// # Panics
    /// If the moves leave the board: solutions come from the solvers, which
    /// only produce legal moves.
    pub fn new(start: &Board, moves: Vec<Dir>, optimal: bool) -> KnownPath {
        let mut boards = Vec::with_capacity(moves.len() + 1);
        boards.push(start.clone());
        for &dir in &moves {
            let next = boards
                .last()
                .expect("starts with one board")
                .apply(crate::sliding::Move::Blank(dir))
                .expect("solver moves stay on the board");
            boards.push(next);
        }
        debug_assert!(boards.last().is_some_and(Board::is_solved));
        KnownPath {
            boards,
            moves,
            optimal,
        }
    }

    /// The moves left from `board` if it lies on the path. Optimal paths stay
    /// optimal from every board along them.
    pub fn remaining(&self, board: &Board) -> Option<&[Dir]> {
        let index = self.boards.iter().position(|b| b == board)?;
        Some(&self.moves[index..])
    }

    /// The number of moves of the whole path.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the path has no moves (it starts solved).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Whether the path is a shortest one.
    pub fn is_optimal(&self) -> bool {
        self.optimal
    }
}
