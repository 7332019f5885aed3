//! The page: binds the game to the canvas, the controls and the worker.
//!
//! Events become calls on [`SlidingGame`] or [`PegGame`], whichever is
//! shown (the peg side is in `peg_page`); after each, the controls are
//! refreshed from the game and, while anything moves, frames are drawn on
//! `requestAnimationFrame`. The timer runs only while something animates.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Element, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement, KeyboardEvent, PointerEvent,
};

use super::canvas::{draw_board, Overlay, Palette};
use super::dom::{by_id, document, listen, now, set_hidden, set_text, window};
use super::solver_pool::{PoolEvent, SolverPool};
use crate::app::input::{key_action, swipe_dir, Action};
use crate::app::layout::Layout;
use crate::app::pegs::{PegGame, DEFAULT_LAYOUT};
use crate::app::sliding::{parse_size, SearchProgress, SlidingGame, SolveRequest};
use crate::app::wording::capitalise;
use crate::pegs::{layout as peg_layout, Layout as PegLayout, PegBoard};
use crate::sliding::{Board, Move, BLANK};

/// The size a new visitor plays.
const DEFAULT_SIZE: (usize, usize) = (4, 4);
/// How far a touch must travel, in CSS pixels, to count as a swipe.
const SWIPE_MIN_PX: f64 = 24.0;
/// How often the clock on the status line is refreshed, in milliseconds.
const CLOCK_REFRESH_MS: i32 = 250;

type Shared = Rc<RefCell<App>>;

/// The elements the page is built from (`index.html`).
pub(super) struct Controls {
    pub(super) game: HtmlSelectElement,
    pub(super) layout: HtmlSelectElement,
    pub(super) goal: HtmlSelectElement,
    pub(super) restart: HtmlButtonElement,
    pub(super) edit: HtmlButtonElement,
    pub(super) pegs_left: Element,
    pub(super) peg_text: HtmlTextAreaElement,
    pub(super) peg_load: HtmlButtonElement,
    pub(super) peg_export: HtmlButtonElement,
    pub(super) peg_error: Element,
    size: HtmlSelectElement,
    shuffle: HtmlButtonElement,
    pub(super) undo: HtmlButtonElement,
    pub(super) redo: HtmlButtonElement,
    pub(super) hint: HtmlButtonElement,
    pub(super) solve: HtmlButtonElement,
    pub(super) cancel: HtmlButtonElement,
    pub(super) stop: HtmlButtonElement,
    pub(super) speed: HtmlInputElement,
    pub(super) speed_value: Element,
    pub(super) moves: Element,
    pub(super) clock: Element,
    pub(super) solved: HtmlElement,
    pub(super) message: Element,
    pub(super) description: Element,
    board_text: HtmlTextAreaElement,
    load: HtmlButtonElement,
    board_error: Element,
    pub(super) wrap: HtmlElement,
}

impl Controls {
    fn find() -> Result<Controls, JsValue> {
        Ok(Controls {
            game: by_id("game")?,
            layout: by_id("layout")?,
            goal: by_id("goal")?,
            restart: by_id("restart")?,
            edit: by_id("edit")?,
            pegs_left: by_id("pegs-left")?,
            peg_text: by_id("peg-text")?,
            peg_load: by_id("peg-load")?,
            peg_export: by_id("peg-export")?,
            peg_error: by_id("peg-error")?,
            size: by_id("size")?,
            shuffle: by_id("shuffle")?,
            undo: by_id("undo")?,
            redo: by_id("redo")?,
            hint: by_id("hint")?,
            solve: by_id("solve")?,
            cancel: by_id("cancel")?,
            stop: by_id("stop")?,
            speed: by_id("speed")?,
            speed_value: by_id("speed-value")?,
            moves: by_id("moves")?,
            clock: by_id("clock")?,
            solved: by_id("solved")?,
            message: by_id("message")?,
            description: by_id("board-description")?,
            board_text: by_id("board-text")?,
            load: by_id("load")?,
            board_error: by_id("board-error")?,
            wrap: by_id("board-wrap")?,
        })
    }
}

/// A touch or click in progress on the board.
#[derive(Clone, Copy)]
pub(super) struct PointerStart {
    pub(super) id: i32,
    pub(super) x: f64,
    pub(super) y: f64,
}

