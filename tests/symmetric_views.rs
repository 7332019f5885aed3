//! The 4x4 estimate's views: the two tables of tiles 9-15 (one towards the
//! goal with the blank in its corner, one with the blank in the top rows)
//! looked up on the board seen through symmetries of the board (reflected,
//! turned, mirrored) that take the blank's home into the table's goal. The
//! estimate stays admissible (never above the true distance), is exactly
//! the largest of its four partitions' sums, and searches find the known
//! optimal lengths; a view whose blank home is outside its table's goal
//! would overestimate.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use std::collections::HashMap;

use common::{manhattan, tables};
use slide::search::{idastar, Problem, Unlimited};
use slide::sliding::fifteen::{BlankGoal, Fifteen, FifteenTables, SMALL_PARTITION};
use slide::sliding::pdb::{unpack_tables, PatternTable};
use slide::sliding::{Board, Dir, Move};

/// A board symmetry as a map of (row, column).
type Symmetry = fn(usize, usize) -> (usize, usize);

/// The fewest moves of `table`'s tiles on `board` seen through `sigma`
/// (each tile at cell c with home h stands at sigma(c) as the tile whose
/// home is sigma(h)), looked up from scratch.
fn seen(table: &PatternTable, board: &Board, sigma: Symmetry) -> u32 {
    let map = |cell: usize| {
        let (r, c) = sigma(cell / 4, cell % 4);
        r * 4 + c
    };
    let cells: Vec<u8> = table
        .tiles()
        .iter()
        .map(|&t| {
            let home = (0..16).find(|&h| map(h) == usize::from(t) - 1).unwrap();
            assert_ne!(home, 15, "the view's pattern holds no blank");
            let cell = board.cell_of(home as u8 + 1).unwrap();
            map(cell) as u8
        })
        .collect();
    u32::from(table.lookup(&cells))
}

/// Manhattan distance of the listed tiles alone.
fn manhattan_of(board: &Board, tiles: &[u8]) -> u32 {
    tiles
        .iter()
        .map(|&t| {
            let (cell, home) = (board.cell_of(t).unwrap(), usize::from(t) - 1);
            ((cell / 4).abs_diff(home / 4) + (cell % 4).abs_diff(home % 4)) as u32
        })
        .sum()
}

fn patterns(tables: &FifteenTables) -> Vec<PatternTable> {
    unpack_tables(&tables.to_bytes()).unwrap()
}

/// The partitions of the tiles the two tables give through the board's
/// symmetries: for each, the table (0: towards the blank in the corner, 1:
/// towards the blank in the top rows) and symmetry of its two views, and
/// the tile left over, which counts its Manhattan distance. Only the
/// identity and the transpose keep the blank's home in the corner, and four
/// symmetries take it into the top rows; these are every pair of disjoint
/// views among those six, and the estimate takes the largest of them all.
const PARTITIONS: [[(usize, Symmetry); 2]; 4] = [
    // Tiles 9-15 as they are, and upside down (tiles 1-3, 5-8): tile 4.
    [(0, |r, c| (r, c)), (1, |r, c| (3 - r, c))],
    // As they are, and turned half a turn (tiles 2-8): tile 1.
    [(0, |r, c| (r, c)), (1, |r, c| (3 - r, 3 - c))],
    // Transposed (the mirror image: 3, 4, 7, 8, 11, 12, 15), and on the
    // other diagonal (2, 5, 6, 9, 10, 13, 14): tile 1.
    [(0, |r, c| (c, r)), (1, |r, c| (3 - c, 3 - r))],
    // Transposed, and turned a quarter (1, 2, 5, 6, 9, 10, 14): tile 13.
    [(0, |r, c| (c, r)), (1, |r, c| (3 - c, r))],
];

