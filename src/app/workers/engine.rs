//! What one solver worker runs, without the browser: it takes the page's
//! messages ([`ToWorker`]), runs one job at a time in slices of about
//! [`SLICE_MS`], and collects its replies ([`FromWorker`]) for the host to
//! post. The host (a Web Worker, or a test) calls [`Engine::step`] while
//! [`HostStep::Step`] is asked for, reading its messages between two calls,
//! so a cancel or a new request takes effect within a slice.
//!
//! The engine names no game: it holds one [`JobRunner`] per registered game
//! (see [`crate::app::games`]), which keeps what is worth keeping for the
//! worker's life, and hands each request to its game's runner.
//!
//! Tables come from the host, which never stops reading messages while it
//! fetches them: the engine says which set to fetch ([`Engine::wanted_tables`],
//! one set at a time, so that a phone's bandwidth goes to one file) and holds,
//! in order, the messages that need a set not yet installed
//! ([`TaskRecord::tables`](super::job::TaskRecord::tables)). A task that is
//! only better with a set
//! ([`TaskRecord::better_with`](super::job::TaskRecord::better_with)) is served
//! at once and the set fetched meanwhile; its runner gets the set when it
//! comes, mid-job if need be. Unless the host says the set is at hand
//! ([`Engine::tables_at_hand`]: kept on this device, so it comes within
//! moments and costs no network): then a best search waits for it rather
//! than start with a stopgap (the 4x4's small tier, built here), and only a
//! quick answer is served at once.

use std::collections::{HashMap, VecDeque};

use std::collections::HashSet;

use super::job::{Aim, JobRunner, Started, Stepped, TimeSlice};
use super::protocol::{FromWorker, RequestId, ToWorker, PROGRESS_EVERY_MS, SLICE_MS};
use super::tables::TableSet;
use crate::app::games::{self, GAMES};

/// What the host should do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostStep {
    /// Wait for the next message (or tables).
    Idle,
    /// Call [`Engine::step`] (after reading any message that has come).
    Step,
}

