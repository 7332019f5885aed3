//! The messages between the page and the solver workers, and their encoding.
//!
//! A worker's life:
//!
//! 1. The page starts a worker (`www/worker.js`) and posts [`INIT`] with the
//!    compiled WebAssembly module; the worker instantiates it and answers
//!    [`FromWorker::Ready`]. Messages posted meanwhile wait their turn.
//! 2. The page posts requests: [`ToWorker::Solve`] (a whole search, the best
//!    answer or a quick one), [`ToWorker::Round`] (one round of a split 4x4
//!    search over some branches), [`ToWorker::Cancel`] (drop the job for one
//!    request, and only that one: ids are unique among every game's requests,
//!    see [`Solver`]), and [`ToWorker::Prepare`] (download the 4x4 tables now,
//!    before a request needs them).
//! 3. A worker runs one job at a time in slices of [`SLICE_MS`], reading its
//!    messages between two slices, and answers: [`FromWorker::Progress`] at
//!    most every [`PROGRESS_EVERY_MS`], then [`FromWorker::Answer`],
//!    [`FromWorker::RoundDone`] or [`FromWorker::Failed`];
//!    [`FromWorker::Tables`] when the 4x4 tables are installed or could not
//!    be.
//!
//! Every message travels as a [`Record`]: a kind and named fields of a few
//! plain types, which the browser copies as a plain object (`kind` plus one
//! property per field). Encoding and decoding are plain Rust, tested
//! natively; decoding never panics and names the field at fault.

use std::ops::RangeInclusive;
use std::sync::Arc;

use crate::pegs::{
    chain_holes, chain_through, ChainMove, Goal, Jump, PegBoard, FEWEST_FILE, HOLES,
};
use crate::route::{
    format_nodes, parse_nodes, Found, Grid, Heuristic, Moves, RouteSearch, Waypoints,
};
use crate::sliding::fifteen::{self, split_branches};
use crate::sliding::{format_moves, parse_moves, Board, Dir, Notation};
use crate::sliding::{near, twentyfour};

/// How long a worker searches before it reads its messages, in
/// milliseconds.
pub const SLICE_MS: f64 = 40.0;
/// The shortest time between two progress reports, in milliseconds (from a
/// worker to the page, and from the pool to a game).
pub const PROGRESS_EVERY_MS: f64 = 100.0;
/// The kind of the page's first message to a worker, which carries the
/// compiled module (a JavaScript object, so the page builds it itself).
pub const INIT: &str = "init";

/// Names one request to the solver; unique among every game's requests for
/// the life of the page (the pool hands them out).
pub type RequestId = u64;

/// What a game asks the solver to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// A sliding puzzle: a shortest solution where the size allows, a good
    /// one otherwise.
    Sliding {
        /// The board.
        board: Board,
    },
    /// A peg-solitaire position: a solution reaching the goal, or proof that
    /// there is none.
    Pegs {
        /// The pegs.
        board: PegBoard,
        /// Where the last peg must end.
        goal: Goal,
    },
    /// A peg-solitaire position's fewest moves when a chain of jumps by one
    /// peg counts as one: answered with [`Answer::Fewest`], from the table
    /// of the built-in layouts ([`TableSet::Pegs`]) or by a search.
    Fewest {
        /// The pegs.
        board: PegBoard,
        /// Where the last peg must end.
        goal: Goal,
    },
    /// A route across a map: the shortest one, or none if the way is shut.
    Route(RouteTask),
    /// A random board whose exact shortest solution is in `range` (see
    /// [`crate::sliding::difficulty`]): answered with [`Answer::Drawn`].
    Draw {
        /// The board's width (3 or 4, with its height: the sizes with
        /// difficulty levels).
        width: usize,
        /// Its height.
        height: usize,
        /// The exact distances allowed.
        range: RangeInclusive<u32>,
        /// Fixes the draw (below 2^53, so that it travels as a number).
        seed: u64,
    },
}

