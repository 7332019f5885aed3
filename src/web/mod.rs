//! The browser front end, wasm32 only: the page shell over every game
//! (`page`, with each game's `screen` and drawing beside it), the solver
//! pool's real workers (`pool`, `records`) and the worker's side (`worker`);
//! what screen readers hear of the board (`announce`), the player's
//! reduced-motion setting (`motion`), offline play (`offline`, the service
//! worker's registration) and the best scores kept in the browser
//! (`best_scores`); and one worker driven as the pool drives its own, for the
//! browser benchmark (`bench`).
//! Everything it shows and decides comes from [`crate::app`]; this layer
//! only forwards events, draws and moves messages.

mod announce;
mod bench;
mod best_scores;
mod dom;
mod draw;
mod motion;
mod offline;
mod page;
mod pegs_draw;
mod pegs_screen;
mod pictures;
mod pool;
mod records;
mod route_draw;
mod route_screen;
mod screen;
mod share;
mod sliding_draw;
mod sliding_screen;
mod storage;
mod worker;

use wasm_bindgen::prelude::*;

/// Runs when the module loads, in the page and in the worker alike: installs
/// the panic hook, then builds the games if this is a page that hosts them.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_crash();
    }));
    if web_sys::window().is_some() {
        page::mount()?;
    }
    Ok(())
}

/// Tells the player, in the page, that something broke; the details are in
/// the console (from `console_error_panic_hook`).
fn show_crash() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(banner) = document.get_element_by_id("crash") {
        banner.set_text_content(Some(
            "Sorry, something went wrong and the game stopped. Reload the page to play on. \
             (Details are in the browser console.)",
        ));
        let _ = banner.remove_attribute("hidden");
    }
}
