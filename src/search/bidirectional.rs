//! Bidirectional A* (Pohl, 1971): one A* from the start towards the goal
//! and one from the goal back towards the start, each on its own estimate,
//! taking turns, meeting in the middle.
//!
//! Stopping rule: let μ be the cheapest path found so far through a state
//! both searches have met. While one search has an open state of f below
//! μ, a cheaper path may still pass through it; once the smallest f on
//! either open list is at least μ, that search alone (an A* with an
//! estimate that never overestimates) could prove nothing cheaper exists,
//! so μ is optimal. Meeting the other search's frontier is not enough to
//! stop: the first meeting is often not the cheapest.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::trace::Trace;
use super::{Problem, Progress, Successor};

/// A path found by [`Bidirectional`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeetingPath<S> {
    /// The states from the start to the goal, both included.
    pub states: Vec<S>,
    /// The sum of the steps' costs.
    pub cost: u64,
    /// States expanded by both searches together.
    pub expanded: u64,
}

/// Where a [`Bidirectional`] search stands after a slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MeetingStep<S> {
    /// Not over: call [`Bidirectional::run`] again.
    Running,
    /// The cheapest path (with estimates that never overestimate, at
    /// weight 1).
    Found(MeetingPath<S>),
    /// No path joins the start and the goal.
    Exhausted,
}

/// Fixed-point scale of f values, so weights like 1.5 order exactly.
const F_SCALE: u64 = 256;
const NONE: u32 = u32::MAX;

struct Record<S> {
    state: S,
    parent: u32,
    g: u64,
    h: u32,
    expanded: bool,
}

/// One of the two searches.
struct Side<P: Problem> {
    problem: P,
    records: Vec<Record<P::State>>,
    /// The record of each state by its dense index; `NONE` if not met.
    ids: Vec<u32>,
    open: BinaryHeap<(Reverse<u64>, Reverse<u32>, u32)>,
    children: Vec<Successor<P::State, P::Move>>,
}

impl<P: Problem> Side<P> {
    fn new(problem: P, start: P::State, weight_scaled: u64) -> Self {
        let count = problem
            .dense_states()
            .expect("a bidirectional search's problems number their states");
        let mut side = Side {
            problem,
            records: Vec::new(),
            ids: vec![NONE; count],
            open: BinaryHeap::new(),
            children: Vec::new(),
        };
        let h = side.problem.heuristic(&start);
        side.ids[side.problem.dense_index(&start)] = 0;
        side.records.push(Record {
            state: start,
            parent: NONE,
            g: 0,
            h,
            expanded: false,
        });
        side.open
            .push((Reverse(f_key(weight_scaled, 0, h)), Reverse(h), 0));
        side
    }

    /// The f of the best live open entry (stale ones dropped), if any.
    fn top(&mut self, weight_scaled: u64) -> Option<u64> {
        while let Some(&(Reverse(f), _, id)) = self.open.peek() {
            let record = &self.records[id as usize];
            if record.expanded || f != f_key(weight_scaled, record.g, record.h) {
                self.open.pop();
            } else {
                return Some(f);
            }
        }
        None
    }

    /// The dense index of this side's start, and its h.
    fn start(&self) -> (u32, f32) {
        let start = &self.records[0];
        (
            self.problem.dense_index(&start.state) as u32,
            start.h as f32,
        )
    }

    /// The g of the state with dense index `slot`, if met.
    fn g_at(&self, slot: usize) -> Option<u64> {
        match self.ids[slot] {
            NONE => None,
            id => Some(self.records[id as usize].g),
        }
    }

    /// The states from this side's start to record `id`'s state.
    fn path_to(&self, mut id: u32) -> Vec<P::State> {
        let mut states = Vec::new();
        while id != NONE {
            states.push(self.records[id as usize].state.clone());
            id = self.records[id as usize].parent;
        }
        states.reverse();
        states
    }
}

