//! The 4x4 solver's tiers (issue 22): tables of any 3-pattern partition,
//! built at once or a slice at a time; the small 5-5-5 tier proves the same
//! lengths as the big tables (tiles 9-15 towards two goals of the blank); a worker's runner answers a 4x4 without
//! the big tables (quick at once, best with the small tier), moves a search
//! to the big tables when they arrive, and still solves optimally when they
//! never do; the split search numbers its branches the same whatever
//! tables a worker has.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use std::sync::{Arc, OnceLock};

use common::{instances, manhattan, tables};
use slide::app::sliding::runner::SlidingRunner;
use slide::app::sliding::solving::{SlidingAnswer, SlidingTask, FIFTEEN};
use slide::app::workers::job::{
    Aim, JobRunner, Round, RoundDone, Started, Stepped, TaskRecord, TimeSlice,
};
use slide::search::{idastar, Unlimited};
use slide::sliding::fifteen::{
    Fifteen, FifteenBuild, FifteenTables, Partition, SMALL_PARTITION, TABLES,
};
use slide::sliding::pdb::{PatternBuild, PatternTable};
use slide::sliding::{Board, Solver};

/// The small tier, built once per test binary.
fn small() -> Arc<FifteenTables> {
    static SMALL: OnceLock<Arc<FifteenTables>> = OnceLock::new();
    SMALL
        .get_or_init(|| {
            Arc::new(FifteenTables::build_partition(
                &SMALL_PARTITION,
                &mut |_| {},
            ))
        })
        .clone()
}

/// Korf's instances that the small tier solves in well under a second
/// (natively), with their optimal lengths.
fn korf_sample() -> Vec<(Board, u32)> {
    let korf = instances("korf100.txt");
    [2, 5, 7, 13, 21, 30, 44, 51]
        .iter()
        .map(|&n| korf[n - 1].clone())
        .collect()
}

/// Seeded random boards with their optimal lengths by the big tables.
fn random_sample(count: u64) -> Vec<(Board, u32)> {
    let big = tables();
    (1..=count)
        .map(|seed| {
            let board = Board::shuffled(4, 4, 1000 + seed).unwrap();
            let length = idastar(&Fifteen::new(&big), big.state(&board), &mut Unlimited)
                .unwrap()
                .unwrap()
                .cost;
            (board, length)
        })
        .collect()
}

/// The tables of `partition` in the order of the big tables' file, packed
/// as a worker receives them.
fn table_files(tables: &FifteenTables) -> Vec<Vec<u8>> {
    let bytes = tables.to_bytes();
    let unpacked = slide::sliding::pdb::unpack_tables(&bytes).unwrap();
    unpacked.iter().map(PatternTable::to_bytes).collect()
}

fn solved_by(board: &Board, moves: &[slide::sliding::Dir]) -> bool {
    board.apply_path(moves).is_ok_and(|end| end.is_solved())
}

#[test]
fn a_table_built_in_slices_is_the_table_built_at_once() {
    for tiles in [&[1u8, 2, 5][..], &[3, 4, 7, 8], &[13, 14, 15]] {
        let at_once = PatternTable::build(tiles);
        let mut build = PatternBuild::new(4, 4, tiles);
        let mut slices = 0;
        let in_slices = loop {
            slices += 1;
            let before = build.progress().done;
            if let Some(table) = build.run(1000) {
                break table;
            }
            assert!(build.progress().done > before, "every slice gets further");
        };
        assert!(slices > 3, "{tiles:?} was built in {slices} slices");
        assert_eq!(build.progress().done, build.progress().total);
        assert_eq!(in_slices, at_once, "pattern {tiles:?}");
        assert_eq!(build.run(1000), None, "a build hands its table out once");
    }
}

#[test]
fn the_small_tier_built_in_slices_is_the_one_built_at_once() {
    let mut build = FifteenBuild::new(&SMALL_PARTITION);
    let in_slices = loop {
        if let Some(tables) = build.run(1 << 15) {
            break tables;
        }
    };
    assert_eq!(in_slices.to_bytes(), small().to_bytes());
    assert_eq!(in_slices.patterns(), SMALL_PARTITION.to_vec());
}

