//! The page shell's state and how it is refreshed: one canvas, the shared
//! controls (Game, Undo, Redo, Hint, Solve, Cancel, Stop, Speed, the status
//! line) and the solver pool, over every registered game's screen. It never
//! asks which game is shown: the page (`page`, which builds this and binds
//! the events) turns each event into a call on the shown game's [`Play`],
//! then the page is refreshed from it here, and while anything moves frames
//! are drawn on `requestAnimationFrame`. Timers run only while they are
//! needed: the animation while something moves, the status clock while the
//! game clock counts. It provides the screens' services ([`Host`]) and
//! names no game.

use std::any::Any;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Element, EventTarget, HtmlButtonElement, HtmlCanvasElement,
    HtmlElement, HtmlInputElement, HtmlSelectElement,
};

use super::announce::Announcer;
use super::best_scores;
use super::dom::{by_id, document, listen, now, set_hidden, set_text, window};
use super::draw::{Canvas, Palette};
use super::notice;
use super::pool::WebPool;
use super::screen::AnyScreen;
use super::services::Host;
use super::share::offer;
use super::storage::{keep, remember_shown};
use crate::app::grid::BoardLayout;
use crate::app::records::Records;
use crate::app::wording;
use crate::app::wording::capitalise;
use crate::app::workers::{Event, SolverQueue};
use crate::app::Play;

/// How often the status line's clock is refreshed while it counts.
const CLOCK_REFRESH_MS: i32 = 250;

/// The page as its handlers hold it (weakly) and [`PAGE`] keeps it.
pub(super) type Shared = Rc<RefCell<Page>>;

/// The shared elements of the page (`index.html`).
pub(super) struct Controls {
    pub(super) game: HtmlSelectElement,
    pub(super) undo: HtmlButtonElement,
    pub(super) redo: HtmlButtonElement,
    pub(super) hint: HtmlButtonElement,
    pub(super) solve: HtmlButtonElement,
    pub(super) cancel: HtmlButtonElement,
    pub(super) stop: HtmlButtonElement,
    pub(super) skip: HtmlButtonElement,
    pub(super) share: HtmlButtonElement,
    pub(super) speed: HtmlInputElement,
    pub(super) speed_value: Element,
    pub(super) moves: Element,
    pub(super) clock: Element,
    pub(super) solved: HtmlElement,
    pub(super) message: Element,
    pub(super) best: HtmlElement,
    pub(super) best_dot: HtmlElement,
    pub(super) description: Element,
    pub(super) wrap: HtmlElement,
}

impl Controls {
    pub(super) fn find() -> Result<Controls, JsValue> {
        Ok(Controls {
            game: by_id("game")?,
            undo: by_id("undo")?,
            redo: by_id("redo")?,
            hint: by_id("hint")?,
            solve: by_id("solve")?,
            cancel: by_id("cancel")?,
            stop: by_id("stop")?,
            skip: by_id("skip")?,
            share: by_id("share")?,
            speed: by_id("speed")?,
            speed_value: by_id("speed-value")?,
            moves: by_id("moves")?,
            clock: by_id("clock")?,
            solved: by_id("solved")?,
            message: by_id("message")?,
            best: by_id("best")?,
            best_dot: by_id("best-dot")?,
            description: by_id("board-description")?,
            wrap: by_id("board-wrap")?,
        })
    }
}

/// The page shell's state: every game's screen (the one shown at
/// `shown`), the canvas fitted to the shown game, the solver pool, and the
/// gesture and timers under way. Reached only through [`live`], so that a
/// handler cut short stops the page rather than leave it half changed.
pub(super) struct Page {
    pub(super) screens: Vec<Box<dyn AnyScreen>>,
    /// The index of the game shown.
    pub(super) shown: usize,
    pub(super) controls: Controls,
    pub(super) canvas: HtmlCanvasElement,
    pub(super) ctx: CanvasRenderingContext2d,
    pub(super) grid: BoardLayout,
    /// The grid size the canvas was fitted to: a new one refits it.
    pub(super) fitted: (usize, usize),
    pub(super) scale: f64,
    pub(super) palette: Palette,
    pub(super) pool: WebPool,
    /// The player's best scores, as kept in the browser.
    pub(super) records: Records,
    /// The pointers down on the board (at most two) with where each was
    /// last seen, the gesture's own first.
    pub(super) pointers: Vec<(i32, (f64, f64))>,
    /// Whether two pointers were down during this gesture: a pinch, which
    /// ends no tap or swipe.
    pub(super) pinched: bool,
    pub(super) frame: Option<Closure<dyn FnMut(f64)>>,
    pub(super) frame_requested: bool,
    pub(super) clock: Option<Closure<dyn FnMut()>>,
    pub(super) clock_pending: bool,
    /// Each game's revision when it was last kept in the browser (or read
    /// back): it is kept again once that changes.
    pub(super) kept: Vec<u64>,
    /// Announces the board to screen readers when it has changed.
    pub(super) announcer: Announcer,
    /// What the page last said it is doing, on `#slide-app`.
    pub(super) marks: Option<Marks>,
}

