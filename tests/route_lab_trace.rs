//! The search's trace, as the search lab plays it back: after any number
//! of expansions, the open and closed sets and each place's g and h agree
//! with an independent reading (breadth-first distances, the estimate's
//! own formula), the picture built step by step is the one built at once,
//! it travels from the worker and back whole, and answers written before
//! it carried costs are still read.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use std::collections::VecDeque;
use std::sync::Arc;

use slide::app::route::solving::{RouteAnswer, RouteWork};
use slide::app::workers::job::{AnswerRecord, SolverWork};
use slide::app::workers::record::{Record, Value};
use slide::route::{Found, Grid, Heuristic, Moves, Pixel, RouteSearch, RouteStep, Trace};
use slide::search::trace::{CLOSED, OPEN, UNSEEN};
use slide::search::PlaceState;

fn run(mut search: RouteSearch) -> Option<Found> {
    loop {
        if let RouteStep::Done(found) = search.run(50) {
            return found;
        }
    }
}

/// Steps from `from` to every pixel, 4-connected: `u32::MAX` if none.
fn breadth_first(grid: &Grid, from: Pixel) -> Vec<u32> {
    let width = grid.width();
    let mut steps = vec![u32::MAX; width * grid.height()];
    steps[from.1 * width + from.0] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        let here = steps[at.1 * width + at.0];
        grid.each_step(at, false, |next, _| {
            let slot = &mut steps[next.1 * width + next.0];
            if *slot == u32::MAX {
                *slot = here + 1;
                queue.push_back(next);
            }
        });
    }
    steps
}

fn maps() -> Vec<(Arc<Grid>, Pixel, Pixel)> {
    common::random_maps(2323, 40, 30, 35)
        .into_iter()
        .map(|(grid, from, to)| (Arc::new(grid), from, to))
        .collect()
}

#[test]
fn after_any_count_closed_places_hold_their_true_distance_and_every_place_its_estimate() {
    for (grid, from, to) in maps() {
        let search =
            RouteSearch::grid(grid.clone(), from, to, Moves::Four, Heuristic::Manhattan).unwrap();
        let Some(found) = run(search) else {
            continue;
        };
        let trace = &found.trace;
        trace.check().unwrap();
        let steps = breadth_first(&grid, from);
        let width = grid.width();
        let total = trace.len();
        for count in [0, 1, total / 3, total / 2, total] {
            let sets = trace.sets_at(width * grid.height(), count);
            for (place, &set) in sets.iter().enumerate() {
                let (x, y) = (place % width, place / width);
                let manhattan = (x.abs_diff(to.0) + y.abs_diff(to.1)) as f32;
                match trace.state_at(place as u32, count) {
                    PlaceState::Unseen => assert_eq!(set, UNSEEN),
                    PlaceState::Open { g, h } => {
                        assert_eq!(set, OPEN);
                        assert!(g + 1e-3 >= steps[place] as f32, "g below the distance");
                        assert!((h - manhattan).abs() < 1e-3);
                    }
                    PlaceState::Closed { g, h } => {
                        assert_eq!(set, CLOSED);
                        // A consistent estimate: expanded at its distance.
                        assert!(
                            (g - steps[place] as f32).abs() < 1e-3,
                            "{g} {}",
                            steps[place]
                        );
                        assert!((h - manhattan).abs() < 1e-3);
                    }
                }
            }
            // The places closed are exactly the first `count` expanded.
            let closed = sets.iter().filter(|&&s| s == CLOSED).count();
            let mut first: Vec<u32> = trace.expanded[..count].to_vec();
            first.sort_unstable();
            first.dedup();
            assert_eq!(closed, first.len());
        }
    }
}

#[test]
fn a_picture_advanced_step_by_step_is_the_picture_built_at_once() {
    for (grid, from, to) in maps().into_iter().take(15) {
        for moves in [Moves::Four, Moves::Eight, Moves::AnyAngle] {
            let search =
                RouteSearch::grid(grid.clone(), from, to, moves, moves.estimate()).unwrap();
            let Some(found) = run(search) else {
                continue;
            };
            let trace = &found.trace;
            trace.check().unwrap();
            let places = grid.width() * grid.height();
            let mut sets = trace.sets_at(places, 0);
            let mut at = 0;
            for to in [1, 2, 5, trace.len() / 2, trace.len()] {
                let to = to.max(at).min(trace.len());
                trace.advance(&mut sets, at, to);
                at = to;
                assert_eq!(sets, trace.sets_at(places, at));
            }
        }
    }
}

