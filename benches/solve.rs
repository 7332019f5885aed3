//! Native benchmark of the optimal solvers on the instances with known
//! optimal lengths (`make bench`). Prints per-instance states and times and
//! the totals, the median of several runs; every length is checked against
//! the known optimum.
//!
//! `cargo bench --bench solve -- [RUNS]` (default 3 runs): Korf's 100 and
//! the 80-move positions, then Korf's 100 [`AGAINST_SLIDY`] by this solver
//! and by the `slidy` crate's optimal 4x4 solver, one after the other in the
//! same run (issue 24: this solver in at most a tenth of slidy's time).
//! `-- --short` (in `make test`): one run of [`SHORT`], a handful of Korf's
//! 100, the hardest of them among it.

mod support;

use std::time::Instant;

use slide::cli::{fifteen_tables, table_path};
use slide::search::{idastar, Unlimited};
use slide::sliding::fifteen::{Fifteen, FifteenTables};
use slide::sliding::{parse_all, Board};
use support::{median, Report};

/// The short form's instances of Korf's 100 (numbered from 1): the first
/// five, and #88, the one that expands the most states (about a tenth of
/// the whole set's time).
const SHORT: [usize; 6] = [1, 2, 3, 4, 5, 88];

/// The instances of Korf's 100 (numbered from 1) timed against `slidy`:
/// every one. (Its solver's tables are the 4-4-4-3 of tiles with the
/// blank: see [`slidy_times`].)
const AGAINST_SLIDY: std::ops::RangeInclusive<usize> = 1..=100;

/// Instances: their number in their file (from 1), the board and its
/// optimal length.
type Numbered = Vec<(usize, (Board, u32))>;

