//! The Share button's way out of the page: on a phone (a coarse pointer and
//! `navigator.share`), the system's share sheet; elsewhere the clipboard;
//! where the clipboard refuses, a read-only field with the link selected,
//! for the player to copy. What happened is said through `report`.

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;

use super::dom::{by_id, object, set_hidden, window};

/// Offers `url` to the player; `report` is called with what to say once it
/// is known (at once, or when the browser answers).
pub(super) fn offer(url: &str, report: impl Fn(String) + 'static) {
    let field = by_id::<HtmlInputElement>("share-link").ok();
    if let Some(field) = &field {
        // Kept up to date even while hidden: the last link made.
        field.set_value(url);
    }
    let navigator: JsValue = window().navigator().into();
    let coarse = window()
        .match_media("(pointer: coarse)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches());
    if coarse {
        if let Some(promise) = call(&navigator, "share", &object(&[("url", url.into())]).into()) {
            let url = url.to_string();
            then(
                promise,
                |_| {},
                move |error| {
                    // Dismissing the sheet is not a failure to report.
                    let name = Reflect::get(&error, &"name".into())
                        .ok()
                        .and_then(|n| n.as_string());
                    if name.as_deref() != Some("AbortError") {
                        copy(&url, report);
                    }
                },
            );
            return;
        }
    }
    copy(url, report);
}

/// Copies `url` to the clipboard, or shows it selected in the field.
fn copy(url: &str, report: impl Fn(String) + 'static) {
    let navigator: JsValue = window().navigator().into();
    let clipboard = Reflect::get(&navigator, &"clipboard".into()).unwrap_or(JsValue::UNDEFINED);
    let report = std::rc::Rc::new(report);
    match call(&clipboard, "writeText", &url.into()) {
        Some(promise) => {
            let (done, failed) = (report.clone(), report);
            then(
                promise,
                move |_| {
                    show_field(false);
                    done("Link copied.".into());
                },
                move |_| {
                    show_field(true);
                    failed("Copy the link from the field below the buttons.".into());
                },
            );
        }
        None => {
            // Said once the page has finished with the click, as the
            // browser's answers are.
            then(
                Promise::resolve(&JsValue::UNDEFINED),
                move |_| {
                    show_field(true);
                    report("Copy the link from the field below the buttons.".into());
                },
                |_| {},
            );
        }
    }
}

/// Shows the field with the link selected, or hides it.
fn show_field(shown: bool) {
    if let Ok(field) = by_id::<HtmlInputElement>("share-link") {
        set_hidden(&field, !shown);
        if shown {
            let _ = field.focus();
            field.select();
        }
    }
}

/// Calls `target.method(argument)` if the method exists, for the promise it
/// returns.
fn call(target: &JsValue, method: &str, argument: &JsValue) -> Option<Promise> {
    if target.is_undefined() || target.is_null() {
        return None;
    }
    let function = Reflect::get(target, &method.into())
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    function
        .call1(target, argument)
        .ok()?
        .dyn_into::<Promise>()
        .ok()
}

/// Runs `done` or `failed` when `promise` settles.
fn then(
    promise: Promise,
    done: impl FnOnce(JsValue) + 'static,
    failed: impl FnOnce(JsValue) + 'static,
) {
    let done = Closure::once(done);
    let failed = Closure::once(failed);
    let _ = promise.then2(&done, &failed);
    // The promise settles once; the closures live until then.
    done.forget();
    failed.forget();
}
