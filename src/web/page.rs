//! The page: builds the shell over the list of games (`games`), then binds
//! its events: the shared buttons and the Game and Speed controls, pointers
//! and keys on the board, the page being left or resized, and the solver
//! pool's news, each turned into a call on the shell (and so on the shown
//! game's [`Play`]). Pointers follow one gesture at a time: one pointer
//! taps, swipes or pans, two pinch.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Element, EventTarget, HtmlButtonElement, HtmlCanvasElement,
    HtmlOptionElement, KeyboardEvent, PointerEvent, WheelEvent,
};

use super::announce::Announcer;
use super::best_scores;
use super::dom::{by_id, document, listen, now, window};
use super::draw::Palette;
use super::games::screens;
use super::motion;
use super::notice;
use super::offline;
use super::panels;
use super::pool::WebPool;
use super::services::{Host, ScreenSlot};
use super::shell::{live, on, refresh, with, Controls, Page, Shared, PAGE};
use super::storage::{resume, started};
use crate::app::game::Key;
use crate::app::grid::BoardLayout;
use crate::app::workers::SolverQueue;
use crate::app::Play;

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
        marks: None,
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

/// Binds every event the page answers, and each game's own controls.
fn install(page: &Shared) -> Result<(), JsValue> {
    let weak = Rc::downgrade(page);
    super::pool::when_started_up({
        let weak = weak.clone();
        move || {
            if let Some(page) = weak.upgrade() {
                if let Some(mut page) = live(&page) {
                    page.pool.started_up();
                }
            }
        }
    });
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
        shell.pool.look_for_kept_tables({
            let weak = weak.clone();
            move |set| {
                if let Some(page) = weak.upgrade() {
                    if let Some(mut page) = live(&page) {
                        page.pool.tables_kept(set);
                    }
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
    // index.html lists the games too, so that the header is painted at its
    // final width before the WebAssembly arrives. The registry's list
    // replaces it only if they differ: rewriting the same names would paint
    // them again, and the browser would count the page's largest paint late.
    let game = &shell.controls.game;
    let listed: Vec<(String, String)> = (0..game.length())
        .filter_map(|index| game.item(index))
        .filter_map(|item| item.dyn_into::<HtmlOptionElement>().ok())
        .map(|option| (option.value(), option.text()))
        .collect();
    let same = listed.len() == shell.screens.len()
        && listed
            .iter()
            .zip(&shell.screens)
            .all(|((id, name), screen)| id == screen.id() && name == screen.name());
    if !same {
        game.set_length(0);
    }
    for (index, screen) in shell.screens.iter().enumerate() {
        if !same {
            if let Ok(option) =
                HtmlOptionElement::new_with_text_and_value(screen.name(), screen.id())
            {
                let _ = game.options().add_with_html_option_element(&option);
            }
        }
        let host: std::rc::Weak<dyn Host> = weak.clone();
        screen.install(&ScreenSlot::new(host, index))?;
    }
    let c = &shell.controls;
    // The shared buttons act on the game shown.
    type Act = fn(&mut dyn Play, f64, &mut dyn SolverQueue);
    let buttons: [(&HtmlButtonElement, Act); 7] = [
        (&c.undo, |play, now, solver| {
            play.take_back(now, solver);
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
    // The colour scheme can be switched while the page is open (the
    // system's dark mode): the board's colours are read again, as the
    // stylesheet follows the same query.
    if let Ok(Some(scheme)) = window().match_media("(prefers-color-scheme: dark)") {
        on(&scheme, "change", &weak, |page, _, _: web_sys::Event| {
            page.palette = Palette::read(&page.canvas);
        })?;
    }
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

impl Page {
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
