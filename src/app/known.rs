//! The best solution known, followed as the player plays: one type for
//! every game.

use super::game::Game;

/// A solution from some position, with every position along it, so that
/// any of those positions finds its remaining moves at once.
///
/// Invariant: `states` has one more entry than `moves`, each move leads from
/// one state to the next, and the last state is won; `bound` is at most the
/// length of a shortest solution from the first state (so at most
/// `moves.len()`).
#[derive(Clone, Debug)]
pub struct KnownSolution<S, M> {
    states: Vec<S>,
    moves: Vec<M>,
    optimal: bool,
    bound: u32,
}

impl<S: Clone + PartialEq, M: Copy> KnownSolution<S, M> {
    /// Follows `moves` from `start` under `game`'s rules (`optimal`: no
    /// shorter solution exists). Refused, with the reason, if a move is not
    /// legal or the moves do not end in a won position: answers come from
    /// another thread, and a wrong one must not be played.
    pub fn follow<G>(game: &G, start: &S, moves: Vec<M>, optimal: bool) -> Result<Self, String>
    where
        G: Game<State = S, Move = M>,
    {
        let mut states = Vec::with_capacity(moves.len() + 1);
        states.push(start.clone());
        for (number, &mv) in moves.iter().enumerate() {
            let last = states.last().expect("starts with one state");
            match game.apply(last, mv) {
                Ok(next) => states.push(next),
                Err(error) => return Err(format!("move {} is not legal: {error}", number + 1)),
            }
        }
        if !game.is_won(states.last().expect("starts with one state")) {
            return Err("the moves do not reach the goal".into());
        }
        let bound = if optimal { moves.len() as u32 } else { 0 };
        Ok(KnownSolution {
            states,
            moves,
            optimal,
            bound,
        })
    }

    /// The same solution, knowing that no solution from its start is
    /// shorter than `bound` moves (a proven lower bound; one above the
    /// solution's length is ignored, since the solution disproves it).
    pub fn with_bound(mut self, bound: u32) -> Self {
        self.bound = self.bound.max(bound).min(self.moves.len() as u32);
        self
    }

    /// Learns that no solution from `from` is shorter than `bound` moves:
    /// if the solution passes through `from` `i` moves after its start,
    /// none from the start is shorter than `bound - i` (a move changes the
    /// distance to the goal by at most one).
    pub fn learn_bound(&mut self, from: S, bound: u32) {
        if let Some(index) = self.states.iter().position(|s| *s == from) {
            let at_start = bound.saturating_sub(index as u32);
            self.bound = self.bound.max(at_start).min(self.moves.len() as u32);
        }
    }

    /// A proven lower bound on the moves from `state` to the goal, if
    /// `state` lies on the solution (0 when nothing is known): the moves
    /// left when the solution is a shortest one.
    pub fn bound_from(&self, state: &S) -> Option<u32> {
        let index = self.states.iter().position(|s| s == state)?;
        Some(self.bound.saturating_sub(index as u32))
    }

    /// The moves left from `state` if it lies on the solution. A shortest
    /// solution stays shortest from every position along it.
    pub fn remaining(&self, state: &S) -> Option<&[M]> {
        let index = self.states.iter().position(|s| s == state)?;
        Some(&self.moves[index..])
    }

    /// The position the solution starts from.
    pub fn start(&self) -> &S {
        &self.states[0]
    }

    /// The number of moves of the whole solution.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the solution has no moves (it starts won).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Whether no shorter solution exists.
    pub fn is_optimal(&self) -> bool {
        self.optimal
    }

    /// Whether this solution should give way to `other`, a solution found
    /// from `from`: a better answer replaces a worse one, never the reverse.
    /// It gives way if it does not pass through `from`, or if `other` is
    /// proven shortest, or shorter from there.
    pub fn gives_way_to(&self, other: &KnownSolution<S, M>, from: &S) -> bool {
        match self.remaining(from) {
            None => true,
            Some(mine) => {
                (other.optimal && !self.optimal)
                    || other
                        .remaining(from)
                        .is_some_and(|theirs| theirs.len() < mine.len())
            }
        }
    }
}
