//! Peg solitaire's solver work: its tasks (a solution reaching the goal,
//! the fewest moves when a chain of jumps counts as one), their answers and
//! how they travel, the table of the built-in layouts' fewest moves, and
//! the jobs a worker runs for them.

use std::sync::Arc;

use crate::app::workers::job::{
    Aim, AnswerRecord, JobRunner, Solved, SolverWork, Started, Stepped, Task, TaskRecord, TimeSlice,
};
use crate::app::workers::record::{Record, Value};
#[cfg(not(target_arch = "wasm32"))]
use crate::app::workers::tables::TableBuild;
use crate::app::workers::tables::{TableSet, TableSpec};
use crate::app::workers::Answer;
use crate::pegs::{
    chain_holes, chain_through, ChainMove, FewestSolver, FewestTable, Goal, Jump, PegBoard,
    PegSolver, FEWEST_FILE, HOLES,
};

/// The game's id in worker messages: its save format's id, declared once
/// there and used by saves, links, the page and the workers alike.
pub const GAME: &str = <crate::app::pegs::PegSolitaire as crate::app::save::SaveFormat>::ID;

/// The most positions a search for the fewest chain moves may learn bounds
/// for (some 40 MB in a browser) before it gives up: the built-in layouts
/// other than the classic need at most a tenth of that, and the classic's
/// answers come from the table; a start of the player's own that needs more
/// would keep the worker busy for minutes.
pub const FEWEST_LEARNT_LIMIT: usize = 1_000_000;

/// The fewest chain moves from the built-in peg layouts (a few kB).
pub static PEG_TABLES: TableSpec = TableSpec {
    name: "pegs",
    file: FEWEST_FILE,
    env: "SLIDE_TABLES_PEGS",
    description: "peg layouts' fewest moves",
    failure_note: |reason| {
        format!(
            "The table of the peg layouts' fewest moves could not be loaded ({reason}); \
             the fewest is searched for instead, which may take too long."
        )
    },
    attribute: "data-tables-pegs",
    #[cfg(not(target_arch = "wasm32"))]
    build: TableBuild {
        how_long: "about two minutes, most of it the classic game's",
        check: |bytes| FewestTable::from_bytes(bytes).map(drop),
        build: |progress| {
            FewestTable::build(&mut |done, total| {
                progress(crate::sliding::pdb::BuildProgress {
                    done: done as u64,
                    total: total as u64,
                })
            })
            .to_bytes()
        },
    },
};

/// The peg table as a set.
pub const PEGS: TableSet = TableSet(&PEG_TABLES);

/// A position's solution reaching the goal, or proof that there is none;
/// answered with a [`PegsAnswer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PegsTask {
    /// The position to solve from: any pegs on the 33 holes, whether or not
    /// the goal can be reached from it.
    pub board: PegBoard,
    /// Where the last peg must end.
    pub goal: Goal,
}

/// A position's fewest moves when a chain of jumps by one peg counts as
/// one, from the table of the built-in layouts ([`PEGS`]) or by a search;
/// answered with a [`FewestAnswer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FewestTask {
    /// The position to count from: any pegs on the 33 holes, whether or not
    /// the goal can be reached from it.
    pub board: PegBoard,
    /// Where the last peg must end.
    pub goal: Goal,
}

fn with_position(record: Record, board: &PegBoard, goal: &Goal) -> Record {
    record.number("board", board.bits() as f64).number(
        "goal",
        match goal {
            Goal::Hole(hole) => f64::from(*hole),
            Goal::AnyHole => -1.0,
        },
    )
}

fn read_position(record: &Record) -> Result<(PegBoard, Goal), String> {
    let board = PegBoard::from_bits(record.whole("board")?)
        .map_err(|error| format!("the field 'board': {error}"))?;
    let goal = match record.field("goal")? {
        Value::Number(n) if *n == -1.0 => Goal::AnyHole,
        Value::Number(n) if n.fract() == 0.0 && (0.0..HOLES as f64).contains(n) => {
            Goal::Hole(*n as u8)
        }
        _ => return Err(record.wrong("goal", "a hole from 0 to 32, or -1 for any")),
    };
    Ok((board, goal))
}

