//! Near-optimal solutions for boards of 5x5 and larger.
//!
//! - 5x5: a beam search guided by the 5x5 pattern databases with the mirror
//!   lookup ([`super::twentyfour`]).
//! - Larger: stage by stage ([`super::staged`]) down to the bottom-right 5x5,
//!   which is then solved as a 5x5; a 10x10 or a 9x9 at the best effort
//!   instead by four 5x5 frames ([`super::quadrants`]: a 10x10's quadrants,
//!   a 9x9's overlapping corners), each solved as a 5x5, and a 9x9 by the
//!   stages as well, the shorter answer kept.
//! - Without the 5x5 tables (a browser still downloading them), the stages
//!   go on down to 4x4, solved by weighted A* with linear conflicts.
//!
//! The answer is never claimed optimal. How hard the searches try is an
//! [`Effort`]: wider beams, longer to run, shorter solutions. A board can
//! also be solved from another [`View`]: a 5x5 from the goal's side, a
//! larger square board through its mirror image. Each is a different
//! search, as good on average, so two workers solving both views and
//! keeping the shorter answer do better than one ([`View::second`]). On a
//! 5x5 the best effort runs two beams a view, each from another side
//! ([`View::sides`]), and splices their answers where they meet.

use std::sync::Arc;

use super::board::Board;
use super::compact::{CompactPuzzle, Estimate};
use super::moves::Dir;
use super::quadrants::{self, is_quadrant_size, Quadrant, Sort, Sorting};
use super::reduce::{cancel_reversals, solve_by_reduction};
pub use super::size::is_near_size;
use super::splice::splice;
use super::staged::{peels, Peel, Region, Spread, Stage};
use super::twentyfour::{self, Position, TwentyFour};
use super::window::{Reversal, Shorten, Shortener, TableShortener};
use crate::search::{weighted_astar, Beam, Progress, Step, Unlimited};

/// How hard the searches try: how wide the beams are, and how long the
/// windows a larger board's solution is shortened by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// The width of each stage's beam (boards above 5x5).
    pub stage_width: usize,
    /// The width of the 5x5 beam on a 5x5 board.
    pub final_width: usize,
    /// The width of the 5x5 beam that ends a larger board: there the
    /// stages, not the last 5x5, decide the length (BENCHMARKS.md).
    pub last_width: usize,
    /// Windows of this many moves of a larger board's solution are re-solved
    /// optimally where that shortens it ([`super::window`]); 0 for none.
    /// (On 5x5 the beam's answers leave nothing to gain: BENCHMARKS.md.)
    pub window: usize,
    /// On a 5x5, stretches of the beam's solution that exceed the 5x5
    /// tables' estimate by up to this many moves are re-solved optimally
    /// with the tables ([`super::window::TableShortener`]); 0 for none.
    pub table_gap: u32,
    /// On a 5x5 with the tables, how many beams are run, each from another
    /// side of the board (the view's [`Side`]s), their answers spliced
    /// where they meet ([`super::splice`]) before the table windows: two
    /// searches from different sides meet in places, and the shortest way
    /// through both is shorter than either (BENCHMARKS.md, issue 24 point
    /// 2). At least 1; ignored on other sizes.
    pub searches: usize,
    /// On a 10x10 or a 9x9 with the tables, the width of the beam that
    /// sorts the tiles into their boxes, whose 5x5 frames are then solved
    /// instead of the stages ([`super::quadrants`]); 0 for the stages.
    pub sort_width: usize,
    /// On a 9x9 solved by its frames, whether the stages search it too,
    /// first (what a caller with a short budget, such as the CLI's second,
    /// is sure to have time for), then the frames, the shorter answer kept
    /// (spliced where they meet): two different searches, as good on
    /// average, whose shorter answer gains 0.017 (times the Manhattan
    /// distance, 20 boards) for twice the time (BENCHMARKS.md, issue 24
    /// point 3); a caller out of time has the stages' answer
    /// ([`NearJob::found`]). A 10x10's stages are far longer than its
    /// quadrants' answer and its time is spent: there, never.
    pub stages_too: bool,
    /// On a board whose larger side is 6, 7 or 8, how its stages search it
    /// several times ([`Restarts`]); None: once, with the widths above.
    pub restarts: [Option<Restarts>; 3],
}

