//! What the page shell offers a game's screen, without naming any game:
//! a [`ScreenSlot`] to bind the screen's own controls (their handlers reach
//! the screen as its own type, the solver and the time, and the page is
//! refreshed after each), and a [`ScreenHandle`] for callbacks that run
//! later. The shell provides them through [`Host`]; this module imports
//! neither the shell nor any screen, so a screen depends on the shell's
//! services and never on the shell.

use std::any::Any;
use std::rc::Weak;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{EventTarget, HtmlElement};

use super::dom::{by_id, listen};
use crate::app::workers::SolverQueue;

/// The page shell as its screens reach it.
pub(super) trait Host {
    /// Calls `f` with the screen at `index` (as `Any`), the solver and the
    /// time, then refreshes the page; does nothing once the page has
    /// stopped (see the shell's `live`).
    fn with_screen(&self, index: usize, f: &mut dyn FnMut(&mut dyn Any, &mut dyn SolverQueue, f64));

    /// The index of the screen shown, or `None` while the page is busy
    /// (inside a handler).
    fn shown(&self) -> Option<usize>;
}

/// One screen's place in the shell: the page (held weakly, so handlers do
/// not keep it alive) and the screen's index in the list of games.
pub(super) struct ScreenSlot {
    host: Weak<dyn Host>,
    index: usize,
}

impl ScreenSlot {
    /// The slot of the screen at `index` in `host`'s list of games.
    pub fn new(host: Weak<dyn Host>, index: usize) -> ScreenSlot {
        ScreenSlot { host, index }
    }

    /// Calls `f` with the screen (of type `S`, the screen at this slot), the
    /// solver and the time on every `event` at `target`, then refreshes the
    /// page.
    pub fn on<S: Any, E: JsCast + 'static>(
        &self,
        target: &EventTarget,
        event: &str,
        f: impl Fn(&mut S, &mut dyn SolverQueue, f64, E) + 'static,
    ) -> Result<(), JsValue> {
        let handle = self.handle::<S>();
        listen::<E>(target, event, move |event| {
            let mut event = Some(event);
            handle.with(|screen, solver, now| {
                if let Some(event) = event.take() {
                    f(screen, solver, now, event);
                }
            })
        })
    }

    /// A handle to this slot's screen (of type `S`) for callbacks that run
    /// later.
    pub fn handle<S: Any>(&self) -> ScreenHandle<S> {
        ScreenHandle {
            host: self.host.clone(),
            index: self.index,
            kind: std::marker::PhantomData,
        }
    }

    /// Calls `open` with the first file dropped on the board while this
    /// game is shown (the page takes the drop then, not the browser).
    pub fn on_file_drop<S: Any>(
        &self,
        open: impl Fn(&ScreenHandle<S>, web_sys::File) + 'static,
    ) -> Result<(), JsValue> {
        // Plain listeners, not `on`'s: whether this game is shown is asked
        // of the page, which `on`'s handlers hold borrowed (so a drop was
        // never taken).
        let wrap: HtmlElement = by_id("board-wrap")?;
        let shown = self.handle::<S>();
        listen(&wrap, "dragover", move |event: web_sys::DragEvent| {
            if shown.is_shown() {
                event.prevent_default();
            }
        })?;
        let handle = self.handle::<S>();
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

/// A way back to one game's screen (of type `S`) from a callback that runs
/// later (an image decoded, say): the screen, the solver and the time, then
/// the page refreshed. A handle whose `S` is not the screen at its slot
/// reaches nothing.
pub(super) struct ScreenHandle<S> {
    host: Weak<dyn Host>,
    index: usize,
    kind: std::marker::PhantomData<fn(&mut S)>,
}

impl<S> Clone for ScreenHandle<S> {
    fn clone(&self) -> Self {
        ScreenHandle {
            host: self.host.clone(),
            index: self.index,
            kind: std::marker::PhantomData,
        }
    }
}

impl<S: Any> ScreenHandle<S> {
    /// Calls `f` with the screen (if the page still exists), then
    /// refreshes the page.
    pub fn with(&self, f: impl FnOnce(&mut S, &mut dyn SolverQueue, f64)) {
        let Some(host) = self.host.upgrade() else {
            return;
        };
        let mut f = Some(f);
        host.with_screen(self.index, &mut |screen, solver, now| {
            if let (Some(screen), Some(f)) = (screen.downcast_mut::<S>(), f.take()) {
                f(screen, solver, now);
            }
        });
    }

    /// Whether this game is the one shown.
    pub fn is_shown(&self) -> bool {
        self.host
            .upgrade()
            .is_some_and(|host| host.shown() == Some(self.index))
    }
}