/// Which game the page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Sliding,
    Pegs,
}

/// Everything the page holds.
pub struct App {
    pub(super) kind: Kind,
    game: SlidingGame,
    pub(super) pegs: PegGame,
    /// Whether the keyboard last moved the peg cursor (it is drawn then).
    pub(super) keyboard: bool,
    pub(super) controls: Controls,
    pub(super) canvas: HtmlCanvasElement,
    pub(super) ctx: CanvasRenderingContext2d,
    pub(super) layout: Layout,
    pub(super) scale: f64,
    pub(super) palette: Palette,
    pub(super) solver: Option<SolverPool>,
    /// What the pool reported during the current event, applied after it.
    events: Rc<RefCell<Vec<PoolEvent>>>,
    pub(super) pointer: Option<PointerStart>,
    frame: Option<Closure<dyn FnMut(f64)>>,
    frame_requested: bool,
    described: Option<Board>,
    pub(super) described_pegs: Option<PegBoard>,
}

/// Builds the game on the page, if the page has one (`#slide-app`).
pub fn mount() -> Result<(), JsValue> {
    if document().get_element_by_id("slide-app").is_none() {
        return Ok(());
    }
    let canvas: HtmlCanvasElement = by_id("board")?;
    let ctx = canvas
        .get_context("2d")?
        .ok_or("the browser has no 2D canvas")?
        .dyn_into::<CanvasRenderingContext2d>()?;
    let (width, height, seed) = initial_game();
    let board = Board::shuffled(width, height, seed).map_err(|e| e.to_string())?;
    let controls = Controls::find()?;
    let (kind, peg_layout) = initial_kind();
    let app = Rc::new(RefCell::new(App {
        kind: Kind::Sliding,
        game: SlidingGame::new(board),
        pegs: PegGame::new(&peg_layout),
        keyboard: false,
        controls,
        canvas,
        ctx,
        layout: Layout::fit(width, height, 300.0, 300.0),
        scale: 1.0,
        palette: Palette::default(),
        solver: None,
        events: Rc::new(RefCell::new(Vec::new())),
        pointer: None,
        frame: None,
        frame_requested: false,
        described: None,
        described_pegs: None,
    }));
    install(&app)?;
    {
        let mut page = app.borrow_mut();
        page.select_size_option(width, height);
        page.fill_layout_options();
        let speed = page.controls.speed.value_as_number();
        page.game.set_speed(speed);
        page.pegs.set_speed(speed);
        page.palette = read_palette(&page.canvas);
        page.switch_to(kind);
        page.resize();
    }
    refresh(&app);
    PAGE.with(|page| *page.borrow_mut() = Some(app));
    Ok(())
}

thread_local! {
    /// The page's one game, alive as long as the page; event handlers hold
    /// only weak references to it.
    static PAGE: RefCell<Option<Shared>> = const { RefCell::new(None) };
}

/// The size and seed to start with: `?size=WxH&seed=N` in the address, or
/// the default size and a random seed.
fn initial_game() -> (usize, usize, u64) {
    let search = window().location().search().unwrap_or_default();
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok();
    let param = |name: &str| params.as_ref().and_then(|p| p.get(name));
    let (width, height) = param("size")
        .and_then(|text| parse_size(&text).ok())
        .unwrap_or(DEFAULT_SIZE);
    let seed = param("seed")
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(random_seed);
    (width, height, seed)
}

/// The game to start with: `?game=pegs` (with `&layout=ID`) in the address
/// for peg solitaire, else the sliding puzzle.
fn initial_kind() -> (Kind, PegLayout) {
    let search = window().location().search().unwrap_or_default();
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok();
    let param = |name: &str| params.as_ref().and_then(|p| p.get(name));
    let kind = match param("game").as_deref() {
        Some("pegs") => Kind::Pegs,
        _ => Kind::Sliding,
    };
    let layout = param("layout")
        .and_then(|id| peg_layout(&id))
        .or_else(|| peg_layout(DEFAULT_LAYOUT))
        .expect("the default layout exists");
    (kind, layout)
}

fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}