/// Several searches of a board by the stages, each with other keys for its
/// positions ([`Stage::seeded`]: ties fall another way), the shortest
/// answer kept (spliced where they meet). Boards up to 8x8 take a fraction
/// of the time a 9x9 or a 10x10 takes, and each search more shortens the
/// answers a little; narrower beams, searched more often, gain more in the
/// same time on 7x7 (BENCHMARKS.md, issue 24 point 3). A caller out of
/// time has the shortest answer so far ([`NearJob::found`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Restarts {
    /// How many searches (at least 1).
    pub searches: usize,
    /// The width of each stage's beam.
    pub stage_width: usize,
    /// The width of the last 5x5's beam.
    pub last_width: usize,
}

/// The best effort's [`Effort::restarts`]: as many searches as keep a
/// worker's final answer within about the page's 3 s (BENCHMARKS.md). A 6x6
/// is within 1.6 of its Manhattan distance with one.
const RESTARTS: [Option<Restarts>; 3] = [
    None,
    Some(Restarts {
        searches: 8,
        stage_width: 2000,
        last_width: 2000,
    }),
    Some(Restarts {
        searches: 3,
        stage_width: 3000,
        last_width: 5000,
    }),
];

/// The most expansions one window's search may take.
const WINDOW_BUDGET: u64 = 500_000;

/// A board searched several times ([`Effort::restarts`], a 9x9's stages
/// and frames): a later search's answer is shortened by windows only if it
/// is at most this many moves longer than the shortest answer had. Windows
/// take a few moves off an answer, so one longer than that does not end
/// the shortest (spliced with the others it still counts): on 20 7x7
/// boards the same answers for an eighth less time, where windowing only
/// answers no longer than the shortest gave longer ones (BENCHMARKS.md,
/// issue 24 point 3).
const WINDOW_MARGIN: usize = 6;

/// A sort whose layers' lowest estimate has not fallen for this many
/// layers is going round a plateau it does not leave (BENCHMARKS.md, issue
/// 24 point 3): the stages take over then instead of at the sort's limit
/// of moves, the same answer sooner. On 20 10x10 boards, both views, every
/// sort that ended went at most 5 layers without a new low, and the 10x10s'
/// and 9x9s' answers are the same with 20 or 40 as without; the three
/// sorts that did not end went 28 layers and more without one, two of
/// them 450 to 550 layers before the limit.
const SORT_STALL: u32 = 20;
/// How many times a sort that stalled or went past its limit starts again
/// with other keys ([`Sort::seeded`]) before the stages take over. On 20
/// 10x10 boards the two plain views' sorts that gave up each ended at the
/// first retry, in 799 and 751 moves, where the stages' answers were far
/// longer: the mean length over the Manhattan distance fell from 1.676 to
/// 1.659 in the same time (both views: 1.651 to 1.645; through the page
/// 1.651 to 1.645), BENCHMARKS.md, issue 24 point 3.
const SORT_RETRIES: u64 = 3;
/// How many expansions the sort's beam runs between two looks at it (about
/// ten of its layers).
const SORT_SLICE: u64 = 30_000;

/// The longest stretch of a 5x5 solution re-solved with the tables: the
/// gap, not the length, bounds a search's cost.
const TABLE_SPAN: usize = 100;
/// The most expansions one such search may take.
const TABLE_WINDOW_BUDGET: u64 = 1_000_000;
/// The most expansions all of a board's such searches may take: a few
/// tenths of a second natively; more gained nothing on Korf's instances
/// (BENCHMARKS.md, issue 24 point 2).
const TABLE_TOTAL_BUDGET: u64 = 1_500_000;

