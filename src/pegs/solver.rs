//! Solving peg solitaire: depth-first search over jumps, pruned by position
//! classes, pagoda functions and a table of positions already proven lost.
//!
//! Every jump takes one peg off, so every solution from `n` pegs has `n - 1`
//! jumps and any solution is optimal: the search is
//! [`crate::search::depth_first`], and the work lies in recognising lost
//! positions early. Jumps of the outermost pegs are tried first: clearing the
//! edges early keeps the pegs together, which finds solutions sooner than
//! jumping towards the goal does.

use crate::search::{
    depth_first, Interrupted, Monitor, Outcome, Problem, Successor, Unlimited, DEAD_END,
};

use super::board::PegBoard;
use super::class::{position_class, single_peg_classes};
use super::dead::DeadTable;
use super::geometry::{cell_of, CENTRE, HOLES};
use super::goal::Goal;
use super::jump::{all_jumps, for_each_legal, Jump, JUMPS};
use super::pagoda::{pagodas_for, Pagoda, LIBRARY_SIZE};

/// How many of the library's pagoda functions (each with its images) the
/// solver uses by default: more prove more positions lost but cost more
/// per position.
pub const DEFAULT_PAGODAS: usize = 9;

/// Pagoda sums are added four at a time, in 16-bit lanes of a `u64`.
const LANES: usize = 4;
const LANE_BITS: usize = 16;
/// The top bit of every lane.
const HIGH_BITS: u64 = 0x8000_8000_8000_8000;
/// The largest total a lane may hold, keeping its top bit free.
const LANE_MAX: i64 = 0x7fff;
/// A position's bytes: holes 0-7, 8-15, 16-23, 24-31 and 32.
const BYTES: usize = HOLES.div_ceil(8);

/// Four pagoda functions evaluated together: lane `l` of the sum of
/// `totals[k][byte k of the position]` is the total of function `l`, its
/// weights raised so that none is negative.
#[derive(Clone, Debug)]
struct Lanes {
    totals: Box<[[u64; 256]; BYTES]>,
    /// For each number of pegs, the lanes' least total that can still reach
    /// the goal (raised like the weights); 0 where no total is too low.
    thresholds: [u64; HOLES + 1],
}

impl Lanes {
    /// The lanes for up to four functions, each with the least total of the
    /// goal position; `None` if one's weights spread too far for a lane.
    fn new(functions: &[(&Pagoda, i32)]) -> Option<Lanes> {
        debug_assert!(functions.len() <= LANES);
        let mut totals = Box::new([[0u64; 256]; BYTES]);
        let mut thresholds = [0u64; HOLES + 1];
        for (lane, &(pagoda, threshold)) in functions.iter().enumerate() {
            let shift = LANE_BITS * lane;
            let lowest = pagoda.weights().iter().copied().min().unwrap_or(0).min(0);
            let raised = |hole: usize| i64::from(pagoda.weight(hole) - lowest);
            if (0..HOLES).map(raised).sum::<i64>() > LANE_MAX {
                return None;
            }
            for (chunk, chunk_totals) in totals.iter_mut().enumerate() {
                // A byte's total is that of the byte without its lowest bit
                // plus the weight of that bit's hole.
                let mut sums = [0i64; 256];
                for byte in 1..256 {
                    let hole = chunk * 8 + (byte as u32).trailing_zeros() as usize;
                    let weight = if hole < HOLES { raised(hole) } else { 0 };
                    sums[byte] = sums[byte & (byte - 1)] + weight;
                }
                for (total, sum) in chunk_totals.iter_mut().zip(sums) {
                    *total += (sum as u64) << shift;
                }
            }
            // Raising every weight by -lowest raises the total of n pegs by
            // -lowest * n, and the least total needed with it.
            for (pegs, lane_threshold) in thresholds.iter_mut().enumerate() {
                let needed = i64::from(threshold) - i64::from(lowest) * pegs as i64;
                *lane_threshold |= (needed.clamp(0, LANE_MAX) as u64) << shift;
            }
        }
        Some(Lanes { totals, thresholds })
    }

    /// Whether every lane's total reaches its threshold.
    #[inline]
    fn allow(&self, bytes: &[u8; 8], pegs: usize) -> bool {
        let mut sum = 0;
        for (chunk_totals, &byte) in self.totals.iter().zip(bytes) {
            sum += chunk_totals[usize::from(byte)];
        }
        // With the top bits set, a lane subtracts without borrowing from the
        // next, and keeps its top bit exactly when its total is not below
        // the threshold.
        ((sum | HIGH_BITS) - self.thresholds[pegs]) & HIGH_BITS == HIGH_BITS
    }
}

