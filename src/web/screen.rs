//! What the page needs of a game beyond [`Play`]: its name, its drawing and
//! its own controls. A game gives a [`View`] (in its own file:
//! `sliding_screen.rs`, `pegs_screen.rs`, `route_screen.rs`); the page holds
//! each as a [`Screen`], its session beside its view, and each is listed
//! once, in the list of games (`games.rs`). A view binds its controls through the shell's
//! services ([`ScreenSlot`]), never through the shell itself.

use std::any::Any;

use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlButtonElement, HtmlTextAreaElement};

use super::dom::{by_id, set_text};
use super::draw::Canvas;
use super::services::ScreenSlot;
use crate::app::{Play, SaveFormat, Session};

/// One game's part of the page: its names, drawing and own controls.
pub(super) trait View: Sized + 'static {
    /// The game's rules; its save format's id ([`SaveFormat::ID`]) is the
    /// screen's id, so the page, saves, links and the workers agree on it.
    type Game: SaveFormat + 'static;

    /// The game's name in the Game selector.
    const NAME: &'static str;
    /// How the board is labelled for screen readers while it shows.
    const BOARD_LABEL: &'static str;
    /// The address's parameters that set up this game's board (`size`,
    /// `layout`): when the address has them, its board wins over the game
    /// saved in the browser.
    const ADDRESS: &'static [&'static str] = &[];

    /// Draws `game`'s frame at `now`.
    fn draw(&self, game: &Session<Self::Game>, canvas: &Canvas<'_>, now: f64);

    /// Binds the game's own controls; called once, when the page is built.
    fn install(&self, slot: &ScreenSlot) -> Result<(), JsValue>;

    /// Brings the game's own controls up to date with `game`.
    fn refresh(&mut self, game: &Session<Self::Game>, now: f64);
}

/// A game on the page: its session and its view.
pub(super) struct Screen<V: View> {
    /// The game being played; replaced whole when a save or a link is
    /// read, never left half read.
    pub game: Session<V::Game>,
    /// The game's own controls and how its board is drawn; it holds no
    /// state of the game (that is `game`'s).
    pub view: V,
}

/// A screen as the page shell holds it, whatever the game.
pub(super) trait AnyScreen {
    /// The game's id (its save format's, [`SaveFormat::ID`]): `?game=ID` in the
    /// address, the Game selector's value, the key its save is kept under,
    /// and the `data-game` attribute of the page elements that belong to it
    /// alone (shown only while it is played).
    fn id(&self) -> &'static str;
    /// See [`View::NAME`].
    fn name(&self) -> &'static str;
    /// See [`View::BOARD_LABEL`].
    fn board_label(&self) -> &'static str;
    /// The game, for the shared controls to read (status, undo, speed).
    fn play(&self) -> &dyn Play;
    /// The game, for the shared controls and the board's events to act on.
    fn play_mut(&mut self) -> &mut dyn Play;
    /// Draws the frame at `now`.
    fn draw(&self, canvas: &Canvas<'_>, now: f64);
    /// Binds the game's own controls.
    fn install(&self, slot: &ScreenSlot) -> Result<(), JsValue>;
    /// Brings the game's own controls up to date.
    fn refresh(&mut self, now: f64);
    /// The screen as `Any`, so that its own controls' handlers reach it.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// See [`View::ADDRESS`].
    fn address(&self) -> &'static [&'static str];
    /// Changes whenever what a save holds changes (see
    /// [`Session::revision`]).
    fn revision(&self) -> u64;
    /// The game as a save, the clock read at `now`.
    fn save(&self, now: f64) -> String;
    /// Plays the game of a save instead; `Err` (a lower-case reason), and
    /// the game in play kept, if the save cannot be read.
    fn restore(&mut self, text: &str, now: f64) -> Result<(), String>;
    /// Plays the position of a link instead; `Err` (a lower-case reason),
    /// and the game in play kept, if the link cannot be read.
    fn open_link(&mut self, rules: Option<&str>, board: &str) -> Result<(), String>;
    /// The query of a link to the position shown (`?game=…`), or why there
    /// can be none.
    fn share_query(&self) -> Result<String, String>;
    /// The auto-solve's speed, in moves a second.
    fn speed(&self) -> f64;
}

