//! The solver pool and real worker engines together, in one process: what
//! the page's workers do, natively, with the browser replaced by a loop that
//! moves the messages (the pool's clock runs fast, so that the time-based
//! steps, the anytime answer and the split, come early).
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use std::collections::VecDeque;
use std::time::Instant;

use slide::app::pegs::solving::PegsRunner;
use slide::app::pegs::solving::{FewestAnswer, FewestTask, PegsAnswer, PegsTask, PEGS};
use slide::app::sliding::runner::SlidingRunner;
use slide::app::sliding::solving::{SlidingAnswer, SlidingTask, FIFTEEN, TWENTYFOUR};
use slide::app::workers::engine::Engine;
use slide::app::workers::engine::HostStep;
use slide::app::workers::job::Aim;
use slide::app::workers::job::Round;
use slide::app::workers::pool::{Out, Pool};
use slide::app::workers::protocol::{FromWorker, ToWorker};
use slide::app::workers::tables::TableSet;
use slide::app::workers::{Event, RequestId, SolverQueue, Task};
use slide::pegs::{layout, FewestTable, Goal};
use slide::sliding::Board;

/// How the host answers an engine that asks for tables.
#[derive(Clone)]
enum Download {
    /// The tables' files, table by table as `www/worker.js` hands them over.
    Files,
    /// A download that fails.
    Fails,
    /// A file whose tables are damaged.
    Damaged,
}

struct Workers {
    pool: Pool,
    engines: Vec<Engine>,
    inboxes: Vec<VecDeque<ToWorker>>,
    stepping: Vec<bool>,
    download: Download,
    events: Vec<Event>,
    /// Every message posted to a worker.
    posted: Vec<(usize, ToWorker)>,
    /// The pool's clock, in milliseconds: 100 more every turn.
    now: f64,
    started: Instant,
}

impl Workers {
    fn new(count: usize, download: Download) -> Workers {
        Workers {
            pool: Pool::new(count),
            engines: (0..count).map(|_| Engine::new()).collect(),
            inboxes: vec![VecDeque::new(); count],
            stepping: vec![false; count],
            download,
            events: Vec::new(),
            posted: Vec::new(),
            now: 0.0,
            started: Instant::now(),
        }
    }

    fn flush(&mut self) {
        for out in self.pool.take_outbox() {
            match out {
                Out::Send { worker, message } => {
                    self.posted.push((worker, message.clone()));
                    self.inboxes[worker].push_back(message);
                }
                Out::Event(event) => self.events.push(event),
            }
        }
    }

    fn submit(&mut self, task: Task) -> RequestId {
        let id = self.pool.submit(task, self.now);
        self.flush();
        id
    }

    fn cancel(&mut self, id: RequestId) {
        self.pool.cancel(id);
        self.flush();
    }

    /// Serves an engine's request for the tables, as the host would.
    fn load_tables(&mut self, worker: usize, set: TableSet, now: f64) -> HostStep {
        let engine = &mut self.engines[worker];
        engine.prepare_tables(set);
        match &self.download {
            Download::Files => {
                let bytes = if set == FIFTEEN {
                    common::tables().to_bytes()
                } else if set == TWENTYFOUR {
                    common::tables_5x5().to_bytes()
                } else {
                    assert_eq!(set, PEGS);
                    pyramid_table().to_bytes()
                };
                let mut offset = 1;
                for _ in 0..bytes[0] {
                    let length =
                        u32::from_le_bytes(bytes[offset..offset + 4].try_into().unwrap()) as usize;
                    offset += 4;
                    engine
                        .receive_table(set, bytes[offset..offset + length].to_vec())
                        .unwrap();
                    offset += length;
                }
                engine.finish_tables(set, now)
            }
            Download::Fails => engine.tables_failed(set, "HTTP 404".into(), now),
            Download::Damaged => {
                let reason = engine.receive_table(set, vec![1, 2, 3]).unwrap_err();
                engine.tables_failed(set, reason, now)
            }
        }
    }

