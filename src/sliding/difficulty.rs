//! Boards of a chosen difficulty: positions drawn at random among those
//! whose exact shortest solution falls in a [`Level`]'s range of moves, on
//! the two sizes the page offers levels for (3x3 and 4x4).
//!
//! - **3x3**: every one of the 181,440 positions gets its exact distance by
//!   one breadth-first search from the goal ([`EightTable`], a few tens of
//!   milliseconds); a draw picks uniformly among the positions in range.
//! - **4x4**: too many positions to count, so a [`Draw`] proposes
//!   candidates and keeps the first whose exact distance, from the optimal
//!   solver, is in range. Hard candidates are uniform random solvable
//!   boards, so a Hard draw is exactly uniform among the boards of at least
//!   [`HARD_4X4`] moves (rejection sampling; about nine in ten random boards
//!   are that far). Easy and Medium positions are rare among random boards
//!   (under one in a million for Easy), so their candidates are random walks
//!   from the goal of a random length, filtered the same way: every board in
//!   range can come up, but not with equal chances (boards with many short
//!   paths to them come up more often).
//!
//! The range of each level (see [`Level::range`]): on 4x4, Easy 1 to 30,
//! Medium 31 to 45, Hard 46 and up (the 4x4's longest is 80); on 3x3 the
//! same proportions of the 8-puzzle's typical lengths: Easy 1 to 12, Medium
//! 13 to 20, Hard 21 and up (the longest is 31).

use std::ops::RangeInclusive;
use std::sync::OnceLock;

use super::board::{Board, BLANK};
use super::moves::{Dir, Move};
use super::solver::{JobStep, SolveJob, Solver};
use crate::rng::SplitMix64;

/// The fewest moves of a Hard 4x4.
pub const HARD_4X4: u32 = 46;
/// The fewest moves of a Hard 3x3.
pub const HARD_3X3: u32 = 21;

/// How hard a shuffled board is, by its exact shortest solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any solvable board, drawn uniformly.
    Any,
    /// A short solution: 1 to 12 moves on the 3x3, 1 to 30 on the 4x4.
    Easy,
    /// A middling one: 13 to 20 moves on the 3x3, 31 to 45 on the 4x4.
    Medium,
    /// A long one: from [`HARD_3X3`] (21) moves up to the 3x3's longest, 31,
    /// and from [`HARD_4X4`] (46) to 80 on the 4x4.
    Hard,
}

impl Level {
    /// Every level, in the order the page offers them.
    pub const ALL: [Level; 4] = [Level::Any, Level::Easy, Level::Medium, Level::Hard];

    /// The level's name in the page and in messages: `any`, `easy`,
    /// `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Any => "any",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The level of a name (see [`Level::name`]).
    pub fn named(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }

    /// The exact shortest-solution lengths of this level on a board of
    /// this size; `None` for [`Level::Any`] and for sizes without levels.
    pub fn range(self, width: usize, height: usize) -> Option<RangeInclusive<u32>> {
        let (easy, medium, longest) = match (width, height) {
            (3, 3) => (12, HARD_3X3 - 1, 31),
            (4, 4) => (30, HARD_4X4 - 1, 80),
            _ => return None,
        };
        match self {
            Level::Any => None,
            Level::Easy => Some(1..=easy),
            Level::Medium => Some(easy + 1..=medium),
            Level::Hard => Some(medium + 1..=longest),
        }
    }
}

/// Whether boards of this size are offered levels.
pub fn has_levels(width: usize, height: usize) -> bool {
    matches!((width, height), (3, 3) | (4, 4))
}

/// The number of arrangements of the 3x3's nine cells.
const ARRANGEMENTS: usize = 362_880;
/// Marks an arrangement the goal cannot be reached from.
const UNREACHABLE: u8 = u8::MAX;

/// The exact distance to the goal of every 3x3 position, by breadth-first
/// search from the goal.
pub struct EightTable {
    /// By the rank of the arrangement of tiles (see [`rank`]).
    distance: Vec<u8>,
}