/// A route search: on which map, between which places, guided how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteTask {
    /// The map and the moves allowed on it.
    pub map: RouteMap,
    /// Where the route starts: a waypoint's index, or a pixel's
    /// (`y * width + x`).
    pub from: u32,
    /// Where it ends, numbered the same way.
    pub to: u32,
    /// The estimate guiding the search.
    pub heuristic: Heuristic,
}

/// What a route is searched on.
#[derive(Clone, Debug, PartialEq)]
pub enum RouteMap {
    /// From waypoint to connected waypoint.
    Waypoints(Arc<Waypoints>),
    /// From pixel to pixel with these moves.
    Grid {
        /// The walkable pixels.
        grid: Arc<Grid>,
        /// Four or eight ways, or at any angle.
        moves: Moves,
    },
}

impl RouteTask {
    /// The search the task asks for, ready to run in slices.
    ///
    /// # Errors
    /// A start or goal off the map or on a wall, a waypoint that does not
    /// exist (the reason).
    pub fn search(&self) -> Result<RouteSearch, String> {
        match &self.map {
            RouteMap::Waypoints(graph) => RouteSearch::waypoints(
                graph.clone(),
                self.from as usize,
                self.to as usize,
                self.heuristic,
            ),
            RouteMap::Grid { grid, moves } => {
                let width = grid.width();
                let pixel = |index: u32| (index as usize % width, index as usize / width);
                RouteSearch::grid(
                    grid.clone(),
                    pixel(self.from),
                    pixel(self.to),
                    *moves,
                    self.heuristic,
                )
            }
        }
    }

    /// Whether the search's route is proven shortest: A* with an estimate
    /// that never overestimates for these moves. Any-angle routes (Lazy
    /// Theta*) are usually within a fraction of a percent, but not proven.
    pub fn proves_shortest(&self) -> bool {
        let moves = match &self.map {
            RouteMap::Waypoints(_) => None,
            RouteMap::Grid { moves, .. } => Some(*moves),
        };
        self.heuristic.proves_shortest(moves)
    }
}

// Waypoints' coordinates are finite numbers (the nodes format and the
// editor refuse others), so equality is an equivalence.
impl Eq for RouteMap {}

impl Task {
    /// Whether the search can be split into rounds over branches shared by
    /// every worker (IDA* on a 4x4 with the tables).
    pub fn splits(&self) -> bool {
        self.is_fifteen()
    }

    /// Whether a quick, not necessarily optimal answer is worth computing
    /// beside the best one, to show if the best takes long.
    pub fn wants_quick_answer(&self) -> bool {
        self.is_fifteen() || self.is_near()
    }

    /// Whether the quick answer is shown as soon as it comes (the best one
    /// is never proven optimal, so there is nothing to wait for).
    pub fn shows_quick_at_once(&self) -> bool {
        self.is_near()
    }

    /// Whether a second worker can search the board's mirror image at the
    /// same time, the shorter answer kept (square boards of 5x5 and up).
    pub fn mirrors(&self) -> bool {
        matches!(self, Task::Sliding { board } if board.width() == board.height()) && self.is_near()
    }

    /// The pattern databases serving the task needs, if any.
    pub fn tables(&self) -> Option<TableSet> {
        if self.is_fifteen()
            || matches!(
                self,
                Task::Draw {
                    width: 4,
                    height: 4,
                    ..
                }
            )
        {
            Some(TableSet::Fifteen)
        } else if self.is_near() {
            Some(TableSet::TwentyFour)
        } else if matches!(self, Task::Fewest { .. }) {
            Some(TableSet::Pegs)
        } else {
            None
        }
    }

    fn is_near(&self) -> bool {
        matches!(self, Task::Sliding { board } if near::is_near_size(board.width(), board.height()))
    }

    /// How many branches the search divides into `depth` moves down, for a
    /// task that [`Task::splits`] (0 otherwise).
    pub fn branches(&self, depth: usize) -> usize {
        match self {
            Task::Sliding { board } if self.splits() => split_branches(board, depth).len(),
            _ => 0,
        }
    }

