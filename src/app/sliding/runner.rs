//! The sliding puzzle's jobs inside one worker: a board's best, quick or
//! second view's search ([`View::second`]), a round of the split 4x4 search, and a draw by
//! difficulty. It keeps, for the worker's life, the pattern databases once
//! installed and the branches of the split search it last served.
//!
//! The 4x4 is served in tiers, so that nothing waits for the big tables'
//! download: a quick answer at once (weighted A*, with whatever 4x4 tables
//! the worker has, else with linear conflicts); a best search with the big
//! tables ([`TABLES`](crate::sliding::fifteen::TABLES)) if they are
//! installed, else with the small 5-5-5 tier ([`SMALL_PARTITION`]), built
//! here on first need a slice at a time; and
//! when the big tables arrive mid-search, the search goes on with them from
//! the bound it had reached. Every tier's tables are admissible, so a best
//! answer is optimal whichever found it.

use std::sync::Arc;

use super::solving::{DrawTask, DrawnBoard, SlidingAnswer, SlidingTask, FIFTEEN, TWENTYFOUR};
use crate::app::workers::job::{
    Aim, JobRunner, Round, RoundDone, Solved, Started, Stepped, Task, TimeSlice, CHUNK,
};
use crate::app::workers::tables::TableSet;
use crate::app::workers::Answer;
use crate::search::{IdaStar, Step, Unlimited};
use crate::sliding::bound::DEEPENING;
use crate::sliding::difficulty::{Draw, DrawStep};
use crate::sliding::duplicates::{Duplicates, DEPTH};
use crate::sliding::fifteen::{
    branch_f, numbered_branches, Fifteen, FifteenBuild, FifteenState, FifteenTables,
    SMALL_PARTITION,
};
use crate::sliding::near::{Effort, View};
use crate::sliding::pdb::{BuildProgress, PatternTable};
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
    /// report. `switch` is the board of a 4x4 search with the small tier,
    /// which moves to the big tables when they arrive; `before` counts the
    /// positions examined by the searches it replaced.
    Solve {
        board: Board,
        search: Box<SolveJob>,
        bounded: bool,
        switch: Option<Board>,
        before: u64,
        /// When the search first ran, by the slices' clock (ms).
        began: Option<f64>,
    },
    /// Waiting for the small tier's tables (built by [`JobRunner::step`])
    /// before starting `then`.
    Building(Pending),
    /// One round of some branches of a split 4x4 search, one after the
    /// other: `left` are still to search (last first), `prefix` leads to the
    /// current one.
    Round {
        bound: u32,
        left: Vec<usize>,
        prefix: Vec<Dir>,
        search: BranchSearch,
        next_bound: u32,
        /// Positions examined below the branches already done (all with
        /// the tables of the cached split).
        expanded: u64,
    },
    /// A board drawn by difficulty.
    Draw(Box<Draw>),
}

/// A 4x4 job that waits for tables.
enum Pending {
    Solve { board: Board, aim: Aim },
    Round { task: Task, round: Round },
}

/// The small tier's tables: not yet needed, being built, or built.
enum SmallTier {
    Missing,
    Building(Box<FifteenBuild>),
    Ready(Arc<FifteenTables>),
}

/// Steps of the small tier's build between two readings of the clock (a
/// step is a search state or a few entries: well under a millisecond).
const BUILD_CHUNK: u64 = 4096;

/// How long a near-optimal search (5x5 and up) may run before it answers
/// with the shortest whole answer it has, in milliseconds: the page asks
/// for a final answer within 3 s (issue 24), and a phone, or a loaded
/// machine, runs the later searches of a board ([`Effort::restarts`],
/// a 9x9's frames after its stages) slower than that allows. Until a
/// search has a whole answer it goes on (its first search's, seconds at
/// most). The rest of the 3 s is the quick answer, the proven bound and
/// the messages.
///
/// [`Effort::restarts`]: crate::sliding::near::Effort::restarts
pub const NEAR_TIME_MS: f64 = 2700.0;

/// The branches of the split search this worker last served, in the order
/// the page numbers them: each with its moves, its cost and the state a
/// search below it starts from (none where nothing is to be searched), as
/// `tables` compute it.
struct SplitCache {
    board: Board,
    depth: usize,
    tables: Arc<FifteenTables>,
    branches: Vec<(Vec<Dir>, u32, Option<FifteenState>)>,
}

