//! What one solver worker runs, without the browser: it takes the page's
//! messages ([`ToWorker`]), runs one job at a time in slices of about
//! [`SLICE_MS`], and collects its replies ([`FromWorker`]) for the host to
//! post. The host (a Web Worker, or a test) calls [`Engine::step`] while
//! [`Next::Step`] is asked for, reading its messages between two calls, so a
//! cancel or a new request takes effect within a slice.
//!
//! The engine keeps what is worth keeping for the worker's life: the 4x4
//! tables once installed, a peg solver's table of lost positions (one goal
//! at a time), the table of the peg layouts' fewest chain moves and what a
//! search for the fewest learnt (one goal at a time, while it stays small),
//! and the branches of the split search it last served.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::protocol::{
    Answer, FromWorker, Mode, RequestId, TableSet, Task, ToWorker, PROGRESS_EVERY_MS, SLICE_MS,
};
use crate::pegs::{FewestSolver, FewestTable, Goal, PegBoard, PegSolver};
use crate::route::{RouteSearch, RouteStep};
use crate::search::Unlimited;
use crate::search::{IdaStar, Problem, Progress, Step};
use crate::sliding::difficulty::{Draw, DrawStep};
use crate::sliding::duplicates::{Duplicates, DEPTH};
use crate::sliding::fifteen::{split_branches, Fifteen, FifteenState, Tables};
use crate::sliding::near::Effort;
use crate::sliding::pdb::PatternTable;
use crate::sliding::solver::{JobStep, SolveJob, Solver};
use crate::sliding::twentyfour;
use crate::sliding::{Board, Dir};

/// Expansions between two readings of the clock within a slice.
const CHUNK: u64 = 4096;

/// The most positions a search for the fewest chain moves may learn bounds
/// for (some 40 MB in a browser) before it gives up: the built-in layouts
/// other than the classic need at most a tenth of that, and the classic's
/// answers come from the table; a start of the player's own that needs more
/// would keep the worker busy for minutes.
pub const FEWEST_LEARNT_LIMIT: usize = 1_000_000;

/// What the host should do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Wait for the next message.
    Idle,
    /// Call [`Engine::step`] (after reading any message that has come).
    Step,
    /// Download the 4x4 tables and hand them over ([`Engine::receive_table`],
    /// then [`Engine::finish_tables`] or [`Engine::tables_failed`]): a message
    /// waits for them.
    NeedTables,
}

/// Where the 4x4 tables stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableState {
    /// Not asked for yet.
    Missing,
    /// The host is downloading them.
    Loading,
    /// Installed in the solver.
    Ready,
    /// They could not be had: 4x4 boards are solved without them.
    Failed,
}

/// A round of IDA* below one branch, or nothing to search there.
enum RoundSearch {
    Search(Box<IdaStar<Fifteen>>),
    /// A branch no depth-first search follows (see [`Fifteen::along`]).
    Skipped,
}

/// The job under way: what it serves, since when, and its work.
struct Job {
    meta: Meta,
    work: Work,
}

/// What every job keeps besides its work.
struct Meta {
    id: RequestId,
    started: f64,
    /// When progress was last reported.
    last_report: f64,
}

/// What a job searches.
enum Work {
    /// A sliding board's best solution; `bounded` if the search has a cost
    /// bound to report.
    Sliding {
        search: Box<SolveJob>,
        bounded: bool,
    },
    /// One round of some branches of a split 4x4 search, one after the
    /// other: `left` are still to search, `prefix` leads to the current one.
    Round {
        bound: u32,
        left: Vec<usize>,
        prefix: Vec<Dir>,
        search: RoundSearch,
        next_bound: u32,
        /// Positions examined below the branches already done.
        expanded: u64,
    },
    /// A peg-solitaire position; `expanded` counts the positions examined
    /// in the slices before this one.
    Pegs {
        board: PegBoard,
        goal: Goal,
        expanded: u64,
    },
    /// A peg position's fewest chain moves, searched for; `expanded` as for
    /// [`Work::Pegs`].
    Fewest {
        board: PegBoard,
        goal: Goal,
        expanded: u64,
    },
    /// A route; `optimal` if the search proves its route shortest.
    Route {
        search: Box<RouteSearch>,
        optimal: bool,
    },
    /// A board drawn by difficulty.
    Draw(Box<Draw>),
}

