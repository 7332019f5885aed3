//! Beam search: breadth-first by layers, keeping only the `width` most
//! promising states of each (lowest heuristic first, then the problem's
//! [`Problem::tie_break`]), and every state ever
//! kept remembered, so none is kept twice. Of the states of one layer that
//! share a key (a key may leave part of a state out, as a large board's
//! stages leave out the tiles they do not bring home), the best estimated
//! one is the candidate.
//!
//! Not optimal, and not complete either (the beam may lose every path to a
//! goal), but its time and memory grow with `width` times the solution's
//! length, and a wider beam finds shorter solutions: the way to near-optimal
//! answers on puzzles far too large for an optimal search. Like
//! [`super::IdaStar`], it runs in slices ([`Beam::run`]), so a browser's
//! worker reads its messages between two.

use super::{Problem, Progress, Solution, Step, Successor, DEAD_END};

/// The start's place in a layer (it is in no layer's states).
const ROOT: u32 = u32::MAX;

/// A candidate for the next layer: its estimate and key (the order), where
/// its state is in `next_states`, and what led to it. Small, so that picking
/// the best moves little memory.
struct Candidate<M> {
    /// The estimate, the tie-break and the key, in one number (high bits
    /// first): one comparison orders two candidates.
    order: u128,
    index: u32,
    parent: u32,
    mv: M,
}

impl<M> Candidate<M> {
    /// The state's key.
    fn key(&self) -> u64 {
        self.order as u64
    }
}

/// A beam search in progress.
pub struct Beam<P: Problem, K: Fn(&P::State) -> u64> {
    problem: P,
    key: K,
    width: usize,
    /// The start, kept so that a path can be rebuilt back to it.
    start: P::State,
    /// The current layer: where each state is in `layer_states` ([`ROOT`]
    /// for the start), and its node.
    layer: Vec<(u32, u32)>,
    /// The states the current layer was chosen from (the previous layer's
    /// successors): the chosen ones are not copied out.
    layer_states: Vec<Successor<P::State, P::Move>>,
    /// Where in `layer` the expansion of the next layer has got.
    cursor: usize,
    /// The next layer's candidates so far.
    next: Vec<Candidate<P::Move>>,
    /// Every successor of the layer's states so far, as the problem made
    /// them (not copied again: states can be large), the candidates' and
    /// the others.
    next_states: Vec<Successor<P::State, P::Move>>,
    /// Every kept state's parent node and the move from it (the root's
    /// move is never read). Reserved for a long search at the start, so
    /// that it is not copied as it grows (a browser's memory never shrinks).
    nodes: Vec<(u32, Option<P::Move>)>,
    /// Every state ever kept in a layer.
    kept: KeySet,
    /// The states generated for the next layer so far: each key's
    /// candidate in `next`.
    fresh: FreshMap,
    depth: u32,
    expanded: u64,
    /// The lowest estimate of any layer's states so far, and the layer
    /// that had it (u32::MAX before the first).
    record: (u32, u32),
    /// The best goal met in the layer being expanded: its rank, parent node
    /// and move.
    goal: Option<((u32, u32), u32, P::Move)>,
    done: bool,
}

impl<P: Problem, K: Fn(&P::State) -> u64> Beam<P, K> {
    /// A beam of `width` states from `start`; `key` names a state for
    /// duplicate detection (equal states must have equal keys; a rare
    /// collision only drops a state, never makes a path illegal).
    ///
    /// # Panics
    /// If `width` is 0.
    pub fn new(problem: P, start: P::State, width: usize, key: K) -> Self {
        assert!(width > 0, "a beam holds at least one state");
        let mut kept = KeySet::with_capacity(width * 96);
        kept.insert(key(&start));
        Beam {
            problem,
            key,
            width,
            start,
            layer: vec![(ROOT, 0)],
            // A state has at most 4 successors, and at most 3 but the
            // start's (the move back is never made).
            layer_states: Vec::with_capacity(width * 3 + 1),
            cursor: 0,
            next: Vec::with_capacity(width * 3),
            next_states: Vec::with_capacity(width * 3 + 1),
            nodes: {
                // Room for some 150 layers: most searches need fewer.
                let mut nodes = Vec::with_capacity(width * 150 + 1);
                nodes.push((0, None));
                nodes
            },
            kept,
            fresh: FreshMap::with_capacity(width * 3),
            depth: 0,
            expanded: 0,
            record: (u32::MAX, 0),
            goal: None,
            done: false,
        }
    }

