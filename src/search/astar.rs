//! A* and weighted best-first search with a closed set (Hart, Nilsson and
//! Raphael, 1968; Pohl, 1970).

use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};
use std::hash::Hash;

use super::trace::Trace;
use super::{
    Meter, Monitor, Outcome, Problem, Progress, Solution, Step, Successor, CHECK_INTERVAL, DEAD_END,
};

/// Finds an optimal path from `start` to a goal with A*, or `Ok(None)` if no
/// goal is reachable (the reachable state space must then be finite).
///
/// `problem.heuristic` must never overestimate the remaining cost, or the
/// solution may not be optimal. A state whose cost improves after it was
/// expanded is expanded again, so heuristics that are admissible but not
/// consistent still give optimal answers. Memory grows with every state met:
/// use [`super::idastar()`] where that is too much. [`BestFirst`] is the same
/// search run in slices.
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
    watched(problem, start, 1.0, monitor)
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
    watched(problem, start, weight, monitor)
}

/// Runs the search to its end in slices of [`CHECK_INTERVAL`] expansions,
/// showing `monitor` the progress after each: the same reports, at the same
/// counts, as searches that count with a [`Meter`]. The problem is passed to
/// each slice as it came, rather than through a [`BestFirst`] of `&P`,
/// which would reach it through one more reference in the inner loop.
fn watched<P, M>(problem: &P, start: P::State, weight: f64, monitor: &mut M) -> Outcome<P::Move>
where
    P: Problem,
    P::State: Eq + Hash,
    M: Monitor + ?Sized,
{
    let mut search = Search::new(problem, start, weight, Scratch::default());
    let mut meter = Meter::new(monitor);
    loop {
        let step = search.run(problem, CHECK_INTERVAL);
        meter.progress = search.progress();
        match step {
            Step::Running => meter.report()?,
            Step::Found(solution) => return Ok(Some(solution)),
            Step::Exhausted(_) => return Ok(None),
        }
    }
}

/// Fixed-point scale of f values, so weights like 1.5 order exactly.
const F_SCALE: u64 = 256;

/// A state met by the search.
///
/// Costs are added in 64 bits: a path of up to 2^32 records (the most
/// `parent` can number) of moves up to `u32::MAX` each sums to less than
/// 2^64, so g never wraps, however large the moves' costs are.
struct Record<S, M> {
    state: S,
    parent: u32,
    mv: Option<M>,
    g: u64,
    h: u32,
    /// Whether the state was expanded at its current g: a flag rather than
    /// a g value set aside to mean "never", which some path could cost.
    /// Cleared when a cheaper way to the state is found.
    expanded: bool,
}

const NO_PARENT: u32 = u32::MAX;

/// A* or weighted best-first search (as [`astar()`] and
/// [`weighted_astar()`]) that runs in slices: [`BestFirst::run`] stops
/// after a number of expansions and the next call carries on where it
/// stopped, so that a browser worker can read its messages between slices.
/// However the search is sliced, it expands the same states in the same
/// order and finds the same solution. It owns its problem; pass `&problem`
/// to search a borrowed one.
pub struct BestFirst<P: Problem> {
    problem: P,
    search: Search<P::State, P::Move>,
}

