//! The browser front end, wasm32 only: the page shell over every game
//! (`page`, with each game's `screen` and drawing beside it), the solver
//! pool's real workers (`pool`, `records`) and the worker's side (`worker`);
//! what screen readers hear of the board (`announce`), the player's
//! reduced-motion setting (`motion`), offline play (`offline`, the service
//! worker's registration) and the best scores kept in the browser
//! (`best_scores`); the notices that stay until the player acts on them:
//! saves set aside, a crash and its Start fresh (`notice`).
//! Everything it shows and decides comes from [`crate::app`]; this layer
//! only forwards events, draws and moves messages.

mod announce;
mod best_scores;
mod dom;
mod draw;
mod motion;
mod notice;
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
        let payload = info.payload();
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a broken invariant".into());
        notice::show_crash(&crate::app::startup::crash_note(&what));
    }));
    if web_sys::window().is_some() {
        page::mount()?;
    }
    Ok(())
}
