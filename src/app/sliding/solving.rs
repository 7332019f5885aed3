//! The sliding puzzle's solver work: its tasks (a board's solution, a board
//! drawn by difficulty), their answers, how they travel to a worker, the
//! tables they need and what the pool may do with them. The worker's side
//! is [`super::runner`].

use std::ops::RangeInclusive;

use super::runner::SlidingRunner;
use crate::app::workers::job::{
    AnswerRecord, Capabilities, JobRunner, SolverWork, Task, TaskRecord,
};
use crate::app::workers::record::{Record, Value};
#[cfg(not(target_arch = "wasm32"))]
use crate::app::workers::tables::TableBuild;
use crate::app::workers::tables::{TableSet, TableSpec};
use crate::app::workers::Answer;
use crate::sliding::{fifteen, near, twentyfour};
use crate::sliding::{format_moves, parse_moves, Board, Dir, Notation};

/// The game's id in worker messages: its save format's id, declared once
/// there and used by saves, links, the page and the workers alike.
pub const GAME: &str = <crate::app::sliding::SlidingPuzzle as crate::app::save::SaveFormat>::ID;

/// The 4x4's pattern databases (14.9 MB gzipped).
pub static FIFTEEN_TABLES: TableSpec = TableSpec {
    name: "4x4",
    file: fifteen::TABLE_FILE,
    env: "SLIDE_TABLES",
    description: "4x4 pattern databases",
    failure_note: |reason| pattern_failure("4x4", reason),
    attribute: "data-tables",
    #[cfg(not(target_arch = "wasm32"))]
    build: TableBuild {
        how_long: "about a minute and a half",
        check: |bytes| {
            fifteen::FifteenTables::from_bytes(bytes)
                .map(drop)
                .map_err(|e| e.to_string())
        },
        build: |progress| fifteen::FifteenTables::build_with(progress).to_bytes(),
    },
};

/// The 5x5's pattern databases, for boards of 5x5 and up.
pub static TWENTYFOUR_TABLES: TableSpec = TableSpec {
    name: "5x5",
    file: twentyfour::TABLE_FILE,
    env: "SLIDE_TABLES_5X5",
    description: "5x5 pattern databases",
    failure_note: |reason| pattern_failure("5x5", reason),
    attribute: "data-tables-5x5",
    #[cfg(not(target_arch = "wasm32"))]
    build: TableBuild {
        how_long: "about twenty seconds",
        check: |bytes| {
            twentyfour::TwentyFourTables::from_bytes(bytes)
                .map(drop)
                .map_err(|e| e.to_string())
        },
        build: |progress| twentyfour::TwentyFourTables::build_with(progress).to_bytes(),
    },
};

fn pattern_failure(name: &str, reason: &str) -> String {
    format!(
        "The {name} tables could not be loaded ({reason}); {name} solving is slower without them."
    )
}

/// The 4x4's tables as a set.
pub const FIFTEEN: TableSet = TableSet(&FIFTEEN_TABLES);
/// The 5x5's tables as a set.
pub const TWENTYFOUR: TableSet = TableSet(&TWENTYFOUR_TABLES);

/// A board's solution: a shortest one where the size allows, a good one
/// otherwise. Answered with a [`SlidingAnswer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlidingTask {
    /// The board to solve, of any size [`Board`] allows (every `Board` is
    /// solvable); the answer's moves start from it.
    pub board: Board,
}

impl SlidingTask {
    /// The task for `board`, ready to send.
    pub fn task(board: Board) -> Task {
        Task::new(SlidingTask { board })
    }

    fn size(&self) -> (usize, usize) {
        (self.board.width(), self.board.height())
    }

    fn is_fifteen(&self) -> bool {
        self.size() == (4, 4)
    }

    fn is_near(&self) -> bool {
        near::is_near_size(self.board.width(), self.board.height())
    }
}

