//! Every heuristic is admissible: checked against exact breadth-first
//! distances for all 181,440 positions of the 8-puzzle.
mod common;

use slide::search::Problem;
use slide::sliding::compact::{CompactPuzzle, Estimate};
use slide::sliding::heuristic::line_penalty;
use slide::sliding::{Board, Hamming, Heuristic, LinearConflict, Manhattan};

#[test]
fn no_heuristic_overestimates_any_8_puzzle_position() {
    let distances = common::bfs_distances(3, 3);
    assert_eq!(distances.len(), 181_440);
    let mut sums = [0u64; 3];
    for (tiles, &distance) in &distances {
        let board = Board::from_tiles(3, 3, tiles).unwrap();
        let hamming = Hamming.estimate(&board);
        let manhattan = Manhattan.estimate(&board);
        let conflict = LinearConflict.estimate(&board);
        assert!(
            hamming <= distance,
            "Hamming {hamming} > {distance} for {tiles:?}"
        );
        assert!(
            manhattan <= distance,
            "Manhattan {manhattan} > {distance} for {tiles:?}"
        );
        assert!(
            conflict <= distance,
            "linear conflict {conflict} > {distance} for {tiles:?}"
        );
        // Each is at least as informed as the one before, and its parity
        // agrees with the distance's where it must (Manhattan, conflicts).
        assert!(hamming <= manhattan && manhattan <= conflict);
        assert_eq!(manhattan % 2, distance % 2);
        assert_eq!(conflict % 2, distance % 2);
        sums[0] += u64::from(hamming);
        sums[1] += u64::from(manhattan);
        sums[2] += u64::from(conflict);
    }
    // Linear conflicts add information on a good share of positions.
    assert!(sums[2] > sums[1] + sums[1] / 20, "{sums:?}");
}

#[test]
fn heuristics_are_zero_at_the_goal() {
    for (width, height) in [(2, 2), (3, 3), (4, 4), (5, 3), (10, 10)] {
        let goal = Board::solved(width, height).unwrap();
        assert_eq!(Hamming.estimate(&goal), 0);
        assert_eq!(Manhattan.estimate(&goal), 0);
        assert_eq!(LinearConflict.estimate(&goal), 0);
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

#[test]
fn packed_heuristics_match_the_board_heuristics_along_random_walks() {
    // The packed search updates its estimate per move; it must always equal
    // the estimate computed from scratch.
    for (width, height) in [(3, 3), (4, 4), (2, 5), (4, 3)] {
        for (estimate, reference) in [
            (Estimate::Manhattan, &Manhattan as &dyn Heuristic),
            (Estimate::LinearConflict, &LinearConflict),
        ] {
            let puzzle = CompactPuzzle::new(width, height, estimate);
            let mut rng = slide::rng::SplitMix64::new(5);
            let mut board = Board::shuffled(width, height, 11).unwrap();
            let mut state = puzzle.pack(&board);
            let mut children = Vec::new();
            for _ in 0..2000 {
                assert_eq!(puzzle.heuristic(&state), reference.estimate(&board));
                children.clear();
                puzzle.successors(&state, None, &mut children);
                let child = &children[rng.below(children.len() as u64) as usize];
                board = board.apply(slide::sliding::Move::Blank(child.mv)).unwrap();
                state = child.state;
            }
        }
    }
}
