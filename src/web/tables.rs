//! The table files in the browser: fetched once by the page for every
//! worker ([`crate::app::workers::downloads`] decides who gets what), from
//! the `slide-tables` cache when a visit before kept them, else from the
//! network with the player shown how much has come; decompressed once
//! (gzip, by the browser's `DecompressionStream`) and posted to each worker
//! that asked. A file is cached only once it has come whole and
//! decompressed, and it is cached DECOMPRESSED (marked by [`DECODED`]), so
//! that a second visit hands it over without inflating 29 MB again; a
//! gzip copy an earlier build kept is still read. A cached copy that does
//! not decompress, is not framed as a tables file, or that a worker cannot
//! read, is deleted.
//!
//! At start the page looks for kept copies ([`TableService::look_for_kept`])
//! and tells every worker which sets are at hand: a worker then waits for
//! the kept set rather than build a stopgap (the 4x4's small tier), and
//! the page reads it at once rather than when the player first acts (a
//! second visit has the optimal solver within a second, and reading costs
//! no network). A kept copy that turns out unreadable is said to be no
//! longer at hand before the set is downloaded.
//!
//! The messages (plain objects, beside the worker protocol's records, and
//! read by `www/worker.js`):
//! - worker to page: `{kind: "tables-wanted", file}`;
//! - page to worker: `{kind: "tables-bytes", file, bytes}` (the whole
//!   decompressed file, a `Uint8Array`, its buffer transferred) or `{kind:
//!   "tables-refused", file, reason}`; and `{kind: "tables-at-hand", file,
//!   atHand}` (whether a copy is kept on this device).
//!
//! A worker that cannot read the bytes says so as it would anyway, with a
//! `tables` record (`ok: false`), which [`TableService::watch`] sees.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{Cache, HtmlElement, ReadableStreamDefaultReader, Response, ResponseInit, Worker};

use super::dom::{document, now, object, set_hidden, set_text, window};
use super::records;
use crate::app::workers::downloads::{cut_short, progress_text, start_text, Action, Downloads};
use crate::app::workers::protocol::FromWorker;
use crate::app::workers::tables::TableSet;

/// The cache the files are kept in between visits (`www/sw.js` answers
/// from it too).
const CACHE: &str = "slide-tables";
/// A worker asks for a file.
const WANTED: &str = "tables-wanted";
/// The page hands a file over.
const BYTES: &str = "tables-bytes";
/// The page could not get a file.
const REFUSED: &str = "tables-refused";
/// The page says whether a file is kept on this device.
const AT_HAND: &str = "tables-at-hand";
/// The header that marks a cached copy as the decompressed file (any
/// other copy is the gzip file as served).
const DECODED: &str = "x-slide-tables";
/// A download shorter than this is not shown (a cached copy, a small file):
/// a flash of words would only distract.
const SHOW_AFTER_MS: f64 = 300.0;

#[wasm_bindgen]
extern "C" {
    /// The browser's `DecompressionStream` (web-sys has it only as an
    /// unstable API).
    type DecompressionStream;

    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;

    #[wasm_bindgen(method, getter)]
    fn readable(this: &DecompressionStream) -> web_sys::ReadableStream;

    #[wasm_bindgen(method, getter)]
    fn writable(this: &DecompressionStream) -> web_sys::WritableStream;
}

/// One download under way, for the player.
struct Shown {
    set: TableSet,
    started: f64,
    read: u64,
    total: Option<u64>,
}

/// The page's table downloads and the workers they are for.
struct Service {
    downloads: Downloads,
    /// Each worker by index, as last started.
    workers: HashMap<usize, Worker>,
    /// The sets with a copy kept on this device, as far as is known.
    kept: HashSet<TableSet>,
    /// The bytes held for workers yet to ask.
    held: HashMap<TableSet, Uint8Array>,
    /// The downloads under way, oldest first.
    shown: Vec<Shown>,
    /// The progress line near the board, once made.
    line: Option<ProgressLine>,
}

/// Serves the workers' table messages; cheap to clone (one service).
#[derive(Clone)]
pub(super) struct TableService(Rc<RefCell<Service>>);

impl TableService {
    /// A service for `workers` workers.
    pub(super) fn new(workers: usize) -> TableService {
        TableService(Rc::new(RefCell::new(Service {
            downloads: Downloads::new(workers),
            workers: HashMap::new(),
            kept: HashSet::new(),
            held: HashMap::new(),
            shown: Vec::new(),
            line: None,
        })))
    }

