//! The list of games with solver work: every registered game's tasks and
//! answers travel through the protocol and come back the same, the list
//! has no two games or table sets of one name, and a message naming a game
//! or a task that is not there is refused saying so.

use std::collections::HashSet;
use std::sync::Arc;

use slide::app::games::{self, GAMES};
use slide::app::pegs::solving::{FewestAnswer, FewestTask, PegsAnswer, PegsTask};
use slide::app::route::solving::{RouteAnswer, RouteMap, RouteTask};
use slide::app::sliding::solving::{DrawTask, DrawnBoard, SlidingAnswer, SlidingTask};
use slide::app::workers::engine::{Engine, HostStep};
use slide::app::workers::protocol::{FromWorker, ToWorker};
use slide::app::workers::record::{Record, Value};
use slide::app::workers::tables::TableSet;
use slide::app::workers::{Aim, Answer, Task};
use slide::pegs::{layout, Goal};
use slide::route::{Algorithm, Found, Grid, Heuristic, Moves};
use slide::sliding::{Board, Dir};

/// One task of each kind of the sliding puzzle, peg solitaire and route
/// finding, beside their own examples.
fn tasks() -> Vec<Task> {
    let classic = layout("classic").unwrap();
    let grid = Arc::new(Grid::new(3, 2, vec![true; 6]).unwrap());
    vec![
        SlidingTask::task(Board::shuffled(4, 4, 7).unwrap()),
        Task::new(DrawTask {
            width: 3,
            height: 3,
            range: 10..=12,
            seed: 5,
        }),
        Task::new(PegsTask {
            board: classic.start,
            goal: classic.goal,
        }),
        Task::new(FewestTask {
            board: classic.start,
            goal: Goal::AnyHole,
        }),
        Task::new(RouteTask {
            map: RouteMap::Grid {
                grid,
                moves: Moves::Eight,
            },
            from: 0,
            to: 5,
            heuristic: Heuristic::Octile,
            algorithm: Algorithm::Jps,
            weight: 1.0,
            trace: true,
        }),
    ]
}

/// One answer of each kind of the same games.
fn answers() -> Vec<Answer> {
    vec![
        SlidingAnswer::answer(vec![Dir::Left, Dir::Up], true, 0),
        Answer::new(DrawnBoard {
            board: Board::shuffled(3, 3, 1).unwrap(),
            distance: 20,
        }),
        Answer::new(PegsAnswer { jumps: None }),
        Answer::new(FewestAnswer { chains: None }),
        Answer::new(RouteAnswer {
            found: Some(Found {
                places: vec![0, 4, 5],
                distance: 2.4,
                expanded: 3,
                trace: {
                    let mut trace = slide::route::Trace::default();
                    trace.open(0, 0.0, 2.0);
                    trace.expand(0, 0.0);
                    trace.open(4, 1.0, 1.4);
                    trace.expand(4, 1.0);
                    trace.open(5, 2.0, 0.0);
                    trace
                },
            }),
            optimal: true,
        }),
    ]
}

#[test]
fn every_registered_game_has_examples_that_travel_through_the_protocol_unchanged() {
    for work in GAMES {
        let examples = work.examples();
        assert!(!examples.is_empty(), "{} has no examples", work.game());
        for (task, answer) in examples {
            assert_eq!(task.game(), work.game());
            assert_eq!(answer.record().game(), work.game());
            assert_eq!(answer.record().kind(), task.record().kind());
            let solve = ToWorker::Solve {
                id: 1,
                task,
                aim: Aim::Best,
            };
            assert_eq!(ToWorker::from_record(&solve.to_record()), Ok(solve));
            let answered = FromWorker::Answer {
                id: 1,
                answer,
                expanded: 0,
                lower_bound: 0,
                elapsed_ms: 0.0,
                memory_bytes: 0.0,
            };
            assert_eq!(FromWorker::from_record(&answered.to_record()), Ok(answered));
        }
    }
}

#[test]
fn every_built_in_games_task_round_trips_through_the_protocol() {
    for task in tasks() {
        for aim in [Aim::Best, Aim::Quick, Aim::Mirror] {
            let message = ToWorker::Solve {
                id: 9,
                task: task.clone(),
                aim,
            };
            let record = message.to_record();
            assert_eq!(ToWorker::from_record(&record), Ok(message), "{record:?}");
        }
    }
}

