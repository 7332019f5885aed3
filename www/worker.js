// A solver Web Worker (see src/web/worker.rs and src/app/workers/protocol.rs).
// The page sends the compiled WebAssembly module first ({kind: "init",
// module}), so the worker instantiates it without fetching or compiling
// again, and says "ready". Every later message goes, in order, to the Rust
// side; long searches then run in slices with the event loop in between, so
// a cancel or a new request is read at once.
//
// When a message needs the 4x4 pattern databases, the Rust side says so; they
// are downloaded here (gzip-compressed, decompressed as they arrive), kept in
// the Cache API so a second visit does not download them again, and handed to
// Rust table by table. Anything that throws ends the worker with an error the
// page sees: the page then starts a fresh worker.
import init, {
  __workerReady as ready,
  __workerHandle as handle,
  __workerStep as step,
  __workerTableFile as tableFile,
  __workerPrepareTables as prepareTables,
  __workerInstallTable as installTable,
  __workerFinishTables as finishTables,
  __workerTablesFailed as tablesFailed,
} from './slide.js';

// What the Rust side asks for after each call.
const STEP = 1;
const NEED_TABLES = 2;

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
  if (step() === STEP) schedule();
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

// Downloads and installs the tables; returns what the Rust side asks next.
async function loadTables() {
  try {
    prepareTables();
    const url = new URL(`./tables/${tableFile()}.gz`, self.location.href).href;
    const bytes = await download(url);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let offset = 1;
    for (let i = 0; i < bytes[0]; i++) {
      if (offset + 4 > bytes.length) throw new Error('the tables file is cut short');
      const length = view.getUint32(offset, true);
      offset += 4;
      installTable(bytes.subarray(offset, offset + length));
      offset += length;
    }
  } catch (error) {
    // A trap in the module (out of memory, say) ends the worker.
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return tablesFailed(String((error && error.message) || error));
  }
  return finishTables();
}

self.onmessage = ({ data }) => {
  if (data && data.kind === 'init') {
    started = init({ module_or_path: data.module }).then(() => ready());
    return;
  }
  queue = queue
    .then(async () => {
      await started;
      let next = handle(data);
      if (next === NEED_TABLES) next = await loadTables();
      if (next === STEP) schedule();
    })
    .catch(crash);
};