fn install(app: &Shared) -> Result<(), JsValue> {
    let weak = Rc::downgrade(app);
    let events = app.borrow().events.clone();
    let solver = SolverPool::new(move |event| events.borrow_mut().push(event), {
        let weak = weak.clone();
        move |index, reply| {
            // Workers talk often (every batch of a split search): only
            // what changes the game redraws the page.
            let Some(app) = weak.upgrade() else {
                return;
            };
            let changed = {
                let mut page = app.borrow_mut();
                if let Some(solver) = &mut page.solver {
                    solver.receive(index, reply);
                }
                page.apply_events(now())
            };
            if changed {
                refresh(&app);
            }
        }
    });
    let frame = Closure::<dyn FnMut(f64)>::new({
        let weak = weak.clone();
        move |time: f64| {
            if let Some(app) = weak.upgrade() {
                app.borrow_mut().frame_requested = false;
                app.borrow_mut().tick(time);
                refresh(&app);
            }
        }
    });
    {
        let mut page = app.borrow_mut();
        match solver {
            Ok(solver) => page.solver = Some(solver),
            Err(message) => page
                .game
                .set_note(format!("The solver could not start: {message}")),
        }
        page.frame = Some(frame);
        page.prepare_tables();
    }

    let page = app.borrow();
    let c = &page.controls;
    on_click(&c.shuffle, &weak, |page, now| page.new_game(None, now));
    on_click(&c.undo, &weak, |page, now| page.undo(now));
    on_click(&c.redo, &weak, |page, now| page.redo(now));
    on_click(&c.hint, &weak, |page, now| page.hint(now));
    on_click(&c.solve, &weak, |page, now| page.solve(now));
    on_click(&c.restart, &weak, |page, now| {
        page.cancel_pegs();
        page.pegs.restart(now);
    });
    on_click(&c.edit, &weak, |page, _| page.toggle_editing());
    on_click(&c.peg_load, &weak, |page, now| page.load_peg_text(now));
    on_click(&c.peg_export, &weak, |page, _| page.export_peg_text());
    listen::<web_sys::Event>(&c.game, "change", {
        let weak = weak.clone();
        move |_| {
            with(&weak, |page, _| {
                let kind = match page.controls.game.value().as_str() {
                    "pegs" => Kind::Pegs,
                    _ => Kind::Sliding,
                };
                page.switch_to(kind);
            })
        }
    })?;
    listen::<web_sys::Event>(&c.layout, "change", {
        let weak = weak.clone();
        move |_| with(&weak, |page, _| page.choose_layout())
    })?;
    listen::<web_sys::Event>(&c.goal, "change", {
        let weak = weak.clone();
        move |_| with(&weak, |page, _| page.choose_goal())
    })?;
    on_click(&c.cancel, &weak, |page, _| page.cancel());
    on_click(&c.stop, &weak, |page, _| page.cancel());
    on_click(&c.load, &weak, |page, now| page.load_typed_board(now));
    listen::<web_sys::Event>(&c.size, "change", {
        let weak = weak.clone();
        move |_| {
            with(&weak, |page, now| {
                if let Ok((width, height)) = parse_size(&page.controls.size.value()) {
                    page.new_game(Some((width, height)), now);
                }
            })
        }
    })?;
    listen::<web_sys::Event>(&c.speed, "input", {
        let weak = weak.clone();
        move |_| {
            with(&weak, |page, _| {
                let speed = page.controls.speed.value_as_number();
                page.game.set_speed(speed);
                page.pegs.set_speed(speed);
            })
        }
    })?;
    listen::<PointerEvent>(&page.canvas, "pointerdown", {
        let weak = weak.clone();
        move |event| with(&weak, |page, _| page.pointer_down(&event))
    })?;
    listen::<PointerEvent>(&page.canvas, "pointerup", {
        let weak = weak.clone();
        move |event| with(&weak, |page, now| page.pointer_up(&event, now))
    })?;
    listen::<web_sys::Event>(&page.canvas, "blur", {
        let weak = weak.clone();
        move |_| with(&weak, |page, _| page.keyboard = false)
    })?;
    listen::<PointerEvent>(&page.canvas, "pointercancel", {
        let weak = weak.clone();
        move |_| with(&weak, |page, _| page.pointer = None)
    })?;
    listen::<KeyboardEvent>(&document(), "keydown", {
        let weak = weak.clone();
        move |event| with(&weak, |page, now| page.key_down(&event, now))
    })?;
    listen::<web_sys::Event>(&window(), "resize", {
        let weak = weak.clone();
        move |_| with(&weak, |page, _| page.resize())
    })?;
    let observer_callback = Closure::<dyn FnMut(js_sys::Array)>::new({
        let weak = weak.clone();
        move |_entries| with(&weak, |page, _| page.resize())
    });
    let observer = web_sys::ResizeObserver::new(observer_callback.as_ref().unchecked_ref())?;
    observer.observe(&c.wrap);
    observer_callback.forget();
    let clock = Closure::<dyn FnMut()>::new({
        let weak = weak.clone();
        move || {
            if let Some(app) = weak.upgrade() {
                if app.borrow().is_clock_running() {
                    refresh(&app);
                }
            }
        }
    });
    window().set_interval_with_callback_and_timeout_and_arguments_0(
        clock.as_ref().unchecked_ref(),
        CLOCK_REFRESH_MS,
    )?;
    clock.forget();
    Ok(())
}