#[test]
fn any_angle_searches_record_straight_line_estimates_and_g_no_shorter_than_a_straight_line() {
    for (grid, from, to) in maps().into_iter().take(20) {
        let search = RouteSearch::grid(
            grid.clone(),
            from,
            to,
            Moves::AnyAngle,
            Heuristic::Euclidean,
        )
        .unwrap();
        let Some(found) = run(search) else {
            continue;
        };
        let trace = &found.trace;
        trace.check().unwrap();
        let width = grid.width();
        for (i, &place) in trace.opened.iter().enumerate() {
            let (x, y) = (
                (place as usize % width) as f32,
                (place as usize / width) as f32,
            );
            let to_goal = (x - to.0 as f32).hypot(y - to.1 as f32);
            let from_start = (x - from.0 as f32).hypot(y - from.1 as f32);
            assert!((trace.opened_h[i] - to_goal).abs() < 1e-3);
            assert!(trace.opened_g[i] + 1e-3 >= from_start);
        }
    }
}

#[test]
fn the_start_is_open_before_the_first_expansion_and_the_goal_is_open_at_the_end() {
    for (grid, from, to) in maps() {
        if from == to {
            continue;
        }
        let search =
            RouteSearch::grid(grid.clone(), from, to, Moves::Eight, Heuristic::Octile).unwrap();
        let Some(found) = run(search) else {
            continue;
        };
        let index = |p: Pixel| (p.1 * grid.width() + p.0) as u32;
        let trace = &found.trace;
        assert!(matches!(
            trace.state_at(index(from), 0),
            PlaceState::Open { g, .. } if g == 0.0
        ));
        assert!(
            matches!(trace.state_at(index(to), trace.len()), PlaceState::Open { g, .. }
                if (f64::from(g) - found.distance).abs() < 1e-3),
            "the goal waits on the open list at its route's length"
        );
    }
}

#[test]
fn a_trace_travels_from_the_worker_and_back_whole() {
    let (grid, from, to) = maps().remove(0);
    let search =
        RouteSearch::grid(grid.clone(), from, to, Moves::Eight, Heuristic::Octile).unwrap();
    let found = run(search).expect("a route");
    let answer = RouteAnswer {
        found: Some(found.clone()),
        optimal: true,
    };
    let record = AnswerRecord::write(&answer, Record::new("solve"));
    let read = RouteWork.read_answer("solve", &record).unwrap();
    let read: &RouteAnswer = read.get().unwrap();
    assert_eq!(read.found.as_ref().unwrap().trace, found.trace);
}

#[test]
fn an_answer_written_before_the_trace_carried_costs_is_read_as_expansions_alone() {
    let record = Record::new("solve")
        .with("optimal", Value::Flag(true))
        .with("places", Value::Words(vec![0, 1, 2]))
        .number("distance", 2.0)
        .number("route_expanded", 2.0)
        .with("trace", Value::Words(vec![0, 1]));
    let answer = RouteWork.read_answer("solve", &record).unwrap();
    let answer: &RouteAnswer = answer.get().unwrap();
    let trace = &answer.found.as_ref().unwrap().trace;
    assert_eq!(trace.expanded, vec![0, 1]);
    trace.check().unwrap();
    assert_eq!(trace.sets_at(3, 2), vec![CLOSED, CLOSED, UNSEEN]);
}

#[test]
fn a_trace_whose_parts_disagree_is_refused_with_the_reason() {
    let mut trace = Trace::default();
    trace.open(0, 0.0, 2.0);
    trace.expand(0, 0.0);
    trace.open(1, 1.0, 1.0);
    trace.check().unwrap();
    let mut short = trace.clone();
    short.expanded_g.clear();
    assert_eq!(
        short.check().unwrap_err(),
        "the trace has not one g for each expansion"
    );
    let mut unordered = trace.clone();
    unordered.opened_ends = vec![1, 0];
    assert_eq!(
        unordered.check().unwrap_err(),
        "the trace's openings do not follow its expansions"
    );
    let mut record = AnswerRecord::write(
        &RouteAnswer {
            found: Some(Found {
                places: vec![0, 1],
                distance: 1.0,
                expanded: 1,
                trace: unordered,
            }),
            optimal: true,
        },
        Record::new("solve"),
    );
    let error = RouteWork.read_answer("solve", &record).err().unwrap();
    assert!(error.contains("openings do not follow"), "{error}");
    record.fields.retain(|(name, _)| name != "opened_h");
    assert!(RouteWork.read_answer("solve", &record).is_err());
}

