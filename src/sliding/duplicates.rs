//! Pruning duplicate paths on the 4x4 board (Taylor and Korf, 1993).
//!
//! Many different sequences of blank moves from one cell have the same
//! effect: six moves clockwise round a 2x2 block do what six anticlockwise
//! ones do, and twelve bring every tile back. A depth-first search that
//! follows all of them searches the same subtrees again and again; a
//! transposition table only catches the repeats near the root, where
//! subtrees are large enough to be worth remembering.
//!
//! Of the sequences of one length with one effect from one blank cell, only
//! the first in the order of the moves' letters (`u d l r`) needs searching;
//! the others are *forbidden*, and so is every sequence whose effect a shorter
//! one has. An optimal path never needs a forbidden piece: take the first of
//! the optimal paths to a goal in that order; if a piece of it were forbidden,
//! replacing the piece by the first sequence with its effect would give an
//! optimal path earlier still. So a depth-first search that never follows a
//! path with a forbidden piece still finds an optimal solution, provided
//! nothing else it prunes depends on the path (a transposition table keyed
//! by position alone would: see [`super::fifteen`]).
//!
//! [`Duplicates`] recognises every forbidden sequence of up to [`DEPTH`]
//! moves as it ends: an automaton (Aho and Corasick, 1975) reads the blank's
//! moves, and its state together with the blank's cell tells whether the
//! move just read completes one.

