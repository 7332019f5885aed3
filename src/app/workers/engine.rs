//! What one solver worker runs, without the browser: it takes the page's
//! messages ([`ToWorker`]), runs one job at a time in slices of about
//! [`SLICE_MS`], and collects its replies ([`FromWorker`]) for the host to
//! post. The host (a Web Worker, or a test) calls [`Engine::step`] while
//! [`HostStep::Step`] is asked for, reading its messages between two calls,
//! so a cancel or a new request takes effect within a slice.
//!
//! The engine names no game: it holds one [`JobRunner`] per registered game
//! (see [`crate::app::games`]), which keeps what is worth keeping for the
//! worker's life, and hands each request to its game's runner. It
//! downloads a task's tables before the runner first sees the task.

use std::collections::HashMap;

use super::job::{JobRunner, Started, Stepped, TimeSlice};
use super::protocol::{FromWorker, RequestId, ToWorker, PROGRESS_EVERY_MS, SLICE_MS};
use super::tables::TableSet;
use crate::app::games::{self, GAMES};

/// What the host should do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostStep {
    /// Wait for the next message.
    Idle,
    /// Call [`Engine::step`] (after reading any message that has come).
    Step,
    /// Download the set [`Engine::loading`] names and hand it over
    /// ([`Engine::receive_table`], then [`Engine::finish_tables`] or
    /// [`Engine::tables_failed`]): a message waits for it.
    NeedTables,
}

/// Where a set of tables stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableState {
    /// Not asked for yet.
    Missing,
    /// The host is downloading them.
    Loading,
    /// Installed in their game's runner.
    Ready,
    /// They could not be had: the game's tasks are served without them.
    Failed,
}

/// The job under way: which request, which game's runner runs it, since
/// when, and when progress was last reported.
struct JobUnderWay {
    id: RequestId,
    runner: usize,
    started: f64,
    last_report: f64,
}

/// One solver worker's state and work.
pub struct Engine {
    /// One per game, in [`GAMES`]' order.
    runners: Vec<Box<dyn JobRunner>>,
    /// Where each set of tables stands; a set not in it is missing.
    tables: HashMap<TableSet, TableState>,
    /// The set the host is downloading, if any.
    loading: Option<TableSet>,
    /// Messages that wait for tables, in order.
    waiting: Vec<ToWorker>,
    job: Option<JobUnderWay>,
    outbox: Vec<FromWorker>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with no tables and nothing to do.
    pub fn new() -> Engine {
        Engine {
            runners: GAMES.iter().map(|work| work.runner()).collect(),
            tables: HashMap::new(),
            loading: None,
            waiting: Vec::new(),
            job: None,
            outbox: Vec::new(),
        }
    }

    /// The engine with `runner` in place of its game's fresh one (natively,
    /// to install tables loaded from files); the tables it has count as
    /// installed.
    ///
    /// # Panics
    /// For a runner of a game that is not registered.
    pub fn with_runner(mut self, runner: Box<dyn JobRunner>) -> Engine {
        let index = games::index(runner.game()).expect("a registered game");
        for set in TableSet::all() {
            if runner.has_tables(set) {
                self.tables.insert(set, TableState::Ready);
            }
        }
        self.runners[index] = runner;
        self
    }

    /// The runner of the game declaring `set`.
    fn table_owner(set: TableSet) -> usize {
        GAMES
            .iter()
            .position(|work| work.tables().contains(&set))
            .expect("every set is declared by a registered game")
    }

    /// The replies since the last call, in order.
    pub fn take_outbox(&mut self) -> Vec<FromWorker> {
        std::mem::take(&mut self.outbox)
    }

    /// Where `set` stands in this worker.
    fn table_state(&self, set: TableSet) -> TableState {
        self.tables
            .get(&set)
            .copied()
            .unwrap_or(TableState::Missing)
    }

    /// The tables a message needs before it can be served.
    fn needs(message: &ToWorker) -> Option<TableSet> {
        match message {
            ToWorker::Prepare(set) => Some(*set),
            ToWorker::Solve { task, .. } | ToWorker::Round { task, .. } => task.tables(),
            ToWorker::Cancel { .. } => None,
        }
    }

    /// Serves one message that arrived at time `now`.
    pub fn handle(&mut self, message: ToWorker, now: f64) -> HostStep {
        if let Some(set) = Engine::needs(&message) {
            if self.loading.is_some() {
                // The host reads no message while it downloads; kept anyway.
                if !matches!(message, ToWorker::Prepare(_)) {
                    self.waiting.push(message);
                }
                return HostStep::Idle;
            }
            if self.table_state(set) == TableState::Missing {
                self.tables.insert(set, TableState::Loading);
                self.loading = Some(set);
                if !matches!(message, ToWorker::Prepare(_)) {
                    self.waiting.push(message);
                }
                return HostStep::NeedTables;
            }
        }
        match message {
            ToWorker::Prepare(_) => {}
            ToWorker::Solve { id, task, aim } => {
                self.start(id, now, task.game(), |runner| runner.start(&task, aim));
            }
            ToWorker::Round { id, task, round } => {
                self.start(id, now, task.game(), |runner| {
                    runner.start_round(&task, &round)
                });
            }
            ToWorker::Cancel { id } => {
                if let Some(job) = self.job.take_if(|job| job.id == id) {
                    self.runners[job.runner].cancel();
                }
                self.waiting.retain(|message| message.request() != Some(id));
            }
        }
        self.next()
    }

