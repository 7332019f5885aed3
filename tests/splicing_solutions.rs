//! Solutions of one board spliced where they meet (issue 24 point 2): the
//! shortest way through the positions they go through, by their own moves.
//! A 5x5's best search runs two beams from different sides and splices
//! their answers; every answer is legal and never below the optimum.
// Natively only: the 5x5 tests use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::search::Unlimited;
use slide::sliding::near::{solves, Effort, NearJob, Side, View};
use slide::sliding::reduce::solve_by_reduction;
use slide::sliding::splice::splice;
use slide::sliding::window::Reversal;
use slide::sliding::{Board, Dir};

/// The blank's walk once round a 2x2 block, from a blank in the block's
/// top-left cell: 12 moves that come back to the same position.
fn round_trip() -> Vec<Dir> {
    [Dir::Right, Dir::Down, Dir::Left, Dir::Up].repeat(3)
}

/// `board`'s solution by reduction and the index of its first position
/// after `from` whose blank can go right and down (a 2x2 block below and
/// right of it).
fn solution_and_loop_spot(board: &Board, from: usize) -> (Vec<Dir>, usize) {
    let moves = solve_by_reduction(board, &mut Unlimited).unwrap();
    let mut position = board.clone();
    let mut spots = Vec::new();
    for (at, &dir) in moves.iter().enumerate() {
        let (row, col) = position.row_col(position.blank());
        if row + 1 < board.height() && col + 1 < board.width() {
            spots.push(at);
        }
        position = position.apply_path(&[dir]).unwrap();
    }
    let spot = *spots.iter().find(|&&at| at >= from).unwrap();
    (moves, spot)
}

#[test]
fn where_two_solutions_meet_the_splice_takes_the_shorter_part_of_each() {
    let board = Board::shuffled(4, 4, 3).unwrap();
    let (moves, early) = solution_and_loop_spot(&board, 0);
    let (_, late) = solution_and_loop_spot(&board, moves.len() / 2);
    assert!(early < late);
    // Each goes once round a block, one early, the other late.
    let mut first = moves.clone();
    first.splice(early..early, round_trip());
    let mut second = moves.clone();
    second.splice(late..late, round_trip());
    assert!(solves(&board, &first) && solves(&board, &second));
    let spliced = splice(&board, &[&first, &second]);
    assert!(solves(&board, &spliced));
    assert_eq!(spliced.len(), moves.len());
}

#[test]
fn a_splice_of_one_solution_is_no_longer_and_of_none_is_empty() {
    let board = Board::shuffled(3, 3, 5).unwrap();
    let moves = solve_by_reduction(&board, &mut Unlimited).unwrap();
    let spliced = splice(&board, &[&moves]);
    assert!(solves(&board, &spliced));
    assert!(spliced.len() <= moves.len());
    assert!(splice(&board, &[]).is_empty());
}

#[test]
fn a_splice_of_a_5x5s_answers_from_both_sides_solves_it_no_longer_than_either() {
    let tables = common::tables_5x5();
    for seed in 0..3 {
        let board = Board::shuffled(5, 5, 60 + seed).unwrap();
        let answers: Vec<Vec<Dir>> = [View::Plain, View::Reversed]
            .into_iter()
            .map(|view| {
                let mut job = NearJob::new(&board, Some(tables.clone()), Effort::QUICK, view);
                loop {
                    if let Some(moves) = job.run(1 << 20) {
                        break moves;
                    }
                }
            })
            .collect();
        let spliced = splice(&board, &[&answers[0], &answers[1]]);
        assert!(solves(&board, &spliced), "seed {seed}");
        assert!(spliced.len() <= answers.iter().map(Vec::len).min().unwrap());
    }
}

#[test]
fn the_two_views_of_a_5x5_search_four_different_sides_the_nearest_corner_first() {
    let mut sides: Vec<Side> = [View::Plain, View::Reversed]
        .into_iter()
        .flat_map(View::sides)
        .collect();
    assert_eq!(View::Reversed.sides()[0], Side::Goal(0));
    sides.sort_by_key(|side| format!("{side:?}"));
    sides.dedup();
    assert_eq!(sides.len(), 4);
    for seed in 0..20 {
        let board = Board::shuffled(5, 5, seed).unwrap();
        let corners = Reversal::corners_by_distance(&board);
        assert_eq!(corners[0], Reversal::nearest_corner(&board));
        let mut sorted = corners;
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 1, 2, 3]);
    }
}

#[test]
fn a_5x5_best_search_of_two_sides_solves_korf_instances_never_below_the_optimum() {
    let tables = common::tables_5x5();
    let (board, optimal) = common::instances("korf24_10.txt").swap_remove(0);
    for view in [View::Plain, View::Reversed] {
        let mut job = NearJob::new(&board, Some(tables.clone()), Effort::BEST, view);
        let mut first_found = None;
        let moves = loop {
            if let Some(moves) = job.run(50_000) {
                break moves;
            }
            if let Some(found) = job.found() {
                // What a caller out of time gets is a solution too, and
                // the final answer is never longer.
                assert!(solves(&board, &found));
                first_found.get_or_insert(found.len());
            }
        };
        assert!(solves(&board, &moves), "{view:?}");
        assert!(moves.len() >= optimal as usize, "{view:?}");
        assert!(first_found.is_some_and(|found| moves.len() <= found));
    }
}
