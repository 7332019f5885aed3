//! The page's list of screens, made from the one list of games
//! ([`crate::app::games`]): a new game adds its line there and nothing here
//! or elsewhere in the shell; the shell (`page`, `shell`) and its services
//! (`services`) name no game.

use wasm_bindgen::prelude::*;

use super::screen::AnyScreen;

/// The second column of the list of games: each game's screen builder.
macro_rules! screens_of {
    ($($work:path, $screen:path;)*) => {
        /// Every game's screen, built from the page and its address, in the
        /// order the Game selector lists them.
        pub(super) fn screens() -> Result<Vec<Box<dyn AnyScreen>>, JsValue> {
            Ok(vec![$(Box::new($screen()?)),*])
        }
    };
}
crate::app::games::each_game!(screens_of);
