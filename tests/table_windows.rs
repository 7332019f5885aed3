//! Stretches of a 5x5 solution re-solved optimally with the 5x5 tables
//! (issue 24 point 2): the distance between two positions, one with its
//! blank in a corner, read from tables built for the goal; every shortened
//! solution still legal, never below the optimum, never longer.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::rng::SplitMix64;
use slide::search::{idastar, Unlimited};
use slide::sliding::near::{solves, Effort, NearJob, View};
use slide::sliding::window::{estimate_between, resolve_between, Shorten, TableShortener, Window};
use slide::sliding::{Board, Dir, Move};

const CORNERS: [usize; 4] = [0, 4, 20, 24];

/// A random walk of `steps` moves of the blank from `board` (never straight
/// back), and the board it ends on.
fn walk(board: &Board, steps: usize, rng: &mut SplitMix64) -> (Vec<Dir>, Board) {
    let mut moves: Vec<Dir> = Vec::new();
    let mut at = board.clone();
    while moves.len() < steps {
        let dir = Dir::ALL[rng.below(4) as usize];
        if moves.last().is_some_and(|&last| last == dir.opposite()) {
            continue;
        }
        if let Ok(next) = at.apply(Move::Blank(dir)) {
            at = next;
            moves.push(dir);
        }
    }
    (moves, at)
}

/// The fewest moves from `from` to `to`, by IDA* on the Manhattan distance
/// between them: exact, and quick on short stretches.
fn fewest(from: &Board, to: &Board) -> usize {
    let (window, spot) = Window::new(from, to);
    idastar(&window, spot, &mut Unlimited)
        .expect("never stopped")
        .expect("the two are joined")
        .moves
        .len()
}

/// Pairs of 5x5 positions up to 22 moves apart, the first or the second
/// with its blank in a corner.
fn pairs(count: usize, seed: u64) -> Vec<(Board, Board, usize)> {
    let mut rng = SplitMix64::new(seed);
    let mut pairs = Vec::new();
    while pairs.len() < count {
        let (_, start) = walk(&Board::solved(5, 5).unwrap(), 60, &mut rng);
        let steps = 6 + rng.below(17) as usize;
        let (moves, end) = walk(&start, steps, &mut rng);
        if CORNERS.contains(&end.blank()) || CORNERS.contains(&start.blank()) {
            pairs.push((start, end, moves.len()));
        }
    }
    pairs
}

#[test]
fn a_stretch_re_solved_with_the_tables_is_as_short_as_the_shortest_way() {
    let tables = common::tables_5x5();
    for (from, to, walked) in pairs(40, 24) {
        let fewest = fewest(&from, &to);
        // Anything shorter than the walk plus two: the shortest way itself.
        let (found, _) = resolve_between(&tables, &from, &to, walked as u32 + 2, u64::MAX);
        let found = found.expect("a way no longer than the walk");
        assert_eq!(found.len(), fewest, "from {from:?} to {to:?}");
        assert_eq!(from.apply_path(&found).unwrap(), to);
    }
}

#[test]
fn the_tables_estimate_between_two_positions_never_exceeds_the_fewest_moves() {
    let tables = common::tables_5x5();
    for (from, to, _) in pairs(40, 7) {
        let estimate = estimate_between(&tables, &from, &to).expect("a blank in a corner");
        assert!(estimate as usize <= fewest(&from, &to));
    }
}

#[test]
fn no_stretch_is_re_solved_when_neither_blank_is_in_a_corner() {
    let tables = common::tables_5x5();
    let mut rng = SplitMix64::new(3);
    let (_, from) = walk(&Board::solved(5, 5).unwrap(), 41, &mut rng);
    let mut to = from.clone();
    let mut steps = 0;
    while steps < 30 || CORNERS.contains(&to.blank()) || CORNERS.contains(&from.blank()) {
        let (_, next) = walk(&to, 1, &mut rng);
        to = next;
        steps += 1;
        assert!(steps < 1000, "a position with its blank off the corners");
    }
    assert!(estimate_between(&tables, &from, &to).is_none());
    assert_eq!(resolve_between(&tables, &from, &to, 200, u64::MAX).0, None);
}

