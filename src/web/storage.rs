//! The games kept in the browser (`localStorage`): one key a game
//! (`slide.sliding.v1`, …) holding its save (see [`crate::app::save`]),
//! and `slide.game`, the game last shown.
//!
//! When the page opens, [`resume`] decides what each game shows, first
//! match wins: a link to a position (`?game=…&board=…`) for its game; the
//! address's own parameters for a game (`?size=4x4&seed=42`); the game
//! saved; a new game. A save that cannot be read is dropped with a sentence
//! saying so. The address is then cleaned of those parameters, so that a
//! reload resumes the game saved meanwhile.
//!
//! Storage may be missing (disabled, private browsing) or full: reads then
//! find nothing and writes are dropped, quietly; the games play on.

use wasm_bindgen::JsValue;
use web_sys::Storage;

use super::dom::{url_param, window};
use super::screen::AnyScreen;

/// The key holding the id of the game last shown.
const GAME_KEY: &str = "slide.game";
/// The address's parameters a link is made of.
const LINK: [&str; 3] = ["game", "rules", "board"];

/// The key of a game's save.
fn save_key(id: &str) -> String {
    format!("slide.{id}.v1")
}

fn storage() -> Option<Storage> {
    window().local_storage().ok().flatten()
}

fn read(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Writes `value` under `key`; a full or disabled storage drops it.
fn write(key: &str, value: &str) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(key, value);
    }
}

fn remove(key: &str) {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(key);
    }
}

/// Keeps `screen`'s game, its clock read at `now`.
pub(super) fn keep(screen: &dyn AnyScreen, now: f64) {
    write(&save_key(screen.id()), &screen.save(now));
}

/// Remembers which game is shown.
pub(super) fn remember_shown(id: &str) {
    if read(GAME_KEY).as_deref() != Some(id) {
        write(GAME_KEY, id);
    }
}

/// What [`resume`] decided.
pub(super) struct Resumed {
    /// The index of the game to show.
    pub shown: usize,
    /// The speed of the game shown, if it was read back (the speed
    /// control follows it).
    pub speed: Option<f64>,
    /// For each game, whether nothing is saved for it: what it opened with
    /// (a link, the address, a fresh deal) is then kept at once, as there
    /// is no saved game for it to wait on, so a reload shows it again.
    pub unsaved: Vec<bool>,
}

/// Gives each game the position it opens with (see the module's
/// documentation), says why where a link or a save could not be read, and
/// cleans the address.
pub(super) fn resume(screens: &mut [Box<dyn AnyScreen>], now: f64) -> Resumed {
    let wanted = url_param("game");
    let board = url_param("board");
    let rules = url_param("rules");
    // A link without a game is a sliding puzzle's (the first game).
    let linked = board.as_ref().map(|_| {
        wanted
            .clone()
            .unwrap_or_else(|| screens[0].id().to_string())
    });
    let mut speed = None;
    let mut restored = vec![false; screens.len()];
    for (index, screen) in screens.iter_mut().enumerate() {
        let id = screen.id();
        let mut link_refused = None;
        if let (Some(linked), Some(board)) = (&linked, &board) {
            if linked == id {
                match screen.open_link(rules.as_deref(), board) {
                    Ok(()) => {
                        screen.play_mut().set_note(
                            "Playing the shared position. Your own saved game is kept until you move."
                                .into(),
                        );
                        continue;
                    }
                    Err(reason) => link_refused = Some(reason),
                }
            }
        }
        let addressed = (wanted.is_none() || wanted.as_deref() == Some(id))
            && screen
                .address()
                .iter()
                .any(|name| url_param(name).is_some());
        if !addressed {
            if let Some(text) = read(&save_key(id)) {
                match screen.restore(&text, now) {
                    Ok(()) => restored[index] = true,
                    Err(reason) => {
                        remove(&save_key(id));
                        screen.play_mut().set_note(format!(
                            "Your saved game could not be read ({reason}), so a new one has started."
                        ));
                    }
                }
            }
        }
        if let Some(reason) = link_refused {
            screen.play_mut().set_note(format!(
                "The shared link could not be read: {}.",
                reason.trim_end_matches('.')
            ));
        }
    }
    let index_of = |id: &str| screens.iter().position(|s| s.id() == id);
    let shown = wanted
        .as_deref()
        .and_then(index_of)
        .or_else(|| linked.as_deref().and_then(index_of))
        .or_else(|| read(GAME_KEY).as_deref().and_then(index_of))
        .unwrap_or(0);
    if restored[shown] {
        speed = Some(screens[shown].speed());
    }
    remember_shown(screens[shown].id());
    clean_address(screens);
    let unsaved = screens
        .iter()
        .map(|screen| read(&save_key(screen.id())).is_none())
        .collect();
    Resumed {
        shown,
        speed,
        unsaved,
    }
}

/// Takes the parameters that set up a game out of the address bar (without
/// a reload), so that reloading resumes the game saved since.
fn clean_address(screens: &[Box<dyn AnyScreen>]) {
    let location = window().location();
    let (Ok(search), Ok(path), Ok(hash)) =
        (location.search(), location.pathname(), location.hash())
    else {
        return;
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return;
    };
    let mut names: Vec<&str> = LINK.to_vec();
    for screen in screens {
        names.extend(screen.address());
    }
    let mut changed = false;
    for name in names {
        if params.has(name) {
            params.delete(name);
            changed = true;
        }
    }
    if !changed {
        return;
    }
    let rest = String::from(params.to_string());
    let url = if rest.is_empty() {
        format!("{path}{hash}")
    } else {
        format!("{path}?{rest}{hash}")
    };
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}