impl TaskRecord for PegsTask {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "solve"
    }

    fn write(&self, record: Record) -> Record {
        with_position(record, &self.board, &self.goal)
    }
}

impl TaskRecord for FewestTask {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "fewest"
    }

    fn write(&self, record: Record) -> Record {
        with_position(record, &self.board, &self.goal)
    }

    fn tables(&self) -> Option<TableSet> {
        Some(PEGS)
    }
}

/// The jumps of a solution, or `None`: the goal cannot be reached. Every
/// solution is as short as any, and "none" is final: always optimal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PegsAnswer {
    /// The jumps in playing order from the task's board, one peg over one
    /// neighbour each; after the last, one peg stands where the goal asks.
    pub jumps: Option<Vec<Jump>>,
}

/// The fewest chain moves for a [`FewestTask`], as one way to play them,
/// or `None`: the goal cannot be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FewestAnswer {
    /// The chains of jumps, in order.
    pub chains: Option<Vec<ChainMove>>,
}

impl AnswerRecord for PegsAnswer {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "solve"
    }

    fn write(&self, record: Record) -> Record {
        record.with(
            "jumps",
            match &self.jumps {
                Some(jumps) => Value::Bytes(jumps.iter().flat_map(|j| [j.from, j.to]).collect()),
                None => Value::Null,
            },
        )
    }

    fn is_optimal(&self) -> bool {
        true
    }

    fn moves(&self) -> Option<usize> {
        self.jumps.as_ref().map(Vec::len)
    }
}

/// Ends a chain of jumps in a [`FewestAnswer`]'s bytes, which are each
/// chain's holes (where the peg starts, then each hole it lands in).
const CHAIN_END: u8 = u8::MAX;

impl AnswerRecord for FewestAnswer {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "fewest"
    }

    fn write(&self, record: Record) -> Record {
        record.with(
            "chains",
            match &self.chains {
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
        )
    }

    fn is_optimal(&self) -> bool {
        true
    }

    fn moves(&self) -> Option<usize> {
        self.chains.as_ref().map(Vec::len)
    }
}

/// Peg solitaire's solver work, for the registry.
pub struct PegsWork;

impl SolverWork for PegsWork {
    fn game(&self) -> &'static str {
        GAME
    }

    fn read_task(&self, kind: &str, record: &Record) -> Result<Task, String> {
        let (board, goal) = read_position(record)?;
        match kind {
            "solve" => Ok(Task::new(PegsTask { board, goal })),
            "fewest" => Ok(Task::new(FewestTask { board, goal })),
            other => Err(unknown_kind(other)),
        }
    }

    fn read_answer(&self, kind: &str, record: &Record) -> Result<Answer, String> {
        match kind {
            "solve" => {
                if record.is_null("jumps")? {
                    return Ok(Answer::new(PegsAnswer { jumps: None }));
                }
                let bytes = record.bytes("jumps")?;
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
                Ok(Answer::new(PegsAnswer { jumps: Some(jumps) }))
            }
            "fewest" => {
                if record.is_null("chains")? {
                    return Ok(Answer::new(FewestAnswer { chains: None }));
                }
                let chains = record
                    .bytes("chains")?
                    .split(|&byte| byte == CHAIN_END)
                    .filter(|holes| !holes.is_empty())
                    .map(|holes| {
                        chain_through(&holes.iter().map(|&h| usize::from(h)).collect::<Vec<_>>())
                    })
                    .collect::<Result<_, _>>()?;
                Ok(Answer::new(FewestAnswer {
                    chains: Some(chains),
                }))
            }
            other => Err(unknown_kind(other)),
        }
    }

    fn tables(&self) -> &'static [TableSet] {
        &[PEGS]
    }

    fn runner(&self) -> Box<dyn JobRunner> {
        Box::new(PegsRunner::new())
    }

    fn examples(&self) -> Vec<(Task, Answer)> {
        // Two pegs, one jump from the end.
        let board = PegBoard::with_pegs(&[4, 9]).expect("holes on the board");
        let (goal, jumps) = (
            Goal::AnyHole,
            Some(vec![Jump::between(4, 16).expect("a jump")]),
        );
        vec![
            (
                Task::new(PegsTask { board, goal }),
                Answer::new(PegsAnswer { jumps }),
            ),
            (
                Task::new(FewestTask { board, goal }),
                Answer::new(FewestAnswer { chains: None }),
            ),
        ]
    }
}