impl Effort {
    /// A first answer, in milliseconds (measured in BENCHMARKS.md).
    pub const QUICK: Effort = Effort {
        stage_width: 300,
        final_width: 1000,
        last_width: 1000,
        window: 0,
        table_gap: 0,
        searches: 1,
        sort_width: 0,
        stages_too: false,
        restarts: [None; 3],
    };
    /// Between the two: a CLI with a short budget gets at least this far
    /// on every size.
    pub const MEDIUM: Effort = Effort {
        stage_width: 1000,
        final_width: 5000,
        last_width: 2000,
        window: 40,
        table_gap: 6,
        searches: 1,
        sort_width: 0,
        stages_too: false,
        restarts: [None; 3],
    };
    /// The best answer: about a second natively on a 5x5 (two beams), two
    /// on a 10x10 (measured in BENCHMARKS.md).
    pub const BEST: Effort = Effort {
        stage_width: 3000,
        final_width: 20_000,
        last_width: 5000,
        window: 40,
        table_gap: 10,
        searches: 2,
        sort_width: 3000,
        stages_too: true,
        restarts: RESTARTS,
    };
}

/// How a [`NearJob`] looks at its board: each view is a different search
/// of the same board, and every view's answer is moves of the board given.
/// On a 5x5 with the tables and an effort of more than one search, a view
/// is a list of sides searched one after the other ([`View::sides`]), the
/// two views' lists disjoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The board as it is.
    Plain,
    /// A square board's mirror image (reflected in the main diagonal). On a
    /// 5x5 the search is the plain one reflected (the tables' estimate and
    /// tie-break are symmetric), so it finds nothing new there.
    Mirror,
    /// A 5x5 from the goal's side ([`Reversal`], through the corner nearest
    /// the blank): the beam starts at the other end of the solution, and on
    /// Korf's instances finds shorter answers than the plain one as often as
    /// not (BENCHMARKS.md, issue 24 point 2). Without the 5x5 tables the
    /// mirror image; on other sizes the plain view.
    Reversed,
}

/// One beam search's side of a board: the frame its beam works in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The board as it is.
    Plain,
    /// A square board's mirror image.
    Mirror,
    /// A 5x5 from the goal's side through the corner of this rank in
    /// [`Reversal::corners_by_distance`] (0: the nearest to the blank).
    Goal(usize),
}

impl View {
    /// The sides a 5x5's searches take in this view with the tables, in
    /// order (an effort of `n` searches takes the first `n`): the plain
    /// view's first side is the board itself, the reversed view's the goal
    /// through the nearest corner; the second sides are the goal through
    /// the next two corners, one each. Of the ways measured on Korf's
    /// instances (BENCHMARKS.md, issue 24 point 2), the pairs that gave
    /// the shortest answers.
    pub fn sides(self) -> [Side; 2] {
        match self {
            View::Plain => [Side::Plain, Side::Goal(1)],
            View::Mirror => [Side::Mirror, Side::Goal(1)],
            View::Reversed => [Side::Goal(0), Side::Goal(2)],
        }
    }

    /// The view a second worker takes beside a first one's plain search:
    /// the one that gains most on a board of this size (none below 5x5 or
    /// on a board that is neither 5x5 nor square).
    pub fn second(width: usize, height: usize) -> Option<View> {
        if (width, height) == (5, 5) {
            Some(View::Reversed)
        } else if width == height && is_near_size(width, height) {
            Some(View::Mirror)
        } else {
            None
        }
    }
}

/// The beam of one stage, its states keyed by their spread's packed key.
type StageBeam = Beam<Stage, fn(&Spread) -> u64>;
/// The beam sorting a 10x10's or a 9x9's tiles into their boxes.
type SortBeam = Beam<Sort, fn(&Sorting) -> u64>;
/// The final 5x5's beam.
type FinalBeam = Beam<TwentyFour, fn(&Position) -> u64>;

/// The search a [`NearJob`] is running.
enum Phase {
    /// Sorting a 10x10's or a 9x9's tiles into their boxes.
    Sort(Box<SortBeam>),
    /// A stage's beam (boards above 5x5).
    Stage(Box<StageBeam>),
    /// A 5x5's beam: a quadrant's, or the final 5x5's.
    Final(Box<FinalBeam>),
    /// Shortening the whole solution, window by window: a larger board's
    /// with [`Shortener`], a 5x5's with the tables' [`TableShortener`].
    Shorten(Box<dyn Shorten + Send>),
    /// Nothing more to search: the moves are complete.
    Done,
}