/// Peg solitaire towards one goal, as a [`Problem`] for the generic searches:
/// states are boards, moves are jumps, each costing 1.
///
/// The heuristic is the number of jumps left (pegs - 1), which is exact when
/// the goal can be reached, or [`DEAD_END`] when a cheap test proves it
/// cannot (see [`PegProblem::is_hopeless`]).
#[derive(Clone, Debug)]
pub struct PegProblem {
    goal: Goal,
    /// The position classes the goal can be reached from, as bits.
    classes: u16,
    lanes: Vec<Lanes>,
    /// The jumps, most preferred first.
    by_preference: [Jump; JUMPS],
    /// Each jump's place in `by_preference`, by the family-wise
    /// enumeration's `from` and offsets: indexed by `from * 4 + direction`.
    preference: [u8; HOLES * 4],
}

impl PegProblem {
    /// The problem of reaching `goal`, pruned by the solver's default pagoda
    /// functions.
    pub fn new(goal: Goal) -> PegProblem {
        let pagodas = match goal {
            Goal::Hole(_) => goal
                .hole()
                .map(|hole| pagodas_for(hole, DEFAULT_PAGODAS))
                .unwrap_or_default(),
            Goal::AnyHole => pagodas_for(CENTRE, LIBRARY_SIZE),
        };
        PegProblem::with_pagodas(goal, &pagodas)
    }

    /// The problem of reaching `goal`, pruned by the given pagoda functions
    /// (and position classes) only. Functions that cannot prove any
    /// position lost for this goal are left out.
    pub fn with_pagodas(goal: Goal, pagodas: &[Pagoda]) -> PegProblem {
        let classes = match (goal, goal.hole()) {
            (_, Some(hole)) => 1u16 << position_class(PegBoard::empty().toggled(hole)),
            (Goal::AnyHole, None) => single_peg_classes(),
            (Goal::Hole(_), None) => 0,
        };
        // The goal position's total: the target's weight, or for any hole
        // the least weight of all.
        let threshold = |pagoda: &Pagoda| match goal.hole() {
            Some(hole) => pagoda.weight(hole),
            None => pagoda.weights().iter().copied().min().unwrap_or(0),
        };
        let useful: Vec<(&Pagoda, i32)> = pagodas
            .iter()
            .map(|pagoda| (pagoda, threshold(pagoda)))
            .filter(|&(pagoda, threshold)| {
                let lowest: i32 = pagoda.weights().iter().filter(|&&w| w < 0).sum();
                threshold > lowest
            })
            .collect();
        let lanes = useful.chunks(LANES).filter_map(Lanes::new).collect();
        let (by_preference, preference) = preferences(goal.hole().unwrap_or(CENTRE));
        PegProblem {
            goal,
            classes,
            lanes,
            by_preference,
            preference,
        }
    }

    /// The goal every answer of this solver reaches.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// Whether a cheap test proves that `board` cannot reach the goal: no
    /// peg, a single peg elsewhere, the wrong position class or a pagoda
    /// function below the goal's. `false` does not promise a solution.
    pub fn is_hopeless(&self, board: PegBoard) -> bool {
        let pegs = board.count() as usize;
        if pegs == 0 || (pegs == 1 && !self.goal.is_met(board)) {
            return true;
        }
        if self.classes & (1 << position_class(board)) == 0 {
            return true;
        }
        let bytes = board.bits().to_le_bytes();
        !self.lanes.iter().all(|lanes| lanes.allow(&bytes, pegs))
    }
}

/// The jumps in the order the solver tries them, for a goal at `target`:
/// the peg farthest from the target first, then the peg jumped over farthest,
/// then the landing hole nearest. Also each jump's place in that order,
/// indexed by `from * 4 + direction` (up, left, right, down).
fn preferences(target: usize) -> ([Jump; JUMPS], [u8; HOLES * 4]) {
    let (tr, tc) = cell_of(target);
    let distance = |hole: u8| {
        let (row, col) = cell_of(hole.into());
        row.abs_diff(tr) + col.abs_diff(tc)
    };
    debug_assert!(all_jumps().windows(2).all(|pair| pair[0] < pair[1]));
    let mut jumps: Vec<Jump> = all_jumps().to_vec();
    // Distances on the 7x7 board are at most 12, four bits each (farther
    // first: 15 less the distance); equal ranks keep `all_jumps()`'s order,
    // which is the jumps' own (by peg, then by the hole jumped over).
    crate::order::sort_by_rank(&mut jumps, |jump| {
        let far = |hole: u8| 15 - distance(hole) as u32;
        far(jump.from) << 8 | far(jump.over) << 4 | distance(jump.to) as u32
    });
    let mut preference = [0u8; HOLES * 4];
    for (place, jump) in jumps.iter().enumerate() {
        preference[slot(*jump)] = place as u8;
    }
    let by_preference = jumps.try_into().expect("the board has 76 jumps");
    (by_preference, preference)
}