/// Bidirectional A* run in slices, as [`super::BestFirst`] is: `forward`
/// searches from `start`, `backward` from `goal` over the steps taken
/// backwards (its successors are the forward problem's predecessors, with
/// the same costs; on a map whose steps go both ways, the same problem
/// aimed at the start). Both must number their states densely
/// ([`Problem::dense_states`]); their goal tests are not used.
pub struct Bidirectional<P: Problem, Q: Problem<State = P::State>> {
    forward: Side<P>,
    backward: Side<Q>,
    weight_scaled: u64,
    reopen: bool,
    /// μ: the cheapest path found through a state both sides met, and
    /// that state's records on each side.
    best: Option<(u64, u32, u32)>,
    expanded: u64,
    bound: u32,
    /// What both sides did, by dense index, when recorded: each side's g
    /// and h are its own (from its end, towards the other).
    trace: Option<Trace>,
    over: bool,
}

impl<P, Q> Bidirectional<P, Q>
where
    P: Problem,
    Q: Problem<State = P::State>,
{
    /// A search from `start` to `goal` on f = g + `weight` * h on each
    /// side: the cheapest path at weight 1 with estimates that never
    /// overestimate.
    ///
    /// # Panics
    /// If `weight` is below 1 or not finite, or a problem does not number
    /// its states.
    pub fn new(forward: P, backward: Q, start: P::State, goal: P::State, weight: f64) -> Self {
        assert!(
            weight.is_finite() && weight >= 1.0,
            "weight must be at least 1"
        );
        let weight_scaled = (weight * F_SCALE as f64).round() as u64;
        let forward = Side::new(forward, start, weight_scaled);
        let backward = Side::new(backward, goal, weight_scaled);
        let mut search = Bidirectional {
            forward,
            backward,
            weight_scaled,
            reopen: weight_scaled == F_SCALE,
            best: None,
            expanded: 0,
            bound: 0,
            trace: None,
            over: false,
        };
        let start_slot = search
            .forward
            .problem
            .dense_index(&search.forward.records[0].state);
        if search.backward.g_at(start_slot).is_some() {
            search.best = Some((0, 0, 0));
        }
        search
    }

    /// The same search, recording what it does (see [`Trace`]): the
    /// states both sides expand, in order, and those each expansion opens
    /// or improves, by their dense index, with the g and h of the side
    /// that met them (the backward side's g is the cost from the goal);
    /// marked [`Trace::two_sided`], so that a place either side closed
    /// shows closed.
    /// Call it before the first slice, so that the record begins with the
    /// two ends.
    pub fn with_trace(mut self) -> Self {
        let mut trace = Trace {
            two_sided: true,
            ..Trace::default()
        };
        for (slot, h) in [self.forward.start(), self.backward.start()] {
            trace.open(slot, 0.0, h);
        }
        self.trace = Some(trace);
        self
    }

    /// What the search did since the trace was switched on or last taken.
    pub fn take_trace(&mut self) -> Option<Trace> {
        self.trace.as_mut().map(std::mem::take)
    }

    /// States expanded so far, and the smaller f at the tops of the open
    /// lists last seen.
    pub fn progress(&self) -> Progress {
        Progress {
            expanded: self.expanded,
            bound: self.bound,
        }
    }

    /// Searches for up to about `budget` more expansions (at least one).
    /// Once it has returned `Found` or `Exhausted`, later calls return
    /// `Exhausted`.
    pub fn run(&mut self, budget: u64) -> MeetingStep<P::State> {
        if self.over {
            return MeetingStep::Exhausted;
        }
        let stop_at = self.expanded.saturating_add(budget.max(1));
        let weight_scaled = self.weight_scaled;
        loop {
            let top_forward = self.forward.top(weight_scaled);
            let top_backward = self.backward.top(weight_scaled);
            let (Some(f_forward), Some(f_backward)) = (top_forward, top_backward) else {
                // One side has met everything it can reach.
                break self.finish();
            };
            self.bound = u32::try_from(f_forward.min(f_backward) / F_SCALE).unwrap_or(u32::MAX);
            if let Some((mu, _, _)) = self.best {
                let mu = mu.saturating_mul(F_SCALE);
                if f_forward >= mu || f_backward >= mu {
                    break self.finish();
                }
            }
            if self.expanded >= stop_at {
                return MeetingStep::Running;
            }
            self.expanded += 1;
            // The side with fewer open entries goes: it is the cheaper
            // frontier to grow (Pohl's cardinality rule).
            if self.forward.open.len() <= self.backward.open.len() {
                let met = expand(
                    &mut self.forward,
                    &self.backward,
                    weight_scaled,
                    self.reopen,
                    &mut self.trace,
                );
                self.meet(met, false);
            } else {
                let met = expand(
                    &mut self.backward,
                    &self.forward,
                    weight_scaled,
                    self.reopen,
                    &mut self.trace,
                );
                self.meet(met, true);
            }
        }
    }

    /// Takes a meeting found by an expansion (cost, this side's record,
    /// the other side's) if it beats μ.
    fn meet(&mut self, met: Option<(u64, u32, u32)>, backward: bool) {
        if let Some((cost, here, there)) = met {
            if self.best.is_none_or(|(mu, _, _)| cost < mu) {
                self.best = Some(if backward {
                    (cost, there, here)
                } else {
                    (cost, here, there)
                });
            }
        }
    }

    fn finish(&mut self) -> MeetingStep<P::State> {
        self.over = true;
        let Some((cost, forward_id, backward_id)) = self.best else {
            return MeetingStep::Exhausted;
        };
        let mut states = self.forward.path_to(forward_id);
        let mut back = self.backward.path_to(backward_id);
        back.pop();
        states.extend(back.into_iter().rev());
        MeetingStep::Found(MeetingPath {
            states,
            cost,
            expanded: self.expanded,
        })
    }
}

