//! Native benchmark of the optimal solvers on the instances with known
//! optimal lengths (`make bench`). Prints per-instance states and times and
//! the totals, the median of several runs.
//!
//! `cargo bench --bench solve -- [RUNS]` (default 3 runs).

use std::time::Instant;

use slide::cli::{fifteen_tables, table_path};
use slide::search::{idastar, Unlimited};
use slide::sliding::fifteen::Fifteen;
use slide::sliding::{parse_all, Board};

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

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let runs: usize = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse().ok())
        .unwrap_or(3);
    let clock = Instant::now();
    let tables = fifteen_tables().expect("the 4x4 tables can be loaded or built");
    println!(
        "pattern databases ({}) ready in {:.2} s",
        table_path().display(),
        clock.elapsed().as_secs_f64()
    );
    let problem = Fifteen::new(&tables);

    for (file, show_each) in [("korf100.txt", true), ("fifteen_80_sample.txt", true)] {
        let set = instances(file);
        let mut totals = Vec::new();
        let mut per_instance = vec![Vec::new(); set.len()];
        let mut states = vec![0u64; set.len()];
        for _ in 0..runs {
            let run = Instant::now();
            for (i, (board, optimal)) in set.iter().enumerate() {
                let start = Instant::now();
                let solution = idastar(&problem, tables.state(board), &mut Unlimited)
                    .expect("unlimited")
                    .expect("solvable");
                per_instance[i].push(start.elapsed().as_secs_f64());
                assert_eq!(
                    solution.cost,
                    *optimal,
                    "{file} instance {} not optimal",
                    i + 1
                );
                states[i] = solution.expanded;
            }
            totals.push(run.elapsed().as_secs_f64());
        }
        if show_each {
            for (i, times) in per_instance.iter().enumerate() {
                println!(
                    "{file} #{:>3}: {:>2} moves, {:>10} states, {:>8.4} s",
                    i + 1,
                    set[i].1,
                    states[i],
                    median(times.clone())
                );
            }
        }
        println!(
            "{file}: {} instances, all optimal, {} states, total {:.3} s (median of {runs} runs; runs {:?})",
            set.len(),
            states.iter().sum::<u64>(),
            median(totals.clone()),
            totals.iter().map(|t| (t * 1000.0).round() / 1000.0).collect::<Vec<_>>()
        );
    }
}
