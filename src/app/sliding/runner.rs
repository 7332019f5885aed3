//! The sliding puzzle's jobs inside one worker: a board's best, quick or
//! mirrored search, a round of the split 4x4 search, and a draw by
//! difficulty. It keeps, for the worker's life, the pattern databases once
//! installed and the branches of the split search it last served.

use std::sync::Arc;

use super::solving::{DrawTask, DrawnBoard, SlidingAnswer, SlidingTask, FIFTEEN, TWENTYFOUR};
use crate::app::workers::job::{
    Aim, JobRunner, Round, RoundDone, Solved, Started, Stepped, Task, TimeSlice, CHUNK,
};
use crate::app::workers::tables::TableSet;
use crate::app::workers::Answer;
use crate::search::{IdaStar, Problem, Step, Unlimited};
use crate::sliding::difficulty::{Draw, DrawStep};
use crate::sliding::duplicates::{Duplicates, DEPTH};
use crate::sliding::fifteen::{split_branches, Fifteen, FifteenState, FifteenTables};
use crate::sliding::near::Effort;
use crate::sliding::pdb::PatternTable;
use crate::sliding::solver::{JobStep, SolveJob, Solver};
use crate::sliding::twentyfour;
use crate::sliding::{Board, Dir};

/// A round of IDA* below one branch, or nothing to search there.
enum BranchSearch {
    Search(Box<IdaStar<Fifteen>>),
    /// A branch no depth-first search follows (see [`Fifteen::along`]).
    Skipped,
}

/// The job under way.
enum SlidingJob {
    /// A board's best solution; `bounded` if the search has a cost bound to
    /// report.
    Solve {
        search: Box<SolveJob>,
        bounded: bool,
    },
    /// One round of some branches of a split 4x4 search, one after the
    /// other: `left` are still to search (last first), `prefix` leads to the
    /// current one.
    Round {
        bound: u32,
        left: Vec<usize>,
        prefix: Vec<Dir>,
        search: BranchSearch,
        next_bound: u32,
        /// Positions examined below the branches already done.
        expanded: u64,
    },
    /// A board drawn by difficulty.
    Draw(Box<Draw>),
}

/// The branches of the split search this worker last served, in the order
/// the page numbers them: each with its moves, its cost and the state a
/// search below it starts from (none where nothing is to be searched).
struct SplitCache {
    board: Board,
    depth: usize,
    branches: Vec<(Vec<Dir>, u32, Option<FifteenState>)>,
}

/// The sliding puzzle's state in one worker.
pub struct SlidingRunner {
    solver: Solver,
    /// The duplicate-path recogniser, built before the 4x4 tables arrive.
    duplicates: Option<Duplicates>,
    /// Tables received, waiting for [`JobRunner::finish_tables`].
    received: Vec<PatternTable>,
    split: Option<SplitCache>,
    job: Option<SlidingJob>,
}

impl Default for SlidingRunner {
    fn default() -> Self {
        SlidingRunner::new()
    }
}

impl SlidingRunner {
    /// A runner with no tables.
    pub fn new() -> SlidingRunner {
        SlidingRunner {
            solver: Solver::new(None),
            duplicates: None,
            received: Vec::new(),
            split: None,
            job: None,
        }
    }

    /// A runner with both sets of pattern databases installed (natively,
    /// where they are loaded from files).
    pub fn with_tables(
        fifteen: Arc<FifteenTables>,
        twentyfour: Arc<twentyfour::TwentyFourTables>,
    ) -> SlidingRunner {
        SlidingRunner {
            solver: Solver::new(Some(fifteen)).with_5x5(Some(twentyfour)),
            ..SlidingRunner::new()
        }
    }

    fn start_solve(&mut self, board: &Board, aim: Aim) -> Started {
        match aim {
            Aim::Quick => {
                let quick = match self.solver.quick(board, &mut Unlimited) {
                    Ok(quick) => quick,
                    Err(never) => unreachable!("an unlimited search is never stopped: {never}"),
                };
                let answer = SlidingAnswer::answer(quick.plan.moves, quick.plan.optimal);
                Started::Solved(Solved {
                    answer,
                    expanded: quick.plan.expanded,
                    lower_bound: quick.lower_bound,
                })
            }
            Aim::Best | Aim::Mirror => {
                let mirrored = aim == Aim::Mirror;
                let search = Box::new(self.solver.start_with(board, Effort::BEST, mirrored));
                // Only optimal searches have a bound worth showing.
                let bounded = self.solver.is_optimal(board.width(), board.height());
                self.job = Some(SlidingJob::Solve { search, bounded });
                Started::Running
            }
        }
    }

