//! Slide: sliding-tile puzzles, peg solitaire, route finding and sliding-block
//! puzzles (Klotski, Rush Hour), with their solvers, for the browser
//! (WebAssembly) and the command line.
//!
//! - [`sliding`]: boards, moves, text formats, heuristics and solvers for the
//!   sliding puzzle of any size from 2x2 to 10x10: optimal up to 4x4 (IDA*
//!   over pattern databases), near-optimal from 5x5 (staged beams, windows
//!   re-solved optimally).
//! - [`pegs`]: peg solitaire on the English 33-hole board: bitboards, jumps,
//!   symmetries, text formats, classic layouts and a solver.
//! - [`blocks`]: sliding-block puzzles (Klotski on 4x5, Rush Hour on 6x6):
//!   boards of rectangular pieces, moves by metric, text format, classic
//!   starts and the 40 Rush Hour cards, and an optimal breadth-first solver.
//! - [`search`]: A*, IDA*, weighted best-first, depth-first, beam and
//!   any-angle (Theta*) search, generic over a [`search::Problem`] (or, for
//!   Theta*, a map with lines of sight), resumable in slices where a worker
//!   runs them.
//! - [`app`]: the games as the page plays them (history, clock, hints,
//!   auto-solve, animation, input), without the page.
//! - [`route`]: route finding: waypoint graphs on a floor plan and their text
//!   format, grids of walkable pixels read from images, seeded mazes, the
//!   built-in office plan, searched 4- or 8-connected or at any angle.
//! - [`quote`]: input quoted back in messages, cut short and made visible.
//! - [`rng`]: the seeded generator behind reproducible shuffles.
//! - [`wording`]: counts in the singular or plural, thousands grouped.
//! - `cli` (native builds with the `cli` feature): the command line's file
//!   I/O, the 4x4 tables' cache.
//!
//! The core is platform-free; the browser front end (`web`, wasm32 only) and
//! the JavaScript API (`api`) are the only code that touches the DOM.

pub mod app;
pub mod blocks;
#[cfg(all(feature = "cli", not(target_arch = "wasm32")))]
pub mod cli;
pub mod order;
pub mod pegs;
pub mod quote;
pub mod rng;
pub mod route;
pub mod search;
pub mod sliding;
pub mod wording;

#[cfg(target_arch = "wasm32")]
pub mod api;
#[cfg(target_arch = "wasm32")]
mod web;
