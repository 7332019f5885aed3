//! The messages between the page and the solver workers: every one survives
//! its plain-record encoding, and damaged records are refused with a reason
//! that names the field, never a panic.

use slide::app::pegs::solving::{FewestAnswer, FewestTask, PegsAnswer, PegsTask, PEGS};
use slide::app::sliding::solving::{SlidingAnswer, SlidingTask, FIFTEEN, TWENTYFOUR};
use slide::app::workers::job::Aim;
use slide::app::workers::job::{Round, RoundDone};
use slide::app::workers::protocol::{FromWorker, ToWorker};
use slide::app::workers::record::{Record, Value};
use slide::app::workers::{Answer, Task};
use slide::pegs::{layout, Goal, Jump, PegBoard};
use slide::sliding::{Board, Dir};

fn to_worker_samples() -> Vec<ToWorker> {
    let classic = layout("classic").unwrap();
    vec![
        ToWorker::Prepare(FIFTEEN),
        ToWorker::Prepare(TWENTYFOUR),
        ToWorker::Solve {
            id: 1,
            task: Task::new(SlidingTask {
                board: Board::shuffled(4, 4, 7).unwrap(),
            }),
            aim: Aim::Best,
        },
        ToWorker::Solve {
            id: 2,
            task: Task::new(SlidingTask {
                board: Board::shuffled(10, 10, 7).unwrap(),
            }),
            aim: Aim::Quick,
        },
        ToWorker::Solve {
            id: 3,
            task: Task::new(SlidingTask {
                board: Board::shuffled(3, 5, 1).unwrap(),
            }),
            aim: Aim::Best,
        },
        ToWorker::Solve {
            id: 9_007_199_254_740_000,
            task: Task::new(PegsTask {
                board: classic.start,
                goal: Goal::CENTRE,
            }),
            aim: Aim::Best,
        },
        ToWorker::Solve {
            id: 5,
            task: Task::new(PegsTask {
                board: PegBoard::empty(),
                goal: Goal::AnyHole,
            }),
            aim: Aim::Quick,
        },
        ToWorker::Round {
            id: 6,
            task: SlidingTask::task(Board::shuffled(4, 4, 3).unwrap()),
            round: Round {
                depth: 8,
                branches: vec![0, 1, 2, 449],
                bound: 52,
            },
        },
        ToWorker::Round {
            id: 7,
            task: SlidingTask::task(Board::solved(4, 4).unwrap()),
            round: Round {
                depth: 8,
                branches: vec![],
                bound: 0,
            },
        },
        ToWorker::Cancel { id: 8 },
        ToWorker::Solve {
            id: 11,
            task: Task::new(FewestTask {
                board: classic.start,
                goal: Goal::AnyHole,
            }),
            aim: Aim::Best,
        },
        ToWorker::Prepare(PEGS),
    ]
}

