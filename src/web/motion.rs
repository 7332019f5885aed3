//! The player's reduced-motion setting: the browser's
//! `prefers-reduced-motion` media query, read once and followed as it
//! changes (the system setting can be switched while the page is open).
//! The games take it as a plain setting ([`crate::app::Play::set_reduced_motion`]);
//! the stylesheet follows the same query for its own transitions.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::dom::window;

/// The media query that says the player asked for less motion.
const QUERY: &str = "(prefers-reduced-motion: reduce)";

/// Whether the player asks for reduced motion now; calls `changed` with the
/// new setting each time it changes later. A browser without the query
/// counts as not asking.
pub fn follow(changed: impl Fn(bool) + 'static) -> bool {
    let Ok(Some(list)) = window().match_media(QUERY) else {
        return false;
    };
    let reduced = list.matches();
    let watched = list.clone();
    let listener = Closure::<dyn Fn()>::new(move || changed(watched.matches()));
    // Quietly without live changes where the list cannot be listened to.
    let _ = list.add_event_listener_with_callback("change", listener.as_ref().unchecked_ref());
    // Listened to for the life of the page.
    listener.forget();
    reduced
}
