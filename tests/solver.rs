//! `solve`: optimal on 3x3 and 4x4, correct and quick on larger boards,
//! never searching unsolvable positions.
mod common;

use slide::search::{Budget, Unlimited};
use slide::sliding::reduce::{cancel_reversals, solve_by_reduction};
use slide::sliding::{is_optimal_size, solve, solve_quickly, Board, Dir};

#[test]
fn every_8_puzzle_position_is_solved_optimally() {
    let distances: Vec<(Vec<u8>, u32)> = common::bfs_distances(3, 3).into_iter().collect();
    assert_eq!(distances.len(), 181_440);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = distances.len().div_ceil(threads);
    std::thread::scope(|scope| {
        for part in distances.chunks(chunk) {
            scope.spawn(move || {
                for (tiles, distance) in part {
                    let board = Board::from_tiles(3, 3, tiles).unwrap();
                    let plan = solve(&board, &mut Unlimited).unwrap();
                    assert!(plan.optimal);
                    assert_eq!(plan.moves.len() as u32, *distance, "{tiles:?}");
                    assert!(
                        board.apply_path(&plan.moves).unwrap().is_solved(),
                        "{tiles:?}"
                    );
                }
            });
        }
    });
    assert_eq!(distances.iter().map(|(_, d)| *d).max(), Some(31));
}

#[test]
fn the_hardest_8_puzzles_take_31_moves() {
    for (board, optimal) in common::instances("eight_31.txt") {
        let plan = solve(&board, &mut Unlimited).unwrap();
        assert_eq!(plan.moves.len() as u32, optimal);
        assert!(board.apply_path(&plan.moves).unwrap().is_solved());
    }
}

#[test]
fn the_seed_example_takes_22_moves() {
    let plan = solve(&common::seed_example(), &mut Unlimited).unwrap();
    assert!(plan.optimal);
    assert_eq!(plan.moves.len(), 22);
}

#[test]
fn easy_korf_instances_are_solved_optimally() {
    // The five of Korf's 100 that IDA* with linear conflicts solves in the
    // fewest states (under 140,000 each): instances 9, 12, 42, 47 and 48.
    let korf = common::instances("korf100.txt");
    for index in [8, 11, 41, 46, 47] {
        let (board, optimal) = &korf[index];
        let plan = solve(board, &mut Unlimited).unwrap();
        assert!(plan.optimal);
        assert_eq!(plan.moves.len() as u32, *optimal, "instance {}", index + 1);
        assert!(board.apply_path(&plan.moves).unwrap().is_solved());
    }
}

#[test]
fn solved_boards_need_no_moves() {
    for (width, height) in [(2, 2), (4, 4), (10, 10)] {
        let plan = solve(&Board::solved(width, height).unwrap(), &mut Unlimited).unwrap();
        assert!(plan.moves.is_empty() && plan.optimal);
    }
}

#[test]
fn small_rectangular_boards_are_solved_optimally() {
    for (width, height) in [
        (2, 2),
        (3, 2),
        (2, 3),
        (4, 2),
        (2, 5),
        (5, 2),
        (3, 4),
        (4, 3),
    ] {
        let distances = (width * height <= 8).then(|| common::bfs_distances(width, height));
        assert!(is_optimal_size(width, height));
        for seed in 0..20 {
            let board = Board::shuffled(width, height, seed).unwrap();
            let plan = solve(&board, &mut Unlimited).unwrap();
            assert!(plan.optimal);
            assert!(board.apply_path(&plan.moves).unwrap().is_solved());
            if let Some(distances) = &distances {
                assert_eq!(plan.moves.len() as u32, distances[board.tiles()]);
            }
        }
    }
}

#[test]
fn large_boards_are_solved_by_reduction_up_to_10x10() {
    for (width, height) in [
        (5, 5),
        (6, 6),
        (7, 7),
        (8, 8),
        (9, 9),
        (10, 10),
        (5, 4),
        (2, 10),
        (10, 2),
        (3, 9),
        (2, 6),
        (6, 2),
    ] {
        for seed in 0..3 {
            let board = Board::shuffled(width, height, seed).unwrap();
            let plan = solve(&board, &mut Unlimited).unwrap();
            assert!(!plan.optimal);
            assert!(
                board.apply_path(&plan.moves).unwrap().is_solved(),
                "{width}x{height} seed {seed}"
            );
        }
    }
}

#[test]
fn reduction_solutions_are_reasonably_short() {
    // Optimal 5x5 solutions of random boards are around 100-120 moves (the
    // most any needs is at most 205); reduction should stay well within a
    // small factor.
    let mut total = 0;
    for seed in 0..20 {
        let board = Board::shuffled(5, 5, seed).unwrap();
        total += solve_by_reduction(&board, &mut Unlimited).unwrap().len();
    }
    let mean = total / 20;
    assert!(mean < 260, "mean 5x5 reduction length {mean}");
}

#[test]
fn a_budget_interrupts_large_solves() {
    let board = Board::shuffled(10, 10, 3).unwrap();
    assert!(solve(&board, &mut Budget(100)).is_err());
}

#[test]
fn quick_solutions_are_valid() {
    let korf = common::instances("korf100.txt");
    for (board, optimal) in korf.iter().take(10) {
        let plan = solve_quickly(board, 3.0, &mut Unlimited).unwrap();
        assert!(plan.moves.len() as u32 >= *optimal);
        assert!(board.apply_path(&plan.moves).unwrap().is_solved());
    }
}

#[test]
fn immediate_reversals_are_cancelled() {
    use Dir::*;
    assert_eq!(
        cancel_reversals(vec![Up, Down, Left, Up, Down, Right, Right]),
        vec![Right]
    );
}
