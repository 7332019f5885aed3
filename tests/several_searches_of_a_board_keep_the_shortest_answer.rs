//! The best effort searches a 7x7 or an 8x8 by its stages several times
//! (each with other keys, so ties fall another way) and a 9x9 by its frames
//! and by its stages: the answer kept is never longer than any one of them,
//! and a caller out of time has a whole answer once the first is done,
//! the answers had spliced.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::sliding::near::{solves, Effort, NearJob, Restarts, View};
use slide::sliding::Board;

#[test]
fn a_seven_by_sevens_searches_keep_the_shortest_and_each_is_another_search() {
    let restarts = Effort::BEST.restarts[1].expect("the best effort searches a 7x7 more than once");
    assert!(restarts.searches > 1);
    let searches = |searches| Effort {
        restarts: [
            None,
            Some(Restarts {
                searches,
                ..restarts
            }),
            None,
        ],
        ..Effort::BEST
    };
    let mut gained = 0;
    for seed in 1000..1004 {
        let board = Board::shuffled(7, 7, seed).unwrap();
        let first = common::near_answer(&board, searches(1)).len();
        let all = common::near_answer(&board, Effort::BEST).len();
        assert!(all <= first, "seed {seed}: {all} > {first}");
        gained += usize::from(all < first);
    }
    // Each search is another one: on some boards a later one is shorter.
    assert!(gained > 0, "no board gained from its later searches");
}

#[test]
fn out_of_time_after_the_first_search_a_caller_has_a_whole_answer() {
    let board = Board::shuffled(7, 7, 1004).unwrap();
    let mut job = NearJob::new(
        &board,
        Some(common::tables_5x5()),
        Effort::BEST,
        View::Plain,
    );
    let mut had = None;
    let mut spliced = false;
    while job.run(20_000).is_none() {
        if let Some(moves) = job.found() {
            assert!(solves(&board, &moves));
            // The answers had are spliced: never longer than the first.
            let first = *had.get_or_insert(moves.len());
            assert!(moves.len() <= first, "{} > {first}", moves.len());
            spliced |= moves.len() < first;
        }
    }
    assert!(had.is_some(), "an answer before the last search ends");
    assert!(spliced, "a later search shortened the answer had");
}

#[test]
fn a_nine_by_nines_answer_is_never_longer_than_its_frames_or_its_stages_alone() {
    let board = Board::shuffled(9, 9, 1002).unwrap();
    let frames = common::near_answer(
        &board,
        Effort {
            stages_too: false,
            ..Effort::BEST
        },
    );
    let stages = common::near_answer(
        &board,
        Effort {
            sort_width: 0,
            ..Effort::BEST
        },
    );
    let both = common::near_answer(&board, Effort::BEST);
    assert!(both.len() <= frames.len().min(stages.len()));
}