/// A near-optimal search for one board, run a slice at a time.
pub struct NearJob {
    /// The board as the stages leave it, in the view's frame (the mirror
    /// image, or the goal seen from the board's side).
    board: Board,
    /// The board as it was given.
    start: Board,
    /// The moves so far: in the view's frame until the beams have reached
    /// the goal, then (shortened on `start`) moves of the board given.
    moves: Vec<Dir>,
    stages: Vec<Peel>,
    /// The frames still to solve (a 10x10's quadrants, a 9x9's corners),
    /// the next last, once sorted.
    quadrants: Vec<Quadrant>,
    /// The frame the current 5x5 beam solves (None: the final 5x5).
    quadrant: Option<Quadrant>,
    /// How many moves the sort may take before the stages take over (its
    /// beam can go round its last crossings for a long time, BENCHMARKS.md).
    sort_limit: u32,
    /// Whether the current search sorts the board into its boxes (and has
    /// not given up), and whether it is a 9x9's search by the stages, to be
    /// followed by its frames' (the two ways of [`Effort::stages_too`]).
    sorted: bool,
    frames_after: bool,
    /// The current search's seed for the stages' keys ([`Effort::restarts`]).
    restart: u64,
    tables: Option<Arc<twentyfour::TwentyFourTables>>,
    effort: Effort,
    phase: Phase,
    /// The side the current search takes.
    side: Side,
    /// The sides still to search, the next last.
    later: Vec<Side>,
    /// The answers of the searches done (moves of the board given), to be
    /// spliced once the last is done.
    answers: Vec<Vec<Dir>>,
    /// How a goal side's moves become the board's.
    reversal: Option<Reversal>,
    /// Positions expanded by the searches finished.
    expanded: u64,
    /// How many times the current search's sort has started again with
    /// other keys ([`SORT_RETRIES`]).
    sort_tries: u64,
}

impl NearJob {
    /// The search for `board` (both sides at least 5) with `effort`,
    /// `tables` guiding the 5x5 part if given, from `view` (its answer
    /// turned back into moves of `board`).
    ///
    /// # Panics
    /// If a side is under 5, or `view` is [`View::Mirror`] on a board that
    /// is not square.
    pub fn new(
        board: &Board,
        tables: Option<Arc<twentyfour::TwentyFourTables>>,
        effort: Effort,
        view: View,
    ) -> NearJob {
        let (width, height) = (board.width(), board.height());
        assert!(
            is_near_size(width, height),
            "near-optimal solving is for 5x5 and up"
        );
        let five = board.cells() == twentyfour::CELLS;
        let view = match view {
            // Still another search than the plain one's.
            View::Reversed if five && tables.is_none() => View::Mirror,
            View::Reversed if !five => View::Plain,
            view => view,
        };
        let start = board.clone();
        // One side a view, its first, but on a 5x5 with the tables.
        let count = if five && tables.is_some() {
            effort.searches.clamp(1, 2)
        } else {
            1
        };
        let mut sides = view.sides()[..count].to_vec();
        sides.reverse();
        let side = sides.pop().expect("at least one side");
        let (board, reversal) = Self::frame(&start, side);
        let mut job = NearJob {
            start,
            board,
            moves: Vec::new(),
            stages: Vec::new(),
            quadrants: Vec::new(),
            quadrant: None,
            sort_limit: 0,
            sorted: false,
            frames_after: false,
            restart: 0,
            tables,
            effort,
            phase: Phase::Done,
            side,
            later: sides,
            answers: Vec::new(),
            reversal,
            expanded: 0,
            sort_tries: 0,
        };
        job.frames_after = job.effort.stages_too
            && job.effort.sort_width > 0
            && job.tables.is_some()
            && (width, height) == (9, 9);
        job.begin();
        job
    }

    /// The stages for a `width` x `height` board, the first last: down to
    /// the bottom-right 5x5, or to 4x4 without the 5x5 tables.
    fn stages(width: usize, height: usize, tables: bool) -> Vec<Peel> {
        let mut stages = peels(width, height);
        if !tables {
            // Down to 4x4, for weighted A*, the 5x5 tables missing.
            let region = stages
                .last()
                .map_or(Region { top: 0, left: 0 }, |peel| Region {
                    top: peel.region.top + usize::from(peel.row),
                    left: peel.region.left + usize::from(peel.column),
                });
            stages.push(Peel {
                region,
                row: true,
                column: true,
            });
        }
        stages.reverse();
        stages
    }