    /// One turn: every worker reads its messages, then searches one slice.
    fn turn(&mut self) {
        self.now += 100.0;
        let clock = {
            let started = self.started;
            move || started.elapsed().as_secs_f64() * 1000.0
        };
        for worker in 0..self.engines.len() {
            while let Some(message) = self.inboxes[worker].pop_front() {
                let next = self.engines[worker].handle(message, clock());
                self.after(worker, next, &clock);
            }
            if self.stepping[worker] {
                let next = self.engines[worker].step(&clock, 0.0);
                self.after(worker, next, &clock);
            }
        }
    }

    /// Acts on what an engine asks after a call, as `www/worker.js` does:
    /// slices to run, and tables to fetch (here, delivered at once).
    fn after(&mut self, worker: usize, mut next: HostStep, clock: &dyn Fn() -> f64) {
        while let Some(set) = self.engines[worker].wanted_tables() {
            next = self.load_tables(worker, set, clock());
        }
        self.stepping[worker] = next == HostStep::Step;
        self.deliver(worker);
    }

    fn deliver(&mut self, worker: usize) {
        for reply in self.engines[worker].take_outbox() {
            self.pool.receive(worker, Ok(reply), self.now);
        }
        self.flush();
    }

    /// Turns until request `id` is answered or fails.
    fn wait(&mut self, id: RequestId) -> Event {
        for _ in 0..100_000 {
            if let Some(event) = self.events.iter().find(|e| {
                matches!(e, Event::Answered { id: a, .. } | Event::Failed { id: a, .. } if *a == id)
            }) {
                return event.clone();
            }
            self.turn();
        }
        panic!("request {id} was never answered");
    }
}

fn answered_moves(event: &Event) -> (usize, bool) {
    match event {
        Event::Answered { answer, .. } => match answer.get() {
            Some(SlidingAnswer { moves, optimal, .. }) => (moves.len(), *optimal),
            None => panic!("not a sliding answer: {answer:?}"),
        },
        other => panic!("not a sliding answer: {other:?}"),
    }
}

#[test]
fn a_pool_of_engines_solves_the_hardest_positions_optimally_by_splitting_them() {
    // Korf's hardest for these tables, and the two 80-move positions: since
    // the tables count the blank's corner, only the latter take long enough
    // (over SPLIT_AFTER_MS) to be split.
    let korf = common::instances("korf100.txt");
    let mut hardest = vec![korf[87].clone()];
    hardest.extend(common::instances("fifteen_80_sample.txt"));
    let mut workers = Workers::new(3, Download::Files);
    for (n, (board, optimal)) in hardest.iter().enumerate() {
        let id = workers.submit(SlidingTask::task(board.clone()));
        let answer = workers.wait(id);
        assert_eq!(
            answered_moves(&answer),
            (*optimal as usize, true),
            "position {n}"
        );
        let Event::Answered { answer, .. } = answer else {
            unreachable!()
        };
        let SlidingAnswer { moves, .. } = answer.get().unwrap();
        assert!(board.apply_path(moves).unwrap().is_solved());
    }
    // The hard ones were shared out in rounds, every worker taking part.
    let mut rounds = [0; 3];
    for (worker, message) in &workers.posted {
        if matches!(message, ToWorker::Round { .. }) {
            rounds[*worker] += 1;
        }
    }
    assert!(rounds.iter().all(|&r| r > 0), "{rounds:?}");
    assert!(workers
        .events
        .iter()
        .any(|e| matches!(e, Event::Progress { progress, .. } if progress.workers == 3)));
}

#[test]
fn the_tables_are_loaded_when_a_4x4_first_needs_them() {
    let mut workers = Workers::new(2, Download::Files);
    workers.pool.prepare(&Task::new(SlidingTask {
        board: Board::solved(4, 4).unwrap(),
    }));
    workers.flush();
    for _ in 0..3 {
        workers.turn();
    }
    assert!(workers.events.contains(&Event::TablesReady(FIFTEEN)));
    let (board, optimal) = common::instances("korf100.txt").remove(0);
    let id = workers.submit(SlidingTask::task(board));
    assert_eq!(answered_moves(&workers.wait(id)), (optimal as usize, true));
}