#[test]
fn every_algorithms_trace_holds_together_and_jump_point_searches_mark_their_jump_points() {
    use slide::route::{Algorithm, Query};
    for (grid, from, to) in maps().into_iter().take(12) {
        for algorithm in Algorithm::ALL {
            let moves = if algorithm == Algorithm::Theta {
                Moves::AnyAngle
            } else {
                Moves::Eight
            };
            let query = Query::new(algorithm, moves, moves.estimate(), 1.0).unwrap();
            let search = RouteSearch::grid_query(grid.clone(), from, to, &query).unwrap();
            let Some(found) = run(search) else {
                continue;
            };
            let trace = &found.trace;
            trace.check().unwrap();
            assert_eq!(trace.len() as u64, found.expanded, "{algorithm:?}");
            assert_eq!(trace.jump_points, algorithm.needs_eight(), "{algorithm:?}");
            let places = grid.width() * grid.height();
            let sets = trace.sets_at(places, trace.len());
            for (place, &set) in sets.iter().enumerate() {
                let state = trace.state_at(place as u32, trace.len());
                let expected = match state {
                    PlaceState::Unseen => UNSEEN,
                    PlaceState::Open { .. } => OPEN,
                    PlaceState::Closed { .. } => CLOSED,
                };
                assert_eq!(set, expected, "{algorithm:?} at {place}");
                if let PlaceState::Open { g, h } | PlaceState::Closed { g, h } = state {
                    assert!(g.is_finite() && g >= 0.0 && h.is_finite() && h >= 0.0);
                }
            }
        }
    }
}

#[test]
fn a_place_either_side_of_a_bidirectional_search_closed_shows_closed_when_the_other_side_opens_it()
{
    use slide::route::{Algorithm, Query};
    let mut reopened_by_the_other_side = 0;
    for (grid, from, to) in maps() {
        let query = Query::new(
            Algorithm::Bidirectional,
            Moves::Eight,
            Heuristic::Octile,
            1.0,
        )
        .unwrap();
        let search = RouteSearch::grid_query(grid.clone(), from, to, &query).unwrap();
        let Some(found) = run(search) else {
            continue;
        };
        let trace = &found.trace;
        assert!(trace.two_sided);
        let places = grid.width() * grid.height();
        let total = trace.len();
        for count in [1, total / 4, total / 2, 3 * total / 4, total] {
            let sets = trace.sets_at(places, count);
            let mut step_by_step = trace.sets_at(places, 0);
            trace.advance(&mut step_by_step, 0, count / 2);
            trace.advance(&mut step_by_step, count / 2, count);
            assert_eq!(step_by_step, sets);
            let openings = trace.opened_ends[count] as usize;
            for (i, &place) in trace.expanded[..count].iter().enumerate() {
                assert_eq!(sets[place as usize], CLOSED, "expanded place {place}");
                assert!(matches!(
                    trace.state_at(place, count),
                    PlaceState::Closed { .. }
                ));
                // Opened again after this expansion (by the other side).
                let after = trace.opened_ends[i + 1] as usize;
                if trace.opened[after..openings].contains(&place) {
                    reopened_by_the_other_side += 1;
                }
            }
        }
    }
    assert!(
        reopened_by_the_other_side > 0,
        "the maps make the sides meet over places already closed"
    );
}

#[test]
fn in_a_two_sided_record_closed_wins_over_open_and_in_a_one_sided_one_the_latest_wins() {
    // Places 0 (the start) and 2 (the goal); the forward side expands 0,
    // opening 1, then 1; the backward side then expands 2 and meets 1.
    let mut trace = Trace::default();
    trace.open(0, 0.0, 2.0);
    trace.open(2, 0.0, 2.0);
    trace.expand(0, 0.0);
    trace.open(1, 1.0, 1.0);
    trace.expand(1, 1.0);
    trace.expand(2, 0.0);
    trace.open(1, 1.0, 1.0);
    trace.check().unwrap();
    let one_sided = trace.clone();
    trace.two_sided = true;
    assert_eq!(trace.sets_at(3, 3), vec![CLOSED, CLOSED, CLOSED]);
    assert_eq!(trace.state_at(1, 3), PlaceState::Closed { g: 1.0, h: 1.0 });
    // Read the old way, the other side's opening wins: what was wrong.
    assert_eq!(one_sided.sets_at(3, 3), vec![CLOSED, OPEN, CLOSED]);
    assert!(matches!(one_sided.state_at(1, 3), PlaceState::Open { .. }));
}
