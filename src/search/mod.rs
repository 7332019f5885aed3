//! Generic heuristic search, written once for every puzzle.
//!
//! A puzzle plugs in by implementing [`Problem`]: the moves from a state (with
//! the states they lead to and their costs), a heuristic estimate of the cost
//! still to pay, and a goal test. The algorithms:
//!
//! - [`astar()`]: A* with a closed set; optimal when the heuristic never
//!   overestimates; memory grows with the states it meets.
//! - [`idastar()`]: iterative-deepening A*; optimal under the same condition, in
//!   memory proportional to the solution's length.
//! - [`weighted_astar()`]: best-first on f = g + w*h for w > 1: much faster, at
//!   most w times longer than optimal with an admissible heuristic.
//! - [`BestFirst`]: either of those two, run in slices that can stop after
//!   a number of expansions and carry on later, optionally recording the
//!   states it expands in order; or greedy ([`BestFirst::greedy`]), on the
//!   estimate alone.
//! - [`Bidirectional`]: A* from both ends at once, run in slices, with a
//!   stopping rule that keeps it optimal.
//! - [`depth_first()`]: depth-first search that remembers states proven dead,
//!   for puzzles whose solutions all have the same length (peg solitaire).
//! - [`Beam`]: beam search, layer by layer keeping the most promising
//!   states: not optimal, but near it on puzzles far too large for the
//!   others, in time and memory proportional to its width.
//! - [`theta_star()`]: any-angle best-first search (Lazy Theta*) on maps
//!   whose points can see each other in straight lines ([`AnyAngle`]);
//!   [`ThetaStar`] is the same run in slices.
//! - [`split()`]: the branches a tree divides into, for rounds of IDA*
//!   ([`IdaStar::round`]) shared among workers.
//!
//! Every search reports progress to a [`Monitor`], which can stop it; a stopped
//! search returns [`Interrupted`], an exhausted one `Ok(None)`.

mod astar;
mod beam;
mod bidirectional;
mod dfs;
mod idastar;
mod split;
mod theta;
pub mod trace;

pub use astar::{astar, weighted_astar, BestFirst, Scratch};
pub use beam::Beam;
pub use bidirectional::{Bidirectional, MeetingPath, MeetingStep};
pub use dfs::{depth_first, DeadEnds};
pub use idastar::{idastar, idastar_from, IdaStar, Step};
pub use split::{split, Branch};
pub use theta::{theta_star, AnyAngle, AnyAnglePath, AnyAngleStep, ThetaStar};
pub use trace::{PlaceState, Trace};

use std::ops::ControlFlow;

/// A search problem: states, the moves between them and a goal.
pub trait Problem {
    /// A position of the puzzle; cheap to clone.
    type State: Clone;
    /// What leads from a state to one of its successors.
    type Move: Copy;

    /// An estimate of the cheapest cost from `state` to a goal. For A* and
    /// IDA* to return optimal solutions it must never overestimate.
    /// [`DEAD_END`] says that no goal can be reached from `state` at all.
    fn heuristic(&self, state: &Self::State) -> u32;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Appends to `out` the moves from `state`, each with the state it leads to
    /// and its cost (at least 1). `last` is the move that led to `state`, if
    /// any: moves that merely undo it may be left out, as no optimal solution
    /// contains them.
    fn successors(
        &self,
        state: &Self::State,
        last: Option<Self::Move>,
        out: &mut Vec<Successor<Self::State, Self::Move>>,
    );

    /// A key for `state` in a transposition table: equal states must have
    /// equal keys and different states different keys. `None` (the default)
    /// keeps IDA* from using a table.
    fn key(&self, _state: &Self::State) -> Option<u64> {
        None
    }

    /// Among states of equal [`Problem::heuristic`], the smaller value is
    /// preferred by searches that must choose ([`Beam`]); 0 by default.
    fn tie_break(&self, _state: &Self::State) -> u32 {
        0
    }

    /// For problems whose states are numbered densely (a map's pixels, a
    /// graph's nodes): how many numbers there are. `Some` makes
    /// [`astar()`] keep its states in a plain array indexed by
    /// [`Problem::dense_index`] instead of a hash table, much faster.
    /// `None` (the default) for the others.
    fn dense_states(&self) -> Option<usize> {
        None
    }

    /// `state`'s number, below [`Problem::dense_states`]; equal states must
    /// have equal numbers and different states different ones. Only asked
    /// when `dense_states` is `Some`.
    fn dense_index(&self, _state: &Self::State) -> usize {
        unreachable!("a problem with dense states numbers them")
    }

    /// Like [`Problem::successors`], for searches that only want successors
    /// whose heuristic is at most `limit` (IDA* under a cost bound). A problem
    /// may leave the others out, provided it lowers `excess` to at most the
    /// smallest heuristic value among those left out (a lower bound of it
    /// will do): the search takes its next bound from there. This lets
    /// a problem stop evaluating a successor as soon as part of its estimate
    /// exceeds the limit.
    fn successors_within(
        &self,
        state: &Self::State,
        last: Option<Self::Move>,
        limit: u32,
        out: &mut Vec<Successor<Self::State, Self::Move>>,
        excess: &mut u32,
    ) {
        let _ = (limit, excess);
        self.successors(state, last, out);
    }
}