    /// The message for one round of the split search for request `id` over
    /// `branches` under `bound`, for a task that [`Task::splits`].
    pub fn round(
        &self,
        id: RequestId,
        depth: usize,
        branches: Vec<u32>,
        bound: u32,
    ) -> Option<ToWorker> {
        match self {
            Task::Sliding { board } if self.splits() => Some(ToWorker::Round {
                id,
                board: board.clone(),
                depth,
                branches,
                bound,
            }),
            _ => None,
        }
    }

    fn is_fifteen(&self) -> bool {
        matches!(self, Task::Sliding { board } if (board.width(), board.height()) == (4, 4))
    }
}

/// A set of pattern databases a worker downloads when a task needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableSet {
    /// The 4x4's (14.6 MB gzipped).
    Fifteen,
    /// The 5x5's, for boards of 5x5 and up.
    TwentyFour,
    /// The fewest chain moves from the built-in peg layouts (a few kB).
    Pegs,
}

impl TableSet {
    /// Every set.
    pub const ALL: [TableSet; 3] = [TableSet::Fifteen, TableSet::TwentyFour, TableSet::Pegs];

    /// The set's place in [`TableSet::ALL`].
    pub fn index(self) -> usize {
        match self {
            TableSet::Fifteen => 0,
            TableSet::TwentyFour => 1,
            TableSet::Pegs => 2,
        }
    }

    /// The set's file name (served gzipped, with `.gz`).
    pub fn file(self) -> &'static str {
        match self {
            TableSet::Fifteen => fifteen::TABLE_FILE,
            TableSet::TwentyFour => twentyfour::TABLE_FILE,
            TableSet::Pegs => FEWEST_FILE,
        }
    }

    /// Its name in messages.
    pub fn name(self) -> &'static str {
        match self {
            TableSet::Fifteen => "4x4",
            TableSet::TwentyFour => "5x5",
            TableSet::Pegs => "pegs",
        }
    }

    /// What the player is told when the set cannot be loaded, after why.
    pub fn failure_note(self, reason: &str) -> String {
        match self {
            TableSet::Fifteen | TableSet::TwentyFour => {
                let name = self.name();
                format!(
                    "The {name} tables could not be loaded ({reason}); {name} solving is slower without them."
                )
            }
            TableSet::Pegs => format!(
                "The table of the peg layouts' fewest moves could not be loaded ({reason}); \
                 the fewest is searched for instead, which may take too long."
            ),
        }
    }

    /// The set of a name.
    pub fn named(name: &str) -> Option<TableSet> {
        TableSet::ALL.into_iter().find(|set| set.name() == name)
    }
}

/// What the solver found for a [`Task`].
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The blank's moves from the board to the goal.
    Sliding {
        /// The moves.
        moves: Vec<Dir>,
        /// Whether no shorter solution exists.
        optimal: bool,
    },
    /// The jumps of a solution, or `None`: the goal cannot be reached.
    Pegs {
        /// The jumps.
        jumps: Option<Vec<Jump>>,
    },
    /// The fewest chain moves for a [`Task::Fewest`], as one way to play
    /// them, or `None`: the goal cannot be reached.
    Fewest {
        /// The chains of jumps, in order.
        chains: Option<Vec<ChainMove>>,
    },
    /// A route with how the search found it, or `None`: no way through.
    Route {
        /// The route.
        found: Option<Found>,
        /// Whether the search proves it shortest (A* with an estimate that
        /// never overestimates; any-angle routes are not proven).
        optimal: bool,
    },
    /// A board drawn for a [`Task::Draw`], with its exact distance to the
    /// goal.
    Drawn {
        /// The board.
        board: Board,
        /// Its shortest solution's length.
        distance: u32,
    },
}

impl Answer {
    /// Whether no shorter solution exists (every peg solution is as short
    /// as any; "no solution" is final too).
    pub fn is_optimal(&self) -> bool {
        match self {
            Answer::Sliding { optimal, .. } => *optimal,
            Answer::Pegs { .. } | Answer::Fewest { .. } => true,
            Answer::Route { optimal, found } => *optimal || found.is_none(),
            Answer::Drawn { .. } => true,
        }
    }