    /// Starts the current side's search of `self.board` from its first
    /// phase: the sort into quadrants where the size, the tables and the
    /// effort say so, else the stages.
    fn begin(&mut self) {
        let (width, height) = (self.board.width(), self.board.height());
        self.quadrants.clear();
        self.quadrant = None;
        self.sort_tries = 0;
        self.sorted = is_quadrant_size(width, height)
            && self.tables.is_some()
            && self.effort.sort_width > 0
            && !self.frames_after;
        if self.sorted {
            self.stages.clear();
            self.start_sort();
            return;
        }
        self.stages = Self::stages(width, height, self.tables.is_some());
        self.next_phase();
    }

    /// How the stages search this board several times, if they do.
    fn restarts(&self) -> Option<Restarts> {
        let side = self.start.width().max(self.start.height());
        match side {
            6..=8 => self.effort.restarts[side - 6],
            _ => None,
        }
    }

    /// Starts the sort of every tile into its home box.
    fn start_sort(&mut self) {
        let sort = Sort::seeded(self.board.width(), self.sort_tries);
        let start = sort.sorting(&self.board);
        // The sorts that ended took 1.01 to 1.27 times the Manhattan
        // distance on 20 10x10 boards, the two that went round over twice
        // it: past 4/3 the sort gives up (`give_up_sorting`), sparing the
        // page's time.
        self.sort_limit = 4 * start.manhattan() / 3;
        let key: fn(&Sorting) -> u64 = Sorting::key;
        self.phase = Phase::Sort(Box::new(Beam::new(
            sort,
            start,
            self.effort.sort_width,
            key,
        )));
    }

    /// The sort went on too long: it starts again with other keys if it
    /// has tries left ([`SORT_RETRIES`]), else the side's search starts
    /// again with the stages.
    fn give_up_sorting(&mut self) {
        // The old beam goes before a new one is made: a worker's memory
        // never shrinks, so two beams at once would stay its peak.
        self.phase = Phase::Done;
        self.moves.clear();
        (self.board, self.reversal) = Self::frame(&self.start, self.side);
        if self.sort_tries < SORT_RETRIES {
            self.sort_tries += 1;
            self.start_sort();
            return;
        }
        self.sorted = false;
        self.quadrants.clear();
        self.quadrant = None;
        let (width, height) = (self.board.width(), self.board.height());
        self.stages = Self::stages(width, height, self.tables.is_some());
        self.next_phase();
    }

    /// The board as `side` sees `start`, and how its moves go back.
    fn frame(start: &Board, side: Side) -> (Board, Option<Reversal>) {
        match side {
            Side::Plain => (start.clone(), None),
            Side::Mirror => (mirror(start), None),
            Side::Goal(rank) => {
                let corner = Reversal::corners_by_distance(start)[rank];
                let (reversal, goal) = Reversal::new(start, corner);
                (goal, Some(reversal))
            }
        }
    }

    /// Starts the next stage, or the last part.
    fn next_phase(&mut self) {
        let (width, height) = (self.board.width(), self.board.height());
        if let Some(peel) = self.stages.pop() {
            let stage = Stage::seeded(width, height, peel, self.restart);
            let start = stage.spread(&self.board);
            let key: fn(&Spread) -> u64 = Spread::key;
            let width = self
                .restarts()
                .map_or(self.effort.stage_width, |restarts| restarts.stage_width);
            self.phase = Phase::Stage(Box::new(Beam::new(stage, start, width, key)));
            return;
        }
        match &self.tables {
            Some(tables) => {
                let five = match self.quadrants.pop() {
                    Some(quadrant) => {
                        let way = quadrant.way_in(&self.board);
                        self.board = self
                            .board
                            .apply_path(&way)
                            .expect("the way into a quadrant is on the board");
                        self.moves.extend(way);
                        self.quadrant = Some(quadrant);
                        quadrant
                            .five(&self.board)
                            .expect("a sorted quadrant is a solvable 5x5")
                    }
                    None => corner(&self.board, 5),
                };
                let key: fn(&Position) -> u64 = Position::digest;
                let width = if self.board.cells() == twentyfour::CELLS {
                    self.effort.final_width
                } else {
                    self.restarts()
                        .map_or(self.effort.last_width, |restarts| restarts.last_width)
                };
                let beam = Beam::new(TwentyFour::new(tables), tables.state(&five), width, key);
                self.phase = Phase::Final(Box::new(beam));
            }
            None => {
                // Weighted A* on a 4x4 takes milliseconds: in one go.
                let four = corner(&self.board, 4);
                let problem = CompactPuzzle::new(4, 4, Estimate::LinearConflict);
                let solution = weighted_astar(&problem, problem.pack(&four), 1.5, &mut Unlimited)
                    .ok()
                    .flatten()
                    .expect("every board is solvable");
                self.expanded += solution.expanded;
                self.moves.extend(solution.moves);
                self.finish();
            }
        }
    }