#[test]
fn without_tables_4x4_boards_are_still_solved_and_the_page_is_told_why_slower() {
    for download in [Download::Fails, Download::Damaged] {
        let mut workers = Workers::new(2, download);
        // Instance 9 of Korf's 100: quick for linear conflicts alone.
        let (board, optimal) = common::instances("korf100.txt").remove(8);
        let id = workers.submit(SlidingTask::task(board));
        assert_eq!(answered_moves(&workers.wait(id)), (optimal as usize, true));
        let notes: Vec<_> = workers
            .events
            .iter()
            .filter(|e| matches!(e, Event::Note(note) if note.contains("4x4 tables could not be loaded")))
            .collect();
        // Splitting the search stays allowed: every worker answers a 4x4
        // with its own small tier (see tests/fifteen_tiers.rs).
        assert_eq!(notes.len(), 1, "{:?}", workers.events);
    }
}

#[test]
fn both_games_share_the_workers_with_distinct_ids() {
    let mut workers = Workers::new(2, Download::Files);
    let t = layout("t").unwrap();
    let lost = slide::pegs::parse("o.. ... ....... ....... ....... ... ..o").unwrap();
    let sliding = workers.submit(Task::new(SlidingTask {
        board: Board::shuffled(3, 3, 4).unwrap(),
    }));
    let peg = workers.submit(Task::new(PegsTask {
        board: t.start,
        goal: t.goal,
    }));
    let none = workers.submit(Task::new(PegsTask {
        board: lost,
        goal: t.goal,
    }));
    assert!(sliding != peg && peg != none && sliding != none);
    assert!(answered_moves(&workers.wait(sliding)).1);
    assert!(matches!(
        workers.wait(peg),
        Event::Answered { answer, .. } if matches!(answer.get(), Some(PegsAnswer { jumps: Some(jumps) }) if jumps.len() == 4)
    ));
    assert!(matches!(
        workers.wait(none),
        Event::Answered { answer, .. } if answer.get() == Some(&PegsAnswer { jumps: None })
    ));
}

#[test]
fn a_cancelled_search_stops_and_the_next_request_is_served() {
    let mut workers = Workers::new(1, Download::Files);
    // One of the two hardest 4x4 positions: tens of millions of states, so
    // two slices cannot finish it on any machine (Korf's instance 88 once
    // served here, until the stronger estimate solved it within two slices).
    let (board, _) = common::instances("fifteen_80_sample.txt").remove(0);
    let slow = workers.submit(SlidingTask::task(board));
    workers.turn();
    workers.turn();
    assert!(
        !workers.events.iter().any(|e| matches!(
            e,
            Event::Answered { id, .. } | Event::Failed { id, .. } if *id == slow
        )),
        "the search this test cancels ended before it could be cancelled"
    );
    workers.cancel(slow);
    let posted = workers.posted.len();
    let t = layout("t").unwrap();
    let peg = workers.submit(Task::new(PegsTask {
        board: t.start,
        goal: t.goal,
    }));
    assert!(matches!(workers.wait(peg), Event::Answered { .. }));
    // Nothing more was heard of the cancelled request.
    assert!(!workers.events.iter().any(|e| matches!(
        e,
        Event::Answered { id, .. } | Event::Failed { id, .. } if *id == slow
    )));
    assert!(workers.posted[posted..]
        .iter()
        .all(|(_, m)| !matches!(m, ToWorker::Solve { id, .. } if *id == slow)));
}

