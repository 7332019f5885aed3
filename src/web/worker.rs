//! The solver as it runs inside a Web Worker (`www/worker.js` loads this
//! same module and hands it every message).
//!
//! Optimal searches run in slices of about [`SLICE_MS`]: between slices the
//! worker returns to its event loop, so a cancel or a new request is read at
//! once and progress goes out regularly, and the 4x4 tables, expensive to
//! load, stay loaded. Short computations (quick solutions, reductions of
//! large boards) run in one go.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::dom::now;
use super::peg_worker;
use super::protocol::{FromWorker, Mode, ToWorker};
use crate::search::{weighted_astar, IdaStar, Problem, Progress, Step, Unlimited};
use crate::sliding::compact::{CompactPuzzle, Estimate};
use crate::sliding::duplicates;
use crate::sliding::fifteen::{self, split_branches, Fifteen, FifteenState, Tables};
use crate::sliding::pdb::PatternTable;
use crate::sliding::{is_optimal_size, solve, solve_quickly, Board, Dir};

/// How long a slice of search runs before the worker looks at its messages.
const SLICE_MS: f64 = 40.0;
/// How often progress is reported, in milliseconds.
const PROGRESS_EVERY_MS: f64 = 100.0;
/// Expansions between clock readings within a slice.
const CHUNK: u64 = 4096;
/// The weight of the quick search on 4x4 boards: solutions about a tenth
/// longer than optimal, found in milliseconds.
const QUICK_WEIGHT: f64 = 1.5;

/// A search that runs in slices, whatever its problem.
trait Sliced {
    fn run(&mut self, budget: u64) -> Step<Dir>;
    fn progress(&self) -> Progress;
}

impl<P: Problem<Move = Dir>> Sliced for IdaStar<P> {
    fn run(&mut self, budget: u64) -> Step<Dir> {
        IdaStar::run(self, budget)
    }
    fn progress(&self) -> Progress {
        IdaStar::progress(self)
    }
}

/// The search below a branch that no depth-first search follows (see
/// [`Fifteen::along`]): nothing to search.
struct Skipped;

impl Sliced for Skipped {
    fn run(&mut self, _budget: u64) -> Step<Dir> {
        Step::Exhausted(u32::MAX)
    }
    fn progress(&self) -> Progress {
        Progress {
            expanded: 0,
            bound: 0,
        }
    }
}

/// What a job is for.
enum Purpose {
    /// A whole optimal search.
    Solve,
    /// One round of a batch of branches of a split search, one after the
    /// other: `left` are still to search, `prefix` leads to the current one.
    Round {
        left: Vec<usize>,
        bound: u32,
        prefix: Vec<Dir>,
        next_bound: u32,
        expanded: u64,
    },
}

struct Job {
    id: u64,
    purpose: Purpose,
    search: Box<dyn Sliced>,
    started: f64,
    last_report: f64,
}

/// The branches of the split search this worker last served (see
/// [`split_branches`]), in the order the page numbers them: each with its
/// moves, its cost and the state a search below it starts from, if any.
struct SplitCache {
    id: u64,
    tiles: Vec<u8>,
    depth: usize,
    branches: Vec<(Vec<Dir>, u32, Option<FifteenState>)>,
}

thread_local! {
    static JOB: RefCell<Option<Job>> = const { RefCell::new(None) };
    static SPLIT: RefCell<Option<SplitCache>> = const { RefCell::new(None) };
}

fn post(message: FromWorker) {
    let scope = js_sys::global().unchecked_into::<web_sys::DedicatedWorkerGlobalScope>();
    // Posting a plain object of numbers and strings cannot fail.
    let _ = scope.post_message(&message.to_js());
}

/// The worker's WebAssembly memory, in bytes.
fn memory_bytes() -> f64 {
    wasm_bindgen::memory()
        .unchecked_into::<js_sys::WebAssembly::Memory>()
        .buffer()
        .unchecked_into::<js_sys::ArrayBuffer>()
        .byte_length() as f64
}