/// Expands the best open state of `side`; returns the cheapest meeting
/// with `other` it made: (path cost, the record here, the record there).
fn expand<P, Q>(
    side: &mut Side<P>,
    other: &Side<Q>,
    weight_scaled: u64,
    reopen: bool,
    trace: &mut Option<Trace>,
) -> Option<(u64, u32, u32)>
where
    P: Problem,
    Q: Problem<State = P::State>,
{
    let (_, _, id) = side.open.pop().expect("the caller saw a live entry");
    let record = &mut side.records[id as usize];
    record.expanded = true;
    let g = record.g;
    let state = record.state.clone();
    if let Some(trace) = trace.as_mut() {
        trace.expand(side.problem.dense_index(&state) as u32, g as f32);
    }
    let mut children = std::mem::take(&mut side.children);
    children.clear();
    side.problem.successors(&state, None, &mut children);
    let mut met: Option<(u64, u32, u32)> = None;
    for child in children.drain(..) {
        let child_g = g + u64::from(child.cost);
        let slot = side.problem.dense_index(&child.state);
        let child_id = match side.ids[slot] {
            NONE => {
                let h = side.problem.heuristic(&child.state);
                let child_id = side.records.len() as u32;
                side.ids[slot] = child_id;
                side.records.push(Record {
                    state: child.state,
                    parent: id,
                    g: child_g,
                    h,
                    expanded: false,
                });
                side.open.push((
                    Reverse(f_key(weight_scaled, child_g, h)),
                    Reverse(h),
                    child_id,
                ));
                if let Some(trace) = trace.as_mut() {
                    trace.open(slot as u32, child_g as f32, h as f32);
                }
                child_id
            }
            known_id => {
                let known = &mut side.records[known_id as usize];
                if child_g < known.g && (!known.expanded || reopen) {
                    known.g = child_g;
                    known.parent = id;
                    known.expanded = false;
                    side.open.push((
                        Reverse(f_key(weight_scaled, child_g, known.h)),
                        Reverse(known.h),
                        known_id,
                    ));
                    if let Some(trace) = trace.as_mut() {
                        trace.open(slot as u32, child_g as f32, known.h as f32);
                    }
                }
                known_id
            }
        };
        if let Some(there) = other.ids.get(slot).copied().filter(|&t| t != NONE) {
            let cost = side.records[child_id as usize].g + other.records[there as usize].g;
            if met.is_none_or(|(best, _, _)| cost < best) {
                met = Some((cost, child_id, there));
            }
        }
    }
    side.children = children;
    met
}

#[inline]
fn f_key(weight_scaled: u64, g: u64, h: u32) -> u64 {
    g.saturating_mul(F_SCALE)
        .saturating_add(u64::from(h).saturating_mul(weight_scaled))
}