    /// Caches the branches of `board`'s split at `depth`, unless they are.
    fn cache_split(&mut self, tables: &Arc<FifteenTables>, board: &Board, depth: usize) {
        let cached = self
            .split
            .as_ref()
            .is_some_and(|cache| cache.board == *board && cache.depth == depth);
        if cached {
            return;
        }
        let problem = Fifteen::new(tables);
        let mut branches: Vec<_> = split_branches(board, depth)
            .into_iter()
            .map(|branch| {
                let state = problem.along(board, &branch.moves);
                (branch.moves, branch.g, state)
            })
            .collect();
        // The page numbers branches in this order, the most promising
        // (lowest f) first: in the last round the goal is found sooner, and
        // in the others the largest subtrees go first, which evens out the
        // workers' loads. Branches with nothing to search go last.
        branches.sort_by_key(|(_, g, state)| {
            state.map_or(u32::MAX, |state| g + problem.heuristic(&state))
        });
        self.split = Some(SplitCache {
            board: board.clone(),
            depth,
            branches,
        });
    }

    /// A round below branch `index` of the cached split, and the moves that
    /// reach the branch.
    fn branch_search(
        &self,
        tables: &Arc<FifteenTables>,
        index: usize,
        bound: u32,
    ) -> (BranchSearch, Vec<Dir>) {
        let cache = self.split.as_ref().expect("the split is cached");
        let (moves, g, state) = &cache.branches[index];
        let search = match state {
            Some(state) => BranchSearch::Search(Box::new(IdaStar::round(
                Fifteen::new(tables),
                *state,
                *g,
                moves.last().copied(),
                bound,
            ))),
            None => BranchSearch::Skipped,
        };
        (search, moves.clone())
    }

    /// A slice of a round over a batch of branches.
    fn step_round(&mut self, mut job: SlidingJob, slice: &TimeSlice<'_>) -> Stepped {
        let SlidingJob::Round {
            bound,
            left,
            prefix,
            search,
            next_bound,
            expanded,
        } = &mut job
        else {
            unreachable!("called with a round");
        };
        loop {
            let (step, searched) = match search {
                BranchSearch::Search(search) => (search.run(CHUNK), search.progress().expanded),
                BranchSearch::Skipped => (Step::Exhausted(u32::MAX), 0),
            };
            match step {
                Step::Running => {
                    if slice.is_over() {
                        let (expanded, bound) = (*expanded + searched, Some(*bound));
                        self.job = Some(job);
                        return Stepped::Running { expanded, bound };
                    }
                }
                Step::Found(solution) => {
                    let mut moves = prefix.clone();
                    moves.extend(solution.moves);
                    return Stepped::RoundDone(RoundDone {
                        bound: *bound,
                        found: Some(SlidingAnswer::answer(moves, true)),
                        next_bound: u32::MAX,
                        expanded: *expanded + solution.expanded,
                    });
                }
                Step::Exhausted(exceeded) => {
                    *next_bound = (*next_bound).min(exceeded);
                    *expanded += searched;
                    let Some(index) = left.pop() else {
                        return Stepped::RoundDone(RoundDone {
                            bound: *bound,
                            found: None,
                            next_bound: *next_bound,
                            expanded: *expanded,
                        });
                    };
                    // The next branch of the batch.
                    let tables = self
                        .solver
                        .tables()
                        .cloned()
                        .expect("rounds run with tables");
                    (*search, *prefix) = self.branch_search(&tables, index, *bound);
                }
            }
        }
    }
}

