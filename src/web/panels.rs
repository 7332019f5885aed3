//! The page's two panels: Options (the settings, a sheet that folds open
//! over the page on narrow screens and a sidebar on wide ones, where CSS
//! keeps it open) and How to play (a modal dialog, one section per game,
//! shown by the same `data-game` switch as the rest of the page).
//!
//! Both close with Escape: the dialog by the browser's own handling of a
//! modal dialog, the sheet here. While either is open, keys are theirs,
//! not the board's ([`is_open`]).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlButtonElement, HtmlDialogElement, HtmlElement, KeyboardEvent};

use super::dom::{by_id, document, listen};

/// Binds Options, Done, How to play and Close.
pub(super) fn install() -> Result<(), JsValue> {
    let app: HtmlElement = by_id("slide-app")?;
    let toggle: HtmlButtonElement = by_id("options-toggle")?;
    let done: HtmlButtonElement = by_id("options-close")?;
    let help: HtmlDialogElement = by_id("help")?;
    let help_open: HtmlButtonElement = by_id("help-open")?;
    let help_close: HtmlButtonElement = by_id("help-close")?;

    let sheet = Sheet {
        app: app.clone(),
        toggle: toggle.clone(),
    };
    listen(&toggle, "click", {
        let sheet = sheet.clone();
        move |_: web_sys::Event| sheet.set_open(!sheet.is_open())
    })?;
    listen(&done, "click", {
        let sheet = sheet.clone();
        move |_: web_sys::Event| {
            sheet.set_open(false);
            let _ = sheet.toggle.focus();
        }
    })?;
    listen(&document(), "keydown", {
        let sheet = sheet.clone();
        move |event: KeyboardEvent| {
            if event.key() == "Escape" && sheet.is_open() && !help.open() {
                sheet.set_open(false);
                let _ = sheet.toggle.focus();
                event.prevent_default();
            }
        }
    })?;
    let dialog: HtmlDialogElement = by_id("help")?;
    listen(&help_open, "click", {
        let dialog = dialog.clone();
        move |_: web_sys::Event| {
            if !dialog.open() {
                let _ = dialog.show_modal();
            }
        }
    })?;
    listen(&help_close, "click", move |_: web_sys::Event| {
        dialog.close()
    })?;
    Ok(())
}

/// Whether the Options sheet (on a narrow screen) or the How to play
/// dialog is open: the board does not take keys then.
pub(super) fn is_open() -> bool {
    let dialog_open = document()
        .get_element_by_id("help")
        .and_then(|e| e.dyn_into::<HtmlDialogElement>().ok())
        .is_some_and(|dialog| dialog.open());
    let sheet_open = document()
        .get_element_by_id("options-toggle")
        .is_some_and(|toggle| {
            toggle.get_attribute("aria-expanded").as_deref() == Some("true")
                && toggle
                    .dyn_ref::<HtmlElement>()
                    .is_some_and(|toggle| toggle.offset_parent().is_some())
        });
    dialog_open || sheet_open
}

/// The Options sheet: open while the app carries `data-options="open"`,
/// which the toggle's `aria-expanded` mirrors.
#[derive(Clone)]
struct Sheet {
    app: HtmlElement,
    toggle: HtmlButtonElement,
}

impl Sheet {
    fn is_open(&self) -> bool {
        self.app.get_attribute("data-options").as_deref() == Some("open")
    }

    fn set_open(&self, open: bool) {
        let _ = self
            .app
            .set_attribute("data-options", if open { "open" } else { "closed" });
        let _ = self
            .toggle
            .set_attribute("aria-expanded", if open { "true" } else { "false" });
        if open {
            // The first setting takes the focus, so a keyboard or a screen
            // reader lands in the sheet.
            if let Ok(Some(first)) = document().query_selector(
                "#options .group:not([hidden]) select, #options .group:not([hidden]) button",
            ) {
                if let Ok(first) = first.dyn_into::<HtmlElement>() {
                    let _ = first.focus();
                }
            }
        }
    }
}
