// The solver's Web Worker. The page sends the compiled WebAssembly module
// first ({kind: "init", module}), so the worker instantiates it without
// fetching or compiling again; every later message goes to the Rust side.
import init, { workerHandle } from './slide.js';

let ready = null;

self.onmessage = async (event) => {
  const message = event.data;
  if (message && message.kind === 'init') {
    ready = init({ module_or_path: message.module });
    await ready;
    self.postMessage({ kind: 'ready' });
    return;
  }
  if (ready === null) {
    self.postMessage({ kind: 'failed', id: message && message.id || 0, message: 'the solver was not initialised' });
    return;
  }
  await ready;
  workerHandle(message);
};
