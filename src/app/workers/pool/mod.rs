//! The page's side of the solver workers, without the browser: which worker
//! does what, one request at a time, spread over every worker when it is
//! hard. The browser (or a test) only moves the messages: it posts what
//! [`Pool::take_outbox`] says and hands back what the workers answer.
//!
//! Requests from every game share one id space and one queue: each runs
//! when the one before it has finished or been cancelled, and cancelling one
//! never touches another. The pool asks a request's [`Task`] what it can do,
//! never which game it is from.
//!
//! A task whose [`Capabilities::quick_answer`](super::job::Capabilities::quick_answer) starts as a best search on
//! worker 0 and a quick one on worker 1 (one after the other on a single
//! worker). If the best answer has not come after [`ANYTIME_MS`], the quick
//! one is shown meanwhile. A task that [`Capabilities::splits`](super::job::Capabilities::splits), still searching
//! after [`SPLIT_AFTER_MS`] (or at once when its quick answer is far above
//! its lower bound, [`HARD_GAP`]), is split [`SPLIT_DEPTH`] moves below the
//! start: every worker takes [`BATCHES`] batches of branches in turn and
//! searches them with the round's bound; when all have been searched without
//! a goal the bound rises to the smallest f any saw exceed it. The first goal
//! found is optimal, since every smaller bound was exhausted. Rounds start at
//! the bound the plain search had reached.

use std::collections::{HashMap, HashSet, VecDeque};

mod rounds;

use super::holdings::Holdings;
use super::job::{Aim, Answer, Task};
use super::protocol::{
    Event, FromWorker, RequestId, SearchProgress, SolverQueue, ToWorker, NOT_HELD,
    PROGRESS_EVERY_MS,
};
use super::tables::TableSet;
use rounds::Split;

/// After this long without the best answer the quick one is shown.
pub const ANYTIME_MS: f64 = 1000.0;
/// The same while the tables a task is better with
/// ([`TaskRecord::better_with`](super::job::TaskRecord::better_with)) are
/// not in: the best search is then slower (a 4x4 with its small tier, built
/// first), so the quick answer, marked not optimal, is shown after a tenth
/// of a second (at the first progress report after it came), unless the
/// best one came first.
pub const ANYTIME_WITHOUT_TABLES_MS: f64 = 100.0;
/// After this long without the best answer a splittable search is split
/// among all workers (when there are several): most boards are solved
/// before, by one.
pub const SPLIT_AFTER_MS: f64 = 250.0;
/// A board whose quick solution is at least this much longer than its
/// lower bound is hard: its search is split at once (unless the bound was
/// taken without the tables the task is better with while they are at
/// hand: see [`Pool::tables_at_hand`]).
pub const HARD_GAP: u32 = 22;
/// How deep the tree is split: about 450 distinct branches for the 4x4.
pub const SPLIT_DEPTH: usize = 8;
/// The branches are dealt out in this many batches of consecutive branches
/// (workers number them most promising first): few messages per round, yet
/// enough batches to keep every worker busy to the end of each round, the
/// largest first.
pub const BATCHES: usize = 64;

/// What the pool has for the outside world.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    /// Post this message to this worker.
    Send {
        /// The worker's index.
        worker: usize,
        /// The message.
        message: ToWorker,
    },
    /// Tell the page.
    Event(Event),
}

/// What a worker is doing for the request under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Busy {
    Idle,
    Best,
    Quick,
    Round { expanded: u64 },
}

#[derive(Debug)]
enum Phase {
    Single { bound: Option<u32>, expanded: u64 },
    Split(Split),
}

/// The request under way.
#[derive(Debug)]
struct Running {
    id: RequestId,
    task: Task,
    started: f64,
    /// The worker computing the quick answer, while it does.
    quick_worker: Option<usize>,
    quick: Option<Answer>,
    quick_shown: bool,
    /// The worker searching the mirror image too, if one does.
    mirror_worker: Option<usize>,
    /// The best answers still awaited (one per worker searching in full).
    awaiting: usize,
    /// The shortest of the best answers come so far.
    best: Option<Answer>,
    /// For a board found hard, its lower bound: the split begins at once
    /// from there.
    hard_from: Option<u32>,
    phase: Phase,
    last_progress: f64,
    /// While a worker builds tables the search waits for: how far, in
    /// whole percent, as last reported. The workers that build do so at
    /// the same pace (each its own copy), so the latest report stands for
    /// all; one that searches clears it.
    building: Option<u8>,
}