#[test]
fn an_engine_refuses_what_it_cannot_serve_with_a_reason() {
    let mut engine = Engine::new();
    // A round before any tables: the engine asks for them first, and
    // without them the round is still searched, with the small tier the
    // runner builds itself.
    let round = ToWorker::Round {
        id: 4,
        task: SlidingTask::task(Board::shuffled(4, 4, 2).unwrap()),
        round: Round {
            depth: 8,
            branches: vec![0],
            bound: 30,
        },
    };
    // Served at once (the 4x4 is only better with its tables), and the
    // tables asked for beside it.
    assert_eq!(engine.handle(round, 0.0), HostStep::Step);
    assert_eq!(engine.wanted_tables(), Some(FIFTEEN));
    assert_eq!(engine.wanted_tables(), None, "a set is asked for once");
    assert_eq!(
        engine.tables_failed(FIFTEEN, "offline".into(), 1.0),
        HostStep::Step
    );
    let replies = engine.take_outbox();
    assert!(replies.contains(&FromWorker::Tables {
        set: FIFTEEN,
        ok: false,
        message: "offline".into()
    }));
    assert!(!replies
        .iter()
        .any(|r| matches!(r, FromWorker::Failed { id: 4, .. })));
    // A branch number out of range.
    let mut engine = Engine::new().with_runner(Box::new(SlidingRunner::with_tables(
        common::tables(),
        common::tables_5x5(),
    )));
    let round = ToWorker::Round {
        id: 5,
        task: SlidingTask::task(Board::shuffled(4, 4, 2).unwrap()),
        round: Round {
            depth: 8,
            branches: vec![100_000],
            bound: 30,
        },
    };
    assert_eq!(engine.handle(round, 0.0), HostStep::Idle);
    assert!(matches!(
        &engine.take_outbox()[..],
        [FromWorker::Failed { id: 5, message }] if message.contains("no branch 100000")
    ));
    // A message that could not be read.
    engine.refuse("there is no message called 'x'".into());
    assert!(matches!(
        &engine.take_outbox()[..],
        [FromWorker::Failed { id: 0, .. }]
    ));
    // Cancel drops only the job it names.
    let board = common::instances("korf100.txt").remove(87).0;
    let solve = |id| ToWorker::Solve {
        id,
        task: SlidingTask::task(board.clone()),
        aim: Aim::Best,
    };
    assert_eq!(engine.handle(solve(7), 0.0), HostStep::Step);
    assert_eq!(
        engine.handle(ToWorker::Cancel { id: 6 }, 0.0),
        HostStep::Step
    );
    assert_eq!(
        engine.handle(ToWorker::Cancel { id: 7 }, 0.0),
        HostStep::Idle
    );
}

#[test]
fn a_5x5_gets_a_quick_answer_first_and_later_answers_only_improve() {
    // Three workers: the best search, the quick one, and the mirror image.
    let mut workers = Workers::new(3, Download::Files);
    // As the page does when a 5x5 board is shown.
    workers.pool.prepare(&Task::new(SlidingTask {
        board: Board::solved(5, 5).unwrap(),
    }));
    workers.flush();
    for (board, optimal) in common::instances("korf24_10.txt").into_iter().take(2) {
        let first_event = workers.events.len();
        let id = workers.submit(SlidingTask::task(board.clone()));
        let answer = workers.wait(id);
        let (length, proven) = answered_moves(&answer);
        assert!(!proven, "a 5x5 answer is never said to be optimal");
        assert!(length >= optimal as usize);
        let Event::Answered { answer, .. } = answer else {
            unreachable!()
        };
        let SlidingAnswer { moves, .. } = answer.get().unwrap();
        assert!(board.apply_path(moves).unwrap().is_solved());
        // Every provisional answer came before, was legal, and each was
        // shorter than the one before it; the final one is the shortest.
        let provisional: Vec<usize> = workers.events[first_event..]
            .iter()
            .filter_map(|event| match event {
                Event::Provisional { id: of, answer } if *of == id => {
                    let SlidingAnswer { moves, .. } = answer.get().unwrap();
                    assert!(board.apply_path(moves).unwrap().is_solved());
                    Some(moves.len())
                }
                _ => None,
            })
            .collect();
        assert!(!provisional.is_empty(), "a quick answer is shown first");
        assert!(provisional.windows(2).all(|pair| pair[1] < pair[0]));
        assert!(length <= *provisional.last().unwrap());
    }
    assert!(workers.events.contains(&Event::TablesReady(TWENTYFOUR)));
}

/// A table of the fewest chain moves holding the pyramid only, and not its
/// fewest but the ordinary solver's jumps, one chain each: an answer no
/// search would give, so that one from the table is told apart.
fn pyramid_table() -> FewestTable {
    let pyramid = layout("pyramid").unwrap();
    let jumps = slide::pegs::solve(pyramid.start, pyramid.goal).unwrap();
    let chains: Vec<String> = jumps
        .iter()
        .map(|j| format!("{}-{}", j.from, j.to))
        .collect();
    let text = format!(
        "slide pegs fewest 1\n{} 16 {} {}\n",
        pyramid.start.bits(),
        chains.len(),
        chains.join(" ")
    );
    FewestTable::from_text(&text).unwrap()
}