    /// Takes `data`, a message from worker `index` (`worker`), if it is a
    /// table message, and says whether it was; anything else is left for
    /// the pool.
    pub(super) fn serve(&self, index: usize, worker: &Worker, data: &JsValue) -> bool {
        if kind(data).as_deref() != Some(WANTED) {
            return false;
        }
        let file = text(data, "file");
        let actions = {
            let mut service = self.0.borrow_mut();
            service.workers.insert(index, worker.clone());
            service.downloads.wanted(index, &file)
        };
        self.act(actions);
        true
    }

    /// Serves worker `index`, just started, and tells it which sets are at
    /// hand.
    pub(super) fn register(&self, index: usize, worker: &Worker) {
        let mut service = self.0.borrow_mut();
        for &set in &service.kept {
            post_at_hand(worker, set, true);
        }
        service.workers.insert(index, worker.clone());
    }

    /// Whether `set` has a copy kept on this device, as far as is known.
    pub(super) fn is_kept(&self, set: TableSet) -> bool {
        self.0.borrow().kept.contains(&set)
    }

    /// Looks for kept copies of every set, in the background: each found
    /// is said to be at hand to every worker, then passed to `then`.
    pub(super) fn look_for_kept(&self, then: impl Fn(TableSet) + 'static) {
        let service = self.clone();
        spawn_local(async move {
            let Some(cache) = open_cache().await else {
                return;
            };
            for set in TableSet::all() {
                let Ok(url) = address(set) else {
                    continue;
                };
                let found = JsFuture::from(cache.match_with_str(&url)).await.ok();
                if !found.is_some_and(|found| found.is_instance_of::<Response>()) {
                    continue;
                }
                {
                    let mut inner = service.0.borrow_mut();
                    inner.kept.insert(set);
                    for worker in inner.workers.values() {
                        post_at_hand(worker, set, true);
                    }
                }
                then(set);
            }
        });
    }

    /// `set` is downloaded after all: no longer at hand for the workers,
    /// which go on without it meanwhile.
    fn not_at_hand(&self, set: TableSet) {
        let mut service = self.0.borrow_mut();
        if service.kept.remove(&set) {
            for worker in service.workers.values() {
                post_at_hand(worker, set, false);
            }
        }
    }

    /// Starts reading `set`'s file before any worker asks for it (the page
    /// shows a board that needs it): on a second visit it comes from the
    /// cache while the workers start, and is held for them.
    pub(super) fn early(&self, set: TableSet) {
        let actions = self.0.borrow_mut().downloads.early(set);
        self.act(actions);
    }

    /// Worker `index` was replaced by a fresh one: it gets a file only
    /// when it asks for it.
    pub(super) fn worker_replaced(&self, index: usize) {
        self.0.borrow_mut().downloads.worker_replaced(index);
    }

    /// Notes what a worker says of its tables: a set it could not read,
    /// though the page handed it over whole, is damaged where it is
    /// cached.
    pub(super) fn watch(&self, data: &JsValue) {
        if kind(data).as_deref() != Some("tables") {
            return;
        }
        let Ok(FromWorker::Tables {
            set,
            ok: false,
            message,
        }) = records::from_js(data).and_then(|r| FromWorker::from_record(&r))
        else {
            return;
        };
        let actions = self.0.borrow_mut().downloads.unreadable(set, &message);
        self.act(actions);
    }

    /// Carries out what the downloads' bookkeeping says.
    fn act(&self, actions: Vec<Action>) {
        for action in actions {
            match action {
                Action::Fetch(set) => self.fetch(set),
                Action::Deliver { worker, set, last } => {
                    let service = self.0.borrow();
                    if let (Some(target), Some(bytes)) =
                        (service.workers.get(&worker), service.held.get(&set))
                    {
                        deliver(target, set, bytes, last);
                    }
                }
                Action::Refuse {
                    worker,
                    set,
                    reason,
                } => {
                    if let Some(target) = self.0.borrow().workers.get(&worker) {
                        let message = object(&[
                            ("kind", REFUSED.into()),
                            ("file", set.file().into()),
                            ("reason", reason.as_str().into()),
                        ]);
                        // A worker terminated meanwhile takes nothing.
                        let _ = target.post_message(&message);
                    }
                }
                Action::Forget(set) => spawn_local(forget(set)),
            }
        }
        // Bytes every worker has had are let go.
        let mut service = self.0.borrow_mut();
        let Service {
            downloads, held, ..
        } = &mut *service;
        held.retain(|set, _| downloads.holds(*set));
    }

