//! Iterative-deepening A* (Korf, 1985), resumable, with an optional
//! transposition table.
//!
//! Depth-first searches bounded by f = g + h, the bound raised each round to
//! the smallest f that exceeded it. With a heuristic that never overestimates,
//! the first goal found is optimal. Memory is one buffer of successors per
//! level of the current path, plus the table if the problem supports one.
//!
//! The search keeps its own stack, so it can stop after any number of
//! expansions and carry on later: a browser worker runs it in slices and
//! stays responsive to messages (cancel, progress) between them, and a
//! search can be split into rounds below chosen states and shared out.
//!
//! The table (for problems whose states have a [`Problem::key`]) remembers
//! states with a large subtree that a round has fully explored, with the g at
//! which it did. Meeting such a state again in the same round at the same or
//! a greater g, its subtree cannot hold a goal within the bound that the first
//! visit missed, so it is skipped. (A goal path from the second visit either
//! was open to the first, which had at least as much budget, or starts by
//! stepping back to the first visit's parent, which its own earlier visit
//! covered with more budget still; unit move costs make the budgets compare.)
//! Transpositions near the root, where repeated subtrees cost the most, are
//! then searched once, for one cache-resident memory access per such state.

use super::{Meter, Monitor, Outcome, Problem, Progress, Solution, Successor, CHECK_INTERVAL};

/// Only states whose remaining budget (bound - g) is at least this look in
/// the table; states nearer the bound have subtrees too small to be worth it.
pub const MEMO_MIN_REMAINING: u32 = 10;

/// Only states whose subtree took at least this many expansions go in the
/// table, so that it holds the repeats that cost the most.
pub const MEMO_MIN_SUBTREE: u64 = 16;

/// Entries of the transposition table a search uses: 2^14 entries of 16
/// bytes, 256 KB, small enough to stay in the processor's cache, so that
/// looking in it costs next to nothing.
const MEMO_ENTRIES: usize = 1 << 14;

/// Finds an optimal path from `start` to a goal, or `Ok(None)` if the state
/// space is finite and holds no goal.
///
/// `problem.heuristic` must never overestimate the remaining cost, or the
/// solution may not be optimal. On state spaces with no reachable goal and no
/// end (as puzzles with unsolvable starts would be), IDA* runs until the
/// monitor stops it: check solvability first.
///
/// ```
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
    let mut search = IdaStar::new(problem, start, bound);
    let mut meter = Meter::new(monitor);
    meter.progress = search.progress();
    meter.report()?;
    loop {
        let step = search.run(CHECK_INTERVAL);
        meter.progress = search.progress();
        match step {
            Step::Running => meter.report()?,
            Step::Found(solution) => return Ok(Some(solution)),
            Step::Exhausted(_) => return Ok(None),
        }
    }
}

/// What a slice of search ended with ([`IdaStar::run`],
/// [`super::BestFirst::run`], [`super::Beam::run`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<M> {
    /// The expansion budget ran out, or a round ended and the next, with a
    /// higher bound, is about to start; call `run` again to go on.
    Running,
    /// A goal: the moves from the search's start and their cost (counted
    /// from the start, whatever g it was given).
    Found(Solution<M>),
    /// No goal. For a full search: none at all. For a single round: none
    /// within the bound; the smallest f that exceeded it is given (the next
    /// round's bound), or `u32::MAX` if nothing did.
    Exhausted(u32),
}

/// A transposition table: states fully explored in a round, by key, with the
/// round's bound and the g they were explored at. Direct-mapped; a newer
/// entry replaces an older one in its slot.
#[derive(Clone, Debug)]
struct Memo {
    slots: Vec<Visit>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Visit {
    key: u64,
    bound: u32,
    g: u32,
}

impl Memo {
    /// A table of `entries` slots (rounded up to a power of two); 0 for none.
    fn new(entries: usize) -> Memo {
        let entries = if entries == 0 {
            0
        } else {
            entries.next_power_of_two()
        };
        Memo {
            slots: vec![Visit::default(); entries],
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Fibonacci hashing spreads nearby keys over the table.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.slots.len() - 1)
    }

    /// Whether `key` was fully explored under `bound` at a g of at most `g`.
    #[inline]
    fn covers(&self, key: u64, bound: u32, g: u32) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let visit = self.slots[self.slot(key)];
        visit.key == key && visit.bound == bound && visit.g <= g
    }