/// Where a set of tables stands, for the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tables {
    /// No one asked for them yet.
    NotAsked,
    /// Worker 0 is loading them; the others will follow.
    Asked,
    /// Worker 0 has them and the others were asked.
    Ready,
    /// They could not be loaded: nothing splits.
    Failed,
}

/// The coordinator of a fixed number of workers.
#[derive(Debug)]
pub struct Pool {
    busy: Vec<Busy>,
    queue: VecDeque<(RequestId, Task)>,
    running: Option<Running>,
    last_id: RequestId,
    /// Where each set of tables stands; a set not in it was not asked for.
    tables: HashMap<TableSet, Tables>,
    /// The sets the page keeps on the device (see [`Pool::tables_at_hand`]).
    at_hand: HashSet<TableSet>,
    /// The latest time the pool was told, for requests started from the
    /// queue.
    now: f64,
    /// What each worker holds of the tasks' large parts (a route's map),
    /// so that each goes to a worker once.
    holdings: Holdings,
    outbox: Vec<Out>,
}

impl Pool {
    /// Where `set` stands for the pool.
    fn table_state(&self, set: TableSet) -> Tables {
        self.tables.get(&set).copied().unwrap_or(Tables::NotAsked)
    }

    /// A pool of `workers` workers (at least one).
    pub fn new(workers: usize) -> Pool {
        Pool {
            busy: vec![Busy::Idle; workers.max(1)],
            queue: VecDeque::new(),
            running: None,
            last_id: 0,
            tables: HashMap::new(),
            at_hand: HashSet::new(),
            now: 0.0,
            holdings: Holdings::new(workers.max(1)),
            outbox: Vec::new(),
        }
    }

    /// The page keeps `set` on the device: the workers get it in moments,
    /// so a bound measured without it does not split a search at once.
    pub fn tables_at_hand(&mut self, set: TableSet) {
        self.at_hand.insert(set);
    }

    /// How many workers the pool has.
    pub fn workers(&self) -> usize {
        self.busy.len()
    }

    /// Everything to post and to tell the page since the last call, in
    /// order.
    pub fn take_outbox(&mut self) -> Vec<Out> {
        std::mem::take(&mut self.outbox)
    }

    /// Posts `message` to `worker`, without its task's large part if the
    /// worker holds it.
    fn send(&mut self, worker: usize, message: ToWorker) {
        let message = self.holdings.outgoing(worker, message);
        self.outbox.push(Out::Send { worker, message });
    }

    fn tell(&mut self, event: Event) {
        self.outbox.push(Out::Event(event));
    }