#[test]
fn tables_of_other_partitions_never_overestimate_and_never_fall_below_manhattan() {
    // Not symmetric under the mirror, so the mirror lookups are exercised
    // with patterns that are not each other's mirror images.
    let skewed: Partition = [&[1, 2, 3, 4, 8], &[5, 6, 9, 10, 13], &[7, 11, 12, 14, 15]];
    let skewed = Arc::new(FifteenTables::build_partition(&skewed, &mut |_| {}));
    for (board, length) in korf_sample().into_iter().chain(random_sample(12)) {
        for tables in [&*skewed, &*small()] {
            let estimate = tables.estimate(&board);
            assert!(estimate <= length, "{estimate} > {length} on {board:?}");
            assert!(estimate >= manhattan(&board));
            assert_eq!(estimate % 2, length % 2, "estimates keep the parity");
        }
        // Along an optimal path every estimate stays admissible, which checks
        // the per-move index updates on the board and on its mirror image.
        let solution = idastar(&Fifteen::new(&skewed), skewed.state(&board), &mut Unlimited)
            .unwrap()
            .unwrap();
        assert_eq!(solution.cost, length, "other partitions solve optimally");
        let mut position = board.clone();
        for (done, dir) in solution.moves.iter().enumerate() {
            position = position.apply_path(&[*dir]).unwrap();
            let left = length - done as u32 - 1;
            assert!(skewed.estimate(&position) <= left);
            assert!(small().estimate(&position) <= left);
        }
    }
}

#[test]
fn the_small_tier_proves_the_lengths_the_big_tables_prove() {
    let small = small();
    for (board, length) in korf_sample().into_iter().chain(random_sample(30)) {
        let solution = idastar(&Fifteen::new(&small), small.state(&board), &mut Unlimited)
            .unwrap()
            .unwrap();
        assert_eq!(solution.cost, length, "{board:?}");
        assert!(solved_by(&board, &solution.moves));
    }
    let big: Vec<&[u8]> = TABLES.iter().map(|&(tiles, _)| tiles).collect();
    assert_eq!(tables().patterns(), big);
}

/// Runs `runner`'s job to its end in slices of `ms` milliseconds.
fn run(runner: &mut SlidingRunner, ms: f64) -> Stepped {
    let start = std::time::Instant::now();
    let clock_ms = move || start.elapsed().as_secs_f64() * 1000.0;
    loop {
        let slice = TimeSlice::new(&clock_ms, ms);
        match runner.step(&slice) {
            Stepped::Running { .. } => continue,
            done => return done,
        }
    }
}

fn answer_of(stepped: Stepped) -> (SlidingAnswer, u64) {
    match stepped {
        Stepped::Solved(solved) => (
            solved.answer.get::<SlidingAnswer>().unwrap().clone(),
            solved.expanded,
        ),
        other => panic!("expected an answer, got {other:?}"),
    }
}

#[test]
fn a_runner_without_the_big_tables_answers_quick_at_once_then_best_optimally() {
    let (board, length) = korf_sample()[1].clone();
    let task = SlidingTask::task(board.clone());
    let mut runner = SlidingRunner::new();
    let Ok(Started::Solved(quick)) = runner.start(&task, Aim::Quick) else {
        panic!("a quick answer comes at once, without tables");
    };
    let quick = quick.answer.get::<SlidingAnswer>().unwrap().clone();
    assert!(solved_by(&board, &quick.moves));
    assert!(quick.moves.len() as u32 >= length);
    assert_eq!(quick.optimal, quick.moves.len() as u32 == length);
    assert!(!runner.has_tables(FIFTEEN));

    // The best search builds the small tier first, in slices.
    let started = runner.start(&task, Aim::Best).unwrap();
    assert!(matches!(started, Started::Running));
    let (best, _) = answer_of(run(&mut runner, 20.0));
    assert!(best.optimal);
    assert_eq!(best.moves.len() as u32, length);
    assert!(solved_by(&board, &best.moves));

    // Once built, the small tier also guides the quick answer.
    let Ok(Started::Solved(again)) = runner.start(&task, Aim::Quick) else {
        panic!("a quick answer comes at once");
    };
    let again = again.answer.get::<SlidingAnswer>().unwrap().clone();
    assert!(solved_by(&board, &again.moves));
    assert!(again.moves.len() as u32 >= length);
}

#[test]
fn a_cancel_during_the_small_tiers_build_keeps_what_was_built() {
    let (board, length) = korf_sample()[0].clone();
    let task = SlidingTask::task(board.clone());
    let mut runner = SlidingRunner::new();
    runner.start(&task, Aim::Best).unwrap();
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let slice = TimeSlice::new(&clock, 5.0);
    assert!(matches!(runner.step(&slice), Stepped::Running { .. }));
    runner.cancel();
    runner.start(&task, Aim::Best).unwrap();
    let (best, _) = answer_of(run(&mut runner, 20.0));
    assert!(best.optimal);
    assert_eq!(best.moves.len() as u32, length);
}