/// Runs `f` on the page (if it still exists) with the current time, then
/// refreshes what is shown.
fn with(weak: &Weak<RefCell<App>>, f: impl FnOnce(&mut App, f64)) {
    if let Some(app) = weak.upgrade() {
        f(&mut app.borrow_mut(), now());
        refresh(&app);
    }
}

fn on_click(
    button: &HtmlButtonElement,
    weak: &Weak<RefCell<App>>,
    f: impl Fn(&mut App, f64) + 'static,
) {
    let weak = weak.clone();
    let _ = listen::<web_sys::Event>(button, "click", move |_| with(&weak, &f));
}

/// Redraws and refreshes the controls; asks for another frame while anything
/// moves.
fn refresh(app: &Shared) {
    let time = now();
    let mut page = app.borrow_mut();
    page.render(time);
    page.update_controls(time);
    if page.is_animating(time) && !page.frame_requested {
        if let Some(frame) = &page.frame {
            if window()
                .request_animation_frame(frame.as_ref().unchecked_ref())
                .is_ok()
            {
                page.frame_requested = true;
            }
        }
    }
}

impl App {
    fn render(&self, time: f64) {
        if self.kind == Kind::Pegs {
            return self.render_pegs(time);
        }
        let overlay = Overlay {
            hint: self.game.hint().map(|hint| hint.tile),
            celebration: self.game.celebration(time),
        };
        draw_board(
            &self.ctx,
            &self.layout,
            self.scale,
            &self.palette,
            self.game.frame(time),
            overlay,
        );
    }

    fn update_controls(&mut self, time: f64) {
        if self.kind == Kind::Pegs {
            return self.update_peg_controls(time);
        }
        let c = &self.controls;
        let status = self.game.status(time);
        set_text(&c.moves, &status.moves);
        set_text(&c.clock, &status.time);
        set_text(&c.solved, status.solved.as_deref().unwrap_or(""));
        set_hidden(&c.solved, status.solved.is_none());
        set_text(&c.message, &self.game.message());
        c.undo.set_disabled(!self.game.can_undo());
        c.redo.set_disabled(!self.game.can_redo());
        set_hidden(&c.cancel, !self.game.is_searching());
        set_hidden(&c.stop, !self.game.is_autoplaying());
        c.hint.set_disabled(self.game.is_autoplaying());
        c.solve.set_disabled(self.game.is_autoplaying());
        set_text(&c.speed_value, &format!("{} moves/s", self.game.speed()));
        if self.described.as_ref() != Some(self.game.board()) {
            let description = describe(self.game.board());
            set_text(&self.controls.description, &description);
            self.described = Some(self.game.board().clone());
        }
    }

