//! The best scores in the browser's `localStorage`, under their own key
//! ([`STORAGE_KEY`]). What is read there is checked by
//! [`Records::parse`]; storage that cannot be read or written (a private
//! window, a full quota) leaves the scores for this visit only.

use super::dom::window;
use crate::app::records::{Records, STORAGE_KEY};

/// The scores kept in the browser, or none if there are none or they
/// cannot be read.
pub fn load() -> Records {
    window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|storage| storage.get_item(STORAGE_KEY).ok().flatten())
        .map_or_else(Records::new, |text| Records::parse(&text))
}

/// Keeps `records` in the browser, if it lets us.
pub fn save(records: &Records) {
    if let Some(storage) = window().local_storage().ok().flatten() {
        // A refusal (quota, privacy settings) costs only persistence.
        let _ = storage.set_item(STORAGE_KEY, &records.to_text());
    }
}
