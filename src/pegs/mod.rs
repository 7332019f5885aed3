//! Peg solitaire on the English 33-hole board: positions as bitboards, jumps,
//! symmetries, goals, text formats, classic layouts and a solver.
//!
//! Everything here is plain Rust with no platform code, tested natively.
//!
//! - [`geometry`]: hole numbers, grid cells and names (`d4` is the centre).
//! - [`jump`]: the 76 jumps and the masks that find the legal ones.
//! - [`board`]: [`PegBoard`], a position in a `u64`.
//! - [`symmetry`]: the eight rotations and reflections of the board.
//! - [`goal`]: one peg left, in a given hole or anywhere.
//! - [`text`]: reading and writing boards.
//! - [`mod@layouts`]: the classic starting figures and their goals.
//! - [`class`] and [`pagoda`]: invariants that prove a goal out of reach.
//! - [`dead`]: a bounded table of positions proven lost.
//! - [`solver`]: depth-first search to the goal.
//! - [`fewest`]: the fewest moves when a chain of jumps counts as one.
//! - [`fewest_table`]: those of the built-in layouts, worked out at build
//!   time.

pub mod board;
pub mod class;
pub mod dead;
pub mod error;
pub mod fewest;
pub mod fewest_table;
pub mod geometry;
pub mod goal;
pub mod jump;
pub mod layouts;
pub mod pagoda;
pub mod solver;
pub mod symmetry;
pub mod text;

pub use board::PegBoard;
pub use class::position_class;
pub use dead::{DeadTable, DEAD_TABLE_SLOTS};
pub use error::PegError;
pub use fewest::{chain_holes, chain_through, fewest_moves, ChainMove, FewestSolver};
pub use fewest_table::{FewestTable, FEWEST_FILE};
pub use geometry::{cell_of, hole_at, hole_name, hole_named, CENTRE, HOLES, ROW_LENGTHS, SIDE};
pub use goal::Goal;
pub use jump::{all_jumps, Jump, JUMPS};
pub use layouts::{layout, layouts, Layout};
pub use pagoda::Pagoda;
pub use solver::{solve, PegProblem, PegSolver};
pub use symmetry::{symmetries_fixing, transform_hole, SYMMETRIES};
pub use text::{format, format_line, parse};