    /// How far the search has got: states expanded and the layer reached.
    pub fn progress(&self) -> Progress {
        Progress {
            expanded: self.expanded,
            bound: self.depth,
        }
    }

    /// How many layers ago a layer's lowest estimate was last lower than
    /// every earlier layer's: a search whose layers stop getting lower is
    /// going round a plateau.
    pub fn stalled_for(&self) -> u32 {
        self.depth - self.record.1
    }

    /// The moves from the start to node `node`.
    fn path(&self, mut node: u32) -> Vec<P::Move> {
        let mut moves = Vec::with_capacity(self.depth as usize + 1);
        while node != 0 {
            let (parent, mv) = self.nodes[node as usize];
            moves.push(mv.expect("every node but the root has a move"));
            node = parent;
        }
        moves.reverse();
        moves
    }

    /// Searches for up to about `budget` expansions: `Found` with a path to
    /// a goal, `Exhausted` if the beam ran dry (every state of a layer
    /// without new successors), else `Running`.
    pub fn run(&mut self, budget: u64) -> Step<P::Move> {
        if self.done {
            return Step::Exhausted(u32::MAX);
        }
        if self.depth == 0 && self.cursor == 0 && self.problem.is_goal(&self.start) {
            self.done = true;
            return Step::Found(Solution {
                moves: Vec::new(),
                cost: 0,
                expanded: 0,
            });
        }
        let stop_at = self.expanded.saturating_add(budget.max(1));
        while self.expanded < stop_at {
            if self.cursor == self.layer.len() {
                if let Some((_, node, mv)) = self.goal.take() {
                    let mut moves = self.path(node);
                    moves.push(mv);
                    self.done = true;
                    let cost = moves.len() as u32;
                    return Step::Found(Solution {
                        moves,
                        cost,
                        expanded: self.expanded,
                    });
                }
                if self.next.is_empty() {
                    self.done = true;
                    return Step::Exhausted(u32::MAX);
                }
                self.advance();
                continue;
            }
            let (index, node) = self.layer[self.cursor];
            let state = if index == ROOT {
                &self.start
            } else {
                &self.layer_states[index as usize].state
            };
            self.cursor += 1;
            self.expanded += 1;
            let last = self.nodes[node as usize].1;
            let first = self.next_states.len();
            self.problem.successors(state, last, &mut self.next_states);
            for (offset, successor) in self.next_states[first..].iter().enumerate() {
                let h = self.problem.heuristic(&successor.state);
                if h == DEAD_END {
                    continue;
                }
                // Goals first (a key that collides with an earlier state's
                // must not hide one): of the goals the layer meets, all
                // equally far, the one with the best estimate and tie-break
                // (a problem whose goals differ, such as a stage's, says
                // which it prefers) is taken when the layer is done.
                if self.problem.is_goal(&successor.state) {
                    let rank = (h, self.problem.tie_break(&successor.state));
                    if self.goal.is_none_or(|(best, _, _)| rank < best) {
                        self.goal = Some((rank, node, successor.mv));
                    }
                    continue;
                }
                // States kept in earlier layers are weeded out when the layer
                // is chosen: looking them up only for the best candidates
                // spares most lookups in a large table.
                let key = (self.key)(&successor.state);
                let tie = self.problem.tie_break(&successor.state);
                let candidate = Candidate {
                    order: u128::from(h) << 96 | u128::from(tie) << 64 | u128::from(key),
                    index: (first + offset) as u32,
                    parent: node,
                    mv: successor.mv,
                };
                // Of two states with one key (equal as far as the key
                // tells: a stage's key leaves the other tiles out), the
                // better estimated one stands for both.
                match self.fresh.place(key, self.next.len() as u32) {
                    None => self.next.push(candidate),
                    Some(earlier) => {
                        let earlier = &mut self.next[earlier as usize];
                        if candidate.order < earlier.order {
                            *earlier = candidate;
                        }
                    }
                }
            }
        }
        Step::Running
    }

