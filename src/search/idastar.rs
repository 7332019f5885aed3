//! Iterative-deepening A* (Korf, 1985).
//!
//! Depth-first searches bounded by f = g + h, the bound raised each round to
//! the smallest f that exceeded it. With a heuristic that never overestimates,
//! the first goal found is optimal. Memory is one buffer of successors per
//! level of the current path.

use super::{Interrupted, Meter, Monitor, Outcome, Problem, Solution, Successor};

/// Finds an optimal path from `start` to a goal, or `Ok(None)` if the state
/// space is finite and holds no goal.
///
/// `problem.heuristic` must never overestimate the remaining cost, or the
/// solution may not be optimal. On state spaces with no reachable goal and no
/// end (as puzzles with unsolvable starts would be), IDA* runs until the
/// monitor stops it: check solvability first.
///
/// ```
/// use std::ops::ControlFlow;
/// use slide::search::{idastar, Problem, Successor, Unlimited};
///
/// /// Walk from a number to 10 by steps of +1 or +3.
/// struct Walk;
/// impl Problem for Walk {
///     type State = u32;
///     type Move = u32;
///     fn heuristic(&self, n: &u32) -> u32 { (10u32.saturating_sub(*n) + 2) / 3 }
///     fn is_goal(&self, n: &u32) -> bool { *n == 10 }
///     fn successors(&self, n: &u32, _: Option<u32>, out: &mut Vec<Successor<u32, u32>>) {
///         for step in [1, 3] {
///             if n + step <= 10 {
///                 out.push(Successor { mv: step, state: n + step, cost: 1 });
///             }
///         }
///     }
/// }
/// let solution = idastar(&Walk, 0, &mut Unlimited).unwrap().unwrap();
/// assert_eq!(solution.cost, 4); // 3 + 3 + 3 + 1
/// ```
pub fn idastar<P, M>(problem: &P, start: P::State, monitor: &mut M) -> Outcome<P::Move>
where
    P: Problem,
    M: Monitor + ?Sized,
{
    let bound = problem.heuristic(&start);
    idastar_from(problem, start, bound, monitor)
}

/// IDA* starting at a given bound instead of the start's heuristic value.
/// Any bound that does not exceed the optimal cost keeps the result optimal;
/// a caller that already knows a lower bound (from an earlier, interrupted
/// search) saves the shallower rounds.
pub fn idastar_from<P, M>(
    problem: &P,
    start: P::State,
    bound: u32,
    monitor: &mut M,
) -> Outcome<P::Move>
where
    P: Problem,
    M: Monitor + ?Sized,
{
    let mut search = Search {
        problem,
        meter: Meter::new(monitor),
        path: Vec::new(),
        buffers: Vec::new(),
        next_bound: u32::MAX,
    };
    let mut bound = bound;
    loop {
        search.meter.progress.bound = bound;
        search.meter.report()?;
        search.next_bound = u32::MAX;
        if let Some(cost) = search.dfs(&start, 0, bound, None, 0)? {
            return Ok(Some(Solution {
                moves: search.path,
                cost,
                expanded: search.meter.progress.expanded,
            }));
        }
        if search.next_bound == u32::MAX {
            return Ok(None);
        }
        bound = search.next_bound;
    }
}

struct Search<'a, 'm, P: Problem, M: Monitor + ?Sized> {
    problem: &'a P,
    meter: Meter<'m, M>,
    path: Vec<P::Move>,
    /// Successor lists, one per depth, reused across the whole search.
    buffers: Vec<Vec<Successor<P::State, P::Move>>>,
    /// The smallest f seen above the current bound.
    next_bound: u32,
}

impl<P: Problem, M: Monitor + ?Sized> Search<'_, '_, P, M> {
    /// Searches below `state` (reached at cost `g`). On success returns the
    /// goal's cost, and `path` holds the moves from the start.
    fn dfs(
        &mut self,
        state: &P::State,
        g: u32,
        bound: u32,
        last: Option<P::Move>,
        depth: usize,
    ) -> Result<Option<u32>, Interrupted> {
        let f = g.saturating_add(self.problem.heuristic(state));
        if f > bound {
            self.next_bound = self.next_bound.min(f);
            return Ok(None);
        }
        if self.problem.is_goal(state) {
            return Ok(Some(g));
        }
        self.meter.expand()?;
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        // Taken out so the recursion can borrow `self`; put back below so
        // its allocation is reused by the next node at this depth.
        let mut children = std::mem::take(&mut self.buffers[depth]);
        children.clear();
        self.problem.successors(state, last, &mut children);
        let mut found = Ok(None);
        for child in &children {
            self.path.push(child.mv);
            found = self.dfs(
                &child.state,
                g + child.cost,
                bound,
                Some(child.mv),
                depth + 1,
            );
            if !matches!(found, Ok(None)) {
                break;
            }
            self.path.pop();
        }
        self.buffers[depth] = children;
        found
    }
}