    /// Fits the canvas to its box, sharp at the device's pixel ratio.
    pub(super) fn resize(&mut self) {
        let (cols, rows) = match self.kind {
            Kind::Sliding => (self.game.board().width(), self.game.board().height()),
            Kind::Pegs => (7, 7),
        };
        let wrap = &self.controls.wrap;
        let available_width = f64::from(wrap.client_width()).max(60.0);
        let available_height = f64::from(wrap.client_height()).max(60.0);
        self.layout = Layout::fit(cols, rows, available_width, available_height);
        self.scale = window().device_pixel_ratio().max(1.0);
        self.canvas
            .set_width((self.layout.width * self.scale).round() as u32);
        self.canvas
            .set_height((self.layout.height * self.scale).round() as u32);
        let style = self.canvas.style();
        let _ = style.set_property("width", &format!("{}px", self.layout.width));
        let _ = style.set_property("height", &format!("{}px", self.layout.height));
        self.render(now());
    }

    fn new_game(&mut self, size: Option<(usize, usize)>, time: f64) {
        let board = self.game.board();
        let (width, height) = size.unwrap_or((board.width(), board.height()));
        let board = Board::shuffled(width, height, random_seed())
            .expect("sizes come from the size list, all in range");
        self.start(board, time);
    }

    fn start(&mut self, board: Board, _time: f64) {
        if let Some(solver) = &mut self.solver {
            solver.cancel();
        }
        let (width, height) = (board.width(), board.height());
        let resized = (width, height) != (self.game.board().width(), self.game.board().height());
        self.game.restart(board);
        self.select_size_option(width, height);
        if resized {
            self.resize();
        }
        self.prepare_tables();
    }

    /// With a 4x4 on screen, starts downloading its tables (in the worker,
    /// once), so that the first hint is quick; players of other sizes never
    /// download them.
    fn prepare_tables(&mut self) {
        if (self.game.board().width(), self.game.board().height()) == (4, 4) {
            if let Some(solver) = &self.solver {
                solver.prepare();
            }
        }
    }

    fn select_size_option(&self, width: usize, height: usize) {
        let value = format!("{width}x{height}");
        let select = &self.controls.size;
        let options = select.options();
        let exists = (0..options.length())
            .filter_map(|i| options.item(i))
            .any(|option| option.get_attribute("value").as_deref() == Some(value.as_str()));
        if !exists {
            if let Ok(option) = web_sys::HtmlOptionElement::new_with_text_and_value(
                &format!("{width}×{height}"),
                &value,
            ) {
                let _ = options.add_with_html_option_element(&option);
            }
        }
        select.set_value(&value);
    }

    fn load_typed_board(&mut self, time: f64) {
        let text = self.controls.board_text.value();
        match Board::parse(&text) {
            Ok(board) => {
                set_text(&self.controls.board_error, "");
                self.start(board, time);
                self.game.set_note("Board loaded. Your move!");
            }
            Err(error) => {
                // The game in progress is kept as it is.
                set_text(&self.controls.board_error, &capitalise(&error.to_string()));
            }
        }
    }

    fn tick(&mut self, time: f64) {
        match self.kind {
            Kind::Sliding => self.game.tick(time),
            Kind::Pegs => self.pegs.tick(time),
        };
    }

    fn is_animating(&self, time: f64) -> bool {
        match self.kind {
            Kind::Sliding => self.game.is_animating(time),
            Kind::Pegs => self.pegs.is_animating(time),
        }
    }

    fn is_clock_running(&self) -> bool {
        match self.kind {
            Kind::Sliding => self.game.is_clock_running(),
            Kind::Pegs => self.pegs.is_clock_running(),
        }
    }

    fn undo(&mut self, time: f64) {
        match self.kind {
            Kind::Sliding => self.game.undo(time),
            Kind::Pegs => self.pegs.undo(time),
        };
    }

    fn redo(&mut self, time: f64) {
        match self.kind {
            Kind::Sliding => self.game.redo(time),
            Kind::Pegs => self.pegs.redo(time),
        };
    }

    fn hint(&mut self, time: f64) {
        match self.kind {
            Kind::Sliding => {
                let request = self.game.request_hint(time);
                self.send(request);
            }
            Kind::Pegs => {
                let request = self.pegs.request_hint(time);
                self.send_pegs(request);
            }
        }
    }

    fn solve(&mut self, time: f64) {
        match self.kind {
            Kind::Sliding => {
                let request = self.game.request_solve(time);
                self.send(request);
            }
            Kind::Pegs => {
                let request = self.pegs.request_solve(time);
                self.send_pegs(request);
            }
        }
    }

