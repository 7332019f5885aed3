//! A route map goes to a solver worker once: later requests on the same map
//! name it by its fingerprint instead of carrying it (a quarter of a
//! megabyte at 512 x 512, copied and checked with every request before).
//! The messages here travel as in the browser, through records, between a
//! real pool and a real engine; the answers are the same either way, and a
//! worker that does not hold the map it is told of (restarted, or out of
//! step) is sent it again rather than answering wrongly or failing.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use std::sync::Arc;
use std::time::Instant;

use slide::app::route::solving::{RouteAnswer, RouteMap, RouteTask};
use slide::app::workers::engine::{Engine, HostStep};
use slide::app::workers::holdings::Holdings;
use slide::app::workers::job::Aim;
use slide::app::workers::pool::{Out, Pool};
use slide::app::workers::protocol::{FromWorker, ToWorker, NOT_HELD};
use slide::app::workers::record::{Record, Value};
use slide::app::workers::{Event, RequestId, SolverQueue, Task};
use slide::route::{
    parse_map, parse_scenarios, Algorithm, Grid, Heuristic, Moves, Point, Waypoints,
};

/// A pool of one worker and that worker's engine, the messages between them
/// turned into records and read back as the browser carries them.
struct Page {
    pool: Pool,
    engine: Engine,
    /// Every record posted to the worker.
    posted: Vec<Record>,
    events: Vec<Event>,
    started: Instant,
}

impl Page {
    fn new() -> Page {
        Page {
            pool: Pool::new(1),
            engine: Engine::new(),
            posted: Vec::new(),
            events: Vec::new(),
            started: Instant::now(),
        }
    }

    /// Asks for `task` and moves messages until it is answered or fails.
    fn ask(&mut self, task: RouteTask) -> Event {
        let id = self.pool.submit(Task::new(task), 0.0);
        let clock = {
            let started = self.started;
            move || started.elapsed().as_secs_f64() * 1000.0
        };
        for _ in 0..10_000 {
            let mut step = false;
            for out in self.pool.take_outbox() {
                match out {
                    Out::Send { message, .. } => {
                        let record = message.to_record();
                        self.posted.push(record.clone());
                        let message = ToWorker::from_record(&record).expect("a readable message");
                        step = self.engine.handle(message, clock()) == HostStep::Step;
                    }
                    Out::Event(event) => self.events.push(event),
                }
            }
            if let Some(event) = self.events.iter().find(|event| event.request() == Some(id)) {
                if !matches!(event, Event::Progress { .. }) {
                    return event.clone();
                }
            }
            if step {
                self.engine.step(&clock, 0.0);
            }
            for reply in self.engine.take_outbox() {
                let reply = FromWorker::from_record(&reply.to_record());
                self.pool.receive(0, reply, 0.0);
            }
        }
        panic!("request {id} was never answered");
    }

    /// Whether the last record posted carried a whole map.
    fn last_carried_the_map(&self) -> bool {
        let last = self.posted.last().expect("a record was posted");
        let whole = last.field("walkable").is_ok();
        assert_ne!(whole, last.field("heldMap").is_ok(), "{:?}", last.kind);
        whole
    }
}

fn task(grid: &Arc<Grid>, from: (usize, usize), to: (usize, usize)) -> RouteTask {
    let width = grid.width();
    RouteTask {
        map: RouteMap::Grid {
            grid: grid.clone(),
            moves: Moves::Eight,
        },
        from: (from.1 * width + from.0) as u32,
        to: (to.1 * width + to.0) as u32,
        heuristic: Heuristic::Octile,
        algorithm: Algorithm::Jps,
        weight: 1.0,
        trace: true,
    }
}

fn distance(event: &Event) -> f64 {
    let Event::Answered { answer, .. } = event else {
        panic!("not an answer: {event:?}");
    };
    let RouteAnswer { found, .. } = answer.get().expect("a route answer");
    found.as_ref().expect("a route").distance
}

fn map(name: &str) -> Arc<Grid> {
    Arc::new(parse_map(&common::moving_ai(name)).expect("a map"))
}

#[test]
fn requests_after_the_first_on_a_map_travel_without_it_and_find_the_optimal_routes() {
    let grid = map("den312d.map");
    let scenarios = parse_scenarios(&common::moving_ai("den312d.map.scen")).unwrap();
    let mut page = Page::new();
    for (n, scenario) in scenarios.iter().step_by(97).enumerate() {
        let answer = page.ask(task(&grid, scenario.start, scenario.goal));
        assert!(
            (distance(&answer) - scenario.optimal).abs() < 1e-3,
            "line {}",
            scenario.line
        );
        assert_eq!(page.last_carried_the_map(), n == 0, "request {}", n + 1);
    }
    let whole = page.posted[0].fields.len();
    let lean = page.posted.last().unwrap();
    assert_eq!(
        lean.fields.len(),
        whole,
        "the lean form names the map instead"
    );
    let Ok(Value::Words(words)) = lean.field("heldMap") else {
        panic!("no fingerprint");
    };
    assert_eq!(words.len(), 2);
}