/// What the page is doing, for tests to wait on instead of waiting a while:
/// `#slide-app`'s `data-animating` (something on the board moves: a slide,
/// a nudge, a celebration, the search revealed), `data-searching` (the
/// solver works for the game shown) and `data-autoplaying` (the auto-solve
/// plays), each `yes` or `no`. Set by the shell after every refresh, for
/// every game alike; a state that ends is marked `no` by the refresh that
/// draws its last frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Marks {
    animating: bool,
    searching: bool,
    autoplaying: bool,
}

impl Marks {
    /// What `play` is doing at `time`.
    fn of(play: &dyn Play, time: f64) -> Marks {
        Marks {
            animating: play.is_animating(time),
            searching: play.is_searching(),
            autoplaying: play.is_autoplaying(),
        }
    }

    /// Writes the marks that differ from `before` (all of them if there is
    /// none) on the page's root.
    fn write(self, before: Option<Marks>) {
        let Some(root) = document().get_element_by_id("slide-app") else {
            return;
        };
        let word = |on: bool| if on { "yes" } else { "no" };
        for (name, now, then) in [
            (
                "data-animating",
                self.animating,
                before.map(|b| b.animating),
            ),
            (
                "data-searching",
                self.searching,
                before.map(|b| b.searching),
            ),
            (
                "data-autoplaying",
                self.autoplaying,
                before.map(|b| b.autoplaying),
            ),
        ] {
            if then != Some(now) {
                let _ = root.set_attribute(name, word(now));
            }
        }
    }
}

thread_local! {
    /// The page, alive as long as the page; event handlers hold only weak
    /// references to it.
    pub(super) static PAGE: RefCell<Option<Shared>> = const { RefCell::new(None) };
}

/// Runs `f` on the page (if it still exists) with the current time, then
/// refreshes what is shown.
pub(super) fn with(weak: &Weak<RefCell<Page>>, f: impl FnOnce(&mut Page, f64)) {
    if let Some(page) = weak.upgrade() {
        let Some(mut shell) = live(&page) else {
            return;
        };
        f(&mut shell, now());
        drop(shell);
        refresh(&page);
    }
}

/// The page to act on, or `None` once it has stopped. A failure (a panic,
/// or an exception thrown through the module) unwinds nothing on wasm32:
/// a borrow held then is never given back, and every later event would
/// fail on it. So events after a failure do nothing, and finding the page
/// still borrowed (handlers never nest, so only a handler cut short leaves
/// it so) shows the crash banner once, as a panic would.
pub(super) fn live(page: &RefCell<Page>) -> Option<std::cell::RefMut<'_, Page>> {
    if notice::has_crashed() {
        return None;
    }
    match page.try_borrow_mut() {
        Ok(page) => Some(page),
        Err(_) => {
            notice::show_crash(&crate::app::startup::crash_note(
                "an earlier action was cut short",
            ));
            None
        }
    }
}

/// Calls `f` on the page for every `event` at `target`.
pub(super) fn on<E: JsCast + 'static>(
    target: &EventTarget,
    event: &str,
    weak: &Weak<RefCell<Page>>,
    f: impl Fn(&mut Page, f64, E) + 'static,
) -> Result<(), JsValue> {
    let weak = weak.clone();
    listen::<E>(target, event, move |event| {
        with(&weak, |page, now| f(page, now, event))
    })
}

