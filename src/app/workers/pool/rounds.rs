//! The pool's split search: a task that splits is searched in rounds, each
//! round's branches dealt out in batches to every worker under one bound;
//! when every batch is done without a goal, the bound rises to the smallest
//! cost any worker saw above it.

use std::collections::VecDeque;

use super::{Busy, Phase, Pool, BATCHES, SPLIT_DEPTH};
use crate::app::workers::job::{Round, RoundDone};
use crate::app::workers::protocol::ToWorker;

/// The split search's state.
#[derive(Debug)]
pub(super) struct Split {
    pub(super) bound: u32,
    batches: Vec<Vec<u32>>,
    /// Batches not yet handed out in this round.
    queue: VecDeque<usize>,
    next_bound: u32,
    /// Positions examined in the rounds' finished batches and before.
    pub(super) done_expanded: u64,
}

impl Pool {
    /// A round's end, reported by `worker` at time `now`.
    pub(super) fn round_done(&mut self, worker: usize, done: RoundDone, now: f64) {
        self.busy[worker] = Busy::Idle;
        let running = self.running.as_mut().expect("a request under way");
        let Phase::Split(split) = &mut running.phase else {
            return;
        };
        if done.bound != split.bound {
            return;
        }
        split.done_expanded += done.expanded;
        if let Some(answer) = done.found {
            return self.finish(answer);
        }
        split.next_bound = split.next_bound.min(done.next_bound);
        self.dispatch(worker);
        self.tick(now);
    }

    /// Splits the request under way into rounds starting at `bound`, its
    /// plain search having examined `expanded` positions; every idle worker
    /// takes a batch.
    pub(super) fn start_split(&mut self, bound: u32, expanded: u64) {
        let running = self.running.as_mut().expect("a request to split");
        // The plain search has exhausted every bound below `bound`, so the
        // solution is longer than the split depth.
        let id = running.id;
        let branches = running.task.branches(SPLIT_DEPTH);
        let size = branches.div_ceil(BATCHES).max(1);
        let batches: Vec<Vec<u32>> = (0..branches as u32)
            .collect::<Vec<_>>()
            .chunks(size)
            .map(<[u32]>::to_vec)
            .collect();
        running.phase = Phase::Split(Split {
            bound,
            queue: (0..batches.len()).collect(),
            batches,
            next_bound: u32::MAX,
            done_expanded: expanded,
        });
        if self.busy[0] == Busy::Best {
            self.send(0, ToWorker::Cancel { id });
            self.busy[0] = Busy::Idle;
        }
        for worker in 0..self.busy.len() {
            if self.busy[worker] == Busy::Idle {
                self.dispatch(worker);
            }
        }
    }

    /// Gives `worker` the next batch, starting the next round (and putting
    /// every idle worker to work) when this one is done.
    pub(super) fn dispatch(&mut self, worker: usize) {
        let in_flight = self
            .busy
            .iter()
            .any(|busy| matches!(busy, Busy::Round { .. }));
        let Some(running) = self.running.as_mut() else {
            return;
        };
        let Phase::Split(split) = &mut running.phase else {
            return;
        };
        if !split.queue.is_empty() {
            return self.dispatch_one(worker);
        }
        if in_flight {
            return;
        }
        if split.next_bound == u32::MAX {
            return self.fail("the search ended without a solution".into());
        }
        split.bound = split.next_bound;
        split.next_bound = u32::MAX;
        split.queue = (0..split.batches.len()).collect();
        for other in 0..self.busy.len() {
            if self.busy[other] == Busy::Idle {
                self.dispatch_one(other);
            }
        }
    }

    fn dispatch_one(&mut self, worker: usize) {
        let Some(running) = self.running.as_mut() else {
            return;
        };
        let Phase::Split(split) = &mut running.phase else {
            return;
        };
        let Some(batch) = split.queue.pop_front() else {
            return;
        };
        let message = ToWorker::Round {
            id: running.id,
            task: running.task.clone(),
            round: Round {
                depth: SPLIT_DEPTH,
                branches: split.batches[batch].clone(),
                bound: split.bound,
            },
        };
        self.busy[worker] = Busy::Round { expanded: 0 };
        self.send(worker, message);
    }
}