impl Job {
    fn new(id: RequestId, now: f64, work: Work) -> Job {
        let meta = Meta {
            id,
            started: now,
            last_report: now,
        };
        Job { meta, work }
    }
}

impl Meta {
    /// Reports `expanded` and `bound` if the last report is old enough.
    fn report(
        &mut self,
        time: f64,
        expanded: u64,
        bound: Option<u32>,
        outbox: &mut Vec<FromWorker>,
    ) {
        if time - self.last_report >= PROGRESS_EVERY_MS {
            self.last_report = time;
            outbox.push(FromWorker::Progress {
                id: self.id,
                expanded,
                bound,
            });
        }
    }

    /// The final answer, found at `time`.
    fn answer(&self, answer: Answer, expanded: u64, time: f64, memory_bytes: f64) -> FromWorker {
        FromWorker::Answer {
            id: self.id,
            answer,
            expanded,
            lower_bound: 0,
            elapsed_ms: time - self.started,
            memory_bytes,
        }
    }
}

/// One slice of work: the clock to read (milliseconds), when the slice
/// ends, and the worker's memory to report with an answer.
struct Slice<'c> {
    clock: &'c dyn Fn() -> f64,
    end: f64,
    memory_bytes: f64,
}

impl Slice<'_> {
    /// A monitor that stops a search once the slice is over.
    fn monitor(&self) -> impl FnMut(&Progress) -> ControlFlow<()> + '_ {
        |_: &Progress| {
            if (self.clock)() >= self.end {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }
}

/// The branches of the split search this worker last served, in the order
/// the page numbers them: each with its moves, its cost and the state a
/// search below it starts from (none where nothing is to be searched).
struct SplitCache {
    board: Board,
    depth: usize,
    branches: Vec<(Vec<Dir>, u32, Option<FifteenState>)>,
}