impl<P> BestFirst<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    /// A search from `start` on f = g + `weight` * h: A* for a weight of 1
    /// (optimal with a heuristic that never overestimates), weighted
    /// best-first above (at most `weight` times the optimum, states never
    /// reopened).
    ///
    /// # Panics
    /// If `weight` is below 1 or not finite.
    pub fn new(problem: P, start: P::State, weight: f64) -> Self {
        Self::with_scratch(problem, start, weight, Scratch::default())
    }

    /// [`BestFirst::new`] in the arrays of an earlier search (see
    /// [`BestFirst::into_scratch`]): the same search, the same answer, but
    /// the arrays are not made again. A problem that numbers its states
    /// densely gets an array over all of them; made afresh for each search,
    /// it costs in proportion to the space (a megabyte for a 512 x 512 map)
    /// however few states the search meets.
    ///
    /// # Panics
    /// If `weight` is below 1 or not finite.
    pub fn with_scratch(
        problem: P,
        start: P::State,
        weight: f64,
        scratch: Scratch<P::State, P::Move>,
    ) -> Self {
        let search = Search::new(&problem, start, weight, scratch);
        BestFirst { problem, search }
    }

    /// The search's arrays, emptied but keeping their room, for
    /// [`BestFirst::with_scratch`].
    pub fn into_scratch(self) -> Scratch<P::State, P::Move> {
        let Search {
            records,
            index,
            open,
            children,
            ..
        } = self.search;
        Scratch {
            records,
            index,
            open,
            children,
        }
    }

    /// Greedy best-first search from `start`: the open list ordered by h
    /// alone (ties to the state met last), states never reopened.
    /// Fast towards a goal, with no bound on the path's cost.
    pub fn greedy(problem: P, start: P::State) -> Self {
        let mut search = Search::new(&problem, start, 1.0, Scratch::default());
        search.greedy = true;
        search.reopen = false;
        // The start's entry, pushed under A*'s key, is keyed again.
        if let Some(entry) = search.open.pop() {
            let (_, h, id) = unpack(entry);
            search.open.push(entry_of(u64::from(h), h, id));
        }
        BestFirst { problem, search }
    }

    /// The same search, recording what it does (see [`Trace`]): the
    /// states it expands, in order, with their g, and the states each
    /// expansion opens or improves, with their g and h, all by their
    /// [`Problem::dense_index`] (see [`BestFirst::take_trace`]). A problem
    /// without [`Problem::dense_states`] (or with more than `u32::MAX` of
    /// them) has no such numbers: nothing is then recorded. Call it before
    /// the first slice, so that the record begins with the start.
    pub fn with_trace(mut self) -> Self {
        let numbered = self
            .problem
            .dense_states()
            .is_some_and(|count| u32::try_from(count).is_ok());
        if numbered {
            let mut trace = Trace::default();
            // The start, opened before any expansion (a start that is a
            // dead end has no record).
            if let Some(start) = self.search.records.first() {
                trace.open(
                    self.problem.dense_index(&start.state) as u32,
                    start.g as f32,
                    start.h as f32,
                );
            }
            self.search.trace = Some(trace);
        }
        self
    }

    /// What the search did since the trace was switched on (or last
    /// taken): each expansion's state and g, in order (a state expanded
    /// again, when a cheaper way to it turns up, appears again), and what
    /// each opened or improved. Recording goes on. `None` if the search
    /// records no trace.
    pub fn take_trace(&mut self) -> Option<Trace> {
        self.search.trace.as_mut().map(std::mem::take)
    }

    /// The problem searched.
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// How far the search has got: states expanded, and the f of the last
    /// state taken off the open list (in the problem's cost units, h
    /// weighted).
    pub fn progress(&self) -> Progress {
        self.search.progress()
    }

    /// Searches for up to about `budget` more expansions (at least one):
    /// `Found` with the path to a goal, `Exhausted(u32::MAX)` if no goal
    /// can be reached, else `Running` (call again to go on). Once it has
    /// returned `Found` or `Exhausted`, the search is over and later calls
    /// return `Exhausted(u32::MAX)`.
    pub fn run(&mut self, budget: u64) -> Step<P::Move> {
        self.search.run(&self.problem, budget)
    }
}

/// The arrays of a finished [`BestFirst`], to be reused by the next search
/// (of the same kind of state) so that it pays for the states it meets
/// rather than for the size of the space. Holds no answer: a search made
/// with it is the same as one made without.
pub struct Scratch<S, M> {
    records: Vec<Record<S, M>>,
    index: Index<S>,
    open: BinaryHeap<u128>,
    children: Vec<Successor<S, M>>,
}

impl<S, M> Default for Scratch<S, M> {
    /// Empty arrays, made to measure by the first search.
    fn default() -> Self {
        Scratch {
            records: Vec::new(),
            index: Index::Dense(Vec::new()),
            open: BinaryHeap::new(),
            children: Vec::new(),
        }
    }
}

