//! Peg solitaire's part of the page: its drawing, and its own controls
//! (Layout, Goal, Restart, Edit, counting chains of jumps as one move, the
//! position's import and export, the pegs left).

use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlButtonElement, HtmlInputElement, HtmlOptionElement, HtmlSelectElement};

use super::dom::{by_id, set_text, url_param};
use super::draw::Canvas;
use super::pegs_draw::{draw_pegs, PegOverlay};
use super::screen::{PositionText, Screen, View};
use super::services::ScreenSlot;
use crate::app::address;
use crate::app::pegs::{layout_choices, PegGame, PegSolitaire, DEFAULT_LAYOUT};
use crate::app::wording::capitalise;
use crate::app::Play;
use crate::pegs::{layout, Goal, CENTRE};

/// The value the Layout selector shows for a position of the player's own.
const CUSTOM: &str = "custom";

/// Peg solitaire's own controls.
pub struct PegsView {
    layout: HtmlSelectElement,
    goal: HtmlSelectElement,
    restart: HtmlButtonElement,
    edit: HtmlButtonElement,
    chains: HtmlInputElement,
    pegs_left: Element,
    position: PositionText,
}

type PegsScreen = Screen<PegsView>;

/// Peg solitaire with the layout the address asks for (`?layout=ID`), or
/// the classic game.
pub fn pegs_screen() -> Result<PegsScreen, JsValue> {
    let classic = layout(DEFAULT_LAYOUT).ok_or("the default layout is missing")?;
    let asked = url_param("layout").map(|id| address::layout(&id, classic));
    let start = asked.as_ref().map_or(classic, |asked| asked.value);
    let address_note = asked.and_then(|asked| asked.note);
    let view = PegsView {
        layout: by_id("layout")?,
        goal: by_id("goal")?,
        restart: by_id("restart")?,
        edit: by_id("edit")?,
        chains: by_id("chains")?,
        pegs_left: by_id("pegs-left")?,
        position: PositionText::find("peg")?,
    };
    let options = view.layout.options();
    for (id, label) in layout_choices() {
        if let Ok(option) = HtmlOptionElement::new_with_text_and_value(&label, id) {
            let _ = options.add_with_html_option_element(&option);
        }
    }
    // Shown when the position is the player's own.
    if let Ok(option) = HtmlOptionElement::new_with_text_and_value("Your own", CUSTOM) {
        option.set_disabled(true);
        let _ = options.add_with_html_option_element(&option);
    }
    let mut game = PegGame::of_layout(&start);
    if let Some(note) = address_note {
        game.set_note(note);
    }
    Ok(Screen { game, view })
}

impl View for PegsView {
    type Game = PegSolitaire;
    const NAME: &'static str = "Peg solitaire";
    const BOARD_LABEL: &'static str = "Peg solitaire board: click a peg, then the hole to jump to; or move the cursor with the arrow keys and press Enter";
    const ADDRESS: &'static [&'static str] = &["layout"];

    fn draw(&self, game: &PegGame, canvas: &Canvas<'_>, now: f64) {
        let overlay = PegOverlay {
            selected: game.selected(),
            targets: game.targets(),
            hint: game.hint().map(|hint| hint.mv),
            cursor: game.cursor(),
            goal: game.game().goal().hole(),
            editing: game.is_editing(),
            celebration: game.celebration(now),
            nudge: game.nudge(now),
        };
        draw_pegs(canvas, game.frame(now), &overlay);
    }

    fn install(&self, slot: &ScreenSlot) -> Result<(), JsValue> {
        slot.on(
            &self.restart,
            "click",
            |screen: &mut PegsScreen, solver, now, _: web_sys::Event| {
                screen.game.restart(now, solver)
            },
        )?;
        slot.on(
            &self.edit,
            "click",
            |screen: &mut PegsScreen, solver, _, _: web_sys::Event| {
                let editing = !screen.game.is_editing();
                screen.game.set_editing(editing, solver);
            },
        )?;
        slot.on(
            &self.chains,
            "change",
            |screen: &mut PegsScreen, solver, _, _: web_sys::Event| {
                let chains = screen.view.chains.checked();
                screen.game.set_chains(chains, solver);
            },
        )?;
        slot.on(
            &self.layout,
            "change",
            |screen: &mut PegsScreen, solver, _, _: web_sys::Event| {
                let id = screen.view.layout.value();
                if let Err(message) = screen.game.load_layout(&id, solver) {
                    screen.game.set_note(capitalise(&message));
                }
            },
        )?;
        slot.on(
            &self.goal,
            "change",
            |screen: &mut PegsScreen, solver, _, _: web_sys::Event| {
                let goal = match screen.view.goal.value().as_str() {
                    "any" => Goal::AnyHole,
                    _ => Goal::Hole(CENTRE as u8),
                };
                screen.game.set_goal(goal, solver);
            },
        )?;
        self.position.install(slot, |view: &Self| &view.position)
    }

    fn refresh(&mut self, game: &PegGame, _now: f64) {
        set_text(&self.pegs_left, &game.pegs_left());
        let editing = game.is_editing();
        let _ = self
            .edit
            .set_attribute("aria-pressed", if editing { "true" } else { "false" });
        set_text(&self.edit, if editing { "Done editing" } else { "Edit" });
        let layout = game.layout_id().unwrap_or(CUSTOM);
        if self.layout.value() != layout {
            self.layout.set_value(layout);
        }
        let goal = match game.game().goal() {
            Goal::AnyHole => "any",
            Goal::Hole(_) => "centre",
        };
        if self.goal.value() != goal {
            self.goal.set_value(goal);
        }
        if self.chains.checked() != game.game().counts_chains() {
            self.chains.set_checked(game.game().counts_chains());
        }
    }
}
