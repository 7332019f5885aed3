//! What a game provides to have its positions solved by the workers.
//!
//! A game's solver side is three things, all in the game's own files:
//!
//! - its task and answer types, implementing [`TaskRecord`] and
//!   [`AnswerRecord`]: they write themselves into a message's [`Record`] and
//!   say what the pool may do with them (see [`Capabilities`]);
//! - one [`SolverWork`] value, registered once in [`crate::app::games`]:
//!   the game's id, how to read its tasks and answers back from a record,
//!   the table sets it declares, and a fresh [`JobRunner`] for each worker;
//! - its [`JobRunner`]: the game's state inside one worker (tables, caches
//!   worth keeping) and the one job under way, run in slices.
//!
//! The protocol, the engine and the pool hold [`Task`]s and [`Answer`]s
//! without knowing the game: they dispatch through these traits once per
//! request or per slice, never per search node.

use std::any::Any;
use std::fmt::Debug;
use std::ops::ControlFlow;
use std::sync::Arc;

use super::record::Record;
use super::tables::TableSet;
use crate::search::Progress;

/// Lets a task or answer behind a `dyn` be compared and downcast; every
/// `PartialEq` type that lives for `'static` has it.
pub trait Comparable: Any {
    /// The value, to downcast.
    fn as_any(&self) -> &dyn Any;
    /// Whether `other` is of the same type and equal.
    fn same(&self, other: &dyn Any) -> bool;
}

impl<T: Any + PartialEq> Comparable for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
}

/// What the pool may do with a task besides one best search on one worker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capabilities {
    /// The search can be split into rounds over branches shared by every
    /// worker ([`TaskRecord::branches`] is above 0 and the game's runner
    /// serves [`JobRunner::start_round`]).
    pub splits: bool,
    /// A quick, not necessarily optimal answer ([`Aim::Quick`]) is worth
    /// computing beside the best one, to show if the best takes long.
    pub quick_answer: bool,
    /// The quick answer is shown as soon as it comes (the best one is never
    /// proven optimal, so there is nothing to wait for).
    pub quick_at_once: bool,
    /// A second worker can search another view of the task (its mirror
    /// image, [`Aim::Mirror`]) at the same time, the shorter answer kept.
    pub mirrors: bool,
    /// That second search gains enough to run even where the page has only
    /// two workers, beside the first one's best search (elsewhere it runs
    /// only on a third worker).
    pub mirrors_on_two: bool,
}

/// One game's task, as the solver side carries it.
pub trait TaskRecord: Debug + Send + Sync + Comparable {
    /// The id of the game it belongs to (its [`SolverWork::game`]).
    fn game(&self) -> &'static str;
    /// Which of the game's kinds of task it is ("solve", "draw", "fewest"):
    /// travels beside the game id, and is handed back to
    /// [`SolverWork::read_task`].
    fn kind(&self) -> &'static str;
    /// `record` with the task's own fields added: never `game`, `task` or a
    /// field of the messages that carry tasks (`id`, `mode`, `depth`,
    /// `branches`, `bound`).
    fn write(&self, record: Record) -> Record;
    /// What the pool may do with it.
    fn capabilities(&self) -> Capabilities {
        Capabilities::default()
    }
    /// The table set the worker must have (or have failed to get) before
    /// it serves the task.
    fn tables(&self) -> Option<TableSet> {
        None
    }
    /// A table set the task is served without, at once, but better with:
    /// the worker fetches it meanwhile, and the game's runner gets it when
    /// it comes, mid-job if need be (see [`JobRunner::finish_tables`]).
    fn better_with(&self) -> Option<TableSet> {
        None
    }
    /// How many branches a split search divides into `depth` moves down (0
    /// for a task that does not split).
    fn branches(&self, depth: usize) -> usize {
        let _ = depth;
        0
    }
    /// The key of a part of the task too large to send with every request
    /// (a route's map: a quarter of a megabyte at 512 x 512), or `None` for
    /// a task without one. Equal keys promise equal parts (a digest of the
    /// part's content). A worker's runner keeps the part of the last task
    /// of its game that carried one ([`JobRunner::receive`]); while the
    /// page knows a worker holds it, the task travels as [`TaskRecord::lean`]
    /// gives it (see [`super::holdings`]).
    fn held_key(&self) -> Option<u64> {
        None
    }
    /// The task without its part of key [`TaskRecord::held_key`], naming it
    /// by that key instead: what a worker holding the part is sent, and
    /// turns back into the whole task ([`JobRunner::receive`]). `None` for a
    /// task without such a part.
    fn lean(&self) -> Option<Task> {
        None
    }
}

