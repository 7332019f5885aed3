//! Native measurement of the 4x4 solver's tiers without the big tables
//! (issue 22): how long small partitions take to build on one thread (as a
//! browser's worker builds them), how often each proves a board optimal
//! within 0.5 s, 1 s and 3 s, and what the quick answer costs and how long
//! it is, on seeded random boards and Korf's 100.
//!
//! `cargo bench --bench tiers -- [BOARDS]` (default 200 random boards;
//! `--quick-only` skips the partitions). Optimal lengths of the random
//! boards come from the big tables (loaded or built as the command line
//! does); each tier's answers are checked against them.

use std::ops::ControlFlow;
use std::time::Instant;

use slide::cli::fifteen_tables;
use slide::search::{idastar, weighted_astar, Progress, Unlimited};
use slide::sliding::compact::{CompactPuzzle, Estimate};
use slide::sliding::fifteen::{Fifteen, FifteenBuild, Partition, SMALL_PARTITION};
use slide::sliding::solver::Solver;
use slide::sliding::{parse_all, Board};

/// The candidate partitions.
const CANDIDATES: [(&str, Partition); 3] = [
    ("5-5-5 (chosen)", SMALL_PARTITION),
    (
        "5-5-5 (squares)",
        [&[1, 2, 5, 6, 9], &[3, 4, 7, 8, 12], &[10, 11, 13, 14, 15]],
    ),
    (
        "6-6-3",
        [&[1, 2, 5, 6, 9, 13], &[3, 4, 7, 8, 11, 12], &[10, 14, 15]],
    ),
];

/// The longest a board is searched for.
const CAP_S: f64 = 3.0;

fn korf() -> Vec<Board> {
    let path = format!("{}/tests/instances/korf100.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_all(&text)
        .into_iter()
        .map(|entry| entry.expect("instance files are well formed").board)
        .collect()
}

/// The `p` quantile of `times` (sorted), or `None` where it is beyond the
/// cap.
fn quantile(times: &[Option<f64>], p: f64) -> String {
    let mut sorted: Vec<f64> = times.iter().map(|t| t.unwrap_or(f64::INFINITY)).collect();
    sorted.sort_by(f64::total_cmp);
    let value = sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1];
    if value.is_finite() {
        format!("{:.3} s", value)
    } else {
        format!("> {CAP_S} s")
    }
}

