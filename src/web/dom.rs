//! Small helpers over web-sys: finding elements, listening, plain objects.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, EventTarget, HtmlElement, Window};

/// The page's window.
///
/// # Panics
/// Outside a page (in a worker): the web layer only mounts in a page.
pub fn window() -> Window {
    web_sys::window().expect("the page has a window")
}

/// The page's document.
pub fn document() -> Document {
    window().document().expect("the page has a document")
}

/// The element with this id, as type `T`.
pub fn by_id<T: JsCast>(id: &str) -> Result<T, JsValue> {
    document()
        .get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("the page has no element #{id}")))?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("#{id} is not the expected kind of element")))
}

/// Milliseconds on the page's monotonic clock.
pub fn now() -> f64 {
    js_sys::global()
        .unchecked_into::<WindowOrWorker>()
        .performance()
        .map_or_else(js_sys::Date::now, |performance| performance.now())
}

#[wasm_bindgen]
extern "C" {
    /// The part of `Window` and `WorkerGlobalScope` both have.
    type WindowOrWorker;
    #[wasm_bindgen(method, getter)]
    fn performance(this: &WindowOrWorker) -> Option<web_sys::Performance>;
}

/// Calls `handler` on every `event` at `target`, for the life of the page.
pub fn listen<E: JsCast + 'static>(
    target: &EventTarget,
    event: &str,
    mut handler: impl FnMut(E) + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        handler(event.unchecked_into::<E>());
    });
    target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())?;
    // Listeners live as long as the page: leaking the closure is the intent.
    closure.forget();
    Ok(())
}

/// Sets an element's text if it differs (spares screen readers repeats).
pub fn set_text(element: &Element, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}

/// Shows or hides an element with the `hidden` attribute.
pub fn set_hidden(element: &HtmlElement, hidden: bool) {
    if element.hidden() != hidden {
        element.set_hidden(hidden);
    }
}

/// A plain JavaScript object with these properties.
pub fn object(entries: &[(&str, JsValue)]) -> js_sys::Object {
    let object = js_sys::Object::new();
    for (key, value) in entries {
        js_sys::Reflect::set(&object, &JsValue::from_str(key), value)
            .expect("setting a property of a fresh object succeeds");
    }
    object
}

/// A parameter of the page's address (`?name=value`), if present.
///
/// An address longer than [`crate::app::address::MAX_QUERY_CHARS`] has
/// none: it is not read at all (the page says so).
pub fn url_param(name: &str) -> Option<String> {
    let search = window().location().search().ok()?;
    crate::app::address::check_query(&search).ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

/// A random seed from the browser's generator (53 bits).
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}