#[test]
fn a_copy_of_the_map_is_recognised_and_another_map_goes_whole_and_replaces_it() {
    let (a, b) = (map("arena.map"), map("den312d.map"));
    let copy = Arc::new((*a).clone());
    let (on_a, on_b) = (((3, 14), (44, 36)), ((10, 10), (20, 20)));
    let mut page = Page::new();
    let mut carried = Vec::new();
    for (grid, (from, to)) in [
        (&a, on_a),
        (&copy, on_a),
        (&b, on_b),
        (&a, on_a),
        (&a, on_a),
    ] {
        let answer = page.ask(task(grid, from, to));
        assert!(distance(&answer) > 0.0);
        carried.push(page.last_carried_the_map());
    }
    assert_eq!(carried, [true, false, true, true, false]);
}

#[test]
fn routes_on_waypoints_carry_their_nodes_as_before() {
    let points = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)].map(|(x, y)| Point { x, y });
    let office = Waypoints::new(points.to_vec(), &[(0, 1), (1, 2)]).unwrap();
    let task = RouteTask {
        map: RouteMap::Waypoints(Arc::new(office)),
        from: 0,
        to: 2,
        heuristic: Heuristic::Euclidean,
        algorithm: Algorithm::AStar,
        weight: 1.0,
        trace: true,
    };
    assert_eq!(Task::new(task.clone()).held_key(), None);
    let mut page = Page::new();
    for _ in 0..2 {
        assert!((distance(&page.ask(task.clone())) - 2.0).abs() < 1e-9);
        assert!(page.posted.last().unwrap().field("nodes").is_ok());
    }
}

#[test]
fn a_restarted_worker_is_sent_the_map_again() {
    let grid = map("arena.map");
    let mut page = Page::new();
    page.ask(task(&grid, (3, 14), (44, 36)));
    page.ask(task(&grid, (3, 14), (44, 36)));
    assert!(!page.last_carried_the_map());
    // The worker died; the host started a fresh one in its place.
    page.engine = Engine::new();
    page.pool.worker_failed(0, "out of memory", 0.0);
    page.pool.take_outbox();
    let answer = page.ask(task(&grid, (3, 14), (44, 36)));
    assert!(distance(&answer) > 0.0);
    assert!(page.last_carried_the_map());
}

#[test]
fn a_worker_out_of_step_is_sent_the_map_again_and_the_player_sees_only_the_answer() {
    let grid = map("arena.map");
    let mut page = Page::new();
    let first = page.ask(task(&grid, (3, 14), (44, 36)));
    // A worker that lost the map without the pool knowing (it cannot happen
    // with messages delivered in order, which is why it is checked).
    page.engine = Engine::new();
    let again = page.ask(task(&grid, (3, 14), (44, 36)));
    assert_eq!(distance(&again), distance(&first));
    let kinds: Vec<bool> = page
        .posted
        .iter()
        .map(|r| r.field("walkable").is_ok())
        .collect();
    assert_eq!(kinds, [true, false, true], "whole, lean, whole again");
    assert!(
        !page
            .events
            .iter()
            .any(|e| matches!(e, Event::Failed { .. })),
        "{:?}",
        page.events
    );
}

/// The records of a whole and a lean request for `task`, as posted.
fn whole_and_lean(task: &RouteTask) -> (Record, Record) {
    let mut holdings = Holdings::new(1);
    let mut post = |id: RequestId| {
        let message = ToWorker::Solve {
            id,
            task: Task::new(task.clone()),
            aim: Aim::Best,
        };
        holdings.outgoing(0, message).to_record()
    };
    (post(1), post(2))
}

/// What an engine answers to `records`, in order: the failures' messages,
/// or "answered".
fn replies(records: &[Record]) -> Vec<String> {
    let mut engine = Engine::new();
    let mut said = Vec::new();
    for record in records {
        let message = ToWorker::from_record(record).expect("a readable message");
        let mut next = engine.handle(message, 0.0);
        while next == HostStep::Step {
            next = engine.step(&|| 0.0, 0.0);
        }
        said.extend(engine.take_outbox().into_iter().map(|reply| match reply {
            FromWorker::Failed { message, .. } => message,
            FromWorker::Answer { .. } => "answered".into(),
            other => format!("{other:?}"),
        }));
    }
    said
}