    /// Takes a message from `worker` at time `now`; an `Err` is a message
    /// that could not be read, which counts as the worker failing.
    pub fn receive(&mut self, worker: usize, message: Result<FromWorker, String>, now: f64) {
        self.now = now;
        if worker >= self.busy.len() {
            return;
        }
        let message = match message {
            Ok(message) => message,
            Err(reason) => {
                return self.worker_failed(worker, &format!("unreadable reply: {reason}"), now)
            }
        };
        match message {
            FromWorker::Ready => {}
            FromWorker::Tables { set, ok: true, .. } if self.table_state(set) == Tables::Asked => {
                // The others load theirs now, from the browser's cache the
                // first worker filled: ready for a split search.
                self.tables.insert(set, Tables::Ready);
                for other in 1..self.busy.len() {
                    self.send(other, ToWorker::Prepare(set));
                }
                self.tell(Event::TablesReady(set));
            }
            FromWorker::Tables {
                set,
                ok: false,
                message,
            } if self.table_state(set) != Tables::Failed => {
                self.tables.insert(set, Tables::Failed);
                self.tell(Event::Note(set.failure_note(&message)));
            }
            FromWorker::Progress {
                id,
                expanded,
                bound,
                building,
            } if self.is_running(id) => {
                let busy = self.busy[worker];
                let running = self.running.as_mut().expect("a request under way");
                running.building = building;
                match (&mut running.phase, busy) {
                    (
                        Phase::Single {
                            bound: b,
                            expanded: e,
                        },
                        Busy::Best,
                    ) => {
                        *b = bound;
                        *e = expanded;
                    }
                    (Phase::Split(_), Busy::Round { .. }) => {
                        self.busy[worker] = Busy::Round { expanded };
                    }
                    _ => {}
                }
                self.tick(now);
            }
            FromWorker::Answer {
                id,
                answer,
                lower_bound,
                ..
            } if self.is_running(id) => self.answered(worker, answer, lower_bound, now),
            FromWorker::RoundDone { id, done } if self.is_running(id) => {
                self.round_done(worker, done, now)
            }
            FromWorker::Failed { id, message } if message == NOT_HELD => {
                // Sent without a part the worker should have held: again,
                // whole. Said to the player only if that cannot be done.
                match self.holdings.refused(worker, id) {
                    Some(again) if self.is_running(id) => self.send(worker, again),
                    _ if self.is_running(id) => self.fail(message),
                    _ => {}
                }
            }
            FromWorker::Failed { id, message } if self.is_running(id) => self.fail(message),
            FromWorker::Failed { id: 0, message } => {
                // The message it could not read may have carried a part it
                // was to hold.
                self.holdings.forget(worker);
                if self.busy[worker] != Busy::Idle {
                    self.fail(format!("a worker could not read its message ({message})"));
                }
            }
            // About a request no longer under way.
            _ => {}
        }
    }

    fn is_running(&self, id: RequestId) -> bool {
        self.running
            .as_ref()
            .is_some_and(|running| running.id == id)
    }

    fn answered(&mut self, worker: usize, answer: Answer, lower_bound: u32, now: f64) {
        // A gap measured without the tables the task is better with says
        // little of how hard the board is (a 4x4's linear conflicts bound
        // lies some 15 moves below its tables' one). While those tables are
        // at hand (kept on the device, coming in moments), splitting at once
        // from such a bound costs rounds that they exhaust at their root;
        // while they download, the split (with the small tier) is worth it.
        let bound_is_telling = self
            .running
            .as_ref()
            .and_then(|running| running.task.better_with())
            .is_none_or(|set| {
                self.table_state(set) == Tables::Ready || !self.at_hand.contains(&set)
            });
        let running = self.running.as_mut().expect("a request under way");
        if running.quick_worker == Some(worker) {
            // A worker answers in the order it was asked: the quick answer
            // comes first.
            running.quick_worker = None;
            if self.busy[worker] == Busy::Quick {
                // A worker that searches the mirror image next goes on.
                self.busy[worker] = if running.mirror_worker == Some(worker) {
                    Busy::Best
                } else {
                    Busy::Idle
                };
            }
            if answer.is_optimal() {
                // Already solved, or the quick search proved it.
                return self.finish(answer);
            }
            if answer
                .moves()
                .is_some_and(|len| len as u32 >= lower_bound.saturating_add(HARD_GAP))
                && lower_bound > 0
                && bound_is_telling
                && running.task.capabilities().splits
            {
                running.hard_from = Some(lower_bound);
            }
            let at_once = running.task.capabilities().quick_at_once;
            running.quick_shown |= at_once;
            running.quick = Some(answer.clone());
            if at_once {
                let id = running.id;
                self.tell(Event::Provisional { id, answer });
            }
            // A split search may have started meanwhile.
            self.dispatch(worker);
            self.tick(now);
        } else if self.busy[worker] == Busy::Best {
            self.busy[worker] = Busy::Idle;
            running.awaiting = running.awaiting.saturating_sub(1);
            let shorter = match &running.best {
                Some(best) => answer.moves() < best.moves(),
                None => true,
            };
            if shorter {
                running.best = Some(answer);
            }
            if running.awaiting == 0 || running.best.as_ref().is_some_and(Answer::is_optimal) {
                let best = running.best.take().expect("an answer came");
                return self.finish(best);
            }
            if shorter {
                // The first of two searches is done: shown while the other
                // goes on, if it beats the quick answer.
                let id = running.id;
                let best = running.best.clone().expect("just kept");
                if running
                    .quick
                    .as_ref()
                    .is_none_or(|quick| best.moves() < quick.moves())
                {
                    self.tell(Event::Provisional { id, answer: best });
                }
            }
        }
    }

