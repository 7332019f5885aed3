//! The JavaScript API, for embedders and for tests: a [`Puzzle`] to shuffle,
//! slide, undo, hint and solve, [`Pegs`], a game of peg solitaire to
//! jump, undo, hint and solve, and route finding over a floor plan's
//! waypoints ([`Route`]) or a map's pixels ([`RouteGrid`]). Reachable from
//! the page as `window.wasmBindings.Puzzle` and so on.
//!
//! Arguments are checked before anything happens (`api/args.rs`): a value
//! of the wrong kind throws a `TypeError`, a number that is not a whole
//! number in range a `RangeError`, each naming the function and the
//! argument. Other bad input (an unsolvable board, malformed text) throws an
//! `Error` whose message says what is wrong; nothing here panics on input.
//!
//! `solve()` and `hint()` run synchronously: quick for 3x3 and for any
//! board by reduction, but an optimal 4x4 search can take a while, so pages
//! should call them from a Web Worker, as this game's own page does.

mod args;
mod blocks;
mod pegs;
mod route;
mod sliding;

pub use blocks::Blocks;

use wasm_bindgen::prelude::*;

use std::ops::RangeInclusive;

use args::Arg;

pub use pegs::Pegs;
pub use route::{Route, RouteGrid};
pub use sliding::{NearTables, PatternTables, Puzzle};

/// An `Error` with the message of a refusal from the core.
fn js_error(error: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&error.to_string()).into()
}

/// The layout a constructor's argument names (`default` when it is
/// `undefined` or `null`), found by `find`; throws a type error for what is
/// not a string, and for an unknown id says so with the ids there are.
fn named_layout<T>(
    value: &JsValue,
    arg: Arg,
    default: &str,
    find: impl Fn(&str) -> Option<T>,
    ids: impl Fn() -> Vec<String>,
) -> Result<T, JsValue> {
    let id = args::optional_string(value, arg)?;
    let id = id.as_deref().unwrap_or(default);
    find(id).ok_or_else(|| {
        js_error(format!(
            "there is no layout called '{id}': try one of {}",
            ids().join(", ")
        ))
    })
}

/// Reads a seed: a whole number from 0 to 2^53, or a BigInt from 0 to
/// 2^64 - 1.
fn read_seed(seed: &JsValue, arg: Arg) -> Result<u64, JsValue> {
    const WANTED: &str = "a whole number from 0 to 2^53, or a BigInt from 0 to 2^64 - 1";
    if seed.is_bigint() {
        return u64::try_from(seed.clone()).map_err(|_| arg.range_error(WANTED, seed));
    }
    let Some(n) = seed.as_f64() else {
        return Err(arg.type_error("a number or a BigInt", seed));
    };
    if n.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(&n) {
        Ok(n as u64)
    } else {
        Err(arg.range_error(WANTED, seed))
    }
}

/// Any count or coordinate the core checks itself (a tile that may not
/// exist, a pixel that may be off the map).
const ANY: RangeInclusive<u32> = 0..=u32::MAX;