/// The name of the 4x4 tables' file (served gzip-compressed, with `.gz`).
/// Internal to the page's worker.
#[wasm_bindgen(js_name = tableFile)]
pub fn table_file() -> String {
    fifteen::TABLE_FILE.to_string()
}

thread_local! {
    /// Tables received by [`install_table`], waiting for [`finish_tables`].
    static RECEIVED: RefCell<Vec<PatternTable>> = const { RefCell::new(Vec::new()) };
}

/// Receives one pattern table of the 4x4 tables' file (the file is a count
/// byte, then each table's 4-byte little-endian length and bytes). Taking the
/// tables one by one, each as the buffer it will live in, keeps the worker's
/// memory to one copy. Internal to the page's worker.
#[wasm_bindgen(js_name = installTable)]
pub fn install_table(bytes: Vec<u8>) -> Result<(), JsError> {
    let table = PatternTable::from_vec(bytes).map_err(|e| JsError::new(&e.to_string()))?;
    RECEIVED.with(|received| received.borrow_mut().push(table));
    Ok(())
}

/// Builds what the 4x4 solver needs besides the tables: the recogniser of
/// duplicate paths (a few tens of milliseconds). Called before the tables
/// are downloaded, so that the memory the build uses for a while is free
/// again when the tables' buffers are allocated. Internal to the page's
/// worker.
#[wasm_bindgen(js_name = prepareSearch)]
pub fn prepare_search() {
    duplicates::shared();
}

/// Installs the tables received by [`install_table`] for the solver.
/// Internal to the page's worker.
#[wasm_bindgen(js_name = finishTables)]
pub fn finish_tables() -> Result<(), JsError> {
    let received = RECEIVED.with(|received| std::mem::take(&mut *received.borrow_mut()));
    if fifteen::installed().is_some() {
        return Ok(());
    }
    let tables = Tables::from_tables(received).map_err(|e| JsError::new(&e.to_string()))?;
    fifteen::install(tables);
    Ok(())
}

/// Serves one message from the page; true if a job now needs
/// [`worker_step`] calls. Internal to the page's worker.
#[wasm_bindgen(js_name = workerHandle)]
pub fn worker_handle(message: JsValue) -> bool {
    console_error_panic_hook::set_once();
    match ToWorker::from_js(&message) {
        Ok(ToWorker::Prepare) => false,
        Ok(ToWorker::Solve {
            id,
            width,
            height,
            tiles,
            mode,
        }) => match Board::from_tiles(width, height, &tiles) {
            Ok(board) => start_solve(id, &board, mode),
            Err(error) => fail(id, error.to_string()),
        },
        Ok(ToWorker::Round {
            id,
            tiles,
            depth,
            branches,
            bound,
        }) => start_round(
            id,
            &tiles,
            depth,
            branches.into_iter().map(|b| b as usize).collect(),
            bound,
        ),
        Ok(ToWorker::Pegs { id, board, goal }) => peg_worker::start(id, board, goal),
        Ok(ToWorker::Cancel { id }) => {
            peg_worker::cancel(id);
            JOB.with(|job| {
                let mut job = job.borrow_mut();
                if job.as_ref().is_some_and(|j| id == 0 || j.id == id) {
                    *job = None;
                }
            });
            false
        }
        Err(message) => fail(0, message),
    }
}

fn fail(id: u64, message: String) -> bool {
    post(FromWorker::Failed { id, message });
    false
}

fn reply(id: u64, moves: Vec<Dir>, optimal: bool, expanded: u64, started: f64) {
    reply_with_estimate(id, moves, optimal, expanded, started, 0);
}

fn reply_with_estimate(
    id: u64,
    moves: Vec<Dir>,
    optimal: bool,
    expanded: u64,
    started: f64,
    estimate: u32,
) {
    post(FromWorker::Solution {
        id,
        moves,
        optimal,
        expanded,
        elapsed_ms: now() - started,
        memory_bytes: memory_bytes(),
        estimate,
    });
}