    /// Shows the quick answer, splits the search and reports progress when
    /// their times come; called whenever a worker reports (every
    /// [`PROGRESS_EVERY_MS`] or so while it searches).
    pub fn tick(&mut self, now: f64) {
        self.now = now;
        let Some(running) = self.running.as_mut() else {
            return;
        };
        // A split search runs on every worker with the task's tables.
        let can_split = self.busy.len() > 1
            && running
                .task
                .tables()
                .is_none_or(|set| self.tables.get(&set) != Some(&Tables::Failed));
        let elapsed = now - running.started;
        let anytime = match running.task.better_with() {
            Some(set) if self.tables.get(&set) != Some(&Tables::Ready) => ANYTIME_WITHOUT_TABLES_MS,
            _ => ANYTIME_MS,
        };
        if !running.quick_shown && elapsed >= anytime {
            if let Some(answer) = running.quick.clone() {
                running.quick_shown = true;
                let id = running.id;
                self.tell(Event::Provisional { id, answer });
            }
        }
        let running = self.running.as_mut().expect("a request under way");
        if let Phase::Single { bound, expanded } = running.phase {
            // The plain search has exhausted every bound below its own, and
            // the lower bound is one too: either may start the rounds.
            let from = bound.unwrap_or(0).max(running.hard_from.unwrap_or(0));
            let due = elapsed >= SPLIT_AFTER_MS || running.hard_from.is_some();
            if can_split && running.task.capabilities().splits && from > 0 && due {
                self.start_split(from, expanded);
            }
        }
        let Some(running) = self.running.as_mut() else {
            return;
        };
        if now - running.last_progress < PROGRESS_EVERY_MS {
            return;
        }
        running.last_progress = now;
        let (expanded, bound, workers) = match &running.phase {
            Phase::Single { bound, expanded } => (*expanded, *bound, 1),
            Phase::Split(split) => {
                let live: u64 = self
                    .busy
                    .iter()
                    .map(|busy| match busy {
                        Busy::Round { expanded } => *expanded,
                        _ => 0,
                    })
                    .sum();
                (
                    split.done_expanded + live,
                    Some(split.bound),
                    self.busy.len(),
                )
            }
        };
        let (id, building) = (running.id, running.building);
        self.tell(Event::Progress {
            id,
            progress: SearchProgress {
                expanded,
                bound,
                elapsed_ms: elapsed,
                workers,
                building,
            },
        });
    }

    /// Ends the request under way with `answer`.
    fn finish(&mut self, answer: Answer) {
        let Some(running) = self.stop_running() else {
            return;
        };
        let elapsed_ms = self.now - running.started;
        self.tell(Event::Answered {
            id: running.id,
            answer,
            elapsed_ms,
        });
        self.start_next();
    }

    /// Ends the request under way as failed, for `reason`.
    fn fail(&mut self, reason: String) {
        let Some(running) = self.stop_running() else {
            return;
        };
        self.tell(Event::Failed {
            id: running.id,
            message: reason,
        });
        self.start_next();
    }

    /// Stops the workers serving the request under way and takes it.
    fn stop_running(&mut self) -> Option<Running> {
        let running = self.running.take()?;
        for worker in 0..self.busy.len() {
            let serving = self.busy[worker] != Busy::Idle
                || running.quick_worker == Some(worker)
                || running.mirror_worker == Some(worker);
            if serving {
                self.send(worker, ToWorker::Cancel { id: running.id });
                self.busy[worker] = Busy::Idle;
            }
        }
        Some(running)
    }