    /// The number of moves of the solution, if there is one.
    pub fn moves(&self) -> Option<usize> {
        match self {
            Answer::Sliding { moves, .. } => Some(moves.len()),
            Answer::Pegs { jumps } => jumps.as_ref().map(Vec::len),
            Answer::Fewest { chains } => chains.as_ref().map(Vec::len),
            Answer::Route { found, .. } => found.as_ref().map(|f| f.places.len() - 1),
            // A drawn board carries no solution.
            Answer::Drawn { .. } => None,
        }
    }
}

/// Ends a chain of jumps in an [`Answer::Fewest`]'s bytes, which are each
/// chain's holes (where the peg starts, then each hole it lands in).
const CHAIN_END: u8 = u8::MAX;

/// One chain of an [`Answer::Fewest`]: its holes, start first.
fn read_chain(holes: &[u8]) -> Result<ChainMove, String> {
    chain_through(
        &holes
            .iter()
            .map(|&hole| usize::from(hole))
            .collect::<Vec<_>>(),
    )
}

/// How a board should be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The solver's best answer: optimal where the size allows.
    Best,
    /// A fast weighted search's answer, to show while the best is sought.
    Quick,
    /// The best answer found through the board's mirror image (see
    /// [`Task::mirrors`]), to keep if it is shorter.
    Mirror,
}

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
}

/// What the pool tells the page about requests.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The search for request `id` is under way.
    Progress {
        /// The request.
        id: RequestId,
        /// How far it has got.
        progress: SearchProgress,
    },
    /// An answer to show while a better one is looked for.
    Provisional {
        /// The request.
        id: RequestId,
        /// The answer so far (not optimal).
        answer: Answer,
    },
    /// The final answer to request `id`.
    Answered {
        /// The request.
        id: RequestId,
        /// The answer.
        answer: Answer,
        /// Milliseconds from the request to the answer.
        elapsed_ms: f64,
    },
    /// Request `id` could not be served.
    Failed {
        /// The request.
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
pub trait Solver {
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
        /// The request.
        id: RequestId,
        /// What to solve.
        task: Task,
        /// How.
        mode: Mode,
    },
    /// One round of a split 4x4 search: these branches (indices into
    /// `sliding::fifteen::split_branches` at `depth`, numbered as the
    /// worker's engine orders them) one after the other, under `bound`.
    Round {
        /// The request.
        id: RequestId,
        /// The 4x4 board the search started from.
        board: Board,
        /// How deep the tree was split.
        depth: usize,
        /// Which branches.
        branches: Vec<u32>,
        /// The round's cost bound.
        bound: u32,
    },
    /// Drop the job for this request (only this one).
    Cancel {
        /// The request.
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
        /// Which.
        set: TableSet,
        /// Whether they are.
        ok: bool,
        /// Why not, if not.
        message: String,
    },
    /// A job is under way.
    Progress {
        /// The request.
        id: RequestId,
        /// Positions examined for it so far, by this worker in this job.
        expanded: u64,
        /// The current cost bound, for searches that have one.
        bound: Option<u32>,
    },
    /// A task's answer.
    Answer {
        /// The request.
        id: RequestId,
        /// The answer.
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
        /// The request.
        id: RequestId,
        /// The round's bound.
        bound: u32,
        /// The whole solution (the branch's moves included), if one was
        /// found.
        found: Option<Vec<Dir>>,
        /// The smallest f above the bound met, or `u32::MAX`.
        next_bound: u32,
        /// Positions examined.
        expanded: u64,
    },
    /// A request could not be served.
    Failed {
        /// The request (0 when the message could not be read).
        id: RequestId,
        /// Why.
        message: String,
    },
}

/// A field's value in a [`Record`].
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A number (ids, counts and times alike: exact up to 2^53).
    Number(f64),
    /// Text.
    Text(String),
    /// Bytes (tiles, jumps).
    Bytes(Vec<u8>),
    /// 32-bit words (branch numbers).
    Words(Vec<u32>),
    /// True or false.
    Flag(bool),
    /// Nothing.
    Null,
}

