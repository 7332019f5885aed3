//! Boards of 5x5 and up, solved near-optimally: beams guided by the 5x5
//! pattern databases, stage by stage on larger boards; every solution legal,
//! none claimed optimal, none shorter than an optimum.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::rng::SplitMix64;
use slide::search::{Budget, Unlimited};
use slide::sliding::cells::{CellSet, Cells, Rings};
use slide::sliding::near::{is_near_size, mirror, solves, unmirror, Effort, NearJob, View};
use slide::sliding::pdb::{pack_tables, PatternTable};
use slide::sliding::staged::{peels, Region};
use slide::sliding::twentyfour::{self, PARTITION};
use slide::sliding::{Board, Dir, JobStep};

fn run(mut job: NearJob) -> Vec<Dir> {
    loop {
        if let Some(moves) = job.run(10_000) {
            return moves;
        }
    }
}

fn quick(board: &Board) -> Vec<Dir> {
    run(NearJob::new(
        board,
        Some(common::tables_5x5()),
        Effort::QUICK,
        View::Plain,
    ))
}

#[test]
fn a_small_beam_solves_korf_instances_legally_and_never_below_their_optimum() {
    for (board, optimal) in common::instances("korf24_10.txt").into_iter().take(4) {
        let moves = quick(&board);
        assert!(solves(&board, &moves));
        assert!(moves.len() >= optimal as usize);
        assert!(
            moves.len() as f64 <= 1.35 * f64::from(optimal),
            "{} for {optimal}",
            moves.len()
        );
    }
}

#[test]
fn the_best_effort_comes_within_a_few_percent_of_the_optimum() {
    let korf = common::instances("korf24_10.txt");
    let mut total = 0.0;
    for (board, optimal) in korf.iter().take(3) {
        let moves = run(NearJob::new(
            board,
            Some(common::tables_5x5()),
            Effort::BEST,
            View::Plain,
        ));
        assert!(solves(board, &moves));
        let ratio = moves.len() as f64 / f64::from(*optimal);
        assert!((1.0..1.15).contains(&ratio), "ratio {ratio}");
        total += ratio;
    }
    assert!(total / 3.0 <= 1.1, "mean ratio {}", total / 3.0);
}

#[test]
fn boards_up_to_10x10_and_oblong_ones_are_solved_stage_by_stage() {
    for (width, height) in [
        (6, 6),
        (7, 7),
        (8, 8),
        (9, 9),
        (10, 10),
        (7, 5),
        (5, 9),
        (10, 6),
    ] {
        let board = Board::shuffled(width, height, 3).unwrap();
        let moves = quick(&board);
        assert!(solves(&board, &moves), "{width}x{height}");
        // Through the size policy: near-optimal, never claimed optimal.
        let plan = common::solver()
            .start_with(&board, Effort::QUICK, View::Plain)
            .finish(&mut Unlimited)
            .unwrap();
        assert!(!plan.optimal && solves(&board, &plan.moves));
    }
    assert!(is_near_size(5, 5) && is_near_size(10, 6));
    assert!(!is_near_size(4, 9) && !is_near_size(5, 4));
}

#[test]
fn the_mirror_image_search_solves_the_board_too() {
    for side in [5, 6, 8] {
        let board = Board::shuffled(side, side, 11).unwrap();
        let image = mirror(&board);
        assert_eq!(mirror(&image), board);
        let moves = run(NearJob::new(
            &board,
            Some(common::tables_5x5()),
            Effort::QUICK,
            View::Mirror,
        ));
        assert!(solves(&board, &moves), "{side}x{side}");
        // Turned back, the image's moves solve the image.
        assert!(solves(&image, &unmirror(&moves)));
    }
}

#[test]
fn without_the_5x5_tables_boards_are_still_solved() {
    for side in [5, 7] {
        let board = Board::shuffled(side, side, 5).unwrap();
        let moves = run(NearJob::new(&board, None, Effort::QUICK, View::Plain));
        assert!(solves(&board, &moves), "{side}x{side}");
    }
}

#[test]
fn solved_boards_need_no_moves_and_a_budget_stops_a_search() {
    for side in [5, 8] {
        let solved = Board::solved(side, side).unwrap();
        let plan = common::solver().solve(&solved, &mut Unlimited).unwrap();
        assert!(plan.moves.is_empty());
    }
    let board = Board::shuffled(10, 10, 1).unwrap();
    assert!(common::solver().solve(&board, &mut Budget(10_000)).is_err());
    // A job runs in slices, and its progress grows.
    let mut job = common::solver().start(&Board::shuffled(6, 6, 1).unwrap());
    let mut last = 0;
    while let JobStep::Running = job.run(5_000) {
        assert!(job.progress().expanded >= last);
        last = job.progress().expanded;
    }
}

