//! Boards drawn by difficulty: every level's range, the 3x3's table of
//! exact distances against a plain breadth-first search, and every drawn
//! board's distance against the solver's exact one, on 3x3 and 4x4, drawn
//! directly and through a worker's engine as the page asks for them.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{bfs_distances, solve_task, solver};
use slide::app::sliding::solving::{DrawTask, DrawnBoard};
use slide::app::workers::Task;
use slide::rng::SplitMix64;
use slide::search::Unlimited;
use slide::sliding::difficulty::{has_levels, Draw, DrawStep, EightTable, Level};
use slide::sliding::Board;

/// The exact distance of `board`, from the optimal solver.
fn exact(board: &Board) -> u32 {
    let plan = solver().solve(board, &mut Unlimited).unwrap();
    assert!(plan.optimal);
    plan.moves.len() as u32
}

/// Runs a draw to its end.
fn draw(width: usize, height: usize, level: Level, seed: u64) -> (Board, u32) {
    let range = level.range(width, height).unwrap();
    let mut draw = Draw::new(width, height, range, seed).unwrap();
    let solver = solver();
    loop {
        if let DrawStep::Done { board, distance } = draw.run(&solver, 100_000) {
            return (board, distance);
        }
    }
}

#[test]
fn the_levels_split_each_size_into_ranges_that_meet_without_overlapping() {
    for (width, height, longest) in [(3, 3, 31), (4, 4, 80)] {
        assert!(has_levels(width, height));
        assert_eq!(Level::Any.range(width, height), None);
        let easy = Level::Easy.range(width, height).unwrap();
        let medium = Level::Medium.range(width, height).unwrap();
        let hard = Level::Hard.range(width, height).unwrap();
        assert_eq!(*easy.start(), 1);
        assert_eq!(*medium.start(), easy.end() + 1);
        assert_eq!(*hard.start(), medium.end() + 1);
        assert_eq!(*hard.end(), longest);
    }
    assert_eq!(Level::Easy.range(4, 4), Some(1..=30));
    assert_eq!(Level::Medium.range(4, 4), Some(31..=45));
    assert_eq!(Level::Hard.range(4, 4), Some(46..=80));
    assert_eq!(Level::Easy.range(3, 3), Some(1..=12));
    assert_eq!(Level::Hard.range(3, 3), Some(21..=31));
    assert!(!has_levels(5, 5) && Level::Hard.range(5, 5).is_none());
    for level in Level::ALL {
        assert_eq!(Level::named(level.name()), Some(level));
    }
    assert_eq!(Level::named("impossible"), None);
}

#[test]
fn the_3x3_table_holds_the_exact_distance_of_every_position() {
    let table = EightTable::build();
    let bfs = bfs_distances(3, 3);
    assert_eq!(bfs.len(), 181_440);
    for (tiles, &distance) in &bfs {
        let board = Board::from_tiles(3, 3, tiles).unwrap();
        assert_eq!(table.distance(&board), Some(distance));
    }
    let counts = table.counts();
    assert_eq!(counts.iter().sum::<u32>(), 181_440);
    assert_eq!(counts.len(), 32, "the 8-puzzle's longest takes 31 moves");
}

#[test]
fn every_drawn_3x3_board_is_as_far_from_the_goal_as_its_level_says() {
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let range = level.range(3, 3).unwrap();
        for seed in 0..40 {
            let (board, distance) = draw(3, 3, level, seed);
            assert!(range.contains(&distance), "{level:?}: {distance}");
            assert_eq!(exact(&board), distance, "{level:?}, seed {seed}");
        }
    }
}

#[test]
fn a_3x3_draw_is_spread_over_every_distance_of_its_range() {
    // Uniform over positions: the Hard range's every distance comes up in
    // 2,000 draws but the two positions of 31 moves (1 in 10,000 each).
    let table = EightTable::shared();
    let range = Level::Hard.range(3, 3).unwrap();
    let mut rng = SplitMix64::new(7);
    let mut seen = [0u32; 32];
    for _ in 0..2000 {
        let (_, distance) = table.draw(&range, &mut rng).unwrap();
        seen[distance as usize] += 1;
    }
    for (distance, &times) in seen.iter().enumerate().take(31).skip(21) {
        assert!(times > 0, "no board of {distance} moves drawn");
    }
    // Proportions follow the counts: 24 moves (24,047 positions) comes up
    // far more often than 29 (760).
    assert!(seen[24] > 10 * seen[29]);
}

#[test]
fn every_drawn_4x4_board_is_as_far_from_the_goal_as_its_level_says() {
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let range = level.range(4, 4).unwrap();
        for seed in 0..4 {
            let (board, distance) = draw(4, 4, level, seed);
            assert!(range.contains(&distance), "{level:?}: {distance}");
            assert_eq!(exact(&board), distance, "{level:?}, seed {seed}");
        }
    }
}

#[test]
fn the_same_seed_draws_the_same_board() {
    assert_eq!(draw(4, 4, Level::Medium, 11), draw(4, 4, Level::Medium, 11));
    assert_eq!(draw(3, 3, Level::Easy, 11), draw(3, 3, Level::Easy, 11));
}

#[test]
fn a_worker_draws_a_hard_4x4_and_answers_with_its_exact_distance() {
    let range = Level::Hard.range(4, 4).unwrap();
    let answer = solve_task(&Task::new(DrawTask {
        width: 4,
        height: 4,
        range: range.clone(),
        seed: 2024,
    }));
    let Some(DrawnBoard { board, distance }) = answer.get().cloned() else {
        panic!("not a drawn board: {answer:?}");
    };
    assert!(range.contains(&distance));
    assert_eq!(exact(&board), distance);
}

#[test]
fn a_draw_of_a_size_without_levels_or_an_impossible_range_is_refused() {
    assert!(Draw::new(5, 5, 10..=20, 1)
        .err()
        .unwrap()
        .contains("no difficulty levels"));
    assert!(Draw::new(3, 3, 40..=50, 1)
        .err()
        .unwrap()
        .contains("no 3x3 position"));
    assert!(Draw::new(4, 4, 0..=0, 1).is_err());
}