fn from_worker_samples() -> Vec<FromWorker> {
    let t = layout("t").unwrap();
    let jumps = slide::pegs::solve(t.start, t.goal).unwrap();
    vec![
        FromWorker::Ready,
        FromWorker::Tables {
            set: TWENTYFOUR,
            ok: true,
            message: String::new(),
        },
        FromWorker::Tables {
            set: FIFTEEN,
            ok: false,
            message: "tables/x.gz: HTTP 404".into(),
        },
        FromWorker::Progress {
            id: 1,
            expanded: 123_456_789,
            bound: Some(54),
            building: None,
        },
        FromWorker::Progress {
            id: 2,
            expanded: 0,
            bound: None,
            building: Some(40),
        },
        FromWorker::Answer {
            id: 3,
            answer: Answer::new(SlidingAnswer {
                moves: vec![Dir::Up, Dir::Left, Dir::Down, Dir::Right],
                optimal: true,
                bound: 0,
            }),
            expanded: 42,
            lower_bound: 4,
            elapsed_ms: 12.5,
            memory_bytes: 40_108_032.0,
        },
        FromWorker::Answer {
            id: 4,
            answer: Answer::new(SlidingAnswer {
                moves: vec![],
                optimal: false,
                bound: 0,
            }),
            expanded: 0,
            lower_bound: 0,
            elapsed_ms: 0.0,
            memory_bytes: 0.0,
        },
        FromWorker::Answer {
            id: 5,
            answer: Answer::new(PegsAnswer { jumps: Some(jumps) }),
            expanded: 9,
            lower_bound: 0,
            elapsed_ms: 0.25,
            memory_bytes: 1.0,
        },
        FromWorker::Answer {
            id: 6,
            answer: Answer::new(PegsAnswer { jumps: None }),
            expanded: 7,
            lower_bound: 0,
            elapsed_ms: 1.0,
            memory_bytes: 1.0,
        },
        FromWorker::RoundDone {
            id: 7,
            done: RoundDone {
                bound: 60,
                found: Some(SlidingAnswer::answer(vec![Dir::Right; 60], true, 0)),
                next_bound: u32::MAX,
                expanded: 1,
            },
        },
        FromWorker::RoundDone {
            id: 8,
            done: RoundDone {
                bound: 60,
                found: None,
                next_bound: 62,
                expanded: 1_000_000,
            },
        },
        FromWorker::Failed {
            id: 0,
            message: "there is no message called 'x'".into(),
        },
        FromWorker::Answer {
            id: 12,
            answer: Answer::new(FewestAnswer {
                chains: Some(vec![
                    vec![Jump::between(4, 16).unwrap()],
                    vec![
                        Jump::between(28, 16).unwrap(),
                        Jump::between(16, 4).unwrap(),
                    ],
                ]),
            }),
            expanded: 0,
            lower_bound: 0,
            elapsed_ms: 0.5,
            memory_bytes: 1.0,
        },
        FromWorker::Answer {
            id: 13,
            answer: Answer::new(FewestAnswer { chains: None }),
            expanded: 3,
            lower_bound: 0,
            elapsed_ms: 0.5,
            memory_bytes: 1.0,
        },
    ]
}

#[test]
fn every_message_to_a_worker_survives_its_record() {
    for message in to_worker_samples() {
        let record = message.to_record();
        assert_eq!(ToWorker::from_record(&record), Ok(message));
    }
}

#[test]
fn every_message_from_a_worker_survives_its_record() {
    for message in from_worker_samples() {
        let record = message.to_record();
        assert_eq!(FromWorker::from_record(&record), Ok(message));
    }
}

/// The record with field `name` replaced by `value` (or removed, if `None`).
fn with_field(record: &Record, name: &str, value: Option<Value>) -> Record {
    let mut damaged = record.clone();
    damaged.fields.retain(|(field, _)| field != name);
    if let Some(value) = value {
        damaged.fields.push((name.into(), value));
    }
    damaged
}