    /// Starts the next request in the queue, if none is under way.
    fn start_next(&mut self) {
        if self.running.is_some() {
            return;
        }
        let Some((id, task)) = self.queue.pop_front() else {
            return;
        };
        // A second worker searches another view where the machine has cores
        // to spare besides the page's and the first worker's; with only two,
        // the searches slow each other down more than the second one gains
        // (BENCHMARKS.md), unless the task says its second search gains
        // enough (a 5x5's).
        let capabilities = task.capabilities();
        let mirror_worker = (capabilities.mirrors
            && (self.busy.len() > 2 || (self.busy.len() == 2 && capabilities.mirrors_on_two)))
            .then_some(1);
        // The quick search runs beside the best one on the second worker,
        // unless that worker searches the mirror image: then the first one
        // answers quickly before its best search (a few tens of
        // milliseconds).
        let second = if self.busy.len() > 1 && mirror_worker.is_none() {
            1
        } else {
            0
        };
        let quick_worker = task.capabilities().quick_answer.then_some(second);
        if let Some(worker) = quick_worker {
            self.send(
                worker,
                ToWorker::Solve {
                    id,
                    task: task.clone(),
                    aim: Aim::Quick,
                },
            );
            self.busy[worker] = Busy::Quick;
        }
        self.send(
            0,
            ToWorker::Solve {
                id,
                task: task.clone(),
                aim: Aim::Best,
            },
        );
        self.busy[0] = Busy::Best;
        if let Some(worker) = mirror_worker {
            self.send(
                worker,
                ToWorker::Solve {
                    id,
                    task: task.clone(),
                    aim: Aim::Mirror,
                },
            );
            if self.busy[worker] == Busy::Idle {
                self.busy[worker] = Busy::Best;
            }
        }
        self.running = Some(Running {
            id,
            task,
            started: self.now,
            quick_worker,
            quick: None,
            quick_shown: false,
            mirror_worker,
            awaiting: 1 + usize::from(mirror_worker.is_some()),
            best: None,
            hard_from: None,
            phase: Phase::Single {
                bound: None,
                expanded: 0,
            },
            last_progress: self.now,
            building: None,
        });
    }

    /// Worker `worker` died (threw, ran out of memory, or said what cannot
    /// be read) at time `now`, and the host has started a fresh one in its
    /// place: the request it served fails, saying so, and the fresh worker
    /// is asked for the tables if the old one had been.
    pub fn worker_failed(&mut self, worker: usize, reason: &str, now: f64) {
        self.now = now;
        if worker >= self.busy.len() {
            return;
        }
        // The fresh worker holds nothing.
        self.holdings.forget(worker);
        for set in TableSet::all() {
            let asked = match self.table_state(set) {
                Tables::NotAsked | Tables::Failed => false,
                Tables::Asked => worker == 0,
                Tables::Ready => true,
            };
            if asked {
                self.send(worker, ToWorker::Prepare(set));
            }
        }
        let serving = self.busy[worker] != Busy::Idle
            || self.running.as_ref().is_some_and(|running| {
                running.quick_worker == Some(worker) || running.mirror_worker == Some(worker)
            });
        // The fresh worker has no job to cancel.
        self.busy[worker] = Busy::Idle;
        if let Some(running) = self.running.as_mut().filter(|_| serving) {
            if running.quick_worker == Some(worker) {
                running.quick_worker = None;
            }
            self.fail(format!(
                "it stopped unexpectedly ({reason}) and has been restarted; your game is as it was, so ask again"
            ));
        } else {
            self.tell(Event::Note(format!(
                "The solver stopped unexpectedly ({reason}) and has been restarted; your game is as it was."
            )));
        }
    }
}

impl SolverQueue for Pool {
    fn submit(&mut self, task: Task, now: f64) -> RequestId {
        self.now = now;
        self.last_id += 1;
        // Tables a task needs are asked for as the page would have: the
        // pool then knows when they are in (and tells the page), and the
        // other workers follow.
        self.prepare(&task);
        self.queue.push_back((self.last_id, task));
        self.start_next();
        self.last_id
    }

    fn cancel(&mut self, id: RequestId) {
        self.queue.retain(|(queued, _)| *queued != id);
        if self.is_running(id) {
            self.stop_running();
            self.start_next();
        }
    }

    /// Asks worker 0 for a set of tables the first time a task needs them
    /// (the others follow once it has them, from the browser's cache).
    fn prepare(&mut self, task: &Task) {
        if let Some(set) = task.tables().or(task.better_with()) {
            if self.table_state(set) == Tables::NotAsked {
                self.tables.insert(set, Tables::Asked);
                self.send(0, ToWorker::Prepare(set));
            }
        }
    }
}
