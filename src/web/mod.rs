//! The browser front end, wasm32 only: the page shell over every game
//! (`page` builds it and binds its events; `shell` holds its state and
//! refreshes it), the services it offers a
//! game's screen (`services`, which name no game), what a game gives the
//! page (`screen`), the one list of games (`games`), each game's screen
//! and drawing (`*_screen`, `*_draw`, the sliding puzzle's `pictures`); the
//! solver pool's real workers (`pool`, `records`) and the worker's side (`worker`);
//! what screen readers hear of the board (`announce`), the player's
//! reduced-motion setting (`motion`), offline play (`offline`, the service
//! worker's registration), the Options panel and the How to play dialog
//! (`panels`), and the best scores kept in the browser
//! (`best_scores`); the notices that stay until the player acts on them:
//! saves set aside, a crash and its Start fresh (`notice`); and one worker
//! driven as the pool drives its own, for the browser benchmark (`bench`).
//! Everything it shows and decides comes from [`crate::app`]; this layer
//! only forwards events, draws and moves messages.

mod announce;
mod bench;
mod best_scores;
mod blocks_draw;
mod blocks_screen;
mod dom;
mod draw;
mod games;
mod motion;
mod notice;
mod offline;
mod page;
mod panels;
mod pegs_draw;
mod pegs_screen;
mod pictures;
mod pool;
mod records;
mod route_draw;
mod route_lab;
mod route_screen;
mod screen;
mod services;
mod share;
mod shell;
mod sliding_draw;
mod sliding_screen;
mod storage;
mod tables;
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
    if let Some(window) = web_sys::window() {
        watch_the_start(&window);
        page::mount()?;
    }
    Ok(())
}

/// Shows the crash banner (with Start fresh) if the start fails without a
/// panic: a trap (a stack overflow) reaches the page as an error or as the
/// module's rejected start. Best effort, since the module may be unusable
/// after a trap; the next start sets the saves aside anyway (see
/// `crate::app::startup`).
fn watch_the_start(window: &web_sys::Window) {
    for event in ["error", "unhandledrejection"] {
        let _ = dom::listen(window, event, |event: web_sys::Event| {
            if !page::has_started() {
                let field = |value: &JsValue, name: &str| {
                    js_sys::Reflect::get(value, &JsValue::from_str(name))
                        .ok()
                        .filter(|value| !value.is_undefined() && !value.is_null())
                };
                // An error event's message, or a rejection's reason (its
                // message, if it is an error).
                let what = field(&event, "message")
                    .or_else(|| field(&event, "reason").map(|r| field(&r, "message").unwrap_or(r)))
                    .and_then(|value| value.as_string())
                    // Chrome begins an uncaught error's message so; the
                    // banner says what failed, not how it was thrown.
                    .map(|what| what.trim_start_matches("Uncaught ").to_string())
                    .unwrap_or_else(|| "the page did not start".into());
                notice::show_crash(&crate::app::startup::crash_note(&what));
            }
        });
    }
}
