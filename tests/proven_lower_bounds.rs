//! Proven lower bounds (`sliding::bound`): never above a shortest
//! solution's length, of its parity, 0 on the solved board; checked against
//! exact distances (breadth-first on small boards, the optimal solver and
//! the instance files' optima on larger ones).
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::search::Unlimited;
use slide::sliding::bound::{
    linear_conflicts, lower_bound, manhattan, to_parity, with_threshold, DEEPENING,
};
use slide::sliding::{Board, Solver, SIDES};

/// Checks the bound of every position of a small board against its exact
/// breadth-first distance.
fn check_every_position(width: usize, height: usize, count: usize) {
    let distances = common::bfs_distances(width, height);
    assert_eq!(distances.len(), count);
    let mut exact = 0;
    for (tiles, &distance) in &distances {
        let board = Board::from_tiles(width, height, tiles).unwrap();
        let bound = lower_bound(&board, None, None);
        assert!(bound <= distance, "{tiles:?}: {bound} > {distance}");
        assert_eq!(bound % 2, distance % 2, "{tiles:?}: parity");
        exact += usize::from(bound == distance);
    }
    // Not a trivial bound: it meets the distance on some boards.
    assert!(exact > 0);
}

#[test]
fn on_every_8_puzzle_position_the_bound_is_at_most_the_exact_distance_and_of_its_parity() {
    check_every_position(3, 3, 181_440);
}

#[test]
fn on_every_2x3_and_3x2_position_the_bound_is_at_most_the_exact_distance() {
    check_every_position(2, 3, 360);
    check_every_position(3, 2, 360);
}

#[test]
fn on_random_3x4_and_4x3_boards_the_bound_is_at_most_the_optimal_length() {
    let solver = Solver::default();
    for (width, height) in [(3, 4), (4, 3)] {
        for seed in 0..12 {
            let board = Board::shuffled(width, height, seed).unwrap();
            let plan = solver.solve(&board, &mut Unlimited).unwrap();
            assert!(plan.optimal);
            let (bound, length) = (lower_bound(&board, None, None), plan.moves.len() as u32);
            assert!(
                bound <= length,
                "{width}x{height} seed {seed}: {bound} > {length}"
            );
            assert_eq!(bound % 2, length % 2);
        }
    }
}

#[test]
fn on_korfs_100_the_4x4_tables_bound_is_at_most_the_optimum_and_above_linear_conflicts() {
    let tables = common::tables();
    let mut above = 0;
    for (board, optimal) in common::instances("korf100.txt") {
        let bound = lower_bound(&board, Some(&tables), None);
        assert!(bound <= optimal, "{bound} > {optimal}");
        assert_eq!(bound % 2, optimal % 2);
        assert!(bound >= linear_conflicts(&board));
        above += usize::from(bound > linear_conflicts(&board));
    }
    // The tables see further than linear conflicts on most boards.
    assert!(above > 50, "{above}");
}

#[test]
fn on_easy_4x4_boards_solved_optimally_the_bound_never_exceeds_the_length() {
    let solver = common::solver();
    let tables = common::tables();
    for seed in 0..30 {
        // Short random walks from the goal: easy boards, solved at once.
        let mut board = Board::solved(4, 4).unwrap();
        let mut rng = slide::rng::SplitMix64::new(seed);
        for _ in 0..40 {
            let dirs: Vec<_> = slide::sliding::Dir::ALL
                .into_iter()
                .filter_map(|dir| board.apply(slide::sliding::Move::Blank(dir)).ok())
                .collect();
            board = dirs[rng.below(dirs.len() as u64) as usize].clone();
        }
        let plan = solver.solve(&board, &mut Unlimited).unwrap();
        assert!(plan.optimal);
        let length = plan.moves.len() as u32;
        for bound in [
            lower_bound(&board, Some(&tables), None),
            lower_bound(&board, None, None),
            solver.lower_bound(&board),
        ] {
            assert!(bound <= length, "seed {seed}: {bound} > {length}");
            assert_eq!(bound % 2, length % 2);
        }
    }
}