fn unknown_kind(kind: &str) -> String {
    format!("peg solitaire has no task called '{kind}'")
}

/// The job under way; `expanded` counts the positions examined in the
/// slices before this one.
enum PegsJob {
    Solve {
        board: PegBoard,
        goal: Goal,
        expanded: u64,
    },
    Fewest {
        board: PegBoard,
        goal: Goal,
        expanded: u64,
    },
}

/// Peg solitaire's state in one worker: a peg solver's table of lost
/// positions (one goal at a time), the table of the peg layouts' fewest
/// chain moves, and what a search for the fewest learnt (one goal at a
/// time, while it stays small).
pub struct PegsRunner {
    pegs: Option<PegSolver>,
    fewest_table: Option<Arc<FewestTable>>,
    received: Option<FewestTable>,
    fewest: Option<FewestSolver>,
    /// How many positions a search for the fewest may learn before it
    /// gives up.
    fewest_limit: usize,
    job: Option<PegsJob>,
}

impl Default for PegsRunner {
    fn default() -> Self {
        PegsRunner::new()
    }
}

impl PegsRunner {
    /// A runner with no table.
    pub fn new() -> PegsRunner {
        PegsRunner {
            pegs: None,
            fewest_table: None,
            received: None,
            fewest: None,
            fewest_limit: FEWEST_LEARNT_LIMIT,
            job: None,
        }
    }

    /// The runner with the table of the peg layouts' fewest chain moves
    /// installed (natively; an empty table has every answer searched for).
    pub fn with_fewest_table(mut self, table: Arc<FewestTable>) -> PegsRunner {
        self.fewest_table = Some(table);
        self
    }

    /// The runner with searches for the fewest chain moves giving up once
    /// they have learnt `limit` positions, rather than
    /// [`FEWEST_LEARNT_LIMIT`].
    pub fn with_fewest_limit(mut self, limit: usize) -> PegsRunner {
        self.fewest_limit = limit;
        self
    }

    /// A slice of the peg search. A slice that runs out restarts the search
    /// from the position on the next one: nothing is lost, because every
    /// position the search finished with is in the solver's table of lost
    /// positions, kept for the worker's life, so the restart walks straight
    /// back to where it stopped.
    fn step_solve(
        &mut self,
        board: PegBoard,
        goal: Goal,
        expanded: &mut u64,
        slice: &TimeSlice<'_>,
    ) -> Option<Stepped> {
        let solver = match self.pegs.take() {
            Some(solver) if solver.goal() == goal => solver,
            _ => PegSolver::new(goal),
        };
        let solver = self.pegs.insert(solver);
        let mut stop = slice.monitor();
        match solver.solve(board, &mut stop) {
            Err(interrupted) => {
                *expanded += interrupted.progress.expanded;
                None
            }
            Ok(solution) => {
                let total = *expanded + solution.as_ref().map_or(0, |s| s.expanded);
                let answer = Answer::new(PegsAnswer {
                    jumps: solution.map(|s| s.moves),
                });
                Some(Stepped::Solved(Solved::new(answer, total)))
            }
        }
    }

