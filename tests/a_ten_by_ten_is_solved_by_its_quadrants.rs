//! A 10x10 at the best effort: its tiles sorted into their home quadrants,
//! each quadrant made even and solved as a 5x5 with the tables; every answer
//! legal, from either view, and the sort's steps keep their promises.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::sliding::near::{solves, Effort, NearJob, View};
use slide::sliding::quadrants::{even_up, is_quadrant_size, layout, Quadrant};
use slide::sliding::{Board, Dir};

/// The first `count` boards from `seed` on that the beam sorts, checking
/// that it sorts most.
fn sorted_boards(seed: u64, count: usize) -> Vec<Board> {
    let boards: Vec<Board> = (seed..seed + count as u64 + 2)
        .filter_map(|seed| common::sorted_into_boxes(&Board::shuffled(10, 10, seed).unwrap()))
        .take(count)
        .collect();
    assert_eq!(boards.len(), count, "the sort ends on most boards");
    boards
}

fn home_quadrant(cell: usize) -> (bool, bool) {
    (cell / 10 >= 5, cell % 10 >= 5)
}

/// A 10x10's three quadrants solved before the last.
fn quadrants() -> [Quadrant; 3] {
    layout(10).expect("a 10x10 is solved by its quadrants")
}

#[test]
fn only_a_ten_by_ten_and_a_nine_by_nine_are_solved_by_their_five_by_fives() {
    assert!(is_quadrant_size(10, 10));
    assert!(is_quadrant_size(9, 9));
    for (width, height) in [(8, 8), (7, 7), (6, 6), (10, 9), (9, 10), (8, 10), (5, 5)] {
        assert!(!is_quadrant_size(width, height), "{width}x{height}");
    }
}

#[test]
fn the_sort_puts_every_tile_in_its_home_quadrant_and_the_inner_corners_home() {
    for (seed, sorted) in sorted_boards(50, 3).into_iter().enumerate() {
        for (cell, &tile) in sorted.tiles().iter().enumerate() {
            let home = if tile == 0 { 99 } else { usize::from(tile) - 1 };
            assert_eq!(
                home_quadrant(home),
                home_quadrant(cell),
                "seed {seed}: tile {tile}"
            );
        }
        for corner in [44, 45, 54] {
            assert_eq!(
                usize::from(sorted.tile_at(corner)),
                corner + 1,
                "seed {seed}"
            );
        }
    }
}

#[test]
fn after_evening_up_every_quadrant_entered_through_its_corner_is_a_solvable_5x5() {
    for (seed, sorted) in sorted_boards(60, 5).into_iter().enumerate() {
        let mut at = sorted.apply_path(&even_up(&sorted)).unwrap();
        assert_eq!(at.blank(), 55, "seed {seed}: the blank waits at (5, 5)");
        for quadrant in quadrants() {
            let inside = at.apply_path(quadrant.enter).unwrap();
            let five = quadrant.five(&inside);
            assert!(five.is_some(), "seed {seed}: a solvable 5x5");
            assert_eq!(inside.apply_path(quadrant.leave).unwrap(), at);
            at = inside.apply_path(quadrant.leave).unwrap();
        }
    }
}

#[test]
fn a_quadrants_moves_turn_back_into_the_boards_moves() {
    // The top-right quadrant is flipped left to right, the bottom-left
    // upside down: a move there is the mirrored move on the board.
    let [top_left, top_right, bottom_left] = quadrants();
    let moves = [Dir::Up, Dir::Left, Dir::Down, Dir::Right];
    assert_eq!(top_left.moves_back(&moves), moves);
    assert_eq!(
        top_right.moves_back(&moves),
        [Dir::Up, Dir::Right, Dir::Down, Dir::Left]
    );
    assert_eq!(
        bottom_left.moves_back(&moves),
        [Dir::Down, Dir::Left, Dir::Up, Dir::Right]
    );
}

#[test]
fn the_best_effort_solves_ten_by_tens_by_their_quadrants_from_either_view() {
    let tables = common::tables_5x5();
    for seed in 0..2 {
        let board = Board::shuffled(10, 10, 1000 + seed).unwrap();
        for view in [View::Plain, View::Mirror] {
            let mut job = NearJob::new(&board, Some(tables.clone()), Effort::BEST, view);
            let moves = loop {
                if let Some(moves) = job.run(1 << 20) {
                    break moves;
                }
            };
            assert!(solves(&board, &moves), "seed {seed}, {view:?}");
        }
    }
}
