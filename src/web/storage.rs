//! The games kept in the browser (`localStorage`): one key a game
//! (`slide.sliding.v1`, …) holding its save (see [`crate::app::save`]),
//! and `slide.game`, the game last shown.
//!
//! When the page opens, [`resume`] decides what each game shows, first
//! match wins: a link to a position (`?game=…&board=…`) for its game; the
//! address's own parameters for a game (`?size=4x4&seed=42`); the game
//! saved; a new game. A save that cannot be read is set aside (see
//! [`crate::app::startup`]) with a notice saying so, until the player
//! dismisses it; a parameter the page cannot honour is said in a sentence
//! (see [`crate::app::address`]). The address is then cleaned of those parameters, so that a
//! reload resumes the game saved meanwhile.
//!
//! Storage may be missing (disabled, private browsing) or full: reads then
//! find nothing and writes are dropped, quietly; the games play on.

use wasm_bindgen::JsValue;
use web_sys::Storage;

use super::dom::{url_param, window};
use super::screen::AnyScreen;
use crate::app::address;
use crate::app::startup::{self, save_key, Store};

/// The key holding the id of the game last shown.
const GAME_KEY: &str = "slide.game";
/// The address's parameters a link is made of.
const LINK: [&str; 3] = ["game", "rules", "board"];

fn storage() -> Option<Storage> {
    window().local_storage().ok().flatten()
}

/// The browser's `localStorage` as the start-up logic's [`Store`]; with no
/// storage, nothing is found and nothing is kept.
pub(super) struct WebStore;

impl Store for WebStore {
    fn get(&self, key: &str) -> Option<String> {
        read(key)
    }

    fn set(&mut self, key: &str, value: &str) -> bool {
        storage().is_some_and(|storage| storage.set_item(key, value).is_ok())
    }

    fn remove(&mut self, key: &str) {
        remove(key);
    }
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
    /// What the page says above the games until the player dismisses it:
    /// saves set aside, a start that did not finish.
    pub notices: Vec<String>,
    /// For each game, whether nothing is saved for it: what it opened with
    /// (a link, the address, a fresh deal) is then kept at once, as there
    /// is no saved game for it to wait on, so a reload shows it again.
    pub unsaved: Vec<bool>,
}

/// Gives each game the position it opens with (see the module's
/// documentation), says why where a link or a save could not be read, and
/// cleans the address.
pub(super) fn resume(screens: &mut [Box<dyn AnyScreen>], now: f64) -> Resumed {
    let ids: Vec<&str> = screens.iter().map(|screen| screen.id()).collect();
    let mut notices: Vec<String> = startup::begin(&mut WebStore, &ids).into_iter().collect();
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
                        // Kept apart, so that nothing is lost, and out of
                        // the way, so that the next start is clean.
                        startup::set_aside(&mut WebStore, id);
                        notices.push(format!(
                            "{}: {}",
                            screen.name(),
                            startup::unreadable_note(&reason)
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
    if notices.is_empty() {
        // Saves set aside at an earlier start stay until dismissed.
        let aside = startup::set_aside_games(&WebStore, &ids);
        let names: Vec<&str> = screens
            .iter()
            .filter(|screen| aside.contains(&screen.id()))
            .map(|screen| screen.name())
            .collect();
        notices.extend(startup::kept_aside_note(&names));
    }
    let index_of = |id: &str| screens.iter().position(|s| s.id() == id);
    let games: Vec<(&str, &[&str])> = screens.iter().map(|s| (s.id(), s.address())).collect();
    let present: Vec<&str> = games
        .iter()
        .flat_map(|(_, own)| own.iter().copied())
        .filter(|name| url_param(name).is_some())
        .collect();
    let shown = address::game_shown(
        &games,
        &present,
        wanted.as_deref(),
        linked.as_deref(),
        read(GAME_KEY).as_deref(),
    );
    if restored[shown] {
        speed = Some(screens[shown].speed());
    }
    // What the address asked for and could not be honoured, said on the
    // game shown.
    let mut said = Vec::new();
    if let Some(wanted) = wanted.as_deref().filter(|&id| index_of(id).is_none()) {
        let name = screens[shown].name().to_lowercase();
        said.push(address::unknown_game(wanted, &name, restored[shown]));
    }
    if board.is_none() && rules.is_some() {
        said.push(address::cut_link(restored[shown]));
    }
    if let Some(too_long) = query_refused() {
        said.push(too_long);
    } else if let Some(unread) = address::unread(
        query_names().iter().map(String::as_str),
        &known_names(screens),
    ) {
        said.push(unread);
    }
    if !said.is_empty() {
        let play = screens[shown].play_mut();
        let before = play.message();
        if !before.is_empty() && !said.contains(&before) {
            said.push(before);
        }
        play.set_note(said.join(" "));
    }
    remember_shown(screens[shown].id());
    clean_address();
    let unsaved = screens
        .iter()
        .map(|screen| read(&save_key(screen.id())).is_none())
        .collect();
    Resumed {
        shown,
        speed,
        notices,
        unsaved,
    }
}

/// Why the address was not read at all (it is too long), if it was not.
fn query_refused() -> Option<String> {
    let search = window().location().search().ok()?;
    address::check_query(&search).err()
}

/// The names of the address's parameters.
fn query_names() -> Vec<String> {
    let Ok(search) = window().location().search() else {
        return Vec::new();
    };
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            pair.split_once('=')
                .map_or(pair, |(name, _)| name)
                .to_string()
        })
        .collect()
}

/// Every parameter the page reads.
fn known_names(screens: &[Box<dyn AnyScreen>]) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = LINK.to_vec();
    for screen in screens {
        names.extend(screen.address());
    }
    names
}

/// Marks the start as finished (see [`startup`]).
pub(super) fn started() {
    startup::finish(&mut WebStore);
}

/// Forgets the saves set aside (the player dismissed the notice).
pub(super) fn dismiss(ids: &[&str]) {
    startup::dismiss(&mut WebStore, ids);
}

/// Sets every save aside and clears the start-up mark (Start fresh after
/// a crash; the page reloads next).
pub fn start_fresh() {
    let ids: Vec<String> = storage()
        .map(|storage| {
            let count = storage.length().unwrap_or(0);
            (0..count)
                .filter_map(|i| storage.key(i).ok().flatten())
                .filter_map(|key| {
                    let id = key.strip_prefix("slide.")?.strip_suffix(".v1")?;
                    // Only games' saves: the best scores (`slide.best.v1`)
                    // stay, being read defensively anyway.
                    let text = read(&key)?;
                    text.starts_with("slide-save ").then(|| id.to_string())
                })
                .collect()
        })
        .unwrap_or_default();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    startup::start_fresh(&mut WebStore, &ids);
}

/// Takes the parameters that set up a game out of the address bar (without
/// a reload), so that reloading resumes the game saved since.
fn clean_address() {
    let location = window().location();
    let (Ok(search), Ok(path), Ok(hash)) =
        (location.search(), location.pathname(), location.hash())
    else {
        return;
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return;
    };
    // Every parameter goes: those read were honoured or said to be not,
    // and the others were said to be unread.
    let names = query_names();
    let mut changed = false;
    for name in &names {
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
