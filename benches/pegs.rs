//! Native benchmark of the peg-solitaire solver: the classic game, each
//! layout, and positions reached by random play from the classic start.
//! Every position is decided by a fresh solver (an empty table of lost
//! positions); the random positions are then decided again by one solver
//! that keeps its table throughout, as the game's worker does.
//!
//! `cargo bench --bench pegs -- [RUNS]` (default 5 runs of the classic game
//! and the layouts; 1000 random positions, seed 2024). `-- --short` (in
//! `make test`): one run, and the first [`SHORT_POSITIONS`] positions.

mod support;

use std::time::Instant;

use slide::pegs::{layouts, Goal, PegBoard, PegSolver};
use slide::rng::SplitMix64;
use slide::search::Unlimited;
use support::{median, Report};

const POSITIONS: usize = 1000;
/// The random positions of the short form.
const SHORT_POSITIONS: usize = 100;
const SEED: u64 = 2024;
/// Random games are played for 0 to this many jumps.
const MAX_DEPTH: u64 = 30;

/// Solves with a fresh solver: (seconds, solvable, states expanded); a
/// solution found is checked to reach the goal.
fn decide(board: PegBoard, goal: Goal) -> (f64, bool, u64) {
    let clock = Instant::now();
    let mut solver = PegSolver::new(goal);
    let outcome = solver.solve(board, &mut Unlimited).expect("unlimited");
    let seconds = clock.elapsed().as_secs_f64();
    let states = match &outcome {
        Some(solution) => {
            assert!(
                board
                    .apply_all(&solution.moves)
                    .is_ok_and(|end| goal.is_met(end)),
                "a solution that does not reach the goal"
            );
            solution.expanded
        }
        None => solver.dead_table().len() as u64,
    };
    (seconds, outcome.is_some(), states)
}

fn main() {
    let args = support::args(5);
    let runs = args.runs;
    let mut report = Report::new("pegs", args.short);
    let positions_count = if args.short {
        SHORT_POSITIONS
    } else {
        POSITIONS
    };

    let mut classic = Vec::new();
    let mut classic_states = 0;
    for _ in 0..runs {
        let (seconds, solvable, states) = decide(PegBoard::classic(), Goal::CENTRE);
        assert!(solvable, "the classic game is solvable");
        classic.push(seconds);
        classic_states = states;
    }
    let classic = median(classic) * 1e3;
    println!(
        "classic game: 31 jumps, {classic_states} states, median {classic:.2} ms over {runs} runs (fresh solver each)"
    );
    report.figure("classic game, fresh solver", classic, "ms", Some("≤ 50 ms"));
    for layout in layouts() {
        let times: Vec<f64> = (0..runs)
            .map(|_| {
                let (seconds, solvable, _) = decide(layout.start, layout.goal);
                assert!(solvable, "layout {} is solvable", layout.id);
                seconds
            })
            .collect();
        println!(
            "  layout {:<10} {:>2} pegs: median {:.2} ms",
            layout.id,
            layout.start.count(),
            median(times) * 1e3
        );
    }

    let mut rng = SplitMix64::new(SEED);
    let positions: Vec<PegBoard> = (0..positions_count)
        .map(|_| {
            let depth = rng.below(MAX_DEPTH + 1) as usize;
            PegBoard::classic().after_random_jumps(&mut rng, depth)
        })
        .collect();
    let clock = Instant::now();
    let decided: Vec<(f64, bool, u64)> = positions
        .iter()
        .map(|&board| decide(board, Goal::CENTRE))
        .collect();
    let total = clock.elapsed().as_secs_f64();
    let winnable = decided.iter().filter(|d| d.1).count();
    let times: Vec<f64> = decided.iter().map(|d| d.0).collect();
    let mut order: Vec<usize> = (0..positions_count).collect();
    order.sort_by(|&a, &b| times[b].total_cmp(&times[a]));
    let percentile = |p: usize| {
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        sorted[(positions_count * p / 100).min(positions_count - 1)] * 1e3
    };
    println!(
        "{positions_count} random positions (seed {SEED}, 0-{MAX_DEPTH} random jumps from the classic start), \
         fresh solver each: {winnable} winnable; median {:.3} ms, 90% {:.2} ms, 99% {:.1} ms, \
         worst {:.1} ms, total {:.2} s",
        median(times.clone()) * 1e3,
        percentile(90),
        percentile(99),
        times[order[0]] * 1e3,
        total
    );
    report.figure(
        &format!("{positions_count} random positions, fresh solver each: worst"),
        times[order[0]] * 1e3,
        "ms",
        Some("≤ 1,000 ms"),
    );
    report.figure(
        &format!("{positions_count} random positions: winnable"),
        winnable as f64,
        "",
        None,
    );
    println!("  slowest:");
    for &i in &order[..5] {
        let (seconds, solvable, states) = decided[i];
        println!(
            "    {:>2} pegs, {:<8} {:>7} states, {:>7.1} ms   {}",
            positions[i].count(),
            if solvable { "winnable" } else { "lost" },
            states,
            seconds * 1e3,
            slide::pegs::format_line(positions[i])
        );
    }

    // The same positions with one solver that keeps its table.
    let mut solver = PegSolver::new(Goal::CENTRE);
    let clock = Instant::now();
    let mut times = Vec::new();
    for (board, fresh) in positions.iter().zip(&decided) {
        let start = Instant::now();
        let outcome = solver.solve(*board, &mut Unlimited).expect("unlimited");
        times.push(start.elapsed().as_secs_f64());
        assert_eq!(outcome.is_some(), fresh.1, "both solvers agree");
    }
    let total = clock.elapsed().as_secs_f64();
    let worst = times.iter().copied().fold(0.0, f64::max);
    println!(
        "  again with one solver keeping its table: median {:.3} ms, worst {:.1} ms, total {:.2} s, \
         {} lost positions in {} MB",
        median(times) * 1e3,
        worst * 1e3,
        total,
        solver.dead_table().len(),
        solver.dead_table().memory() >> 20
    );
}