    /// Makes the best `width` candidates not kept before the next layer.
    fn advance(&mut self) {
        self.layer.clear();
        let mut lowest = u32::MAX;
        let mut start = 0;
        while self.layer.len() < self.width && start < self.next.len() {
            let need = self.width - self.layer.len();
            let rest = &mut self.next[start..];
            if rest.len() > need {
                rest.select_nth_unstable_by_key(need - 1, |candidate| candidate.order);
            }
            let end = start + need.min(rest.len());
            self.kept
                .warm(self.next[start..end].iter().map(Candidate::key));
            for candidate in &self.next[start..end] {
                if !self.kept.insert(candidate.key()) {
                    continue;
                }
                lowest = lowest.min((candidate.order >> 96) as u32);
                let node = self.nodes.len() as u32;
                self.nodes.push((candidate.parent, Some(candidate.mv)));
                self.layer.push((candidate.index, node));
            }
            start = end;
        }
        self.next.clear();
        std::mem::swap(&mut self.layer_states, &mut self.next_states);
        self.next_states.clear();
        self.fresh.clear();
        self.cursor = 0;
        self.depth += 1;
        if lowest < self.record.0 {
            self.record = (lowest, self.depth);
        }
    }
}

/// The keys of a layer's candidates, each with its candidate's place:
/// open addressing with linear probing on 32-bit fingerprints, as
/// [`KeySet`] (a rare false match only merges two states).
struct FreshMap {
    /// A fingerprint (0: empty) and its candidate's place.
    slots: Vec<(u32, u32)>,
    len: usize,
}

impl FreshMap {
    fn with_capacity(capacity: usize) -> FreshMap {
        FreshMap {
            slots: vec![(0, 0); (capacity * 4 / 3 + 1).next_power_of_two().max(16)],
            len: 0,
        }
    }

    /// Empties the map, keeping its room.
    fn clear(&mut self) {
        if self.len > 0 {
            self.slots.fill((0, 0));
            self.len = 0;
        }
    }

    /// Records `key` at `place`; if the key was there already, its place
    /// (and nothing is recorded).
    fn place(&mut self, key: u64, place: u32) -> Option<u32> {
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        self.put(KeySet::fingerprint(key), place)
    }

    fn put(&mut self, fingerprint: u32, place: u32) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut at = fingerprint as usize & mask;
        loop {
            match self.slots[at] {
                (0, _) => {
                    self.slots[at] = (fingerprint, place);
                    self.len += 1;
                    return None;
                }
                (f, earlier) if f == fingerprint => return Some(earlier),
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let doubled = vec![(0, 0); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.len = 0;
        for (fingerprint, place) in old.into_iter().filter(|&(f, _)| f != 0) {
            self.put(fingerprint, place);
        }
    }
}

/// A set of 64-bit keys, open addressing with linear probing, each stored
/// as a 32-bit fingerprint that also picks its slot: half the memory of
/// whole keys, at the price of a rare false "seen" (two keys with one
/// fingerprint), which only drops a state. 0 stands for an empty slot, so
/// the fingerprint 0 is stored as 1.
struct KeySet {
    slots: Vec<u32>,
    len: usize,
}

impl KeySet {
    fn with_capacity(capacity: usize) -> KeySet {
        KeySet {
            slots: vec![0; (capacity * 4 / 3 + 1).next_power_of_two().max(16)],
            len: 0,
        }
    }

    /// `key`'s fingerprint: its bits mixed (keys may be packed states, not
    /// hashes), never 0.
    fn fingerprint(key: u64) -> u32 {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as u32).max(1)
    }

    /// Adds `key`; false if it was there already.
    fn insert(&mut self, key: u64) -> bool {
        self.place(Self::fingerprint(key))
    }

    /// Reads the first slot of each of `keys`, about to be inserted. A
    /// large set's slots are far apart in memory: these reads do not wait
    /// on one another, so the processor overlaps them, where each insert's
    /// probe would wait for memory in turn.
    fn warm(&self, keys: impl Iterator<Item = u64>) {
        let mask = self.slots.len() - 1;
        let mut any = 0;
        for key in keys {
            any |= self.slots[Self::fingerprint(key) as usize & mask];
        }
        std::hint::black_box(any);
    }

    fn place(&mut self, fingerprint: u32) -> bool {
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = fingerprint as usize & mask;
        loop {
            match self.slots[at] {
                0 => {
                    self.slots[at] = fingerprint;
                    self.len += 1;
                    return true;
                }
                f if f == fingerprint => return false,
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.len = 0;
        for fingerprint in old.into_iter().filter(|&f| f != 0) {
            self.place(fingerprint);
        }
    }
}