/// The number of chain moves a fewest-moves answer plays.
fn fewest_moves(event: &Event) -> usize {
    match event {
        Event::Answered { answer, .. } => match answer.get() {
            Some(FewestAnswer {
                chains: Some(chains),
            }) => chains.len(),
            _ => panic!("not the fewest chain moves: {answer:?}"),
        },
        other => panic!("not the fewest chain moves: {other:?}"),
    }
}

#[test]
fn the_fewest_chain_moves_come_from_the_shipped_table_else_from_a_search() {
    let (pyramid, diamond) = (layout("pyramid").unwrap(), layout("diamond").unwrap());
    let mut workers = Workers::new(2, Download::Files);
    let id = workers.submit(Task::new(FewestTask {
        board: pyramid.start,
        goal: pyramid.goal,
    }));
    // The table's answer (loaded when first needed), however many moves
    // it says.
    assert_eq!(fewest_moves(&workers.wait(id)), 15);
    assert!(workers.events.contains(&Event::TablesReady(PEGS)));
    // Not in the table: searched for.
    let id = workers.submit(Task::new(FewestTask {
        board: diamond.start,
        goal: Goal::AnyHole,
    }));
    assert_eq!(fewest_moves(&workers.wait(id)), 7);
    // Without the table, everything is searched for, and the page is told.
    for download in [Download::Fails, Download::Damaged] {
        let mut workers = Workers::new(2, download);
        let id = workers.submit(Task::new(FewestTask {
            board: pyramid.start,
            goal: pyramid.goal,
        }));
        assert_eq!(fewest_moves(&workers.wait(id)), 8);
        assert!(workers.events.iter().any(|e| matches!(e,
            Event::Note(note) if note.contains("fewest moves could not be loaded"))));
    }
}

#[test]
fn a_search_for_the_fewest_chain_moves_gives_up_before_it_holds_too_much() {
    let classic = layout("classic").unwrap();
    let mut engine = Engine::new().with_runner(Box::new(
        PegsRunner::new()
            .with_fewest_table(std::sync::Arc::new(FewestTable::default()))
            .with_fewest_limit(20_000),
    ));
    let solve = ToWorker::Solve {
        id: 4,
        task: Task::new(FewestTask {
            board: classic.start,
            goal: classic.goal,
        }),
        aim: Aim::Best,
    };
    let started = Instant::now();
    let clock = move || started.elapsed().as_secs_f64() * 1000.0;
    let mut next = engine.handle(solve, clock());
    let mut replies = Vec::new();
    while next == HostStep::Step {
        next = engine.step(&clock, 0.0);
        replies.extend(engine.take_outbox());
    }
    let failed = replies.iter().find_map(|reply| match reply {
        FromWorker::Failed { id: 4, message } => Some(message.clone()),
        _ => None,
    });
    assert_eq!(
        failed.as_deref(),
        Some("the fewest chain moves from this position would take the page too long to find")
    );
}

#[test]
fn a_4x4_without_its_tables_gets_a_quick_answer_within_a_tenth_of_a_second_then_the_optimal_one() {
    for download in [Download::Fails, Download::Damaged] {
        let mut workers = Workers::new(2, download);
        let (board, optimal) = common::instances("korf100.txt").remove(0);
        let id = workers.submit(SlidingTask::task(board.clone()));
        // The pool's clock runs 100 ms a turn.
        workers.turn();
        let provisional = workers.events.iter().find_map(|e| match e {
            Event::Provisional { id: p, answer } if *p == id => {
                Some(answer.get::<SlidingAnswer>().unwrap().clone())
            }
            _ => None,
        });
        let provisional = provisional.expect("a quick answer shown after the first turn");
        assert!(board
            .apply_path(&provisional.moves)
            .is_ok_and(|end| end.is_solved()));
        assert!(!provisional.optimal, "not (yet) proven optimal");
        assert!(provisional.moves.len() as u32 > optimal);
        assert_eq!(answered_moves(&workers.wait(id)), (optimal as usize, true));
    }
}
