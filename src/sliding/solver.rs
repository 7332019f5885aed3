//! The one size policy: which search solves which board, for the command
//! line, the JavaScript API and the page's workers alike.
//!
//! - A solved board: nothing to search.
//! - 4x4 with the pattern databases: IDA* on [`Fifteen`] (optimal, fast).
//! - Boards of up to 10 cells, 3x4, 4x3, and 4x4 without the tables: IDA*
//!   with linear conflicts (optimal; a hard 4x4 can take minutes).
//! - 5x5 and larger: near-optimal beam searches ([`super::near`]), guided
//!   by the 5x5 tables when the solver has them.
//! - Other boards (a side under 5, such as 2x6 or 5x4): reduction, row by
//!   row and column by column (correct, not shortest).
//!
//! The tables are handed to the [`Solver`]; it never finds, builds or
//! saves them (the command line caches them in a file, the browser's worker
//! downloads them).

use std::sync::Arc;

use super::board::Board;
use super::compact::{CompactPuzzle, Estimate};
use super::fifteen::{Fifteen, FifteenTables};
use super::moves::Dir;
use super::near::{Effort, NearJob, View};
use super::reduce::solve_by_reduction;
use super::size::{is_near_size, is_optimal_size};
use super::twentyfour;
use crate::search::{
    weighted_astar, IdaStar, Interrupted, Monitor, Problem, Progress, Step, Unlimited,
};

/// The weight of the quick search: solutions about a tenth longer than
/// optimal on the 4x4, found in milliseconds.
pub const QUICK_WEIGHT: f64 = 1.5;

/// The quick search's weights, each tried for at most this many expanded
/// states before the next, greedier one (the last runs to the end): with
/// linear conflicts on the 4x4, weight 1.5 gives solutions 7 % above optimal
/// but takes up to seconds on one board in twenty, weight 2 gives 22 %
/// above optimal within a tenth of a second, weight 3 48 % within a
/// twentieth (measured on 300 boards, `cargo bench --bench tiers`), so a
/// quick answer never waits long and is as good as the time allows.
pub const QUICK_WEIGHTS: [(f64, u64); 3] = [
    (QUICK_WEIGHT, 2 * crate::search::CHECK_INTERVAL),
    (2.0, 2 * crate::search::CHECK_INTERVAL),
    (3.0, u64::MAX),
];

/// Weighted A* from `start` at each of [`QUICK_WEIGHTS`] in turn, until one
/// finishes within its budget; `monitor` may stop it.
fn quick_astar<P, M>(
    problem: &P,
    start: P::State,
    monitor: &mut M,
) -> Result<crate::search::Solution<P::Move>, Interrupted>
where
    P: Problem,
    P::State: Eq + std::hash::Hash + Clone,
    M: Monitor + ?Sized,
{
    let mut spent = 0;
    for (weight, budget) in QUICK_WEIGHTS {
        let mut stopped_by_caller = false;
        let mut within = |progress: &Progress| {
            if monitor.check(progress).is_break() {
                stopped_by_caller = true;
                return std::ops::ControlFlow::Break(());
            }
            if progress.expanded >= budget {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        };
        match weighted_astar(problem, start.clone(), weight, &mut within) {
            Ok(solution) => {
                let mut solution = solution.expect("every board is solvable");
                solution.expanded += spent;
                return Ok(solution);
            }
            Err(interrupted) if stopped_by_caller => return Err(interrupted),
            Err(interrupted) => spent += interrupted.progress.expanded,
        }
    }
    unreachable!("the last weight has no budget")
}

/// A solution found by a [`Solver`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The blank's moves from the board to the goal.
    pub moves: Vec<Dir>,
    /// Whether no shorter solution exists.
    pub optimal: bool,
    /// States the searches expanded.
    pub expanded: u64,
}

/// A quick solution, with what is known of the optimal length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quick {
    /// The solution (optimal only when its length meets the lower bound).
    pub plan: Plan,
    /// The start's heuristic estimate, a lower bound on the optimal length
    /// (0 when none was computed).
    pub lower_bound: u32,
}

