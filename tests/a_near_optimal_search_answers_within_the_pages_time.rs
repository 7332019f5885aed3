//! A worker's near-optimal search (5x5 and up) answers within the page's
//! time: once it has run `NEAR_TIME_MS` it answers with the shortest whole
//! answer it has, so a slow phone still gets its final answer within 3 s;
//! with time to spare it answers as the search's end does.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use std::time::Instant;

use slide::app::sliding::runner::SlidingRunner;
use slide::app::sliding::solving::{SlidingAnswer, SlidingTask};
use slide::app::workers::job::{Aim, JobRunner, Started, Stepped, TimeSlice};
use slide::sliding::near::{solve, solves, Effort};
use slide::sliding::Board;

fn runner(near_time_ms: f64) -> SlidingRunner {
    SlidingRunner::with_tables(common::tables(), common::tables_5x5()).with_near_time(near_time_ms)
}

/// The best answer `runner` gives for `board`, slice by slice on a real
/// clock, and the positions it examined.
fn best(runner: &mut SlidingRunner, board: &Board) -> (SlidingAnswer, u64) {
    let started = runner
        .start(&SlidingTask::task(board.clone()), Aim::Best)
        .unwrap();
    assert!(matches!(started, Started::Running));
    let begun = Instant::now();
    let clock = move || begun.elapsed().as_secs_f64() * 1000.0;
    loop {
        match runner.step(&TimeSlice::new(&clock, 20.0)) {
            Stepped::Running { .. } => continue,
            Stepped::Solved(solved) => {
                return (
                    solved.answer.get::<SlidingAnswer>().unwrap().clone(),
                    solved.expanded,
                )
            }
            other => panic!("expected an answer, got {other:?}"),
        }
    }
}

#[test]
fn out_of_time_a_search_answers_with_a_whole_answer_it_has() {
    // A 7x7's best effort is several searches: with no time at all, the
    // first whole answer is the one given.
    let board = Board::shuffled(7, 7, 1000).unwrap();
    let (hurried, hurried_work) = best(&mut runner(0.0), &board);
    assert!(solves(&board, &hurried.moves));
    assert!(!hurried.optimal);
    let (unhurried, work) = best(&mut runner(f64::INFINITY), &board);
    assert!(hurried_work < work, "the hurried search stopped early");
    assert!(hurried.moves.len() >= unhurried.moves.len());
    // Its proven bound still holds.
    assert!(hurried.bound as usize <= unhurried.moves.len());
    assert!(hurried.bound >= common::manhattan(&board));
}

#[test]
fn with_time_to_spare_a_search_answers_as_its_end_does() {
    for (side, seed) in [(6, 1001), (7, 1002)] {
        let board = Board::shuffled(side, side, seed).unwrap();
        let (answer, _) = best(&mut runner(f64::INFINITY), &board);
        let (whole, _) = solve(&board, Some(common::tables_5x5()), Effort::BEST);
        assert_eq!(answer.moves, whole);
    }
}
