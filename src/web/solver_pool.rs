//! The page's side of the solver workers: one request at a time, spread
//! over every core when it is hard.
//!
//! A 4x4 request starts as a plain optimal search on one worker, with a quick
//! (weighted, not optimal) solution computed alongside. If the optimal search
//! has not finished after [`ANYTIME_MS`], the quick solution is handed over to
//! show meanwhile. If it has not finished after [`SPLIT_AFTER_MS`] and the
//! machine has more than one core, the plain search stops and the tree is
//! split [`SPLIT_DEPTH`] moves below the start: every worker takes branches
//! one at a time and searches them with the round's bound; when all have been
//! searched without a goal the bound rises to the smallest f any saw exceed
//! it. The first goal found is optimal, since every smaller bound was
//! exhausted. Rounds start at the bound the plain search had reached.
//!
//! Cancelling asks the workers to drop their job; they read the message
//! between two slices of search, so it takes effect within milliseconds and
//! the tables stay loaded.

use std::collections::VecDeque;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

use super::dom::{get, now, object};
use super::protocol::{FromWorker, Mode, ToWorker};
use crate::pegs::{Goal, Jump, PegBoard};
use crate::sliding::fifteen::split_branches;
use crate::sliding::{Board, Plan};

/// Where the worker script is, relative to the page.
const WORKER_URL: &str = "./worker.js";
/// After this long without an optimal answer the quick one is shown.
pub const ANYTIME_MS: f64 = 1000.0;
/// After this long without an optimal answer the search is split among all
/// workers (when there are several): most boards are solved before, by one.
pub const SPLIT_AFTER_MS: f64 = 250.0;
/// A board whose quick solution is at least this much longer than its
/// lower bound is hard: its search is split at once.
pub const HARD_GAP: u32 = 22;
/// How deep the tree is split: about 450 distinct branches for the 4x4.
pub const SPLIT_DEPTH: usize = 8;
/// The branches are dealt out in this many batches of consecutive branches
/// (workers number them most promising first): few messages per round, yet
/// enough batches to keep every worker busy to the end of each round, the
/// largest first.
pub const BATCHES: usize = 64;
/// Progress goes to the page at most this often.
const PROGRESS_EVERY_MS: f64 = 100.0;
/// The most workers used, whatever the number of cores.
pub const MAX_WORKERS: usize = 8;

/// What the pool tells the page.
#[derive(Clone, Debug)]
pub enum PoolEvent {
    /// The search for request `id` is under way.
    Progress {
        /// The request.
        id: u64,
        /// Positions examined, all workers together.
        expanded: u64,
        /// The current cost bound.
        bound: u32,
        /// Milliseconds since the request.
        elapsed_ms: f64,
        /// Workers searching.
        workers: usize,
    },
    /// A solution to show while the optimal search goes on.
    Provisional {
        /// The request.
        id: u64,
        /// The quick solution (not optimal).
        plan: Plan,
    },
    /// The answer to request `id`.
    Solved {
        /// The request.
        id: u64,
        /// The solution.
        plan: Plan,
        /// Milliseconds since the request.
        elapsed_ms: f64,
    },
    /// The answer to peg-solitaire request `id`.
    PegAnswer {
        /// The request.
        id: u64,
        /// A solution's jumps, or `None`: the position is lost.
        jumps: Option<Vec<Jump>>,
    },
    /// Request `id` failed.
    Failed {
        /// The request.
        id: u64,
        /// Why.
        message: String,
    },
    /// Something worth telling the player that is not about one request.
    Note(String),
    /// A worker has the 4x4 tables installed.
    TablesReady,
}

/// What a worker is doing for the current task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Busy {
    Idle,
    Optimal,
    Quick,
    Round { batch: usize, expanded: u64 },
}

struct Slot {
    worker: Worker,
    busy: Busy,
    /// Kept for the worker's life, and for its replacement after a crash.
    handlers: Rc<Handlers>,
}

