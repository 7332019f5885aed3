//! The messages between the page and the solver workers, and their encoding.
//!
//! A worker's life:
//!
//! 1. The page starts a worker (`www/worker.js`) and posts [`INIT`] with the
//!    compiled WebAssembly module; the worker instantiates it and answers
//!    [`FromWorker::Ready`]. Messages posted meanwhile wait their turn.
//! 2. The page posts requests: [`ToWorker::Solve`] (a whole search, for the
//!    best answer, a quick one or through the mirror image), [`ToWorker::Round`]
//!    (one round of a split search over some branches), [`ToWorker::Cancel`]
//!    (drop the job for one request, and only that one: ids are unique among
//!    every game's requests, see [`SolverQueue`]), and [`ToWorker::Prepare`]
//!    (download a set of tables now, before a request needs it). A task's
//!    large part (a route's map) goes to a worker once: later tasks sharing
//!    it name it instead ([`TaskRecord::held_key`], [`super::holdings`]),
//!    and a worker that does not hold it answers [`NOT_HELD`].
//! 3. A worker runs one job at a time in slices of [`SLICE_MS`], reading its
//!    messages between two slices, and answers: [`FromWorker::Progress`] at
//!    most every [`PROGRESS_EVERY_MS`], then [`FromWorker::Answer`],
//!    [`FromWorker::RoundDone`] or [`FromWorker::Failed`];
//!    [`FromWorker::Tables`] when a set of tables is installed or could not
//!    be.
//!
//! Every message travels as a [`Record`]: a kind and named fields of a few
//! plain types, which the browser copies as a plain object (`kind` plus one
//! property per field). A task or an answer adds `game` (its game's id),
//! `task` (the kind of task within the game: "solve", "draw", "fewest") and
//! its game's own fields; the game reads them back through
//! [`crate::app::games`], so this file names no game. Encoding and decoding
//! are plain Rust, tested natively; decoding never panics and names the
//! field at fault.

use super::job::{Aim, Answer, Round, RoundDone, Task, TaskRecord};
use super::record::{Record, Value};
use super::tables::TableSet;
use crate::app::games;

/// How long a worker searches before it reads its messages, in
/// milliseconds.
pub const SLICE_MS: f64 = 40.0;
/// The shortest time between two progress reports, in milliseconds (from a
/// worker to the page, and from the pool to a game).
pub const PROGRESS_EVERY_MS: f64 = 100.0;
/// What a worker answers ([`FromWorker::Failed`]) to a task sent without
/// a part it was to hold (see [`TaskRecord::held_key`]): the page then
/// sends the task again whole.
pub const NOT_HELD: &str = "the worker no longer holds the map this request was sent without";
/// The kind of the page's first message to a worker, which carries the
/// compiled module (a JavaScript object, so the page builds it itself).
pub const INIT: &str = "init";

/// Names one request to the solver; unique among every game's requests for
/// the life of the page (the pool hands them out).
pub type RequestId = u64;

/// How a search is getting on.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchProgress {
    /// Positions examined, by every worker together.
    pub expanded: u64,
    /// The search's current cost bound, for searches that have one.
    pub bound: Option<u32>,
    /// Milliseconds since the request.
    pub elapsed_ms: f64,
    /// How many workers are searching.
    pub workers: usize,
    /// While the search waits for tables a worker builds itself: how far
    /// the build has got, in whole percent; `None` once it searches.
    pub building: Option<u8>,
}

/// What the pool tells the page about requests.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The search for request `id` is under way.
    Progress {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
        /// How far it has got.
        progress: SearchProgress,
    },
    /// An answer to show while a better one is looked for.
    Provisional {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
        /// The answer so far (not optimal).
        answer: Answer,
    },
    /// The final answer to request `id`.
    Answered {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
        /// The best answer found: optimal where the task's game can prove it
        /// ([`Answer::is_optimal`]).
        answer: Answer,
        /// Milliseconds from the request to the answer.
        elapsed_ms: f64,
    },
    /// Request `id` could not be served.
    Failed {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
        /// Why, as a lower-case phrase for the player ("the solver failed:
        /// ..." comes before it).
        message: String,
    },
    /// Something worth telling the player that is not about one request.
    Note(String),
    /// The first worker has a set of tables installed.
    TablesReady(TableSet),
}

impl Event {
    /// The request the event is about, if any.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            Event::Progress { id, .. }
            | Event::Provisional { id, .. }
            | Event::Answered { id, .. }
            | Event::Failed { id, .. } => Some(*id),
            Event::Note(_) | Event::TablesReady(_) => None,
        }
    }
}

/// Where a game sends its requests: the page's worker pool, or in tests a
/// stand-in. Answers come back later as [`Event`]s.
pub trait SolverQueue {
    /// Queues `task` (made at time `now`, in milliseconds) and returns the
    /// id its events will carry.
    fn submit(&mut self, task: Task, now: f64) -> RequestId;
    /// Drops request `id`, queued or under way; its events stop. Requests
    /// with other ids, from any game, are not touched.
    fn cancel(&mut self, id: RequestId);
    /// Tells the solver that tasks like `task` are likely soon, so that it
    /// can get ready (download tables) before the first request waits.
    fn prepare(&mut self, task: &Task) {
        let _ = task;
    }
}