fn share(times: &[Option<f64>], within: f64) -> String {
    let count = times
        .iter()
        .filter(|t| t.is_some_and(|t| t <= within))
        .count();
    format!("{:.0} %", 100.0 * count as f64 / times.len() as f64)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u64 = args.iter().find_map(|arg| arg.parse().ok()).unwrap_or(200);
    let quick_only = args.iter().any(|arg| arg == "--quick-only");
    let random: Vec<Board> = (1..=count)
        .map(|seed| Board::shuffled(4, 4, seed).expect("4x4"))
        .collect();
    let sets = [("random", random), ("Korf's 100", korf())];

    let big = fifteen_tables().expect("the 4x4 tables can be loaded or built");
    let optimal: Vec<Vec<u32>> = sets
        .iter()
        .map(|(_, boards)| {
            boards
                .iter()
                .map(|board| {
                    idastar(&Fifteen::new(&big), big.state(board), &mut Unlimited)
                        .expect("unlimited")
                        .expect("solvable")
                        .cost
                })
                .collect()
        })
        .collect();

    // The quick answer without any tables: weighted A* with linear conflicts.
    let plain = Solver::new(None);
    for ((name, boards), lengths) in sets.iter().zip(&optimal) {
        quick_report(
            &format!("quick, no tables, {name}"),
            &plain,
            boards,
            lengths,
        );
    }
    // Weighted A* with linear conflicts at other weights, for the choice of
    // the quick search's weight without tables.
    for weight in [2.0, 3.0] {
        let problem = CompactPuzzle::new(4, 4, Estimate::LinearConflict);
        for ((name, boards), lengths) in sets.iter().zip(&optimal) {
            let mut times = Vec::new();
            let mut ratios = Vec::new();
            for (board, &length) in boards.iter().zip(lengths) {
                let start = Instant::now();
                let solution =
                    weighted_astar(&problem, problem.pack(board), weight, &mut Unlimited)
                        .expect("unlimited")
                        .expect("solvable");
                times.push(Some(start.elapsed().as_secs_f64()));
                ratios.push(Some(solution.moves.len() as f64 / f64::from(length)));
            }
            let mean = ratios.iter().flatten().sum::<f64>() / ratios.len() as f64;
            println!(
                "weighted A* w={weight}, linear conflicts, {name}: time median {}, p95 {}, max {}; length / optimal mean {mean:.3}, p95 {}",
                quantile(&times, 0.5),
                quantile(&times, 0.95),
                quantile(&times, 1.0),
                quantile(&ratios, 0.95).trim_end_matches(" s"),
            );
        }
    }
    if quick_only {
        return;
    }

    for (label, partition) in CANDIDATES {
        let clock = Instant::now();
        let mut build = FifteenBuild::new(&partition);
        let tables = loop {
            if let Some(tables) = build.run(1 << 16) {
                break tables;
            }
        };
        println!(
            "{label}: built in slices on one thread in {:.2} s",
            clock.elapsed().as_secs_f64()
        );
        let tables = std::sync::Arc::new(tables);
        let small = Solver::new(Some(tables.clone()));
        for ((name, boards), lengths) in sets.iter().zip(&optimal) {
            let mut times = Vec::new();
            for (board, &length) in boards.iter().zip(lengths) {
                let start = Instant::now();
                let mut capped = |_: &Progress| {
                    if start.elapsed().as_secs_f64() > CAP_S {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                };
                let found = idastar(&Fifteen::new(&tables), tables.state(board), &mut capped);
                let time = start.elapsed().as_secs_f64();
                times.push(match found {
                    Ok(solution) => {
                        let solution = solution.expect("solvable");
                        assert_eq!(solution.cost, length, "{label} is not optimal");
                        Some(time)
                    }
                    Err(_) => None,
                });
            }
            println!(
                "{label}, {name} ({} boards): proven optimal within 0.5 s {}, 1 s {}, 3 s {}; median {}, p95 {}; total {:.1} s",
                boards.len(),
                share(&times, 0.5),
                share(&times, 1.0),
                share(&times, 3.0),
                quantile(&times, 0.5),
                quantile(&times, 0.95),
                times.iter().map(|t| t.unwrap_or(CAP_S)).sum::<f64>()
            );
            quick_report(&format!("quick, {label}, {name}"), &small, boards, lengths);
        }
    }
}

/// Times `solver`'s quick answer on `boards`, whose optimal lengths are
/// `lengths`, and prints the median and p95 times and length ratios.
fn quick_report(label: &str, solver: &Solver, boards: &[Board], lengths: &[u32]) {
    let mut times = Vec::new();
    let mut ratios = Vec::new();
    let mut optimal = 0;
    for (board, &length) in boards.iter().zip(lengths) {
        let start = Instant::now();
        let quick = solver.quick(board, &mut Unlimited).expect("unlimited");
        times.push(Some(start.elapsed().as_secs_f64()));
        let moves = quick.plan.moves.len() as f64;
        assert!(board
            .apply_path(&quick.plan.moves)
            .is_ok_and(|end| end.is_solved()));
        ratios.push(Some(moves / f64::from(length)));
        optimal += usize::from(quick.plan.moves.len() as u32 == length);
    }
    let mean = ratios.iter().flatten().sum::<f64>() / ratios.len() as f64;
    println!(
        "{label} ({} boards): time median {}, p95 {}, max {}; length / optimal mean {mean:.3}, p95 {}; optimal {} of {}",
        boards.len(),
        quantile(&times, 0.5),
        quantile(&times, 0.95),
        quantile(&times, 1.0),
        quantile(&ratios, 0.95).trim_end_matches(" s"),
        optimal,
        boards.len()
    );
}