struct Handlers {
    on_message: Closure<dyn FnMut(MessageEvent)>,
    on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Handlers {
    fn attach(&self, worker: &Worker) {
        worker.set_onmessage(Some(self.on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(self.on_error.as_ref().unchecked_ref()));
    }
}

/// The split search's state.
struct Split {
    bound: u32,
    batches: Vec<Vec<u32>>,
    /// Batches not yet handed out in this round.
    queue: VecDeque<usize>,
    next_bound: u32,
    done_expanded: u64,
}

enum Phase {
    Single { bound: u32, expanded: u64 },
    Split(Split),
}

struct Task {
    id: u64,
    board: Board,
    started: f64,
    /// Whether the quick search and the split apply (4x4 boards).
    four: bool,
    quick: Option<Plan>,
    quick_shown: bool,
    phase: Phase,
    last_progress: f64,
    /// For a board found hard, the start's estimate: the split begins at once
    /// from there.
    hard_from: Option<u32>,
}

/// The workers and the request they serve.
pub struct SolverPool {
    slots: Vec<Slot>,
    task: Option<Task>,
    /// The peg-solitaire request under way (on the first worker), and when
    /// it was made.
    peg_task: Option<(u64, f64)>,
    on_event: Rc<dyn Fn(PoolEvent)>,
    /// Whether the 4x4 tables failed to load (the split needs them).
    tables_failed: bool,
}

/// How many workers the machine warrants.
fn worker_count() -> usize {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    // A browser that does not say (or says 0) gets one worker.
    (cores as usize).clamp(1, MAX_WORKERS)
}

impl SolverPool {
    /// A pool of workers (one per core, up to [`MAX_WORKERS`]) reporting to
    /// `on_event`; `on_reply` is how each worker's messages get back to the
    /// pool (the page routes them to [`SolverPool::receive`]).
    pub fn new(
        on_event: impl Fn(PoolEvent) + 'static,
        on_reply: impl Fn(usize, Result<FromWorker, String>) + Clone + 'static,
    ) -> Result<SolverPool, String> {
        let mut slots = Vec::new();
        for index in 0..worker_count() {
            slots.push(spawn(index, on_reply.clone())?);
        }
        Ok(SolverPool {
            slots,
            task: None,
            peg_task: None,
            on_event: Rc::new(on_event),
            tables_failed: false,
        })
    }

    fn send(&self, index: usize, message: &ToWorker) {
        if let Err(error) = self.slots[index].worker.post_message(&message.to_js()) {
            (self.on_event)(PoolEvent::Note(format!(
                "the solver could not be reached ({error:?})"
            )));
        }
    }

    /// Asks the first worker to download the 4x4 tables now (the others
    /// follow once it has them).
    pub fn prepare(&self) {
        self.send(0, &ToWorker::Prepare);
    }

    /// Starts solving `board` for request `id`, dropping any request under
    /// way.
    pub fn solve(&mut self, id: u64, board: &Board) {
        self.cancel();
        let four = (board.width(), board.height()) == (4, 4);
        let solve = |mode| ToWorker::Solve {
            id,
            width: board.width(),
            height: board.height(),
            tiles: board.tiles().to_vec(),
            mode,
        };
        if four {
            let quick_worker = if self.slots.len() > 1 { 1 } else { 0 };
            self.send(quick_worker, &solve(Mode::Quick));
            self.slots[quick_worker].busy = Busy::Quick;
        }
        self.send(0, &solve(Mode::Optimal));
        self.slots[0].busy = Busy::Optimal;
        self.task = Some(Task {
            id,
            board: board.clone(),
            started: now(),
            four,
            quick: None,
            quick_shown: false,
            phase: Phase::Single {
                bound: 0,
                expanded: 0,
            },
            last_progress: 0.0,
            hard_from: None,
        });
    }

    /// Starts solving a peg-solitaire position for request `id` on the
    /// first worker, dropping any request under way. A depth-first search
    /// with a table of dead positions gains little from more workers.
    pub fn solve_pegs(&mut self, id: u64, board: PegBoard, goal: Goal) {
        self.cancel();
        self.send(0, &ToWorker::Pegs { id, board, goal });
        self.slots[0].busy = Busy::Optimal;
        self.peg_task = Some((id, now()));
    }

    /// Drops the request under way, if any.
    pub fn cancel(&mut self) {
        if let Some((id, _)) = self.peg_task.take() {
            self.send(0, &ToWorker::Cancel { id });
            self.slots[0].busy = Busy::Idle;
        }
        if let Some(task) = self.task.take() {
            for index in 0..self.slots.len() {
                if self.slots[index].busy != Busy::Idle {
                    self.send(index, &ToWorker::Cancel { id: task.id });
                    self.slots[index].busy = Busy::Idle;
                }
            }
        }
    }

    /// Takes a message from worker `index`.
    pub fn receive(&mut self, index: usize, message: Result<FromWorker, String>) {
        let message = match message {
            Ok(message) => message,
            Err(error) => {
                return self.crashed(index, &format!("unreadable reply from the solver: {error}"))
            }
        };
        if let FromWorker::Tables { ok, message } = &message {
            if *ok {
                if index == 0 {
                    // The others load theirs now, from the browser's cache
                    // the first worker filled: ready for a split search.
                    for other in 1..self.slots.len() {
                        self.send(other, &ToWorker::Prepare);
                    }
                    (self.on_event)(PoolEvent::TablesReady);
                }
            } else {
                self.tables_failed = true;
                (self.on_event)(PoolEvent::Note(format!(
                    "The 4x4 tables could not be loaded ({message}); 4x4 solving is slower without them."
                )));
            }
            return;
        }
        if let Some((peg_id, started)) = self.peg_task {
            match message {
                FromWorker::Progress { id, expanded, .. } if id == peg_id => {
                    (self.on_event)(PoolEvent::Progress {
                        id,
                        expanded,
                        bound: 0,
                        elapsed_ms: now() - started,
                        workers: 1,
                    });
                }
                FromWorker::PegAnswer { id, jumps, .. } if id == peg_id => {
                    self.peg_task = None;
                    self.slots[0].busy = Busy::Idle;
                    (self.on_event)(PoolEvent::PegAnswer { id, jumps });
                }
                FromWorker::Failed { id, message } if id == peg_id => {
                    self.cancel();
                    (self.on_event)(PoolEvent::Failed { id, message });
                }
                _ => {}
            }
            return;
        }
        let Some(task) = self.task.as_mut() else {
            return;
        };
        let time = now();
        match message {
            FromWorker::Progress {
                id,
                expanded,
                bound,
                ..
            } if id == task.id => {
                match (&mut task.phase, self.slots[index].busy) {
                    (
                        Phase::Single {
                            bound: b,
                            expanded: e,
                        },
                        Busy::Optimal,
                    ) => {
                        *b = bound;
                        *e = expanded;
                    }
                    (Phase::Split(_), Busy::Round { batch, .. }) => {
                        self.slots[index].busy = Busy::Round { batch, expanded };
                    }
                    _ => {}
                }
                self.tick(time);
            }
            FromWorker::Solution {
                id,
                moves,
                optimal,
                expanded,
                estimate,
                ..
            } if id == task.id => {
                let plan = Plan {
                    moves,
                    optimal,
                    expanded,
                };
                match self.slots[index].busy {
                    Busy::Quick => {
                        self.slots[index].busy = Busy::Idle;
                        if plan.optimal {
                            // Already solved, or the quick search proved it.
                            return self.finish(plan);
                        }
                        let hard = plan.moves.len() as u32 >= estimate + HARD_GAP;
                        task.quick = Some(plan);
                        if hard {
                            task.hard_from = Some(estimate);
                        }
                        // A split search may have started meanwhile (the
                        // quick search waits for its worker's tables).
                        self.dispatch(index);
                        self.tick(time);
                    }
                    Busy::Optimal => {
                        self.slots[index].busy = Busy::Idle;
                        self.finish(plan);
                    }
                    _ => {}
                }
            }
            FromWorker::RoundDone {
                id,
                bound,
                found,
                next_bound,
                expanded,
            } if id == task.id => {
                self.slots[index].busy = Busy::Idle;
                let Phase::Split(split) = &mut task.phase else {
                    return;
                };
                if bound != split.bound {
                    return;
                }
                split.done_expanded += expanded;
                if let Some(moves) = found {
                    let expanded = split.done_expanded;
                    return self.finish(Plan {
                        moves,
                        optimal: true,
                        expanded,
                    });
                }
                split.next_bound = split.next_bound.min(next_bound);
                self.dispatch(index);
                self.tick(time);
            }
            FromWorker::Failed { id, message } if id == task.id => {
                let id = task.id;
                self.cancel();
                (self.on_event)(PoolEvent::Failed { id, message });
            }
            _ => {}
        }
    }

    /// Reports progress, shows the quick answer and splits the search when
    /// their times come.
    fn tick(&mut self, time: f64) {
        let Some(task) = self.task.as_mut() else {
            return;
        };
        let elapsed = time - task.started;
        if !task.quick_shown && elapsed >= ANYTIME_MS {
            if let Some(plan) = task.quick.clone() {
                task.quick_shown = true;
                (self.on_event)(PoolEvent::Provisional { id: task.id, plan });
            }
        }
        let can_split = task.four && self.slots.len() > 1 && !self.tables_failed;
        if let Phase::Single { bound, expanded } = task.phase {
            // The plain search has exhausted every bound below its own, and
            // the estimate is a lower bound: either may start the rounds.
            let from = bound.max(task.hard_from.unwrap_or(0));
            if can_split && from > 0 && (elapsed >= SPLIT_AFTER_MS || task.hard_from.is_some()) {
                self.start_split(from, expanded);
            }
        }
        let Some(task) = self.task.as_mut() else {
            return;
        };
        if time - task.last_progress < PROGRESS_EVERY_MS {
            return;
        }
        task.last_progress = time;
        let (expanded, bound, workers) = match &task.phase {
            Phase::Single { bound, expanded } => (*expanded, *bound, 1),
            Phase::Split(split) => {
                let live: u64 = self
                    .slots
                    .iter()
                    .map(|slot| match slot.busy {
                        Busy::Round { expanded, .. } => expanded,
                        _ => 0,
                    })
                    .sum();
                (split.done_expanded + live, split.bound, self.slots.len())
            }
        };
        (self.on_event)(PoolEvent::Progress {
            id: task.id,
            expanded,
            bound,
            elapsed_ms: elapsed,
            workers,
        });
    }

    fn start_split(&mut self, bound: u32, expanded: u64) {
        let id = self.task.as_ref().expect("a task to split").id;
        // The plain search has exhausted every bound below `bound`, so the
        // solution is longer than the split depth.
        self.send(0, &ToWorker::Cancel { id });
        self.slots[0].busy = Busy::Idle;
        let task = self.task.as_mut().expect("a task to split");
        let branches = split_branches(&task.board, SPLIT_DEPTH).len();
        let size = branches.div_ceil(BATCHES).max(1);
        let batches: Vec<Vec<u32>> = (0..branches as u32)
            .collect::<Vec<_>>()
            .chunks(size)
            .map(<[u32]>::to_vec)
            .collect();
        task.phase = Phase::Split(Split {
            bound,
            queue: (0..batches.len()).collect(),
            batches,
            next_bound: u32::MAX,
            done_expanded: expanded,
        });
        for index in 0..self.slots.len() {
            if self.slots[index].busy == Busy::Idle {
                self.dispatch(index);
            }
        }
    }

    /// Gives worker `index` the next branch, starting the next round (and
    /// putting every idle worker to work) when this one is done.
    fn dispatch(&mut self, index: usize) {
        let in_flight = self
            .slots
            .iter()
            .any(|slot| matches!(slot.busy, Busy::Round { .. }));
        let Some(task) = self.task.as_mut() else {
            return;
        };
        let Phase::Split(split) = &mut task.phase else {
            return;
        };
        if split.queue.is_empty() {
            if in_flight {
                return;
            }
            if split.next_bound == u32::MAX {
                let id = task.id;
                self.cancel();
                return (self.on_event)(PoolEvent::Failed {
                    id,
                    message: "the search ended without a solution".into(),
                });
            }
            split.bound = split.next_bound;
            split.next_bound = u32::MAX;
            split.queue = (0..split.batches.len()).collect();
            for other in 0..self.slots.len() {
                if self.slots[other].busy == Busy::Idle {
                    self.dispatch_one(other);
                }
            }
            return;
        }
        self.dispatch_one(index);
    }

    fn dispatch_one(&mut self, index: usize) {
        let Some(task) = self.task.as_mut() else {
            return;
        };
        let Phase::Split(split) = &mut task.phase else {
            return;
        };
        let Some(batch) = split.queue.pop_front() else {
            return;
        };
        let message = ToWorker::Round {
            id: task.id,
            tiles: task.board.tiles().to_vec(),
            depth: SPLIT_DEPTH,
            branches: split.batches[batch].clone(),
            bound: split.bound,
        };
        self.slots[index].busy = Busy::Round { batch, expanded: 0 };
        self.send(index, &message);
    }

    fn finish(&mut self, plan: Plan) {
        if let Some(task) = self.task.as_ref() {
            let (id, elapsed_ms) = (task.id, now() - task.started);
            self.cancel();
            (self.on_event)(PoolEvent::Solved {
                id,
                plan,
                elapsed_ms,
            });
        }
    }

    /// A worker failed (a crash or an unreadable message): replaces it and
    /// fails the request it was serving.
    pub fn crashed(&mut self, index: usize, message: &str) {
        let slot = &mut self.slots[index];
        let was_busy = slot.busy != Busy::Idle;
        slot.worker.terminate();
        slot.busy = Busy::Idle;
        match start_worker() {
            Ok(worker) => {
                slot.handlers.attach(&worker);
                slot.worker = worker;
            }
            Err(error) => (self.on_event)(PoolEvent::Note(error)),
        }
        if was_busy {
            if let Some((id, _)) = self.peg_task {
                self.cancel();
                (self.on_event)(PoolEvent::Failed {
                    id,
                    message: format!("the solver stopped: {message}"),
                });
            }
            if let Some(task) = self.task.as_ref() {
                let id = task.id;
                self.cancel();
                (self.on_event)(PoolEvent::Failed {
                    id,
                    message: format!("the solver stopped: {message}"),
                });
            }
        }
    }
}

fn start_worker() -> Result<Worker, String> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(WORKER_URL, &options)
        .map_err(|e| format!("the solver could not start ({e:?})"))?;
    let init = object(&[("kind", "init".into()), ("module", wasm_bindgen::module())]);
    worker
        .post_message(&init)
        .map_err(|e| format!("the solver could not start ({e:?})"))?;
    Ok(worker)
}

fn spawn(
    index: usize,
    on_reply: impl Fn(usize, Result<FromWorker, String>) + Clone + 'static,
) -> Result<Slot, String> {
    let worker = start_worker()?;
    let reply = on_reply.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        if get(&data, "kind").as_string().as_deref() == Some("ready") {
            return;
        }
        reply(index, FromWorker::from_js(&data));
    });
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        event.prevent_default();
        on_reply(index, Err(event.message()));
    });
    let handlers = Rc::new(Handlers {
        on_message,
        on_error,
    });
    handlers.attach(&worker);
    Ok(Slot {
        worker,
        busy: Busy::Idle,
        handlers,
    })
}

impl Drop for SolverPool {
    fn drop(&mut self) {
        for slot in &self.slots {
            slot.worker.terminate();
        }
    }
}
