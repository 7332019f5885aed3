//! Splitting a search tree among workers.
//!
//! The states `depth` moves below the start (with moves that undo the one
//! before left out, as the searches do) partition every longer path, so
//! rounds of IDA* below each of them, with the same bound, together make one
//! round from the start. Workers can take them one at a time; the first goal
//! found in the round with the smallest bound that has any is optimal.

use std::collections::HashSet;

use super::{Problem, Successor};

/// A state `depth` moves below the start, with the moves that reach it.
#[derive(Clone, Debug)]
pub struct Branch<S, M> {
    /// The moves from the start, in order; exactly `depth` of them.
    pub moves: Vec<M>,
    /// The state they reach.
    pub state: S,
    /// Their cost.
    pub g: u32,
}

/// Every state exactly `depth` moves below `start`, in a fixed order (the
/// same on every call, so workers can name branches by index). Two paths
/// reaching the same state (when the problem gives keys) keep only the first:
/// their subtrees are the same. Paths that end early (states without
/// successors) are dropped: the caller splits only searches whose solutions
/// are longer than `depth`.
pub fn split<P: Problem>(
    problem: &P,
    start: &P::State,
    depth: usize,
) -> Vec<Branch<P::State, P::Move>> {
    let mut level = vec![Branch {
        moves: Vec::new(),
        state: start.clone(),
        g: 0,
    }];
    let mut children: Vec<Successor<P::State, P::Move>> = Vec::new();
    for _ in 0..depth {
        let mut seen = HashSet::new();
        let mut next = Vec::with_capacity(level.len() * 3);
        for branch in &level {
            children.clear();
            problem.successors(&branch.state, branch.moves.last().copied(), &mut children);
            for child in children.drain(..) {
                if let Some(key) = problem.key(&child.state) {
                    if !seen.insert(key) {
                        continue;
                    }
                }
                let mut moves = branch.moves.clone();
                moves.push(child.mv);
                next.push(Branch {
                    moves,
                    state: child.state,
                    // A few moves below the root (the split depth): far
                    // from 32 bits' reach.
                    g: branch.g + child.cost,
                });
            }
        }
        level = next;
    }
    level
}