/// The sliding puzzle's solver for every size, with the 4x4 and 5x5 tables
/// if it has them.
#[derive(Clone, Debug, Default)]
pub struct Solver {
    fifteen: Option<Arc<FifteenTables>>,
    twentyfour: Option<Arc<twentyfour::TwentyFourTables>>,
}

impl Solver {
    /// A solver with the 4x4 tables, or without them (and without the 5x5
    /// ones: see [`Solver::with_5x5`]).
    pub fn new(fifteen: Option<Arc<FifteenTables>>) -> Solver {
        Solver {
            fifteen,
            twentyfour: None,
        }
    }

    /// The same solver with these 4x4 tables.
    pub fn with_fifteen(self, fifteen: Option<Arc<FifteenTables>>) -> Solver {
        Solver { fifteen, ..self }
    }

    /// The same solver with the 5x5 tables, for boards of 5x5 and up.
    pub fn with_5x5(self, twentyfour: Option<Arc<twentyfour::TwentyFourTables>>) -> Solver {
        Solver { twentyfour, ..self }
    }

    /// The 4x4 tables, if the solver has them.
    pub fn tables(&self) -> Option<&Arc<FifteenTables>> {
        self.fifteen.as_ref()
    }

    /// The 5x5 tables, if the solver has them.
    pub fn tables_5x5(&self) -> Option<&Arc<twentyfour::TwentyFourTables>> {
        self.twentyfour.as_ref()
    }

    /// The best lower bound on `board`'s distance to the goal that this
    /// solver's tables give (see [`super::bound::lower_bound`]): never more
    /// than a shortest solution's length. Computed once per answer.
    pub fn lower_bound(&self, board: &Board) -> u32 {
        super::bound::lower_bound(board, self.fifteen.as_deref(), self.twentyfour.as_deref())
    }

    /// [`Solver::lower_bound`] raised by a short IDA* from `board` of about
    /// `budget` expansions where the solver has a search for that size
    /// (the 4x4 and 5x5 with their tables, boards of up to 16 cells with
    /// linear conflicts; see [`super::bound::deepen`]): still never more
    /// than a shortest solution's length. For an answer not proven
    /// shortest, once per answer.
    pub fn proven_bound(&self, board: &Board, budget: u64) -> u32 {
        let bound = self.lower_bound(board);
        let (width, height) = (board.width(), board.height());
        if board.is_solved() || budget == 0 {
            return bound;
        }
        let deepened = match (&self.fifteen, &self.twentyfour) {
            (Some(tables), _) if (width, height) == (4, 4) => {
                super::bound::deepen(Fifteen::new(tables), tables.state(board), budget)
            }
            (_, Some(tables)) if (width, height) == (5, 5) => super::bound::deepen(
                twentyfour::TwentyFour::new(tables),
                tables.state(board),
                budget,
            ),
            _ if width * height <= super::compact::MAX_CELLS => {
                let problem = CompactPuzzle::new(width, height, Estimate::LinearConflict);
                let start = problem.pack(board);
                super::bound::deepen(problem, start, budget)
            }
            _ => 0,
        };
        super::bound::to_parity(bound.max(deepened), board)
    }

    /// Whether [`Solver::start`] and [`Solver::solve`] return shortest
    /// solutions for boards of this size.
    pub fn is_optimal(&self, width: usize, height: usize) -> bool {
        is_optimal_size(width, height)
    }

    /// The search for `board`, to run in slices ([`SolveJob::run`]).
    pub fn start(&self, board: &Board) -> SolveJob {
        self.start_with(board, Effort::BEST, View::Plain)
    }

