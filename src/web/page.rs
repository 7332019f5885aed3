//! The page shell: one canvas, the shared controls (Game, Undo, Redo, Hint,
//! Solve, Cancel, Stop, Speed, the status line) and the solver pool, over
//! every registered game's [`Screen`]. It never asks which game is shown:
//! each event becomes a call on the shown game's [`Play`], then the page
//! is refreshed from it, and while anything moves frames are drawn on
//! `requestAnimationFrame`. Timers run only while they are needed: the
//! animation while something moves, the status clock while the game clock
//! counts.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Element, EventTarget, HtmlButtonElement, HtmlCanvasElement,
    HtmlElement, HtmlInputElement, HtmlOptionElement, HtmlSelectElement, KeyboardEvent,
    PointerEvent, WheelEvent,
};

use super::announce::Announcer;
use super::best_scores;
use super::blocks_screen::blocks_screen;
use super::dom::{by_id, document, listen, now, set_hidden, set_text, window};
use super::draw::{Canvas, Palette};
use super::motion;
use super::notice;
use super::offline;
use super::panels;
use super::pegs_screen::pegs_screen;
use super::pool::WebPool;
use super::route_screen::route_screen;
use super::screen::{AnyScreen, Screen, View};
use super::share::offer;
use super::sliding_screen::sliding_screen;
use super::storage::{keep, remember_shown, resume, started};
use crate::app::game::Key;
use crate::app::grid::BoardLayout;
use crate::app::records::Records;
use crate::app::wording;
use crate::app::wording::capitalise;
use crate::app::workers::{Event, SolverQueue};
use crate::app::Play;

/// Every game the page offers, the first shown by default. A new game adds
/// its screen here, and nowhere else in the page.
fn screens() -> Result<Vec<Box<dyn AnyScreen>>, JsValue> {
    Ok(vec![
        Box::new(sliding_screen()?),
        Box::new(pegs_screen()?),
        Box::new(route_screen()?),
        Box::new(blocks_screen()?),
    ])
}

/// How often the status line's clock is refreshed while it counts.
const CLOCK_REFRESH_MS: i32 = 250;

type Shared = Rc<RefCell<Page>>;

/// The shared elements of the page (`index.html`).
struct Controls {
    game: HtmlSelectElement,
    undo: HtmlButtonElement,
    redo: HtmlButtonElement,
    hint: HtmlButtonElement,
    solve: HtmlButtonElement,
    cancel: HtmlButtonElement,
    stop: HtmlButtonElement,
    skip: HtmlButtonElement,
    share: HtmlButtonElement,
    speed: HtmlInputElement,
    speed_value: Element,
    moves: Element,
    clock: Element,
    solved: HtmlElement,
    message: Element,
    best: HtmlElement,
    best_dot: HtmlElement,
    description: Element,
    wrap: HtmlElement,
}