#[test]
fn peels_shrink_every_board_to_its_bottom_right_5x5() {
    assert!(peels(5, 5).is_empty() && peels(4, 8).is_empty());
    let plan = peels(8, 8);
    assert_eq!(plan.len(), 3);
    assert!(plan.iter().all(|peel| peel.row && peel.column));
    assert_eq!(plan[2].region, Region { top: 2, left: 2 });
    // An oblong board loses its longer side's lines first.
    let plan = peels(5, 8);
    assert_eq!(plan.len(), 3);
    assert!(plan.iter().all(|peel| peel.row && !peel.column));
    let plan = peels(9, 7);
    assert_eq!(plan.iter().filter(|peel| peel.column).count(), 4);
    assert_eq!(plan.iter().filter(|peel| peel.row).count(), 2);
}

#[test]
fn the_5x5_estimate_never_exceeds_the_optimum_nor_falls_below_manhattan() {
    let tables = common::tables_5x5();
    for (board, optimal) in common::instances("korf24_10.txt") {
        let estimate = tables.estimate(&board);
        assert!(estimate <= optimal, "{estimate} > {optimal}");
        assert!(estimate >= common::manhattan(&board));
        assert_eq!(estimate % 2, optimal % 2);
        // The mirror image is as far from the goal, and the estimate takes
        // both views.
        assert_eq!(tables.estimate(&mirror(&board)), estimate);
    }
    assert_eq!(tables.estimate(&Board::solved(5, 5).unwrap()), 0);
}

#[test]
fn the_5x5_tables_survive_saving_and_loading_and_damaged_files_are_refused() {
    let tables = common::tables_5x5();
    let loaded = twentyfour::TwentyFourTables::from_bytes(&tables.to_bytes()).unwrap();
    for seed in 0..50 {
        let board = Board::shuffled(5, 5, seed).unwrap();
        assert_eq!(loaded.estimate(&board), tables.estimate(&board));
    }
    let bytes = tables.to_bytes();
    let error = |bytes: &[u8]| {
        twentyfour::TwentyFourTables::from_bytes(bytes)
            .unwrap_err()
            .to_string()
    };
    assert!(error(&bytes[..bytes.len() / 2]).contains("truncated"));
    assert!(error(&[]).contains("empty"));
    // A 4x4 table, or a 5x5 one of other tiles, is not one of these.
    let small = PatternTable::build(&[13, 14, 15]);
    let wrong_shape = pack_tables(&[
        small.clone(),
        small.clone(),
        small.clone(),
        small.clone(),
        small,
    ]);
    assert!(
        error(&wrong_shape).contains("a 4x4 table"),
        "{}",
        error(&wrong_shape)
    );
    let other = PatternTable::build_on(5, 5, &[1, 2]);
    let mut five: Vec<PatternTable> = PARTITION
        .iter()
        .map(|tiles| PatternTable::build_on(5, 5, &tiles[..1]))
        .collect();
    five[0] = other;
    assert!(error(&pack_tables(&five)).contains("the 5x5 partition"));
    assert!(error(&pack_tables(&five[..3])).contains("3 patterns"));
}

#[test]
fn shortening_windows_keeps_a_solution_legal_and_never_lengthens_it() {
    use slide::sliding::reduce::solve_by_reduction;
    use slide::sliding::window::{shorten, Shorten, Shortener};
    for (side, seed) in [(6, 1), (8, 2), (10, 3)] {
        let board = Board::shuffled(side, side, seed).unwrap();
        // The reduction's long solutions leave much to shorten.
        let long = solve_by_reduction(&board, &mut Unlimited).unwrap();
        let (short, expanded) = shorten(&board, &long, 24, 100_000);
        assert!(solves(&board, &short), "{side}x{side}");
        assert!(short.len() < long.len(), "{side}x{side}: nothing shortened");
        assert!(expanded > 0);
        // Step by step, the moves only ever get shorter and stay legal.
        let mut shortener = Shortener::new(&board, long.clone(), 24, 100_000);
        let mut length = long.len();
        while !shortener.step() {
            assert!(shortener.moves().len() <= length);
            length = shortener.moves().len();
        }
        assert!(solves(&board, shortener.moves()));
        assert_eq!(shortener.into_moves(), short);
    }
}

#[test]
fn rings_find_the_nearest_cell_of_a_set_as_measuring_each_would() {
    let mut rng = SplitMix64::new(11);
    let mut next = |below: usize| rng.below(below as u64) as usize;
    for (width, height) in [(5, 5), (6, 5), (7, 9), (10, 10), (10, 5)] {
        let cells = Cells::new(width, height);
        let rings = Rings::new(&cells);
        let count = width * height;
        for _ in 0..500 {
            let mut set = CellSet::default();
            let mut members = Vec::new();
            for _ in 0..next(6) {
                let cell = next(count);
                set.insert(cell);
                members.push(cell);
            }
            // Taking one out leaves the others.
            if members.len() > 1 && next(2) == 0 {
                let gone = members.swap_remove(next(members.len()));
                if !members.contains(&gone) {
                    set.remove(gone);
                }
            }
            let from = next(count);
            let expected = members
                .iter()
                .map(|&cell| u32::from(cells.apart(from, cell)))
                .min()
                .unwrap_or(0);
            assert_eq!(set.is_empty(), members.is_empty());
            assert_eq!(
                rings.nearest(from, &set),
                expected,
                "{width}x{height}, from {from} to {members:?}"
            );
        }
    }
}
