//! Depth-first search that remembers dead ends.
//!
//! For puzzles where every solution has the same length (each peg-solitaire
//! jump removes one peg, so a solution from n pegs is always n - 1 jumps),
//! optimality is free and the work lies in not exploring the same hopeless
//! position twice. States proven to lead nowhere are kept in a [`DeadEnds`]
//! table, which may key them by a canonical form (one per symmetry class), so
//! a single failure prunes every symmetric copy.

use super::{Meter, Monitor, Outcome, Problem, Solution, DEAD_END};

/// A table of states from which no goal can be reached.
pub trait DeadEnds<S> {
    /// Whether `state` is known to lead nowhere.
    fn is_dead(&self, state: &S) -> bool;
    /// Records that `state` leads nowhere (the search has tried every move).
    fn mark_dead(&mut self, state: &S);
}

/// Finds a path from `start` to a goal by depth-first search, trying moves in
/// the order `successors` gives them, or `Ok(None)` if there is none.
///
/// States whose heuristic is [`DEAD_END`] are pruned; every state fully
/// explored without success is recorded in `dead` and never explored again.
/// The path found is not necessarily the cheapest: use this where all
/// solutions cost the same, or where any solution will do. The state space
/// must be acyclic or `dead` must catch the cycles.
pub fn depth_first<P, D, M>(
    problem: &P,
    start: P::State,
    dead: &mut D,
    monitor: &mut M,
) -> Outcome<P::Move>
where
    P: Problem,
    D: DeadEnds<P::State> + ?Sized,
    M: Monitor + ?Sized,
{
    let mut search = Search {
        problem,
        dead,
        meter: Meter::new(monitor),
        path: Vec::new(),
        buffers: Vec::new(),
    };
    search.meter.report()?;
    Ok(search.dfs(&start, 0, None, 0)?.map(|cost| Solution {
        moves: search.path,
        cost,
        expanded: search.meter.progress.expanded,
    }))
}

struct Search<'a, 'm, P: Problem, D: ?Sized, M: Monitor + ?Sized> {
    problem: &'a P,
    dead: &'a mut D,
    meter: Meter<'m, M>,
    path: Vec<P::Move>,
    buffers: Vec<Vec<super::Successor<P::State, P::Move>>>,
}

impl<P, D, M> Search<'_, '_, P, D, M>
where
    P: Problem,
    D: DeadEnds<P::State> + ?Sized,
    M: Monitor + ?Sized,
{
    fn dfs(
        &mut self,
        state: &P::State,
        g: u32,
        last: Option<P::Move>,
        depth: usize,
    ) -> Result<Option<u32>, super::Interrupted> {
        if self.problem.is_goal(state) {
            return Ok(Some(g));
        }
        if self.problem.heuristic(state) == DEAD_END || self.dead.is_dead(state) {
            return Ok(None);
        }
        self.meter.expand()?;
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.buffers[depth]);
        children.clear();
        self.problem.successors(state, last, &mut children);
        let mut found = Ok(None);
        for child in &children {
            self.path.push(child.mv);
            // 32-bit: g sums the moves of one path, as many as the depth
            // the problem allows (peg solitaire: 31 jumps of cost 1).
            found = self.dfs(&child.state, g + child.cost, Some(child.mv), depth + 1);
            if !matches!(found, Ok(None)) {
                break;
            }
            self.path.pop();
        }
        self.buffers[depth] = children;
        if matches!(found, Ok(None)) {
            self.dead.mark_dead(state);
        }
        found
    }
}