/// What the page asks of a worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToWorker {
    /// Load a set of tables now, before a request needs them.
    Prepare(TableSet),
    /// Solve a task.
    Solve {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
        /// What to solve; the runner of its game ([`Task::game`]) takes it, and a
        /// game no runner plays is answered with [`FromWorker::Failed`].
        task: Task,
        /// Whether the best or a quick answer is wanted, or the mirror
        /// image's search.
        aim: Aim,
    },
    /// One round of a split search of a task that splits.
    Round {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
        /// The task whose search is split.
        task: Task,
        /// Which branches, under which bound.
        round: Round,
    },
    /// Drop the job for this request (only this one).
    Cancel {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
    },
}

/// What a worker tells the page.
#[derive(Clone, Debug, PartialEq)]
pub enum FromWorker {
    /// The worker has instantiated the module.
    Ready,
    /// A set of tables is installed, or could not be.
    Tables {
        /// Which set, by the name its game declared.
        set: TableSet,
        /// Whether they are.
        ok: bool,
        /// Why not, if not.
        message: String,
    },
    /// A job is under way.
    Progress {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
        /// Positions examined for it so far, by this worker in this job.
        expanded: u64,
        /// The current cost bound, for searches that have one.
        bound: Option<u32>,
        /// While the job waits for tables the worker builds itself: how far
        /// the build has got, in whole percent (see
        /// [`super::job::JobRunner::building_percent`]).
        building: Option<u8>,
    },
    /// A task's answer.
    Answer {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
        /// The answer as the task's game wrote it, for that game to read back
        /// (see [`Answer::get`]).
        answer: Answer,
        /// Positions examined.
        expanded: u64,
        /// The start's heuristic estimate, a lower bound on the optimal
        /// length (0 when none).
        lower_bound: u32,
        /// Milliseconds the job took in the worker.
        elapsed_ms: f64,
        /// The worker's WebAssembly memory, in bytes (0 when unknown).
        memory_bytes: f64,
    },
    /// A round's branches are done.
    RoundDone {
        /// The request it concerns, as the page numbered it; unique among
        /// the page's requests.
        id: RequestId,
        /// How the round ended.
        done: RoundDone,
    },
    /// A request could not be served.
    Failed {
        /// The request (0 when the message could not be read).
        id: RequestId,
        /// Why, a lower-case phrase for the player.
        message: String,
    },
}

/// `record` with `task`'s game, kind and own fields.
fn with_task(record: Record, task: &dyn TaskRecord) -> Record {
    task.write(
        record
            .with("game", Value::Text(task.game().into()))
            .with("task", Value::Text(task.kind().into())),
    )
}

/// `record` with `answer`'s game, kind and own fields.
fn with_answer(record: Record, answer: &Answer) -> Record {
    let answer = answer.record();
    answer.write(
        record
            .with("game", Value::Text(answer.game().into()))
            .with("task", Value::Text(answer.kind().into())),
    )
}

/// The task in a record, read by its game.
fn read_task(record: &Record) -> Result<Task, String> {
    let work = games::work(record.text("game")?)?;
    work.read_task(record.text("task")?, record)
}

/// The answer in a record, read by its game.
fn read_answer(record: &Record) -> Result<Answer, String> {
    let work = games::work(record.text("game")?)?;
    work.read_answer(record.text("task")?, record)
}

fn read_table_set(record: &Record) -> Result<TableSet, String> {
    let name = record.text("tables")?;
    TableSet::named(name).ok_or_else(|| format!("there are no {name} tables"))
}

impl ToWorker {
    /// The message as a record, which [`Self::from_record`] reads back
    /// unchanged.
    pub fn to_record(&self) -> Record {
        match self {
            ToWorker::Prepare(set) => {
                Record::new("prepare").with("tables", Value::Text(set.name().into()))
            }
            ToWorker::Solve { id, task, aim } => {
                with_task(Record::new("solve").number("id", *id as f64), task.record())
                    .with("mode", Value::Text(aim.name().into()))
            }
            ToWorker::Round { id, task, round } => {
                with_task(Record::new("round").number("id", *id as f64), task.record())
                    .number("depth", round.depth as f64)
                    .with("branches", Value::Words(round.branches.clone()))
                    .number("bound", round.bound)
            }
            ToWorker::Cancel { id } => Record::new("cancel").number("id", *id as f64),
        }
    }

    /// Reads a message, or says what is wrong with it.
    pub fn from_record(record: &Record) -> Result<ToWorker, String> {
        match record.kind.as_str() {
            "prepare" => Ok(ToWorker::Prepare(read_table_set(record)?)),
            "solve" => Ok(ToWorker::Solve {
                id: record.whole("id")?,
                task: read_task(record)?,
                aim: {
                    let name = record.text("mode")?;
                    Aim::named(name).ok_or_else(|| format!("there is no mode called '{name}'"))?
                },
            }),
            "round" => Ok(ToWorker::Round {
                id: record.whole("id")?,
                task: read_task(record)?,
                round: Round {
                    depth: record.word("depth")? as usize,
                    branches: record.words("branches")?.to_vec(),
                    bound: record.word("bound")?,
                },
            }),
            "cancel" => Ok(ToWorker::Cancel {
                id: record.whole("id")?,
            }),
            "" => Err("the message has no kind".into()),
            other => Err(format!("there is no message called '{other}'")),
        }
    }

