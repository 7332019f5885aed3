//! The list of games the page offers, one line a game, the first shown by
//! default. A new game adds its screen here and nowhere else in the shell;
//! the shell (`page`) and its services (`services`) name no game.

use wasm_bindgen::prelude::*;

use super::blocks_screen::blocks_screen;
use super::pegs_screen::pegs_screen;
use super::route_screen::route_screen;
use super::screen::AnyScreen;
use super::sliding_screen::sliding_screen;

/// Every game's screen, built from the page and its address, in the order
/// the Game selector lists them.
pub(super) fn screens() -> Result<Vec<Box<dyn AnyScreen>>, JsValue> {
    Ok(vec![
        Box::new(sliding_screen()?),
        Box::new(pegs_screen()?),
        Box::new(route_screen()?),
        Box::new(blocks_screen()?),
    ])
}