/// The tile no view of `partition` covers.
fn left_over(partition: &[(usize, Symmetry); 2]) -> u8 {
    // Both tables hold tiles 9-15: a view covers the tiles whose homes it
    // takes to cells 8-14.
    let covers = |&(_, sigma): &(usize, Symmetry), tile: u8| {
        let home = usize::from(tile) - 1;
        let (r, c) = sigma(home / 4, home % 4);
        (8..15).contains(&(r * 4 + c))
    };
    let mut left: Vec<u8> = (1..16)
        .filter(|&t| !partition.iter().any(|view| covers(view, t)))
        .collect();
    assert_eq!(left.len(), 1, "a partition leaves one tile");
    left.pop().unwrap()
}

/// A partition's sum on `board`, from scratch.
fn partition_sum(
    tables: [&PatternTable; 2],
    partition: &[(usize, Symmetry); 2],
    board: &Board,
) -> u32 {
    partition
        .iter()
        .map(|&(table, sigma)| seen(tables[table], board, sigma))
        .sum::<u32>()
        + manhattan_of(board, &[left_over(partition)])
}

/// The table towards the blank in the corner, and the one towards the
/// blank in the top rows.
fn seven_tile_tables(tables: &FifteenTables) -> [PatternTable; 2] {
    let patterns = patterns(tables);
    let towards = |goal| {
        patterns
            .iter()
            .find(|t| t.blank_goal() == goal)
            .unwrap()
            .clone()
    };
    [towards(BlankGoal::Near(15)), towards(BlankGoal::Near(0))]
}

/// Every 4x4 board within `depth` moves of the goal, reached first at
/// distance d (its exact distance), handed to `visit` layer by layer;
/// returns how many boards there were, the goal included.
fn each_board_within(depth: u32, mut visit: impl FnMut(&Board, u32)) -> usize {
    let solved = Board::solved(4, 4).unwrap();
    let mut distance: HashMap<Vec<u8>, u32> = HashMap::from([(solved.tiles().to_vec(), 0)]);
    let mut layer = vec![solved];
    for d in 1..=depth {
        let mut next = Vec::new();
        for board in &layer {
            for dir in Dir::ALL {
                let Ok(moved) = board.apply(Move::Blank(dir)) else {
                    continue;
                };
                if !distance.contains_key(moved.tiles()) {
                    distance.insert(moved.tiles().to_vec(), d);
                    next.push(moved);
                }
            }
        }
        for board in &next {
            visit(board, d);
        }
        layer = next;
    }
    distance.len()
}

#[test]
fn the_estimate_is_the_largest_of_four_partitions_of_the_seven_tile_tables() {
    let tables = tables();
    let [corner, top] = seven_tile_tables(&tables);
    let mut boards: Vec<Board> = common::instances("korf100.txt")
        .into_iter()
        .map(|(board, _)| board)
        .collect();
    boards.extend(
        common::instances("fifteen_80_sample.txt")
            .into_iter()
            .map(|(b, _)| b),
    );
    for board in &boards {
        let largest = PARTITIONS
            .iter()
            .map(|partition| partition_sum([&corner, &top], partition, board))
            .max()
            .unwrap();
        assert_eq!(tables.estimate(board), largest, "{board:?}");
    }
}

#[test]
fn no_partition_estimates_a_board_within_twelve_moves_of_the_goal_above_its_distance() {
    let tables = tables();
    let [corner, top] = seven_tile_tables(&tables);
    let mut checked = 0;
    each_board_within(12, |board, depth| {
        for partition in &PARTITIONS {
            let sum = partition_sum([&corner, &top], partition, board);
            assert!(sum <= depth, "{board:?}: {sum} > {depth}");
            checked += 1;
        }
    });
    assert!(checked > 50_000, "{checked}");
}

/// Why each view needs the table towards its own blank home: the table
/// towards the blank in the top rows, seen as the board is (blank home in
/// the corner), says a board one move from the goal is three moves away
/// (tile 15 home leaves the blank in the corner, and getting it to the top
/// rows moves tile 12 or 15 twice more); the one towards the corner says
/// one.
#[test]
fn the_top_rows_table_seen_through_the_identity_would_overestimate_next_to_the_goal() {
    let tables = tables();
    let [corner, top] = seven_tile_tables(&tables);
    let solved = Board::solved(4, 4).unwrap();
    let near = solved.apply(Move::Blank(Dir::Left)).unwrap();
    assert_eq!(seen(&corner, &near, |r, c| (r, c)), 1);
    assert!(seen(&top, &near, |r, c| (r, c)) > 1);
}

