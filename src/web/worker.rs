//! The solver worker's side in the browser: `www/worker.js` loads this same
//! module in a Web Worker and hands every message to [`handle`]; the
//! platform-free [`Engine`] does the work, in slices of
//! [`SLICE_MS`](crate::app::workers::protocol::SLICE_MS) between which the
//! worker returns to its event loop ([`step`]), so that a cancel or a new
//! request is read at once. The worker holds the engine, and with it every
//! set of tables once downloaded, for its life.
//!
//! These exports are the worker's internals, not API: their names start
//! with `__` and they are left out of the TypeScript declarations.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::dom::now;
use super::records;
use crate::app::workers::engine::{Engine, HostStep};
use crate::app::workers::protocol::{FromWorker, ToWorker};
use crate::app::workers::tables::TableSet;

thread_local! {
    /// The worker's engine, for the worker's life.
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
}

/// Posts the engine's replies to the page, and says what the worker should
/// do next: 0 wait for a message, 1 call [`step`].
fn flush(next: HostStep) -> u32 {
    let scope = js_sys::global().unchecked_into::<web_sys::DedicatedWorkerGlobalScope>();
    for reply in ENGINE.with(|engine| engine.borrow_mut().take_outbox()) {
        post(&scope, &reply);
    }
    match next {
        HostStep::Idle => 0,
        HostStep::Step => 1,
    }
}

fn post(scope: &web_sys::DedicatedWorkerGlobalScope, message: &FromWorker) {
    // Posting a plain object of numbers, strings and typed arrays cannot fail.
    let _ = scope.post_message(&records::to_js(&message.to_record()));
}

/// The worker's WebAssembly memory, in bytes.
fn memory_bytes() -> f64 {
    wasm_bindgen::memory()
        .unchecked_into::<js_sys::WebAssembly::Memory>()
        .buffer()
        .unchecked_into::<js_sys::ArrayBuffer>()
        .byte_length() as f64
}

/// Tells the page the module is loaded.
#[wasm_bindgen(js_name = "__workerReady", skip_typescript)]
pub fn ready() {
    console_error_panic_hook::set_once();
    let scope = js_sys::global().unchecked_into::<web_sys::DedicatedWorkerGlobalScope>();
    post(&scope, &FromWorker::Ready);
}

/// Serves one message from the page.
#[wasm_bindgen(js_name = "__workerHandle", skip_typescript)]
pub fn handle(message: JsValue) -> u32 {
    let time = now();
    let next = match records::from_js(&message).and_then(|r| ToWorker::from_record(&r)) {
        Ok(message) => ENGINE.with(|engine| engine.borrow_mut().handle(message, time)),
        Err(reason) => ENGINE.with(|engine| engine.borrow_mut().refuse(reason)),
    };
    flush(next)
}

/// Runs the job under way for one slice.
#[wasm_bindgen(js_name = "__workerStep", skip_typescript)]
pub fn step() -> u32 {
    let memory = memory_bytes();
    let next = ENGINE.with(|engine| engine.borrow_mut().step(&now, memory));
    flush(next)
}

/// The file of the set of tables to fetch now (served gzip-compressed, with
/// `.gz`), once; `None` when there is none to start. Asked after every call:
/// the worker fetches while it goes on reading messages.
#[wasm_bindgen(js_name = "__workerWantedTables", skip_typescript)]
pub fn wanted_tables() -> Option<String> {
    ENGINE
        .with(|engine| engine.borrow_mut().wanted_tables())
        .map(|set| set.file().to_string())
}

/// The set of tables whose file is `file`, being fetched.
fn set_of(file: &str) -> Result<TableSet, String> {
    TableSet::all()
        .into_iter()
        .find(|set| set.file() == file)
        .ok_or_else(|| format!("no tables are stored in {file}"))
}

/// Lets the game of the tables in `file` build what it needs besides them
/// (the 4x4's, a few tens of milliseconds), before they arrive, so that the
/// memory the build uses for a while is free again when the tables'
/// buffers are allocated.
#[wasm_bindgen(js_name = "__workerPrepareTables", skip_typescript)]
pub fn prepare_tables(file: String) {
    if let Ok(set) = set_of(&file) {
        ENGINE.with(|engine| engine.borrow_mut().prepare_tables(set));
    }
}

/// Receives one table of `file` (which holds a count byte, then each
/// table's 4-byte little-endian length and bytes). Taken one by one, each as
/// the buffer it will live in, the tables cost the worker one copy.
#[wasm_bindgen(js_name = "__workerInstallTable", skip_typescript)]
pub fn install_table(file: String, bytes: Vec<u8>) -> Result<(), JsError> {
    set_of(&file)
        .and_then(|set| ENGINE.with(|engine| engine.borrow_mut().receive_table(set, bytes)))
        .map_err(|reason| JsError::new(&reason))
}

/// Installs the tables of `file` received, and serves the messages that
/// waited for them.
#[wasm_bindgen(js_name = "__workerFinishTables", skip_typescript)]
pub fn finish_tables(file: String) -> u32 {
    let time = now();
    let next = match set_of(&file) {
        Ok(set) => ENGINE.with(|engine| engine.borrow_mut().finish_tables(set, time)),
        Err(_) => ENGINE.with(|engine| engine.borrow().idle_or_step()),
    };
    flush(next)
}

/// The page says whether the tables of `file` are at hand (kept on this
/// device, so they come within moments): while they are, a best search
/// waits for them rather than start without them.
#[wasm_bindgen(js_name = "__workerTablesAtHand", skip_typescript)]
pub fn tables_at_hand(file: String, at_hand: bool) -> u32 {
    let time = now();
    let next = match set_of(&file) {
        Ok(set) => ENGINE.with(|engine| engine.borrow_mut().tables_at_hand(set, at_hand, time)),
        Err(_) => ENGINE.with(|engine| engine.borrow().idle_or_step()),
    };
    flush(next)
}

/// The tables of `file` could not be fetched or read: the engine goes on
/// without them, and serves the messages that waited.
#[wasm_bindgen(js_name = "__workerTablesFailed", skip_typescript)]
pub fn tables_failed(file: String, reason: String) -> u32 {
    let time = now();
    let next = match set_of(&file) {
        Ok(set) => ENGINE.with(|engine| engine.borrow_mut().tables_failed(set, reason, time)),
        Err(_) => ENGINE.with(|engine| engine.borrow().idle_or_step()),
    };
    flush(next)
}
