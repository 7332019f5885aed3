// A solver Web Worker. The page sends the compiled WebAssembly module first
// ({kind: "init", module}), so the worker instantiates it without fetching or
// compiling again. Every later message goes, in order, to the Rust side
// (workerHandle); long searches then run in slices (workerStep) with the event
// loop in between, so a cancel or a new request is read at once.
//
// The 4x4 pattern databases are downloaded on the first message that needs
// them (gzip-compressed, decompressed here), kept in the Cache API so a second
// visit does not download them again, and handed to Rust table by table.
import init, { workerHandle, workerStep, installTable, finishTables, prepareSearch, tableFile } from './slide.js';

let ready = null;
let tables = null;
let queue = Promise.resolve();

const tick = new MessageChannel();
let stepping = false;
tick.port1.onmessage = () => {
  stepping = false;
  if (workerStep()) schedule();
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

async function loadTables() {
  prepareSearch();
  const url = new URL(`./tables/${tableFile()}.gz`, self.location.href).href;
  const bytes = await download(url);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 1;
  for (let i = 0; i < bytes[0]; i++) {
    const length = view.getUint32(offset, true);
    offset += 4;
    installTable(bytes.subarray(offset, offset + length));
    offset += length;
  }
  finishTables();
}

function ensureTables() {
  if (tables === null) {
    tables = loadTables().then(
      () => self.postMessage({ kind: 'tables', ok: true, message: '' }),
      (error) => self.postMessage({ kind: 'tables', ok: false, message: String((error && error.message) || error) }),
    );
  }
  return tables;
}

function needsTables(message) {
  return message.kind === 'prepare' || message.kind === 'round'
    || (message.kind === 'solve' && message.width === 4 && message.height === 4);
}

self.onmessage = ({ data }) => {
  if (data && data.kind === 'init') {
    ready = init({ module_or_path: data.module }).then(() => self.postMessage({ kind: 'ready' }));
    return;
  }
  queue = queue.then(async () => {
    await ready;
    if (needsTables(data)) await ensureTables();
    if (workerHandle(data)) schedule();
  });
};