/// A message as it travels: a kind and named fields.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    /// What kind of message it is.
    pub kind: String,
    /// Its fields, by name.
    pub fields: Vec<(String, Value)>,
}

impl Record {
    fn new(kind: &str) -> Record {
        Record {
            kind: kind.into(),
            fields: Vec::new(),
        }
    }

    fn with(mut self, name: &str, value: Value) -> Record {
        self.fields.push((name.into(), value));
        self
    }

    fn number(self, name: &str, n: impl Into<f64>) -> Record {
        self.with(name, Value::Number(n.into()))
    }

    fn field(&self, name: &str) -> Result<&Value, String> {
        self.fields
            .iter()
            .find(|(field, _)| field == name)
            .map(|(_, value)| value)
            .ok_or_else(|| format!("the {} message has no field '{name}'", self.kind))
    }

    fn wrong(&self, name: &str, what: &str) -> String {
        format!(
            "the field '{name}' of the {} message is not {what}",
            self.kind
        )
    }

    /// A whole number from 0 to 2^53.
    fn whole(&self, name: &str) -> Result<u64, String> {
        match self.field(name)? {
            Value::Number(n) if n.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(n) => {
                Ok(*n as u64)
            }
            _ => Err(self.wrong(name, "a whole number")),
        }
    }

    /// A whole number that fits in 32 bits.
    fn word(&self, name: &str) -> Result<u32, String> {
        u32::try_from(self.whole(name)?).map_err(|_| self.wrong(name, "a 32-bit number"))
    }

    fn real(&self, name: &str) -> Result<f64, String> {
        match self.field(name)? {
            Value::Number(n) if n.is_finite() => Ok(*n),
            _ => Err(self.wrong(name, "a number")),
        }
    }

    fn text(&self, name: &str) -> Result<&str, String> {
        match self.field(name)? {
            Value::Text(text) => Ok(text),
            _ => Err(self.wrong(name, "text")),
        }
    }

    fn flag(&self, name: &str) -> Result<bool, String> {
        match self.field(name)? {
            Value::Flag(flag) => Ok(*flag),
            _ => Err(self.wrong(name, "true or false")),
        }
    }

    fn bytes(&self, name: &str) -> Result<&[u8], String> {
        match self.field(name)? {
            Value::Bytes(bytes) => Ok(bytes),
            _ => Err(self.wrong(name, "a list of bytes")),
        }
    }

    fn words(&self, name: &str) -> Result<&[u32], String> {
        match self.field(name)? {
            Value::Words(words) => Ok(words),
            _ => Err(self.wrong(name, "a list of 32-bit words")),
        }
    }

    fn is_null(&self, name: &str) -> Result<bool, String> {
        Ok(matches!(self.field(name)?, Value::Null))
    }

    /// The blank's moves, written as letters.
    fn moves(&self, name: &str) -> Result<Vec<Dir>, String> {
        parse_moves(self.text(name)?, Notation::Blank)
            .map_err(|error| format!("the field '{name}' of the {} message: {error}", self.kind))
    }

    fn table_set(&self) -> Result<TableSet, String> {
        let name = self.text("tables")?;
        TableSet::named(name).ok_or_else(|| format!("there are no {name} tables"))
    }

    fn board(&self) -> Result<Board, String> {
        let width = self.whole("width")? as usize;
        let height = self.whole("height")? as usize;
        Board::from_tiles(width, height, self.bytes("tiles")?)
            .map_err(|error| format!("the board of the {} message: {error}", self.kind))
    }

    fn with_board(self, board: &Board) -> Record {
        self.number("width", board.width() as f64)
            .number("height", board.height() as f64)
            .with("tiles", Value::Bytes(board.tiles().to_vec()))
    }

