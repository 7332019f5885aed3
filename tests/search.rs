//! The generic searches: A*, IDA* and weighted best-first agree, are optimal
//! where promised, stop when asked and report exhausted spaces.
mod common;

use std::ops::ControlFlow;

use slide::search::{
    astar, depth_first, idastar, weighted_astar, Budget, DeadEnds, Problem, Progress, Successor,
    Unlimited, DEAD_END,
};
use slide::sliding::compact::{CompactPuzzle, Estimate};
use slide::sliding::Board;

#[test]
fn astar_and_idastar_find_the_31_move_8_puzzles() {
    for (board, optimal) in common::instances("eight_31.txt") {
        let puzzle = CompactPuzzle::new(3, 3, Estimate::LinearConflict);
        let by_idastar = idastar(&puzzle, puzzle.pack(&board), &mut Unlimited)
            .unwrap()
            .unwrap();
        let by_astar = astar(&puzzle, puzzle.pack(&board), &mut Unlimited)
            .unwrap()
            .unwrap();
        assert_eq!(by_idastar.cost, optimal);
        assert_eq!(by_astar.cost, optimal);
        assert_eq!(by_idastar.moves.len(), 31);
        assert!(board.apply_path(&by_idastar.moves).unwrap().is_solved());
        assert!(board.apply_path(&by_astar.moves).unwrap().is_solved());
        // The same with plain Manhattan distance.
        let plain = CompactPuzzle::new(3, 3, Estimate::Manhattan);
        let by_astar = astar(&plain, plain.pack(&board), &mut Unlimited)
            .unwrap()
            .unwrap();
        assert_eq!(by_astar.cost, optimal);
    }
}

#[test]
fn astar_and_idastar_solve_the_seed_example_in_22() {
    let board = common::seed_example();
    let puzzle = CompactPuzzle::new(4, 4, Estimate::LinearConflict);
    let by_idastar = idastar(&puzzle, puzzle.pack(&board), &mut Unlimited)
        .unwrap()
        .unwrap();
    let by_astar = astar(&puzzle, puzzle.pack(&board), &mut Unlimited)
        .unwrap()
        .unwrap();
    assert_eq!(by_idastar.cost, 22);
    assert_eq!(by_astar.cost, 22);
    let plain = CompactPuzzle::new(4, 4, Estimate::Manhattan);
    assert_eq!(
        idastar(&plain, plain.pack(&board), &mut Unlimited)
            .unwrap()
            .unwrap()
            .cost,
        22
    );
}

#[test]
fn astar_and_idastar_agree_with_bfs_on_random_8_puzzles() {
    let distances = common::bfs_distances(3, 3);
    let puzzle = CompactPuzzle::new(3, 3, Estimate::Manhattan);
    for seed in 0..300 {
        let board = Board::shuffled(3, 3, seed).unwrap();
        let exact = distances[board.tiles()];
        let a = astar(&puzzle, puzzle.pack(&board), &mut Unlimited)
            .unwrap()
            .unwrap();
        let i = idastar(&puzzle, puzzle.pack(&board), &mut Unlimited)
            .unwrap()
            .unwrap();
        assert_eq!((a.cost, i.cost), (exact, exact), "{board:?}");
    }
}

#[test]
fn weighted_search_stays_within_its_weight() {
    let distances = common::bfs_distances(3, 3);
    let puzzle = CompactPuzzle::new(3, 3, Estimate::LinearConflict);
    let mut astar_work = 0;
    let mut weighted_work = 0;
    for seed in 0..300 {
        let board = Board::shuffled(3, 3, seed).unwrap();
        let exact = distances[board.tiles()];
        let fast = weighted_astar(&puzzle, puzzle.pack(&board), 2.0, &mut Unlimited)
            .unwrap()
            .unwrap();
        assert!(fast.cost <= 2 * exact && fast.cost >= exact);
        assert!(board.apply_path(&fast.moves).unwrap().is_solved());
        weighted_work += fast.expanded;
        astar_work += astar(&puzzle, puzzle.pack(&board), &mut Unlimited)
            .unwrap()
            .unwrap()
            .expanded;
    }
    assert!(
        weighted_work * 2 < astar_work,
        "{weighted_work} vs {astar_work}"
    );
}