use std::collections::{HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

use super::moves::{neighbor_cell, Dir};

/// The longest forbidden sequences recognised. Measured on the 80-move
/// positions (see BENCHMARKS.md), 12 moves cut the states searched by a
/// quarter with an automaton of 8,764 states (157 KB) built in a fraction
/// of a second; 14 moves cut a further 5% but the automaton, four times
/// larger, no longer stays in the processor's cache and the search is
/// slower.
pub const DEPTH: usize = 12;

const SIDE: usize = 4;
const CELLS: usize = SIDE * SIDE;

/// The cell the blank reaches from `cell` by a move in direction `dir`
/// (numbered as [`Dir::index`]), if it stays on the board.
fn neighbor(cell: usize, dir: usize) -> Option<usize> {
    neighbor_cell(SIDE, SIDE, cell, Dir::ALL[dir])
}

/// The recogniser of forbidden move sequences on the 4x4 board.
///
/// Invariant: `next` and `ends` have one entry per state, and every
/// transition leads to a state.
#[derive(Clone, Debug)]
pub struct Duplicates {
    /// `next[state][dir]`: the state after reading a move in direction `dir`.
    next: Vec<[u32; 4]>,
    /// `ends[state]`: the blank cells (as bits) where arriving in `state`
    /// means the moves read end with a forbidden sequence.
    ends: Vec<u16>,
}

/// A sequence being extended while forbidden sequences are collected.
#[derive(Clone, Copy)]
struct Walk {
    start: u8,
    blank: u8,
    /// The moves, two bits each, the first in the lowest bits.
    moves: u64,
    /// What each cell holds, a nibble per cell, when cell `c` started out
    /// holding `c`: two sequences from one cell with equal effects move every
    /// tile alike, whatever the tiles are.
    effect: u64,
}

/// Hashes the builder's integer keys with one multiplication: SipHash, the
/// default, makes the build several times slower and its protection against
/// chosen keys is not needed here.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        // The product's low bits depend only on the key's low bits; the
        // table picks buckets with the low bits, so fold the high ones in.
        self.0 ^ self.0 >> 29
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(26) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type Mix = BuildHasherDefault<MixHasher>;

impl Duplicates {
    /// The state before any move is read.
    pub const START: u32 = 0;

    /// Finds every forbidden sequence of up to `depth` moves and builds
    /// their recogniser. Sequences are met breadth first, each length in the
    /// order of the moves, so the first met with an effect is the one kept.
    ///
    /// # Panics
    /// If `depth` is above 31 (the moves are packed in 64 bits).
    pub fn build(depth: usize) -> Duplicates {
        assert!(depth < 32, "at most 31 moves are packed in a u64");
        let identity: u64 = (0..CELLS as u64).fold(0, |e, c| e | c << (4 * c));
        // Effects already met, by start cell: every later sequence with one
        // of them is forbidden (longer, or later in the order).
        let mut seen: Vec<HashSet<u64, Mix>> = (0..CELLS)
            .map(|_| {
                let mut set = HashSet::default();
                set.insert(identity);
                set
            })
            .collect();
        let mut forbidden: Vec<(u8, u8, u64)> = Vec::new();
        let mut endings = Endings::default();
        let mut level: Vec<Walk> = (0..CELLS as u8)
            .map(|cell| Walk {
                start: cell,
                blank: cell,
                moves: 0,
                effect: identity,
            })
            .collect();
        for length in 1..=depth {
            let mut next_level = Vec::new();
            for walk in &level {
                let last = (length > 1).then(|| ((walk.moves >> (2 * (length - 2))) & 3) as usize);
                for dir in 0..4 {
                    if last == Some(Dir::ALL[dir].opposite().index()) {
                        continue;
                    }
                    let Some(to) = neighbor(usize::from(walk.blank), dir) else {
                        continue;
                    };
                    let moves = walk.moves | (dir as u64) << (2 * (length - 1));
                    // Its prefix was kept; a forbidden piece would end here.
                    if endings.is_forbidden_end(moves, length, to) {
                        continue;
                    }
                    let from = usize::from(walk.blank);
                    let (a, b) = (
                        (walk.effect >> (4 * from)) & 0xF,
                        (walk.effect >> (4 * to)) & 0xF,
                    );
                    let effect = walk.effect & !(0xF << (4 * from) | 0xF << (4 * to))
                        | a << (4 * to)
                        | b << (4 * from);
                    if seen[usize::from(walk.start)].insert(effect) {
                        // The longest sequences are not extended: memory.
                        if length < depth {
                            next_level.push(Walk {
                                start: walk.start,
                                blank: to as u8,
                                moves,
                                effect,
                            });
                        }
                    } else {
                        endings.insert(moves, length, to);
                        forbidden.push((walk.start, length as u8, moves));
                    }
                }
            }
            level = next_level;
        }
        Duplicates::recogniser(forbidden)
    }

    /// The Aho-Corasick automaton of the `forbidden` sequences (start cell,
    /// length, moves).
    fn recogniser(patterns: Vec<(u8, u8, u64)>) -> Duplicates {
        let mut next: Vec<[u32; 4]> = vec![[u32::MAX; 4]];
        let mut ends: Vec<u16> = vec![0];
        for (start, length, moves) in patterns {
            let mut state = 0;
            let mut cell = usize::from(start);
            for i in 0..usize::from(length) {
                let dir = ((moves >> (2 * i)) & 3) as usize;
                cell = neighbor(cell, dir).expect("forbidden sequences stay on the board");
                if next[state][dir] == u32::MAX {
                    next[state][dir] = next.len() as u32;
                    next.push([u32::MAX; 4]);
                    ends.push(0);
                }
                state = next[state][dir] as usize;
            }
            ends[state] |= 1 << cell;
        }
        // Breadth first: a state's fallback (the state of the longest proper
        // suffix of its moves that is a trie state) is shallower, so it is
        // complete when the state is reached.
        let mut fallback = vec![0u32; next.len()];
        let mut queue = VecDeque::new();
        for target in next[0].iter_mut() {
            match *target {
                u32::MAX => *target = 0,
                child => queue.push_back(child as usize),
            }
        }
        while let Some(state) = queue.pop_front() {
            let back = fallback[state] as usize;
            ends[state] |= ends[back];
            let back_next = next[back];
            for (target, &back_target) in next[state].iter_mut().zip(&back_next) {
                match *target {
                    u32::MAX => *target = back_target,
                    child => {
                        fallback[child as usize] = back_target;
                        queue.push_back(child as usize);
                    }
                }
            }
        }
        Duplicates { next, ends }
    }

    /// The number of states of the automaton.
    pub fn len(&self) -> usize {
        self.next.len()
    }

    /// Whether the automaton has no states (never: there is a start).
    pub fn is_empty(&self) -> bool {
        self.next.is_empty()
    }

    /// Reads a blank move in direction `dir` that takes the blank to `cell`,
    /// from `state` (a state this automaton returned, or [`Self::START`]):
    /// the next state, or `None` if the moves read now end with a forbidden
    /// sequence.
    #[inline(always)]
    pub fn step(&self, state: u32, dir: Dir, cell: usize) -> Option<u32> {
        let next = self.next[state as usize][dir.index()];
        if self.ends[next as usize] >> cell & 1 != 0 {
            None
        } else {
            Some(next)
        }
    }

    /// Whether `moves`, from a blank at `cell`, contain a forbidden sequence
    /// (or leave the board).
    pub fn is_forbidden(&self, cell: usize, moves: &[Dir]) -> bool {
        let (mut state, mut cell) = (Self::START, cell);
        for &dir in moves {
            let Some(to) = neighbor(cell, dir.index()) else {
                return true;
            };
            match self.step(state, dir, to) {
                Some(next) => (state, cell) = (next, to),
                None => return true,
            }
        }
        false
    }
}

/// The forbidden sequences found so far, read backwards from their last
/// move: a trie of reversed sequences, each node with the cells where the
/// blank ends after a forbidden sequence spelt by the path to it.
#[derive(Default)]
struct Endings {
    /// `children[node][dir]`, 0 for none (the root is never a child).
    children: Vec<[u32; 4]>,
    ends: Vec<u16>,
}

impl Endings {
    fn node(&mut self, node: usize, dir: usize) -> usize {
        if self.children.is_empty() {
            self.children.push([0; 4]);
            self.ends.push(0);
        }
        if self.children[node][dir] == 0 {
            self.children[node][dir] = self.children.len() as u32;
            self.children.push([0; 4]);
            self.ends.push(0);
        }
        self.children[node][dir] as usize
    }

    /// Records that `moves` (`length` of them) are forbidden when the blank
    /// ends at `end`.
    fn insert(&mut self, moves: u64, length: usize, end: usize) {
        let mut node = 0;
        for i in (0..length).rev() {
            node = self.node(node, ((moves >> (2 * i)) & 3) as usize);
        }
        self.ends[node] |= 1 << end;
    }

    /// Whether `moves` (`length` of them, the blank ending at `end`) end with
    /// a forbidden sequence.
    fn is_forbidden_end(&self, moves: u64, length: usize, end: usize) -> bool {
        let mut node = 0;
        for i in (0..length).rev() {
            let Some(&child) = self
                .children
                .get(node)
                .map(|c| &c[((moves >> (2 * i)) & 3) as usize])
            else {
                return false;
            };
            if child == 0 {
                return false;
            }
            node = child as usize;
            if self.ends[node] >> end & 1 != 0 {
                return true;
            }
        }
        false
    }
}
