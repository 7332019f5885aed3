//! The page's side of the solver worker: starting it, sending it work,
//! cancelling.
//!
//! A worker runs one search at a time to the end, so cancelling (or asking
//! something new while it is busy) terminates it and starts a fresh one; the
//! fresh one gets the already compiled module, so this costs milliseconds.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

use super::dom::{get, object};
use super::protocol::{FromWorker, ToWorker};

/// Where the worker script is, relative to the page.
const WORKER_URL: &str = "./worker.js";

/// A solver worker and what it is doing.
pub struct SolverClient {
    worker: Option<Worker>,
    busy: bool,
    on_message: Closure<dyn FnMut(MessageEvent)>,
    on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl SolverClient {
    /// A client that hands every reply to `on_reply` and every crash of the
    /// worker (its message) to `on_crash`. The worker starts at once, so it is
    /// warm when the first request comes.
    pub fn new(
        mut on_reply: impl FnMut(FromWorker) + 'static,
        on_crash: impl FnMut(String) + Clone + 'static,
    ) -> SolverClient {
        let mut crash_on_message = on_crash.clone();
        let mut on_crash = on_crash;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let data = event.data();
            if get(&data, "kind").as_string().as_deref() == Some("ready") {
                return;
            }
            match FromWorker::from_js(&data) {
                Ok(reply) => on_reply(reply),
                Err(message) => {
                    crash_on_message(format!("unreadable reply from the solver: {message}"))
                }
            }
        });
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            event.prevent_default();
            on_crash(event.message());
        });
        let mut client = SolverClient {
            worker: None,
            busy: false,
            on_message,
            on_error,
        };
        // A page that cannot start workers still plays; requests then fail
        // with a message.
        let _ = client.worker();
        client
    }

    fn worker(&mut self) -> Result<&Worker, String> {
        if self.worker.is_none() {
            let options = WorkerOptions::new();
            options.set_type(WorkerType::Module);
            let worker = Worker::new_with_options(WORKER_URL, &options)
                .map_err(|e| format!("the solver could not start ({e:?})"))?;
            worker.set_onmessage(Some(self.on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(self.on_error.as_ref().unchecked_ref()));
            let init = object(&[("kind", "init".into()), ("module", wasm_bindgen::module())]);
            worker
                .post_message(&init)
                .map_err(|e| format!("the solver could not start ({e:?})"))?;
            self.worker = Some(worker);
        }
        Ok(self.worker.as_ref().expect("just started"))
    }

    /// Sends a request, replacing whatever the worker is doing.
    pub fn send(&mut self, request: &ToWorker) -> Result<(), String> {
        if self.busy {
            self.restart();
        }
        let worker = self.worker()?;
        worker
            .post_message(&request.to_js())
            .map_err(|e| format!("the solver could not be reached ({e:?})"))?;
        self.busy = true;
        Ok(())
    }

    /// Stops whatever the worker is doing.
    pub fn cancel(&mut self) {
        if self.busy {
            self.restart();
        }
    }

    /// Notes that the worker answered and is free.
    pub fn finished(&mut self) {
        self.busy = false;
    }

    /// Replaces the worker with a fresh one (after a crash or to cancel).
    pub fn restart(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
        self.busy = false;
        let _ = self.worker();
    }
}

impl Drop for SolverClient {
    fn drop(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
    }
}