#[test]
fn a_needlessly_long_way_to_a_corner_is_cut_to_the_shortest() {
    let tables = common::tables_5x5();
    let mut rng = SplitMix64::new(11);
    let (_, from) = walk(&Board::solved(5, 5).unwrap(), 50, &mut rng);
    // There and back again, then on to a position with its blank in a
    // corner: the detour is cut.
    let (out, there) = walk(&from, 8, &mut rng);
    let back: Vec<Dir> = out.iter().rev().map(|dir| dir.opposite()).collect();
    let mut onward = Vec::new();
    let mut end = from.clone();
    while onward.len() < 4 || !CORNERS.contains(&end.blank()) {
        let (step, next) = walk(&end, 1, &mut rng);
        if onward
            .last()
            .is_some_and(|&last: &Dir| last == step[0].opposite())
        {
            continue;
        }
        onward.extend(step);
        end = next;
    }
    assert_eq!(there.apply_path(&back).unwrap(), from);
    let long: Vec<Dir> = out.iter().chain(&back).chain(&onward).copied().collect();
    let mut shortener =
        TableShortener::new(&tables, &from, long.clone(), 100, 10, 1_000_000, 5_000_000);
    while !shortener.step() {}
    let short = shortener.moves();
    assert_eq!(from.apply_path(short).unwrap(), end);
    assert_eq!(short.len(), fewest(&from, &end));
    assert!(short.len() + 16 <= long.len());
}

#[test]
fn a_5x5_answer_shortened_with_the_tables_still_solves_and_never_beats_the_optimum() {
    let tables = common::tables_5x5();
    for (board, optimal) in common::instances("korf24_10.txt").into_iter().take(3) {
        let mut job = NearJob::new(&board, Some(tables.clone()), Effort::QUICK, View::Plain);
        let beam = loop {
            if let Some(moves) = job.run(100_000) {
                break moves;
            }
        };
        let mut shortener =
            TableShortener::new(&tables, &board, beam.clone(), 100, 8, 200_000, 2_000_000);
        while !shortener.step() {}
        let moves = shortener.moves();
        assert!(solves(&board, moves));
        assert!(moves.len() <= beam.len());
        assert!(moves.len() >= optimal as usize);
    }
}

#[test]
fn the_medium_effort_on_a_5x5_hands_back_a_legal_answer_it_had_while_shortening() {
    let tables = common::tables_5x5();
    let (board, optimal) = common::instances("korf24_10.txt").remove(0);
    let mut job = NearJob::new(&board, Some(tables), Effort::MEDIUM, View::Plain);
    let mut had = None;
    let last = loop {
        if let Some(moves) = job.run(10_000) {
            break moves;
        }
        if let Some(moves) = job.found() {
            assert!(solves(&board, &moves));
            assert!(moves.len() >= optimal as usize);
            had.get_or_insert(moves.len());
        }
    };
    assert!(solves(&board, &last));
    assert!(had.is_none_or(|first| last.len() <= first));
}

#[test]
fn the_bound_shown_beside_a_shortened_5x5_answer_stays_at_most_the_optimum_and_the_answer() {
    let solver = slide::sliding::Solver::new(None).with_5x5(Some(common::tables_5x5()));
    for (board, optimal) in common::instances("korf24_10.txt").into_iter().take(2) {
        let plan = solver
            .start_with(&board, Effort::MEDIUM, View::Plain)
            .finish(&mut Unlimited)
            .expect("never stopped");
        assert!(solves(&board, &plan.moves));
        let bound = solver.proven_bound(&board, 100_000);
        assert!(bound <= optimal, "bound {bound} over the optimum {optimal}");
        assert!(bound as usize <= plan.moves.len());
    }
}