/// What a best-first search keeps between slices: everything but the
/// problem, which each slice is given.
struct Search<S, M> {
    /// The weight of h in f, times [`F_SCALE`].
    weight_scaled: u64,
    /// Whether a state whose cost improves after its expansion is expanded
    /// again: for A* (weight 1), not for weighted or greedy searches.
    reopen: bool,
    /// Whether the open list is ordered by h alone (g ignored).
    greedy: bool,
    records: Vec<Record<S, M>>,
    index: Index<S>,
    /// Max-heap on (lowest f, then lowest h, which among equal f is the
    /// highest g: deeper states first on ties), then the record, packed in
    /// one integer by [`entry_of`] so that each comparison is one rather
    /// than three fields' in turn. An entry is 16 bytes: g, now 64 bits, is
    /// read from the record, and the f an entry carries tells whether it
    /// was pushed for the record's current g (h is fixed per record, so f
    /// fixes g).
    open: BinaryHeap<u128>,
    /// The successors of the state being expanded, kept for the buffer.
    children: Vec<Successor<S, M>>,
    expanded: u64,
    /// The f of the last state taken off the open list.
    bound: u32,
    /// What the search did, by dense index, when recorded.
    trace: Option<Trace>,
}

impl<S: Clone + Eq + Hash, M: Copy> Search<S, M> {
    /// See [`BestFirst::new`].
    fn new<P: Problem<State = S, Move = M>>(
        problem: &P,
        start: S,
        weight: f64,
        scratch: Scratch<S, M>,
    ) -> Self {
        assert!(
            weight.is_finite() && weight >= 1.0,
            "weight must be at least 1"
        );
        let weight_scaled = (weight * F_SCALE as f64).round() as u64;
        let Scratch {
            mut records,
            mut index,
            mut open,
            mut children,
        } = scratch;
        // Emptied, not freed. The index needs no clearing: an entry counts
        // only if it names a record of the same state (see `Index`).
        records.clear();
        open.clear();
        children.clear();
        index.reset(problem);
        let mut search = Search {
            weight_scaled,
            reopen: weight_scaled == F_SCALE,
            greedy: false,
            records,
            index,
            open,
            children,
            expanded: 0,
            bound: 0,
            trace: None,
        };
        let h = problem.heuristic(&start);
        // A start from which no goal can be reached leaves the open list
        // empty: the first slice reports the search exhausted.
        if h != DEAD_END {
            search
                .index
                .find_or_add(problem, &mut search.records, start, |records, start| {
                    records.push(Record {
                        state: start.clone(),
                        parent: NO_PARENT,
                        mv: None,
                        g: 0,
                        h,
                        expanded: false,
                    });
                    Some(0)
                });
            let f = f_key(weight_scaled, 0, h);
            search.open.push(entry_of(f, h, 0));
        }
        search
    }

    /// See [`BestFirst::progress`].
    fn progress(&self) -> Progress {
        Progress {
            expanded: self.expanded,
            bound: self.bound,
        }
    }

    /// See [`BestFirst::run`]; `problem` must be the one the search began
    /// with.
    fn run<P>(&mut self, problem: &P, budget: u64) -> Step<M>
    where
        P: Problem<State = S, Move = M> + ?Sized,
    {
        // The order is chosen once a slice, so the inner loop has no test
        // for it.
        if self.greedy {
            self.run_keyed::<P, true>(problem, budget)
        } else {
            self.run_keyed::<P, false>(problem, budget)
        }
    }

