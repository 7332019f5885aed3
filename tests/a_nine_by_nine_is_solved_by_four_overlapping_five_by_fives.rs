//! A 9x9 at the best effort: its tiles sorted into boxes cut at row and
//! column 5, then four 5x5 frames at its corners solved one after the other
//! with the tables, a frame whose tiles are odd leaving two tiles it shares
//! with a later frame exchanged for that one to put right; every answer
//! legal, from either view.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::sliding::near::{solve, solves, Effort, NearJob, View};
use slide::sliding::quadrants::{layout, make_ready};
use slide::sliding::Board;

/// The box of a cell of a 9x9: cut at row and column 5.
fn home_box(cell: usize) -> (bool, bool) {
    (cell / 9 >= 5, cell % 9 >= 5)
}

#[test]
fn the_sort_puts_every_tile_in_its_home_box_and_the_frames_exits_home() {
    let boards: Vec<Board> = (70..76)
        .filter_map(|seed| common::sorted_into_boxes(&Board::shuffled(9, 9, seed).unwrap()))
        .take(3)
        .collect();
    assert_eq!(boards.len(), 3, "the sort ends on most boards");
    for (seed, sorted) in boards.iter().enumerate() {
        for (cell, &tile) in sorted.tiles().iter().enumerate() {
            let home = if tile == 0 { 80 } else { usize::from(tile) - 1 };
            assert_eq!(home_box(home), home_box(cell), "board {seed}: tile {tile}");
        }
        // The exits: (4, 4), (4, 8) and (8, 4).
        for exit in [40, 44, 76] {
            assert_eq!(usize::from(sorted.tile_at(exit)), exit + 1, "board {seed}");
        }
    }
}

#[test]
fn each_frame_in_turn_is_a_solvable_five_by_five_odd_ones_by_an_exchange_the_next_puts_right() {
    let tables = common::tables_5x5();
    let frames = layout(9).expect("a 9x9 is solved by its frames");
    // The exchanged pairs: (2, 4) and (3, 4), in the second frame; (4, 6)
    // and (4, 7), and (6, 4) and (7, 4), in the last.
    let pairs = [(22, 31), (42, 43), (58, 67)];
    let mut exchanges = 0;
    for seed in 80..86 {
        let Some(mut at) = common::sorted_into_boxes(&Board::shuffled(9, 9, seed).unwrap()) else {
            continue;
        };
        at = at.apply_path(&make_ready(&at)).unwrap();
        for (frame, (a, b)) in frames.iter().zip(pairs) {
            at = at.apply_path(&frame.way_in(&at)).unwrap();
            let five = frame
                .five(&at)
                .unwrap_or_else(|| panic!("seed {seed}: {frame:?} is a solvable 5x5"));
            let (moves, _) = solve(&five, Some(tables.clone()), Effort::QUICK);
            at = at.apply_path(&frame.moves_back(&moves)).unwrap();
            at = at.apply_path(frame.leave).unwrap();
            let exchanged =
                usize::from(at.tile_at(a)) == b + 1 && usize::from(at.tile_at(b)) == a + 1;
            assert!(
                exchanged
                    || (usize::from(at.tile_at(a)) == a + 1 && usize::from(at.tile_at(b)) == b + 1),
                "seed {seed}: the pair is home or exchanged"
            );
            exchanges += usize::from(exchanged);
        }
        // Everything outside the bottom-right 5x5 is home.
        for cell in 0..81 {
            if cell / 9 < 4 || cell % 9 < 4 {
                assert_eq!(
                    usize::from(at.tile_at(cell)),
                    cell + 1,
                    "seed {seed}: cell {cell}"
                );
            }
        }
        let (last, _) = solve(&at, Some(tables.clone()), Effort::QUICK);
        assert!(solves(&at, &last), "seed {seed}: the last 5x5 is solvable");
    }
    assert!(exchanges > 0, "odd frames are met among these boards");
}

#[test]
fn the_best_effort_solves_nine_by_nines_from_either_view() {
    let tables = common::tables_5x5();
    let board = Board::shuffled(9, 9, 1000).unwrap();
    for view in [View::Plain, View::Mirror] {
        let mut job = NearJob::new(&board, Some(tables.clone()), Effort::BEST, view);
        let moves = loop {
            if let Some(moves) = job.run(1 << 20) {
                break moves;
            }
        };
        assert!(solves(&board, &moves), "{view:?}");
    }
}