#[test]
fn while_the_small_tier_is_built_the_runner_says_how_far_in_percent_and_not_once_it_searches() {
    let (board, length) = korf_sample()[2].clone();
    let task = SlidingTask::task(board.clone());
    let mut runner = SlidingRunner::new();
    assert_eq!(runner.building_percent(), None, "no job, nothing built");
    runner.start(&task, Aim::Best).unwrap();
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut seen = Vec::new();
    let answer = loop {
        let slice = TimeSlice::new(&clock, 5.0);
        match runner.step(&slice) {
            Stepped::Running { expanded, bound } => match runner.building_percent() {
                Some(percent) => {
                    // Nothing is searched while the tables are built.
                    assert_eq!((expanded, bound), (0, None));
                    seen.push(percent);
                }
                None => assert!(!seen.is_empty(), "the build came first"),
            },
            done => break done,
        }
    };
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert!(seen.iter().all(|&p| p <= 100), "{seen:?}");
    assert!(seen.len() >= 3 && seen.last() > seen.first(), "{seen:?}");
    let (best, _) = answer_of(answer);
    assert_eq!(best.moves.len() as u32, length);
    // Built once: the next search of this runner has nothing to wait for.
    runner.start(&task, Aim::Best).unwrap();
    assert_eq!(runner.building_percent(), None);
}

#[test]
fn big_tables_arriving_mid_search_take_over_and_the_answer_stays_optimal() {
    // Korf's #88: seconds with the small tier, so the switch comes mid-search.
    let (board, length) = instances("korf100.txt")[87].clone();
    let task = SlidingTask::task(board.clone());
    let mut runner = SlidingRunner::new();
    runner.start(&task, Aim::Best).unwrap();
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    // Until the small tier is built and its search has gone some bounds up.
    let mut reached = 0;
    while reached < 60 {
        let slice = TimeSlice::new(&clock, 20.0);
        match runner.step(&slice) {
            Stepped::Running { bound, .. } => reached = bound.unwrap_or(0),
            other => panic!("the small tier is still searching, got {other:?}"),
        }
    }
    runner.prepare_tables(FIFTEEN);
    for file in table_files(&tables()) {
        runner.receive_table(FIFTEEN, file).unwrap();
    }
    runner.finish_tables(FIFTEEN).unwrap();
    assert!(runner.has_tables(FIFTEEN));
    let (best, expanded) = answer_of(run(&mut runner, 20.0));
    assert!(best.optimal);
    assert_eq!(best.moves.len() as u32, length);
    assert!(solved_by(&board, &best.moves));
    assert!(expanded > 0);
}

#[test]
fn a_runner_whose_big_tables_failed_still_answers_optimally_with_the_small_tier() {
    let (board, length) = korf_sample()[3].clone();
    let task = SlidingTask::task(board.clone());
    let mut runner = SlidingRunner::new();
    runner.prepare_tables(FIFTEEN);
    assert!(runner
        .receive_table(FIFTEEN, b"not a table".to_vec())
        .is_err());
    runner.tables_failed(FIFTEEN);
    assert!(!runner.has_tables(FIFTEEN));
    runner.start(&task, Aim::Best).unwrap();
    let (best, _) = answer_of(run(&mut runner, 20.0));
    assert!(best.optimal);
    assert_eq!(best.moves.len() as u32, length);
    assert!(solved_by(&board, &best.moves));
}

/// Which of `count` branches of `board`'s split at depth 8 hold an optimal
/// solution of `length` moves, by `runner`'s rounds, and every answer's
/// length.
fn branches_with_solutions(
    runner: &mut SlidingRunner,
    board: &Board,
    length: u32,
    count: usize,
) -> Vec<bool> {
    let task = SlidingTask::task(board.clone());
    (0..count as u32)
        .map(|branch| {
            let round = Round {
                depth: 8,
                branches: vec![branch],
                bound: length,
            };
            let done = match runner.start_round(&task, &round).unwrap() {
                Started::RoundDone(done) => done,
                Started::Running => match run(runner, 50.0) {
                    Stepped::RoundDone(done) => done,
                    other => panic!("a round ends with its result, got {other:?}"),
                },
                Started::Solved(_) => panic!("a round is not a solve"),
            };
            let RoundDone { found, .. } = done;
            found.is_some_and(|answer| {
                let answer = answer.get::<SlidingAnswer>().unwrap().clone();
                assert_eq!(answer.moves.len() as u32, length);
                assert!(solved_by(board, &answer.moves));
                true
            })
        })
        .collect()
}

#[test]
fn split_branches_are_numbered_alike_whatever_tables_a_worker_has() {
    let (board, length) = random_sample(40)
        .into_iter()
        .find(|(_, length)| (36..=44).contains(length))
        .expect("a board of moderate length");
    let count = SlidingTask {
        board: board.clone(),
    }
    .branches(8);
    let mut big = SlidingRunner::with_tables(tables(), common::tables_5x5());
    let mut without_big = SlidingRunner::new();
    let with_big = branches_with_solutions(&mut big, &board, length, count);
    let with_small = branches_with_solutions(&mut without_big, &board, length, count);
    assert!(with_big.iter().any(|&found| found));
    assert_eq!(with_big, with_small);
    // And a solver given the small tier is an optimal 4x4 solver.
    let plan = Solver::new(Some(small()))
        .solve(&board, &mut Unlimited)
        .unwrap();
    assert!(plan.optimal);
    assert_eq!(plan.moves.len() as u32, length);
}
