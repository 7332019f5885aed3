//! Starting the page safely: a save that cannot be used is set aside (kept
//! apart, nothing lost) until the player dismisses it, and a start that did
//! not finish sets every save aside at the next one.

use std::collections::HashMap;

use slide::app::startup::{
    aside_key, begin, crash_note, dismiss, finish, kept_aside_note, save_key, set_aside,
    set_aside_games, start_fresh, unreadable_note, Store, STARTING_KEY,
};

/// The browser's storage, as a map; `full` refuses every write.
#[derive(Default)]
struct Memory {
    items: HashMap<String, String>,
    full: bool,
}

impl Store for Memory {
    fn get(&self, key: &str) -> Option<String> {
        self.items.get(key).cloned()
    }

    fn set(&mut self, key: &str, value: &str) -> bool {
        if self.full {
            return false;
        }
        self.items.insert(key.into(), value.into());
        true
    }

    fn remove(&mut self, key: &str) {
        self.items.remove(key);
    }
}

const IDS: [&str; 3] = ["sliding", "pegs", "route"];

fn with_saves() -> Memory {
    let mut store = Memory::default();
    for id in IDS {
        store.set(&save_key(id), &format!("slide-save 1 {id}\n…"));
    }
    store
}

#[test]
fn a_save_that_cannot_be_read_is_set_aside_whole_until_dismissed() {
    let mut store = with_saves();
    set_aside(&mut store, "route");
    assert_eq!(store.get(&save_key("route")), None, "out of the way");
    assert_eq!(
        store.get(&aside_key("route")).as_deref(),
        Some("slide-save 1 route\n…"),
        "kept apart, as it was"
    );
    assert_eq!(set_aside_games(&store, &IDS), ["route"]);
    assert!(store.get(&save_key("sliding")).is_some(), "the others stay");
    dismiss(&mut store, &IDS);
    assert_eq!(store.get(&aside_key("route")), None);
    assert!(set_aside_games(&store, &IDS).is_empty());
}

#[test]
fn a_save_is_moved_out_of_the_way_even_where_storage_is_full() {
    let mut store = with_saves();
    store.full = true;
    set_aside(&mut store, "pegs");
    assert_eq!(store.get(&save_key("pegs")), None);
}

#[test]
fn a_clean_start_sets_nothing_aside_and_marks_itself_until_finished() {
    let mut store = with_saves();
    assert_eq!(begin(&mut store, &IDS), None);
    assert!(store.get(STARTING_KEY).is_some());
    finish(&mut store);
    assert_eq!(store.get(STARTING_KEY), None);
    assert_eq!(begin(&mut store, &IDS), None);
    for id in IDS {
        assert!(store.get(&save_key(id)).is_some());
    }
}

#[test]
fn a_start_that_did_not_finish_sets_every_save_aside_at_the_next_and_says_so() {
    let mut store = with_saves();
    assert_eq!(begin(&mut store, &IDS), None);
    // The page stopped (a trap, a panic) before finishing: the mark stays.
    let note = begin(&mut store, &IDS).expect("the next start says so");
    assert!(note.starts_with(
        "The page did not finish starting last time, so your saved games were set aside"
    ));
    for id in IDS {
        assert_eq!(store.get(&save_key(id)), None);
        assert!(store.get(&aside_key(id)).is_some());
    }
    finish(&mut store);
    // The start after that one is clean again.
    assert_eq!(begin(&mut store, &IDS), None);
}

#[test]
fn start_fresh_sets_every_save_aside_and_the_next_start_is_clean() {
    let mut store = with_saves();
    begin(&mut store, &IDS);
    start_fresh(&mut store, &IDS);
    assert_eq!(store.get(STARTING_KEY), None);
    assert_eq!(set_aside_games(&store, &IDS), IDS);
    assert_eq!(begin(&mut store, &IDS), None);
}

#[test]
fn the_sentences_say_what_happened_and_quote_little() {
    let note = unreadable_note("line 3: 'x' is not a speed");
    assert_eq!(
        note,
        "Your saved game could not be read (line 3: 'x' is not a speed), so a new one has started; the save is kept aside until you dismiss it."
    );
    let crash = crash_note(&"already borrowed: BorrowMutError ".repeat(1000));
    assert!(crash.len() < 250, "{crash}");
    assert!(crash.contains("Start fresh sets your saved games aside"));
}

#[test]
fn saves_kept_aside_are_recalled_at_later_starts_until_dismissed() {
    assert_eq!(kept_aside_note(&[]), None);
    assert_eq!(
        kept_aside_note(&["Route finding"]).as_deref(),
        Some("A saved game of route finding that could not be used is kept aside; Dismiss forgets it.")
    );
    assert!(kept_aside_note(&["Sliding puzzle", "Peg solitaire"])
        .unwrap()
        .contains("(sliding puzzle, peg solitaire)"));
}