impl<V: View> AnyScreen for Screen<V> {
    fn id(&self) -> &'static str {
        <V::Game as SaveFormat>::ID
    }

    fn name(&self) -> &'static str {
        V::NAME
    }

    fn board_label(&self) -> &'static str {
        V::BOARD_LABEL
    }

    fn play(&self) -> &dyn Play {
        &self.game
    }

    fn play_mut(&mut self) -> &mut dyn Play {
        &mut self.game
    }

    fn draw(&self, canvas: &Canvas<'_>, now: f64) {
        self.view.draw(&self.game, canvas, now);
    }

    fn install(&self, slot: &ScreenSlot) -> Result<(), JsValue> {
        self.view.install(slot)
    }

    fn refresh(&mut self, now: f64) {
        self.view.refresh(&self.game, now);
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn address(&self) -> &'static [&'static str] {
        V::ADDRESS
    }

    fn revision(&self) -> u64 {
        self.game.revision()
    }

    fn save(&self, now: f64) -> String {
        self.game.save(now)
    }

    fn restore(&mut self, text: &str, now: f64) -> Result<(), String> {
        let restored = Session::restore(text, now)?;
        // What the screen had to say as it was built (a picture that could
        // not be used) still stands for the game read back.
        let note = self.game.note().to_string();
        self.game = restored;
        if !note.is_empty() {
            self.game.set_note(note);
        }
        Ok(())
    }

    fn open_link(&mut self, rules: Option<&str>, board: &str) -> Result<(), String> {
        self.game = Session::open_link(rules, board)?;
        Ok(())
    }

    fn share_query(&self) -> Result<String, String> {
        self.game.share_link().map(|link| link.query())
    }

    fn speed(&self) -> f64 {
        self.game.speed()
    }
}

/// A game's position typed or copied as text: the box, its Load and Export
/// buttons, and the line under it where a refusal is said. Load replaces the
/// game only with a position its rules read whole; a refusal leaves the game
/// as it was.
pub(super) struct PositionText {
    text: HtmlTextAreaElement,
    load: HtmlButtonElement,
    export: HtmlButtonElement,
    error: Element,
}

impl PositionText {
    /// The elements `{prefix}-text`, `-load`, `-export` and `-error` of
    /// `index.html`.
    pub(super) fn find(prefix: &str) -> Result<PositionText, JsValue> {
        Ok(PositionText {
            text: by_id(&format!("{prefix}-text"))?,
            load: by_id(&format!("{prefix}-load"))?,
            export: by_id(&format!("{prefix}-export"))?,
            error: by_id(&format!("{prefix}-error"))?,
        })
    }

    /// Binds Load (the box read into the game, or the reason it cannot be
    /// said under it) and Export (the game's position written into the box)
    /// for the screen of view `V`, whose box `part` picks out.
    pub(super) fn install<V: View>(
        &self,
        slot: &ScreenSlot,
        part: fn(&V) -> &PositionText,
    ) -> Result<(), JsValue> {
        slot.on(
            &self.load,
            "click",
            move |screen: &mut Screen<V>, solver, _, _: web_sys::Event| {
                let own = part(&screen.view);
                let loaded = screen.game.load_text(&own.text.value(), solver);
                set_text(&own.error, loaded.err().as_deref().unwrap_or(""));
            },
        )?;
        slot.on(
            &self.export,
            "click",
            move |screen: &mut Screen<V>, _, _, _: web_sys::Event| {
                let own = part(&screen.view);
                own.text.set_value(&screen.game.export_text());
                set_text(&own.error, "");
            },
        )
    }
}