    /// Fetches `set`'s file in the background, showing its progress.
    fn fetch(&self, set: TableSet) {
        self.0.borrow_mut().shown.push(Shown {
            set,
            started: now(),
            read: 0,
            total: None,
        });
        // Shown if it is still coming after a while, even if nothing of it
        // has come yet.
        let later = self.clone();
        let show = Closure::once_into_js(move || later.show());
        let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(
            show.unchecked_ref(),
            SHOW_AFTER_MS as i32 + 10,
        );
        let service = self.clone();
        spawn_local(async move {
            let progress = |read: u64, total: Option<u64>| {
                if let Some(shown) = service
                    .0
                    .borrow_mut()
                    .shown
                    .iter_mut()
                    .find(|s| s.set == set)
                {
                    shown.read = read;
                    shown.total = total;
                }
                service.show();
            };
            let result = load(set, &progress, &|| service.not_at_hand(set)).await;
            let ok = result.is_ok();
            let actions = {
                let mut inner = service.0.borrow_mut();
                inner.shown.retain(|shown| shown.set != set);
                match result {
                    Ok(bytes) => {
                        inner.held.insert(set, bytes);
                        inner.downloads.loaded(set)
                    }
                    Err(reason) => inner.downloads.failed(set, &reason),
                }
            };
            service.show();
            if let Some(line) = &mut service.0.borrow_mut().line {
                line.finished(set, ok);
            }
            service.act(actions);
        });
    }

    /// Shows the oldest download that has taken a while, or nothing.
    fn show(&self) {
        let mut service = self.0.borrow_mut();
        let time = now();
        let current = service
            .shown
            .iter()
            .find(|shown| time - shown.started >= SHOW_AFTER_MS)
            .map(|shown| (shown.set, shown.read, shown.total));
        if current.is_none() && service.line.is_none() {
            return;
        }
        if service.line.is_none() {
            service.line = ProgressLine::make();
        }
        if let Some(line) = &mut service.line {
            line.show(current);
        }
    }
}

/// Posts `set`'s bytes to `worker`: a copy, or (`last`) the bytes
/// themselves, which leaves the page without them. Either way the buffer
/// posted is transferred, not cloned: a copy made by `slice` takes the
/// main thread a few milliseconds for 29 MB, where posting the bytes for
/// the browser to clone took it about 150 ms.
fn deliver(worker: &Worker, set: TableSet, bytes: &Uint8Array, last: bool) {
    let bytes = if last {
        bytes.clone()
    } else {
        bytes.slice(0, bytes.length())
    };
    let message = object(&[
        ("kind", BYTES.into()),
        ("file", set.file().into()),
        ("bytes", (&bytes).into()),
    ]);
    // A worker terminated meanwhile takes nothing; its replacement asks.
    let _ = worker.post_message_with_transfer(&message, &Array::of1(&bytes.buffer()));
}

/// Tells `worker` whether `set` is at hand.
fn post_at_hand(worker: &Worker, set: TableSet, at_hand: bool) {
    let message = object(&[
        ("kind", AT_HAND.into()),
        ("file", set.file().into()),
        ("atHand", at_hand.into()),
    ]);
    // A worker terminated meanwhile takes nothing; its replacement is told.
    let _ = worker.post_message(&message);
}

/// The `kind` of a message, if it is an object with one.
fn kind(data: &JsValue) -> Option<String> {
    if !data.is_object() {
        return None;
    }
    Reflect::get(data, &"kind".into()).ok()?.as_string()
}

/// A text property of a message ("" if missing).
fn text(data: &JsValue, name: &str) -> String {
    Reflect::get(data, &name.into())
        .ok()
        .and_then(|value| value.as_string())
        .unwrap_or_default()
}

/// The address of `set`'s file, served gzip-compressed beside the page.
fn address(set: TableSet) -> Result<String, String> {
    let base = window()
        .location()
        .href()
        .map_err(|_| "the page's address cannot be read")?;
    web_sys::Url::new_with_base(&format!("tables/{}.gz", set.file()), &base)
        .map(|url| url.href())
        .map_err(|_| "the tables' address cannot be made".to_string())
}

/// The tables' cache, where the browser has one (not on an insecure
/// origin).
async fn open_cache() -> Option<Cache> {
    let caches = window().caches().ok()?;
    JsFuture::from(caches.open(CACHE))
        .await
        .ok()
        .map(JsCast::unchecked_into)
}

