//! A* and weighted best-first search with a closed set (Hart, Nilsson and
//! Raphael, 1968; Pohl, 1970).

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};
use std::hash::Hash;

use super::{Meter, Monitor, Outcome, Problem, Solution, DEAD_END};

/// Finds an optimal path from `start` to a goal with A*, or `Ok(None)` if no
/// goal is reachable (the reachable state space must then be finite).
///
/// `problem.heuristic` must never overestimate the remaining cost, or the
/// solution may not be optimal. A state whose cost improves after it was
/// expanded is expanded again, so heuristics that are admissible but not
/// consistent still give optimal answers. Memory grows with every state met:
/// use [`super::idastar()`] where that is too much.
///
/// ```
/// use slide::search::{astar, Problem, Successor, Unlimited};
///
/// /// Reach 0 from a number by halving (when even) or subtracting one.
/// struct Halve;
/// impl Problem for Halve {
///     type State = u32;
///     type Move = char;
///     fn heuristic(&self, n: &u32) -> u32 { u32::from(*n > 0) }
///     fn is_goal(&self, n: &u32) -> bool { *n == 0 }
///     fn successors(&self, n: &u32, _: Option<char>, out: &mut Vec<Successor<u32, char>>) {
///         if *n > 0 { out.push(Successor { mv: '-', state: n - 1, cost: 1 }); }
///         if *n > 0 && n % 2 == 0 { out.push(Successor { mv: '/', state: n / 2, cost: 1 }); }
///     }
/// }
/// let solution = astar(&Halve, 12, &mut Unlimited).unwrap().unwrap();
/// assert_eq!(solution.cost, 5); // 12, 6, 3, 2, 1, 0
/// ```
pub fn astar<P, M>(problem: &P, start: P::State, monitor: &mut M) -> Outcome<P::Move>
where
    P: Problem,
    P::State: Eq + Hash,
    M: Monitor + ?Sized,
{
    best_first(problem, start, 1.0, monitor)
}

/// Best-first search on f = g + `weight` * h: with `weight` > 1 it expands far
/// fewer states than A*, and with an admissible heuristic the solution costs at
/// most `weight` times the optimum. States are not reopened, which keeps the
/// search fast and the bound intact.
///
/// # Panics
/// If `weight` is below 1 or not finite.
pub fn weighted_astar<P, M>(
    problem: &P,
    start: P::State,
    weight: f64,
    monitor: &mut M,
) -> Outcome<P::Move>
where
    P: Problem,
    P::State: Eq + Hash,
    M: Monitor + ?Sized,
{
    assert!(
        weight.is_finite() && weight >= 1.0,
        "weight must be at least 1"
    );
    best_first(problem, start, weight, monitor)
}

/// Fixed-point scale of f values, so weights like 1.5 order exactly.
const F_SCALE: u64 = 256;

/// A state met by the search.
struct Record<S, M> {
    state: S,
    parent: u32,
    mv: Option<M>,
    g: u32,
    h: u32,
    /// The g at which this state was last expanded; `u32::MAX` if never.
    expanded_at: u32,
}

const NO_PARENT: u32 = u32::MAX;