    #[inline]
    fn put(&mut self, key: u64, bound: u32, g: u32) {
        if !self.slots.is_empty() {
            let slot = self.slot(key);
            self.slots[slot] = Visit { key, bound, g };
        }
    }
}

/// What visiting a state found.
enum Verdict {
    /// Its f exceeds the bound (given), or the table shows it explored.
    Pruned(u32),
    /// It is a goal.
    Goal,
    /// It must be expanded; its table key if it is eligible.
    Open(Option<u64>),
}

/// Decides what to do with `state`, reached at cost `g`, under `bound`.
#[inline(always)]
fn visit<P: Problem>(
    problem: &P,
    state: &P::State,
    g: u32,
    bound: u32,
    memo: &mut Memo,
) -> Verdict {
    let f = g.saturating_add(problem.heuristic(state));
    if f > bound {
        return Verdict::Pruned(f);
    }
    if problem.is_goal(state) {
        return Verdict::Goal;
    }
    let memo_key = if bound - g >= MEMO_MIN_REMAINING {
        problem.key(state)
    } else {
        None
    };
    if let Some(key) = memo_key {
        if memo.covers(key, bound, g) {
            // Its f values above the bound were seen on the first visit,
            // so reporting u32::MAX leaves the next bound as it is.
            return Verdict::Pruned(u32::MAX);
        }
    }
    Verdict::Open(memo_key)
}

/// One level of the path being searched: the state's successors and which
/// one is next.
struct Frame<S, M> {
    children: Vec<Successor<S, M>>,
    next: usize,
    g: u32,
    memo_key: Option<u64>,
    expanded_before: u64,
}

/// An IDA* search that runs in slices (see [`IdaStar::run`]). It owns its
/// problem; pass `&problem` to search a borrowed one.
pub struct IdaStar<P: Problem> {
    problem: P,
    start: P::State,
    start_g: u32,
    start_last: Option<P::Move>,
    /// Whether to go on to the next round when one ends (a full search) or
    /// to stop and report its next bound (a single round).
    rounds: bool,
    bound: u32,
    next_bound: u32,
    frames: Vec<Frame<P::State, P::Move>>,
    /// Frames above `frames.len()`, kept for their buffers.
    spare: Vec<Vec<Successor<P::State, P::Move>>>,
    path: Vec<P::Move>,
    memo: Memo,
    expanded: u64,
    fresh_round: bool,
}

impl<P: Problem> IdaStar<P> {
    /// A full IDA* search from `start`, beginning with the round bounded by
    /// `bound` (the start's heuristic value, or any known lower bound on the
    /// solution's cost).
    pub fn new(problem: P, start: P::State, bound: u32) -> Self {
        IdaStar::with(problem, start, 0, None, bound, true)
    }

    /// A single round below `start`, a state reached at cost `g` by the move
    /// `last`, bounded by `bound`: what a worker searches when a search is
    /// split.
    pub fn round(problem: P, start: P::State, g: u32, last: Option<P::Move>, bound: u32) -> Self {
        IdaStar::with(problem, start, g, last, bound, false)
    }

    fn with(
        problem: P,
        start: P::State,
        start_g: u32,
        start_last: Option<P::Move>,
        bound: u32,
        rounds: bool,
    ) -> Self {
        // A table only for problems whose states have keys.
        let memo = Memo::new(if problem.key(&start).is_some() {
            MEMO_ENTRIES
        } else {
            0
        });
        IdaStar {
            problem,
            start,
            start_g,
            start_last,
            rounds,
            bound,
            next_bound: u32::MAX,
            frames: Vec::new(),
            spare: Vec::new(),
            path: Vec::new(),
            memo,
            expanded: 0,
            fresh_round: true,
        }
    }

    /// How far the search has got: states expanded and the current bound.
    pub fn progress(&self) -> Progress {
        Progress {
            expanded: self.expanded,
            bound: self.bound,
        }
    }

    /// Searches for up to about `budget` expansions.
    pub fn run(&mut self, budget: u64) -> Step<P::Move> {
        let stop_at = self.expanded.saturating_add(budget.max(1));
        loop {
            if self.fresh_round {
                self.fresh_round = false;
                self.next_bound = u32::MAX;
                if let Some(step) = self.enter_start() {
                    return step;
                }
            }
            if self.frames.is_empty() {
                // The round is over without a goal.
                if !self.rounds || self.next_bound == u32::MAX {
                    return Step::Exhausted(self.next_bound);
                }
                self.bound = self.next_bound;
                self.fresh_round = true;
                // A new bound is news: let the caller report it.
                return Step::Running;
            }
            if self.expanded >= stop_at {
                return Step::Running;
            }
            let frame = self.frames.last_mut().expect("checked not empty");
            if frame.next < frame.children.len() {
                frame.next += 1;
                if let Some(step) = self.enter_child() {
                    return step;
                }
            } else {
                self.leave();
            }
        }
    }