/// One solver worker's state and work.
pub struct Engine {
    solver: Solver,
    /// Where each set of tables stands, by [`TableSet::ALL`]'s order.
    tables: [TableState; 3],
    /// The set the host is downloading, if any.
    loading: Option<TableSet>,
    /// The duplicate-path recogniser, built before the 4x4 tables arrive.
    duplicates: Option<Duplicates>,
    /// Tables received, waiting for [`Engine::finish_tables`].
    received: Vec<PatternTable>,
    /// The fewest-moves table received, likewise.
    received_fewest: Option<FewestTable>,
    /// The peg layouts' fewest chain moves, once installed.
    fewest_table: Option<Arc<FewestTable>>,
    /// The last search for the fewest chain moves, for what it learnt.
    fewest: Option<FewestSolver>,
    /// How many positions that search may learn before it gives up.
    fewest_limit: usize,
    /// Messages that wait for tables, in order.
    waiting: Vec<ToWorker>,
    pegs: Option<PegSolver>,
    split: Option<SplitCache>,
    job: Option<Job>,
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
            solver: Solver::new(None),
            tables: [TableState::Missing; 3],
            loading: None,
            duplicates: None,
            received: Vec::new(),
            received_fewest: None,
            fewest_table: None,
            fewest: None,
            fewest_limit: FEWEST_LEARNT_LIMIT,
            waiting: Vec::new(),
            pegs: None,
            split: None,
            job: None,
            outbox: Vec::new(),
        }
    }

    /// An engine with both sets of pattern databases already installed
    /// (natively, where they are loaded from files).
    pub fn with_tables(fifteen: Arc<Tables>, twentyfour: Arc<twentyfour::Tables>) -> Engine {
        let mut engine = Engine {
            solver: Solver::new(Some(fifteen)).with_5x5(Some(twentyfour)),
            ..Engine::new()
        };
        engine.tables[TableSet::Fifteen.index()] = TableState::Ready;
        engine.tables[TableSet::TwentyFour.index()] = TableState::Ready;
        engine
    }

    /// The engine with the table of the peg layouts' fewest chain moves
    /// installed (natively; an empty table has every answer searched for).
    pub fn with_fewest_table(mut self, table: Arc<FewestTable>) -> Engine {
        self.fewest_table = Some(table);
        self.tables[TableSet::Pegs.index()] = TableState::Ready;
        self
    }

    /// The engine with searches for the fewest chain moves giving up once
    /// they have learnt `limit` positions, rather than
    /// [`FEWEST_LEARNT_LIMIT`].
    pub fn with_fewest_limit(mut self, limit: usize) -> Engine {
        self.fewest_limit = limit;
        self
    }

    /// The replies since the last call, in order.
    pub fn take_outbox(&mut self) -> Vec<FromWorker> {
        std::mem::take(&mut self.outbox)
    }

    /// The tables a message needs before it can be served.
    fn needs(message: &ToWorker) -> Option<TableSet> {
        match message {
            ToWorker::Prepare(set) => Some(*set),
            ToWorker::Round { .. } => Some(TableSet::Fifteen),
            ToWorker::Solve { task, .. } => task.tables(),
            ToWorker::Cancel { .. } => None,
        }
    }

    /// Serves one message that arrived at time `now`.
    pub fn handle(&mut self, message: ToWorker, now: f64) -> Next {
        if let Some(set) = Engine::needs(&message) {
            if self.loading.is_some() {
                // The host reads no message while it downloads; kept anyway.
                if !matches!(message, ToWorker::Prepare(_)) {
                    self.waiting.push(message);
                }
                return Next::Idle;
            }
            if self.tables[set.index()] == TableState::Missing {
                self.tables[set.index()] = TableState::Loading;
                self.loading = Some(set);
                if !matches!(message, ToWorker::Prepare(_)) {
                    self.waiting.push(message);
                }
                return Next::NeedTables;
            }
        }
        match message {
            ToWorker::Prepare(_) => {}
            ToWorker::Solve { id, task, mode } => self.start(id, task, mode, now),
            ToWorker::Round {
                id,
                board,
                depth,
                branches,
                bound,
            } => self.start_round(id, board, depth, branches, bound, now),
            ToWorker::Cancel { id } => {
                if self.job.as_ref().is_some_and(|job| job.meta.id == id) {
                    self.job = None;
                }
                self.waiting
                    .retain(|message| request_of(message) != Some(id));
            }
        }
        self.next()
    }

    /// Answers a message that could not be read.
    pub fn refuse(&mut self, reason: String) -> Next {
        self.outbox.push(FromWorker::Failed {
            id: 0,
            message: reason,
        });
        self.next()
    }

    fn next(&self) -> Next {
        if self.job.is_some() {
            Next::Step
        } else {
            Next::Idle
        }
    }

    /// The set of tables the host should download now, after
    /// [`Next::NeedTables`].
    pub fn loading(&self) -> Option<TableSet> {
        self.loading
    }

    /// Builds what the 4x4 solver needs besides its tables, if those are
    /// the ones loading. Done before the tables arrive, in a browser, so that
    /// the memory the build uses for a while is free again when the tables'
    /// buffers are allocated.
    pub fn prepare_tables(&mut self) {
        if self.loading == Some(TableSet::Fifteen) && self.duplicates.is_none() {
            self.duplicates = Some(Duplicates::build(DEPTH));
        }
    }

    /// Receives one table of the file loading.
    pub fn receive_table(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        if self.loading == Some(TableSet::Pegs) {
            let text = std::str::from_utf8(&bytes).map_err(|_| "the table is not text")?;
            self.received_fewest = Some(FewestTable::from_text(text)?);
            return Ok(());
        }
        let table = PatternTable::from_vec(bytes).map_err(|e| e.to_string())?;
        self.received.push(table);
        Ok(())
    }

    /// Installs the tables received and serves the messages that waited
    /// for them; says so to the page.
    pub fn finish_tables(&mut self, now: f64) -> Next {
        let Some(set) = self.loading else {
            return self.next();
        };
        let received = std::mem::take(&mut self.received);
        let installed = match set {
            TableSet::Fifteen => {
                self.loading = Some(set);
                self.prepare_tables();
                let duplicates = self.duplicates.take().expect("prepared just now");
                Tables::from_tables(received, duplicates)
                    .map(|tables| {
                        self.solver = self.solver.clone().with_fifteen(Some(Arc::new(tables)));
                    })
                    .map_err(|error| error.to_string())
            }
            TableSet::TwentyFour => twentyfour::Tables::from_tables(received)
                .map(|tables| {
                    self.solver = self.solver.clone().with_5x5(Some(Arc::new(tables)));
                })
                .map_err(|error| error.to_string()),
            TableSet::Pegs => match self.received_fewest.take() {
                Some(table) => {
                    self.fewest_table = Some(Arc::new(table));
                    Ok(())
                }
                None => Err("the file holds no table".to_string()),
            },
        };
        match installed {
            Ok(()) => {
                self.loading = None;
                self.tables[set.index()] = TableState::Ready;
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
    pub fn tables_failed(&mut self, reason: String, now: f64) -> Next {
        self.received.clear();
        self.received_fewest = None;
        let Some(set) = self.loading.take() else {
            return self.next();
        };
        self.tables[set.index()] = TableState::Failed;
        self.outbox.push(FromWorker::Tables {
            set,
            ok: false,
            message: reason,
        });
        self.serve_waiting(now)
    }

    /// Serves the messages that waited, until one waits for other tables.
    fn serve_waiting(&mut self, now: f64) -> Next {
        let mut waiting = std::mem::take(&mut self.waiting);
        while !waiting.is_empty() {
            let message = waiting.remove(0);
            if self.handle(message, now) == Next::NeedTables {
                // That message waits again, and the rest behind it.
                self.waiting.append(&mut waiting);
                return Next::NeedTables;
            }
        }
        self.next()
    }

    fn start(&mut self, id: RequestId, task: Task, mode: Mode, now: f64) {
        self.job = None;
        match task {
            Task::Sliding { board } => match mode {
                Mode::Quick => {
                    let quick = match self.solver.quick(&board, &mut Unlimited) {
                        Ok(quick) => quick,
                        Err(never) => unreachable!("an unlimited search is never stopped: {never}"),
                    };
                    self.outbox.push(FromWorker::Answer {
                        id,
                        answer: Answer::Sliding {
                            moves: quick.plan.moves,
                            optimal: quick.plan.optimal,
                        },
                        expanded: quick.plan.expanded,
                        lower_bound: quick.lower_bound,
                        elapsed_ms: 0.0,
                        memory_bytes: 0.0,
                    });
                }
                Mode::Best | Mode::Mirror => {
                    let mirrored = mode == Mode::Mirror;
                    let search = Box::new(self.solver.start_with(&board, Effort::BEST, mirrored));
                    // Only optimal searches have a bound worth showing.
                    let bounded = self.solver.is_optimal(board.width(), board.height());
                    self.job = Some(Job::new(id, now, Work::Sliding { search, bounded }));
                }
            },
            Task::Pegs { board, goal } => {
                let work = Work::Pegs {
                    board,
                    goal,
                    expanded: 0,
                };
                self.job = Some(Job::new(id, now, work));
            }
            Task::Fewest { board, goal } => {
                let job = Job::new(
                    id,
                    now,
                    Work::Fewest {
                        board,
                        goal,
                        expanded: 0,
                    },
                );
                let known = self
                    .fewest_table
                    .as_ref()
                    .and_then(|table| table.fewest(board, goal));
                match known {
                    // Worked out at build time.
                    Some(chains) => {
                        let answer = Answer::Fewest {
                            chains: Some(chains.to_vec()),
                        };
                        self.outbox.push(job.meta.answer(answer, 0, now, 0.0));
                    }
                    None => self.job = Some(job),
                }
            }
            Task::Draw {
                width,
                height,
                range,
                seed,
            } => match Draw::new(width, height, range, seed) {
                Ok(draw) => self.job = Some(Job::new(id, now, Work::Draw(Box::new(draw)))),
                Err(message) => self.outbox.push(FromWorker::Failed { id, message }),
            },
            Task::Route(task) => match task.search() {
                Ok(search) => {
                    let work = Work::Route {
                        search: Box::new(search),
                        optimal: task.proves_shortest(),
                    };
                    self.job = Some(Job::new(id, now, work));
                }
                Err(message) => self.outbox.push(FromWorker::Failed { id, message }),
            },
        }
    }

    fn start_round(
        &mut self,
        id: RequestId,
        board: Board,
        depth: usize,
        branches: Vec<u32>,
        bound: u32,
        now: f64,
    ) {
        self.job = None;
        let Some(tables) = self.solver.tables().cloned() else {
            self.outbox.push(FromWorker::Failed {
                id,
                message: "the 4x4 tables are not loaded".into(),
            });
            return;
        };
        if (board.width(), board.height()) != (4, 4) {
            self.outbox.push(FromWorker::Failed {
                id,
                message: "only 4x4 searches are split".into(),
            });
            return;
        }
        let fresh = !self
            .split
            .as_ref()
            .is_some_and(|cache| cache.board == board && cache.depth == depth);
        if fresh {
            let problem = Fifteen::new(&tables);
            let mut branches: Vec<_> = split_branches(&board, depth)
                .into_iter()
                .map(|branch| {
                    let state = problem.along(&board, &branch.moves);
                    (branch.moves, branch.g, state)
                })
                .collect();
            // The page numbers branches in this order, the most promising
            // (lowest f) first: in the last round the goal is found sooner,
            // and in the others the largest subtrees go first, which evens
            // out the workers' loads. Branches with nothing to search go
            // last.
            branches.sort_by_key(|(_, g, state)| {
                state.map_or(u32::MAX, |state| g + problem.heuristic(&state))
            });
            self.split = Some(SplitCache {
                board,
                depth,
                branches,
            });
        }
        let count = self.split.as_ref().map_or(0, |cache| cache.branches.len());
        if let Some(&bad) = branches.iter().find(|&&b| b as usize >= count) {
            self.outbox.push(FromWorker::Failed {
                id,
                message: format!("there is no branch {bad} at depth {depth}"),
            });
            return;
        }
        let mut left: Vec<usize> = branches.into_iter().rev().map(|b| b as usize).collect();
        let Some(first) = left.pop() else {
            self.outbox.push(FromWorker::RoundDone {
                id,
                bound,
                found: None,
                next_bound: u32::MAX,
                expanded: 0,
            });
            return;
        };
        let (search, prefix) = self.round_search(&tables, first, bound);
        let work = Work::Round {
            bound,
            left,
            prefix,
            search,
            next_bound: u32::MAX,
            expanded: 0,
        };
        self.job = Some(Job::new(id, now, work));
    }

    /// A round below branch `index` of the cached split, and the moves that
    /// reach the branch.
    fn round_search(
        &self,
        tables: &Arc<Tables>,
        index: usize,
        bound: u32,
    ) -> (RoundSearch, Vec<Dir>) {
        let cache = self.split.as_ref().expect("the split is cached");
        let (moves, g, state) = &cache.branches[index];
        let search = match state {
            Some(state) => RoundSearch::Search(Box::new(IdaStar::round(
                Fifteen::new(tables),
                *state,
                *g,
                moves.last().copied(),
                bound,
            ))),
            None => RoundSearch::Skipped,
        };
        (search, moves.clone())
    }

    /// Runs the job under way for one slice of about [`SLICE_MS`] by
    /// `clock` (milliseconds); `memory_bytes` is what the worker's memory
    /// is, for the answer.
    pub fn step(&mut self, clock: &dyn Fn() -> f64, memory_bytes: f64) -> Next {
        let Some(mut job) = self.job.take() else {
            return Next::Idle;
        };
        let slice = Slice {
            clock,
            end: clock() + SLICE_MS,
            memory_bytes,
        };
        let done = match &mut job.work {
            Work::Sliding { .. } => self.step_sliding(&mut job, &slice),
            Work::Round { .. } => self.step_round(&mut job, &slice),
            Work::Pegs { .. } => self.step_pegs(&mut job, &slice),
            Work::Fewest { .. } => self.step_fewest(&mut job, &slice),
            Work::Route { .. } => self.step_route(&mut job, &slice),
            Work::Draw(_) => self.step_draw(&mut job, &slice),
        };
        if !done {
            self.job = Some(job);
        }
        self.next()
    }

    /// A slice of a sliding search; true when it is done.
    fn step_sliding(&mut self, job: &mut Job, slice: &Slice<'_>) -> bool {
        let Job {
            meta,
            work: Work::Sliding { search, bounded },
        } = job
        else {
            unreachable!("a sliding job");
        };
        loop {
            match search.run(CHUNK) {
                JobStep::Running => {
                    let (time, progress) = ((slice.clock)(), search.progress());
                    let bound = bounded.then_some(progress.bound);
                    meta.report(time, progress.expanded, bound, &mut self.outbox);
                    if time >= slice.end {
                        return false;
                    }
                }
                JobStep::Done(plan) => {
                    let answer = Answer::Sliding {
                        moves: plan.moves,
                        optimal: plan.optimal,
                    };
                    let reply =
                        meta.answer(answer, plan.expanded, (slice.clock)(), slice.memory_bytes);
                    self.outbox.push(reply);
                    return true;
                }
            }
        }
    }

    /// A slice of a round over a batch of branches; true when it is done.
    fn step_round(&mut self, job: &mut Job, slice: &Slice<'_>) -> bool {
        let Job {
            meta,
            work:
                Work::Round {
                    bound,
                    left,
                    prefix,
                    search,
                    next_bound,
                    expanded,
                },
        } = job
        else {
            unreachable!("a round job");
        };
        let id = meta.id;
        loop {
            let (step, searched) = match search {
                RoundSearch::Search(search) => (search.run(CHUNK), search.progress().expanded),
                RoundSearch::Skipped => (Step::Exhausted(u32::MAX), 0),
            };
            match step {
                Step::Running => {
                    let (time, total, bound) = ((slice.clock)(), *expanded + searched, *bound);
                    meta.report(time, total, Some(bound), &mut self.outbox);
                    if time >= slice.end {
                        return false;
                    }
                }
                Step::Found(solution) => {
                    let mut moves = prefix.clone();
                    moves.extend(solution.moves);
                    self.outbox.push(FromWorker::RoundDone {
                        id,
                        bound: *bound,
                        found: Some(moves),
                        next_bound: u32::MAX,
                        expanded: *expanded + solution.expanded,
                    });
                    return true;
                }
                Step::Exhausted(exceeded) => {
                    *next_bound = (*next_bound).min(exceeded);
                    *expanded += searched;
                    let Some(index) = left.pop() else {
                        self.outbox.push(FromWorker::RoundDone {
                            id,
                            bound: *bound,
                            found: None,
                            next_bound: *next_bound,
                            expanded: *expanded,
                        });
                        return true;
                    };
                    // The next branch of the batch.
                    let tables = self
                        .solver
                        .tables()
                        .cloned()
                        .expect("rounds run with tables");
                    (*search, *prefix) = self.round_search(&tables, index, *bound);
                }
            }
        }
    }

    /// A slice of the peg search; true when it is done. A slice that runs
    /// out restarts the search from the position on the next one: nothing is
    /// lost, because every position the search finished with is in the
    /// solver's table of lost positions, kept for the worker's life, so the
    /// restart walks straight back to where it stopped.
    fn step_pegs(&mut self, job: &mut Job, slice: &Slice<'_>) -> bool {
        let Job {
            meta,
            work:
                Work::Pegs {
                    board,
                    goal,
                    expanded,
                },
        } = job
        else {
            unreachable!("a peg job");
        };
        let solver = match self.pegs.take() {
            Some(solver) if solver.goal() == *goal => solver,
            _ => PegSolver::new(*goal),
        };
        let solver = self.pegs.insert(solver);
        let mut stop = slice.monitor();
        match solver.solve(*board, &mut stop) {
            Err(interrupted) => {
                *expanded += interrupted.progress.expanded;
                let total = *expanded;
                meta.report((slice.clock)(), total, None, &mut self.outbox);
                false
            }
            Ok(solution) => {
                let total = *expanded + solution.as_ref().map_or(0, |s| s.expanded);
                let answer = Answer::Pegs {
                    jumps: solution.map(|s| s.moves),
                };
                let reply = meta.answer(answer, total, (slice.clock)(), slice.memory_bytes);
                self.outbox.push(reply);
                true
            }
        }
    }
}

impl Engine {
    /// A slice of the search for the fewest chain moves; true when it is
    /// done. Like [`Engine::step_pegs`], a slice that runs out starts again
    /// on the next one, walking back through what the solver learnt; a
    /// search that has learnt more positions than its limit (see
    /// [`FEWEST_LEARNT_LIMIT`]) gives up, and its memory is freed.
    fn step_fewest(&mut self, job: &mut Job, slice: &Slice<'_>) -> bool {
        let Job {
            meta,
            work:
                Work::Fewest {
                    board,
                    goal,
                    expanded,
                },
        } = job
        else {
            unreachable!("a fewest-moves job");
        };
        let solver = match self.fewest.take() {
            Some(solver) if solver.goal() == *goal => solver,
            _ => FewestSolver::new(*goal),
        };
        let solver = self.fewest.insert(solver);
        let mut stop = slice.monitor();
        match solver.solve(*board, &mut stop) {
            Err(interrupted) => {
                *expanded += interrupted.progress.expanded;
                if solver.learnt() > self.fewest_limit {
                    self.fewest = None;
                    self.outbox.push(FromWorker::Failed {
                        id: meta.id,
                        message: "the fewest chain moves from this position would take the \
                                  page too long to find"
                            .into(),
                    });
                    return true;
                }
                let bound = Some(interrupted.progress.bound);
                meta.report((slice.clock)(), *expanded, bound, &mut self.outbox);
                false
            }
            Ok(solution) => {
                let total = *expanded + solution.as_ref().map_or(0, |s| s.expanded);
                let answer = Answer::Fewest {
                    chains: solution.map(|s| s.moves),
                };
                let reply = meta.answer(answer, total, (slice.clock)(), slice.memory_bytes);
                self.outbox.push(reply);
                true
            }
        }
    }

    /// A slice of a draw by difficulty; true when it is done.
    fn step_draw(&mut self, job: &mut Job, slice: &Slice<'_>) -> bool {
        let Job {
            meta,
            work: Work::Draw(draw),
        } = job
        else {
            unreachable!("a draw job");
        };
        loop {
            match draw.run(&self.solver, CHUNK) {
                DrawStep::Running => {
                    let time = (slice.clock)();
                    meta.report(time, draw.expanded(), None, &mut self.outbox);
                    if time >= slice.end {
                        return false;
                    }
                }
                DrawStep::Done { board, distance } => {
                    let answer = Answer::Drawn { board, distance };
                    let time = (slice.clock)();
                    let reply = meta.answer(answer, draw.expanded(), time, slice.memory_bytes);
                    self.outbox.push(reply);
                    return true;
                }
            }
        }
    }

    fn step_route(&mut self, job: &mut Job, slice: &Slice<'_>) -> bool {
        let Job {
            meta,
            work: Work::Route { search, optimal },
        } = job
        else {
            unreachable!("a route job");
        };
        loop {
            match search.run(CHUNK) {
                RouteStep::Running => {
                    let time = (slice.clock)();
                    meta.report(time, search.expanded(), None, &mut self.outbox);
                    if time >= slice.end {
                        return false;
                    }
                }
                RouteStep::Done(found) => {
                    let expanded = found.as_ref().map_or(search.expanded(), |f| f.expanded);
                    let answer = Answer::Route {
                        found,
                        optimal: *optimal,
                    };
                    let reply = meta.answer(answer, expanded, (slice.clock)(), slice.memory_bytes);
                    self.outbox.push(reply);
                    return true;
                }
            }
        }
    }
}

/// The request a message is about, if any.
fn request_of(message: &ToWorker) -> Option<RequestId> {
    match message {
        ToWorker::Solve { id, .. } | ToWorker::Round { id, .. } | ToWorker::Cancel { id } => {
            Some(*id)
        }
        ToWorker::Prepare(_) => None,
    }
}