impl Controls {
    fn find() -> Result<Controls, JsValue> {
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

/// Everything the page holds.
pub struct Page {
    screens: Vec<Box<dyn AnyScreen>>,
    /// The index of the game shown.
    shown: usize,
    controls: Controls,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    grid: BoardLayout,
    /// The grid size the canvas was fitted to: a new one refits it.
    fitted: (usize, usize),
    scale: f64,
    palette: Palette,
    pool: WebPool,
    /// The player's best scores, as kept in the browser.
    records: Records,
    /// The pointers down on the board (at most two) with where each was
    /// last seen, the gesture's own first.
    pointers: Vec<(i32, (f64, f64))>,
    /// Whether two pointers were down during this gesture: a pinch, which
    /// ends no tap or swipe.
    pinched: bool,
    frame: Option<Closure<dyn FnMut(f64)>>,
    frame_requested: bool,
    clock: Option<Closure<dyn FnMut()>>,
    clock_pending: bool,
    /// Each game's revision when it was last kept in the browser (or read
    /// back): it is kept again once that changes.
    kept: Vec<u64>,
    /// Announces the board to screen readers when it has changed.
    announcer: Announcer,
}

/// A handle for a game's screen to bind its own controls: handlers reach
/// the screen (as its own type) and the solver through it.
pub struct Hub {
    weak: Weak<RefCell<Page>>,
    index: usize,
}

impl Hub {
    /// Calls `f` with the screen, the solver and the time on every `event`
    /// at `target`, then refreshes the page.
    pub fn on<V: View, E: JsCast + 'static>(
        &self,
        target: &EventTarget,
        event: &str,
        f: impl Fn(&mut Screen<V>, &mut dyn SolverQueue, f64, E) + 'static,
    ) -> Result<(), JsValue> {
        let (weak, index) = (self.weak.clone(), self.index);
        listen::<E>(target, event, move |event| {
            with(&weak, |page, now| {
                let Page { screens, pool, .. } = page;
                if let Some(screen) = screens[index].as_any_mut().downcast_mut::<Screen<V>>() {
                    f(screen, pool, now, event);
                }
            })
        })
    }
}

/// A way back to one game's screen from a callback that runs later (an
/// image decoded, say): the screen, the solver and the time, then the page
/// refreshed.
pub struct ScreenHandle<V: View> {
    weak: Weak<RefCell<Page>>,
    index: usize,
    kind: std::marker::PhantomData<V>,
}

impl<V: View> Clone for ScreenHandle<V> {
    fn clone(&self) -> Self {
        ScreenHandle {
            weak: self.weak.clone(),
            index: self.index,
            kind: std::marker::PhantomData,
        }
    }
}

impl<V: View> ScreenHandle<V> {
    /// Calls `f` with the screen (if the page still exists), then
    /// refreshes the page.
    pub fn with(&self, f: impl FnOnce(&mut Screen<V>, &mut dyn SolverQueue, f64)) {
        let index = self.index;
        with(&self.weak, |page, now| {
            let Page { screens, pool, .. } = page;
            if let Some(screen) = screens[index].as_any_mut().downcast_mut::<Screen<V>>() {
                f(screen, pool, now);
            }
        });
    }

    /// Whether this game is the one shown.
    pub fn is_shown(&self) -> bool {
        self.weak
            .upgrade()
            .is_some_and(|page| page.try_borrow().is_ok_and(|page| page.shown == self.index))
    }
}

impl Hub {
    /// A handle to this game's screen for callbacks that run later.
    pub fn handle<V: View>(&self) -> ScreenHandle<V> {
        ScreenHandle {
            weak: self.weak.clone(),
            index: self.index,
            kind: std::marker::PhantomData,
        }
    }

