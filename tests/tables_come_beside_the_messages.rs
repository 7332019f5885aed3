//! A worker's engine fetches tables while it goes on reading messages: it
//! asks its host for one set at a time, holds in order the messages that
//! need a set not yet in, and serves at once a task only better with one,
//! unless the host says that set is at hand (kept on the device): then a
//! best search waits for it, and a quick one still does not.
//! A probe game's runner (standing in for the route game's) answers every
//! task at once, so the order of the answers is the order of service.

use slide::app::pegs::solving::PEGS;
use slide::app::route::solving::GAME as ROUTE;
use slide::app::sliding::solving::{FIFTEEN, TWENTYFOUR};
use slide::app::workers::engine::{Engine, HostStep};
use slide::app::workers::job::{
    Aim, AnswerRecord, JobRunner, Solved, Started, Stepped, TaskRecord, TimeSlice,
};
use slide::app::workers::protocol::{FromWorker, RequestId, ToWorker};
use slide::app::workers::record::Record;
use slide::app::workers::tables::TableSet;
use slide::app::workers::{Answer, Task};

/// A task of the probe game, needing or better with some tables.
#[derive(Debug, Clone, PartialEq)]
struct Probe {
    needs: Option<TableSet>,
    better: Option<TableSet>,
}

impl TaskRecord for Probe {
    fn game(&self) -> &'static str {
        ROUTE
    }
    fn kind(&self) -> &'static str {
        "probe"
    }
    fn write(&self, record: Record) -> Record {
        record
    }
    fn tables(&self) -> Option<TableSet> {
        self.needs
    }
    fn better_with(&self) -> Option<TableSet> {
        self.better
    }
}

/// The probe's answer.
#[derive(Debug, Clone, PartialEq)]
struct Done;

impl AnswerRecord for Done {
    fn game(&self) -> &'static str {
        ROUTE
    }
    fn kind(&self) -> &'static str {
        "probe"
    }
    fn write(&self, record: Record) -> Record {
        record
    }
    fn is_optimal(&self) -> bool {
        true
    }
    fn moves(&self) -> Option<usize> {
        None
    }
}

/// Answers every task at once.
struct ProbeRunner;

impl JobRunner for ProbeRunner {
    fn game(&self) -> &'static str {
        ROUTE
    }
    fn start(&mut self, _: &Task, _: Aim) -> Result<Started, String> {
        Ok(Started::Solved(Solved::new(Answer::new(Done), 0)))
    }
    fn step(&mut self, _: &TimeSlice<'_>) -> Stepped {
        unreachable!("every probe is answered at once")
    }
    fn cancel(&mut self) {}
}

fn solve(id: RequestId, needs: Option<TableSet>, better: Option<TableSet>) -> ToWorker {
    ToWorker::Solve {
        id,
        task: Task::new(Probe { needs, better }),
        aim: Aim::Best,
    }
}

/// The ids answered since the last call, in order.
fn answered(engine: &mut Engine) -> Vec<RequestId> {
    engine
        .take_outbox()
        .into_iter()
        .filter_map(|reply| match reply {
            FromWorker::Answer { id, .. } => Some(id),
            _ => None,
        })
        .collect()
}

fn engine() -> Engine {
    Engine::new().with_runner(Box::new(ProbeRunner))
}

#[test]
fn a_message_behind_one_waiting_for_tables_waits_too_and_both_are_served_in_order() {
    let mut engine = engine();
    assert_eq!(
        engine.handle(solve(1, Some(FIFTEEN), None), 0.0),
        HostStep::Idle
    );
    assert_eq!(engine.wanted_tables(), Some(FIFTEEN));
    // Needs nothing, but came after a message that waits.
    engine.handle(solve(2, None, None), 1.0);
    assert!(answered(&mut engine).is_empty());
    engine.tables_failed(FIFTEEN, "offline".into(), 2.0);
    assert_eq!(answered(&mut engine), vec![1, 2]);
}