#[test]
fn a_lean_request_naming_another_map_or_size_is_refused_never_searched_on_the_wrong_map() {
    let grid = map("arena.map");
    let (whole, lean) = whole_and_lean(&task(&grid, (3, 14), (44, 36)));
    assert_eq!(
        replies(&[whole.clone(), lean.clone()]),
        ["answered", "answered"]
    );
    // Nothing held yet.
    assert_eq!(replies(std::slice::from_ref(&lean)), [NOT_HELD]);
    // Another fingerprint, or the same one with another size.
    let edited = |name: &str, value: Value| {
        let mut record = lean.clone();
        record
            .fields
            .iter_mut()
            .find(|(field, _)| field == name)
            .unwrap()
            .1 = value;
        record
    };
    let other = edited("heldMap", Value::Words(vec![1, 2]));
    assert_eq!(replies(&[whole.clone(), other]), ["answered", NOT_HELD]);
    let wider = edited("width", Value::Number((grid.width() + 1) as f64));
    assert_eq!(replies(&[whole.clone(), wider]), ["answered", NOT_HELD]);
    // A damaged fingerprint is an unreadable message, naming its field.
    for damaged in [
        Value::Words(vec![1]),
        Value::Words(vec![1, 2, 3]),
        Value::Text("abc".into()),
    ] {
        let error = ToWorker::from_record(&edited("heldMap", damaged)).unwrap_err();
        assert!(error.contains("'heldMap'"), "{error}");
    }
}

#[test]
fn when_a_request_sent_several_lean_messages_to_a_worker_a_refusal_cannot_be_repaired() {
    let grid = map("arena.map");
    let task = Task::new(task(&grid, (3, 14), (44, 36)));
    let mut holdings = Holdings::new(2);
    let solve = |id, aim| ToWorker::Solve {
        id,
        task: task.clone(),
        aim,
    };
    assert_eq!(
        holdings.outgoing(0, solve(1, Aim::Best)).task(),
        Some(&task)
    );
    let lean = holdings.outgoing(0, solve(2, Aim::Best));
    assert_ne!(lean.task(), Some(&task));
    // One lean message for request 2: sent again, whole.
    assert_eq!(holdings.refused(0, 2), Some(solve(2, Aim::Best)));
    assert_eq!(
        holdings.outgoing(0, solve(3, Aim::Best)).task(),
        Some(&task)
    );
    // Two for request 4 (a quick and a best search): which one failed
    // cannot be told, so the request fails and is asked again.
    holdings.outgoing(0, solve(4, Aim::Quick));
    holdings.outgoing(0, solve(4, Aim::Best));
    assert_eq!(holdings.refused(0, 4), None);
    // A stale refusal of an older request, and a worker not in the pool.
    assert_eq!(holdings.refused(0, 2), None);
    assert_eq!(holdings.refused(7, 1), None);
    // The other worker was never sent the map.
    assert_eq!(
        holdings.outgoing(1, solve(5, Aim::Best)).task(),
        Some(&task)
    );
}

#[test]
fn a_fingerprint_tells_apart_maps_that_differ_in_one_pixel_or_in_shape() {
    let walkable: Vec<bool> = (0..256).map(|i| i % 7 != 3).collect();
    let base = Grid::new(16, 16, walkable.clone()).unwrap();
    assert_eq!(
        base.fingerprint(),
        Grid::new(16, 16, walkable.clone()).unwrap().fingerprint()
    );
    let mut seen = std::collections::HashSet::from([base.fingerprint()]);
    for flipped in 0..256 {
        let mut pixels = walkable.clone();
        pixels[flipped] = !pixels[flipped];
        let grid = Grid::new(16, 16, pixels).unwrap();
        assert!(seen.insert(grid.fingerprint()), "pixel {flipped}");
    }
    for (width, height) in [(8, 32), (32, 8), (64, 4), (256, 1), (1, 256)] {
        let grid = Grid::new(width, height, walkable.clone()).unwrap();
        assert!(seen.insert(grid.fingerprint()), "{width} x {height}");
    }
    // Sizes that are not a multiple of eight pixels: the last ones count.
    let odd = |last: bool| {
        let mut pixels = vec![true; 21];
        pixels[20] = last;
        Grid::new(7, 3, pixels).unwrap().fingerprint()
    };
    assert_ne!(odd(true), odd(false));
}