/// A jump's index among the four directions from its hole.
#[inline]
fn slot(jump: Jump) -> usize {
    let direction = match i32::from(jump.over) - i32::from(jump.from) {
        1 => 2,
        -1 => 1,
        step if step < 0 => 0,
        _ => 3,
    };
    usize::from(jump.from) * 4 + direction
}

impl Problem for PegProblem {
    type State = PegBoard;
    type Move = Jump;

    fn heuristic(&self, board: &PegBoard) -> u32 {
        if self.is_hopeless(*board) {
            DEAD_END
        } else {
            board.count() - 1
        }
    }

    fn is_goal(&self, board: &PegBoard) -> bool {
        self.goal.is_met(*board)
    }

    fn successors(
        &self,
        board: &PegBoard,
        _last: Option<Jump>,
        out: &mut Vec<Successor<PegBoard, Jump>>,
    ) {
        // The legal jumps as a set of places in the preferred order, which
        // then come out sorted without sorting.
        let mut legal = 0u128;
        for_each_legal(board.bits(), |jump| {
            legal |= 1 << self.preference[slot(jump)];
        });
        while legal != 0 {
            let jump = self.by_preference[legal.trailing_zeros() as usize];
            legal &= legal - 1;
            out.push(Successor {
                mv: jump,
                state: board.jumped(jump),
                cost: 1,
            });
        }
    }
}

/// A solver for one goal that remembers, from one call to the next, the
/// positions it has proven lost (they stay lost whatever the start).
#[derive(Clone, Debug)]
pub struct PegSolver {
    problem: PegProblem,
    dead: DeadTable,
}

impl PegSolver {
    /// A solver for `goal`, with an empty table of lost positions.
    pub fn new(goal: Goal) -> PegSolver {
        PegSolver::with_problem(PegProblem::new(goal), DeadTable::new(goal))
    }

    /// A solver for `problem`'s goal that records lost positions in `dead`,
    /// which must be a table for the same goal.
    pub fn with_problem(problem: PegProblem, dead: DeadTable) -> PegSolver {
        PegSolver { problem, dead }
    }

    /// The goal every answer of this solver reaches.
    pub fn goal(&self) -> Goal {
        self.problem.goal
    }

    /// The problem the solver searches.
    pub fn problem(&self) -> &PegProblem {
        &self.problem
    }

    /// The positions proven lost so far.
    pub fn dead_table(&self) -> &DeadTable {
        &self.dead
    }

    /// The jumps from `board` to the goal, in order (none if `board` meets
    /// it already), `Ok(None)` if there are none, or [`Interrupted`] when
    /// `monitor` stops the search.
    pub fn solve<M: Monitor + ?Sized>(
        &mut self,
        board: PegBoard,
        monitor: &mut M,
    ) -> Outcome<Jump> {
        depth_first(&self.problem, board, &mut self.dead, monitor)
    }

    /// The first jump of a solution from `board`: `Ok(None)` if there is no
    /// solution or `board` meets the goal already.
    pub fn hint<M: Monitor + ?Sized>(
        &mut self,
        board: PegBoard,
        monitor: &mut M,
    ) -> Result<Option<Jump>, Interrupted> {
        Ok(self
            .solve(board, monitor)?
            .and_then(|solution| solution.moves.first().copied()))
    }
}

/// The jumps that take `board` to `goal`, in order, or `None` if it cannot be
/// done; searches without limit.
pub fn solve(board: PegBoard, goal: Goal) -> Option<Vec<Jump>> {
    match PegSolver::new(goal).solve(board, &mut Unlimited) {
        Ok(solution) => solution.map(|solution| solution.moves),
        Err(never) => unreachable!("an unlimited search is never interrupted: {never}"),
    }
}