fn best_first<P, M>(problem: &P, start: P::State, weight: f64, monitor: &mut M) -> Outcome<P::Move>
where
    P: Problem,
    P::State: Eq + Hash,
    M: Monitor + ?Sized,
{
    let weight_scaled = (weight * F_SCALE as f64).round() as u64;
    let reopen = weight_scaled == F_SCALE;
    let f_key = |g: u32, h: u32| u64::from(g) * F_SCALE + u64::from(h) * weight_scaled;

    let mut meter = Meter::new(monitor);
    let mut records: Vec<Record<P::State, P::Move>> = Vec::new();
    let mut index = Index::new(problem);
    // Max-heap on (lowest f, then highest g: deeper states first on ties).
    let mut open: BinaryHeap<(Reverse<u64>, u32, u32)> = BinaryHeap::new();
    let mut children = Vec::new();

    let h = problem.heuristic(&start);
    if h == DEAD_END {
        return Ok(None);
    }
    index.find_or_add(problem, start.clone(), |_| Some(0));
    records.push(Record {
        state: start,
        parent: NO_PARENT,
        mv: None,
        g: 0,
        h,
        expanded_at: u32::MAX,
    });
    open.push((Reverse(f_key(0, h)), 0, 0));

    while let Some((Reverse(f), g, id)) = open.pop() {
        let record = &records[id as usize];
        // A state may sit on the heap several times; only the entry carrying
        // its best g that has not been expanded yet is live.
        if record.g != g || record.expanded_at == g {
            continue;
        }
        meter.progress.bound = (f / F_SCALE) as u32;
        if problem.is_goal(&record.state) {
            return Ok(Some(Solution {
                moves: path_to(&records, id),
                cost: g,
                expanded: meter.progress.expanded,
            }));
        }
        meter.expand()?;
        let record = &mut records[id as usize];
        record.expanded_at = g;
        let state = record.state.clone();
        let last = record.mv;
        children.clear();
        problem.successors(&state, last, &mut children);
        for child in children.drain(..) {
            let child_g = g + child.cost;
            let met = index.find_or_add(problem, child.state, |state| {
                let h = problem.heuristic(state);
                if h == DEAD_END {
                    return None;
                }
                let child_id = records.len() as u32;
                records.push(Record {
                    state: state.clone(),
                    parent: id,
                    mv: Some(child.mv),
                    g: child_g,
                    h,
                    expanded_at: u32::MAX,
                });
                open.push((Reverse(f_key(child_g, h)), child_g, child_id));
                Some(child_id)
            });
            if let Some(child_id) = met {
                let known = &mut records[child_id as usize];
                let improves = child_g < known.g;
                let may_update = known.expanded_at == u32::MAX || reopen;
                if improves && may_update {
                    known.g = child_g;
                    known.parent = id;
                    known.mv = Some(child.mv);
                    open.push((Reverse(f_key(child_g, known.h)), child_g, child_id));
                }
            }
        }
    }
    Ok(None)
}

/// Where each state met is among the records: a hash table, or a plain
/// array for problems that number their states densely.
enum Index<S> {
    Hashed(HashMap<S, u32>),
    /// `u32::MAX` for a state not met.
    Dense(Vec<u32>),
}

impl<S: Eq + Hash> Index<S> {
    fn new<P: Problem<State = S>>(problem: &P) -> Index<S> {
        match problem.dense_states() {
            Some(count) => Index::Dense(vec![u32::MAX; count]),
            None => Index::Hashed(HashMap::new()),
        }
    }

    /// The record of `state` if it was met before; else `add` makes one
    /// (or none, for a dead end) and `None`.
    #[inline]
    fn find_or_add<P: Problem<State = S>>(
        &mut self,
        problem: &P,
        state: S,
        add: impl FnOnce(&S) -> Option<u32>,
    ) -> Option<u32> {
        match self {
            Index::Hashed(map) => match map.entry(state) {
                Entry::Occupied(entry) => Some(*entry.get()),
                Entry::Vacant(entry) => {
                    if let Some(id) = add(entry.key()) {
                        entry.insert(id);
                    }
                    None
                }
            },
            Index::Dense(ids) => {
                let slot = problem.dense_index(&state);
                match ids[slot] {
                    u32::MAX => {
                        if let Some(id) = add(&state) {
                            ids[slot] = id;
                        }
                        None
                    }
                    id => Some(id),
                }
            }
        }
    }
}

/// The moves from the start to record `id`.
fn path_to<S, M: Copy>(records: &[Record<S, M>], mut id: u32) -> Vec<M> {
    let mut moves = Vec::new();
    while let Some(mv) = records[id as usize].mv {
        moves.push(mv);
        id = records[id as usize].parent;
    }
    moves.reverse();
    moves
}