    /// The search for `board`; on boards of 5x5 and up, with `effort`, and
    /// from `view` (see [`NearJob::new`]; a mirror image only of a square
    /// board). Other sizes ignore both.
    pub fn start_with(&self, board: &Board, effort: Effort, view: View) -> SolveJob {
        let (width, height) = (board.width(), board.height());
        let search = if board.is_solved() {
            Search::Done(Plan {
                moves: Vec::new(),
                optimal: true,
                expanded: 0,
            })
        } else if let Some(tables) = self.fifteen.as_ref().filter(|_| (width, height) == (4, 4)) {
            let problem = Fifteen::new(tables);
            let start = tables.state(board);
            let bound = problem.heuristic(&start);
            Search::Fifteen(Box::new(IdaStar::new(problem, start, bound)))
        } else if is_optimal_size(width, height) {
            let problem = CompactPuzzle::new(width, height, Estimate::LinearConflict);
            let start = problem.pack(board);
            let bound = problem.heuristic(&start);
            Search::Compact(Box::new(IdaStar::new(problem, start, bound)))
        } else if is_near_size(width, height) {
            let view = match view {
                View::Mirror if width != height => View::Plain,
                view => view,
            };
            Search::Near(Box::new(NearJob::new(
                board,
                self.twentyfour.clone(),
                effort,
                view,
            )))
        } else {
            Search::Reduction(board.clone())
        };
        SolveJob {
            search,
            progress: Progress::default(),
        }
    }

    /// The search for `board` when every bound below `bound` is known to
    /// hold no solution (another admissible search, with other tables, has
    /// exhausted them): on a 4x4 with tables, IDA* starts at the larger of
    /// `bound` and the tables' estimate, so that the first solution it
    /// finds is still a shortest one and the rounds already searched are
    /// not searched again. Other boards start as [`Solver::start`].
    pub fn start_from(&self, board: &Board, bound: u32) -> SolveJob {
        match self.fifteen.as_ref() {
            Some(tables) if (board.width(), board.height()) == (4, 4) && !board.is_solved() => {
                let problem = Fifteen::new(tables);
                let start = tables.state(board);
                let bound = problem.heuristic(&start).max(bound);
                SolveJob {
                    search: Search::Fifteen(Box::new(IdaStar::new(problem, start, bound))),
                    progress: Progress::default(),
                }
            }
            _ => self.start(board),
        }
    }

    /// Solves `board` to the end: optimally where [`Solver::is_optimal`]
    /// says so, near-optimally on 5x5 and up, otherwise by reduction.
    /// `monitor` sees the progress and may stop the search.
    pub fn solve<M: Monitor + ?Sized>(
        &self,
        board: &Board,
        monitor: &mut M,
    ) -> Result<Plan, Interrupted> {
        let mut job = self.start(board);
        // A reduction runs in one go: it watches the monitor itself.
        if let Search::Reduction(board) = &job.search {
            return reduce(board, monitor);
        }
        job.finish(monitor)
    }

    /// A solution found quickly, without promising optimality: weighted A*
    /// (f = g + [`QUICK_WEIGHT`] h, greedier if that takes long: see
    /// [`QUICK_WEIGHTS`]) with the tables on a 4x4, with linear
    /// conflicts on other boards of up to 16 cells (the 4x4 without tables
    /// among them), reduction on larger
    /// ones up to 4 wide, a quick near-optimal search on 5x5 and up. For an
    /// answer to show while a better search runs.
    pub fn quick<M: Monitor + ?Sized>(
        &self,
        board: &Board,
        monitor: &mut M,
    ) -> Result<Quick, Interrupted> {
        let (width, height) = (board.width(), board.height());
        let (moves, expanded, lower_bound) =
            if let Some(tables) = self.fifteen.as_ref().filter(|_| (width, height) == (4, 4)) {
                let problem = Fifteen::for_best_first(tables);
                let start = tables.state(board);
                let estimate = problem.heuristic(&start);
                let solution = quick_astar(&problem, start, monitor)?;
                (solution.moves, solution.expanded, estimate)
            } else if width * height <= super::compact::MAX_CELLS {
                let problem = CompactPuzzle::new(width, height, Estimate::LinearConflict);
                let start = problem.pack(board);
                let estimate = problem.heuristic(&start);
                let solution = quick_astar(&problem, start, monitor)?;
                (solution.moves, solution.expanded, estimate)
            } else if is_near_size(width, height) {
                let mut job = self.start_with(board, Effort::QUICK, View::Plain);
                let plan = job.finish(monitor)?;
                let estimate = match &self.twentyfour {
                    Some(tables) if (width, height) == (5, 5) => tables.estimate(board),
                    _ => 0,
                };
                (plan.moves, plan.expanded, estimate)
            } else {
                let plan = self.solve(board, monitor)?;
                (plan.moves, plan.expanded, 0)
            };
        // A solution as long as a lower bound is optimal.
        let optimal = moves.len() as u32 == lower_bound;
        Ok(Quick {
            plan: Plan {
                moves,
                optimal,
                expanded,
            },
            lower_bound,
        })
    }
}

