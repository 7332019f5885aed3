//! The sliding puzzle of any size as a search [`Problem`] over whole boards.
//!
//! Slower per node than [`super::compact`], but for every size and every
//! [`Heuristic`]; the fast weighted search on large boards and the tests that
//! compare heuristics use it.

use super::board::Board;
use super::heuristic::Heuristic;
use super::moves::{Dir, Move};
use crate::search::{Problem, Successor};

/// Boards of one size, a heuristic, and moves named by the direction the
/// blank moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoardPuzzle<H> {
    /// The lower bound the searches use.
    pub heuristic: H,
}

impl<H: Heuristic> Problem for BoardPuzzle<H> {
    type State = Board;
    type Move = Dir;

    fn heuristic(&self, board: &Board) -> u32 {
        self.heuristic.estimate(board)
    }

    fn is_goal(&self, board: &Board) -> bool {
        board.is_solved()
    }

    fn successors(&self, board: &Board, last: Option<Dir>, out: &mut Vec<Successor<Board, Dir>>) {
        for dir in Dir::ALL {
            if Some(dir.opposite()) == last {
                continue;
            }
            if let Ok(next) = board.apply(Move::Blank(dir)) {
                out.push(Successor {
                    mv: dir,
                    state: next,
                    cost: 1,
                });
            }
        }
    }
}