#[test]
fn damaged_messages_to_a_worker_are_refused_with_the_field_at_fault() {
    let solve = to_worker_samples()[2].to_record();
    let refuse = |record: &Record| ToWorker::from_record(record).unwrap_err();
    assert!(refuse(&with_field(&solve, "id", None)).contains("no field 'id'"));
    assert!(refuse(&with_field(&solve, "id", Some(Value::Text("1".into())))).contains("'id'"));
    assert!(refuse(&with_field(&solve, "id", Some(Value::Number(-1.0)))).contains("'id'"));
    assert!(refuse(&with_field(&solve, "id", Some(Value::Number(1.5)))).contains("'id'"));
    assert!(refuse(&with_field(
        &solve,
        "mode",
        Some(Value::Text("fast".into()))
    ))
    .contains("no mode called 'fast'"));
    assert!(refuse(&with_field(
        &solve,
        "game",
        Some(Value::Text("chess".into()))
    ))
    .contains("no game called 'chess'"));
    // Tiles that are not a board: a repeated tile, the wrong count, a size
    // out of range.
    let repeated = with_field(&solve, "tiles", Some(Value::Bytes(vec![1; 16])));
    assert!(refuse(&repeated).contains("board"), "{}", refuse(&repeated));
    let short = with_field(&solve, "tiles", Some(Value::Bytes(vec![0, 1, 2])));
    assert!(refuse(&short).contains("board"));
    let huge = with_field(&solve, "width", Some(Value::Number(40.0)));
    assert!(refuse(&huge).contains("board"));
    // A peg board with bits off the 33 holes; a goal off the board.
    let pegs = to_worker_samples()[5].to_record();
    let off = with_field(&pegs, "board", Some(Value::Number(2f64.powi(40))));
    assert!(refuse(&off).contains("'board'"), "{}", refuse(&off));
    let goal = with_field(&pegs, "goal", Some(Value::Number(33.0)));
    assert!(refuse(&goal).contains("'goal'"));
    // Branches that are not numbers; an unknown or missing kind.
    let round = to_worker_samples()[7].to_record();
    let branches = with_field(&round, "branches", Some(Value::Text("0,1".into())));
    assert!(refuse(&branches).contains("'branches'"));
    let mut unknown = solve.clone();
    unknown.kind = "explode".into();
    assert!(refuse(&unknown).contains("no message called 'explode'"));
    unknown.kind = String::new();
    assert!(refuse(&unknown).contains("no kind"));
}

#[test]
fn damaged_messages_from_a_worker_are_refused_with_the_field_at_fault() {
    let samples = from_worker_samples();
    let refuse = |record: &Record| FromWorker::from_record(record).unwrap_err();
    let answer = samples[5].to_record();
    let moves = with_field(&answer, "moves", Some(Value::Text("uxd".into())));
    assert!(refuse(&moves).contains("'moves'"), "{}", refuse(&moves));
    let optimal = with_field(&answer, "optimal", Some(Value::Number(1.0)));
    assert!(refuse(&optimal).contains("'optimal'"));
    let time = with_field(&answer, "elapsedMs", Some(Value::Number(f64::NAN)));
    assert!(refuse(&time).contains("'elapsedMs'"));
    let pegs = samples[7].to_record();
    let odd = with_field(&pegs, "jumps", Some(Value::Bytes(vec![4, 16, 3])));
    assert!(refuse(&odd).contains("landing hole"));
    let not_a_jump = with_field(&pegs, "jumps", Some(Value::Bytes(vec![0, 1])));
    assert!(refuse(&not_a_jump).contains("0 to 1 is not a jump"));
    let fewest = samples
        .iter()
        .find(|m| {
            matches!(
                m,
                FromWorker::Answer { answer, .. }
                    if matches!(answer.get(), Some(FewestAnswer { chains: Some(_) }))
            )
        })
        .unwrap()
        .to_record();
    let lone = with_field(&fewest, "chains", Some(Value::Bytes(vec![4, 255, 28, 16])));
    assert!(refuse(&lone).contains("no jump"), "{}", refuse(&lone));
    let off = with_field(
        &fewest,
        "chains",
        Some(Value::Bytes(vec![4, 16, 255, 28, 17])),
    );
    assert!(refuse(&off).contains("28 to 17 is not a jump"));
    let chains = with_field(&fewest, "chains", Some(Value::Text("4-16".into())));
    assert!(refuse(&chains).contains("'chains'"), "{}", refuse(&chains));
    let progress = samples[3].to_record();
    let bound = with_field(&progress, "bound", Some(Value::Number(2f64.powi(40))));
    assert!(refuse(&bound).contains("'bound'"));
    assert!(refuse(&with_field(&progress, "expanded", None)).contains("no field 'expanded'"));
    // A table build's progress is a whole percentage.
    let over = with_field(&progress, "building", Some(Value::Number(101.0)));
    assert!(refuse(&over).contains("'building'"), "{}", refuse(&over));
    let half = with_field(&progress, "building", Some(Value::Number(50.5)));
    assert!(refuse(&half).contains("'building'"), "{}", refuse(&half));
    let tables = samples[1].to_record();
    assert!(refuse(&with_field(&tables, "ok", None)).contains("'ok'"));
    // A legal jump list survives, as pairs of holes.
    let jump = Jump::between(4, 16).unwrap();
    let good = with_field(&pegs, "jumps", Some(Value::Bytes(vec![jump.from, jump.to])));
    assert!(FromWorker::from_record(&good).is_ok());
}