/// Hands the solver's news to the games, redraws, refreshes the controls,
/// and keeps the timers going while they are needed.
pub(super) fn refresh(page: &RefCell<Page>) {
    let time = now();
    let Some(mut page) = live(page) else {
        return;
    };
    page.apply_events(time);
    if page.play().grid_size() != page.fitted {
        page.resize();
        let Page {
            screens,
            shown,
            pool,
            ..
        } = &mut *page;
        screens[*shown].play().prepare(pool);
    }
    page.render(time);
    page.update_controls(time);
    page.keep_games(time, false);
    let marks = Marks::of(page.play(), time);
    if page.marks != Some(marks) {
        marks.write(page.marks);
        page.marks = Some(marks);
    }
    if marks.animating && !page.frame_requested {
        if let Some(frame) = &page.frame {
            if window()
                .request_animation_frame(frame.as_ref().unchecked_ref())
                .is_ok()
            {
                page.frame_requested = true;
            }
        }
    }
    if page.play().is_clock_running() && !page.clock_pending {
        if let Some(clock) = &page.clock {
            if window()
                .set_timeout_with_callback_and_timeout_and_arguments_0(
                    clock.as_ref().unchecked_ref(),
                    CLOCK_REFRESH_MS,
                )
                .is_ok()
            {
                page.clock_pending = true;
            }
        }
    }
}

impl Host for RefCell<Page> {
    fn with_screen(
        &self,
        index: usize,
        f: &mut dyn FnMut(&mut dyn Any, &mut dyn SolverQueue, f64),
    ) {
        let Some(mut page) = live(self) else {
            return;
        };
        let Page { screens, pool, .. } = &mut *page;
        if let Some(screen) = screens.get_mut(index) {
            f(screen.as_any_mut(), pool, now());
        }
        drop(page);
        refresh(self);
    }

    fn shown(&self) -> Option<usize> {
        self.try_borrow().ok().map(|page| page.shown)
    }
}

impl Page {
    pub(super) fn play(&self) -> &dyn Play {
        self.screens[self.shown].play()
    }

    pub(super) fn play_mut(&mut self) -> &mut dyn Play {
        self.screens[self.shown].play_mut()
    }

    /// Follows the player's reduced-motion setting in every game; the page
    /// says which it follows in `data-motion` (`reduced` or `full`), for
    /// the tests.
    pub(super) fn set_reduced_motion(&mut self, reduced: bool) {
        for screen in &mut self.screens {
            screen.play_mut().set_reduced_motion(reduced);
        }
        if let Some(root) = document().get_element_by_id("slide-app") {
            let _ = root.set_attribute("data-motion", if reduced { "reduced" } else { "full" });
        }
    }

