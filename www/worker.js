// A solver Web Worker (see src/web/worker.rs and src/app/workers/protocol.rs).
// The page sends the compiled WebAssembly module first ({kind: "init",
// module, bindings}), so the worker instantiates it without fetching or
// compiling again, and says "ready". The bindings are named by their
// content's hash (slide-<hash>.js): the build writes that name in place of
// the fixed one below (www/worker-stamp.sh), so they load as this script
// starts, before the page's first message. `bindings` is the address of the
// ones the page loaded; should they differ (a page and a worker script of
// two builds), the page's are imported, to match its module. Every later
// message goes, in order, to the Rust side; long searches then run in
// slices with the event loop in between, so a cancel or a new request is
// read at once.
//
// Tables: after every call into Rust the worker asks which table file the
// engine wants now, and asks the page for it ({kind: "tables-wanted",
// file}); the page downloads each file once for every worker (see
// src/web/tables.rs) and answers with the decompressed file ({kind:
// "tables-bytes", file, bytes}) or why it could not ({kind:
// "tables-refused", file, reason}). The page also says which files it
// keeps on this device ({kind: "tables-at-hand", file, atHand}): a best
// search then waits for them instead of starting without them. Meanwhile
// the worker goes on reading its messages: the engine holds what must wait
// for the tables. Anything
// that throws ends the worker with an error the page sees: the page then
// starts a fresh worker.

import * as stamped from './slide.js';

// Where the stamped bindings are, to compare with the page's.
const STAMPED = new URL('./slide.js', import.meta.url).href;
// The bindings in use, once the page's first message has come.
let slide = null;

// What the Rust side asks for after each call.
const STEP = 1;

let started = null;
let queue = Promise.resolve();

// Rethrown outside any promise, so that the page's Worker sees an error.
function crash(error) {
  setTimeout(() => {
    throw error;
  });
}

const tick = new MessageChannel();
let stepping = false;
tick.port1.onmessage = () => {
  stepping = false;
  after(slide.__workerStep());
};
function schedule() {
  if (!stepping) {
    stepping = true;
    tick.port2.postMessage(null);
  }
}

// After every call into Rust: asks the page for the tables the engine
// wants, and steps if the engine asks to: at once after a message from the
// page (`atOnce`), so that a job just started runs its first slice now
// rather than a turn of the event loop later (most route queries end in
// it), else on the next tick.
function after(next, atOnce = false) {
  for (let file = slide.__workerWantedTables(); file !== undefined; file = slide.__workerWantedTables()) {
    self.postMessage({ kind: 'tables-wanted', file });
    // What the game builds besides the tables (the 4x4's duplicate-path
    // recogniser) is built while the page reads them, not once they came.
    slide.__workerPrepareTables(file);
  }
  if (next !== STEP) return;
  if (atOnce && !stepping) after(slide.__workerStep());
  else schedule();
}

// Installs a table file from the page: a count byte, then each table's
// 4-byte little-endian length and bytes. Returns what the Rust side asks
// next.
function install(file, bytes) {
  try {
    slide.__workerPrepareTables(file);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let offset = 1;
    if (bytes.length === 0) throw new Error('the tables file is empty');
    for (let i = 0; i < bytes[0]; i++) {
      if (offset + 4 > bytes.length) throw new Error('the tables file is cut short');
      const length = view.getUint32(offset, true);
      offset += 4;
      if (offset + length > bytes.length) throw new Error('the tables file is cut short');
      slide.__workerInstallTable(file, bytes.subarray(offset, offset + length));
      offset += length;
    }
  } catch (error) {
    // A trap in the module (out of memory, say) ends the worker.
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return slide.__workerTablesFailed(file, String((error && error.message) || error));
  }
  return slide.__workerFinishTables(file);
}

function handle(data) {
  if (data && data.kind === 'tables-bytes') return install(data.file, data.bytes);
  if (data && data.kind === 'tables-refused') return slide.__workerTablesFailed(data.file, String(data.reason));
  if (data && data.kind === 'tables-at-hand') return slide.__workerTablesAtHand(data.file, data.atHand === true);
  return slide.__workerHandle(data);
}

self.onmessage = ({ data }) => {
  if (data && data.kind === 'init') {
    const same = !data.bindings || new URL(data.bindings, self.location.href).href === STAMPED;
    started = (same ? Promise.resolve(stamped) : import(data.bindings))
      .then((bindings) => {
        slide = bindings;
        return slide.default({ module_or_path: data.module });
      })
      .then(() => slide.__workerReady());
    return;
  }
  queue = queue
    .then(async () => {
      await started;
      after(handle(data), true);
    })
    .catch(crash);
};