impl EightTable {
    /// Builds the table: one breadth-first search over the 181,440
    /// solvable positions.
    pub fn build() -> EightTable {
        let mut distance = vec![UNREACHABLE; ARRANGEMENTS];
        let goal = Board::solved(3, 3).expect("3x3 is a board size");
        let mut queue = vec![rank(goal.tiles())];
        distance[queue[0] as usize] = 0;
        let mut head = 0;
        let mut tiles = [0u8; 9];
        while head < queue.len() {
            let here = queue[head];
            head += 1;
            unrank(here, &mut tiles);
            let d = distance[here as usize];
            let blank = tiles.iter().position(|&t| t == BLANK).expect("a blank");
            for dir in Dir::ALL {
                let Some(next) = super::moves::neighbor_cell(3, 3, blank, dir) else {
                    continue;
                };
                tiles.swap(blank, next);
                let r = rank(&tiles);
                if distance[r as usize] == UNREACHABLE {
                    distance[r as usize] = d + 1;
                    queue.push(r);
                }
                tiles.swap(blank, next);
            }
        }
        EightTable { distance }
    }

    /// The table, built on first use and kept for the program's life.
    pub fn shared() -> &'static EightTable {
        static TABLE: OnceLock<EightTable> = OnceLock::new();
        TABLE.get_or_init(EightTable::build)
    }

    /// The exact distance of a 3x3 board to the goal; `None` for another
    /// size.
    pub fn distance(&self, board: &Board) -> Option<u32> {
        if (board.width(), board.height()) != (3, 3) {
            return None;
        }
        match self.distance[rank(board.tiles()) as usize] {
            UNREACHABLE => None,
            d => Some(u32::from(d)),
        }
    }

    /// How many positions are at each distance, from 0 to the longest.
    pub fn counts(&self) -> Vec<u32> {
        let mut counts = Vec::new();
        for &d in self.distance.iter().filter(|&&d| d != UNREACHABLE) {
            let d = usize::from(d);
            if counts.len() <= d {
                counts.resize(d + 1, 0);
            }
            counts[d] += 1;
        }
        counts
    }

    /// A board drawn uniformly among the positions whose distance is in
    /// `range`, with that distance; `None` if there is none.
    pub fn draw(&self, range: &RangeInclusive<u32>, rng: &mut SplitMix64) -> Option<(Board, u32)> {
        let within = |d: u8| d != UNREACHABLE && range.contains(&u32::from(d));
        let count = self.distance.iter().filter(|&&d| within(d)).count();
        if count == 0 {
            return None;
        }
        let pick = rng.below(count as u64) as usize;
        let (r, &d) = self
            .distance
            .iter()
            .enumerate()
            .filter(|&(_, &d)| within(d))
            .nth(pick)
            .expect("pick is below the count");
        let mut tiles = [0u8; 9];
        unrank(r as u32, &mut tiles);
        Some((Board::from_trusted(3, 3, tiles.to_vec()), u32::from(d)))
    }
}

/// The rank of an arrangement of nine cells among all 9! (its Lehmer code).
fn rank(tiles: &[u8]) -> u32 {
    let mut rank = 0u32;
    for i in 0..9 {
        let smaller_after = tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count() as u32;
        rank = rank * (9 - i as u32) + smaller_after;
    }
    rank
}

/// The arrangement of a rank (see [`rank`]).
fn unrank(mut rank: u32, tiles: &mut [u8; 9]) {
    let mut digits = [0u32; 9];
    for i in (0..9).rev() {
        let base = 9 - i as u32;
        digits[i] = rank % base;
        rank /= base;
    }
    let mut left: Vec<u8> = (0..9).collect();
    for i in 0..9 {
        tiles[i] = left.remove(digits[i] as usize);
    }
}

/// Expansions a 4x4 candidate's exact search may take before the draw
/// moves on to another candidate: a candidate that costs more is dropped
/// unjudged, so that one rare, very hard board never holds a draw up for
/// long. Dropping depends on the board alone, not on the level, so the
/// boards kept stay uniform among those in range that are solved within it
/// (almost all of them: the 4x4 solver settles most boards in well under a
/// million).
pub const CANDIDATE_BUDGET: u64 = 20_000_000;

/// What one slice of a [`Draw`] ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawStep {
    /// Not done: call [`Draw::run`] again.
    Running,
    /// The board drawn, with its exact shortest-solution length.
    Done {
        /// The board, at exactly `distance` moves from the goal.
        board: Board,
        /// Its exact distance to the goal.
        distance: u32,
    },
}

/// A draw of a board whose exact distance is in a range, run in slices so
/// that a worker can read its messages between two (see the module's
/// documentation for how candidates are made).
pub struct Draw {
    width: usize,
    height: usize,
    range: RangeInclusive<u32>,
    rng: SplitMix64,
    /// The candidate being judged, with its exact search.
    candidate: Option<(Board, Box<SolveJob>)>,
    /// Positions examined by every exact search so far.
    expanded: u64,
    /// Candidates judged so far.
    tried: u32,
}

