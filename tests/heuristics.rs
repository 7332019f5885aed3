//! The searches' estimates are admissible: checked against exact
//! breadth-first distances for all 181,440 positions of the 8-puzzle, and
//! the packed, incremental ones against a computation from scratch.
mod common;

use common::{linear_conflict, manhattan};
use slide::search::Problem;
use slide::sliding::compact::{CompactPuzzle, Estimate};
use slide::sliding::heuristic::line_penalty;
use slide::sliding::Board;

#[test]
fn no_estimate_overestimates_any_8_puzzle_position() {
    let distances = common::bfs_distances(3, 3);
    assert_eq!(distances.len(), 181_440);
    let plain = CompactPuzzle::new(3, 3, Estimate::Manhattan);
    let conflicts = CompactPuzzle::new(3, 3, Estimate::LinearConflict);
    let mut sums = [0u64; 2];
    for (tiles, &distance) in &distances {
        let board = Board::from_tiles(3, 3, tiles).unwrap();
        let manhattan = plain.heuristic(&plain.pack(&board));
        let conflict = conflicts.heuristic(&conflicts.pack(&board));
        assert!(
            manhattan <= distance,
            "Manhattan {manhattan} > {distance} for {tiles:?}"
        );
        assert!(
            conflict <= distance,
            "linear conflict {conflict} > {distance} for {tiles:?}"
        );
        // Conflicts are at least as informed, and both agree with the
        // distance's parity.
        assert!(manhattan <= conflict);
        assert_eq!(manhattan % 2, distance % 2);
        assert_eq!(conflict % 2, distance % 2);
        sums[0] += u64::from(manhattan);
        sums[1] += u64::from(conflict);
    }
    // Linear conflicts add information on a good share of positions.
    assert!(sums[1] > sums[0] + sums[0] / 20, "{sums:?}");
}

#[test]
fn estimates_are_zero_at_the_goal() {
    for (width, height) in [(2, 2), (3, 3), (4, 4), (5, 3), (10, 10)] {
        let goal = Board::solved(width, height).unwrap();
        assert_eq!(manhattan(&goal), 0);
        assert_eq!(linear_conflict(&goal), 0);
        if width * height <= 16 {
            for estimate in [Estimate::Manhattan, Estimate::LinearConflict] {
                let puzzle = CompactPuzzle::new(width, height, estimate);
                assert_eq!(puzzle.heuristic(&puzzle.pack(&goal)), 0);
            }
        }
    }
}

#[test]
fn line_penalty_counts_tiles_off_a_longest_increasing_run() {
    assert_eq!(line_penalty(&[]), 0);
    assert_eq!(line_penalty(&[0, 1, 2, 3]), 0);
    assert_eq!(line_penalty(&[1, 0]), 2);
    assert_eq!(line_penalty(&[3, 2, 1, 0]), 6);
    // One tile (3) out lets 0, 1, 2 pass; in [2, 3, 0, 1] two must leave.
    assert_eq!(line_penalty(&[3, 0, 1, 2]), 2);
    assert_eq!(line_penalty(&[2, 3, 0, 1]), 4);
}

/// The longest increasing subsequence, the slow plain way.
fn longest_run(goals: &[u8]) -> u32 {
    let mut longest = vec![1u32; goals.len()];
    for i in 0..goals.len() {
        for j in 0..i {
            if goals[j] < goals[i] {
                longest[i] = longest[i].max(longest[j] + 1);
            }
        }
    }
    longest.into_iter().max().unwrap_or(0)
}

#[test]
fn line_penalty_agrees_with_the_plain_count_on_every_short_line_and_long_random_ones() {
    // Every arrangement of up to 6 goals, chosen from the 10 places of a
    // 10x10's line.
    fn each(goals: &mut Vec<u8>, left: usize) {
        let expected = 2 * (goals.len() as u32 - longest_run(goals));
        assert_eq!(line_penalty(goals), expected, "{goals:?}");
        if left == 0 {
            return;
        }
        for goal in 0..10 {
            if !goals.contains(&goal) {
                goals.push(goal);
                each(goals, left - 1);
                goals.pop();
            }
        }
    }
    each(&mut Vec::new(), 6);
    // Whole 10-long lines, shuffled by a fixed generator.
    let mut rng = slide::rng::SplitMix64::new(7);
    for _ in 0..20_000 {
        let mut goals: Vec<u8> = (0..10).collect();
        for i in (1..goals.len()).rev() {
            goals.swap(i, rng.below(i as u64 + 1) as usize);
        }
        assert_eq!(
            line_penalty(&goals),
            2 * (10 - longest_run(&goals)),
            "{goals:?}"
        );
    }
}

#[test]
fn packed_estimates_match_estimates_from_scratch_along_random_walks() {
    // The packed search updates its estimate per move; it must always equal
    // the estimate computed from scratch.
    for (width, height) in [(3, 3), (4, 4), (2, 5), (4, 3)] {
        for (estimate, reference) in [
            (Estimate::Manhattan, manhattan as fn(&Board) -> u32),
            (Estimate::LinearConflict, linear_conflict),
        ] {
            let puzzle = CompactPuzzle::new(width, height, estimate);
            let mut rng = slide::rng::SplitMix64::new(5);
            let mut board = Board::shuffled(width, height, 11).unwrap();
            let mut state = puzzle.pack(&board);
            let mut children = Vec::new();
            for _ in 0..2000 {
                assert_eq!(puzzle.heuristic(&state), reference(&board));
                children.clear();
                puzzle.successors(&state, None, &mut children);
                let child = &children[rng.below(children.len() as u64) as usize];
                board = board.apply(slide::sliding::Move::Blank(child.mv)).unwrap();
                state = child.state;
            }
        }
    }
}