#[test]
fn sets_are_fetched_one_at_a_time_each_asked_for_once() {
    let mut engine = engine();
    engine.handle(ToWorker::Prepare(FIFTEEN), 0.0);
    engine.handle(ToWorker::Prepare(TWENTYFOUR), 0.0);
    engine.handle(ToWorker::Prepare(FIFTEEN), 0.0);
    assert_eq!(engine.wanted_tables(), Some(FIFTEEN));
    assert_eq!(engine.wanted_tables(), None, "the next waits for this one");
    engine.tables_failed(FIFTEEN, "offline".into(), 1.0);
    assert_eq!(engine.wanted_tables(), Some(TWENTYFOUR));
    engine.tables_failed(TWENTYFOUR, "offline".into(), 2.0);
    assert_eq!(
        engine.wanted_tables(),
        None,
        "a failed set is not asked again"
    );
    // Nor is it waited for.
    engine.handle(solve(3, Some(FIFTEEN), None), 3.0);
    assert_eq!(answered(&mut engine), vec![3]);
}

#[test]
fn a_task_only_better_with_tables_is_served_at_once_while_they_are_fetched() {
    let mut engine = engine();
    engine.handle(solve(1, None, Some(PEGS)), 0.0);
    assert_eq!(answered(&mut engine), vec![1]);
    assert_eq!(engine.wanted_tables(), Some(PEGS));
    // The next one is not held either while they come.
    engine.handle(solve(2, None, Some(PEGS)), 1.0);
    assert_eq!(answered(&mut engine), vec![2]);
    assert_eq!(engine.wanted_tables(), None);
}

#[test]
fn a_cancel_is_served_at_once_and_lets_the_messages_behind_its_request_through() {
    let mut engine = engine();
    engine.handle(solve(1, Some(FIFTEEN), None), 0.0);
    engine.handle(solve(2, None, None), 0.0);
    engine.handle(ToWorker::Cancel { id: 1 }, 1.0);
    assert_eq!(answered(&mut engine), vec![2]);
    // The set is still fetched; when it fails nothing else is served.
    assert_eq!(engine.wanted_tables(), Some(FIFTEEN));
    engine.tables_failed(FIFTEEN, "offline".into(), 2.0);
    assert!(answered(&mut engine).is_empty());
}

#[test]
fn tables_for_a_set_not_being_fetched_are_refused_without_harm() {
    let mut engine = engine();
    assert!(engine.receive_table(FIFTEEN, vec![1, 2, 3]).is_err());
    assert_eq!(engine.finish_tables(FIFTEEN, 0.0), HostStep::Idle);
    assert_eq!(
        engine.tables_failed(FIFTEEN, "late".into(), 0.0),
        HostStep::Idle
    );
    assert!(engine.take_outbox().is_empty());
    assert_eq!(engine.wanted_tables(), None);
}

fn quick(id: RequestId, better: Option<TableSet>) -> ToWorker {
    ToWorker::Solve {
        id,
        task: Task::new(Probe {
            needs: None,
            better,
        }),
        aim: Aim::Quick,
    }
}

#[test]
fn a_best_search_waits_for_tables_at_hand_and_a_quick_one_does_not() {
    let mut engine = engine();
    assert_eq!(engine.tables_at_hand(PEGS, true, 0.0), HostStep::Idle);
    engine.handle(quick(1, Some(PEGS)), 0.0);
    assert_eq!(answered(&mut engine), vec![1]);
    engine.handle(solve(2, None, Some(PEGS)), 1.0);
    assert!(
        answered(&mut engine).is_empty(),
        "no stopgap search while the kept set comes"
    );
    assert_eq!(engine.wanted_tables(), Some(PEGS));
    // However the set ends, the search is served.
    engine.tables_failed(PEGS, "the kept copy is damaged".into(), 2.0);
    assert_eq!(answered(&mut engine), vec![2]);
}

#[test]
fn tables_no_longer_at_hand_let_the_searches_held_for_them_go_on_without_them() {
    let mut engine = engine();
    engine.tables_at_hand(PEGS, true, 0.0);
    engine.handle(solve(1, None, Some(PEGS)), 0.0);
    engine.handle(solve(2, None, None), 0.0);
    assert!(answered(&mut engine).is_empty());
    // The page downloads the set after all: nothing waits for that.
    engine.tables_at_hand(PEGS, false, 1.0);
    assert_eq!(answered(&mut engine), vec![1, 2]);
    engine.handle(solve(3, None, Some(PEGS)), 2.0);
    assert_eq!(answered(&mut engine), vec![3]);
}