impl Draw {
    /// A draw of a `width` x `height` board whose distance is in `range`,
    /// fixed by `seed`.
    ///
    /// # Errors
    /// A size without levels, or a range no position falls in (the
    /// reason).
    pub fn new(
        width: usize,
        height: usize,
        range: RangeInclusive<u32>,
        seed: u64,
    ) -> Result<Draw, String> {
        if !has_levels(width, height) {
            return Err(format!("{width}x{height} boards have no difficulty levels"));
        }
        if range.is_empty() || *range.start() == 0 {
            return Err("the range of moves is empty".into());
        }
        if (width, height) == (3, 3) {
            let counts = EightTable::shared().counts();
            if !counts
                .iter()
                .enumerate()
                .any(|(d, &n)| n > 0 && range.contains(&(d as u32)))
            {
                return Err("no 3x3 position is that many moves from the goal".into());
            }
        }
        Ok(Draw {
            width,
            height,
            range,
            rng: SplitMix64::new(seed),
            candidate: None,
            expanded: 0,
            tried: 0,
        })
    }

    /// Positions examined by the exact searches so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// Candidates judged so far.
    pub fn tried(&self) -> u32 {
        self.tried
    }

    /// Searches for about `budget` more expansions with `solver` (which
    /// must have the 4x4 tables to be quick on a 4x4).
    pub fn run(&mut self, solver: &Solver, budget: u64) -> DrawStep {
        if (self.width, self.height) == (3, 3) {
            let (board, distance) = EightTable::shared()
                .draw(&self.range, &mut self.rng)
                .expect("Draw::new checked that the range holds positions");
            return DrawStep::Done { board, distance };
        }
        let mut left = budget;
        loop {
            if self.candidate.is_none() {
                let board = self.propose();
                self.tried += 1;
                if self.bound_rules_out(solver, &board) {
                    continue;
                }
                let job = Box::new(solver.start(&board));
                self.candidate = Some((board, job));
            }
            let (board, job) = self.candidate.as_mut().expect("a candidate");
            let before = job.progress().expanded;
            let step = job.run(left.min(crate::search::CHECK_INTERVAL));
            let spent = job.progress().expanded.saturating_sub(before);
            self.expanded += spent;
            match step {
                JobStep::Done(plan) => {
                    let distance = plan.moves.len() as u32;
                    let board = board.clone();
                    self.candidate = None;
                    if plan.optimal && self.range.contains(&distance) {
                        return DrawStep::Done { board, distance };
                    }
                }
                JobStep::Running => {
                    if job.progress().expanded >= CANDIDATE_BUDGET {
                        self.candidate = None;
                    }
                }
            }
            left = left.saturating_sub(spent.max(1));
            if left == 0 {
                return DrawStep::Running;
            }
        }
    }

    /// Whether the tables' lower bound already puts `board` beyond the
    /// range, so that no search is needed to refuse it.
    fn bound_rules_out(&self, solver: &Solver, board: &Board) -> bool {
        solver
            .tables()
            .is_some_and(|tables| tables.estimate(board) > *self.range.end())
    }

    /// The next candidate: a uniform random board for a range reaching the
    /// typical lengths, a random walk from the goal otherwise.
    fn propose(&mut self) -> Board {
        let (low, high) = (*self.range.start(), *self.range.end());
        if low >= HARD_4X4 {
            return Board::random_solvable(self.width, self.height, &mut self.rng);
        }
        // Walks a little longer than the range's end reach most distances
        // in it (a walk's distance grows slower than its length); each
        // walk's length is drawn anew so that short and long ones mix.
        let longest = u64::from(high) * 2 + 10;
        // Walks no shorter than half the range's end: most very short
        // walks land on boards a few moves out, which an Easy draw would
        // otherwise deal far too often.
        let shortest = u64::from(low.max(high / 2).max(1));
        let length = shortest + self.rng.below(longest - shortest + 1);
        let mut board = Board::solved(self.width, self.height).expect("a board size");
        let mut last: Option<Dir> = None;
        for _ in 0..length {
            let dirs: Vec<Dir> = Dir::ALL
                .into_iter()
                .filter(|&dir| Some(dir.opposite()) != last)
                .filter(|&dir| board.tile_moved_by(dir).is_some())
                .collect();
            let dir = dirs[self.rng.below(dirs.len() as u64) as usize];
            board = board.apply(Move::Blank(dir)).expect("a legal move");
            last = Some(dir);
        }
        board
    }
}
