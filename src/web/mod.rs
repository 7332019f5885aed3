//! The browser front end: canvas drawing, input, the animation clock and the
//! solver worker. Compiled for wasm32 only; everything it shows comes from
//! [`crate::app`].

mod app;
mod canvas;
mod dom;
mod peg_canvas;
mod peg_page;
mod peg_worker;
mod protocol;
mod solver_pool;
mod worker;

use wasm_bindgen::prelude::*;

/// Runs when the module loads, in the page and in the worker alike: installs
/// the panic hook, then builds the game if this is a page that hosts one.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_crash();
    }));
    if web_sys::window().is_some() {
        app::mount()?;
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
