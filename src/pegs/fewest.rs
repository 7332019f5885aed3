//! The fewest moves to a goal when a chain of jumps by the same peg counts as
//! one move.
//!
//! A move is one peg making one or more jumps in a row; every prefix of a
//! chain is a move of its own. The search is iterative deepening A* over
//! such moves, with a transposition table of learnt lower bounds keyed by
//! the position's smallest image under the symmetries that fix the goal, and
//! the solver's dead-position tests (position classes and pagoda functions,
//! which no jump and so no chain of jumps can defeat).
//!
//! # The lower bound: Merson regions
//!
//! Call a set of holes `R` a *Merson region* when every line of three holes
//! whose middle lies in `R` has an end in `R` too. While `R` is full, no jump
//! from outside can touch it: a jump over a hole of `R` needs an empty end,
//! and an end in `R` is full, so it would have to start in `R`; a jump into
//! `R` needs an empty hole there. So the first move that changes a full
//! region starts with a peg standing in it. Two disjoint full regions then
//! need two different moves (a move starts at one hole), and every full
//! region other than the goal's own final picture must change before the
//! end. The number of pairwise disjoint full regions, not counting a
//! one-hole region that is the goal hole, is therefore at most the number of
//! moves left: an admissible bound. When the goal is one peg anywhere, the
//! last peg may stay in one counted one-hole region, so one is taken off.
//! The corner holes at the arms' ends, which cannot be jumped over, are the
//! one-hole regions; the others found here hold two to four holes. (The
//! idea is R. Merson's; J. D. Beasley used such regions in proving that the
//! classic game needs 18 moves. The search finds 18 by itself: the bound
//! gives 12 for the classic start.) The bound is the largest such packing among the small regions,
//! found exactly, and at least 1 until the goal is met.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::search::{Interrupted, Monitor, Outcome, Progress, Solution, CHECK_INTERVAL};

use super::board::PegBoard;
use super::geometry::{cell_of, hole_at, HOLES};
use super::goal::Goal;
use super::jump::{all_jumps, Jump};
use super::solver::PegProblem;
use super::symmetry::{canonical_bits, symmetries_fixing, SYMMETRIES};

/// A move when chains count as one: the jumps of one peg, in order, each
/// starting where the previous one landed.
pub type ChainMove = Vec<Jump>;

/// A chain's holes: where the peg starts, then each hole it lands in (none
/// for an empty chain).
pub fn chain_holes(chain: &[Jump]) -> Vec<usize> {
    chain
        .first()
        .map(|jump| usize::from(jump.from))
        .into_iter()
        .chain(chain.iter().map(|jump| usize::from(jump.to)))
        .collect()
}

/// The chain of jumps through `holes` (where the peg starts, then each hole
/// it lands in), as [`chain_holes`] gives them.
///
/// # Errors
/// Fewer than two holes ("a chain of jumps has no jump"), or two holes in a
/// row that are not a jump apart ("4 to 5 is not a jump").
pub fn chain_through(holes: &[usize]) -> Result<ChainMove, String> {
    if holes.len() < 2 {
        return Err("a chain of jumps has no jump".into());
    }
    holes
        .windows(2)
        .map(|pair| {
            Jump::between(pair[0], pair[1])
                .ok_or_else(|| format!("{} to {} is not a jump", pair[0], pair[1]))
        })
        .collect()
}

/// The largest regions looked for, in holes: larger ones never add a region
/// to a packing that smaller ones inside them would not.
const REGION_LIMIT: usize = 4;