/// One game's answer to one of its tasks.
pub trait AnswerRecord: Debug + Send + Sync + Comparable {
    /// The id of the game it belongs to.
    fn game(&self) -> &'static str;
    /// The kind of task it answers (as [`TaskRecord::kind`]).
    fn kind(&self) -> &'static str;
    /// `record` with the answer's own fields added: never `game`, `task` or
    /// a field of the messages that carry answers (`id`, `expanded`,
    /// `lowerBound`, `elapsedMs`, `memoryBytes`, `bound`, `found`,
    /// `nextBound`).
    fn write(&self, record: Record) -> Record;
    /// Whether no shorter solution exists ("no solution" is final too).
    fn is_optimal(&self) -> bool;
    /// The number of moves of the solution, if it carries one: the pool
    /// keeps the shorter of two answers by it.
    fn moves(&self) -> Option<usize>;
}

/// A task of any game; cheap to clone.
#[derive(Clone, Debug)]
pub struct Task(Arc<dyn TaskRecord>);

impl Task {
    /// Wraps a game's task.
    pub fn new(task: impl TaskRecord) -> Task {
        Task(Arc::new(task))
    }

    /// The game's own task, if it is of type `T`.
    pub fn get<T: TaskRecord>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The task as its game wrote it.
    pub fn record(&self) -> &dyn TaskRecord {
        &*self.0
    }

    /// The id of its game: the game's
    /// [`SaveFormat::ID`](crate::app::save::SaveFormat::ID), as in its save
    /// files.
    pub fn game(&self) -> &'static str {
        self.0.game()
    }

    /// What the pool may do with it.
    pub fn capabilities(&self) -> Capabilities {
        self.0.capabilities()
    }

    /// See [`TaskRecord::tables`].
    pub fn tables(&self) -> Option<TableSet> {
        self.0.tables()
    }

    /// See [`TaskRecord::better_with`].
    pub fn better_with(&self) -> Option<TableSet> {
        self.0.better_with()
    }

    /// See [`TaskRecord::branches`].
    pub fn branches(&self, depth: usize) -> usize {
        self.0.branches(depth)
    }

    /// See [`TaskRecord::held_key`].
    pub fn held_key(&self) -> Option<u64> {
        self.0.held_key()
    }

    /// See [`TaskRecord::lean`].
    pub fn lean(&self) -> Option<Task> {
        self.0.lean()
    }
}

impl PartialEq for Task {
    fn eq(&self, other: &Task) -> bool {
        self.0.same(other.0.as_any())
    }
}

impl Eq for Task {}

/// An answer of any game; cheap to clone.
#[derive(Clone, Debug)]
pub struct Answer(Arc<dyn AnswerRecord>);

impl Answer {
    /// Wraps a game's answer.
    pub fn new(answer: impl AnswerRecord) -> Answer {
        Answer(Arc::new(answer))
    }

    /// The game's own answer, if it is of type `T`.
    pub fn get<T: AnswerRecord>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The answer as its game wrote it.
    pub fn record(&self) -> &dyn AnswerRecord {
        &*self.0
    }

    /// See [`AnswerRecord::is_optimal`].
    pub fn is_optimal(&self) -> bool {
        self.0.is_optimal()
    }

    /// See [`AnswerRecord::moves`].
    pub fn moves(&self) -> Option<usize> {
        self.0.moves()
    }
}

impl PartialEq for Answer {
    fn eq(&self, other: &Answer) -> bool {
        self.0.same(other.0.as_any())
    }
}

/// What a solve request aims for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// The solver's best answer: optimal where the size allows.
    Best,
    /// A fast search's answer, to show while the best is sought (for tasks
    /// whose [`Capabilities::quick_answer`] holds).
    Quick,
    /// The best answer found through another view of the task (a square
    /// board's mirror image, a 5x5 from the goal's side), to keep if it is
    /// shorter (for tasks whose [`Capabilities::mirrors`] holds).
    Mirror,
}

