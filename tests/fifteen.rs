//! The 4x4 solver: pattern databases never overestimate and never fall below
//! Manhattan distance, solutions are optimal on Korf's instances, the tables
//! survive saving and loading, and the branches a search splits into are
//! reached by the first path (the split rounds themselves run through the
//! workers' engine in `tests/solver_workers.rs`).
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{manhattan, tables};
use slide::search::{idastar, Unlimited};
use slide::sliding::duplicates::{Duplicates, DEPTH};
use slide::sliding::fifteen::{split_branches, Fifteen, FifteenTables};
use slide::sliding::near::mirror;
use slide::sliding::pdb::{placements, rank, unrank, PatternTable};
use slide::sliding::{Board, Dir, Solver};

#[test]
fn ranking_is_a_bijection() {
    for k in 1..=4 {
        let count = placements(k);
        assert_eq!(count, (16 - k + 1..=16).product::<usize>());
        for index in (0..count).step_by(7) {
            let cells = unrank(index, k);
            assert_eq!(rank(&cells[..k]), index);
        }
    }
}

#[test]
fn the_heuristic_never_exceeds_known_optimal_lengths_along_optimal_paths() {
    let tables = tables();
    let problem = Fifteen::new(&tables);
    let mut sets = common::instances("korf100.txt");
    sets.truncate(25);
    sets.extend(common::instances("fifteen_80_sample.txt"));
    sets.extend([(common::seed_example(), 22)]);
    for (board, optimal) in sets.iter().filter(|(_, optimal)| *optimal < 80) {
        let solution = idastar(&problem, tables.state(board), &mut Unlimited)
            .unwrap()
            .unwrap();
        assert_eq!(solution.cost, *optimal);
        // Every position on an optimal path is exactly `remaining` from the
        // goal: the estimate must not exceed it.
        let mut position = board.clone();
        for (done, &dir) in solution.moves.iter().enumerate() {
            let remaining = optimal - done as u32;
            let estimate = tables.estimate(&position);
            assert!(estimate <= remaining, "estimate {estimate} > {remaining}");
            assert!(estimate >= manhattan(&position));
            // The mirror image is as far, and its views are other symmetries.
            let reflected = tables.estimate(&mirror(&position));
            assert!(reflected <= remaining, "mirrored {reflected} > {remaining}");
            position = position.apply(slide::sliding::Move::Blank(dir)).unwrap();
        }
        assert!(position.is_solved());
    }
    for (board, optimal) in &sets {
        let estimate = tables.estimate(board);
        assert!(estimate <= *optimal && estimate >= manhattan(board));
    }
}

#[test]
fn the_heuristic_is_at_least_manhattan_with_its_parity_on_a_board_and_its_mirror_image() {
    let tables = tables();
    for seed in 0..2000 {
        let board = Board::shuffled(4, 4, seed).unwrap();
        let estimate = tables.estimate(&board);
        assert!(estimate >= manhattan(&board));
        assert_eq!(estimate % 2, manhattan(&board) % 2);
        // The mirror image, tiles renamed after their mirrored homes, is as
        // far from the goal. The views are not all mirrored pairs (the
        // fastest set is not), so the two estimates may differ; each is
        // admissible, which the solved instances above and below check.
        let mirrored = mirror(&board);
        let reflected = tables.estimate(&mirrored);
        assert!(reflected >= manhattan(&mirrored));
        assert_eq!(manhattan(&mirrored), manhattan(&board));
        assert_eq!(reflected % 2, estimate % 2);
    }
}

#[test]
fn a_sample_of_korf_instances_is_solved_optimally() {
    // Every fourth of Korf's 100 (the full set runs in the benchmark).
    let tables = tables();
    let problem = Fifteen::new(&tables);
    for (index, (board, optimal)) in common::instances("korf100.txt")
        .iter()
        .enumerate()
        .step_by(4)
    {
        let solution = idastar(&problem, tables.state(board), &mut Unlimited)
            .unwrap()
            .unwrap();
        assert_eq!(solution.cost, *optimal, "instance {}", index + 1);
        assert!(board.apply_path(&solution.moves).unwrap().is_solved());
    }
}