    /// Shows the game at `index`. Whatever any game asked of the solver is
    /// dropped; each keeps its position and history.
    pub(super) fn show(&mut self, index: usize) {
        let Page { screens, pool, .. } = self;
        for screen in screens.iter_mut() {
            screen.play_mut().cancel_quietly(pool);
        }
        self.shown = index;
        let id = self.screens[index].id();
        remember_shown(id);
        self.controls.game.set_value(id);
        if let Ok(parts) = document().query_selector_all("[data-game]") {
            for i in 0..parts.length() {
                if let Some(part) = parts.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
                    let mine = part.get_attribute("data-game").as_deref() == Some(id);
                    set_hidden(&part, !mine);
                }
            }
        }
        let _ = self
            .canvas
            .set_attribute("aria-label", self.screens[index].board_label());
        if let Some(root) = document().get_element_by_id("slide-app") {
            let _ = root.set_attribute("data-playing", id);
        }
        // Refitted (and the solver prepared) on the next refresh.
        self.fitted = (0, 0);
    }

    /// Keeps in the browser every game changed since it was last kept;
    /// `leaving`: the page is being left or hidden, so a game whose clock
    /// counts is kept too, with its time.
    pub(super) fn keep_games(&mut self, now: f64, leaving: bool) {
        for (index, screen) in self.screens.iter().enumerate() {
            let revision = screen.revision();
            let changed = self.kept.get(index) != Some(&revision);
            if changed || (leaving && screen.play().is_clock_running()) {
                keep(screen.as_ref(), now);
                if let Some(kept) = self.kept.get_mut(index) {
                    *kept = revision;
                }
            }
        }
    }

    /// Offers a link to the position shown (Share).
    pub(super) fn share(&mut self) {
        let screen = &self.screens[self.shown];
        let query = match screen.share_query() {
            Ok(query) => query,
            Err(reason) => {
                let note = format!("{}.", capitalise(reason.trim_end_matches('.')));
                self.play_mut().set_note(note);
                return;
            }
        };
        let location = window().location();
        let url = format!(
            "{}{}{query}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        let weak = PAGE.with(|slot| slot.borrow().as_ref().map(Rc::downgrade));
        offer(&url, move |note| {
            if let Some(weak) = &weak {
                with(weak, |page, _| page.play_mut().set_note(note));
            }
        });
    }

    /// Fits the canvas to its box, sharp at the device's pixel ratio.
    pub(super) fn resize(&mut self) {
        let wrap = &self.controls.wrap;
        let available_width = f64::from(wrap.client_width()).max(60.0);
        let available_height = f64::from(wrap.client_height()).max(60.0);
        self.fitted = self.play().grid_size();
        self.grid = self.play_mut().fit(available_width, available_height);
        self.scale = window().device_pixel_ratio().max(1.0);
        self.canvas
            .set_width((self.grid.width * self.scale).round() as u32);
        self.canvas
            .set_height((self.grid.height * self.scale).round() as u32);
        let style = self.canvas.style();
        let _ = style.set_property("width", &format!("{}px", self.grid.width));
        let _ = style.set_property("height", &format!("{}px", self.grid.height));
        self.render(now());
    }

    pub(super) fn render(&self, time: f64) {
        let canvas = Canvas {
            ctx: &self.ctx,
            grid: &self.grid,
            scale: self.scale,
            palette: &self.palette,
        };
        self.screens[self.shown].draw(&canvas, time);
    }

    pub(super) fn update_controls(&mut self, time: f64) {
        if self.screens[self.shown]
            .play_mut()
            .settle(&mut self.records, time)
        {
            best_scores::save(&self.records);
        }
        let c = &self.controls;
        let play = self.screens[self.shown].play();
        let best = play.best_text(&self.records);
        set_text(&c.best, best.as_deref().unwrap_or(""));
        set_hidden(&c.best, best.is_none());
        set_hidden(&c.best_dot, best.is_none());
        let status = play.status(time);
        set_text(&c.moves, &status.moves);
        set_text(&c.clock, &status.time);
        set_text(&c.solved, status.solved.as_deref().unwrap_or(""));
        set_hidden(&c.solved, status.solved.is_none());
        set_text(&c.message, &play.message());
        c.undo.set_disabled(!play.can_undo());
        c.redo.set_disabled(!play.can_redo());
        // In the action bar Cancel takes Hint's place while the solver
        // thinks, Stop Solve's and Skip to end Hint's while it plays (each
        // slot keeps its room, so nothing moves).
        let searching = play.is_searching();
        let playing = play.is_autoplaying();
        set_hidden(&c.cancel, !searching || playing);
        set_hidden(&c.skip, !playing);
        set_hidden(&c.hint, searching || playing);
        set_hidden(&c.stop, !playing);
        set_hidden(&c.solve, playing);
        c.hint.set_disabled(playing);
        c.solve.set_disabled(playing);
        // The speed chosen, and the faster one a long solution plays at.
        let chosen = c.speed.value_as_number();
        let unit = wording::Noun {
            one: "move",
            many: "moves",
        }
        .per(chosen);
        let speed_text = match play.playback_speed() {
            Some(fast) if fast > chosen => format!("{chosen} {unit}/s · playing at {fast}"),
            _ => format!("{chosen} {unit}/s"),
        };
        set_text(&c.speed_value, &speed_text);
        set_text(&c.description, &play.describe());
        let busy = play.is_autoplaying();
        self.announcer.update(play.summary(), busy);
        self.screens[self.shown].refresh(time);
    }

    /// Hands what the solver pool reported to every game (each takes the
    /// events of its own requests); notes for the player go to the game
    /// shown.
    pub(super) fn apply_events(&mut self, time: f64) {
        for event in self.pool.take_events() {
            match &event {
                Event::Note(note) => self.play_mut().set_note(note.clone()),
                Event::TablesReady(set) => {
                    // For tests and benchmarks: each set's attribute
                    // (`data-tables` for the 4x4's) says it is loaded.
                    if let Some(root) = document().get_element_by_id("slide-app") {
                        let _ = root.set_attribute(set.0.attribute, "ready");
                    }
                }
                _ => {
                    for screen in &mut self.screens {
                        screen.play_mut().receive(&event, time);
                    }
                }
            }
        }
    }
}
