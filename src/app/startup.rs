//! Starting the page safely: a save that cannot be used is set aside (kept
//! under its own key, out of the way, so nothing is lost) until the player
//! dismisses it, and a start that did not finish sets every save aside at
//! the next one, so that no save can keep the page from starting.
//!
//! The keys, in the browser's storage (any [`Store`]):
//!
//! ```text
//! slide.<id>.v1          a game's save (see super::save)
//! slide.<id>.v1.aside    a save set aside, as it was
//! slide.starting         set while the page starts, cleared once it has
//! ```
//!
//! A start that ends in a trap (a stack overflow) or a panic leaves
//! `slide.starting` behind: the next start sees it, sets every save aside
//! and says so. The decisions are here, natively tested; `web` gives the
//! browser's storage and shows the sentences.

/// The key that is set while the page starts.
pub const STARTING_KEY: &str = "slide.starting";

/// Where the text of the page is kept: the browser's `localStorage` in the
/// page, a map in tests. Writes may fail (storage full or disabled).
pub trait Store {
    /// The text under `key`, if any.
    fn get(&self, key: &str) -> Option<String>;
    /// Puts `value` under `key`; false if the storage refused it.
    fn set(&mut self, key: &str, value: &str) -> bool;
    /// Removes `key` and its text; a key that is not there is left as it is,
    /// without an error.
    fn remove(&mut self, key: &str);
}

/// The key of a game's save.
pub fn save_key(id: &str) -> String {
    format!("slide.{id}.v1")
}

/// The key a game's save is set aside under.
pub fn aside_key(id: &str) -> String {
    format!("slide.{id}.v1.aside")
}

/// Moves a game's save out of the way, to [`aside_key`] (replacing one set
/// aside before). The save is removed even where storage refuses the copy:
/// a save that stops the page is worse than one lost.
pub fn set_aside(store: &mut dyn Store, id: &str) {
    if let Some(text) = store.get(&save_key(id)) {
        store.set(&aside_key(id), &text);
        store.remove(&save_key(id));
    }
}

/// The sentence for a game whose save could not be read, `reason` being
/// the reading's lower-case reason.
pub fn unreadable_note(reason: &str) -> String {
    format!(
        "Your saved game could not be read ({}), so a new one has started; the save is kept aside until you dismiss it.",
        reason.trim_end_matches('.')
    )
}

/// Marks the start of the page; if the last start did not finish, every
/// game's save (of `ids`) is set aside first and the sentence saying so is
/// returned.
pub fn begin(store: &mut dyn Store, ids: &[&str]) -> Option<String> {
    let failed = store.get(STARTING_KEY).is_some();
    let note = failed.then(|| {
        let mut set = Vec::new();
        for &id in ids {
            if store.get(&save_key(id)).is_some() {
                set_aside(store, id);
                set.push(id);
            }
        }
        if set.is_empty() {
            "The page did not finish starting last time; it has started afresh.".to_string()
        } else {
            "The page did not finish starting last time, so your saved games were set aside and new ones started; they are kept until you dismiss this.".to_string()
        }
    });
    store.set(STARTING_KEY, "1");
    note
}

/// Marks the start as finished.
pub fn finish(store: &mut dyn Store) {
    store.remove(STARTING_KEY);
}

/// Starts fresh after a failure: every game's save set aside, and the
/// next start a clean one.
pub fn start_fresh(store: &mut dyn Store, ids: &[&str]) {
    for &id in ids {
        set_aside(store, id);
    }
    finish(store);
}

/// The games (of `ids`) that have a save set aside.
pub fn set_aside_games<'a>(store: &dyn Store, ids: &[&'a str]) -> Vec<&'a str> {
    ids.iter()
        .copied()
        .filter(|id| store.get(&aside_key(id)).is_some())
        .collect()
}

/// The reminder, at a later start, of saves still kept aside (`names`: the
/// games' names); `None` if there are none.
pub fn kept_aside_note(names: &[&str]) -> Option<String> {
    match names {
        [] => None,
        [one] => Some(format!(
            "A saved game of {} that could not be used is kept aside; Dismiss forgets it.",
            one.to_lowercase()
        )),
        many => Some(format!(
            "Saved games that could not be used are kept aside ({}); Dismiss forgets them.",
            many.iter()
                .map(|name| name.to_lowercase())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Forgets every save set aside (the player dismissed the message).
pub fn dismiss(store: &mut dyn Store, ids: &[&str]) {
    for &id in ids {
        store.remove(&aside_key(id));
    }
}

/// What the page says when it has stopped on a broken invariant (a panic):
/// what happened, in a sentence, and what Start fresh does. `what` is the
/// panic's message, quoted short.
pub fn crash_note(what: &str) -> String {
    format!(
        "Sorry, something went wrong and the game stopped ({}). Start fresh sets your saved games aside and reloads the page; details are in the browser console.",
        crate::quote::quote(what)
    )
}