/// Solves `board` by reduction, `monitor` watching every step's search.
fn reduce<M: Monitor + ?Sized>(board: &Board, monitor: &mut M) -> Result<Plan, Interrupted> {
    let mut expanded = 0;
    let mut counting = |progress: &Progress| {
        expanded = expanded.max(progress.expanded);
        monitor.check(progress)
    };
    let moves = solve_by_reduction(board, &mut counting)?;
    Ok(Plan {
        moves,
        optimal: false,
        expanded,
    })
}

/// What the search for one board is.
enum Search {
    Done(Plan),
    Fifteen(Box<IdaStar<Fifteen>>),
    Compact(Box<IdaStar<CompactPuzzle>>),
    /// Near-optimal, for 5x5 and up.
    Near(Box<NearJob>),
    /// Reduction: fast at every size, and run in one go.
    Reduction(Board),
}

/// A search for one board's solution ([`Solver::start`]), run a slice at a
/// time.
pub struct SolveJob {
    search: Search,
    progress: Progress,
}

/// What a slice of a [`SolveJob`] ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobStep {
    /// Not done: call [`SolveJob::run`] again.
    Running,
    /// Finished: the plan, whose `expanded` counts the whole job; further
    /// calls to [`SolveJob::run`] return the same plan again.
    Done(Plan),
}

impl SolveJob {
    /// Searches for about `budget` more expansions. A reduction (boards with
    /// a side under 5 and over 12 cells) is not resumable and runs to the end
    /// in one call, in well under a second at every size.
    pub fn run(&mut self, budget: u64) -> JobStep {
        let ida_step = |step: Step<Dir>, optimal: bool| match step {
            Step::Running => None,
            Step::Found(solution) => Some(Plan {
                moves: solution.moves,
                optimal,
                expanded: solution.expanded,
            }),
            Step::Exhausted(_) => unreachable!("every board is solvable"),
        };
        let done = match &mut self.search {
            Search::Done(plan) => Some(plan.clone()),
            Search::Fifteen(search) => {
                let step = search.run(budget);
                self.progress = search.progress();
                ida_step(step, true)
            }
            Search::Compact(search) => {
                let step = search.run(budget);
                self.progress = search.progress();
                ida_step(step, true)
            }
            Search::Near(job) => {
                let moves = job.run(budget);
                self.progress = job.progress();
                moves.map(|moves| Plan {
                    moves,
                    optimal: false,
                    expanded: job.expanded(),
                })
            }
            Search::Reduction(board) => Some(
                reduce(board, &mut Unlimited).expect("an unlimited reduction is never stopped"),
            ),
        };
        match done {
            Some(plan) => {
                self.progress.expanded = plan.expanded;
                self.search = Search::Done(plan.clone());
                JobStep::Done(plan)
            }
            None => JobStep::Running,
        }
    }

    /// How far the search has got: states expanded and the current bound
    /// (for a near-optimal search, the moves found so far and the current
    /// beam's depth).
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// A whole solution already had, for a caller out of time: the plan
    /// once done, or a near-optimal search's answer while it is being
    /// shortened; None before any.
    pub fn found(&self) -> Option<Plan> {
        match &self.search {
            Search::Done(plan) => Some(plan.clone()),
            Search::Near(job) => job.found().map(|moves| Plan {
                moves,
                optimal: false,
                expanded: job.expanded(),
            }),
            _ => None,
        }
    }

    /// Runs the search to its end under `monitor`.
    pub fn finish<M: Monitor + ?Sized>(&mut self, monitor: &mut M) -> Result<Plan, Interrupted> {
        loop {
            match self.run(crate::search::CHECK_INTERVAL) {
                JobStep::Running => {
                    if monitor.check(&self.progress()).is_break() {
                        return Err(Interrupted {
                            progress: self.progress(),
                        });
                    }
                }
                JobStep::Done(plan) => return Ok(plan),
            }
        }
    }
}
