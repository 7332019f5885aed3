//! The sliding-block puzzles' solver work: the task (a shortest solution
//! in the game's metric), its answer and how they travel, and the job a
//! worker runs for it, in slices of the breadth-first search.

use crate::app::workers::job::{
    Aim, AnswerRecord, JobRunner, Solved, SolverWork, Started, Stepped, Task, TaskRecord,
    TimeSlice, CHUNK,
};
use crate::app::workers::record::{Record, Value};
use crate::app::workers::Answer;
use crate::blocks::{parse, sliced, BlockMove, BlockSolver, Board, Metric};
use crate::search::Step;

/// The game's id in worker messages: its save format's id, declared once
/// there and used by saves, links, the page and the workers alike.
pub const GAME: &str = <crate::app::blocks::SlidingBlocks as crate::app::save::SaveFormat>::ID;

/// A shortest solution of a board in moves of a metric, or proof that the
/// piece cannot be freed; answered with a [`BlocksAnswer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlocksTask {
    /// The position to solve from. Being a [`Board`], it is already checked:
    /// pieces on the board, none overlapping, exactly one piece to free.
    pub board: Board,
    /// What one move is.
    pub metric: Metric,
}

impl TaskRecord for BlocksTask {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "solve"
    }

    fn write(&self, record: Record) -> Record {
        record
            .with(
                "board",
                Value::Text(crate::blocks::format_line(&self.board)),
            )
            .with("metric", Value::Text(self.metric.id().into()))
    }
}

/// The moves of a shortest solution, or `None`: the piece cannot be freed.
/// Breadth-first search makes either final.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlocksAnswer {
    /// The moves in playing order from the task's board, each one piece slid
    /// as the task's metric allows.
    pub moves: Option<Vec<BlockMove>>,
}

impl AnswerRecord for BlocksAnswer {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "solve"
    }

    fn write(&self, record: Record) -> Record {
        record.with(
            "moves",
            match &self.moves {
                // Four bytes a move: from row, from column, to row, to column.
                Some(moves) => Value::Bytes(
                    moves
                        .iter()
                        .flat_map(|mv| [mv.from.row, mv.from.col, mv.to.row, mv.to.col])
                        .collect(),
                ),
                None => Value::Null,
            },
        )
    }

    fn is_optimal(&self) -> bool {
        true
    }

    fn moves(&self) -> Option<usize> {
        self.moves.as_ref().map(Vec::len)
    }
}

/// The sliding-block puzzles' solver work, for the registry.
pub struct BlocksWork;

impl SolverWork for BlocksWork {
    fn game(&self) -> &'static str {
        GAME
    }

    fn read_task(&self, kind: &str, record: &Record) -> Result<Task, String> {
        if kind != "solve" {
            return Err(unknown_kind(kind));
        }
        let board =
            parse(record.text("board")?).map_err(|error| format!("the field 'board': {error}"))?;
        let metric = Metric::from_id(record.text("metric")?)
            .ok_or_else(|| record.wrong("metric", "straight, path or step"))?;
        Ok(Task::new(BlocksTask { board, metric }))
    }

    fn read_answer(&self, kind: &str, record: &Record) -> Result<Answer, String> {
        if kind != "solve" {
            return Err(unknown_kind(kind));
        }
        if record.is_null("moves")? {
            return Ok(Answer::new(BlocksAnswer { moves: None }));
        }
        let bytes = record.bytes("moves")?;
        if bytes.len() % 4 != 0 {
            return Err("a move is cut short: each takes four bytes".into());
        }
        let moves = bytes
            .chunks(4)
            .map(|b| BlockMove {
                from: crate::blocks::Cell::new(b[0], b[1]),
                to: crate::blocks::Cell::new(b[2], b[3]),
            })
            .collect();
        Ok(Answer::new(BlocksAnswer { moves: Some(moves) }))
    }

    fn runner(&self) -> Box<dyn JobRunner> {
        Box::new(BlocksRunner::default())
    }

    /// Rush Hour's first card in straight slides, with a shortest solution
    /// and with "none".
    fn examples(&self) -> Vec<(Task, Answer)> {
        let board = crate::blocks::layout("card-1")
            .expect("card 1 is built in")
            .board();
        let moves = crate::blocks::solve_fully(&board, Metric::Straight);
        let task = Task::new(BlocksTask {
            board,
            metric: Metric::Straight,
        });
        vec![
            (task.clone(), Answer::new(BlocksAnswer { moves })),
            (task, Answer::new(BlocksAnswer { moves: None })),
        ]
    }
}

fn unknown_kind(kind: &str) -> String {
    format!("the sliding-block puzzles have no task called '{kind}'")
}

/// The sliding-block puzzles' state in one worker: the search under way.
/// Nothing is worth keeping between requests: a whole search takes a few
/// milliseconds.
#[derive(Default)]
pub struct BlocksRunner {
    job: Option<BlockSolver>,
}

impl JobRunner for BlocksRunner {
    fn game(&self) -> &'static str {
        GAME
    }

    fn start(&mut self, task: &Task, _: Aim) -> Result<Started, String> {
        let task: &BlocksTask = task.get().ok_or("not a sliding-block task")?;
        self.job = Some(sliced(&task.board, task.metric));
        Ok(Started::Running)
    }

    fn step(&mut self, slice: &TimeSlice<'_>) -> Stepped {
        let Some(search) = self.job.as_mut() else {
            return Stepped::Failed("no job is under way".into());
        };
        loop {
            match search.run(CHUNK) {
                Step::Running if slice.is_over() => {
                    let progress = search.progress();
                    return Stepped::Running {
                        expanded: progress.expanded,
                        bound: Some(progress.bound),
                    };
                }
                Step::Running => {}
                Step::Found(solution) => {
                    self.job = None;
                    let answer = Answer::new(BlocksAnswer {
                        moves: Some(solution.moves),
                    });
                    return Stepped::Solved(Solved::new(answer, solution.expanded));
                }
                Step::Exhausted(_) => {
                    let expanded = search.progress().expanded;
                    self.job = None;
                    let answer = Answer::new(BlocksAnswer { moves: None });
                    return Stepped::Solved(Solved::new(answer, expanded));
                }
            }
        }
    }

    fn cancel(&mut self) {
        self.job = None;
    }
}
