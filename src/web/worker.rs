//! The solver as it runs inside the Web Worker (`www/worker.js` loads this
//! same module and hands every message to [`worker_handle`]).
//!
//! A search runs to the end once started; the page cancels one by
//! terminating the worker, which is immediate whatever the search is doing.

use std::ops::ControlFlow;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::dom::now;
use super::protocol::{FromWorker, ToWorker};
use crate::search::Progress;
use crate::sliding::{solve, Board};

/// How often progress is reported, in milliseconds.
const PROGRESS_EVERY_MS: f64 = 100.0;

fn post(message: FromWorker) {
    let scope = js_sys::global().unchecked_into::<web_sys::DedicatedWorkerGlobalScope>();
    // Posting a plain object of numbers and strings cannot fail.
    let _ = scope.post_message(&message.to_js());
}

/// Serves one message from the page. Internal to the page's worker; not part
/// of the embedding API.
#[wasm_bindgen(js_name = workerHandle)]
pub fn worker_handle(message: JsValue) {
    console_error_panic_hook::set_once();
    match ToWorker::from_js(&message) {
        Ok(ToWorker::Solve {
            id,
            width,
            height,
            tiles,
        }) => post(solve_board(id, width, height, &tiles)),
        Err(message) => post(FromWorker::Failed { id: 0, message }),
    }
}

fn solve_board(id: u64, width: usize, height: usize, tiles: &[u8]) -> FromWorker {
    let board = match Board::from_tiles(width, height, tiles) {
        Ok(board) => board,
        Err(error) => {
            return FromWorker::Failed {
                id,
                message: error.to_string(),
            }
        }
    };
    let started = now();
    let mut last_report = started;
    let mut report = |progress: &Progress| {
        let time = now();
        if time - last_report >= PROGRESS_EVERY_MS {
            last_report = time;
            post(FromWorker::Progress {
                id,
                expanded: progress.expanded,
                bound: progress.bound,
                elapsed_ms: time - started,
            });
        }
        ControlFlow::Continue(())
    };
    match solve(&board, &mut report) {
        Ok(plan) => FromWorker::Solution {
            id,
            moves: plan.moves,
            optimal: plan.optimal,
            expanded: plan.expanded,
            elapsed_ms: now() - started,
        },
        Err(interrupted) => FromWorker::Failed {
            id,
            message: interrupted.to_string(),
        },
    }
}