/// Deletes `set`'s cached copy.
async fn forget(set: TableSet) {
    if let (Some(cache), Ok(url)) = (open_cache().await, address(set)) {
        let _ = JsFuture::from(cache.delete_with_str(&url)).await;
    }
}

/// `set`'s file decompressed: the cached copy if there is a good one, else
/// downloaded (and then cached, `downloading` called first), reporting the
/// bytes read and expected to `progress`. The error is why, in the
/// player's words.
async fn load(
    set: TableSet,
    progress: &dyn Fn(u64, Option<u64>),
    downloading: &dyn Fn(),
) -> Result<Uint8Array, String> {
    let url = address(set)?;
    let cache = open_cache().await;
    if let Some(cache) = &cache {
        let cached = JsFuture::from(cache.match_with_str(&url)).await.ok();
        if let Some(response) = cached.and_then(|found| found.dyn_into::<Response>().ok()) {
            let decoded = response.headers().has(DECODED).unwrap_or(false);
            let bytes = if decoded {
                read_decoded(response).await
            } else {
                read(response, progress).await
            };
            match bytes {
                Ok(bytes) => {
                    // An older build's gzip copy: kept decompressed from now on.
                    if !decoded {
                        keep(cache, &url, &bytes);
                    }
                    return Ok(bytes);
                }
                // Damaged where it was kept: gone, and downloaded again.
                Err(_) => {
                    let _ = JsFuture::from(cache.delete_with_str(&url)).await;
                }
            }
        }
    }
    downloading();
    let response: Response = JsFuture::from(window().fetch_with_str(&url))
        .await
        .map_err(|_| "the network could not be reached".to_string())?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("the server answered HTTP {}", response.status()));
    }
    // The service worker answers from the same cache (`www/sw.js`): a copy
    // kept since this page looked is already decompressed.
    if response.headers().has(DECODED).unwrap_or(false) {
        return read_decoded(response).await;
    }
    let bytes = read(response, progress).await?;
    if let Some(cache) = &cache {
        keep(cache, &url, &bytes);
    }
    Ok(bytes)
}

/// Keeps the decompressed file whole in the cache under its address, in
/// the background (a full cache only costs a download next time). The
/// bytes are copied at once, so they may be handed on (and moved to a
/// worker) straight away.
fn keep(cache: &Cache, url: &str, bytes: &Uint8Array) {
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence(&Array::of1(bytes)) else {
        return;
    };
    let init = ResponseInit::new();
    let headers = object(&[
        ("content-type", "application/octet-stream".into()),
        ("content-length", blob.size().to_string().into()),
        (DECODED, "decoded".into()),
    ]);
    init.set_headers(&headers);
    if let Ok(response) = Response::new_with_opt_blob_and_init(Some(&blob), &init) {
        let put = JsFuture::from(cache.put_with_str(url, &response));
        spawn_local(async move {
            let _ = put.await;
        });
    }
}

/// A cached decompressed file read whole, if it is framed as a tables file
/// (a count byte, then each table's 4-byte little-endian length and bytes,
/// to the end): a copy cut short is not handed to the workers.
async fn read_decoded(response: Response) -> Result<Uint8Array, String> {
    let damaged = || "the kept copy is damaged".to_string();
    let buffer = response.array_buffer().map_err(|_| damaged())?;
    let bytes = Uint8Array::new(&JsFuture::from(buffer).await.map_err(|_| damaged())?);
    let length = bytes.length();
    if length == 0 {
        return Err(damaged());
    }
    let mut offset = 1u32;
    for _ in 0..bytes.get_index(0) {
        if length - offset < 4 {
            return Err(damaged());
        }
        let size = (0..4).rev().fold(0u32, |size, i| {
            (size << 8) | u32::from(bytes.get_index(offset + i))
        });
        offset += 4;
        if length - offset < size {
            return Err(damaged());
        }
        offset += size;
    }
    if offset != length {
        return Err(damaged());
    }
    Ok(bytes)
}