    /// Starts a job for request `id` on `game`'s runner.
    fn start(
        &mut self,
        id: RequestId,
        now: f64,
        game: &str,
        start: impl FnOnce(&mut dyn JobRunner) -> Result<Started, String>,
    ) {
        if let Some(job) = self.job.take() {
            self.runners[job.runner].cancel();
        }
        let runner = match games::index(game) {
            Ok(runner) => runner,
            Err(message) => return self.outbox.push(FromWorker::Failed { id, message }),
        };
        match start(&mut *self.runners[runner]) {
            Ok(Started::Running) => {
                self.job = Some(JobUnderWay {
                    id,
                    runner,
                    started: now,
                    last_report: now,
                });
            }
            Ok(Started::Solved(solved)) => self.outbox.push(FromWorker::Answer {
                id,
                answer: solved.answer,
                expanded: solved.expanded,
                lower_bound: solved.lower_bound,
                elapsed_ms: 0.0,
                memory_bytes: 0.0,
            }),
            Ok(Started::RoundDone(done)) => self.outbox.push(FromWorker::RoundDone { id, done }),
            Err(message) => self.outbox.push(FromWorker::Failed { id, message }),
        }
    }

    /// Answers a message that could not be read.
    pub fn refuse(&mut self, reason: String) -> HostStep {
        self.outbox.push(FromWorker::Failed {
            id: 0,
            message: reason,
        });
        self.next()
    }

    fn next(&self) -> HostStep {
        if self.job.is_some() {
            HostStep::Step
        } else {
            HostStep::Idle
        }
    }

    /// The set of tables the host should download now, after
    /// [`HostStep::NeedTables`].
    pub fn loading(&self) -> Option<TableSet> {
        self.loading
    }

    /// Lets the game of the set loading build what it needs besides its
    /// files. Done before they arrive, in a browser, so that the memory the
    /// build uses for a while is free again when the tables' buffers are
    /// allocated.
    pub fn prepare_tables(&mut self) {
        if let Some(set) = self.loading {
            self.runners[Engine::table_owner(set)].prepare_tables(set);
        }
    }

    /// Receives one table of the file loading.
    ///
    /// # Errors
    /// A table its game cannot read, or nothing loading.
    pub fn receive_table(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        let set = self.loading.ok_or("no tables are loading")?;
        self.runners[Engine::table_owner(set)].receive_table(set, bytes)
    }

    /// Installs the tables received and serves the messages that waited
    /// for them; says so to the page.
    pub fn finish_tables(&mut self, now: f64) -> HostStep {
        let Some(set) = self.loading else {
            return self.next();
        };
        match self.runners[Engine::table_owner(set)].finish_tables(set) {
            Ok(()) => {
                self.loading = None;
                self.tables.insert(set, TableState::Ready);
                self.outbox.push(FromWorker::Tables {
                    set,
                    ok: true,
                    message: String::new(),
                });
                self.serve_waiting(now)
            }
            Err(error) => self.tables_failed(error, now),
        }
    }

    /// The tables loading could not be had: goes on without them, and
    /// serves the messages that waited.
    pub fn tables_failed(&mut self, reason: String, now: f64) -> HostStep {
        let Some(set) = self.loading.take() else {
            return self.next();
        };
        self.runners[Engine::table_owner(set)].tables_failed(set);
        self.tables.insert(set, TableState::Failed);
        self.outbox.push(FromWorker::Tables {
            set,
            ok: false,
            message: reason,
        });
        self.serve_waiting(now)
    }

    /// Serves the messages that waited, until one waits for other tables.
    fn serve_waiting(&mut self, now: f64) -> HostStep {
        let mut waiting = std::mem::take(&mut self.waiting);
        while !waiting.is_empty() {
            let message = waiting.remove(0);
            if self.handle(message, now) == HostStep::NeedTables {
                // That message waits again, and the rest behind it.
                self.waiting.append(&mut waiting);
                return HostStep::NeedTables;
            }
        }
        self.next()
    }

    /// Runs the job under way for one slice of about [`SLICE_MS`] by
    /// `clock` (milliseconds); `memory_bytes` is what the worker's memory
    /// is, for the answer.
    pub fn step(&mut self, clock: &dyn Fn() -> f64, memory_bytes: f64) -> HostStep {
        let Some(mut job) = self.job.take() else {
            return HostStep::Idle;
        };
        let slice = TimeSlice::new(clock, SLICE_MS);
        let id = job.id;
        match self.runners[job.runner].step(&slice) {
            Stepped::Running { expanded, bound } => {
                let time = slice.now();
                if time - job.last_report >= PROGRESS_EVERY_MS {
                    job.last_report = time;
                    self.outbox.push(FromWorker::Progress {
                        id,
                        expanded,
                        bound,
                    });
                }
                self.job = Some(job);
            }
            Stepped::Solved(solved) => self.outbox.push(FromWorker::Answer {
                id,
                answer: solved.answer,
                expanded: solved.expanded,
                lower_bound: solved.lower_bound,
                elapsed_ms: slice.now() - job.started,
                memory_bytes,
            }),
            Stepped::RoundDone(done) => self.outbox.push(FromWorker::RoundDone { id, done }),
            Stepped::Failed(message) => self.outbox.push(FromWorker::Failed { id, message }),
        }
        self.next()
    }
}