#[test]
fn tasks_say_what_the_pool_may_do_with_them() {
    let fifteen = Task::new(SlidingTask {
        board: Board::shuffled(4, 4, 1).unwrap(),
    });
    let eight = Task::new(SlidingTask {
        board: Board::shuffled(3, 3, 1).unwrap(),
    });
    let pegs = Task::new(PegsTask {
        board: layout("classic").unwrap().start,
        goal: Goal::CENTRE,
    });
    let big = Task::new(SlidingTask {
        board: Board::shuffled(7, 7, 1).unwrap(),
    });
    let oblong = Task::new(SlidingTask {
        board: Board::shuffled(6, 5, 1).unwrap(),
    });
    assert!(fifteen.capabilities().splits && fifteen.capabilities().quick_answer);
    assert!(!fifteen.capabilities().quick_at_once && !fifteen.capabilities().mirrors);
    // The 4x4 is served at once, without tables, and better with them.
    assert_eq!(fifteen.tables(), None);
    assert_eq!(fifteen.better_with(), Some(FIFTEEN));
    for other in [&eight, &pegs] {
        assert!(
            !other.capabilities().splits
                && !other.capabilities().quick_answer
                && !other.capabilities().mirrors
        );
        assert_eq!(other.tables(), None);
        assert_eq!(other.branches(8), 0);
    }
    // 5x5 and up: a quick answer shown at once, the 5x5 tables, and a second
    // search through the mirror image on square boards; never split.
    for near in [&big, &oblong] {
        assert!(
            !near.capabilities().splits
                && near.capabilities().quick_answer
                && near.capabilities().quick_at_once
        );
        assert_eq!(near.tables(), Some(TWENTYFOUR));
        assert_eq!(near.branches(8), 0);
    }
    assert!(big.capabilities().mirrors && !oblong.capabilities().mirrors);
    // The fewest chain moves: the table of the built-in layouts first.
    let fewest = Task::new(FewestTask {
        board: layout("classic").unwrap().start,
        goal: Goal::CENTRE,
    });
    assert!(
        !fewest.capabilities().splits
            && !fewest.capabilities().quick_answer
            && !fewest.capabilities().mirrors
    );
    assert_eq!(fewest.tables(), Some(PEGS));
    // Some 450 to 600 branches, by where the blank is.
    assert!((400..700).contains(&fifteen.branches(8)));
}

#[test]
fn no_damage_to_any_field_makes_decoding_panic() {
    // Every field of every sample, removed or replaced by a value of every
    // type: decoding answers (a message or a reason), never panics.
    let values = [
        Value::Number(-1.0),
        Value::Number(1e300),
        Value::Number(f64::NAN),
        Value::Number(0.5),
        Value::Text(String::new()),
        Value::Text("rrrrx".into()),
        Value::Bytes(vec![]),
        Value::Bytes(vec![255; 300]),
        Value::Words(vec![u32::MAX]),
        Value::Flag(true),
        Value::Null,
    ];
    let damaged = |record: &Record| {
        let mut out = Vec::new();
        for (name, _) in &record.fields {
            out.push(with_field(record, name, None));
            for value in &values {
                out.push(with_field(record, name, Some(value.clone())));
            }
        }
        out
    };
    for record in to_worker_samples().iter().map(ToWorker::to_record) {
        for bad in damaged(&record) {
            let _ = ToWorker::from_record(&bad);
        }
    }
    for record in from_worker_samples().iter().map(FromWorker::to_record) {
        for bad in damaged(&record) {
            let _ = FromWorker::from_record(&bad);
        }
    }
}
