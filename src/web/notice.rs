//! The two messages that stay until the player acts on them: the notice
//! that saves were set aside (with Dismiss), and the crash banner (with
//! Start fresh). What they say and what the buttons do to the saves is
//! decided in [`crate::app::startup`]; this only builds the elements.
//!
//! Both are built here rather than written in `index.html`, so that the
//! crash banner works whatever state the page was left in.

use std::sync::atomic::{AtomicBool, Ordering};

use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlElement};

use super::dom::listen;
use super::storage;

/// A button labelled `label` inside `parent`.
fn button(document: &Document, parent: &Element, label: &str) -> Result<HtmlElement, JsValue> {
    let button: HtmlElement = document.create_element("button")?.unchecked_into();
    button.set_attribute("type", "button")?;
    button.set_text_content(Some(label));
    parent.append_child(&button)?;
    Ok(button)
}

/// Shows `notices` above the controls, with a Dismiss button that
/// forgets the saves set aside (of the games `ids`) and hides them.
pub(super) fn show_set_aside(notices: &[String], ids: Vec<&'static str>) -> Result<(), JsValue> {
    if notices.is_empty() {
        return Ok(());
    }
    let document = super::dom::document();
    let notice = document.create_element("div")?;
    notice.set_id("notice");
    notice.set_class_name("notice");
    // Read out when it appears; not a `status` role, which the status
    // line has.
    notice.set_attribute("aria-live", "polite")?;
    for text in notices {
        let line = document.create_element("p")?;
        line.set_text_content(Some(text));
        notice.append_child(&line)?;
    }
    let dismiss = button(&document, &notice, "Dismiss")?;
    // Above the controls: on a phone, anything below the board is out of
    // sight when the page opens.
    match document
        .query_selector("main.play")?
        .or_else(|| document.body().map(Into::into))
    {
        Some(parent) => parent.prepend_with_node_1(&notice)?,
        None => return Ok(()),
    }
    listen(&dismiss, "click", move |_: web_sys::Event| {
        storage::dismiss(&ids);
        notice.remove();
    })
}

/// Whether the crash banner has been shown: the page has stopped.
static CRASHED: AtomicBool = AtomicBool::new(false);

/// Whether the page has stopped on a failure (the crash banner is up).
/// After a panic nothing unwinds on wasm32, so a `RefCell` borrowed at the
/// time stays borrowed: the page's handlers check this and do nothing,
/// rather than each failing on that borrow.
pub fn has_crashed() -> bool {
    CRASHED.load(Ordering::Relaxed)
}

/// Shows the crash banner (`#crash`) saying `text`, with a Start fresh
/// button that sets every save aside and reloads the page. Called from the
/// panic hook: it touches nothing but the document and the storage. Only
/// the first failure is shown: what follows it is its consequence.
pub fn show_crash(text: &str) {
    if CRASHED.swap(true, Ordering::Relaxed) {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(banner) = document.get_element_by_id("crash") else {
        return;
    };
    banner.set_text_content(None);
    if let Ok(line) = document.create_element("p") {
        line.set_text_content(Some(text));
        let _ = banner.append_child(&line);
    }
    if let Ok(fresh) = button(&document, &banner, "Start fresh") {
        let _ = listen(&fresh, "click", |_: web_sys::Event| {
            storage::start_fresh();
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        });
    }
    let _ = banner.remove_attribute("hidden");
}
