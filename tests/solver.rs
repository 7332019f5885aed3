//! The size policy (`sliding::Solver`): optimal on 3x3 and 4x4, correct
//! and quick on larger boards, resumable in slices, and a quick answer for
//! the anytime display.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::search::{Budget, Monitor, Unlimited};
use slide::sliding::reduce::{cancel_reversals, solve_by_reduction};
use slide::sliding::{is_optimal_size, Board, Dir, JobStep, Plan, Solver};

/// Solves with the solver the CLI and the workers use (tables included).
fn solve<M: Monitor + ?Sized>(
    board: &Board,
    monitor: &mut M,
) -> Result<Plan, slide::search::Interrupted> {
    common::solver().solve(board, monitor)
}

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
fn easy_korf_instances_are_solved_optimally_without_the_tables() {
    // The five of Korf's 100 that IDA* with linear conflicts solves in the
    // fewest states (under 140,000 each): instances 9, 12, 42, 47 and 48.
    let korf = common::instances("korf100.txt");
    let without = Solver::new(None);
    for index in [8, 11, 41, 46, 47] {
        let (board, optimal) = &korf[index];
        let plan = without.solve(board, &mut Unlimited).unwrap();
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
fn quick_solutions_are_valid_and_bounded_below() {
    let korf = common::instances("korf100.txt");
    for solver in [common::solver(), Solver::new(None)] {
        for (board, optimal) in korf.iter().take(10) {
            let quick = solver.quick(board, &mut Unlimited).unwrap();
            assert!(quick.plan.moves.len() as u32 >= *optimal);
            assert!(quick.lower_bound <= *optimal && quick.lower_bound > 0);
            assert_eq!(
                quick.plan.optimal,
                quick.plan.moves.len() as u32 == quick.lower_bound
            );
            assert!(board.apply_path(&quick.plan.moves).unwrap().is_solved());
        }
    }
    // A solved board's quick answer is empty and optimal; a large board's is
    // the reduction's, with no lower bound claimed.
    let solved = common::solver()
        .quick(&Board::solved(4, 4).unwrap(), &mut Unlimited)
        .unwrap();
    assert!(solved.plan.moves.is_empty() && solved.plan.optimal);
    let large = Board::shuffled(7, 7, 1).unwrap();
    let quick = common::solver().quick(&large, &mut Unlimited).unwrap();
    assert_eq!(quick.lower_bound, 0);
    assert!(!quick.plan.optimal);
    assert!(large.apply_path(&quick.plan.moves).unwrap().is_solved());
}

#[test]
fn a_search_run_in_slices_finds_what_one_run_finds() {
    let solver = common::solver();
    for (board, optimal) in common::instances("korf100.txt").iter().take(5) {
        let mut job = solver.start(board);
        let mut slices = 0;
        let mut expanded = 0;
        let plan = loop {
            match job.run(1000) {
                JobStep::Running => slices += 1,
                JobStep::Done(plan) => break plan,
            }
            // Progress only grows while the search runs.
            assert!(job.progress().expanded >= expanded);
            expanded = job.progress().expanded;
        };
        assert!(slices > 0, "a slice of 1,000 states is not enough");
        assert!(plan.optimal);
        assert_eq!(plan.moves.len() as u32, *optimal);
        assert!(board.apply_path(&plan.moves).unwrap().is_solved());
        // A finished job stays finished.
        assert_eq!(job.run(1), JobStep::Done(plan));
    }
    // Every size has a job: 3x3, 5x5 (by reduction, in one slice), solved.
    for board in [
        Board::shuffled(3, 3, 9).unwrap(),
        Board::shuffled(5, 5, 9).unwrap(),
        Board::solved(6, 6).unwrap(),
    ] {
        let mut job = solver.start(&board);
        let plan = loop {
            if let JobStep::Done(plan) = job.run(50_000) {
                break plan;
            }
        };
        assert!(board.apply_path(&plan.moves).unwrap().is_solved());
        assert_eq!(
            plan.optimal,
            solver.is_optimal(board.width(), board.height()) || board.is_solved()
        );
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
