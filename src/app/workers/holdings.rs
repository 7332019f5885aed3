//! What the page knows each worker holds of the tasks' large parts (a
//! route's map, [`TaskRecord::held_key`](super::job::TaskRecord::held_key)),
//! so that a part goes to a worker once and later tasks name it instead.
//!
//! The invariant it keeps: for each worker and game, the key recorded is the
//! key of the last task of that game posted whole to that worker, since the
//! worker last started or failed to read a message. A worker's runner keeps
//! the part of the last whole task of its game it received
//! ([`JobRunner::receive`](super::job::JobRunner::receive)), and messages
//! arrive in the order they were posted, so the two agree. Should they not
//! (a message the worker could not read), the worker answers
//! [`NOT_HELD`](super::protocol::NOT_HELD) and the task is sent again whole
//! ([`Holdings::refused`]).

use std::collections::HashMap;

use super::protocol::{RequestId, ToWorker};

/// For each worker, the key of the part it holds for each game, and the
/// tasks last sent to it without their part.
#[derive(Debug, Default)]
pub struct Holdings {
    workers: Vec<Held>,
}

/// What one worker holds, as far as the page knows.
#[derive(Debug, Default)]
struct Held {
    /// The key of the part held, by game.
    keys: HashMap<&'static str, u64>,
    /// The messages of the latest request sent without their part, whole
    /// (as they were before [`Holdings::outgoing`] took it out).
    lean: Vec<ToWorker>,
}

impl Holdings {
    /// Nothing held by `workers` workers.
    pub fn new(workers: usize) -> Holdings {
        Holdings {
            workers: (0..workers).map(|_| Held::default()).collect(),
        }
    }

    /// `message` as it is to be posted to worker `worker`: without its
    /// task's part if the worker holds it, else whole, and then the worker
    /// holds it.
    pub fn outgoing(&mut self, worker: usize, message: ToWorker) -> ToWorker {
        let Some(held) = self.workers.get_mut(worker) else {
            return message;
        };
        let Some((game, key)) = message
            .task()
            .and_then(|task| Some((task.game(), task.held_key()?)))
        else {
            return message;
        };
        if held.keys.get(game) != Some(&key) {
            held.keys.insert(game, key);
            return message;
        }
        let Some(lean) = message.task().and_then(|task| task.lean()) else {
            return message;
        };
        if held.lean.first().and_then(ToWorker::request) != message.request() {
            held.lean.clear();
        }
        held.lean.push(message.clone());
        message.with_task(lean)
    }

    /// Worker `worker` holds nothing: it is fresh, or could not read a
    /// message (which may have been the one carrying a part).
    pub fn forget(&mut self, worker: usize) {
        if let Some(held) = self.workers.get_mut(worker) {
            *held = Held::default();
        }
    }

    /// Worker `worker` answered request `id` with
    /// [`NOT_HELD`](super::protocol::NOT_HELD): it holds nothing the page
    /// can count on. The message to post again (through
    /// [`Holdings::outgoing`], which now sends it whole), if the request
    /// sent it exactly one task without its part; `None` if it sent none
    /// (a stale answer) or several (which of them failed cannot be told:
    /// the request is better failed and asked again).
    pub fn refused(&mut self, worker: usize, id: RequestId) -> Option<ToWorker> {
        let held = self.workers.get_mut(worker)?;
        let lean = std::mem::take(&mut held.lean);
        held.keys.clear();
        match <[ToWorker; 1]>::try_from(lean) {
            Ok([message]) if message.request() == Some(id) => Some(message),
            _ => None,
        }
    }
}
