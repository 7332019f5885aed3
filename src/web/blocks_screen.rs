//! The sliding-block puzzles' part of the page: their drawing, and their
//! own controls (Layout, what a move counts, Restart, the position's
//! import and export).

use wasm_bindgen::prelude::*;
use web_sys::{HtmlButtonElement, HtmlOptionElement, HtmlSelectElement};

use super::blocks_draw::{draw_blocks, BlockOverlay};
use super::dom::{by_id, url_param};
use super::draw::Canvas;
use super::screen::{PositionText, Screen, View};
use super::services::ScreenSlot;
use crate::app::blocks::{
    layout_choices, metric_choices, BlocksGame, SlidingBlocks, DEFAULT_LAYOUT,
};
use crate::app::wording::capitalise;
use crate::app::Play;
use crate::blocks::{layout, Metric};

/// The value the Layout selector shows for a position of the player's own.
const CUSTOM: &str = "custom";

/// The sliding-block puzzles' own controls.
pub struct BlocksView {
    layout: HtmlSelectElement,
    metric: HtmlSelectElement,
    restart: HtmlButtonElement,
    position: PositionText,
}

type BlocksScreen = Screen<BlocksView>;

/// The layout the address asks for (`?blocks=ID`), or Klotski's classic;
/// an unknown one is said and the classic played.
pub fn blocks_screen() -> Result<BlocksScreen, JsValue> {
    let view = BlocksView {
        layout: by_id("blocks-layout")?,
        metric: by_id("blocks-metric")?,
        restart: by_id("blocks-restart")?,
        position: PositionText::find("blocks")?,
    };
    let options = view.layout.options();
    for (id, label) in layout_choices() {
        if let Ok(option) = HtmlOptionElement::new_with_text_and_value(label, id) {
            let _ = options.add_with_html_option_element(&option);
        }
    }
    if let Ok(option) = HtmlOptionElement::new_with_text_and_value("Your own", CUSTOM) {
        option.set_disabled(true);
        let _ = options.add_with_html_option_element(&option);
    }
    let options = view.metric.options();
    for (id, label) in metric_choices() {
        if let Ok(option) = HtmlOptionElement::new_with_text_and_value(label, id) {
            let _ = options.add_with_html_option_element(&option);
        }
    }
    let asked = url_param("blocks");
    let id = asked
        .as_deref()
        .filter(|id| layout(id).is_some())
        .unwrap_or(DEFAULT_LAYOUT);
    let mut game = BlocksGame::of_layout(id).map_err(|message| JsValue::from_str(&message))?;
    if let Some(asked) = asked.filter(|asked| layout(asked).is_none()) {
        game.set_note(format!(
            "There is no layout called '{}': here is Klotski's classic.",
            asked.chars().take(40).collect::<String>()
        ));
    }
    Ok(Screen { game, view })
}

impl View for BlocksView {
    type Game = SlidingBlocks;
    const NAME: &'static str = "Sliding blocks";
    const BOARD_LABEL: &'static str = "Sliding-block board: tap a piece, then where it should go, or drag it; or press Enter to pick a piece and the arrow keys to slide it";
    const ADDRESS: &'static [&'static str] = &["blocks"];

    fn draw(&self, game: &BlocksGame, canvas: &Canvas<'_>, now: f64) {
        let overlay = BlockOverlay {
            selected: game.selected(),
            keyboard: game.keyboard(),
            targets: game.targets(),
            hint: game.hint().map(|hint| hint.mv),
            celebration: game.celebration(now),
            nudge: game.nudge(now),
        };
        draw_blocks(canvas, game.frame(now), &overlay);
    }

    fn install(&self, slot: &ScreenSlot) -> Result<(), JsValue> {
        slot.on(
            &self.restart,
            "click",
            |screen: &mut BlocksScreen, solver, now, _: web_sys::Event| {
                screen.game.restart(now, solver)
            },
        )?;
        slot.on(
            &self.layout,
            "change",
            |screen: &mut BlocksScreen, solver, _, _: web_sys::Event| {
                let id = screen.view.layout.value();
                if let Err(message) = screen.game.load_layout(&id, solver) {
                    screen.game.set_note(capitalise(&message));
                }
            },
        )?;
        slot.on(
            &self.metric,
            "change",
            |screen: &mut BlocksScreen, solver, _, _: web_sys::Event| {
                let metric = Metric::from_id(&screen.view.metric.value()).unwrap_or_default();
                screen.game.set_metric(metric, solver);
            },
        )?;
        self.position.install(slot, |view: &Self| &view.position)
    }

    fn refresh(&mut self, game: &BlocksGame, _now: f64) {
        let layout = game.layout_id().unwrap_or(CUSTOM);
        if self.layout.value() != layout {
            self.layout.set_value(layout);
        }
        let metric = game.game().metric().id();
        if self.metric.value() != metric {
            self.metric.set_value(metric);
        }
    }
}
