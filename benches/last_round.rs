//! The split search's last round, simulated in states (issue 24 point 1):
//! how soon the page's two workers find the goal in the round whose bound
//! is the optimal length, as the branches are dealt and ordered now and as
//! they might be. Counted in states expanded, not in time, so the figures
//! do not depend on the machine's load.
//!
//! `cargo bench --bench last_round -- [FILE] [LIMIT]`: the boards of
//! `tests/instances/FILE` (default `fifteen_80_sample.txt`; boards of 8
//! moves or fewer are skipped, as the page never splits them). Each of the
//! first LIMIT (default 64) branches in the page's order and in the tables'
//! order is searched with the optimal length as its bound, as a worker
//! searches it (`IdaStar::round`), to its end or to its first goal. Two
//! workers are then simulated taking the next batch whenever free, each
//! worker's clock counting the states it expanded; a round ends at the
//! first goal found, since the pool then cancels the other worker. The
//! figure is the clock of the worker that finds it. A policy that would
//! need a branch beyond those searched is reported as such.
//!
//! The page's dealing mirrors `src/app/workers/pool/rounds.rs` (consecutive
//! branches in [`BATCHES`] batches, in the order of `numbered_branches` in
//! `src/sliding/fifteen.rs`: f by linear conflicts, ties by the moves) and
//! the worker's own order within a batch (`branch_f`: f by its tables, the
//! last of equal f first), both as the page's runner uses them.

use slide::app::workers::pool::{BATCHES, SPLIT_DEPTH};
use slide::cli::fifteen_tables;
use slide::order::sort_by_rank;
use slide::search::{IdaStar, Step};
use slide::sliding::fifteen::{branch_f, numbered_branches, Fifteen};
use slide::sliding::{parse_all, Board};

/// A branch searched with the last round's bound.
#[derive(Clone, Copy)]
struct Searched {
    /// Its f by the tables (the worker's order).
    tables_f: u32,
    /// States expanded to its end, or to its first goal.
    states: u64,
    goal: bool,
}

/// How the branches of the last round reach the two workers.
struct Policy {
    name: &'static str,
    /// The batches, in dealing order, as indices in the page's order.
    batches: Vec<Vec<usize>>,
    /// Whether a worker orders a batch by its tables' f (else as dealt).
    worker_order: bool,
    /// Whether a worker advances a batch's branches alike (a slice each in
    /// turn) instead of one after the other.
    round_robin: bool,
}

/// The worker's order within a batch, as `start_round` has it.
fn worker_order(batch: &[usize], branches: &[Option<Searched>]) -> Vec<usize> {
    let mut left = batch.to_vec();
    sort_by_rank(&mut left, |&b| {
        u32::MAX - branches[b].map_or(u32::MAX, |branch| branch.tables_f)
    });
    left.reverse();
    left
}