impl TaskRecord for SlidingTask {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "solve"
    }

    fn write(&self, record: Record) -> Record {
        with_board(record, &self.board)
    }

    fn capabilities(&self) -> Capabilities {
        let (width, height) = self.size();
        Capabilities {
            // IDA* on a 4x4 with the tables splits over the workers.
            splits: self.is_fifteen(),
            quick_answer: self.is_fifteen() || self.is_near(),
            // The 5x5 and up are never proven optimal: nothing to wait for.
            quick_at_once: self.is_near(),
            mirrors: self.is_near() && width == height,
            // The second view gains on two workers too: a 5x5's search
            // from the goal's side, a larger square board's mirror image
            // (0.01 to 0.02 x Manhattan, within the 3 s allowed: issue 24
            // point 3, BENCHMARKS.md).
            mirrors_on_two: self.is_near() && width == height,
        }
    }

    /// The 5x5 tables for 5x5 and up. The 4x4 waits for nothing: its
    /// runner answers without the big tables (see [`TaskRecord::better_with`]).
    fn tables(&self) -> Option<TableSet> {
        self.is_near().then_some(TWENTYFOUR)
    }

    /// The big 4x4 tables: without them the 4x4 is answered at once, quick
    /// by weighted A* and best by the small 5-5-5 tier the worker builds
    /// itself; the search moves to them when they come (see
    /// [`super::runner`]).
    fn better_with(&self) -> Option<TableSet> {
        self.is_fifteen().then_some(FIFTEEN)
    }

    fn branches(&self, depth: usize) -> usize {
        if self.is_fifteen() {
            fifteen::split_branches(&self.board, depth).len()
        } else {
            0
        }
    }
}

/// A random board whose exact shortest solution is in `range` (see
/// [`crate::sliding::difficulty`]); answered with a [`DrawnBoard`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawTask {
    /// The board's width (3 or 4, with its height: the sizes with
    /// difficulty levels).
    pub width: usize,
    /// Its height in cells; a size without difficulty levels is refused with
    /// an error, not drawn at another size.
    pub height: usize,
    /// The exact distances allowed.
    pub range: RangeInclusive<u32>,
    /// Fixes the draw (below 2^53, so that it travels as a number).
    pub seed: u64,
}

impl TaskRecord for DrawTask {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "draw"
    }

    fn write(&self, record: Record) -> Record {
        record
            .number("width", self.width as f64)
            .number("height", self.height as f64)
            .number("low", *self.range.start())
            .number("high", *self.range.end())
            .number("seed", self.seed as f64)
    }

    fn tables(&self) -> Option<TableSet> {
        ((self.width, self.height) == (4, 4)).then_some(FIFTEEN)
    }
}

/// The blank's moves from the board to the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlidingAnswer {
    /// The blank's moves in playing order, from the task's board to the goal;
    /// empty only when the board is already solved.
    pub moves: Vec<Dir>,
    /// Whether no shorter solution exists.
    pub optimal: bool,
    /// A proven lower bound on the board's distance to the goal: no
    /// solution is shorter (see [`crate::sliding::bound`]). The length of
    /// `moves` when `optimal`; 0 when the worker gave none.
    pub bound: u32,
}

impl SlidingAnswer {
    /// The answer, ready to send: `bound` is a proven lower bound (raised
    /// to the length if `optimal`), and a solution as short as its bound is
    /// proven optimal.
    pub fn answer(moves: Vec<Dir>, optimal: bool, bound: u32) -> Answer {
        let length = moves.len() as u32;
        let bound = if optimal { length } else { bound.min(length) };
        Answer::new(SlidingAnswer {
            optimal: optimal || length == bound,
            moves,
            bound,
        })
    }
}

impl AnswerRecord for SlidingAnswer {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "solve"
    }

    fn write(&self, record: Record) -> Record {
        record
            .with(
                "moves",
                Value::Text(format_moves(&self.moves, Notation::Blank)),
            )
            .with("optimal", Value::Flag(self.optimal))
            .number("bound", self.bound)
    }

    fn is_optimal(&self) -> bool {
        self.optimal
    }

    fn moves(&self) -> Option<usize> {
        Some(self.moves.len())
    }
}

