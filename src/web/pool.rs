//! The solver pool in the browser: real Web Workers behind the
//! platform-free coordinator ([`crate::app::workers::pool::Pool`]), which
//! decides everything. This side only starts workers (one per core, up to
//! [`MAX_WORKERS`]), posts what the coordinator sends, hands back what the
//! workers answer, and replaces a worker that dies.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

use super::dom::object;
use super::records;
use super::tables::TableService;
use crate::app::workers::pool::{Out, Pool};
use crate::app::workers::protocol::{FromWorker, INIT};
use crate::app::workers::tables::TableSet;
use crate::app::workers::{Event, RequestId, SolverQueue, Task};

/// Where the worker script is, relative to the page.
const WORKER_URL: &str = "./worker.js";
/// The most workers used, whatever the number of cores.
pub const MAX_WORKERS: usize = 8;

#[wasm_bindgen]
extern "C" {
    /// `import.meta` of the bindings (the module wasm-bindgen writes): its
    /// `url` is where they were loaded from, under whatever name the build
    /// gave them (Trunk's hashed names).
    type ImportMeta;
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;
}

/// The bindings' address, which the worker imports: the build names them
/// by their content's hash, so the worker script cannot name them itself.
fn bindings_url() -> String {
    IMPORT_META.with(ImportMeta::url)
}

/// What a worker did.
pub enum News {
    /// It posted a message: its data as sent, not yet read as a record.
    Message(JsValue),
    /// It threw, ran out of memory, or sent what cannot be read.
    Crashed(String),
}

/// Where a worker's news goes, with the worker's index.
pub(super) type OnNews = Rc<dyn Fn(usize, News)>;

/// A running worker and the handlers that serve it.
pub(super) struct Slot {
    pub(super) worker: Worker,
    /// Kept for the worker's life.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
    _on_message_error: Closure<dyn FnMut(MessageEvent)>,
}

/// The page's workers and their coordinator.
pub struct WebPool {
    pool: Pool,
    slots: Vec<Slot>,
    /// Fetches the table files once for every worker.
    tables: TableService,
    on_news: Option<OnNews>,
    events: Vec<Event>,
    /// Why the workers could not start, if they could not.
    unavailable: Option<String>,
    /// Tables to get ready once the page has started up (see [`HeldBack`]).
    held_back: HeldBack,
}

/// Holds back getting tables ready for what is shown until the player's
/// first input (a press, a tap, a key) or [`QUIET_START_MS`] after the page
/// began, whichever comes first (see [`when_started_up`]): fetching,
/// inflating and handing over 29 MB while the page is still coming up would
/// load its main thread then (Lighthouse counts it as blocking time). A
/// request made before that still gets its tables at once: the worker asks
/// for them. Tables kept on this device are not held back: reading them
/// costs no network and little of the main thread (nothing to inflate,
/// the buffer moved to the workers, not cloned), and a first visit, which
/// Lighthouse measures, has none.
#[derive(Default)]
struct HeldBack {
    over: bool,
    /// The last task prepared for while held back.
    task: Option<Task>,
}

/// How long after the page began tables are got ready without any input.
const QUIET_START_MS: i32 = 4_000;

/// Calls `then` once, at the player's first input on the page or
/// [`QUIET_START_MS`] from now, whichever comes first (never, in a page
/// without a window).
pub(super) fn when_started_up(then: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let mut then = Some(then);
    let callback = Closure::<dyn FnMut()>::new(move || {
        if let Some(then) = then.take() {
            then();
        }
    });
    let function = callback.as_ref().unchecked_ref();
    // If these cannot be set, the tables only wait for a worker to ask.
    for kind in ["pointerdown", "keydown"] {
        let _ = window.add_event_listener_with_callback_and_bool(kind, function, true);
    }
    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(function, QUIET_START_MS);
    // Called from the window's listeners for the page's life.
    callback.forget();
}

/// How many workers the machine warrants.
fn worker_count() -> usize {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    // A browser that does not say (or says 0) gets one worker.
    (cores as usize).clamp(1, MAX_WORKERS)
}

impl WebPool {
    /// A pool sized for this machine; no worker runs until [`WebPool::start`].
    pub fn new() -> WebPool {
        WebPool {
            pool: Pool::new(worker_count()),
            slots: Vec::new(),
            held_back: HeldBack::default(),
            tables: TableService::new(worker_count()),
            on_news: None,
            events: Vec::new(),
            unavailable: None,
        }
    }

    /// Starts the workers; what each does comes back through `on_news`
    /// (which the page routes to [`WebPool::receive`]).
    pub fn start(&mut self, on_news: impl Fn(usize, News) + 'static) {
        let on_news: OnNews = Rc::new(on_news);
        for index in 0..worker_count() {
            match spawn(index, &on_news, &self.tables) {
                Ok(slot) => self.slots.push(slot),
                Err(reason) => {
                    self.unavailable = Some(reason);
                    self.slots.clear();
                    break;
                }
            }
        }
        self.on_news = Some(on_news);
    }

    /// Takes what worker `index` did at time `now`.
    pub fn receive(&mut self, index: usize, news: News, now: f64) {
        match news {
            News::Message(data) => {
                let message = records::from_js(&data).and_then(|r| FromWorker::from_record(&r));
                self.pool.receive(index, message, now);
            }
            News::Crashed(reason) => {
                self.replace(index);
                self.pool.worker_failed(index, &reason, now);
            }
        }
        self.flush();
    }