/// The small Merson regions of the board, as hole masks: those of at most
/// [`REGION_LIMIT`] holes, connected, containing no smaller one.
fn regions() -> &'static [u64] {
    static REGIONS: OnceLock<Vec<u64>> = OnceLock::new();
    REGIONS.get_or_init(|| {
        let mut found: Vec<u64> = Vec::new();
        let mut grow = vec![0u64];
        // Connected sets grown one neighbour at a time, smallest first, so
        // a set containing a region already found is skipped.
        for _ in 0..REGION_LIMIT {
            let mut next = Vec::new();
            for &set in &grow {
                for hole in 0..HOLES {
                    let bit = 1u64 << hole;
                    if set & bit != 0 || (set != 0 && set & neighbours(hole) == 0) {
                        continue;
                    }
                    let bigger = set | bit;
                    if found.iter().any(|&region| region & !bigger == 0) {
                        continue;
                    }
                    if is_merson(bigger) {
                        found.push(bigger);
                    } else {
                        next.push(bigger);
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            grow = next;
        }
        found.sort_unstable();
        found.dedup();
        found
    })
}

/// The holes next to `hole` in its row and column.
fn neighbours(hole: usize) -> u64 {
    let (row, col) = cell_of(hole);
    [(0, 1), (2, 1), (1, 0), (1, 2)]
        .iter()
        .filter_map(|&(dr, dc)| hole_at((row + dr).checked_sub(1)?, (col + dc).checked_sub(1)?))
        .fold(0, |mask, hole| mask | 1 << hole)
}

/// Whether every jump line whose middle lies in `region` has an end in it.
fn is_merson(region: u64) -> bool {
    all_jumps().iter().all(|jump| {
        region & (1 << jump.over) == 0 || region & ((1 << jump.from) | (1 << jump.to)) != 0
    })
}

/// The largest number of pairwise disjoint regions among `full` (a set of
/// indices into `regions` as bits), given each region's overlapping ones.
fn packing(full: u32, overlaps: &[u32]) -> u32 {
    if full == 0 {
        return 0;
    }
    let first = full.trailing_zeros() as usize;
    let rest = full & !(1 << first);
    // A region overlapping none of the others is always worth taking.
    if overlaps[first] & rest == 0 {
        return 1 + packing(rest, overlaps);
    }
    let with = 1 + packing(rest & !overlaps[first], overlaps);
    let without = packing(rest, overlaps);
    with.max(without)
}

/// A search for the fewest chain moves to one goal. It keeps what it learns
/// (lower bounds on the moves left from positions) from one call to the
/// next, since they hold whatever the start.
#[derive(Clone, Debug)]
pub struct FewestSolver {
    goal: Goal,
    problem: PegProblem,
    /// The regions the bound counts for this goal.
    regions: Vec<u64>,
    /// For each region, the regions it shares a hole with, as bits.
    overlaps: Vec<u32>,
    /// The symmetries that fix the goal, as bits.
    symmetries: u8,
    /// Learnt lower bounds on the moves left, by canonical position.
    bounds: HashMap<u64, u8, BuildHasherDefault<KeyHasher>>,
    /// Each hole's jumps.
    jumps_from: [Vec<Jump>; HOLES],
    expanded: u64,
    /// The iteration's bound on the moves, for progress reports.
    bound: u32,
}

/// What [`FewestSolver::lower_bound`] gives for a position that cannot
/// reach the goal: more moves than any game has.
pub const UNREACHABLE: u32 = u8::MAX as u32;

impl FewestSolver {
    /// A search towards `goal`, knowing nothing yet.
    pub fn new(goal: Goal) -> FewestSolver {
        // A one-hole region that is the goal hole may stay full to the end.
        let regions: Vec<u64> = regions()
            .iter()
            .copied()
            .filter(|&region| goal.hole().is_none_or(|hole| region != 1 << hole))
            .collect();
        let overlaps = regions
            .iter()
            .map(|&region| {
                regions
                    .iter()
                    .enumerate()
                    .filter(|&(_, &other)| other != region && other & region != 0)
                    .fold(0u32, |bits, (index, _)| bits | 1 << index)
            })
            .collect();
        let symmetries = match goal.hole() {
            Some(hole) => symmetries_fixing(hole)
                .into_iter()
                .fold(0, |bits, sym| bits | 1 << sym),
            None => u8::MAX >> (8 - SYMMETRIES),
        };
        let jumps_from = std::array::from_fn(|hole| {
            all_jumps()
                .iter()
                .filter(|jump| usize::from(jump.from) == hole)
                .copied()
                .collect()
        });
        FewestSolver {
            goal,
            problem: PegProblem::new(goal),
            regions,
            overlaps,
            symmetries,
            bounds: HashMap::default(),
            bound: 0,
            jumps_from,
            expanded: 0,
        }
    }

    /// The goal every answer of this solver reaches.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// How many positions the bound table holds.
    pub fn learnt(&self) -> usize {
        self.bounds.len()
    }

    /// A lower bound on the chain moves from `board` to the goal (see the
    /// module's documentation for why it never overestimates), or
    /// [`UNREACHABLE`] when a cheap test proves the goal out of reach.
    pub fn lower_bound(&self, board: PegBoard) -> u32 {
        if self.goal.is_met(board) {
            return 0;
        }
        if self.problem.is_hopeless(board) {
            return UNREACHABLE;
        }
        let bits = board.bits();
        let full = self
            .regions
            .iter()
            .enumerate()
            .filter(|&(_, &region)| bits & region == region)
            .fold(0u32, |full, (index, _)| full | 1 << index);
        let mut bound = packing(full, &self.overlaps);
        if self.goal == Goal::AnyHole {
            bound = bound.saturating_sub(1);
        }
        bound.max(1)
    }

    /// The fewest chain moves from `board` to the goal: `Ok(None)` if it
    /// cannot be reached, [`Interrupted`] when `monitor` stops the search.
    /// The solution's moves are the chains in order and its cost their
    /// number.
    pub fn solve<M: Monitor + ?Sized>(
        &mut self,
        board: PegBoard,
        monitor: &mut M,
    ) -> Outcome<ChainMove> {
        self.expanded = 0;
        let mut bound = self.bound_of(board);
        loop {
            if bound >= UNREACHABLE {
                return Ok(None);
            }
            self.bound = bound;
            check(monitor, self.expanded, bound)?;
            let mut path = Vec::new();
            let found = self.search(board, bound, &mut path, monitor)?;
            if found == 0 {
                path.reverse();
                return Ok(Some(Solution {
                    cost: path.len() as u32,
                    moves: path,
                    expanded: self.expanded,
                }));
            }
            bound = found;
        }
    }

    /// The position's key in the table.
    fn key(&self, board: PegBoard) -> u64 {
        canonical_bits(board.bits(), self.symmetries)
    }

    /// The best lower bound known for `board`.
    fn bound_of(&self, board: PegBoard) -> u32 {
        let learnt = self
            .bounds
            .get(&self.key(board))
            .map_or(0, |&b| u32::from(b));
        learnt.max(self.lower_bound(board))
    }

    /// Looks for a way from `board` to the goal in at most `budget` moves.
    /// Returns 0 when found (the moves, last first, pushed on `path`), or
    /// else a lower bound above `budget` on the moves needed.
    fn search<M: Monitor + ?Sized>(
        &mut self,
        board: PegBoard,
        budget: u32,
        path: &mut Vec<ChainMove>,
        monitor: &mut M,
    ) -> Result<u32, Interrupted> {
        if self.goal.is_met(board) {
            return Ok(0);
        }
        let own = self.bound_of(board);
        if own > budget {
            return Ok(own);
        }
        self.expanded += 1;
        if self.expanded % CHECK_INTERVAL == 0 {
            check(monitor, self.expanded, self.bound)?;
        }
        let children = self.chain_moves(board);
        // The most promising first: fewest moves left by the bound, then the
        // most pegs taken.
        let mut scored: Vec<(u32, u32, u64)> = children
            .iter()
            .map(|&after| {
                let after = PegBoard::from_bits(after).expect("jumps stay on the board");
                (self.bound_of(after), after.count(), after.bits())
            })
            .collect();
        scored.sort_unstable();
        let mut least = UNREACHABLE;
        for (child_bound, _, after) in scored {
            if child_bound >= UNREACHABLE {
                break;
            }
            if 1 + child_bound > budget {
                least = least.min(1 + child_bound);
                break;
            }
            let after = PegBoard::from_bits(after).expect("jumps stay on the board");
            let found = self.search(after, budget - 1, path, monitor)?;
            if found == 0 {
                let chain = self
                    .chain_between(board.bits(), after.bits())
                    .expect("the position came from a chain");
                path.push(chain);
                return Ok(0);
            }
            least = least.min(1 + found);
        }
        let least = least.min(UNREACHABLE);
        let key = self.key(board);
        self.bounds.insert(key, least as u8);
        Ok(least)
    }

    /// Every position one chain move away, each with one chain reaching it.
    /// Every position one chain move away, each once: its bits.
    fn chain_moves(&self, board: PegBoard) -> Vec<u64> {
        let mut out = Vec::new();
        let mut pegs = board.bits();
        while pegs != 0 {
            let hole = pegs.trailing_zeros() as usize;
            pegs &= pegs - 1;
            self.extend(board.bits(), hole, &mut out);
        }
        out
    }

    /// Adds the position after every chain of the peg at `hole`.
    fn extend(&self, bits: u64, hole: usize, out: &mut Vec<u64>) {
        for &jump in &self.jumps_from[hole] {
            let legal = bits & (1 << jump.over) != 0 && bits & (1 << jump.to) == 0;
            if !legal {
                continue;
            }
            let after = bits ^ jump.mask();
            if !out.contains(&after) {
                out.push(after);
            }
            self.extend(after, jump.to.into(), out);
        }
    }

    /// A chain of one peg taking `from` to `to`, found again once the search
    /// has chosen the position it leads to.
    fn chain_between(&self, from: u64, to: u64) -> Option<ChainMove> {
        let mut pegs = from;
        while pegs != 0 {
            let hole = pegs.trailing_zeros() as usize;
            pegs &= pegs - 1;
            let mut chain = Vec::new();
            if self.find_chain(from, hole, to, &mut chain) {
                return Some(chain);
            }
        }
        None
    }

    fn find_chain(&self, bits: u64, hole: usize, to: u64, chain: &mut Vec<Jump>) -> bool {
        for &jump in &self.jumps_from[hole] {
            if bits & (1 << jump.over) == 0 || bits & (1 << jump.to) != 0 {
                continue;
            }
            let after = bits ^ jump.mask();
            chain.push(jump);
            if after == to || self.find_chain(after, jump.to.into(), to, chain) {
                return true;
            }
            chain.pop();
        }
        false
    }
}

/// Hashes the table's keys, positions below 2^33, with one multiplication:
/// the default SipHash costs more than the rest of a lookup, and its
/// defence against chosen keys is not needed for positions.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte) ^ self.0.rotate_left(8));
        }
    }

    fn write_u64(&mut self, key: u64) {
        // The table takes buckets from the high bits of the hash and tags
        // from the top ones; a multiplication mixes every key bit up there,
        // and the fold brings them back to the low bits too.
        let product = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = product ^ product >> 32;
    }
}

/// Asks `monitor` whether to go on.
fn check<M: Monitor + ?Sized>(
    monitor: &mut M,
    expanded: u64,
    bound: u32,
) -> Result<(), Interrupted> {
    let progress = Progress { expanded, bound };
    match monitor.check(&progress) {
        std::ops::ControlFlow::Continue(()) => Ok(()),
        std::ops::ControlFlow::Break(()) => Err(Interrupted { progress }),
    }
}

/// The fewest chain moves from `board` to `goal` and one way to play them,
/// or `Ok(None)` if the goal cannot be reached; [`Interrupted`] when
/// `monitor` stops the search first.
pub fn fewest_moves<M: Monitor + ?Sized>(
    board: PegBoard,
    goal: Goal,
    monitor: &mut M,
) -> Result<Option<(u32, Vec<ChainMove>)>, Interrupted> {
    Ok(FewestSolver::new(goal)
        .solve(board, monitor)?
        .map(|solution| (solution.cost, solution.moves)))
}
