//! Peg solitaire in the solver worker.
//!
//! The depth-first search runs in slices of about [`SLICE_MS`], like the
//! sliding puzzle's, so a cancel or a new request is read between two. A
//! slice that runs out restarts the search from the position on the next
//! slice: nothing is lost, because every position the search finished with
//! is in the solver's table of dead positions, kept for the worker's life
//! (one solver per goal), so the restart walks straight back to where it
//! stopped. Later requests on the same game profit from the table too.

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::dom::now;
use super::protocol::FromWorker;
use crate::pegs::{Goal, PegBoard, PegSolver};
use crate::search::Progress;

/// How long a slice of search runs before the worker looks at its messages.
const SLICE_MS: f64 = 40.0;
/// How often progress is reported, in milliseconds.
const PROGRESS_EVERY_MS: f64 = 100.0;

struct PegJob {
    id: u64,
    board: PegBoard,
    goal: Goal,
    started: f64,
    last_report: f64,
    /// Positions examined in the slices before this one.
    expanded: u64,
}

thread_local! {
    static JOB: RefCell<Option<PegJob>> = const { RefCell::new(None) };
    static SOLVER: RefCell<Option<PegSolver>> = const { RefCell::new(None) };
}

/// Starts solving `board` for request `id`, dropping any peg job under way;
/// true: the job needs [`step`] calls.
pub fn start(id: u64, board: PegBoard, goal: Goal) -> bool {
    let started = now();
    JOB.with(|job| {
        *job.borrow_mut() = Some(PegJob {
            id,
            board,
            goal,
            started,
            last_report: started,
            expanded: 0,
        })
    });
    true
}

/// Drops the job for request `id` (any job for 0).
pub fn cancel(id: u64) {
    JOB.with(|job| {
        let mut job = job.borrow_mut();
        if job.as_ref().is_some_and(|j| id == 0 || j.id == id) {
            *job = None;
        }
    });
}

/// Whether a peg job is waiting for slices.
pub fn is_busy() -> bool {
    JOB.with(|job| job.borrow().is_some())
}

/// Runs the peg job for one slice; true if it needs more.
pub fn step(memory_bytes: f64, post: impl Fn(FromWorker)) -> bool {
    let Some(mut job) = JOB.with(|slot| slot.borrow_mut().take()) else {
        return false;
    };
    let slice_start = now();
    let mut solver = SOLVER.with(|slot| {
        slot.borrow_mut()
            .take()
            .filter(|solver| solver.goal() == job.goal)
            .unwrap_or_else(|| PegSolver::new(job.goal))
    });
    let mut stop = |_: &Progress| {
        if now() - slice_start >= SLICE_MS {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let outcome = solver.solve(job.board, &mut stop);
    SOLVER.with(|slot| *slot.borrow_mut() = Some(solver));
    match outcome {
        Err(interrupted) => {
            job.expanded += interrupted.progress.expanded;
            let time = now();
            if time - job.last_report >= PROGRESS_EVERY_MS {
                job.last_report = time;
                post(FromWorker::Progress {
                    id: job.id,
                    expanded: job.expanded,
                    bound: job.board.count().saturating_sub(1),
                    elapsed_ms: time - job.started,
                });
            }
            JOB.with(|slot| *slot.borrow_mut() = Some(job));
            true
        }
        Ok(solution) => {
            let expanded = job.expanded + solution.as_ref().map_or(0, |s| s.expanded);
            post(FromWorker::PegAnswer {
                id: job.id,
                jumps: solution.map(|s| s.moves),
                expanded,
                elapsed_ms: now() - job.started,
                memory_bytes,
            });
            false
        }
    }
}