    /// The page has started up (see [`when_started_up`]): tables held back
    /// are got ready now.
    pub fn started_up(&mut self) {
        self.held_back.over = true;
        if let Some(task) = self.held_back.task.take() {
            self.prepare(&task);
        }
    }

    /// Looks for table sets kept on this device, in the background, and
    /// passes each found to `then` (which should call
    /// [`WebPool::tables_kept`]).
    pub fn look_for_kept_tables(&self, then: impl Fn(TableSet) + 'static) {
        self.tables.look_for_kept(then);
    }

    /// `set` is kept on this device: what was held back for it is got ready
    /// now, and the coordinator knows it comes in moments.
    pub fn tables_kept(&mut self, set: TableSet) {
        self.pool.tables_at_hand(set);
        let held = self
            .held_back
            .task
            .as_ref()
            .is_some_and(|task| task.tables().or(task.better_with()) == Some(set));
        if held {
            if let Some(task) = self.held_back.task.take() {
                self.prepare(&task);
            }
        }
    }

    /// Whether there are events for the page.
    pub fn has_events(&self) -> bool {
        !self.events.is_empty()
    }

    /// Whether every event waiting is progress, which changes the words
    /// shown but nothing drawn on the board.
    pub fn has_only_progress(&self) -> bool {
        self.events
            .iter()
            .all(|event| matches!(event, Event::Progress { .. }))
    }

    /// The events for the page since the last call, in order.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Terminates worker `index` and starts a fresh one in its place.
    fn replace(&mut self, index: usize) {
        let Some(on_news) = &self.on_news else {
            return;
        };
        if let Some(slot) = self.slots.get(index) {
            slot.worker.terminate();
        }
        self.tables.worker_replaced(index);
        match spawn(index, on_news, &self.tables) {
            Ok(slot) if index < self.slots.len() => self.slots[index] = slot,
            Ok(_) => {}
            Err(reason) => self.events.push(Event::Note(format!(
                "The solver could not be restarted ({reason}); reload the page to use it again."
            ))),
        }
    }

    /// Posts what the coordinator sends and keeps its events for the page.
    fn flush(&mut self) {
        for out in self.pool.take_outbox() {
            match out {
                Out::Send { worker, message } => {
                    let Some(slot) = self.slots.get(worker) else {
                        continue;
                    };
                    if let Err(error) = slot
                        .worker
                        .post_message(&records::to_js(&message.to_record()))
                    {
                        self.events.push(Event::Note(format!(
                            "The solver could not be reached ({error:?})."
                        )));
                    }
                }
                Out::Event(event) => self.events.push(event),
            }
        }
    }
}

impl SolverQueue for WebPool {
    fn submit(&mut self, task: Task, now: f64) -> RequestId {
        let id = self.pool.submit(task, now);
        if let Some(reason) = &self.unavailable {
            self.pool.cancel(id);
            let _ = self.pool.take_outbox();
            self.events.push(Event::Failed {
                id,
                message: format!("it cannot run in this browser ({reason})"),
            });
            return id;
        }
        self.flush();
        id
    }

    fn cancel(&mut self, id: RequestId) {
        self.pool.cancel(id);
        self.flush();
    }

    fn prepare(&mut self, task: &Task) {
        // Read at once (from the cache, on a second visit) rather than when
        // the first worker, still starting, asks; but not while the page is
        // coming up.
        if let Some(set) = task.tables().or(task.better_with()) {
            if !self.held_back.over && !self.tables.is_kept(set) {
                self.held_back.task = Some(task.clone());
                return;
            }
            self.tables.early(set);
        }
        self.pool.prepare(task);
        self.flush();
    }
}

/// Starts worker `index`, its messages and errors routed to `on_news`
/// except its requests for tables, which `tables` serves (also how the
/// browser benchmark starts its worker, see `web::bench`).
pub(super) fn spawn(index: usize, on_news: &OnNews, tables: &TableService) -> Result<Slot, String> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(WORKER_URL, &options)
        .map_err(|e| format!("the worker could not start: {e:?}"))?;
    let news = on_news.clone();
    let (service, me) = (tables.clone(), worker.clone());
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        if !service.serve(index, &me, &data) {
            service.watch(&data);
            news(index, News::Message(data));
        }
    });
    let news = on_news.clone();
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        // Handled here: the page says what happened in its own words.
        event.prevent_default();
        news(index, News::Crashed(event.message()));
    });
    let news = on_news.clone();
    let on_message_error = Closure::<dyn FnMut(MessageEvent)>::new(move |_: MessageEvent| {
        news(index, News::Crashed("a message could not be read".into()));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    worker.set_onmessageerror(Some(on_message_error.as_ref().unchecked_ref()));
    // The module compiled for the page, so the worker need not fetch it,
    // and the bindings the page loaded, to drive it.
    let init = object(&[
        ("kind", INIT.into()),
        ("module", wasm_bindgen::module()),
        ("bindings", bindings_url().into()),
    ]);
    worker
        .post_message(&init)
        .map_err(|e| format!("the worker could not start: {e:?}"))?;
    // After the module: the worker reads what it is told in order.
    tables.register(index, &worker);
    Ok(Slot {
        worker,
        _on_message: on_message,
        _on_error: on_error,
        _on_message_error: on_message_error,
    })
}

impl Drop for WebPool {
    fn drop(&mut self) {
        for slot in &self.slots {
            slot.worker.terminate();
        }
    }
}
