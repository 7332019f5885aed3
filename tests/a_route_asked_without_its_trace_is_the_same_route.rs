//! A route search asked for the route alone (`RouteTask::trace` false, as
//! the Moving AI benchmark asks) records nothing for the lab to play back,
//! and finds exactly the route, length and expansions of the same search
//! with its record, for every algorithm, on random maps and the Moving AI
//! maze; tasks travel with the choice, and older messages without it get
//! the record, as they did.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use std::sync::Arc;

use slide::app::games;
use slide::app::route::solving::{RouteAnswer, RouteMap, RouteTask};
use slide::app::workers::job::{Aim, Started, Stepped, TimeSlice};
use slide::app::workers::protocol::ToWorker;
use slide::app::workers::record::Record;
use slide::app::workers::Task;
use slide::route::{
    parse_map, parse_scenarios, Algorithm, Found, Grid, Heuristic, Moves, Pixel, Query,
    RouteSearch, RouteStep, Router,
};

fn finish(mut search: RouteSearch) -> Option<Found> {
    loop {
        if let RouteStep::Done(found) = search.run(7) {
            return found;
        }
    }
}

/// The two searches' answers agree but for the record, which only the
/// first has (when it expanded anything).
fn agree(router: &Router, from: Pixel, to: Pixel, query: &Query, what: &str) {
    let traced = finish(RouteSearch::routed(router, from, to, query).unwrap());
    let alone = finish(RouteSearch::routed_traced(router, from, to, query, false).unwrap());
    match (traced, alone) {
        (None, None) => {}
        (Some(traced), Some(alone)) => {
            assert!(alone.trace.is_empty(), "{what}: a record was kept");
            assert_eq!(alone.trace.jump_points, traced.trace.jump_points, "{what}");
            assert_eq!(
                (&alone.places, alone.distance, alone.expanded),
                (&traced.places, traced.distance, traced.expanded),
                "{what}"
            );
            assert!(
                traced.expanded == 0 || !traced.trace.is_empty(),
                "{what}: no record"
            );
        }
        (traced, alone) => panic!("{what}: {traced:?} against {alone:?}"),
    }
}

#[test]
fn every_algorithm_finds_the_same_route_with_or_without_its_record_on_random_maps() {
    for (n, (grid, from, to)) in common::random_maps(20_261_129, 60, 40, 35)
        .into_iter()
        .enumerate()
    {
        let grid = Arc::new(grid);
        let mut asked = 0;
        for algorithm in Algorithm::ALL {
            for moves in [Moves::Four, Moves::Eight, Moves::AnyAngle] {
                for weight in [1.0, 1.5] {
                    let Ok(query) = Query::new(algorithm, moves, moves.estimate(), weight) else {
                        continue;
                    };
                    let router = Router::new(grid.clone(), &query);
                    agree(&router, from, to, &query, &format!("map {n}, {query:?}"));
                    asked += 1;
                }
            }
        }
        // Every algorithm, 8-connected at weight 1 at least.
        assert!(asked >= Algorithm::ALL.len(), "{asked}");
    }
}

#[test]
fn jump_point_searches_on_the_moving_ai_maze_agree_with_or_without_their_record() {
    let grid = Arc::new(parse_map(&common::moving_ai("maze512-1-0.map")).unwrap());
    let scenarios = parse_scenarios(&common::moving_ai("maze512-1-0.map.scen")).unwrap();
    for algorithm in [Algorithm::Jps, Algorithm::JpsPlus, Algorithm::JpsPlusPruned] {
        let query = common::eight_way_query(algorithm);
        let router = Router::new(grid.clone(), &query);
        for scenario in scenarios.iter().step_by(301) {
            let what = format!("{algorithm:?}, line {}", scenario.line);
            agree(&router, scenario.start, scenario.goal, &query, &what);
        }
    }
}

fn task(grid: &Arc<Grid>, trace: bool) -> RouteTask {
    RouteTask {
        map: RouteMap::Grid {
            grid: grid.clone(),
            moves: Moves::Eight,
        },
        from: 0,
        to: (grid.width() * grid.height() - 1) as u32,
        heuristic: Heuristic::Octile,
        algorithm: Algorithm::Jps,
        weight: 1.0,
        trace,
    }
}

/// What a fresh worker's route runner answers to `task`.
fn served(task: RouteTask) -> Found {
    let work = games::work(slide::app::route::solving::GAME).unwrap();
    let mut runner = work.runner();
    let task = runner.receive(Task::new(task)).unwrap();
    assert!(matches!(
        runner.start(&task, Aim::Best),
        Ok(Started::Running)
    ));
    let clock = || 0.0;
    let Stepped::Solved(solved) = runner.step(&TimeSlice::new(&clock, 1e9)) else {
        panic!("not solved in one slice");
    };
    let RouteAnswer { found, .. } = solved.answer.get().unwrap();
    found.clone().unwrap()
}

#[test]
fn a_task_carries_the_choice_and_a_message_without_it_asks_for_the_record() {
    let grid = Arc::new(Grid::new(30, 20, (0..600).map(|i| i % 11 != 4).collect()).unwrap());
    for trace in [true, false] {
        let solve = ToWorker::Solve {
            id: 1,
            task: Task::new(task(&grid, trace)),
            aim: Aim::Best,
        };
        assert_eq!(ToWorker::from_record(&solve.to_record()), Ok(solve));
    }
    // An older page's message: no field "trace".
    let mut record: Record = ToWorker::Solve {
        id: 1,
        task: Task::new(task(&grid, false)),
        aim: Aim::Best,
    }
    .to_record();
    record.fields.retain(|(name, _)| name != "trace");
    let Ok(ToWorker::Solve { task: read, .. }) = ToWorker::from_record(&record) else {
        panic!("unreadable");
    };
    assert!(read.get::<RouteTask>().unwrap().trace);
    // Served: the same route, the record only where asked for.
    let (with, without) = (served(task(&grid, true)), served(task(&grid, false)));
    assert!(!with.trace.is_empty() && without.trace.is_empty());
    assert_eq!(
        (with.places, with.distance, with.expanded),
        (without.places, without.distance, without.expanded)
    );
}