    /// Visits the start of the round.
    fn enter_start(&mut self) -> Option<Step<P::Move>> {
        let g = self.start_g;
        match visit(&self.problem, &self.start, g, self.bound, &mut self.memo) {
            Verdict::Pruned(f) => {
                self.next_bound = self.next_bound.min(f);
                None
            }
            Verdict::Goal => Some(self.found(g)),
            Verdict::Open(memo_key) => {
                let mut children = self.spare.pop().unwrap_or_default();
                let start = &self.start;
                self.expand(start.clone(), g, self.start_last, memo_key, &mut children);
                None
            }
        }
    }

    /// Visits the child the top frame's `next` has just passed, reached by
    /// its move (pushed on `path` here).
    fn enter_child(&mut self) -> Option<Step<P::Move>> {
        let frame = self.frames.last().expect("a frame to enter from");
        let child = &frame.children[frame.next - 1];
        // 32-bit on purpose, unlike A*'s 64-bit sums: a frame is entered
        // only with g + h within the bound, so g stays below the bound plus
        // one move, and IDA* serves the sliding puzzles (unit moves, a few
        // hundred at most), where this is the innermost loop. A problem
        // whose paths could cost near 2^32 belongs with A*.
        let g = frame.g + child.cost;
        self.path.push(child.mv);
        match visit(&self.problem, &child.state, g, self.bound, &mut self.memo) {
            Verdict::Pruned(f) => {
                self.next_bound = self.next_bound.min(f);
                self.path.pop();
                None
            }
            Verdict::Goal => Some(self.found(g)),
            Verdict::Open(memo_key) => {
                let mut children = self.spare.pop().unwrap_or_default();
                children.clear();
                // Successors costing at least 1 exceed the bound if their
                // estimate exceeds what is left of it after that 1.
                let limit = self.bound.saturating_sub(g).saturating_sub(1);
                let mut excess = u32::MAX;
                self.problem.successors_within(
                    &child.state,
                    Some(child.mv),
                    limit,
                    &mut children,
                    &mut excess,
                );
                if excess != u32::MAX {
                    self.next_bound = self
                        .next_bound
                        .min(g.saturating_add(1).saturating_add(excess));
                }
                self.push_frame(children, g, memo_key);
                None
            }
        }
    }

    /// Expands `state` (the start) into a new frame.
    fn expand(
        &mut self,
        state: P::State,
        g: u32,
        last: Option<P::Move>,
        memo_key: Option<u64>,
        children: &mut Vec<Successor<P::State, P::Move>>,
    ) {
        children.clear();
        let limit = self.bound.saturating_sub(g).saturating_sub(1);
        let mut excess = u32::MAX;
        self.problem
            .successors_within(&state, last, limit, children, &mut excess);
        if excess != u32::MAX {
            self.next_bound = self
                .next_bound
                .min(g.saturating_add(1).saturating_add(excess));
        }
        self.push_frame(std::mem::take(children), g, memo_key);
    }

    fn push_frame(
        &mut self,
        children: Vec<Successor<P::State, P::Move>>,
        g: u32,
        memo_key: Option<u64>,
    ) {
        self.expanded += 1;
        self.frames.push(Frame {
            children,
            next: 0,
            g,
            memo_key,
            expanded_before: self.expanded,
        });
    }

    /// The goal reached at cost `g`: the path so far is the solution.
    fn found(&mut self, g: u32) -> Step<P::Move> {
        let solution = Solution {
            moves: std::mem::take(&mut self.path),
            cost: g - self.start_g,
            expanded: self.expanded,
        };
        self.frames.clear();
        Step::Found(solution)
    }

    /// Leaves the top frame, its subtree fully explored without a goal.
    fn leave(&mut self) {
        let frame = self.frames.pop().expect("a frame to leave");
        if let Some(key) = frame.memo_key {
            if self.expanded - frame.expanded_before >= MEMO_MIN_SUBTREE {
                self.memo.put(key, self.bound, frame.g);
            }
        }
        self.spare.push(frame.children);
        self.path.pop();
    }
}