    /// The request the message is about, if any.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            ToWorker::Solve { id, .. } | ToWorker::Round { id, .. } | ToWorker::Cancel { id } => {
                Some(*id)
            }
            ToWorker::Prepare(_) => None,
        }
    }

    /// The task the message carries, if any.
    pub fn task(&self) -> Option<&Task> {
        match self {
            ToWorker::Solve { task, .. } | ToWorker::Round { task, .. } => Some(task),
            ToWorker::Prepare(_) | ToWorker::Cancel { .. } => None,
        }
    }

    /// The message with `task` in place of the one it carries (a message
    /// without a task unchanged).
    pub fn with_task(self, task: Task) -> ToWorker {
        match self {
            ToWorker::Solve { id, aim, .. } => ToWorker::Solve { id, task, aim },
            ToWorker::Round { id, round, .. } => ToWorker::Round { id, task, round },
            other => other,
        }
    }
}

impl FromWorker {
    /// The message as a record, which [`Self::from_record`] reads back
    /// unchanged.
    pub fn to_record(&self) -> Record {
        match self {
            FromWorker::Ready => Record::new("ready"),
            FromWorker::Tables { set, ok, message } => Record::new("tables")
                .with("tables", Value::Text(set.name().into()))
                .with("ok", Value::Flag(*ok))
                .with("message", Value::Text(message.clone())),
            FromWorker::Progress {
                id,
                expanded,
                bound,
                building,
            } => Record::new("progress")
                .number("id", *id as f64)
                .number("expanded", *expanded as f64)
                .with(
                    "bound",
                    bound.map_or(Value::Null, |b| Value::Number(f64::from(b))),
                )
                .with(
                    "building",
                    building.map_or(Value::Null, |p| Value::Number(f64::from(p))),
                ),
            FromWorker::Answer {
                id,
                answer,
                expanded,
                lower_bound,
                elapsed_ms,
                memory_bytes,
            } => with_answer(Record::new("answer").number("id", *id as f64), answer)
                .number("expanded", *expanded as f64)
                .number("lowerBound", *lower_bound)
                .number("elapsedMs", *elapsed_ms)
                .number("memoryBytes", *memory_bytes),
            FromWorker::RoundDone { id, done } => {
                let record = Record::new("round")
                    .number("id", *id as f64)
                    .number("bound", done.bound)
                    .number("nextBound", done.next_bound)
                    .number("expanded", done.expanded as f64);
                match &done.found {
                    Some(answer) => with_answer(record.with("found", Value::Flag(true)), answer),
                    None => record.with("found", Value::Null),
                }
            }
            FromWorker::Failed { id, message } => Record::new("failed")
                .number("id", *id as f64)
                .with("message", Value::Text(message.clone())),
        }
    }

    /// Reads a message, or says what is wrong with it.
    pub fn from_record(record: &Record) -> Result<FromWorker, String> {
        match record.kind.as_str() {
            "ready" => Ok(FromWorker::Ready),
            "tables" => Ok(FromWorker::Tables {
                set: read_table_set(record)?,
                ok: record.flag("ok")?,
                message: record.text("message")?.to_string(),
            }),
            "progress" => Ok(FromWorker::Progress {
                id: record.whole("id")?,
                expanded: record.whole("expanded")?,
                bound: if record.is_null("bound")? {
                    None
                } else {
                    Some(record.word("bound")?)
                },
                building: if record.is_null("building")? {
                    None
                } else {
                    let percent = record.word("building")?;
                    Some(
                        u8::try_from(percent)
                            .ok()
                            .filter(|&p| p <= 100)
                            .ok_or_else(|| record.wrong("building", "a percentage"))?,
                    )
                },
            }),
            "answer" => Ok(FromWorker::Answer {
                id: record.whole("id")?,
                answer: read_answer(record)?,
                expanded: record.whole("expanded")?,
                lower_bound: record.word("lowerBound")?,
                elapsed_ms: record.real("elapsedMs")?,
                memory_bytes: record.real("memoryBytes")?,
            }),
            "round" => Ok(FromWorker::RoundDone {
                id: record.whole("id")?,
                done: RoundDone {
                    bound: record.word("bound")?,
                    found: if record.is_null("found")? {
                        None
                    } else {
                        Some(read_answer(record)?)
                    },
                    next_bound: record.word("nextBound")?,
                    expanded: record.whole("expanded")?,
                },
            }),
            "failed" => Ok(FromWorker::Failed {
                id: record.whole("id")?,
                message: record.text("message")?.to_string(),
            }),
            "" => Err("the message has no kind".into()),
            other => Err(format!("there is no message called '{other}'")),
        }
    }
}