    /// Shows the other game. Whatever either game asked of the solver is
    /// dropped; each game keeps its position and history.
    pub(super) fn switch_to(&mut self, kind: Kind) {
        self.game.cancel();
        self.pegs.cancel();
        self.pegs.set_note("");
        if let Some(solver) = &mut self.solver {
            solver.cancel();
        }
        self.kind = kind;
        self.controls.game.set_value(match kind {
            Kind::Sliding => "sliding",
            Kind::Pegs => "pegs",
        });
        let name = match kind {
            Kind::Sliding => "sliding",
            Kind::Pegs => "pegs",
        };
        if let Ok(parts) = document().query_selector_all("[data-game]") {
            for i in 0..parts.length() {
                if let Some(part) = parts.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
                    let mine = part.get_attribute("data-game").as_deref() == Some(name);
                    set_hidden(&part, !mine);
                }
            }
        }
        let label = match kind {
            Kind::Sliding => "Puzzle board: click a tile in the blank's row or column to slide it, or use the arrow keys",
            Kind::Pegs => "Peg solitaire board: click a peg, then the hole to jump to; or move the cursor with the arrow keys and press Enter",
        };
        let _ = self.canvas.set_attribute("aria-label", label);
        let _ = document()
            .get_element_by_id("slide-app")
            .map(|root| root.set_attribute("data-playing", name));
        self.described = None;
        self.described_pegs = None;
        self.resize();
        if kind == Kind::Sliding {
            self.prepare_tables();
        }
    }

    fn send(&mut self, request: Option<SolveRequest>) {
        let Some(request) = request else {
            return;
        };
        match &mut self.solver {
            Some(solver) => solver.solve(request.id, &request.board),
            None => self
                .game
                .receive_error(request.id, "the solver is not available in this browser"),
        }
    }

    fn cancel(&mut self) {
        if self.kind == Kind::Pegs {
            if self.pegs.cancel() {
                if let Some(solver) = &mut self.solver {
                    solver.cancel();
                }
            }
            return;
        }
        if self.game.cancel() {
            if let Some(solver) = &mut self.solver {
                solver.cancel();
            }
        }
    }

    /// Hands what the solver pool reported to the game; true if there was
    /// anything.
    fn apply_events(&mut self, time: f64) -> bool {
        let events = std::mem::take(&mut *self.events.borrow_mut());
        let changed = !events.is_empty();
        for event in events {
            match event {
                PoolEvent::Progress {
                    id,
                    expanded,
                    bound,
                    elapsed_ms,
                    workers,
                } if self.kind == Kind::Pegs => self.pegs.receive_progress(
                    id,
                    SearchProgress {
                        expanded,
                        bound,
                        elapsed_ms,
                        workers,
                    },
                ),
                PoolEvent::PegAnswer { id, jumps } => {
                    if self.kind == Kind::Pegs {
                        self.pegs.receive_answer(id, jumps, time);
                    }
                }
                PoolEvent::Failed { id, message } if self.kind == Kind::Pegs => {
                    self.pegs.receive_error(id, &message)
                }
                PoolEvent::Progress {
                    id,
                    expanded,
                    bound,
                    elapsed_ms,
                    workers,
                } => self.game.receive_progress(
                    id,
                    SearchProgress {
                        expanded,
                        bound,
                        elapsed_ms,
                        workers,
                    },
                ),
                PoolEvent::Provisional { id, plan } => self.game.receive_provisional(id, plan),
                PoolEvent::Solved {
                    id,
                    plan,
                    elapsed_ms,
                } => {
                    self.game.receive_progress(
                        id,
                        SearchProgress {
                            expanded: plan.expanded,
                            bound: plan.moves.len() as u32,
                            elapsed_ms,
                            workers: 1,
                        },
                    );
                    self.game.receive_plan(id, plan, time);
                }
                PoolEvent::Failed { id, message } => self.game.receive_error(id, &message),
                PoolEvent::Note(note) => self.game.set_note(note),
                PoolEvent::TablesReady => {
                    // For tests and benchmarks: the 4x4 tables are loaded.
                    if let Some(root) = document().get_element_by_id("slide-app") {
                        let _ = root.set_attribute("data-tables", "ready");
                    }
                }
            }
        }
        changed
    }

    pub(super) fn pointer_down(&mut self, event: &PointerEvent) {
        let (x, y) = self.canvas_point(event);
        self.pointer = Some(PointerStart {
            id: event.pointer_id(),
            x,
            y,
        });
        let _ = self.canvas.set_pointer_capture(event.pointer_id());
        let _ = self.canvas.focus();
        event.prevent_default();
    }

    fn pointer_up(&mut self, event: &PointerEvent, time: f64) {
        if self.kind == Kind::Pegs {
            return self.peg_pointer_up(event, time);
        }
        let Some(start) = self.pointer.take().filter(|p| p.id == event.pointer_id()) else {
            return;
        };
        let (x, y) = self.canvas_point(event);
        let mv = match swipe_dir(x - start.x, y - start.y, SWIPE_MIN_PX) {
            Some(dir) => Some(Move::Push(dir)),
            None => self
                .layout
                .from_px(start.x, start.y)
                .and_then(|(row, col)| {
                    let tile = self
                        .game
                        .board()
                        .tile_at(row * self.game.board().width() + col);
                    (tile != BLANK).then_some(Move::Slide(tile))
                }),
        };
        if let Some(mv) = mv {
            // A tile out of line or a swipe against the edge is no move.
            let _ = self.game.play(mv, time);
        }
    }

    pub(super) fn canvas_point(&self, event: &PointerEvent) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (
            f64::from(event.client_x()) - rect.left(),
            f64::from(event.client_y()) - rect.top(),
        )
    }

    fn key_down(&mut self, event: &KeyboardEvent, time: f64) {
        if typing_target(event) || event.alt_key() {
            return;
        }
        if self.kind == Kind::Pegs {
            return self.peg_key_down(event, time);
        }
        let ctrl = event.ctrl_key() || event.meta_key();
        let Some(action) = key_action(&event.key(), ctrl, event.shift_key()) else {
            return;
        };
        event.prevent_default();
        match action {
            Action::Push(dir) => {
                let _ = self.game.play(Move::Push(dir), time);
            }
            Action::Undo => {
                self.game.undo(time);
            }
            Action::Redo => {
                self.game.redo(time);
            }
            Action::Hint => {
                let request = self.game.request_hint(time);
                self.send(request);
            }
        }
    }
}

