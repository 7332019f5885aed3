//! Seeded shuffles: reproducible, solvable, never solved, uniform.
mod common;

use std::collections::HashMap;

use slide::sliding::{is_solvable, Board};

#[test]
fn the_same_seed_gives_the_same_board() {
    for (width, height) in [(3, 3), (4, 4), (5, 5), (10, 10), (3, 7)] {
        for seed in [0, 1, 42, u64::MAX] {
            assert_eq!(
                Board::shuffled(width, height, seed).unwrap(),
                Board::shuffled(width, height, seed).unwrap()
            );
        }
    }
    assert_ne!(
        Board::shuffled(4, 4, 1).unwrap(),
        Board::shuffled(4, 4, 2).unwrap()
    );
}

#[test]
fn shuffles_are_fixed_across_platforms_and_releases() {
    // Pinned: a change here breaks every shared seed.
    assert_eq!(
        Board::shuffled(4, 4, 2026).unwrap().tiles(),
        &[3, 12, 0, 6, 4, 8, 1, 2, 10, 11, 14, 15, 5, 9, 7, 13]
    );
}

#[test]
fn shuffles_are_solvable_and_never_solved() {
    for seed in 0..2000 {
        let board = Board::shuffled(2, 2, seed).unwrap();
        assert!(!board.is_solved());
        assert!(is_solvable(2, 2, board.tiles()));
        let board = Board::shuffled(3, 4, seed).unwrap();
        assert!(is_solvable(3, 4, board.tiles()));
    }
}

#[test]
fn shuffles_are_uniform_over_solvable_positions() {
    // The 2x3 board has 360 solvable positions, 359 besides the goal. Draw
    // 359 * 200 boards; a chi-square test with 358 degrees of freedom must
    // not reject uniformity at the 0.1% level (critical value about 450).
    let reachable = common::bfs_distances(3, 2);
    assert_eq!(reachable.len(), 360);
    let draws = 359 * 200;
    let mut counts: HashMap<Vec<u8>, u32> = HashMap::new();
    for seed in 0..draws {
        let board = Board::shuffled(3, 2, seed as u64).unwrap();
        *counts.entry(board.tiles().to_vec()).or_default() += 1;
    }
    assert_eq!(counts.len(), 359, "every non-goal position appears");
    let expected = 200.0;
    let chi_square: f64 = counts
        .values()
        .map(|&observed| (f64::from(observed) - expected).powi(2) / expected)
        .sum();
    assert!(chi_square < 450.0, "chi-square {chi_square}");
}

#[test]
fn shuffles_are_not_short_random_walks() {
    // A uniform 3x3 shuffle averages about 22 moves from the goal; a short
    // random walk would stay close to it.
    let distances = common::bfs_distances(3, 3);
    let total: u32 = (0..2000)
        .map(|seed| distances[Board::shuffled(3, 3, seed).unwrap().tiles()])
        .sum();
    let mean = f64::from(total) / 2000.0;
    assert!((21.0..23.0).contains(&mean), "mean distance {mean}");
}

#[test]
fn shuffle_refuses_bad_sizes() {
    assert!(Board::shuffled(1, 5, 0).is_err());
    assert!(Board::shuffled(11, 11, 0).is_err());
}