    /// All the stages are done: the moves are turned into the board's, and
    /// shortened where the effort says so.
    fn finish(&mut self) {
        let moves = std::mem::take(&mut self.moves);
        let moves = match (self.side, &self.reversal) {
            (Side::Mirror, _) => unmirror(&moves),
            (Side::Goal(_), Some(reversal)) => reversal.moves_back(&moves),
            _ => moves,
        };
        let moves = cancel_reversals(moves);
        match self.table_windows(moves) {
            Ok(phase) => self.phase = phase,
            Err(moves)
                if self.effort.window > 0 && !self.is_five() && self.worth_windows(&moves) =>
            {
                self.phase = Phase::Shorten(Box::new(Shortener::new(
                    &self.start,
                    moves,
                    self.effort.window,
                    WINDOW_BUDGET,
                )));
            }
            Err(moves) => self.settle(moves),
        }
    }

    /// Whether a search's answer `moves` is worth its windows: the first
    /// always is, a later one only within [`WINDOW_MARGIN`] of the
    /// shortest answer so far.
    fn worth_windows(&self, moves: &[Dir]) -> bool {
        self.answers
            .iter()
            .map(Vec::len)
            .min()
            .is_none_or(|shortest| moves.len() <= shortest + WINDOW_MARGIN)
    }

    /// Whether the board given is a 5x5 (solved with its tables, shortened
    /// by their windows rather than by the plain ones).
    fn is_five(&self) -> bool {
        self.start.cells() == twentyfour::CELLS
    }

    /// The shortening of `moves` (of the board given) by windows re-solved
    /// with the 5x5 tables, where the board is a 5x5, the tables are at
    /// hand and the effort asks for them; else the moves given back.
    fn table_windows(&self, moves: Vec<Dir>) -> Result<Phase, Vec<Dir>> {
        match (self.is_five(), &self.tables, self.effort.table_gap) {
            (true, Some(tables), gap @ 1..) => Ok(Phase::Shorten(Box::new(TableShortener::new(
                tables,
                &self.start,
                moves,
                TABLE_SPAN,
                gap,
                TABLE_WINDOW_BUDGET,
                TABLE_TOTAL_BUDGET,
            )))),
            _ => Err(moves),
        }
    }

    /// A search's answer is as short as it gets (moves of the board given):
    /// a 9x9's frames search it after its stages where the effort says so
    /// ([`Effort::stages_too`]), and a smaller board's stages again with
    /// other keys ([`Effort::restarts`]); else the next side is searched if
    /// any is left; after the last, the answers are spliced, and the splice
    /// is shortened by the table windows once more, with a budget of its own (its junctions are new
    /// stretches, and windows the first passes ran out of budget for get
    /// another chance: windowing each answer, then the splice, found
    /// shorter answers on Korf's instances than windowing the splice
    /// alone, or the splice only where it is a new way, BENCHMARKS.md);
    /// else the answer is final.
    fn settle(&mut self, moves: Vec<Dir>) {
        let searches = self.restarts().map_or(1, |restarts| restarts.searches);
        let again = self.frames_after || !self.sorted && self.restart + 1 < searches as u64;
        if again {
            self.answers.push(moves);
            if self.frames_after {
                self.frames_after = false;
            } else {
                self.restart += 1;
            }
            (self.board, self.reversal) = Self::frame(&self.start, self.side);
            self.begin();
            return;
        }
        if let Some(side) = self.later.pop() {
            self.answers.push(moves);
            self.side = side;
            (self.board, self.reversal) = Self::frame(&self.start, side);
            self.begin();
            return;
        }
        if self.answers.is_empty() {
            self.moves = moves;
            self.phase = Phase::Done;
            return;
        }
        self.answers.push(moves);
        let answers: Vec<&[Dir]> = self.answers.iter().map(Vec::as_slice).collect();
        let spliced = splice(&self.start, &answers);
        self.answers.clear();
        match self.table_windows(spliced) {
            Ok(phase) => self.phase = phase,
            Err(moves) => {
                self.moves = moves;
                self.phase = Phase::Done;
            }
        }
    }