#[test]
fn every_built_in_games_answer_round_trips_through_the_protocol() {
    for answer in answers() {
        let message = FromWorker::Answer {
            id: 3,
            answer,
            expanded: 12,
            lower_bound: 0,
            elapsed_ms: 1.5,
            memory_bytes: 0.0,
        };
        let record = message.to_record();
        assert_eq!(FromWorker::from_record(&record), Ok(message), "{record:?}");
    }
}

#[test]
fn a_task_travels_with_its_games_id_and_its_kind_within_the_game() {
    let record = ToWorker::Solve {
        id: 1,
        task: Task::new(FewestTask {
            board: layout("classic").unwrap().start,
            goal: Goal::AnyHole,
        }),
        aim: Aim::Best,
    }
    .to_record();
    let field = |name: &str| {
        record
            .fields
            .iter()
            .find(|(field, _)| field == name)
            .map(|(_, value)| value.clone())
    };
    assert_eq!(field("game"), Some(Value::Text("pegs".into())));
    assert_eq!(field("task"), Some(Value::Text("fewest".into())));
}

/// A request to solve the solved 3x3, as a record, with its text field
/// `name` set to `value`.
fn solve_message_with(name: &str, value: &str) -> Record {
    let mut record = ToWorker::Solve {
        id: 1,
        task: SlidingTask::task(Board::solved(3, 3).unwrap()),
        aim: Aim::Best,
    }
    .to_record();
    for (field, old) in &mut record.fields {
        if field == name {
            *old = Value::Text(value.into());
        }
    }
    record
}

#[test]
fn a_message_naming_an_unknown_game_is_refused_with_a_clear_message() {
    let record = solve_message_with("game", "chess");
    assert_eq!(
        ToWorker::from_record(&record),
        Err("there is no game called 'chess'".into())
    );
    assert!(games::work("chess").is_err());
}

#[test]
fn a_message_naming_a_task_its_game_does_not_have_is_refused_naming_it() {
    let record = solve_message_with("task", "fewest");
    let refused = ToWorker::from_record(&record).unwrap_err();
    assert!(refused.contains("no task called 'fewest'"), "{refused}");
}

#[test]
fn game_ids_and_table_set_names_and_files_are_each_unique() {
    let ids: HashSet<_> = GAMES.iter().map(|work| work.game()).collect();
    assert_eq!(ids.len(), GAMES.len());
    let sets = TableSet::all();
    let names: HashSet<_> = sets.iter().map(|set| set.name()).collect();
    let files: HashSet<_> = sets.iter().map(|set| set.file()).collect();
    assert_eq!(names.len(), sets.len());
    assert_eq!(files.len(), sets.len());
    for set in &sets {
        assert_eq!(TableSet::named(set.name()), Some(*set));
    }
}

#[test]
fn every_tasks_table_set_is_declared_by_its_own_game() {
    for task in tasks() {
        if let Some(set) = task.tables() {
            let work = games::work(task.game()).unwrap();
            assert!(work.tables().contains(&set), "{task:?}");
        }
    }
}

#[test]
fn each_games_runner_is_the_one_its_tasks_are_handed_to() {
    // A draw of a 3x3 needs no tables: the engine runs it on the sliding
    // puzzle's runner and answers with that game's answer.
    let mut engine = Engine::new();
    let task = Task::new(DrawTask {
        width: 3,
        height: 3,
        range: 4..=6,
        seed: 11,
    });
    let mut next = engine.handle(
        ToWorker::Solve {
            id: 2,
            task,
            aim: Aim::Best,
        },
        0.0,
    );
    let clock = || 0.0;
    while next == HostStep::Step {
        next = engine.step(&clock, 0.0);
    }
    let answer = engine
        .take_outbox()
        .into_iter()
        .find_map(|reply| match reply {
            FromWorker::Answer { answer, .. } => Some(answer),
            _ => None,
        })
        .expect("an answer");
    let drawn: &DrawnBoard = answer.get().expect("a drawn board");
    assert!((4..=6).contains(&drawn.distance));
    assert_eq!(answer.record().game(), "sliding");
}