#[test]
fn the_solver_uses_the_tables_it_is_given_for_4x4_boards() {
    let board = common::instances("korf100.txt").remove(2).0;
    let plan = Solver::new(Some(tables()))
        .solve(&board, &mut Unlimited)
        .unwrap();
    assert!(plan.optimal);
    assert_eq!(plan.moves.len(), 59);
    // Linear conflicts alone need over 60 million states on this board.
    assert!(plan.expanded < 2_000_000, "{}", plan.expanded);
    // Without tables the same board is solved optimally too, only slowly:
    // a budget that the tables' search fits in is not enough.
    let without = Solver::new(None).solve(&board, &mut slide::search::Budget(2_000_000));
    assert!(without.is_err());
}

#[test]
fn split_branches_are_reached_by_the_first_path_in_move_order() {
    // Every non-undoing path of 6 moves, in the order of the moves' letters:
    // the branch to each position must be the first of them to reach it.
    let board = common::instances("korf100.txt").remove(0).0;
    let mut first = std::collections::HashMap::new();
    let mut paths: Vec<Vec<Dir>> = vec![Vec::new()];
    for _ in 0..6 {
        paths = paths
            .into_iter()
            .flat_map(|path| {
                Dir::ALL.into_iter().filter_map(move |dir| {
                    if path.last().is_some_and(|last| last.opposite() == dir) {
                        return None;
                    }
                    let mut longer = path.clone();
                    longer.push(dir);
                    Some(longer)
                })
            })
            .filter(|path| board.apply_path(path).is_ok())
            .collect();
    }
    for path in &paths {
        let position = board.apply_path(path).unwrap();
        first
            .entry(position.tiles().to_vec())
            .or_insert(path.clone());
    }
    let branches = split_branches(&board, 6);
    assert_eq!(branches.len(), first.len());
    for branch in &branches {
        assert_eq!(&first[branch.state.tiles()], &branch.moves);
    }
}

#[test]
fn tables_survive_saving_and_loading() {
    let tables = tables();
    let bytes = tables.to_bytes();
    let loaded = FifteenTables::from_bytes(&bytes).unwrap();
    // Every entry, whichever memory the loaded tables were copied into (on
    // Linux, pages the kernel is asked to make huge).
    assert!(loaded.to_bytes() == bytes);
    for seed in 0..200 {
        let board = Board::shuffled(4, 4, seed).unwrap();
        assert_eq!(loaded.estimate(&board), tables.estimate(&board));
    }
}

#[test]
fn damaged_table_files_are_refused_with_a_reason() {
    let small = PatternTable::build(&[13, 14, 15]);
    let bytes = small.to_bytes();
    assert_eq!(PatternTable::from_bytes(&bytes).unwrap(), small);
    let error = |bytes: &[u8]| PatternTable::from_bytes(bytes).unwrap_err().to_string();
    assert!(error(&bytes[..bytes.len() - 1]).contains("bytes where a 3-tile pattern needs"));
    assert!(error(b"not a table at all").contains("wrong magic bytes"));
    let mut version = bytes.clone();
    version[8] = 99;
    assert!(error(&version).contains("format version 99"));
    let mut repeated = bytes.clone();
    // The tiles follow the magic bytes, the version, the shape and the count.
    repeated[13] = repeated[12];
    assert!(error(&repeated).contains("appears twice"));
    assert!(FifteenTables::from_bytes(&[])
        .unwrap_err()
        .to_string()
        .contains("empty table file"));
    assert!(FifteenTables::from_bytes(&[1, 200, 0, 0, 0])
        .unwrap_err()
        .to_string()
        .contains("truncated"));
    let partition =
        FifteenTables::from_tables(vec![small.clone(), small], Duplicates::build(DEPTH))
            .unwrap_err();
    assert!(partition.to_string().contains("patterns"), "{partition}");
}

#[test]
fn small_pattern_tables_match_a_direct_breadth_first_search() {
    // The tile 15 alone: its table is its Manhattan distance exactly (it
    // moves on an otherwise free board), so every extra is 0.
    let single = PatternTable::build(&[15]);
    for cell in 0..16u8 {
        assert_eq!(
            single.lookup(&[cell]),
            slide::sliding::pdb::distance(14, cell)
        );
    }
    // Two tiles in the same row, swapped: one must leave the row, which
    // costs two moves beyond their Manhattan distance.
    let pair = PatternTable::build(&[1, 2]);
    assert_eq!(pair.lookup(&[1, 0]), 2 + 2);
}