#[test]
fn the_small_tier_takes_the_larger_of_the_board_and_its_mirror_image() {
    let tables = FifteenTables::build_partition(&SMALL_PARTITION, &mut |_| {});
    let patterns = patterns(&tables);
    for (board, _) in common::instances("korf100.txt") {
        let sum = |sigma: Symmetry| patterns.iter().map(|t| seen(t, &board, sigma)).sum::<u32>();
        let expected = sum(|r, c| (r, c)).max(sum(|r, c| (c, r)));
        assert_eq!(tables.estimate(&board), expected);
    }
}

#[test]
fn no_board_within_fifteen_moves_of_the_goal_is_estimated_above_its_distance() {
    let tables = tables();
    let boards = each_board_within(15, |board, depth| {
        let estimate = tables.estimate(board);
        assert!(estimate <= depth, "{board:?}: {estimate} > {depth}");
        assert!(estimate >= manhattan(board));
        assert_eq!(estimate % 2, depth % 2);
    });
    assert!(boards > 100_000);
}

#[test]
fn every_board_of_korfs_hundred_is_solved_at_its_known_optimal_length() {
    let tables = tables();
    let problem = Fifteen::new(&tables);
    for (board, optimal) in common::instances("korf100.txt") {
        let solution = idastar(&problem, tables.state(&board), &mut Unlimited)
            .unwrap()
            .unwrap();
        assert_eq!(solution.cost, optimal);
        let end = board.apply_path(&solution.moves).unwrap();
        assert!(end.is_solved());
    }
}

/// The search fetches the parent's largest partition's entries first and
/// cuts a successor on that sum alone where it can: the successors kept
/// within a limit must still be exactly those whose whole estimate is
/// within it, each with every view up to date, and the next bound it
/// reports must be above the limit and no higher than any cut successor's
/// estimate.
#[test]
fn successors_within_a_limit_are_those_whose_whole_estimate_is_within_it() {
    let tables = tables();
    let problem = Fifteen::new(&tables);
    let mut seed = 12345u64;
    let mut cut = 0;
    for (board, _) in common::instances("korf100.txt") {
        let mut state = tables.state(&board);
        let mut last = None;
        for _ in 0..40 {
            let mut all = Vec::new();
            problem.successors(&state, last, &mut all);
            if all.is_empty() {
                break;
            }
            let h = problem.heuristic(&state);
            for limit in [h.saturating_sub(3), h.saturating_sub(1), h + 1] {
                let (mut within, mut excess) = (Vec::new(), u32::MAX);
                problem.successors_within(&state, last, limit, &mut within, &mut excess);
                let mut expected: Vec<_> = all
                    .iter()
                    .filter(|s| problem.heuristic(&s.state) <= limit)
                    .map(|s| (s.mv, s.state))
                    .collect();
                let mut got: Vec<_> = within.iter().map(|s| (s.mv, s.state)).collect();
                expected.sort_by_key(|(mv, _)| mv.index());
                got.sort_by_key(|(mv, _)| mv.index());
                assert_eq!(got, expected);
                let over = all
                    .iter()
                    .map(|s| problem.heuristic(&s.state))
                    .filter(|&h| h > limit)
                    .min();
                match over {
                    Some(lowest) => {
                        assert!(excess > limit && excess <= lowest);
                        cut += 1;
                    }
                    None => assert_eq!(excess, u32::MAX),
                }
            }
            // On down a pseudo-random successor.
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let next = &all[(seed >> 33) as usize % all.len()];
            last = Some(next.mv);
            state = next.state;
        }
    }
    assert!(cut > 1_000);
}