fn start_solve(id: u64, board: &Board, mode: Mode) -> bool {
    let started = now();
    let (width, height) = (board.width(), board.height());
    let tables = fifteen::installed();
    if board.is_solved() {
        reply(id, Vec::new(), true, 0, started);
        return false;
    }
    if mode == Mode::Quick {
        let plan = match tables.filter(|_| (width, height) == (4, 4)) {
            Some(tables) => {
                let start = tables.state(board);
                let problem = Fifteen::for_best_first(tables);
                let estimate = problem.heuristic(&start);
                weighted_astar(&problem, start, QUICK_WEIGHT, &mut Unlimited)
                    .ok()
                    .flatten()
                    .map(|s| (s.moves, s.expanded, estimate))
            }
            None => solve_quickly(board, QUICK_WEIGHT, &mut Unlimited)
                .ok()
                .map(|p| (p.moves, p.expanded, 0)),
        };
        return match plan {
            Some((moves, expanded, estimate)) => {
                // A quick solution as long as the lower bound is optimal.
                let optimal = moves.len() as u32 == estimate || moves.is_empty();
                reply_with_estimate(id, moves, optimal, expanded, started, estimate);
                false
            }
            None => fail(id, "no quick solution was found".into()),
        };
    }
    let search: Box<dyn Sliced> = match tables {
        Some(tables) if (width, height) == (4, 4) => {
            let problem = Fifteen::new(tables);
            let start = tables.state(board);
            let bound = problem.heuristic(&start);
            Box::new(IdaStar::new(problem, start, bound))
        }
        _ if is_optimal_size(width, height) => {
            let problem = CompactPuzzle::new(width, height, Estimate::LinearConflict);
            let start = problem.pack(board);
            let bound = problem.heuristic(&start);
            Box::new(IdaStar::new(problem, start, bound))
        }
        _ => {
            // Reduction: fast at every size; run in one go.
            return match solve(board, &mut Unlimited) {
                Ok(plan) => {
                    reply(id, plan.moves, plan.optimal, plan.expanded, started);
                    false
                }
                Err(interrupted) => fail(id, interrupted.to_string()),
            };
        }
    };
    begin(Job {
        id,
        purpose: Purpose::Solve,
        search,
        started,
        last_report: started,
    })
}

fn start_round(id: u64, tiles: &[u8], depth: usize, mut branches: Vec<usize>, bound: u32) -> bool {
    let Some(tables) = fifteen::installed() else {
        return fail(id, "the 4x4 tables are not loaded".into());
    };
    let board = match Board::from_tiles(4, 4, tiles) {
        Ok(board) => board,
        Err(error) => return fail(id, error.to_string()),
    };
    let fresh = SPLIT.with(|cache| {
        !cache
            .borrow()
            .as_ref()
            .is_some_and(|c| c.id == id && c.tiles == tiles && c.depth == depth)
    });
    if fresh {
        let problem = Fifteen::new(tables);
        let mut branches: Vec<_> = split_branches(&board, depth)
            .into_iter()
            .map(|branch| {
                let state = problem.along(&board, &branch.moves);
                (branch.moves, branch.g, state)
            })
            .collect();
        // The page numbers branches in this order, the most promising (lowest
        // f) first: in the last round the goal is found sooner (a third of
        // the time on the 80-move positions), and in the others the largest
        // subtrees go first, which evens out the workers' loads. Branches
        // with nothing to search go last.
        branches.sort_by_key(|(_, g, state)| {
            state.map_or(u32::MAX, |state| g + problem.heuristic(&state))
        });
        SPLIT.with(|cache| {
            *cache.borrow_mut() = Some(SplitCache {
                id,
                tiles: tiles.to_vec(),
                depth,
                branches,
            })
        });
    }
    let count = SPLIT.with(|cache| cache.borrow().as_ref().map_or(0, |c| c.branches.len()));
    if let Some(&bad) = branches.iter().find(|&&b| b >= count) {
        return fail(id, format!("there is no branch {bad} at depth {depth}"));
    }
    branches.reverse();
    let Some(first) = branches.pop() else {
        post(FromWorker::RoundDone {
            id,
            bound,
            found: None,
            next_bound: u32::MAX,
            expanded: 0,
        });
        return false;
    };
    let (search, prefix) = round_search(tables, first, bound);
    begin(Job {
        id,
        purpose: Purpose::Round {
            left: branches,
            bound,
            prefix,
            next_bound: u32::MAX,
            expanded: 0,
        },
        search,
        started: now(),
        last_report: now(),
    })
}

