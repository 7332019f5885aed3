//! Offline play: registers the service worker (`www/sw.js`), which keeps
//! the page, its module, worker, stylesheet, icons and manifest so that
//! the game loads and solves with no network after one visit. The worker
//! itself says how it caches and why.

use wasm_bindgen::prelude::*;

use super::dom::window;

/// The service worker's script, beside the page (its scope is the page's
/// folder).
const SCRIPT: &str = "./sw.js";

/// Asks the browser to install the service worker. Where there is none (an
/// insecure origin, a browser without them, a private window that refuses)
/// or registering fails, nothing is said: the game plays online as before.
pub fn register() {
    let navigator = window().navigator();
    let has_workers = js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
        .unwrap_or(false)
        && js_sys::Reflect::get(&navigator, &JsValue::from_str("serviceWorker"))
            .is_ok_and(|container| !container.is_undefined() && !container.is_null());
    if !has_workers {
        return;
    }
    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_| {});
    // A refusal is handled (and ignored) so that it is not reported as an
    // unhandled rejection.
    let _ = navigator.service_worker().register(SCRIPT).catch(&ignore);
    ignore.forget();
}