impl Aim {
    /// Its name in messages, one lower-case word; [`Aim::named`] reads it
    /// back.
    pub fn name(self) -> &'static str {
        match self {
            Aim::Best => "best",
            Aim::Quick => "quick",
            Aim::Mirror => "mirror",
        }
    }

    /// The aim of a name (see [`Aim::name`]).
    pub fn named(name: &str) -> Option<Aim> {
        [Aim::Best, Aim::Quick, Aim::Mirror]
            .into_iter()
            .find(|aim| aim.name() == name)
    }
}

/// One round of a split search: some of the branches `depth` moves below
/// the task's start, searched one after the other under `bound`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// How deep the tree was split.
    pub depth: usize,
    /// Which branches, numbered as the game's runner orders them (the pool
    /// hands out 0 to [`Task::branches`] - 1).
    pub branches: Vec<u32>,
    /// The cost bound: a position whose moves so far plus estimate exceed it
    /// is cut, and when the round finds nothing, the smallest such cost met
    /// comes back as [`RoundDone`]'s `next_bound`.
    pub bound: u32,
}

/// How a round ended.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundDone {
    /// The bound the round was searched under, as its [`Round`] gave it.
    pub bound: u32,
    /// The whole solution (the branch's moves included), if one was found:
    /// optimal, since every smaller bound was exhausted.
    pub found: Option<Answer>,
    /// The smallest cost above the bound met, or `u32::MAX`.
    pub next_bound: u32,
    /// Positions examined over the whole round, every branch it searched.
    pub expanded: u64,
}

/// A finished job's answer with what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The answer as the task's game wrote it, for that game to read back
    /// (see [`Answer::get`]).
    pub answer: Answer,
    /// Positions examined by the whole job, over all its slices; 0 when the
    /// answer was looked up in a table built beforehand.
    pub expanded: u64,
    /// The start's heuristic estimate, a lower bound on the optimal length
    /// (0 when none).
    pub lower_bound: u32,
}

impl Solved {
    /// `answer`, found by examining `expanded` positions, with no lower
    /// bound to tell.
    pub fn new(answer: Answer, expanded: u64) -> Solved {
        Solved {
            answer,
            expanded,
            lower_bound: 0,
        }
    }
}

/// What starting a job gave.
#[derive(Debug)]
pub enum Started {
    /// A job is under way: [`JobRunner::step`] runs it.
    Running,
    /// Answered at once (a quick search, a table's answer).
    Solved(Solved),
    /// A round with nothing to search ended at once.
    RoundDone(RoundDone),
}

/// Where a job stands after a slice.
#[derive(Debug)]
pub enum Stepped {
    /// Still at work: positions examined so far in this job, and its
    /// current cost bound for searches that have one.
    Running {
        /// Positions examined so far.
        expanded: u64,
        /// The current cost bound.
        bound: Option<u32>,
    },
    /// Done with an answer.
    Solved(Solved),
    /// A round is done.
    RoundDone(RoundDone),
    /// The job could not go on (the reason, lower-case).
    Failed(String),
}

/// One slice of work: a job's [`JobRunner::step`] returns once the clock
/// has passed [`TimeSlice::end`] (checking it every few thousand positions).
pub struct TimeSlice<'c> {
    clock: &'c dyn Fn() -> f64,
    end: f64,
}