/// Where a set of tables stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableState {
    /// Not asked for yet.
    Missing,
    /// Asked for: queued, or being fetched by the host.
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
    /// The set the host is fetching, if any, and whether the host has been
    /// told ([`Engine::wanted_tables`]).
    loading: Option<(TableSet, bool)>,
    /// Sets asked for while another one loads, in order.
    queued: VecDeque<TableSet>,
    /// Sets the host said are at hand: kept on this device, read in moments.
    at_hand: HashSet<TableSet>,
    /// Messages held, in order: the first needs tables not yet installed,
    /// and the others came after it.
    waiting: VecDeque<ToWorker>,
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
            queued: VecDeque::new(),
            at_hand: HashSet::new(),
            waiting: VecDeque::new(),
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

    /// The tables a message is served without, but better with.
    fn better_with(message: &ToWorker) -> Option<TableSet> {
        match message {
            ToWorker::Solve { task, .. } | ToWorker::Round { task, .. } => task.better_with(),
            ToWorker::Prepare(_) | ToWorker::Cancel { .. } => None,
        }
    }

    /// The tables a message waits for: those it needs, or those it is
    /// better with when they are at hand and it is not after a quick answer
    /// (which never waits).
    fn waits_on(&self, message: &ToWorker) -> Option<TableSet> {
        let quick = matches!(
            message,
            ToWorker::Solve {
                aim: Aim::Quick,
                ..
            }
        );
        Engine::needs(message).or_else(|| {
            Engine::better_with(message).filter(|set| !quick && self.at_hand.contains(set))
        })
    }

    /// The host says whether `set`'s file is at hand (kept on this device):
    /// while it is, a best search better with it waits for it rather than
    /// start without it. Told it is not after all (the kept copy could not
    /// be read, and the set is downloaded instead), the messages held for it
    /// are served at once, without it.
    pub fn tables_at_hand(&mut self, set: TableSet, at_hand: bool, now: f64) -> HostStep {
        if at_hand {
            self.at_hand.insert(set);
            self.next()
        } else {
            self.at_hand.remove(&set);
            self.serve_waiting(now)
        }
    }

    /// Whether a message needing `set` must wait for it.
    fn waits_for(&self, set: Option<TableSet>) -> bool {
        set.is_some_and(|set| {
            matches!(
                self.table_state(set),
                TableState::Missing | TableState::Loading
            )
        })
    }

    /// Asks for `set` unless it is installed, failed or asked for already.
    fn ask_for(&mut self, set: TableSet) {
        if self.table_state(set) != TableState::Missing {
            return;
        }
        self.tables.insert(set, TableState::Loading);
        if self.loading.is_none() {
            self.loading = Some((set, false));
        } else {
            self.queued.push_back(set);
        }
    }

    /// The set the host should start fetching now, once: then its bytes go
    /// to [`Engine::receive_table`] and [`Engine::finish_tables`], or
    /// [`Engine::tables_failed`] says why they could not be had. At most one
    /// set is fetched at a time.
    pub fn wanted_tables(&mut self) -> Option<TableSet> {
        match &mut self.loading {
            Some((set, told)) if !*told => {
                *told = true;
                Some(*set)
            }
            _ => None,
        }
    }

    /// `message` as its task's game's runner gives it back on arrival
    /// ([`JobRunner::receive`]), or the failure to answer instead.
    fn received(&mut self, message: ToWorker) -> Result<ToWorker, FromWorker> {
        let (Some(id), Some(task)) = (message.request(), message.task()) else {
            return Ok(message);
        };
        let Ok(runner) = games::index(task.game()) else {
            // Answered when it is served, as before.
            return Ok(message);
        };
        match self.runners[runner].receive(task.clone()) {
            Ok(task) => Ok(message.with_task(task)),
            Err(message) => Err(FromWorker::Failed { id, message }),
        }
    }

    /// Serves one message that arrived at time `now`, or holds it until the
    /// tables it needs are in (and every later message behind it, so that
    /// requests are served in the order they came; a cancel is served at
    /// once).
    ///
    /// Its game's runner sees its task first ([`JobRunner::receive`]), so
    /// that a task sent without a part the runner holds is served whole,
    /// and one it does not hold is answered [`super::protocol::NOT_HELD`].
    pub fn handle(&mut self, message: ToWorker, now: f64) -> HostStep {
        let message = match self.received(message) {
            Ok(message) => message,
            Err(failed) => {
                self.outbox.push(failed);
                return self.next();
            }
        };
        for set in Engine::needs(&message)
            .into_iter()
            .chain(Engine::better_with(&message))
        {
            self.ask_for(set);
        }
        let cancel = matches!(message, ToWorker::Cancel { .. });
        if !cancel && (!self.waiting.is_empty() || self.waits_for(self.waits_on(&message))) {
            if !matches!(message, ToWorker::Prepare(_)) {
                self.waiting.push_back(message);
            }
            return self.next();
        }
        self.serve(message, now)
    }

    /// Serves a message that waits for nothing.
    fn serve(&mut self, message: ToWorker, now: f64) -> HostStep {
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
                return self.serve_waiting(now);
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

    /// What the host should do next, with no new message.
    pub fn idle_or_step(&self) -> HostStep {
        self.next()
    }

    fn next(&self) -> HostStep {
        if self.job.is_some() {
            HostStep::Step
        } else {
            HostStep::Idle
        }
    }

    /// The set being fetched, if it is `set`.
    fn fetching(&self, set: TableSet) -> Result<(), String> {
        match self.loading {
            Some((loading, _)) if loading == set => Ok(()),
            _ => Err(format!("the {} tables are not being fetched", set.name())),
        }
    }

    /// Lets the game of `set`, being fetched, build what it needs besides
    /// its files. Done before they arrive, in a browser, so that the memory
    /// the build uses for a while is free again when the tables' buffers are
    /// allocated.
    pub fn prepare_tables(&mut self, set: TableSet) {
        if self.fetching(set).is_ok() {
            self.runners[Engine::table_owner(set)].prepare_tables(set);
        }
    }

    /// Receives one table of `set`'s file.
    ///
    /// # Errors
    /// A table its game cannot read, or a set not being fetched.
    pub fn receive_table(&mut self, set: TableSet, bytes: Vec<u8>) -> Result<(), String> {
        self.fetching(set)?;
        self.runners[Engine::table_owner(set)].receive_table(set, bytes)
    }

    /// Installs the tables of `set` received (in its runner, mid-job if one
    /// runs) and serves the messages that waited for them; says so to the
    /// page. Nothing happens for a set not being fetched.
    pub fn finish_tables(&mut self, set: TableSet, now: f64) -> HostStep {
        if self.fetching(set).is_err() {
            return self.next();
        }
        match self.runners[Engine::table_owner(set)].finish_tables(set) {
            Ok(()) => {
                self.tables.insert(set, TableState::Ready);
                self.outbox.push(FromWorker::Tables {
                    set,
                    ok: true,
                    message: String::new(),
                });
                self.loaded(now)
            }
            Err(error) => self.tables_failed(set, error, now),
        }
    }

    /// The tables of `set` could not be had: goes on without them, and
    /// serves the messages that waited. Nothing happens for a set not being
    /// fetched.
    pub fn tables_failed(&mut self, set: TableSet, reason: String, now: f64) -> HostStep {
        if self.fetching(set).is_err() {
            return self.next();
        }
        self.runners[Engine::table_owner(set)].tables_failed(set);
        self.tables.insert(set, TableState::Failed);
        self.outbox.push(FromWorker::Tables {
            set,
            ok: false,
            message: reason,
        });
        self.loaded(now)
    }

    /// The set being fetched is in or failed: the next queued set is
    /// wanted, and the messages that waited are served.
    fn loaded(&mut self, now: f64) -> HostStep {
        self.loading = self.queued.pop_front().map(|set| (set, false));
        self.serve_waiting(now)
    }

    /// Serves the messages held, in order, until one still waits for its
    /// tables.
    fn serve_waiting(&mut self, now: f64) -> HostStep {
        while let Some(message) = self.waiting.front() {
            if self.waits_for(self.waits_on(message)) {
                break;
            }
            let message = self.waiting.pop_front().expect("a message is held");
            self.serve(message, now);
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
                    let building = self.runners[job.runner].building_percent();
                    self.outbox.push(FromWorker::Progress {
                        id,
                        expanded,
                        bound,
                        building,
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