#[test]
fn on_korfs_24_puzzle_instances_the_5x5_tables_bound_is_at_most_the_optimum() {
    let tables = common::tables_5x5();
    for (board, optimal) in common::instances("korf24_10.txt") {
        let bound = lower_bound(&board, None, Some(&tables));
        assert!(bound <= optimal, "{bound} > {optimal}");
        assert_eq!(bound % 2, optimal % 2);
        assert!(bound >= linear_conflicts(&board));
        // The 5x5 tables are not used on another size, nor the 4x4 ones.
        assert_eq!(
            lower_bound(&board, Some(&common::tables()), None),
            to_parity(linear_conflicts(&board), &board)
        );
    }
}

#[test]
fn the_bound_is_zero_on_the_solved_board_of_every_size() {
    let solver = common::solver();
    for width in SIDES {
        for height in SIDES {
            let board = Board::solved(width, height).unwrap();
            assert_eq!(solver.lower_bound(&board), 0, "{width}x{height}");
        }
    }
}

#[test]
fn the_bound_is_positive_and_of_the_right_parity_on_every_other_board() {
    let solver = common::solver();
    for width in SIDES {
        for height in SIDES {
            let board = Board::shuffled(width, height, 7).unwrap();
            let bound = solver.lower_bound(&board);
            assert!(bound > 0, "{width}x{height}");
            assert_eq!(bound % 2, manhattan(&board) % 2, "{width}x{height}");
            assert!(bound >= linear_conflicts(&board));
        }
    }
}

#[test]
fn a_threshold_an_ida_star_reached_raises_the_bound_to_its_parity() {
    let board = Board::shuffled(4, 4, 3).unwrap();
    let bound = lower_bound(&board, None, None);
    assert_eq!(with_threshold(bound, 0, &board), bound);
    // A threshold of the wrong parity allows no solution of its length.
    let odd = bound + 3;
    assert_eq!(with_threshold(bound, odd, &board), bound + 4);
    assert_eq!(with_threshold(bound, bound + 2, &board), bound + 2);
}

#[test]
fn a_short_ida_star_raises_the_5x5_bound_and_never_past_the_optimum() {
    let solver = common::solver();
    let mut raised = 0;
    for (board, optimal) in common::instances("korf24_10.txt") {
        let (fixed, deepened) = (
            solver.lower_bound(&board),
            solver.proven_bound(&board, DEEPENING),
        );
        assert!(
            fixed <= deepened && deepened <= optimal,
            "{fixed} {deepened} {optimal}"
        );
        assert_eq!(deepened % 2, optimal % 2);
        raised += usize::from(deepened > fixed);
    }
    assert_eq!(raised, 10, "20,000 positions raise every instance's bound");
}

#[test]
fn a_short_ida_star_bound_is_at_most_the_exact_distance_on_small_boards_and_meets_it_when_it_can() {
    let solver = common::solver();
    let distances = common::bfs_distances(3, 3);
    let mut met = 0;
    for (i, (tiles, &distance)) in distances.iter().enumerate().step_by(600) {
        let board = Board::from_tiles(3, 3, tiles).unwrap();
        let bound = solver.proven_bound(&board, 2_000);
        assert!(bound <= distance, "{i} {tiles:?}: {bound} > {distance}");
        assert_eq!(bound % 2, distance % 2);
        met += usize::from(bound == distance);
    }
    // The search often reaches the goal: the bound is then exact.
    assert!(met > 100, "{met}");
    for (board, optimal) in common::instances("korf100.txt").into_iter().take(10) {
        let bound = solver.proven_bound(&board, DEEPENING);
        assert!(bound >= solver.lower_bound(&board) && bound <= optimal);
    }
    assert_eq!(
        solver.proven_bound(&Board::solved(5, 5).unwrap(), DEEPENING),
        0
    );
}