    /// A slice of the search for the fewest chain moves. Like the peg
    /// search, a slice that runs out starts again on the next one, walking
    /// back through what the solver learnt; a search that has learnt more
    /// positions than its limit gives up, and its memory is freed.
    fn step_fewest(
        &mut self,
        board: PegBoard,
        goal: Goal,
        expanded: &mut u64,
        slice: &TimeSlice<'_>,
    ) -> Result<Option<Stepped>, u32> {
        let solver = match self.fewest.take() {
            Some(solver) if solver.goal() == goal => solver,
            _ => FewestSolver::new(goal),
        };
        let solver = self.fewest.insert(solver);
        let mut stop = slice.monitor();
        match solver.solve(board, &mut stop) {
            Err(interrupted) => {
                *expanded += interrupted.progress.expanded;
                if solver.learnt() > self.fewest_limit {
                    self.fewest = None;
                    return Ok(Some(Stepped::Failed(
                        "the fewest chain moves from this position would take the page too long \
                         to find"
                            .into(),
                    )));
                }
                Err(interrupted.progress.bound)
            }
            Ok(solution) => {
                let total = *expanded + solution.as_ref().map_or(0, |s| s.expanded);
                let answer = Answer::new(FewestAnswer {
                    chains: solution.map(|s| s.moves),
                });
                Ok(Some(Stepped::Solved(Solved::new(answer, total))))
            }
        }
    }
}

impl JobRunner for PegsRunner {
    fn game(&self) -> &'static str {
        GAME
    }

    fn start(&mut self, task: &Task, _: Aim) -> Result<Started, String> {
        self.job = None;
        if let Some(&PegsTask { board, goal }) = task.get() {
            self.job = Some(PegsJob::Solve {
                board,
                goal,
                expanded: 0,
            });
        } else if let Some(&FewestTask { board, goal }) = task.get() {
            let known = self
                .fewest_table
                .as_ref()
                .and_then(|table| table.fewest(board, goal));
            if let Some(chains) = known {
                // Worked out at build time.
                let answer = Answer::new(FewestAnswer {
                    chains: Some(chains.to_vec()),
                });
                return Ok(Started::Solved(Solved::new(answer, 0)));
            }
            self.job = Some(PegsJob::Fewest {
                board,
                goal,
                expanded: 0,
            });
        } else {
            return Err("not a peg-solitaire task".into());
        }
        Ok(Started::Running)
    }

    fn step(&mut self, slice: &TimeSlice<'_>) -> Stepped {
        let Some(mut job) = self.job.take() else {
            return Stepped::Failed("no job is under way".into());
        };
        let (done, total, bound) = match &mut job {
            PegsJob::Solve {
                board,
                goal,
                expanded,
            } => (
                self.step_solve(*board, *goal, expanded, slice),
                *expanded,
                None,
            ),
            PegsJob::Fewest {
                board,
                goal,
                expanded,
            } => match self.step_fewest(*board, *goal, expanded, slice) {
                Ok(done) => (done, *expanded, None),
                Err(bound) => (None, *expanded, Some(bound)),
            },
        };
        match done {
            Some(done) => done,
            None => {
                self.job = Some(job);
                Stepped::Running {
                    expanded: total,
                    bound,
                }
            }
        }
    }

    fn cancel(&mut self) {
        self.job = None;
    }

    fn has_tables(&self, set: TableSet) -> bool {
        set == PEGS && self.fewest_table.is_some()
    }

    fn receive_table(&mut self, _: TableSet, bytes: Vec<u8>) -> Result<(), String> {
        let text = std::str::from_utf8(&bytes).map_err(|_| "the table is not text")?;
        self.received = Some(FewestTable::from_text(text)?);
        Ok(())
    }

    fn finish_tables(&mut self, _: TableSet) -> Result<(), String> {
        match self.received.take() {
            Some(table) => {
                self.fewest_table = Some(Arc::new(table));
                Ok(())
            }
            None => Err("the file holds no table".to_string()),
        }
    }

    fn tables_failed(&mut self, _: TableSet) {
        self.received = None;
    }
}
