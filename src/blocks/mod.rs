//! Sliding-block puzzles: Klotski (Huarong Dao, 4x5, bring the 2x2 block
//! out at the bottom) and Rush Hour (6x6, cars and trucks that move only
//! along their length, drive the red car out on the right).
//!
//! Everything here is plain Rust with no platform code, tested natively.
//!
//! - [`board`]: [`Board`], a position: the pieces, where they stand and
//!   which one must get out; [`BlockMove`] and [`Board::apply`].
//! - [`pieces`]: the vocabulary the others share: cells, pieces, moves
//!   and the cell sets a piece covers.
//! - [`metric`]: what one move is ([`Metric`]): one piece slid any
//!   distance in a straight line (the default), along any path, or by one
//!   cell.
//! - [`text`]: reading and writing boards (`X` the piece to free, `.` an
//!   empty cell, any other letter or digit a piece).
//! - [`mod@layouts`]: the classic Klotski starts and the 40 published Rush
//!   Hour cards.
//! - [`solver`]: breadth-first search (A* with a 0/1 estimate) over
//!   canonical keys, identical pieces being interchangeable.
//! - [`error`]: what can be wrong with a board, a text or a move.

pub mod board;
pub mod error;
pub mod layouts;
pub mod metric;
pub mod pieces;
pub mod solver;
pub mod text;

pub use board::{BlockMove, Board, Cell, Piece, Style};
pub use error::BlockError;
pub use layouts::{layout, layouts, BlockLayout};
pub use metric::Metric;
pub use solver::{sliced, solve, solve_fully, BlockProblem, BlockSolver};
pub use text::{format, format_line, parse};