    fn task(&self) -> Result<Task, String> {
        match self.text("game")? {
            "sliding" => Ok(Task::Sliding {
                board: self.board()?,
            }),
            "pegs" => {
                let (board, goal) = self.pegs()?;
                Ok(Task::Pegs { board, goal })
            }
            "fewest" => {
                let (board, goal) = self.pegs()?;
                Ok(Task::Fewest { board, goal })
            }
            "route" => self.route_task().map(Task::Route),
            "draw" => {
                let (low, high) = (self.word("low")?, self.word("high")?);
                Ok(Task::Draw {
                    width: self.whole("width")? as usize,
                    height: self.whole("height")? as usize,
                    range: low..=high,
                    seed: self.whole("seed")?,
                })
            }
            other => Err(format!("there is no game called '{other}'")),
        }
    }

    /// A peg task's position and goal.
    fn pegs(&self) -> Result<(PegBoard, Goal), String> {
        let board = PegBoard::from_bits(self.whole("board")?)
            .map_err(|error| format!("the field 'board': {error}"))?;
        let goal = match self.field("goal")? {
            Value::Number(n) if *n == -1.0 => Goal::AnyHole,
            Value::Number(n) if n.fract() == 0.0 && (0.0..HOLES as f64).contains(n) => {
                Goal::Hole(*n as u8)
            }
            _ => return Err(self.wrong("goal", "a hole from 0 to 32, or -1 for any")),
        };
        Ok((board, goal))
    }

    fn with_pegs(self, game: &str, board: &PegBoard, goal: &Goal) -> Record {
        self.with("game", Value::Text(game.into()))
            .number("board", board.bits() as f64)
            .number(
                "goal",
                match goal {
                    Goal::Hole(hole) => f64::from(*hole),
                    Goal::AnyHole => -1.0,
                },
            )
    }

    fn route_task(&self) -> Result<RouteTask, String> {
        let map = match self.text("moves")? {
            "waypoints" => RouteMap::Waypoints(Arc::new(
                parse_nodes(self.text("nodes")?)
                    .map_err(|error| format!("the field 'nodes': {error}"))?,
            )),
            moves => {
                let Some(moves) = Moves::named(moves) else {
                    return Err(self.wrong("moves", "'waypoints', '4', '8' or 'any'"));
                };
                let (width, height) = (self.whole("width")?, self.whole("height")?);
                let walkable = self.bytes("walkable")?.iter().map(|&b| b != 0).collect();
                let grid = Grid::new(width as usize, height as usize, walkable)
                    .map_err(|error| format!("the map of the {} message: {error}", self.kind))?;
                RouteMap::Grid {
                    grid: Arc::new(grid),
                    moves,
                }
            }
        };
        let heuristic = Heuristic::named(self.text("heuristic")?)
            .ok_or_else(|| self.wrong("heuristic", "a heuristic's name"))?;
        Ok(RouteTask {
            map,
            from: self.word("from")?,
            to: self.word("to")?,
            heuristic,
        })
    }

    fn with_task(self, task: &Task) -> Record {
        match task {
            Task::Draw {
                width,
                height,
                range,
                seed,
            } => self
                .with("game", Value::Text("draw".into()))
                .number("width", *width as f64)
                .number("height", *height as f64)
                .number("low", *range.start())
                .number("high", *range.end())
                .number("seed", *seed as f64),
            Task::Sliding { board } => self
                .with("game", Value::Text("sliding".into()))
                .with_board(board),
            Task::Pegs { board, goal } => self.with_pegs("pegs", board, goal),
            Task::Fewest { board, goal } => self.with_pegs("fewest", board, goal),
            Task::Route(task) => {
                let record = self
                    .with("game", Value::Text("route".into()))
                    .number("from", task.from)
                    .number("to", task.to)
                    .with("heuristic", Value::Text(task.heuristic.name().into()));
                match &task.map {
                    RouteMap::Waypoints(graph) => record
                        .with("moves", Value::Text("waypoints".into()))
                        .with("nodes", Value::Text(format_nodes(graph))),
                    RouteMap::Grid { grid, moves } => record
                        .with("moves", Value::Text(moves.name().into()))
                        .number("width", grid.width() as f64)
                        .number("height", grid.height() as f64)
                        .with("walkable", Value::Bytes(grid.walkable_bytes())),
                }
            }
        }
    }