/// A round below branch `index` of the cached split.
fn round_search(tables: &'static Tables, index: usize, bound: u32) -> (Box<dyn Sliced>, Vec<Dir>) {
    SPLIT.with(|cache| {
        let cache = cache.borrow();
        let cache = cache.as_ref().expect("the split is cached");
        let (moves, g, state) = &cache.branches[index];
        let search: Box<dyn Sliced> = match state {
            Some(state) => Box::new(IdaStar::round(
                Fifteen::new(tables),
                *state,
                *g,
                moves.last().copied(),
                bound,
            )),
            None => Box::new(Skipped),
        };
        (search, moves.clone())
    })
}

fn begin(job: Job) -> bool {
    JOB.with(|slot| *slot.borrow_mut() = Some(job));
    true
}

/// Runs the current job for one slice; true if it needs more. Internal to
/// the page's worker.
#[wasm_bindgen(js_name = workerStep)]
pub fn worker_step() -> bool {
    if peg_worker::is_busy() {
        return peg_worker::step(memory_bytes(), post);
    }
    let Some(mut job) = JOB.with(|slot| slot.borrow_mut().take()) else {
        return false;
    };
    let slice_start = now();
    loop {
        match job.search.run(CHUNK) {
            Step::Running => {
                let time = now();
                if time - job.last_report >= PROGRESS_EVERY_MS {
                    job.last_report = time;
                    let progress = job.search.progress();
                    let earlier = match &job.purpose {
                        Purpose::Round { expanded, .. } => *expanded,
                        Purpose::Solve => 0,
                    };
                    post(FromWorker::Progress {
                        id: job.id,
                        expanded: earlier + progress.expanded,
                        bound: progress.bound,
                        elapsed_ms: time - job.started,
                    });
                }
                if time - slice_start >= SLICE_MS {
                    JOB.with(|slot| *slot.borrow_mut() = Some(job));
                    return true;
                }
            }
            Step::Found(solution) => {
                match &job.purpose {
                    Purpose::Solve => {
                        reply(job.id, solution.moves, true, solution.expanded, job.started)
                    }
                    Purpose::Round {
                        bound,
                        prefix,
                        expanded,
                        ..
                    } => {
                        let mut moves = prefix.clone();
                        moves.extend(solution.moves);
                        post(FromWorker::RoundDone {
                            id: job.id,
                            bound: *bound,
                            found: Some(moves),
                            next_bound: u32::MAX,
                            expanded: expanded + solution.expanded,
                        });
                    }
                }
                return false;
            }
            Step::Exhausted(exceeded) => {
                let searched = job.search.progress().expanded;
                match &mut job.purpose {
                    Purpose::Solve => {
                        post(FromWorker::Failed {
                            id: job.id,
                            message: "the search ended without a solution".into(),
                        });
                    }
                    Purpose::Round {
                        left,
                        bound,
                        prefix,
                        next_bound,
                        expanded,
                    } => {
                        *next_bound = (*next_bound).min(exceeded);
                        *expanded += searched;
                        if let Some(index) = left.pop() {
                            // The next branch of the batch.
                            let tables = fifteen::installed().expect("rounds run with tables");
                            let (search, moves) = round_search(tables, index, *bound);
                            job.search = search;
                            *prefix = moves;
                            continue;
                        }
                        post(FromWorker::RoundDone {
                            id: job.id,
                            bound: *bound,
                            found: None,
                            next_bound: *next_bound,
                            expanded: *expanded,
                        });
                    }
                }
                return false;
            }
        }
    }
}