/// The sliding puzzle's state in one worker.
pub struct SlidingRunner {
    /// The solver with the big 4x4 tables once installed, and the 5x5 ones.
    solver: Solver,
    small: SmallTier,
    /// The duplicate-path recogniser, built before the 4x4 tables arrive.
    duplicates: Option<Duplicates>,
    /// Tables received, waiting for [`JobRunner::finish_tables`].
    received: Vec<PatternTable>,
    split: Option<SplitCache>,
    job: Option<SlidingJob>,
    /// [`NEAR_TIME_MS`], or another time a test gives.
    near_time_ms: f64,
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
            small: SmallTier::Missing,
            duplicates: None,
            received: Vec::new(),
            split: None,
            job: None,
            near_time_ms: NEAR_TIME_MS,
        }
    }

    /// The runner with another time for near-optimal searches than
    /// [`NEAR_TIME_MS`] (tests; `f64::INFINITY`: every search to its end).
    pub fn with_near_time(self, ms: f64) -> SlidingRunner {
        SlidingRunner {
            near_time_ms: ms,
            ..self
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

    /// The 4x4 tables to search with: the big ones if installed, else the
    /// small tier if built.
    fn fifteen_tables(&self) -> Option<Arc<FifteenTables>> {
        match (&self.solver.tables(), &self.small) {
            (Some(big), _) => Some(Arc::clone(big)),
            (None, SmallTier::Ready(small)) => Some(Arc::clone(small)),
            (None, _) => None,
        }
    }

    /// Starts building the small tier, unless it is built or being built.
    fn build_small(&mut self) {
        if let SmallTier::Missing = self.small {
            self.small = SmallTier::Building(Box::new(FifteenBuild::new(&SMALL_PARTITION)));
        }
    }

    fn start_solve(&mut self, board: &Board, aim: Aim) -> Started {
        let fifteen = (board.width(), board.height()) == (4, 4) && !board.is_solved();
        let tables = self.fifteen_tables().filter(|_| fifteen);
        // The small tier serves the 4x4 until the big tables come.
        let small = fifteen && self.solver.tables().is_none();
        let solver = self.solver.clone().with_fifteen(tables.clone());
        match aim {
            Aim::Quick => {
                // Never waits: without 4x4 tables, linear conflicts.
                let quick = match solver.quick(board, &mut Unlimited) {
                    Ok(quick) => quick,
                    Err(never) => unreachable!("an unlimited search is never stopped: {never}"),
                };
                // Once per answer: the best bound this worker's tables give.
                let bound = solver.lower_bound(board).max(quick.lower_bound);
                let answer = SlidingAnswer::answer(quick.plan.moves, quick.plan.optimal, bound);
                Started::Solved(Solved {
                    answer,
                    expanded: quick.plan.expanded,
                    lower_bound: quick.lower_bound,
                })
            }
            Aim::Best | Aim::Mirror if fifteen && tables.is_none() => {
                self.build_small();
                self.job = Some(SlidingJob::Building(Pending::Solve {
                    board: board.clone(),
                    aim,
                }));
                Started::Running
            }
            Aim::Best | Aim::Mirror => {
                // The second worker's search: another view of the board.
                let view = match aim {
                    Aim::Mirror => View::second(board.width(), board.height()),
                    _ => None,
                };
                let view = view.unwrap_or(View::Plain);
                let search = Box::new(solver.start_with(board, Effort::BEST, view));
                // Only optimal searches have a bound worth showing.
                let bounded = self.solver.is_optimal(board.width(), board.height());
                self.job = Some(SlidingJob::Solve {
                    board: board.clone(),
                    search,
                    bounded,
                    switch: small.then(|| board.clone()),
                    before: 0,
                    began: None,
                });
                Started::Running
            }
        }
    }

    /// Builds the small tier for the rest of the slice, then starts what
    /// waited for it; starts it at once if the big tables have come.
    fn step_building(&mut self, pending: Pending, slice: &TimeSlice<'_>) -> Stepped {
        loop {
            if self.fifteen_tables().is_some() {
                let started = match &pending {
                    Pending::Solve { board, aim } => Ok(self.start_solve(board, *aim)),
                    Pending::Round { task, round } => self.start_round(task, round),
                };
                return match started {
                    Ok(Started::Running) => self.step(slice),
                    Ok(Started::Solved(solved)) => Stepped::Solved(solved),
                    Ok(Started::RoundDone(done)) => Stepped::RoundDone(done),
                    Err(reason) => Stepped::Failed(reason),
                };
            }
            let SmallTier::Building(build) = &mut self.small else {
                unreachable!("a job waits only for a build under way");
            };
            if let Some(tables) = build.run(BUILD_CHUNK) {
                self.small = SmallTier::Ready(Arc::new(tables));
                continue;
            }
            if slice.is_over() {
                self.job = Some(SlidingJob::Building(pending));
                return Stepped::Running {
                    expanded: 0,
                    bound: None,
                };
            }
        }
    }

    /// Moves a 4x4 search under way with the small tier to the big tables
    /// just installed, from the bound it had reached: every bound below it
    /// was exhausted with admissible tables, so the answer stays optimal.
    /// (A round keeps its tables to its end; the next one takes the big
    /// ones.)
    fn switch_to_big(&mut self) {
        if let Some(SlidingJob::Solve {
            search,
            switch,
            before,
            ..
        }) = &mut self.job
        {
            if let Some(board) = switch.take() {
                let progress = search.progress();
                *before += progress.expanded;
                **search = self.solver.start_from(&board, progress.bound);
            }
        }
    }

    /// Caches the branches of `board`'s split at `depth`, unless they are.
    fn cache_split(&mut self, tables: &Arc<FifteenTables>, board: &Board, depth: usize) {
        let cached = self.split.as_ref().is_some_and(|cache| {
            cache.board == *board && cache.depth == depth && Arc::ptr_eq(&cache.tables, tables)
        });
        if cached {
            return;
        }
        // Numbered as the page numbers them (see `numbered_branches`).
        let branches = numbered_branches(&Fifteen::new(tables), board, depth);
        self.split = Some(SplitCache {
            board: board.clone(),
            depth,
            tables: Arc::clone(tables),
            branches: branches
                .into_iter()
                .map(|(branch, state)| (branch.moves, branch.g, state))
                .collect(),
        });
    }

    /// A round below branch `index` of the cached split, and the moves that
    /// reach the branch.
    fn branch_search(&self, index: usize, bound: u32) -> (BranchSearch, Vec<Dir>) {
        let cache = self.split.as_ref().expect("the split is cached");
        let tables = &cache.tables;
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
                        found: Some(SlidingAnswer::answer(moves, true, 0)),
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
                    (*search, *prefix) = self.branch_search(index, *bound);
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
        if (board.width(), board.height()) != (4, 4) {
            return Err("only 4x4 searches are split".into());
        }
        let Some(tables) = self.fifteen_tables() else {
            self.build_small();
            self.job = Some(SlidingJob::Building(Pending::Round {
                task: task.clone(),
                round: round.clone(),
            }));
            return Ok(Started::Running);
        };
        self.cache_split(&tables, board, round.depth);
        let count = self.split.as_ref().map_or(0, |cache| cache.branches.len());
        if let Some(&bad) = round.branches.iter().find(|&&b| b as usize >= count) {
            return Err(format!("there is no branch {bad} at depth {}", round.depth));
        }
        // The batch's branches, searched the most promising by this
        // worker's tables first (the batch is the page's; the order within
        // it is the worker's own), popped from the end.
        let cache = self.split.as_ref().expect("the split is cached");
        let problem = Fifteen::new(&tables);
        let mut left: Vec<usize> = round.branches.iter().map(|&b| b as usize).collect();
        crate::order::sort_by_rank(&mut left, |&b| {
            let (_, g, state) = &cache.branches[b];
            u32::MAX - branch_f(&problem, *g, state.as_ref())
        });
        let Some(first) = left.pop() else {
            return Ok(Started::RoundDone(RoundDone {
                bound: round.bound,
                found: None,
                next_bound: u32::MAX,
                expanded: 0,
            }));
        };
        let (search, prefix) = self.branch_search(first, round.bound);
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
            SlidingJob::Building(_) => {
                let SlidingJob::Building(pending) = job else {
                    unreachable!("matched just now");
                };
                self.step_building(pending, slice)
            }
            SlidingJob::Solve {
                board,
                search,
                bounded,
                before,
                began,
                ..
            } => loop {
                let began = *began.get_or_insert_with(|| slice.now());
                let step = search.run(CHUNK);
                let now = slice.now();
                let step = match step {
                    // Out of time: the shortest whole answer had (a
                    // near-optimal search's only; others have none).
                    JobStep::Running if now - began >= self.near_time_ms => {
                        search.found().map_or(JobStep::Running, JobStep::Done)
                    }
                    step => step,
                };
                match step {
                    JobStep::Running => {
                        if now >= slice.end() {
                            let progress = search.progress();
                            let bound = bounded.then_some(progress.bound);
                            let expanded = *before + progress.expanded;
                            self.job = Some(job);
                            return Stepped::Running { expanded, bound };
                        }
                    }
                    JobStep::Done(plan) => {
                        // An optimal plan is its own bound; a near-optimal
                        // one gets the tables' raised by a short IDA*
                        // (once per answer, about 10 ms natively).
                        let bound = if plan.optimal {
                            0
                        } else {
                            self.solver.proven_bound(board, DEEPENING)
                        };
                        let answer = SlidingAnswer::answer(plan.moves, plan.optimal, bound);
                        return Stepped::Solved(Solved::new(answer, *before + plan.expanded));
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

    fn building_percent(&self) -> Option<u8> {
        match (&self.job, &self.small) {
            (Some(SlidingJob::Building(_)), SmallTier::Building(build)) => {
                let BuildProgress { done, total } = build.progress();
                // Whole percent, rounded down: 100 only once it is built.
                Some((done * 100 / total.max(1)).min(100) as u8)
            }
            _ => None,
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
            // The small tier's build is no longer needed (what it built is
            // kept if it is whole: a few hundred kilobytes).
            if let SmallTier::Building(_) = self.small {
                self.small = SmallTier::Missing;
            }
            self.switch_to_big();
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