    /// How far the search has got: positions expanded, and the current
    /// beam's layer.
    pub fn progress(&self) -> Progress {
        let (expanded, bound) = match &self.phase {
            Phase::Sort(beam) => (beam.progress().expanded, beam.progress().bound),
            Phase::Stage(beam) => (beam.progress().expanded, beam.progress().bound),
            Phase::Final(beam) => (beam.progress().expanded, beam.progress().bound),
            Phase::Shorten(shortener) => (shortener.expanded(), shortener.moves().len() as u32),
            Phase::Done => (0, 0),
        };
        Progress {
            expanded: self.expanded + expanded,
            bound: self.moves.len() as u32 + bound,
        }
    }

    /// Searches for about `budget` more expansions; the moves (of the
    /// board given, whatever the view) once done.
    pub fn run(&mut self, budget: u64) -> Option<Vec<Dir>> {
        let stop_at = self.progress().expanded.saturating_add(budget.max(1));
        loop {
            let step = match &mut self.phase {
                Phase::Sort(beam) => {
                    let step = beam.run(budget.min(SORT_SLICE));
                    let progress = beam.progress();
                    // Round a plateau (BENCHMARKS.md): the stages take
                    // over now rather than at the limit.
                    let stalled = beam.stalled_for() > SORT_STALL;
                    if matches!(step, Step::Running)
                        && (progress.bound > self.sort_limit || stalled)
                        || matches!(step, Step::Exhausted(_))
                    {
                        self.expanded += progress.expanded;
                        self.give_up_sorting();
                        continue;
                    }
                    (step, progress.expanded)
                }
                Phase::Stage(beam) => (beam.run(budget), beam.progress().expanded),
                Phase::Final(beam) => (beam.run(budget), beam.progress().expanded),
                Phase::Shorten(shortener) => {
                    if shortener.step() {
                        self.expanded += shortener.expanded();
                        let moves = shortener.moves().to_vec();
                        self.settle(moves);
                    } else if self.progress().expanded >= stop_at {
                        return None;
                    }
                    continue;
                }
                Phase::Done => return Some(self.answer()),
            };
            match step {
                (Step::Running, _) => {
                    if self.progress().expanded >= stop_at {
                        return None;
                    }
                }
                (Step::Found(solution), expanded) => {
                    self.expanded += expanded;
                    let quadrant = self.quadrant.take();
                    let mut moves = match quadrant {
                        Some(quadrant) => {
                            let mut moves = quadrant.moves_back(&solution.moves);
                            moves.extend_from_slice(quadrant.leave);
                            moves
                        }
                        None => solution.moves,
                    };
                    self.board = self
                        .board
                        .apply_path(&moves)
                        .expect("a beam's moves stay on the board");
                    if matches!(self.phase, Phase::Sort(_)) {
                        let ready = quadrants::make_ready(&self.board);
                        self.board = self
                            .board
                            .apply_path(&ready)
                            .expect("the parity moves stay on the board");
                        moves.extend(ready);
                        let frames = quadrants::layout(self.board.width())
                            .expect("a sorted board is solved by its frames");
                        self.quadrants = frames.iter().rev().copied().collect();
                    }
                    self.moves.extend(moves);
                    if matches!(self.phase, Phase::Final(_)) && quadrant.is_none() {
                        self.finish();
                    } else {
                        self.next_phase();
                    }
                }
                (Step::Exhausted(_), expanded) => {
                    // A beam keeps its best states, so it runs dry only if a
                    // key collision hid every way on: the rest by reduction
                    // (then turned into the board's moves, as a beam's).
                    self.expanded += expanded;
                    self.quadrant = None;
                    self.quadrants.clear();
                    let rest = solve_by_reduction(&self.board, &mut Unlimited)
                        .expect("an unlimited reduction is never stopped");
                    self.moves.extend(rest);
                    self.finish();
                }
            }
        }
    }

