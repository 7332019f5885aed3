//! A 10x10's sort into its boxes that goes round a plateau or past its
//! limit starts again with other keys for its positions before the stages
//! take over: another seed is another search of the same board, and one
//! that cannot finish with one seed may well finish with another.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::sliding::bound::manhattan;
use slide::sliding::near::Effort;
use slide::sliding::quadrants::Sort;
use slide::sliding::Board;

/// A 10x10 whose sort with the first keys does not finish (on the bench's
/// boards, `benches/near.rs`, its seed 5).
fn stuck() -> Board {
    Board::shuffled(10, 10, 1005).unwrap()
}

#[test]
fn the_first_seed_is_the_sorts_own_keys_and_another_seed_other_keys() {
    let board = stuck();
    let key = |sort: Sort| sort.sorting(&board).key();
    assert_eq!(key(Sort::new(10)), key(Sort::seeded(10, 0)));
    assert_ne!(key(Sort::seeded(10, 0)), key(Sort::seeded(10, 1)));
    assert_eq!(key(Sort::seeded(10, 1)), key(Sort::seeded(10, 1)));
}

#[test]
fn a_board_the_first_keys_cannot_sort_is_sorted_with_the_next() {
    let board = stuck();
    assert!(common::sorted_into_boxes_with(&board, 0).is_none());
    assert!(common::sorted_into_boxes_with(&board, 1).is_some());
}

#[test]
fn the_best_effort_sorts_again_and_answers_shorter_than_the_stages() {
    // 1,141 moves against the stages' 1,277 when written (Manhattan
    // distance 713): the sort's retry, not the stages, answered.
    let board = stuck();
    let moves = common::near_answer(&board, Effort::BEST);
    let stages = common::near_answer(
        &board,
        Effort {
            sort_width: 0,
            ..Effort::BEST
        },
    );
    assert!(
        moves.len() < stages.len(),
        "{} moves, the stages' {}",
        moves.len(),
        stages.len()
    );
    assert!(moves.len() as f64 <= 1.7 * f64::from(manhattan(&board)));
}
