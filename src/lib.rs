//! Slide: sliding-tile puzzles and peg solitaire, with optimal solvers, for the
//! browser (WebAssembly) and the command line.
//!
//! - [`sliding`]: boards, moves, text formats, heuristics and solvers for the
//!   sliding puzzle of any size from 2x2 to 10x10.
//! - [`pegs`]: peg solitaire on the English 33-hole board: bitboards, jumps,
//!   symmetries, text formats, classic layouts and a solver.
//! - [`search`]: A*, IDA*, weighted best-first and depth-first search, generic
//!   over a [`search::Problem`].
//! - [`app`]: the games as the page plays them (history, clock, hints,
//!   auto-solve, animation, input), without the page.
//! - [`route`]: route finding on a floor plan: waypoint graphs and their
//!   text format, searched by A*.
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