    /// A whole solution already had while it is being shortened or another
    /// side searched (of the board given, whatever the view): the answers
    /// had spliced where they meet, so never longer than the shortest of
    /// them, for a caller out of time; None before the first search has
    /// reached the goal.
    pub fn found(&self) -> Option<Vec<Dir>> {
        // Beside the searches' answers done (searches after the first).
        let current = match &self.phase {
            Phase::Shorten(shortener) => Some(cancel_reversals(shortener.moves().to_vec())),
            Phase::Done => return Some(self.answer()),
            Phase::Sort(_) | Phase::Stage(_) | Phase::Final(_) => None,
        };
        let answers: Vec<Vec<Dir>> = current
            .into_iter()
            .chain(self.answers.iter().cloned())
            .collect();
        match answers.len() {
            0 | 1 => answers.into_iter().next(),
            // Spliced as the whole search's answers are: a few thousand
            // positions, well under a millisecond.
            _ => {
                let answers: Vec<&[Dir]> = answers.iter().map(Vec::as_slice).collect();
                Some(splice(&self.start, &answers))
            }
        }
    }

    /// Every state expanded so far.
    pub fn expanded(&self) -> u64 {
        self.progress().expanded
    }

    fn answer(&self) -> Vec<Dir> {
        cancel_reversals(self.moves.clone())
    }
}

/// Solves `board` to the end with `effort` (see [`NearJob::new`]).
pub fn solve(
    board: &Board,
    tables: Option<Arc<twentyfour::TwentyFourTables>>,
    effort: Effort,
) -> (Vec<Dir>, u64) {
    let mut job = NearJob::new(board, tables, effort, View::Plain);
    loop {
        if let Some(moves) = job.run(1 << 20) {
            return (moves, job.expanded());
        }
    }
}

/// The bottom-right `side` x `side` region of `board`, whose other tiles
/// are all home, as a board of its own (tiles renamed after their homes in
/// it). Its moves are the big board's moves.
fn corner(board: &Board, side: usize) -> Board {
    let (width, height) = (board.width(), board.height());
    let (top, left) = (height - side, width - side);
    let mut tiles = Vec::with_capacity(side * side);
    for row in top..height {
        for col in left..width {
            let tile = board.tile_at(row * width + col);
            tiles.push(if tile == 0 {
                0
            } else {
                let home = usize::from(tile) - 1;
                ((home / width - top) * side + (home % width - left) + 1) as u8
            });
        }
    }
    Board::from_tiles(side, side, &tiles).expect("a solvable board's corner is solvable")
}

/// The moves of a square board's mirror image's solution, as moves of the
/// board: a move up on the mirror image is a move left on the board.
pub fn unmirror(moves: &[Dir]) -> Vec<Dir> {
    moves
        .iter()
        .map(|dir| match dir {
            Dir::Up => Dir::Left,
            Dir::Left => Dir::Up,
            Dir::Down => Dir::Right,
            Dir::Right => Dir::Down,
        })
        .collect()
}

/// A square board's mirror image: reflected in the main diagonal, each tile
/// renamed after its reflected home, so exactly as far from the goal.
///
/// # Panics
/// If the board is not square.
pub fn mirror(board: &Board) -> Board {
    let side = board.width();
    assert_eq!(side, board.height(), "a square board");
    let transpose = |cell: usize| (cell % side) * side + cell / side;
    let mut tiles = vec![0u8; side * side];
    for (cell, &tile) in board.tiles().iter().enumerate() {
        tiles[transpose(cell)] = if tile == 0 {
            0
        } else {
            transpose(usize::from(tile) - 1) as u8 + 1
        };
    }
    Board::from_tiles(side, side, &tiles).expect("a mirror image is as solvable")
}

/// Whether `moves` solve `board`.
pub fn solves(board: &Board, moves: &[Dir]) -> bool {
    board.apply_path(moves).is_ok_and(|end| end.is_solved())
}