/// A board drawn for a [`DrawTask`], with its exact distance to the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnBoard {
    /// A board of the task's width and height whose shortest solution is
    /// `distance` moves long.
    pub board: Board,
    /// Its shortest solution's length.
    pub distance: u32,
}

impl AnswerRecord for DrawnBoard {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "draw"
    }

    fn write(&self, record: Record) -> Record {
        with_board(record, &self.board).number("distance", self.distance)
    }

    fn is_optimal(&self) -> bool {
        true
    }

    /// A drawn board carries no solution.
    fn moves(&self) -> Option<usize> {
        None
    }
}

/// The sliding puzzle's solver work, for the registry.
pub struct SlidingWork;

impl SolverWork for SlidingWork {
    fn game(&self) -> &'static str {
        GAME
    }

    fn read_task(&self, kind: &str, record: &Record) -> Result<Task, String> {
        match kind {
            "solve" => Ok(Task::new(SlidingTask {
                board: read_board(record)?,
            })),
            "draw" => {
                let (low, high) = (record.word("low")?, record.word("high")?);
                Ok(Task::new(DrawTask {
                    width: record.whole("width")? as usize,
                    height: record.whole("height")? as usize,
                    range: low..=high,
                    seed: record.whole("seed")?,
                }))
            }
            other => Err(unknown_kind(other)),
        }
    }

    fn read_answer(&self, kind: &str, record: &Record) -> Result<Answer, String> {
        match kind {
            "solve" => {
                let moves = read_moves(record, "moves")?;
                let bound = record.word("bound")?;
                // No solution is shorter than a proven bound.
                if bound as usize > moves.len() {
                    return Err(format!(
                        "the solve message's bound {bound} is above its {} moves",
                        moves.len()
                    ));
                }
                Ok(Answer::new(SlidingAnswer {
                    moves,
                    optimal: record.flag("optimal")?,
                    bound,
                }))
            }
            "draw" => Ok(Answer::new(DrawnBoard {
                board: read_board(record)?,
                distance: record.word("distance")?,
            })),
            other => Err(unknown_kind(other)),
        }
    }

    fn tables(&self) -> &'static [TableSet] {
        &[FIFTEEN, TWENTYFOUR]
    }

    fn runner(&self) -> Box<dyn JobRunner> {
        Box::new(SlidingRunner::new())
    }

    fn examples(&self) -> Vec<(Task, Answer)> {
        let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("a board");
        vec![
            (
                SlidingTask::task(board.clone()),
                SlidingAnswer::answer(vec![Dir::Left], true, 1),
            ),
            (
                Task::new(DrawTask {
                    width: 3,
                    height: 3,
                    range: 1..=1,
                    seed: 1,
                }),
                Answer::new(DrawnBoard { board, distance: 1 }),
            ),
        ]
    }
}

fn unknown_kind(kind: &str) -> String {
    format!("the sliding puzzle has no task called '{kind}'")
}

/// The board in a record's `width`, `height` and `tiles`.
pub fn read_board(record: &Record) -> Result<Board, String> {
    let width = record.whole("width")? as usize;
    let height = record.whole("height")? as usize;
    Board::from_tiles(width, height, record.bytes("tiles")?)
        .map_err(|error| format!("the board of the {} message: {error}", record.kind))
}

/// `record` with `board` in its `width`, `height` and `tiles`.
pub fn with_board(record: Record, board: &Board) -> Record {
    record
        .number("width", board.width() as f64)
        .number("height", board.height() as f64)
        .with("tiles", Value::Bytes(board.tiles().to_vec()))
}

/// The blank's moves in a record's field, written as letters.
pub fn read_moves(record: &Record, name: &str) -> Result<Vec<Dir>, String> {
    parse_moves(record.text(name)?, Notation::Blank)
        .map_err(|error| format!("the field '{name}' of the {} message: {error}", record.kind))
}
