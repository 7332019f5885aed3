//! The sliding-tile puzzle: boards from 2x2 to 10x10, moves, solvability,
//! shuffles, text formats, heuristics and solvers.
//!
//! Everything here is plain Rust with no platform code, tested natively.

pub mod board;
pub mod bound;
pub mod cells;
pub mod compact;
pub mod difficulty;
pub mod duplicates;
pub mod fifteen;
pub mod heuristic;
pub mod moves;
pub mod near;
pub mod parity;
pub mod pdb;
pub mod quadrants;
pub mod reduce;
pub mod shuffle;
pub mod size;
pub mod solver;
pub mod splice;
pub mod staged;
pub mod text;
pub mod twentyfour;
pub mod window;

pub use board::{Board, BoardError, BLANK, MAX_SIDE, MIN_SIDE, SIDES};
pub use moves::{format_moves, parse_moves, Dir, Move, MoveError, Notation};
pub use parity::is_solvable;
pub use size::{is_near_size, is_optimal_size};
pub use solver::{JobStep, Plan, Quick, SolveJob, Solver};
pub use text::{parse_all, Entry, Instance, TextFormat};