/// The states the finding worker had expanded when the first goal was
/// found; `None` if the policy needs a branch not searched.
fn simulate(policy: &Policy, branches: &[Option<Searched>], searched: &[bool]) -> Option<u64> {
    let mut clock = [0u64; 2];
    let mut found = u64::MAX;
    for batch in &policy.batches {
        let worker = usize::from(clock[1] < clock[0]);
        if clock[worker] >= found {
            break;
        }
        if batch.iter().any(|&b| !searched[b]) {
            return (found != u64::MAX).then_some(found);
        }
        let order = if policy.worker_order {
            worker_order(batch, branches)
        } else {
            batch.clone()
        };
        let batch: Vec<Searched> = order.iter().filter_map(|&b| branches[b]).collect();
        if policy.round_robin {
            let first = batch.iter().filter(|b| b.goal).map(|b| b.states).min();
            let cap = first.unwrap_or(u64::MAX);
            clock[worker] += batch.iter().map(|b| b.states.min(cap)).sum::<u64>();
            if first.is_some() {
                found = found.min(clock[worker]);
            }
            continue;
        }
        for branch in batch {
            clock[worker] += branch.states;
            if branch.goal {
                found = found.min(clock[worker]);
                break;
            }
        }
    }
    (found != u64::MAX).then_some(found)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let file = args.first().map_or("fifteen_80_sample.txt", String::as_str);
    let limit: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(64);
    let path = format!("{}/tests/instances/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let boards: Vec<(Board, u32)> = parse_all(&text)
        .into_iter()
        .map(|entry| {
            let instance = entry.expect("instance files are well formed");
            let length = instance.expected.expect("instances carry their lengths");
            (instance.board, length)
        })
        .collect();
    let tables = fifteen_tables().expect("the 4x4 tables");
    let problem = Fifteen::new(&tables);
    let mut totals: Vec<(&'static str, u64, usize)> = Vec::new();
    for (number, (board, optimal)) in boards.iter().enumerate() {
        if *optimal as usize <= SPLIT_DEPTH {
            continue;
        }
        // The page's order, and each branch's f by the tables (the
        // worker's), as the runner computes them.
        let page = numbered_branches(&problem, board, SPLIT_DEPTH);
        let count = page.len();
        let tables_f: Vec<u32> = page
            .iter()
            .map(|(branch, state)| branch_f(&problem, branch.g, state.as_ref()))
            .collect();
        let mut by_tables: Vec<usize> = (0..count).collect();
        sort_by_rank(&mut by_tables, |&b| tables_f[b]);
        let mut searched = vec![false; count];
        for rank in 0..limit.min(count) {
            searched[rank] = true;
            searched[by_tables[rank]] = true;
        }
        let branches: Vec<Option<Searched>> = (0..count)
            .map(|b| {
                let (branch, state) = &page[b];
                let state = state.filter(|_| searched[b])?;
                let mut search = IdaStar::round(
                    Fifteen::new(&tables),
                    state,
                    branch.g,
                    branch.moves.last().copied(),
                    *optimal,
                );
                let (states, goal) = loop {
                    match search.run(1 << 20) {
                        Step::Running => {}
                        Step::Found(solution) => break (solution.expanded, true),
                        Step::Exhausted(_) => break (search.progress().expanded, false),
                    }
                };
                Some(Searched {
                    tables_f: tables_f[b],
                    states,
                    goal,
                })
            })
            .collect();
        let size = count.div_ceil(BATCHES).max(1);
        let page_order: Vec<usize> = (0..count).collect();
        let batches = |order: &[usize], size: usize| -> Vec<Vec<usize>> {
            order.chunks(size).map(<[usize]>::to_vec).collect()
        };
        let policies = [
            Policy {
                name: "the page's (batches of consecutive branches, the worker's order)",
                batches: batches(&page_order, size),
                worker_order: true,
                round_robin: false,
            },
            Policy {
                name: "one-branch batches, the page's order",
                batches: batches(&page_order, 1),
                worker_order: false,
                round_robin: false,
            },
            Policy {
                name: "one-branch batches, the tables' order",
                batches: batches(&by_tables, 1),
                worker_order: false,
                round_robin: false,
            },
            Policy {
                name: "the page's batch size, the tables' order",
                batches: batches(&by_tables, size),
                worker_order: true,
                round_robin: false,
            },
            Policy {
                name: "the page's batches, a batch's branches advanced alike",
                batches: batches(&page_order, size),
                worker_order: true,
                round_robin: true,
            },
        ];
        let goals = (0..limit.min(count))
            .filter(|&b| branches[b].is_some_and(|x| x.goal))
            .count();
        println!(
            "#{} ({optimal} moves): {count} branches, {goals} of the first {} in the page's order hold a goal",
            number + 1,
            limit.min(count)
        );
        for policy in &policies {
            let result = simulate(policy, &branches, &searched);
            match result {
                Some(states) => println!("  {:>10} states: {}", states, policy.name),
                None => println!("  {:>10}       : {}", "beyond", policy.name),
            }
            match totals.iter_mut().find(|(name, _, _)| *name == policy.name) {
                Some(total) => {
                    total.1 += result.unwrap_or(0);
                    total.2 += usize::from(result.is_none());
                }
                None => totals.push((
                    policy.name,
                    result.unwrap_or(0),
                    usize::from(result.is_none()),
                )),
            }
        }
    }
    println!("Totals (boards beyond the searched branches left out of the sum):");
    for (name, states, beyond) in totals {
        println!("  {states:>12} states, {beyond} beyond: {name}");
    }
}