/// A response's body read to the end, as it comes, and decompressed on the
/// way: the file.
async fn read(
    response: Response,
    progress: &dyn Fn(u64, Option<u64>),
) -> Result<Uint8Array, String> {
    let headers = response.headers();
    // The length said is the body's only if nothing undid an encoding.
    let encoded = headers
        .get("content-encoding")
        .ok()
        .flatten()
        .is_some_and(|encoding| encoding != "identity");
    let total = (!encoded)
        .then(|| headers.get("content-length").ok().flatten())
        .flatten()
        .and_then(|length| length.trim().parse::<u64>().ok());
    let damaged = |_| "the file is damaged (it does not decompress)".to_string();
    let body = response.body().ok_or("the download was empty")?;
    let reader: ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let unzip = DecompressionStream::new("gzip").map_err(|_| "this browser cannot decompress")?;
    let writer = unzip
        .writable()
        .get_writer()
        .map_err(|_| "this browser cannot decompress")?;
    // Read from the other end while it is written, so that writing never
    // waits; awaited (and its failure handled) from the start.
    let unzipped = Response::new_with_opt_readable_stream(Some(&unzip.readable()))
        .and_then(|response| response.array_buffer())
        .map_err(|_| "this browser cannot decompress")?;
    let unzipped = JsFuture::from(unzipped);
    let mut read = 0u64;
    progress(0, total);
    loop {
        let next = JsFuture::from(reader.read())
            .await
            .map_err(|_| match total {
                Some(total) => cut_short(read, total),
                None => "the download was cut short".to_string(),
            })?;
        if Reflect::get(&next, &"done".into())
            .ok()
            .and_then(|done| done.as_bool())
            .unwrap_or(true)
        {
            break;
        }
        let chunk: Uint8Array = Reflect::get(&next, &"value".into())
            .map_err(|_| "the download cannot be read")?
            .unchecked_into();
        read += u64::from(chunk.length());
        progress(read, total);
        JsFuture::from(writer.write_with_chunk(&chunk))
            .await
            .map_err(damaged)?;
    }
    if let Some(total) = total.filter(|&total| total != read) {
        return Err(cut_short(read, total));
    }
    JsFuture::from(writer.close()).await.map_err(damaged)?;
    let buffer = unzipped.await.map_err(damaged)?;
    Ok(Uint8Array::new(&buffer))
}

/// The line near the board that says how much of the tables has come, and
/// a polite word for screen readers when a download starts and ends.
struct ProgressLine {
    line: HtmlElement,
    words: web_sys::Element,
    bar: web_sys::Element,
    news: web_sys::Element,
    /// The set shown last, if one is.
    showing: Option<TableSet>,
}

impl ProgressLine {
    /// Builds the line over the foot of the board (it takes no room, so
    /// nothing moves when it comes and goes), and the announcer.
    fn make() -> Option<ProgressLine> {
        let document = document();
        let wrap = document.get_element_by_id("board-wrap")?;
        let line: HtmlElement = document.create_element("div").ok()?.unchecked_into();
        line.set_id("tables-progress");
        line.set_class_name("tables-progress");
        line.set_hidden(true);
        let words = document.create_element("span").ok()?;
        // Read out through `news`, not at every tenth of a megabyte.
        words.set_attribute("aria-hidden", "true").ok()?;
        let bar = document.create_element("progress").ok()?;
        bar.set_attribute("aria-hidden", "true").ok()?;
        line.append_child(&words).ok()?;
        line.append_child(&bar).ok()?;
        wrap.append_child(&line).ok()?;
        let news = document.create_element("p").ok()?;
        news.set_id("tables-news");
        news.set_class_name("visually-hidden");
        news.set_attribute("aria-live", "polite").ok()?;
        wrap.append_child(&news).ok()?;
        Some(ProgressLine {
            line,
            words,
            bar,
            news,
            showing: None,
        })
    }

    /// Says `set`'s download has ended (`ok`: it came whole), to screen
    /// readers if it was shown; a failure is said on the message line (by
    /// the pool, once).
    fn finished(&mut self, set: TableSet, ok: bool) {
        if self.showing == Some(set) {
            self.showing = None;
            let words = if ok {
                format!("The {} solver is downloaded.", set.name())
            } else {
                String::new()
            };
            set_text(&self.news, &words);
        }
    }

    /// Shows `current` (a set, bytes read, bytes expected), or hides the
    /// line.
    fn show(&mut self, current: Option<(TableSet, u64, Option<u64>)>) {
        match current {
            Some((set, read, total)) => {
                if self.showing != Some(set) {
                    set_text(&self.news, &start_text(set, total));
                    self.showing = Some(set);
                }
                set_text(&self.words, &progress_text(set, read, total));
                match total {
                    Some(total) if total > 0 => {
                        let _ = self.bar.set_attribute("max", &total.to_string());
                        let _ = self
                            .bar
                            .set_attribute("value", &read.min(total).to_string());
                    }
                    // No length said: the bar only says something comes.
                    _ => {
                        let _ = self.bar.remove_attribute("value");
                    }
                }
                set_hidden(&self.line, false);
            }
            None => set_hidden(&self.line, true),
        }
    }
}