    fn answer(&self) -> Result<Answer, String> {
        match self.text("game")? {
            "draw" => Ok(Answer::Drawn {
                board: self.board()?,
                distance: self.word("distance")?,
            }),
            "sliding" => Ok(Answer::Sliding {
                moves: self.moves("moves")?,
                optimal: self.flag("optimal")?,
            }),
            "pegs" => {
                if self.is_null("jumps")? {
                    return Ok(Answer::Pegs { jumps: None });
                }
                let bytes = self.bytes("jumps")?;
                if bytes.len() % 2 != 0 {
                    return Err("a jump is missing its landing hole".into());
                }
                let jumps = bytes
                    .chunks(2)
                    .map(|pair| {
                        let (from, to) = (usize::from(pair[0]), usize::from(pair[1]));
                        Jump::between(from, to)
                            .ok_or_else(|| format!("{from} to {to} is not a jump"))
                    })
                    .collect::<Result<_, _>>()?;
                Ok(Answer::Pegs { jumps: Some(jumps) })
            }
            "fewest" => {
                if self.is_null("chains")? {
                    return Ok(Answer::Fewest { chains: None });
                }
                let chains = self
                    .bytes("chains")?
                    .split(|&byte| byte == CHAIN_END)
                    .filter(|holes| !holes.is_empty())
                    .map(read_chain)
                    .collect::<Result<_, _>>()?;
                Ok(Answer::Fewest {
                    chains: Some(chains),
                })
            }
            "route" => {
                let optimal = self.flag("optimal")?;
                if self.is_null("places")? {
                    return Ok(Answer::Route {
                        found: None,
                        optimal,
                    });
                }
                let places = self.words("places")?.to_vec();
                if places.is_empty() {
                    return Err("a route has at least its start".into());
                }
                Ok(Answer::Route {
                    found: Some(Found {
                        places,
                        distance: self.real("distance")?,
                        expanded: self.whole("route_expanded")?,
                        trace: self.words("trace")?.to_vec(),
                    }),
                    optimal,
                })
            }
            other => Err(format!("there is no game called '{other}'")),
        }
    }

    fn with_answer(self, answer: &Answer) -> Record {
        match answer {
            Answer::Drawn { board, distance } => self
                .with("game", Value::Text("draw".into()))
                .with_board(board)
                .number("distance", *distance),
            Answer::Sliding { moves, optimal } => self
                .with("game", Value::Text("sliding".into()))
                .with("moves", Value::Text(format_moves(moves, Notation::Blank)))
                .with("optimal", Value::Flag(*optimal)),
            Answer::Pegs { jumps } => self.with("game", Value::Text("pegs".into())).with(
                "jumps",
                match jumps {
                    Some(jumps) => {
                        Value::Bytes(jumps.iter().flat_map(|j| [j.from, j.to]).collect())
                    }
                    None => Value::Null,
                },
            ),
            Answer::Fewest { chains } => self.with("game", Value::Text("fewest".into())).with(
                "chains",
                match chains {
                    Some(chains) => Value::Bytes(
                        chains
                            .iter()
                            .flat_map(|chain| {
                                // Holes are below 33: each fits a byte.
                                chain_holes(chain)
                                    .into_iter()
                                    .map(|hole| hole as u8)
                                    .chain([CHAIN_END])
                            })
                            .collect(),
                    ),
                    None => Value::Null,
                },
            ),
            Answer::Route { found, optimal } => {
                let record = self
                    .with("game", Value::Text("route".into()))
                    .with("optimal", Value::Flag(*optimal));
                match found {
                    Some(found) => record
                        .with("places", Value::Words(found.places.clone()))
                        .number("distance", found.distance)
                        .number("route_expanded", found.expanded as f64)
                        .with("trace", Value::Words(found.trace.clone())),
                    None => record.with("places", Value::Null),
                }
            }
        }
    }
}