#[test]
fn a_monitor_stops_the_search_and_sees_the_bound_grow() {
    let (board, _) = common::instances("korf100.txt").remove(0);
    let puzzle = CompactPuzzle::new(4, 4, Estimate::Manhattan);
    let error = idastar(&puzzle, puzzle.pack(&board), &mut Budget(50_000)).unwrap_err();
    assert!(error.progress.expanded >= 50_000);
    let mut bounds = Vec::new();
    let mut watch = |progress: &Progress| {
        if bounds.last() != Some(&progress.bound) {
            bounds.push(progress.bound);
        }
        if progress.expanded > 200_000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    assert!(idastar(&puzzle, puzzle.pack(&board), &mut watch).is_err());
    assert!(
        bounds.len() >= 2 && bounds.windows(2).all(|w| w[0] + 2 == w[1]),
        "{bounds:?}"
    );
    let error = astar(&puzzle, puzzle.pack(&board), &mut Budget(20_000)).unwrap_err();
    assert!(error.progress.expanded >= 20_000);
}

/// A small graph with a dead branch, to check exhausted spaces and pruning.
/// States are numbers; from n one may go to 2n and 2n + 1 below 32; the goal
/// is 27; states whose heuristic is DEAD_END are never entered.
struct Tree {
    goal: u32,
}

impl Problem for Tree {
    type State = u32;
    type Move = u32;
    fn heuristic(&self, n: &u32) -> u32 {
        if *n == 2 {
            DEAD_END
        } else {
            0
        }
    }
    fn is_goal(&self, n: &u32) -> bool {
        *n == self.goal
    }
    fn successors(&self, n: &u32, _: Option<u32>, out: &mut Vec<Successor<u32, u32>>) {
        for child in [2 * n, 2 * n + 1] {
            if child < 32 {
                out.push(Successor {
                    mv: child,
                    state: child,
                    cost: 1,
                });
            }
        }
    }
}

#[derive(Default)]
struct DeadSet(std::collections::HashSet<u32>, usize);

impl DeadEnds<u32> for DeadSet {
    fn is_dead(&self, n: &u32) -> bool {
        self.0.contains(n)
    }
    fn mark_dead(&mut self, n: &u32) {
        self.1 += 1;
        self.0.insert(*n);
    }
}

#[test]
fn exhausted_spaces_and_dead_ends_give_none() {
    let reachable = Tree { goal: 27 };
    let path = idastar(&reachable, 1, &mut Unlimited).unwrap().unwrap();
    assert_eq!(path.moves, vec![3, 6, 13, 27]);
    assert_eq!(
        astar(&reachable, 1, &mut Unlimited).unwrap().unwrap().moves,
        path.moves
    );
    let mut dead = DeadSet::default();
    assert_eq!(
        depth_first(&reachable, 1, &mut dead, &mut Unlimited)
            .unwrap()
            .unwrap()
            .moves,
        path.moves
    );
    // 21 lies under the dead state 2 (2 -> 5 -> 10 -> 21): pruned everywhere.
    let pruned = Tree { goal: 21 };
    assert_eq!(idastar(&pruned, 1, &mut Unlimited).unwrap(), None);
    assert_eq!(astar(&pruned, 1, &mut Unlimited).unwrap(), None);
    let mut dead = DeadSet::default();
    assert_eq!(
        depth_first(&pruned, 1, &mut dead, &mut Unlimited).unwrap(),
        None
    );
    assert!(dead.0.contains(&1) && dead.0.contains(&3));
    // A second search skips everything already proven dead.
    let before = dead.1;
    assert_eq!(
        depth_first(&pruned, 1, &mut dead, &mut Unlimited).unwrap(),
        None
    );
    assert_eq!(dead.1, before);
}