/// Whether a key press is meant for a form field rather than the board.
pub(super) fn typing_target(event: &KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|target| target.dyn_into::<Element>().ok())
        .is_some_and(|element| {
            matches!(element.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
        })
}

/// The board in words, for screen readers.
fn describe(board: &Board) -> String {
    let rows: Vec<String> = board
        .tiles()
        .chunks(board.width())
        .enumerate()
        .map(|(row, tiles)| {
            let cells: Vec<String> = tiles
                .iter()
                .map(|&t| {
                    if t == BLANK {
                        "blank".into()
                    } else {
                        t.to_string()
                    }
                })
                .collect();
            format!("row {}: {}", row + 1, cells.join(", "))
        })
        .collect();
    format!(
        "{} by {} board{}. {}.",
        board.width(),
        board.height(),
        if board.is_solved() { ", solved" } else { "" },
        rows.join("; ")
    )
}

/// The canvas colours from the page's CSS custom properties, falling back to
/// the defaults for any the page does not set.
fn read_palette(canvas: &HtmlCanvasElement) -> Palette {
    let mut palette = Palette::default();
    let Ok(Some(style)) = window().get_computed_style(canvas) else {
        return palette;
    };
    let read = |name: &str, slot: &mut String| {
        if let Ok(value) = style.get_property_value(name) {
            let value = value.trim();
            if !value.is_empty() {
                *slot = value.to_string();
            }
        }
    };
    read("--board", &mut palette.board);
    read("--tile", &mut palette.tile);
    read("--tile-edge", &mut palette.tile_edge);
    read("--ink", &mut palette.ink);
    read("--home", &mut palette.home);
    read("--home-ink", &mut palette.home_ink);
    read("--accent", &mut palette.accent);
    palette
}
