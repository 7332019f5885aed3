// A solver Web Worker (see src/web/worker.rs and src/app/workers/protocol.rs).
// The page sends the compiled WebAssembly module first ({kind: "init",
// module}), so the worker instantiates it without fetching or compiling
// again, and says "ready". Every later message goes, in order, to the Rust
// side; long searches then run in slices with the event loop in between, so
// a cancel or a new request is read at once.
//
// When a message needs or is better with a set of tables (the 4x4 pattern
// databases), the Rust side says so after the call (__workerWantedTables);
// they are downloaded here (gzip-compressed, decompressed as they arrive),
// kept in the Cache API so a second visit does not download them again, and
// handed to Rust table by table. Messages go on being read meanwhile: the
// Rust side holds those that must wait. Anything that throws ends the worker
// with an error the page sees: the page then starts a fresh worker.
import init, {
  __workerReady as ready,
  __workerHandle as handle,
  __workerStep as step,
  __workerWantedTables as wantedTables,
  __workerPrepareTables as prepareTables,
  __workerInstallTable as installTable,
  __workerFinishTables as finishTables,
  __workerTablesFailed as tablesFailed,
} from './slide.js';

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
  after(step());
};
function schedule() {
  if (!stepping) {
    stepping = true;
    tick.port2.postMessage(null);
  }
}

async function download(url) {
  let cache = null;
  let response;
  try {
    cache = await caches.open('slide-tables');
    response = await cache.match(url);
  } catch (_) {
    cache = null; // No Cache API here (an insecure origin): download each time.
  }
  if (!response) {
    response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    if (cache) {
      try {
        await cache.put(url, response.clone());
      } catch (_) {
        // A full cache only costs a download next time.
      }
    }
  }
  const unzipped = response.body.pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(unzipped).arrayBuffer());
}

// Downloads and installs the tables stored in `file`; returns what the Rust
// side asks next.
async function loadTables(file) {
  try {
    prepareTables(file);
    const url = new URL(`./tables/${file}.gz`, self.location.href).href;
    const bytes = await download(url);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let offset = 1;
    for (let i = 0; i < bytes[0]; i++) {
      if (offset + 4 > bytes.length) throw new Error('the tables file is cut short');
      const length = view.getUint32(offset, true);
      offset += 4;
      installTable(file, bytes.subarray(offset, offset + length));
      offset += length;
    }
  } catch (error) {
    // A trap in the module (out of memory, say) ends the worker.
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return tablesFailed(file, String((error && error.message) || error));
  }
  return finishTables(file);
}

// Acts on what the Rust side asks after a call: a slice to run, tables to
// fetch (beside the messages, which go on being read).
function after(next) {
  if (next === STEP) schedule();
  const file = wantedTables();
  if (file) loadTables(file).then(after).catch(crash);
}

self.onmessage = ({ data }) => {
  if (data && data.kind === 'init') {
    started = init({ module_or_path: data.module }).then(() => ready());
    return;
  }
  queue = queue
    .then(async () => {
      await started;
      after(handle(data));
    })
    .catch(crash);
};