impl<'c> TimeSlice<'c> {
    /// A slice ending `length_ms` after now by `clock` (milliseconds).
    pub fn new(clock: &'c dyn Fn() -> f64, length_ms: f64) -> TimeSlice<'c> {
        let end = clock() + length_ms;
        TimeSlice { clock, end }
    }

    /// The slice's clock now, in milliseconds: the clock and unit the slice's
    /// end was set in.
    pub fn now(&self) -> f64 {
        (self.clock)()
    }

    /// When the slice ends.
    pub fn end(&self) -> f64 {
        self.end
    }

    /// Whether the slice is over.
    pub fn is_over(&self) -> bool {
        self.now() >= self.end
    }

    /// A monitor that stops a search once the slice is over.
    pub fn monitor(&self) -> impl FnMut(&Progress) -> ControlFlow<()> + '_ {
        |_: &Progress| {
            if self.is_over() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }
}

/// Positions a job examines between two readings of the clock.
pub const CHUNK: u64 = 4096;

/// A game's solver side, registered once in [`crate::app::games`].
pub trait SolverWork: Sync {
    /// The game's id, as its tasks and answers give it.
    fn game(&self) -> &'static str;
    /// Reads a task of kind `kind` from a message, or says what is wrong.
    fn read_task(&self, kind: &str, record: &Record) -> Result<Task, String>;
    /// Reads an answer to a task of kind `kind`, or says what is wrong.
    fn read_answer(&self, kind: &str, record: &Record) -> Result<Answer, String>;
    /// The table sets the game's tasks may need.
    fn tables(&self) -> &'static [TableSet] {
        &[]
    }
    /// The game's state in a fresh worker, with no tables.
    fn runner(&self) -> Box<dyn JobRunner>;
    /// A task of each of the game's kinds with an answer of its kind: the
    /// tests check that every registered game has some and that each
    /// travels through the protocol unchanged.
    fn examples(&self) -> Vec<(Task, Answer)> {
        Vec::new()
    }
}

/// A game's state in one worker: what is worth keeping between requests
/// (tables, caches) and at most one job under way. The engine calls it only
/// with the game's own tasks, and starts a job only after the tables it
/// needs are installed or have failed.
pub trait JobRunner {
    /// The game it runs jobs for (its [`SolverWork::game`]).
    fn game(&self) -> &'static str;
    /// Sees each of the game's tasks as it arrives, in the order the page
    /// sent them, before it waits or starts (even one cancelled before it
    /// starts): keeps the part of [`TaskRecord::held_key`] of a task that
    /// carries one, replacing the part kept before, and gives a task that
    /// came without it ([`TaskRecord::lean`]) back whole.
    ///
    /// # Errors
    /// A lean task whose part this runner does not hold:
    /// [`super::protocol::NOT_HELD`], which the page answers by sending
    /// the task again whole.
    fn receive(&mut self, task: Task) -> Result<Task, String> {
        Ok(task)
    }
    /// Starts `task` for `aim`, dropping any job under way.
    ///
    /// # Errors
    /// A task that cannot be served (the reason, lower-case).
    fn start(&mut self, task: &Task, aim: Aim) -> Result<Started, String>;
    /// Starts one round of a split search of `task`.
    ///
    /// # Errors
    /// A task that does not split, or a branch that does not exist.
    fn start_round(&mut self, task: &Task, round: &Round) -> Result<Started, String> {
        let _ = (task, round);
        Err("this game's searches are not split".into())
    }
    /// Runs the job under way until the slice is over or it is done.
    fn step(&mut self, slice: &TimeSlice<'_>) -> Stepped;
    /// While the job under way waits for tables the runner builds itself
    /// (no search has started): how far that build has got, in whole
    /// percent (0 to 100). `None` once the job searches, or for a runner
    /// that builds nothing.
    fn building_percent(&self) -> Option<u8> {
        None
    }
    /// Drops the job under way, keeping what is worth keeping.
    fn cancel(&mut self);
    /// Whether `set` is installed.
    fn has_tables(&self, set: TableSet) -> bool {
        let _ = set;
        false
    }
    /// Builds what `set` needs besides its files, before they arrive (so
    /// that the memory the build uses is free again when they do).
    fn prepare_tables(&mut self, set: TableSet) {
        let _ = set;
    }
    /// Receives one table of `set`'s file.
    ///
    /// # Errors
    /// A table that cannot be read.
    fn receive_table(&mut self, set: TableSet, bytes: Vec<u8>) -> Result<(), String> {
        let _ = (set, bytes);
        Err("this game has no tables".into())
    }
    /// Installs the tables of `set` received. Called between jobs, or
    /// during one when the task's tables are only
    /// [`TaskRecord::better_with`]: the runner may then switch the job under
    /// way to them.
    ///
    /// # Errors
    /// Tables that do not make a whole set.
    fn finish_tables(&mut self, set: TableSet) -> Result<(), String> {
        let _ = set;
        Err("this game has no tables".into())
    }
    /// Drops what was received of `set`: it could not be had.
    fn tables_failed(&mut self, set: TableSet) {
        let _ = set;
    }
}