    /// [`Search::run`] with the open list keyed greedily (h alone) or on f.
    fn run_keyed<P, const GREEDY: bool>(&mut self, problem: &P, budget: u64) -> Step<M>
    where
        P: Problem<State = S, Move = M> + ?Sized,
    {
        let stop_at = self.expanded.saturating_add(budget.max(1));
        let weight_scaled = self.weight_scaled;
        // The working state moves into locals for the slice and back at its
        // end. Locals whose addresses never reach the problem's methods stay
        // in registers; fields of `self` would be reloaded after every call
        // into the problem (measured: a few percent more instructions).
        let reopen = self.reopen;
        let mut records = std::mem::take(&mut self.records);
        let mut index = std::mem::replace(&mut self.index, Index::Dense(Vec::new()));
        let mut open = std::mem::take(&mut self.open);
        let mut children = std::mem::take(&mut self.children);
        let mut trace = self.trace.take();
        let mut expanded = self.expanded;
        let mut bound = self.bound;
        // The best entry pushed since the last pop, kept off the heap: the
        // open list is the heap and it. An expansion's best child is often
        // the next state taken (f unchanged, h lower: ahead of every entry
        // on the heap), and is then taken without a trip through the heap.
        // The order states are taken in is the heap's alone would give.
        let mut held: Option<u128> = None;
        let step = loop {
            if expanded >= stop_at {
                break Step::Running;
            }
            let entry = match held.take() {
                Some(best) => match open.peek_mut() {
                    // One sift down, where a push and a pop would take two.
                    Some(mut top) if *top > best => std::mem::replace(&mut *top, best),
                    _ => best,
                },
                None => match open.pop() {
                    Some(entry) => entry,
                    None => break Step::Exhausted(u32::MAX),
                },
            };
            let (f, _, id) = unpack(entry);
            let record = &records[id as usize];
            let g = record.g;
            // A state may sit on the heap several times; only the entry
            // pushed for its best g is live, until the state is expanded.
            // (Were two keys saturated alike, an older entry might pass for
            // the live one: it is then expanded at the best g all the same,
            // and the live one is skipped.)
            if f != key::<GREEDY>(weight_scaled, g, record.h) || record.expanded {
                continue;
            }
            bound = u32::try_from(f / F_SCALE).unwrap_or(u32::MAX);
            if problem.is_goal(&record.state) {
                // Nothing is left to search once the goal is found.
                open.clear();
                held = None;
                break Step::Found(Solution {
                    moves: path_to(&records, id),
                    cost: u32::try_from(g).unwrap_or(u32::MAX),
                    expanded,
                });
            }
            expanded += 1;
            let record = &mut records[id as usize];
            record.expanded = true;
            let state = record.state.clone();
            let last = record.mv;
            if let Some(trace) = &mut trace {
                trace.expand(problem.dense_index(&state) as u32, g as f32);
            }
            children.clear();
            problem.successors(&state, last, &mut children);
            for child in children.drain(..) {
                let child_g = g + u64::from(child.cost);
                let met =
                    index.find_or_add(problem, &mut records, child.state, |records, state| {
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
                            expanded: false,
                        });
                        hold(
                            &mut open,
                            &mut held,
                            entry_of(key::<GREEDY>(weight_scaled, child_g, h), h, child_id),
                        );
                        if let Some(trace) = &mut trace {
                            trace.open(problem.dense_index(state) as u32, child_g as f32, h as f32);
                        }
                        Some(child_id)
                    });
                if let Some(child_id) = met {
                    let known = &mut records[child_id as usize];
                    let improves = child_g < known.g;
                    // Weighted searches never reopen: the flag, once set,
                    // stays set for them.
                    let may_update = !known.expanded || reopen;
                    if improves && may_update {
                        known.g = child_g;
                        known.expanded = false;
                        known.parent = id;
                        known.mv = Some(child.mv);
                        hold(
                            &mut open,
                            &mut held,
                            entry_of(
                                key::<GREEDY>(weight_scaled, child_g, known.h),
                                known.h,
                                child_id,
                            ),
                        );
                        if let Some(trace) = &mut trace {
                            trace.open(
                                problem.dense_index(&known.state) as u32,
                                child_g as f32,
                                known.h as f32,
                            );
                        }
                    }
                }
            }
        };
        // Between slices the heap holds the whole open list.
        open.extend(held);
        self.records = records;
        self.index = index;
        self.open = open;
        self.children = children;
        self.trace = trace;
        self.expanded = expanded;
        self.bound = bound;
        step
    }
}