impl ToWorker {
    /// The message as a record.
    pub fn to_record(&self) -> Record {
        match self {
            ToWorker::Prepare(set) => {
                Record::new("prepare").with("tables", Value::Text(set.name().into()))
            }
            ToWorker::Solve { id, task, mode } => Record::new("solve")
                .number("id", *id as f64)
                .with_task(task)
                .with(
                    "mode",
                    Value::Text(
                        match mode {
                            Mode::Best => "best",
                            Mode::Quick => "quick",
                            Mode::Mirror => "mirror",
                        }
                        .into(),
                    ),
                ),
            ToWorker::Round {
                id,
                board,
                depth,
                branches,
                bound,
            } => Record::new("round")
                .number("id", *id as f64)
                .with_board(board)
                .number("depth", *depth as f64)
                .with("branches", Value::Words(branches.clone()))
                .number("bound", *bound),
            ToWorker::Cancel { id } => Record::new("cancel").number("id", *id as f64),
        }
    }

    /// Reads a message, or says what is wrong with it.
    pub fn from_record(record: &Record) -> Result<ToWorker, String> {
        match record.kind.as_str() {
            "prepare" => Ok(ToWorker::Prepare(record.table_set()?)),
            "solve" => Ok(ToWorker::Solve {
                id: record.whole("id")?,
                task: record.task()?,
                mode: match record.text("mode")? {
                    "best" => Mode::Best,
                    "quick" => Mode::Quick,
                    "mirror" => Mode::Mirror,
                    other => return Err(format!("there is no mode called '{other}'")),
                },
            }),
            "round" => Ok(ToWorker::Round {
                id: record.whole("id")?,
                board: record.board()?,
                depth: record.word("depth")? as usize,
                branches: match record.field("branches")? {
                    Value::Words(words) => words.clone(),
                    _ => return Err(record.wrong("branches", "a list of numbers")),
                },
                bound: record.word("bound")?,
            }),
            "cancel" => Ok(ToWorker::Cancel {
                id: record.whole("id")?,
            }),
            "" => Err("the message has no kind".into()),
            other => Err(format!("there is no message called '{other}'")),
        }
    }
}

impl FromWorker {
    /// The message as a record.
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
            } => Record::new("progress")
                .number("id", *id as f64)
                .number("expanded", *expanded as f64)
                .with(
                    "bound",
                    bound.map_or(Value::Null, |b| Value::Number(f64::from(b))),
                ),
            FromWorker::Answer {
                id,
                answer,
                expanded,
                lower_bound,
                elapsed_ms,
                memory_bytes,
            } => Record::new("answer")
                .number("id", *id as f64)
                .with_answer(answer)
                .number("expanded", *expanded as f64)
                .number("lowerBound", *lower_bound)
                .number("elapsedMs", *elapsed_ms)
                .number("memoryBytes", *memory_bytes),
            FromWorker::RoundDone {
                id,
                bound,
                found,
                next_bound,
                expanded,
            } => Record::new("round")
                .number("id", *id as f64)
                .number("bound", *bound)
                .with(
                    "found",
                    found.as_ref().map_or(Value::Null, |moves| {
                        Value::Text(format_moves(moves, Notation::Blank))
                    }),
                )
                .number("nextBound", *next_bound)
                .number("expanded", *expanded as f64),
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
                set: record.table_set()?,
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
            }),
            "answer" => Ok(FromWorker::Answer {
                id: record.whole("id")?,
                answer: record.answer()?,
                expanded: record.whole("expanded")?,
                lower_bound: record.word("lowerBound")?,
                elapsed_ms: record.real("elapsedMs")?,
                memory_bytes: record.real("memoryBytes")?,
            }),
            "round" => Ok(FromWorker::RoundDone {
                id: record.whole("id")?,
                bound: record.word("bound")?,
                found: if record.is_null("found")? {
                    None
                } else {
                    Some(record.moves("found")?)
                },
                next_bound: record.word("nextBound")?,
                expanded: record.whole("expanded")?,
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
