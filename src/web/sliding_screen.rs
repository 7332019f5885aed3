//! The sliding puzzle's part of the page: its drawing, and its own controls
//! (Size, Shuffle with its Difficulty, the typed-in board, and the pictures
//! on the tiles, in [`super::pictures`]).

use wasm_bindgen::prelude::*;
use web_sys::{
    Element, HtmlButtonElement, HtmlElement, HtmlOptionElement, HtmlSelectElement,
    HtmlTextAreaElement,
};

use super::dom::{by_id, random_seed, set_hidden, set_text, url_param};
use super::draw::Canvas;
use super::pictures::{Pictures, ShowsPictures};
use super::screen::{Screen, View};
use super::services::ScreenSlot;
use super::sliding_draw::{draw_board, Overlay};
use crate::app::address;
use crate::app::sliding::{parse_size, tile_moved, SlidingGame, SlidingPuzzle};
use crate::app::workers::SolverQueue;
use crate::app::{Play, Session};
use crate::sliding::difficulty::{has_levels, Level};
use crate::sliding::Board;

/// The size a new visitor plays.
const DEFAULT_SIZE: (usize, usize) = (4, 4);

/// The sliding puzzle's own controls.
pub struct SlidingView {
    size: HtmlSelectElement,
    shuffle: HtmlButtonElement,
    difficulty: HtmlSelectElement,
    difficulty_field: HtmlElement,
    board_text: HtmlTextAreaElement,
    load: HtmlButtonElement,
    board_error: Element,
    /// What the tiles show: numbers or a picture.
    pictures: Pictures,
}

type SlidingScreen = Screen<SlidingView>;

/// The sliding puzzle with the board the address asks for
/// (`?size=WxH&seed=N`), or a random board of the default size.
pub fn sliding_screen() -> Result<SlidingScreen, JsValue> {
    // Each parameter the page cannot honour as written says so.
    let size = url_param("size").map(|text| address::size(&text, DEFAULT_SIZE));
    let seed = url_param("seed").map(|text| address::seed(&text));
    let (width, height) = size.as_ref().map_or(DEFAULT_SIZE, |size| size.value);
    let dealt = seed
        .as_ref()
        .and_then(|seed| seed.value)
        .unwrap_or_else(random_seed);
    let board = Board::shuffled(width, height, dealt).map_err(|e| e.to_string())?;
    let (pictures, damaged) = Pictures::find()?;
    let mut game = Session::new(SlidingPuzzle, board);
    let notes: Vec<String> = [
        size.and_then(|size| size.note),
        // A maze's seed is route finding's to speak of.
        seed.and_then(|seed| seed.note)
            .filter(|_| url_param("map").is_none()),
        damaged,
    ]
    .into_iter()
    .flatten()
    .collect();
    if !notes.is_empty() {
        game.set_note(notes.join(" "));
    }
    Ok(Screen {
        game,
        view: SlidingView {
            size: by_id("size")?,
            shuffle: by_id("shuffle")?,
            difficulty: by_id("difficulty")?,
            difficulty_field: by_id("difficulty-field")?,
            board_text: by_id("board-text")?,
            load: by_id("load")?,
            board_error: by_id("board-error")?,
            pictures,
        },
    })
}

impl SlidingScreen {
    /// Deals a random board of `size`, or of the current size, at the
    /// difficulty chosen (see [`crate::app::sliding::deal`]).
    fn shuffle(&mut self, size: Option<(usize, usize)>, now: f64, solver: &mut dyn SolverQueue) {
        let board = self.game.state();
        let size = size.unwrap_or((board.width(), board.height()));
        let level = Level::named(&self.view.difficulty.value()).unwrap_or(Level::Any);
        self.game.shuffle(size, level, random_seed(), now, solver);
    }
}

impl ShowsPictures for SlidingScreen {
    fn pictures_and_game(&mut self) -> (&mut Pictures, &mut dyn Play) {
        (&mut self.view.pictures, &mut self.game)
    }
}

impl View for SlidingView {
    type Game = SlidingPuzzle;
    const NAME: &'static str = "Sliding puzzle";
    const BOARD_LABEL: &'static str =
        "Puzzle board: click a tile in the blank's row or column to slide it, or use the arrow keys";
    const ADDRESS: &'static [&'static str] = &["size", "seed"];

    fn draw(&self, game: &SlidingGame, canvas: &Canvas<'_>, now: f64) {
        let overlay = Overlay {
            hint: game
                .hint()
                .and_then(|hint| tile_moved(game.state(), hint.mv)),
            celebration: game.celebration(now),
            picture: self.pictures.art(),
            nudge: game.nudge(now),
        };
        draw_board(canvas, game.frame(now), overlay);
    }

    fn install(&self, slot: &ScreenSlot) -> Result<(), JsValue> {
        self.pictures.install::<SlidingScreen>(slot)?;
        slot.on(
            &self.shuffle,
            "click",
            |screen: &mut SlidingScreen, solver, now, _: web_sys::Event| {
                screen.shuffle(None, now, solver)
            },
        )?;
        slot.on(
            &self.size,
            "change",
            |screen: &mut SlidingScreen, solver, now, _: web_sys::Event| {
                if let Ok(size) = parse_size(&screen.view.size.value()) {
                    screen.shuffle(Some(size), now, solver);
                }
            },
        )?;
        slot.on(
            &self.difficulty,
            "change",
            |screen: &mut SlidingScreen, solver, now, _: web_sys::Event| {
                screen.shuffle(None, now, solver)
            },
        )?;
        slot.on(
            &self.load,
            "click",
            |screen: &mut SlidingScreen, solver, _, _: web_sys::Event| {
                let view = &screen.view;
                let loaded = screen.game.load_text(&view.board_text.value(), solver);
                set_text(&view.board_error, loaded.err().as_deref().unwrap_or(""));
            },
        )
    }

    /// Shows the board's size in the Size selector, adding it if the list
    /// lacks it (a typed board of another size), and the picture chosen.
    fn refresh(&mut self, game: &SlidingGame, _now: f64) {
        self.pictures.refresh();
        let board = game.state();
        set_hidden(
            &self.difficulty_field,
            !has_levels(board.width(), board.height()),
        );
        let value = format!("{}x{}", board.width(), board.height());
        if self.size.value() == value {
            return;
        }
        let options = self.size.options();
        let exists = (0..options.length())
            .filter_map(|i| options.item(i))
            .any(|option| option.get_attribute("value").as_deref() == Some(value.as_str()));
        if !exists {
            let label = format!("{}×{}", board.width(), board.height());
            if let Ok(option) = HtmlOptionElement::new_with_text_and_value(&label, &value) {
                let _ = options.add_with_html_option_element(&option);
            }
        }
        self.size.set_value(&value);
    }
}