impl JobRunner for SlidingRunner {
    fn game(&self) -> &'static str {
        super::solving::GAME
    }

    fn start(&mut self, task: &Task, aim: Aim) -> Result<Started, String> {
        self.job = None;
        if let Some(SlidingTask { board }) = task.get() {
            Ok(self.start_solve(board, aim))
        } else if let Some(draw) = task.get::<DrawTask>() {
            let draw = Draw::new(draw.width, draw.height, draw.range.clone(), draw.seed)?;
            self.job = Some(SlidingJob::Draw(Box::new(draw)));
            Ok(Started::Running)
        } else {
            Err("not a sliding-puzzle task".into())
        }
    }

    fn start_round(&mut self, task: &Task, round: &Round) -> Result<Started, String> {
        self.job = None;
        let Some(SlidingTask { board }) = task.get() else {
            return Err("not a sliding-puzzle task".into());
        };
        let Some(tables) = self.solver.tables().cloned() else {
            return Err("the 4x4 tables are not loaded".into());
        };
        if (board.width(), board.height()) != (4, 4) {
            return Err("only 4x4 searches are split".into());
        }
        self.cache_split(&tables, board, round.depth);
        let count = self.split.as_ref().map_or(0, |cache| cache.branches.len());
        if let Some(&bad) = round.branches.iter().find(|&&b| b as usize >= count) {
            return Err(format!("there is no branch {bad} at depth {}", round.depth));
        }
        let mut left: Vec<usize> = round.branches.iter().rev().map(|&b| b as usize).collect();
        let Some(first) = left.pop() else {
            return Ok(Started::RoundDone(RoundDone {
                bound: round.bound,
                found: None,
                next_bound: u32::MAX,
                expanded: 0,
            }));
        };
        let (search, prefix) = self.branch_search(&tables, first, round.bound);
        self.job = Some(SlidingJob::Round {
            bound: round.bound,
            left,
            prefix,
            search,
            next_bound: u32::MAX,
            expanded: 0,
        });
        Ok(Started::Running)
    }

    fn step(&mut self, slice: &TimeSlice<'_>) -> Stepped {
        let Some(mut job) = self.job.take() else {
            return Stepped::Failed("no job is under way".into());
        };
        match &mut job {
            SlidingJob::Round { .. } => self.step_round(job, slice),
            SlidingJob::Solve { search, bounded } => loop {
                match search.run(CHUNK) {
                    JobStep::Running => {
                        if slice.is_over() {
                            let progress = search.progress();
                            let bound = bounded.then_some(progress.bound);
                            let expanded = progress.expanded;
                            self.job = Some(job);
                            return Stepped::Running { expanded, bound };
                        }
                    }
                    JobStep::Done(plan) => {
                        let answer = SlidingAnswer::answer(plan.moves, plan.optimal);
                        return Stepped::Solved(Solved::new(answer, plan.expanded));
                    }
                }
            },
            SlidingJob::Draw(draw) => loop {
                match draw.run(&self.solver, CHUNK) {
                    DrawStep::Running => {
                        if slice.is_over() {
                            let expanded = draw.expanded();
                            self.job = Some(job);
                            return Stepped::Running {
                                expanded,
                                bound: None,
                            };
                        }
                    }
                    DrawStep::Done { board, distance } => {
                        let answer = Answer::new(DrawnBoard { board, distance });
                        return Stepped::Solved(Solved::new(answer, draw.expanded()));
                    }
                }
            },
        }
    }

    fn cancel(&mut self) {
        self.job = None;
    }

    fn has_tables(&self, set: TableSet) -> bool {
        if set == FIFTEEN {
            self.solver.tables().is_some()
        } else if set == TWENTYFOUR {
            self.solver.tables_5x5().is_some()
        } else {
            false
        }
    }

    /// Builds the duplicate-path recogniser for the 4x4 tables.
    fn prepare_tables(&mut self, set: TableSet) {
        if set == FIFTEEN && self.duplicates.is_none() {
            self.duplicates = Some(Duplicates::build(DEPTH));
        }
    }

    fn receive_table(&mut self, _: TableSet, bytes: Vec<u8>) -> Result<(), String> {
        let table = PatternTable::from_vec(bytes).map_err(|e| e.to_string())?;
        self.received.push(table);
        Ok(())
    }

    fn finish_tables(&mut self, set: TableSet) -> Result<(), String> {
        let received = std::mem::take(&mut self.received);
        if set == FIFTEEN {
            self.prepare_tables(set);
            let duplicates = self.duplicates.take().expect("prepared just now");
            let tables =
                FifteenTables::from_tables(received, duplicates).map_err(|e| e.to_string())?;
            self.solver = self.solver.clone().with_fifteen(Some(Arc::new(tables)));
        } else {
            let tables =
                twentyfour::TwentyFourTables::from_tables(received).map_err(|e| e.to_string())?;
            self.solver = self.solver.clone().with_5x5(Some(Arc::new(tables)));
        }
        Ok(())
    }

    fn tables_failed(&mut self, _: TableSet) {
        self.received.clear();
    }
}