fn instances(name: &str) -> Vec<(Board, u32)> {
    let path = format!("{}/tests/instances/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_all(&text)
        .into_iter()
        .map(|entry| {
            let instance = entry.expect("instance files are well formed");
            (
                instance.board,
                instance.expected.expect("instances carry their lengths"),
            )
        })
        .collect()
}

fn main() {
    let args = support::args(3);
    let runs = args.runs;
    let mut report = Report::new("solve", args.short);
    let clock = Instant::now();
    let tables = fifteen_tables().expect("the 4x4 tables can be loaded or built");
    println!(
        "pattern databases ({}) ready in {:.2} s",
        table_path().display(),
        clock.elapsed().as_secs_f64()
    );
    let problem = Fifteen::new(&tables);

    let sets: Vec<(&str, Numbered)> = if args.short {
        let korf = instances("korf100.txt");
        let chosen = SHORT.iter().map(|&n| (n, korf[n - 1].clone())).collect();
        vec![("korf100.txt", chosen)]
    } else {
        ["korf100.txt", "fifteen_80_sample.txt"]
            .into_iter()
            .map(|file| {
                (
                    file,
                    instances(file)
                        .into_iter()
                        .enumerate()
                        .map(|(i, x)| (i + 1, x))
                        .collect(),
                )
            })
            .collect()
    };
    for (file, set) in sets {
        let mut totals = Vec::new();
        let mut per_instance = vec![Vec::new(); set.len()];
        let mut states = vec![0u64; set.len()];
        for _ in 0..runs {
            let run = Instant::now();
            for (i, (number, (board, optimal))) in set.iter().enumerate() {
                let start = Instant::now();
                let solution = idastar(&problem, tables.state(board), &mut Unlimited)
                    .expect("unlimited")
                    .expect("solvable");
                per_instance[i].push(start.elapsed().as_secs_f64());
                assert_eq!(
                    solution.cost, *optimal,
                    "{file} instance {number} not optimal"
                );
                assert!(
                    board
                        .apply_path(&solution.moves)
                        .is_ok_and(|end| end.is_solved()),
                    "{file} instance {number}: the moves do not solve it"
                );
                states[i] = solution.expanded;
            }
            totals.push(run.elapsed().as_secs_f64());
        }
        for (i, times) in per_instance.iter().enumerate() {
            let (number, (_, optimal)) = &set[i];
            println!(
                "{file} #{number:>3}: {optimal:>2} moves, {:>10} states, {:>8.4} s",
                states[i],
                median(times.clone())
            );
        }
        let total = median(totals.clone());
        println!(
            "{file}: {} instances, all optimal, {} states, total {total:.3} s (median of {runs} runs; runs {:?})",
            set.len(),
            states.iter().sum::<u64>(),
            totals.iter().map(|t| (t * 1000.0).round() / 1000.0).collect::<Vec<_>>()
        );
        match (file, args.short) {
            ("korf100.txt", false) => report.figure(
                "Korf's 100, one thread, all optimal",
                total,
                "s",
                Some("≤ 2 s"),
            ),
            ("korf100.txt", true) => report.figure(
                &format!(
                    "Korf's 100 #{}, one thread, all optimal",
                    SHORT.map(|n| n.to_string()).join(", #")
                ),
                total,
                "s",
                None,
            ),
            _ => {
                for (i, times) in per_instance.iter().enumerate() {
                    report.figure(
                        &format!("80-move position {}, one thread", i + 1),
                        median(times.clone()),
                        "s",
                        None,
                    );
                }
            }
        }
    }
    if !args.short {
        against_slidy(&problem, &tables, &mut report);
    }
}

/// Korf's 100 ([`AGAINST_SLIDY`]) solved once by this solver and once by
/// `slidy`'s, one after the other (each length checked against the known
/// optimum), and the ratio of their times.
fn against_slidy(problem: &Fifteen, tables: &FifteenTables, report: &mut Report) {
    let korf = instances("korf100.txt");
    let set: Vec<&(Board, u32)> = AGAINST_SLIDY.map(|n| &korf[n - 1]).collect();
    let (clock, cpu) = (Instant::now(), cpu_seconds());
    for (board, optimal) in &set {
        let solution = idastar(problem, tables.state(board), &mut Unlimited)
            .expect("unlimited")
            .expect("solvable");
        assert_eq!(solution.cost, *optimal);
    }
    let ours = clock.elapsed().as_secs_f64();
    let ours_cpu = cpu_seconds().zip(cpu).map(|(end, start)| end - start);
    let (built, theirs, theirs_cpu) = slidy_times(&set);
    let on_cpu = match (ours_cpu, theirs_cpu) {
        (Some(ours), Some(theirs)) => format!(
            "; on the CPU {ours:.3} s against {theirs:.3} s: {:.3}x",
            ours / theirs
        ),
        _ => String::new(),
    };
    println!(
        "Korf's 100 #{}-#{}: this solver {ours:.3} s, slidy {theirs:.3} s (its tables built in {built:.1} s, not counted): {:.3}x{on_cpu}",
        AGAINST_SLIDY.start(),
        AGAINST_SLIDY.end(),
        ours / theirs
    );
    report.figure(
        "Korf's 100, one thread, time over the slidy crate's in the same run",
        ours / theirs,
        "x",
        Some("≤ 0.10x"),
    );
}

/// The seconds this thread has run on a CPU, where the system tells
/// (Linux): on a loaded machine the ratio of two solvers' CPU times is far
/// steadier than that of their wall-clock times.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds / 1e9)
}

/// The `slidy` crate's optimal 4x4 solver (single-tile moves) on `set`:
/// the seconds its tables take to build, and the seconds it takes to solve
/// the set (each length checked), on the clock and on the CPU.
fn slidy_times(set: &[&(Board, u32)]) -> (f64, f64, Option<f64>) {
    use slidy::puzzle::puzzle::Puzzle;
    use slidy::puzzle::size::Size;
    use slidy::solver::size4x4::stm::solver::Solver;
    use slidy::solver::solver::Solver as _;

    let clock = Instant::now();
    let solver = Solver::new();
    let built = clock.elapsed().as_secs_f64();
    let size = Size::new(4, 4).expect("4x4");
    let puzzles: Vec<(Puzzle, u32)> = set
        .iter()
        .map(|(board, optimal)| {
            let pieces = board.tiles().iter().map(|&t| u64::from(t)).collect();
            (
                Puzzle::with_pieces(pieces, size).expect("a 4x4 board"),
                *optimal,
            )
        })
        .collect();
    let (clock, cpu) = (Instant::now(), cpu_seconds());
    for (puzzle, optimal) in &puzzles {
        let solution = solver.solve(puzzle).expect("solvable");
        assert_eq!(solution.len_stm::<u64>(), u64::from(*optimal));
    }
    let cpu = cpu_seconds().zip(cpu).map(|(end, start)| end - start);
    (built, clock.elapsed().as_secs_f64(), cpu)
}