    /// Calls `open` with the first file dropped on the board while this
    /// game is shown (the page takes the drop then, not the browser).
    pub fn on_file_drop<V: View>(
        &self,
        open: impl Fn(&ScreenHandle<V>, web_sys::File) + 'static,
    ) -> Result<(), JsValue> {
        // Plain listeners, not the hub's: whether this game is shown is
        // asked of the page, which the hub's handlers hold borrowed (so a
        // drop was never taken).
        let wrap: HtmlElement = by_id("board-wrap")?;
        let shown = self.handle::<V>();
        listen(&wrap, "dragover", move |event: web_sys::DragEvent| {
            if shown.is_shown() {
                event.prevent_default();
            }
        })?;
        let handle = self.handle::<V>();
        listen(&wrap, "drop", move |event: web_sys::DragEvent| {
            if !handle.is_shown() {
                return;
            }
            event.prevent_default();
            let dropped = event
                .data_transfer()
                .and_then(|transfer| transfer.files())
                .and_then(|files| files.get(0));
            if let Some(file) = dropped {
                open(&handle, file);
            }
        })
    }
}

/// Builds the page's games, if the page has them (`#slide-app`).
pub fn mount() -> Result<(), JsValue> {
    if document().get_element_by_id("slide-app").is_none() {
        return Ok(());
    }
    let canvas: HtmlCanvasElement = by_id("board")?;
    let ctx = canvas
        .get_context("2d")?
        .ok_or("the browser has no 2D canvas")?
        .dyn_into::<CanvasRenderingContext2d>()?;
    let mut screens = screens()?;
    let resumed = resume(&mut screens, now());
    let shown = resumed.shown;
    let page = Rc::new(RefCell::new(Page {
        screens,
        shown,
        controls: Controls::find()?,
        palette: Palette::read(&canvas),
        canvas,
        ctx,
        grid: BoardLayout::fit(1, 1, 300.0, 300.0),
        fitted: (0, 0),
        scale: 1.0,
        pool: WebPool::new(),
        records: best_scores::load(),
        pointers: Vec::new(),
        pinched: false,
        frame: None,
        frame_requested: false,
        clock: None,
        clock_pending: false,
        kept: Vec::new(),
        announcer: Announcer::new(by_id("board-news")?),
    }));
    install(&page)?;
    panels::install()?;
    let reduced_motion = motion::follow({
        let weak = Rc::downgrade(&page);
        move |reduced| with(&weak, |page, _| page.set_reduced_motion(reduced))
    });
    {
        let mut page = page.borrow_mut();
        if let Some(speed) = resumed.speed {
            page.controls.speed.set_value_as_number(speed);
        }
        let speed = page.controls.speed.value_as_number();
        for screen in &mut page.screens {
            screen.play_mut().set_speed(speed);
        }
        // What the games hold now is what was read (or the address's):
        // kept once it changes, so a shared position does not replace the
        // game saved until the player moves.
        // A game with nothing saved is kept at once.
        page.kept = page
            .screens
            .iter()
            .zip(&resumed.unsaved)
            .map(
                |(screen, &unsaved)| {
                    if unsaved {
                        u64::MAX
                    } else {
                        screen.revision()
                    }
                },
            )
            .collect();
        page.set_reduced_motion(reduced_motion);
        page.show(shown);
    }
    let ids: Vec<&'static str> = page.borrow().screens.iter().map(|s| s.id()).collect();
    notice::show_set_aside(&resumed.notices, ids)?;
    offline::register();
    refresh(&page);
    PAGE.with(|slot| *slot.borrow_mut() = Some(page));
    // Only now has the page started: a start that stops before here (a
    // panic, a trap) sets the saves aside at the next (see app::startup).
    started();
    Ok(())
}

/// Whether the page has finished starting (a failure after that is a
/// panic's, shown by the panic hook).
pub fn has_started() -> bool {
    PAGE.with(|slot| slot.try_borrow().map_or(true, |page| page.is_some()))
}

thread_local! {
    /// The page, alive as long as the page; event handlers hold only weak
    /// references to it.
    static PAGE: RefCell<Option<Shared>> = const { RefCell::new(None) };
}

fn install(page: &Shared) -> Result<(), JsValue> {
    let weak = Rc::downgrade(page);
    {
        let mut shell = page.borrow_mut();
        shell.pool.start({
            let weak = weak.clone();
            move |index, news| {
                // Workers talk often (progress, every batch of a split
                // search): only what the games must hear redraws the page.
                let Some(page) = weak.upgrade() else {
                    return;
                };
                let (heard, only_progress) = {
                    let Some(mut page) = live(&page) else {
                        return;
                    };
                    page.pool.receive(index, news, now());
                    (page.pool.has_events(), page.pool.has_only_progress())
                };
                if heard && only_progress {
                    // Progress changes the words, not the board: redrawing
                    // the canvas ten times a second would take the core the
                    // search needs on a two-core machine (BENCHMARKS.md).
                    let time = now();
                    let Some(mut page) = live(&page) else {
                        return;
                    };
                    page.apply_events(time);
                    page.update_controls(time);
                } else if heard {
                    refresh(&page);
                }
            }
        });
        shell.frame = Some(Closure::new({
            let weak = weak.clone();
            move |_time: f64| {
                if let Some(page) = weak.upgrade() {
                    if let Some(mut shell) = live(&page) {
                        shell.frame_requested = false;
                        shell.play_mut().tick(now());
                    }
                    refresh(&page);
                }
            }
        }));
        shell.clock = Some(Closure::new({
            let weak = weak.clone();
            move || {
                if let Some(page) = weak.upgrade() {
                    if let Some(mut shell) = live(&page) {
                        shell.clock_pending = false;
                    }
                    refresh(&page);
                }
            }
        }));
    }

    let shell = page.borrow();
    for (index, screen) in shell.screens.iter().enumerate() {
        if let Ok(option) = HtmlOptionElement::new_with_text_and_value(screen.name(), screen.id()) {
            let _ = shell
                .controls
                .game
                .options()
                .add_with_html_option_element(&option);
        }
        screen.install(&Hub {
            weak: weak.clone(),
            index,
        })?;
    }
    let c = &shell.controls;
    // The shared buttons act on the game shown.
    type Act = fn(&mut dyn Play, f64, &mut dyn SolverQueue);
    let buttons: [(&HtmlButtonElement, Act); 7] = [
        (&c.undo, |play, now, _| {
            play.undo(now);
        }),
        (&c.redo, |play, now, _| {
            play.redo(now);
        }),
        (&c.hint, |play, now, solver| play.request_hint(now, solver)),
        (&c.solve, |play, now, solver| {
            play.request_solve(now, solver)
        }),
        (&c.cancel, |play, _, solver| {
            play.cancel(solver);
        }),
        (&c.stop, |play, _, solver| {
            play.cancel(solver);
        }),
        (&c.skip, |play, now, _| {
            play.skip_to_end(now);
        }),
    ];
    for (button, act) in buttons {
        on(
            button,
            "click",
            &weak,
            move |page, now, _: web_sys::Event| {
                let Page {
                    screens,
                    shown,
                    pool,
                    ..
                } = page;
                act(screens[*shown].play_mut(), now, pool);
            },
        )?;
    }
    on(&c.share, "click", &weak, |page, _, _: web_sys::Event| {
        page.share()
    })?;
    // Leaving (or hiding) the page keeps the clock's time too.
    for (target, event) in [
        (window().unchecked_into::<EventTarget>(), "pagehide"),
        (
            document().unchecked_into::<EventTarget>(),
            "visibilitychange",
        ),
    ] {
        on(&target, event, &weak, |page, now, _: web_sys::Event| {
            page.keep_games(now, true)
        })?;
    }
    on(&c.game, "change", &weak, |page, _, _: web_sys::Event| {
        let id = page.controls.game.value();
        if let Some(index) = page.screens.iter().position(|s| s.id() == id) {
            page.show(index);
        }
    })?;
    on(&c.speed, "input", &weak, |page, _, _: web_sys::Event| {
        let speed = page.controls.speed.value_as_number();
        for screen in &mut page.screens {
            screen.play_mut().set_speed(speed);
        }
    })?;
    on(
        &shell.canvas,
        "pointerdown",
        &weak,
        |page, _, event: PointerEvent| page.pointer_down(&event),
    )?;
    on(
        &shell.canvas,
        "pointerup",
        &weak,
        |page, now, event: PointerEvent| page.pointer_up(&event, now),
    )?;
    // Pointers move often (a mouse over the board, every frame of a drag):
    // the page is refreshed only when the view moved.
    listen(&shell.canvas, "pointermove", {
        let weak = weak.clone();
        move |event: PointerEvent| {
            let Some(page) = weak.upgrade() else {
                return;
            };
            let moved = match live(&page) {
                Some(mut shell) => shell.pointer_move(&event),
                None => return,
            };
            if moved {
                refresh(&page);
            }
        }
    })?;
    on(
        &shell.canvas,
        "pointercancel",
        &weak,
        |page, _, event: PointerEvent| {
            page.pointers.retain(|&(id, _)| id != event.pointer_id());
            page.play_mut().pointer_cancel();
        },
    )?;
    on(
        &shell.canvas,
        "wheel",
        &weak,
        |page, _, event: WheelEvent| {
            let (x, y) = page.canvas_point(&event);
            // Lines and pages, in pixels as a mouse reports them.
            let delta = event.delta_y()
                * match event.delta_mode() {
                    WheelEvent::DOM_DELTA_LINE => 16.0,
                    WheelEvent::DOM_DELTA_PAGE => page.grid.height,
                    _ => 1.0,
                };
            if page.play_mut().wheel(x, y, delta) {
                event.prevent_default();
            }
        },
    )?;
    on(
        &shell.canvas,
        "blur",
        &weak,
        |page, _, _: web_sys::Event| page.play_mut().focus_lost(),
    )?;
    on(
        &document(),
        "keydown",
        &weak,
        |page, now, event: KeyboardEvent| page.key_down(&event, now),
    )?;
    on(&window(), "resize", &weak, |page, _, _: web_sys::Event| {
        page.resize()
    })?;
    let observer_callback = Closure::<dyn FnMut(js_sys::Array)>::new({
        let weak = weak.clone();
        move |_entries| with(&weak, |page, _| page.resize())
    });
    let observer = web_sys::ResizeObserver::new(observer_callback.as_ref().unchecked_ref())?;
    observer.observe(&c.wrap);
    // The observer lives as long as the page.
    observer_callback.forget();
    Ok(())
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
fn live(page: &Shared) -> Option<std::cell::RefMut<'_, Page>> {
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
fn on<E: JsCast + 'static>(
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
fn refresh(page: &Shared) {
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
    if page.play().is_animating(time) && !page.frame_requested {
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

impl Page {
    fn play(&self) -> &dyn Play {
        self.screens[self.shown].play()
    }

    fn play_mut(&mut self) -> &mut dyn Play {
        self.screens[self.shown].play_mut()
    }

    /// Follows the player's reduced-motion setting in every game; the page
    /// says which it follows in `data-motion` (`reduced` or `full`), for
    /// the tests.
    fn set_reduced_motion(&mut self, reduced: bool) {
        for screen in &mut self.screens {
            screen.play_mut().set_reduced_motion(reduced);
        }
        if let Some(root) = document().get_element_by_id("slide-app") {
            let _ = root.set_attribute("data-motion", if reduced { "reduced" } else { "full" });
        }
    }

    /// Shows the game at `index`. Whatever any game asked of the solver is
    /// dropped; each keeps its position and history.
    fn show(&mut self, index: usize) {
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
    fn keep_games(&mut self, now: f64, leaving: bool) {
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
    fn share(&mut self) {
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
    fn resize(&mut self) {
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

    fn render(&self, time: f64) {
        let canvas = Canvas {
            ctx: &self.ctx,
            grid: &self.grid,
            scale: self.scale,
            palette: &self.palette,
        };
        self.screens[self.shown].draw(&canvas, time);
    }

    fn update_controls(&mut self, time: f64) {
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
    fn apply_events(&mut self, time: f64) {
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

    fn pointer_down(&mut self, event: &PointerEvent) {
        let (x, y) = self.canvas_point(event);
        let id = event.pointer_id();
        match self.pointers.len() {
            0 => {
                self.pinched = false;
                self.play_mut().pointer_down(x, y);
            }
            1 => {
                // A second finger: the gesture is a pinch from now on.
                self.pinched = true;
                self.play_mut().pointer_cancel();
            }
            _ => return,
        }
        self.pointers.push((id, (x, y)));
        let _ = self.canvas.set_pointer_capture(id);
        // Focused without scrolling: a scroll between the pointer going
        // down and coming up would turn a tap into a swipe.
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = self.canvas.focus_with_options(&options);
        event.prevent_default();
    }

    /// A pointer moved: two pointers down pinch, the gesture's one may pan.
    /// True if the view moved.
    fn pointer_move(&mut self, event: &PointerEvent) -> bool {
        let id = event.pointer_id();
        let Some(index) = self.pointers.iter().position(|&(p, _)| p == id) else {
            return false;
        };
        let point = self.canvas_point(event);
        let from = [
            self.pointers[0].1,
            self.pointers.get(1).map_or(point, |p| p.1),
        ];
        self.pointers[index].1 = point;
        if self.pointers.len() == 2 {
            let to = [self.pointers[0].1, self.pointers[1].1];
            self.play_mut().pinch(from, to)
        } else if !self.pinched {
            self.play_mut().pointer_move(point.0, point.1)
        } else {
            false
        }
    }

    /// A pointer came up: the gesture's one, alone all along, ends it.
    fn pointer_up(&mut self, event: &PointerEvent, now: f64) {
        let id = event.pointer_id();
        let Some(index) = self.pointers.iter().position(|&(p, _)| p == id) else {
            return;
        };
        self.pointers.remove(index);
        if self.pinched {
            // The finger left after a pinch makes no tap.
            return;
        }
        let (x, y) = self.canvas_point(event);
        let Page {
            screens,
            shown,
            pool,
            ..
        } = self;
        screens[*shown].play_mut().pointer_up(x, y, now, pool);
    }

    fn canvas_point(&self, event: &web_sys::MouseEvent) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (
            f64::from(event.client_x()) - rect.left(),
            f64::from(event.client_y()) - rect.top(),
        )
    }

    fn key_down(&mut self, event: &KeyboardEvent, time: f64) {
        if typing_target(event) || event.alt_key() || panels::is_open() {
            return;
        }
        let key = event.key();
        let on_board = event
            .target()
            .is_some_and(|target| target == self.canvas.clone().into());
        let key = Key {
            key: &key,
            ctrl: event.ctrl_key() || event.meta_key(),
            shift: event.shift_key(),
            on_board,
        };
        let Page {
            screens,
            shown,
            pool,
            ..
        } = self;
        if screens[*shown].play_mut().key(key, time, pool) {
            event.prevent_default();
        }
    }
}

/// Whether a key press is meant for a form field rather than the board.
fn typing_target(event: &KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|target| target.dyn_into::<Element>().ok())
        .is_some_and(|element| {
            matches!(element.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
        })
}
