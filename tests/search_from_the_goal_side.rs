//! A 5x5 searched from the goal's side (issue 24 point 2): the solved board
//! with its tiles renamed after their cells in the board, solved, and the
//! moves walked back; the page's second worker runs it beside the plain
//! search, and the shorter answer is kept. Every answer is the board's own
//! moves, legal, and never below the optimum.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::sliding::near::{solves, Effort, NearJob, View};
use slide::sliding::window::Reversal;
use slide::sliding::{Board, Dir};

fn run(mut job: NearJob) -> Vec<Dir> {
    loop {
        if let Some(moves) = job.run(1 << 20) {
            return moves;
        }
    }
}

/// `board`'s quick answer seen through `view`, with the 5x5 tables.
fn quick_with_tables(board: &Board, view: View) -> Vec<Dir> {
    run(NearJob::new(
        board,
        Some(common::tables_5x5()),
        Effort::QUICK,
        view,
    ))
}

#[test]
fn the_goal_seen_through_any_corner_is_solved_back_into_the_boards_own_moves() {
    for seed in 0..4 {
        let board = Board::shuffled(5, 5, 40 + seed).unwrap();
        for corner in 0..4 {
            let (reversal, goal) = Reversal::new(&board, corner);
            let there = quick_with_tables(&goal, View::Plain);
            assert!(solves(&goal, &there));
            let back = reversal.moves_back(&there);
            assert!(solves(&board, &back), "seed {seed}, corner {corner}");
        }
        assert!(Reversal::nearest_corner(&board) < 4);
    }
}

#[test]
fn a_board_with_its_blank_in_the_corner_is_reversed_without_moving_it_first() {
    let board = Board::shuffled(5, 5, 7).unwrap();
    let (row, col) = (board.blank() / 5, board.blank() % 5);
    let mut to_corner = vec![Dir::Down; 4 - row];
    to_corner.extend(vec![Dir::Right; 4 - col]);
    let corner = board.apply_path(&to_corner).unwrap();
    assert_eq!(Reversal::nearest_corner(&corner), 3);
    let (reversal, goal) = Reversal::new(&corner, 3);
    // The solved board is its own reversal's solution: no moves back.
    assert!(reversal.moves_back(&[]).is_empty());
    let there = quick_with_tables(&goal, View::Plain);
    assert!(solves(&corner, &reversal.moves_back(&there)));
}

#[test]
fn korf_instances_searched_from_the_goal_side_are_solved_legally_never_below_the_optimum() {
    for (board, optimal) in common::instances("korf24_10.txt").into_iter().take(3) {
        let moves = quick_with_tables(&board, View::Reversed);
        assert!(solves(&board, &moves));
        assert!(moves.len() >= optimal as usize);
    }
}

#[test]
fn the_second_view_is_the_goal_side_on_a_5x5_and_the_mirror_image_on_larger_square_boards() {
    assert_eq!(View::second(5, 5), Some(View::Reversed));
    assert_eq!(View::second(6, 6), Some(View::Mirror));
    assert_eq!(View::second(10, 10), Some(View::Mirror));
    assert_eq!(View::second(7, 5), None);
    assert_eq!(View::second(4, 4), None);
}

#[test]
fn without_the_5x5_tables_or_on_larger_boards_a_goal_side_search_still_solves_the_board() {
    for side in [5, 6] {
        let board = Board::shuffled(side, side, 9).unwrap();
        let moves = run(NearJob::new(&board, None, Effort::QUICK, View::Reversed));
        assert!(solves(&board, &moves), "{side}x{side} without tables");
    }
    let board = Board::shuffled(6, 6, 9).unwrap();
    let moves = quick_with_tables(&board, View::Reversed);
    assert!(solves(&board, &moves));
}