/// Adds `entry` to the open list of [`Search::run_keyed`]: the heap
/// `open` and the one entry `held` beside it, which stays the best of the
/// entries added since the last one was taken.
#[inline]
fn hold(open: &mut BinaryHeap<u128>, held: &mut Option<u128>, entry: u128) {
    match held {
        Some(best) if *best >= entry => open.push(entry),
        _ => {
            if let Some(best) = held.replace(entry) {
                open.push(best);
            }
        }
    }
}

/// An open list entry: key (f, or h when greedy), h and record in one
/// integer that orders as the tuple `(Reverse(key), Reverse(h), id)`
/// would: the lowest key first, then the lowest h, then the highest id.
#[inline]
fn entry_of(key: u64, h: u32, id: u32) -> u128 {
    u128::from(!key) << 64 | u128::from(!h) << 32 | u128::from(id)
}

/// The key, h and record of an [`entry_of`].
#[inline]
fn unpack(entry: u128) -> (u64, u32, u32) {
    (
        !((entry >> 64) as u64),
        !((entry >> 32) as u32),
        entry as u32,
    )
}

/// The key of [`Search::run_keyed`]: [`f_key`], or h alone for a greedy
/// search.
#[inline]
fn key<const GREEDY: bool>(weight_scaled: u64, g: u64, h: u32) -> u64 {
    if GREEDY {
        u64::from(h)
    } else {
        f_key(weight_scaled, g, h)
    }
}

/// The key the open list orders states by: f = g + weight * h, in
/// fixed point (`weight_scaled` is the weight times [`F_SCALE`]).
/// Saturating rather than wrapping: keys beyond 2^64 (f beyond 2^56 units,
/// far past any map within the route limits) tie instead of coming first.
#[inline]
fn f_key(weight_scaled: u64, g: u64, h: u32) -> u64 {
    g.saturating_mul(F_SCALE)
        .saturating_add(u64::from(h).saturating_mul(weight_scaled))
}

/// Where each state met is among the records: a hash table, or a plain
/// array for problems that number their states densely.
enum Index<S> {
    Hashed(HashMap<S, u32>),
    /// A record number for each state, which counts only if that record
    /// holds the same state (a sparse set): so that the array, left as an
    /// earlier search filled it, serves the next without being cleared.
    /// Made full of `u32::MAX`, which names no record.
    Dense(Vec<u32>),
}

impl<S: Eq + Hash> Index<S> {
    /// Made ready for a new search of `problem`: an array over its states
    /// (kept, uncleared, if it already has the size) or an empty table.
    fn reset<P: Problem<State = S>>(&mut self, problem: &P) {
        match (problem.dense_states(), &mut *self) {
            (Some(count), Index::Dense(ids)) if ids.len() == count => {}
            (Some(count), _) => *self = Index::Dense(vec![u32::MAX; count]),
            (None, Index::Hashed(map)) => map.clear(),
            (None, _) => *self = Index::Hashed(HashMap::new()),
        }
    }

    /// The record of `state` if it was met before; else `add` makes one
    /// (or none, for a dead end), pushed onto `records`, and `None`.
    #[inline]
    fn find_or_add<P: Problem<State = S> + ?Sized, M>(
        &mut self,
        problem: &P,
        records: &mut Vec<Record<S, M>>,
        state: S,
        add: impl FnOnce(&mut Vec<Record<S, M>>, &S) -> Option<u32>,
    ) -> Option<u32> {
        match self {
            Index::Hashed(map) => match map.entry(state) {
                Entry::Occupied(entry) => Some(*entry.get()),
                Entry::Vacant(entry) => {
                    if let Some(id) = add(records, entry.key()) {
                        entry.insert(id);
                    }
                    None
                }
            },
            Index::Dense(ids) => {
                let slot = problem.dense_index(&state);
                let id = ids[slot];
                // A stale number (from an earlier search, or for a record
                // of another state) names no record or one of another state.
                match records.get(id as usize) {
                    Some(record) if record.state == state => Some(id),
                    _ => {
                        if let Some(id) = add(records, &state) {
                            ids[slot] = id;
                        }
                        None
                    }
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