/// A borrowed problem is the same problem: searches that own their problem
/// (as [`IdaStar`] and [`BestFirst`] do) can be given a reference.
impl<P: Problem + ?Sized> Problem for &P {
    type State = P::State;
    type Move = P::Move;

    #[inline]
    fn heuristic(&self, state: &Self::State) -> u32 {
        (**self).heuristic(state)
    }

    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        (**self).is_goal(state)
    }

    #[inline]
    fn successors(
        &self,
        state: &Self::State,
        last: Option<Self::Move>,
        out: &mut Vec<Successor<Self::State, Self::Move>>,
    ) {
        (**self).successors(state, last, out);
    }

    #[inline]
    fn key(&self, state: &Self::State) -> Option<u64> {
        (**self).key(state)
    }

    #[inline]
    fn tie_break(&self, state: &Self::State) -> u32 {
        (**self).tie_break(state)
    }

    #[inline]
    fn dense_states(&self) -> Option<usize> {
        (**self).dense_states()
    }

    #[inline]
    fn dense_index(&self, state: &Self::State) -> usize {
        (**self).dense_index(state)
    }

    #[inline]
    fn successors_within(
        &self,
        state: &Self::State,
        last: Option<Self::Move>,
        limit: u32,
        out: &mut Vec<Successor<Self::State, Self::Move>>,
        excess: &mut u32,
    ) {
        (**self).successors_within(state, last, limit, out, excess);
    }
}

/// The heuristic value of a state from which no goal can be reached; every
/// search prunes such states.
pub const DEAD_END: u32 = u32::MAX;

/// One move out of a state.
#[derive(Clone, Debug)]
pub struct Successor<S, M> {
    /// The move, legal in the state it leaves.
    pub mv: M,
    /// Where it leads.
    pub state: S,
    /// What it costs (at least 1).
    pub cost: u32,
}

/// A path to a goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The moves from the start to the goal, in order.
    pub moves: Vec<M>,
    /// The sum of the moves' costs; [`astar()`], which adds them in 64
    /// bits, says `u32::MAX` for a sum beyond 32 bits (the moves are
    /// right all the same).
    pub cost: u32,
    /// How many states the search expanded to find it.
    pub expanded: u64,
}

/// How far a search has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// States expanded so far.
    pub expanded: u64,
    /// The cost bound under search: IDA*'s current threshold, or the smallest
    /// f value on A*'s open list (`u32::MAX` if beyond 32 bits).
    pub bound: u32,
}

/// The result of a search that a [`Monitor`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted {
    /// How far the search had got.
    pub progress: Progress,
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the search was stopped after {} (bound {})",
            crate::wording::count(self.progress.expanded, "state", "states"),
            self.progress.bound
        )
    }
}

impl std::error::Error for Interrupted {}

/// What a search returns: a solution, `None` when no goal can be reached, or
/// [`Interrupted`] when the monitor stopped it.
pub type Outcome<M> = Result<Option<Solution<M>>, Interrupted>;

/// How often, in expanded states, searches consult their monitor. Small enough
/// for progress reports several times a second, large enough to cost nothing.
pub const CHECK_INTERVAL: u64 = 1 << 14;

/// Watches a search: reports progress, and stops it by returning `Break`.
pub trait Monitor {
    /// Called every [`CHECK_INTERVAL`] expansions and whenever the bound grows.
    fn check(&mut self, progress: &Progress) -> ControlFlow<()>;
}

/// A monitor that never stops the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unlimited;

impl Monitor for Unlimited {
    fn check(&mut self, _: &Progress) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// A monitor that stops the search once it has expanded a number of states.
#[derive(Clone, Copy, Debug)]
pub struct Budget(pub u64);

impl Monitor for Budget {
    fn check(&mut self, progress: &Progress) -> ControlFlow<()> {
        if progress.expanded >= self.0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl<F: FnMut(&Progress) -> ControlFlow<()>> Monitor for F {
    fn check(&mut self, progress: &Progress) -> ControlFlow<()> {
        self(progress)
    }
}

/// Counts expansions and consults the monitor every [`CHECK_INTERVAL`] of them.
pub(crate) struct Meter<'m, M: Monitor + ?Sized> {
    monitor: &'m mut M,
    pub(crate) progress: Progress,
    next_check: u64,
}

impl<'m, M: Monitor + ?Sized> Meter<'m, M> {
    pub(crate) fn new(monitor: &'m mut M) -> Self {
        Meter {
            monitor,
            progress: Progress::default(),
            next_check: CHECK_INTERVAL,
        }
    }

    /// Records one expansion; `Err` when the monitor asks to stop.
    #[inline]
    pub(crate) fn expand(&mut self) -> Result<(), Interrupted> {
        self.progress.expanded += 1;
        if self.progress.expanded >= self.next_check {
            self.next_check += CHECK_INTERVAL;
            self.report()?;
        }
        Ok(())
    }

    /// Consults the monitor now.
    pub(crate) fn report(&mut self) -> Result<(), Interrupted> {
        match self.monitor.check(&self.progress) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(Interrupted {
                progress: self.progress,
            }),
        }
    }
}
