//! Shortening a solution by re-solving windows of it optimally.
//!
//! Between two positions a few dozen moves apart on a solution, an IDA*
//! search guided by the Manhattan distance from one position to the other
//! finds the shortest way in a blink; where it is shorter than the stretch
//! of the solution between them, the stretch is replaced. Both stretches
//! join the same two positions, so the solution stays a solution: only
//! shorter. Boards of any size up to 10x10.

use std::sync::Arc;

use super::board::Board;
use super::cells::{Cells, MAX_CELLS};
use super::moves::Dir;
use super::twentyfour::{self, TwentyFour, TwentyFourTables};
use crate::search::{idastar_from, Budget, Problem, Successor};

/// A position as the window search holds it: the tiles by cell, each
/// tile's cell, and the Manhattan distance to the window's far end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    tile_at: [u8; MAX_CELLS],
    blank: u8,
    distance: u16,
}

/// The problem of going from one position to another of the same board.
pub struct Window {
    cells: Cells,
    /// `target[tile]`: the tile's cell at the far end.
    target: [u8; MAX_CELLS],
}

impl Window {
    /// The search from `from` to `to` (boards of one size).
    pub fn new(from: &Board, to: &Board) -> (Window, Spot) {
        let (width, height) = (to.width(), to.height());
        let mut target = [0u8; MAX_CELLS];
        for (cell, &tile) in to.tiles().iter().enumerate() {
            target[usize::from(tile)] = cell as u8;
        }
        let window = Window {
            cells: Cells::new(width, height),
            target,
        };
        let mut spot = Spot {
            tile_at: [0; MAX_CELLS],
            blank: from.blank() as u8,
            distance: 0,
        };
        for (cell, &tile) in from.tiles().iter().enumerate() {
            spot.tile_at[cell] = tile;
            if tile != 0 {
                spot.distance += window
                    .cells
                    .apart(cell, usize::from(target[usize::from(tile)]));
            }
        }
        (window, spot)
    }
}

impl Problem for Window {
    type State = Spot;
    type Move = Dir;

    fn heuristic(&self, spot: &Spot) -> u32 {
        u32::from(spot.distance)
    }

    fn is_goal(&self, spot: &Spot) -> bool {
        spot.distance == 0
    }

    fn successors(&self, spot: &Spot, last: Option<Dir>, out: &mut Vec<Successor<Spot, Dir>>) {
        let mut excess = u32::MAX;
        self.successors_within(spot, last, u32::MAX, out, &mut excess);
    }

    /// The successors within `limit` only: a child's distance is known
    /// before the position is copied, and under a bound most children
    /// exceed it (the windows' searches spend most of their time here).
    fn successors_within(
        &self,
        spot: &Spot,
        last: Option<Dir>,
        limit: u32,
        out: &mut Vec<Successor<Spot, Dir>>,
        excess: &mut u32,
    ) {
        let blank = usize::from(spot.blank);
        for dir in Dir::ALL {
            if Some(dir.opposite()) == last {
                continue;
            }
            let Some(next) = self.cells.neighbor(blank, dir) else {
                continue;
            };
            let tile = spot.tile_at[next];
            let home = usize::from(self.target[usize::from(tile)]);
            let distance =
                spot.distance + self.cells.apart(blank, home) - self.cells.apart(next, home);
            if u32::from(distance) > limit {
                *excess = (*excess).min(u32::from(distance));
                continue;
            }
            // Built where it is kept: the position is copied once.
            out.push(Successor {
                mv: dir,
                state: *spot,
                cost: 1,
            });
            let child = &mut out.last_mut().expect("pushed just now").state;
            child.tile_at[blank] = tile;
            child.tile_at[next] = 0;
            child.blank = next as u8;
            child.distance = distance;
        }
    }
}

/// A solution being shortened a window a step ([`Shortener`] with the
/// Manhattan distance on any board, [`TableShortener`] with the 5x5
/// tables), so that a job drives either the same way. Invariant: the moves
/// always solve what they solved at the start, and only ever get shorter.
pub trait Shorten {
    /// Re-solves the next window; true once the work is over (the moves
    /// are then final).
    fn step(&mut self) -> bool;
    /// The moves as shortened so far.
    fn moves(&self) -> &[Dir];
    /// The states the window searches have expanded.
    fn expanded(&self) -> u64;
}

/// `moves` from `board`, shortened: windows of `span` moves are re-solved
/// optimally (each search given at most `budget` expansions; a window that
/// needs more is left as it is), sliding half a window at a time, passes
/// repeated while one shortens anything. Returns the moves and the states
/// the searches expanded.
///
/// # Panics
/// If `moves` are not legal from `board` (a caller's broken invariant), or
/// the board has over 100 cells.
pub fn shorten(board: &Board, moves: &[Dir], span: usize, budget: u64) -> (Vec<Dir>, u64) {
    let mut shortener = Shortener::new(board, moves.to_vec(), span, budget);
    while !shortener.step() {}
    let expanded = shortener.expanded();
    (shortener.into_moves(), expanded)
}

/// A solution being shortened as [`shorten`] does, one window a step, so
/// that a browser's worker reads its messages between two. Invariant: the
/// moves always solve what they solved at the start (each replacement joins
/// the same two positions), and only ever get shorter.
pub struct Shortener {
    moves: Vec<Dir>,
    /// Every board along `moves`, `board` first.
    boards: Vec<Board>,
    span: usize,
    budget: u64,
    /// Where the next window starts.
    start: usize,
    /// The length when the current pass began: a pass that shortens
    /// nothing ends the work.
    pass_length: usize,
    expanded: u64,
}

impl Shortener {
    /// Shortening `moves` from `board` with windows of `span` moves, each
    /// search given at most `budget` expansions.
    ///
    /// # Panics
    /// As [`shorten`].
    pub fn new(board: &Board, moves: Vec<Dir>, span: usize, budget: u64) -> Shortener {
        assert!(board.cells() <= MAX_CELLS);
        let boards = along(board, &moves);
        Shortener {
            pass_length: moves.len(),
            moves,
            boards,
            span: span.max(2),
            budget,
            start: 0,
            expanded: 0,
        }
    }

    /// The moves as shortened so far, taken.
    pub fn into_moves(self) -> Vec<Dir> {
        self.moves
    }
}

impl Shorten for Shortener {
    fn step(&mut self) -> bool {
        if self.start + 2 >= self.moves.len() {
            if self.moves.len() == self.pass_length {
                return true;
            }
            self.pass_length = self.moves.len();
            self.start = 0;
            return false;
        }
        let (start, moves) = (self.start, &self.moves);
        let end = (start + self.span).min(moves.len());
        let length = (end - start) as u32;
        let (window, spot) = Window::new(&self.boards[start], &self.boards[end]);
        // Two paths between the same positions have the same parity: a
        // shorter one is at least two moves shorter.
        let bound = window.heuristic(&spot);
        if bound + 2 <= length {
            let mut search_budget = Budget(self.budget);
            let mut capped = |progress: &crate::search::Progress| {
                use crate::search::Monitor;
                if progress.bound + 2 > length {
                    std::ops::ControlFlow::Break(())
                } else {
                    search_budget.check(progress)
                }
            };
            match idastar_from(&window, spot, bound, &mut capped) {
                Ok(Some(shorter)) if (shorter.moves.len() as u32) < length => {
                    self.expanded += shorter.expanded;
                    self.moves.splice(start..end, shorter.moves);
                    // The boards before the window are unchanged.
                    let tail = along(&self.boards[start], &self.moves[start..]);
                    self.boards.truncate(start);
                    self.boards.extend(tail);
                }
                Ok(Some(found)) => self.expanded += found.expanded,
                Ok(None) => {}
                Err(stopped) => self.expanded += stopped.progress.expanded,
            }
        }
        self.start += (self.span / 2).max(1);
        false
    }

    fn moves(&self) -> &[Dir] {
        &self.moves
    }

    fn expanded(&self) -> u64 {
        self.expanded
    }
}

/// Every board along `moves` from `board`, `board` first.
fn along(board: &Board, moves: &[Dir]) -> Vec<Board> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    boards.push(board.clone());
    for &dir in moves {
        let next = boards
            .last()
            .expect("starts with the board")
            .apply(super::moves::Move::Blank(dir))
            .expect("a solution's moves stay on the board");
        boards.push(next);
    }
    boards
}

/// A reflection of the 5x5 square that takes one corner to the
/// bottom-right one: rows reversed, columns reversed, both or neither. Each
/// is its own inverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Flip {
    rows: bool,
    columns: bool,
}

impl Flip {
    /// The reflection taking `corner` (a corner cell of the 5x5) to the
    /// bottom-right; None for a cell that is not a corner.
    fn to_bottom_right(corner: usize) -> Option<Flip> {
        let last = twentyfour::CELLS - 1;
        let side = 5;
        match corner {
            c if c == last => Some(Flip {
                rows: false,
                columns: false,
            }),
            0 => Some(Flip {
                rows: true,
                columns: true,
            }),
            c if c == side - 1 => Some(Flip {
                rows: true,
                columns: false,
            }),
            c if c == last + 1 - side => Some(Flip {
                rows: false,
                columns: true,
            }),
            _ => None,
        }
    }

    fn cell(self, cell: usize) -> usize {
        let (mut row, mut col) = (cell / 5, cell % 5);
        if self.rows {
            row = 4 - row;
        }
        if self.columns {
            col = 4 - col;
        }
        row * 5 + col
    }

    fn dir(self, dir: Dir) -> Dir {
        match dir {
            Dir::Up | Dir::Down if self.rows => dir.opposite(),
            Dir::Left | Dir::Right if self.columns => dir.opposite(),
            _ => dir,
        }
    }
}

/// The shortest way from `from` to `to` (5x5 boards) found by IDA* guided
/// by the 5x5 tables, if it is shorter than `shorter_than` moves and found
/// within `budget` expansions; with the states expanded.
///
/// The tables measure the distance to the goal; the distance between two
/// positions is the distance to the goal of `from` with every tile renamed
/// after its cell in `to`, which is the goal itself when `to`'s blank is
/// in the goal's blank's cell. A reflection of the board takes a blank in
/// any corner there, so one of the two boards must have its blank in a
/// corner (else, or if no shorter way is found: None). Both boards'
/// tiles are renamed, never their cells' neighbours, so the moves found
/// are moves between the two boards, and the search optimal.
///
/// # Panics
/// If the boards are not both 5x5 boards of the same tiles.
pub fn resolve_between(
    tables: &Arc<TwentyFourTables>,
    from: &Board,
    to: &Board,
    shorter_than: u32,
    budget: u64,
) -> (Option<Vec<Dir>>, u64) {
    if let Some(flip) = Flip::to_bottom_right(to.blank()) {
        resolve_towards(tables, from, to, flip, shorter_than, budget)
    } else if let Some(flip) = Flip::to_bottom_right(from.blank()) {
        // The way back from `to`, walked the other way.
        let (back, expanded) = resolve_towards(tables, to, from, flip, shorter_than, budget);
        let forth = back.map(|moves| moves.iter().rev().map(|dir| dir.opposite()).collect());
        (forth, expanded)
    } else {
        (None, 0)
    }
}

/// [`resolve_between`] where `flip` takes `to`'s blank to the bottom-right.
fn resolve_towards(
    tables: &Arc<TwentyFourTables>,
    from: &Board,
    to: &Board,
    flip: Flip,
    shorter_than: u32,
    budget: u64,
) -> (Option<Vec<Dir>>, u64) {
    let renamed = renamed(from, to, flip);
    let problem = TwentyFour::new(tables);
    let start = tables.state(&renamed);
    let bound = problem.heuristic(&start);
    if bound + 2 > shorter_than {
        return (None, 0);
    }
    let mut search_budget = Budget(budget);
    let mut capped = |progress: &crate::search::Progress| {
        use crate::search::Monitor;
        // Two ways between the same positions have the same parity.
        if progress.bound + 2 > shorter_than {
            std::ops::ControlFlow::Break(())
        } else {
            search_budget.check(progress)
        }
    };
    match idastar_from(&problem, start, bound, &mut capped) {
        Ok(Some(found)) if (found.moves.len() as u32) < shorter_than => {
            let moves = found.moves.iter().map(|&dir| flip.dir(dir)).collect();
            (Some(moves), found.expanded)
        }
        Ok(Some(found)) => (None, found.expanded),
        Ok(None) => (None, 0),
        Err(stopped) => (None, stopped.progress.expanded),
    }
}

/// The gap of a [`TableShortener`]'s first passes: windows that cheap take
/// milliseconds in all (BENCHMARKS.md).
const FIRST_GAP: u32 = 6;

/// `from` with every tile renamed after its cell in `to` (both reflected by
/// `flip`): as far from the goal as `from` is from `to` when `flip` takes
/// `to`'s blank to the goal's.
///
/// # Panics
/// If the boards are not both 5x5 boards of the same tiles.
fn renamed(from: &Board, to: &Board, flip: Flip) -> Board {
    let cells = twentyfour::CELLS;
    assert!(from.cells() == cells && to.cells() == cells, "5x5 boards");
    // `name[tile]`: the tile whose home is `tile`'s cell in `to`, reflected.
    let mut name = [0u8; twentyfour::CELLS];
    for (cell, &tile) in to.tiles().iter().enumerate() {
        name[usize::from(tile)] = if tile == 0 {
            0
        } else {
            flip.cell(cell) as u8 + 1
        };
    }
    let mut tiles = [0u8; twentyfour::CELLS];
    for (cell, &tile) in from.tiles().iter().enumerate() {
        tiles[flip.cell(cell)] = name[usize::from(tile)];
    }
    Board::from_tiles(5, 5, &tiles).expect("a board joined to another by moves is solvable")
}

/// The tables' estimate of the moves between `from` and `to` (5x5 boards,
/// one with its blank in a corner): never more than the fewest; None if
/// neither blank is in a corner.
pub fn estimate_between(tables: &TwentyFourTables, from: &Board, to: &Board) -> Option<u32> {
    if let Some(flip) = Flip::to_bottom_right(to.blank()) {
        Some(tables.estimate(&renamed(from, to, flip)))
    } else {
        let flip = Flip::to_bottom_right(from.blank())?;
        Some(tables.estimate(&renamed(to, from, flip)))
    }
}

/// A 5x5 solution being shortened with the 5x5 tables, one window a step:
/// for each position along it whose blank is in a corner (the goal's is),
/// the longest stretch of at most `span` moves before it, and the longest
/// after it, that exceeds the tables' estimate by at most the current gap
/// is re-solved optimally by [`resolve_between`]. Passes repeat while one
/// shortens anything, first with a small gap, then with the largest given
/// (a search's cost grows fast with the excess, so the cheap windows come
/// first; a gap raised by 2 a time spent the budget on windows that had
/// failed: BENCHMARKS.md), and all stops once the searches have spent the
/// total budget.
/// Invariant: as [`Shortener`]'s, the moves always solve what
/// they solved at the start, and only ever get shorter.
pub struct TableShortener {
    tables: Arc<TwentyFourTables>,
    moves: Vec<Dir>,
    /// Every board along `moves`, the start first.
    boards: Vec<Board>,
    span: usize,
    /// The most a window may exceed the tables' estimate by, this pass.
    gap: u32,
    /// The gap of the passes after the first ones.
    max_gap: u32,
    /// The most expansions one window's search may take.
    budget: u64,
    /// The most expansions all the searches may take together.
    total: u64,
    /// The position whose windows are tried next.
    at: usize,
    /// Whether the window after `at` (rather than before) is next.
    after: bool,
    /// The length when the current pass began.
    pass_length: usize,
    expanded: u64,
}

impl TableShortener {
    /// Shortening `moves` from the 5x5 `board` with windows of up to
    /// `span` moves exceeding the tables' estimate by up to `max_gap`, each
    /// search given at most `budget` expansions, all together `total`.
    ///
    /// # Panics
    /// If the board is not 5x5 or the moves are not legal on it.
    pub fn new(
        tables: &Arc<TwentyFourTables>,
        board: &Board,
        moves: Vec<Dir>,
        span: usize,
        max_gap: u32,
        budget: u64,
        total: u64,
    ) -> TableShortener {
        assert_eq!(board.cells(), twentyfour::CELLS, "a 5x5 board");
        TableShortener {
            tables: Arc::clone(tables),
            boards: along(board, &moves),
            pass_length: moves.len(),
            moves,
            span: span.max(2),
            gap: max_gap.min(FIRST_GAP),
            max_gap,
            budget,
            total,
            at: 0,
            after: false,
            expanded: 0,
        }
    }

    /// Whether the stretch from `start` to `end` is worth a search: longer
    /// than the tables' estimate by at least 2 (a shorter way is possible)
    /// and by at most `gap` (the search's cost grows fast with the excess).
    fn worth_it(&self, start: usize, end: usize) -> bool {
        let length = (end - start) as u32;
        estimate_between(&self.tables, &self.boards[start], &self.boards[end])
            .is_some_and(|estimate| estimate + 2 <= length && length <= estimate + self.gap)
    }
}

impl Shorten for TableShortener {
    fn step(&mut self) -> bool {
        let last = self.moves.len();
        // The next position with its blank in a corner.
        while self.at <= last && Flip::to_bottom_right(self.boards[self.at].blank()).is_none() {
            self.at += 1;
            self.after = false;
        }
        if self.expanded >= self.total {
            return true;
        }
        if self.at > last {
            if self.moves.len() == self.pass_length {
                if self.gap >= self.max_gap {
                    return true;
                }
                self.gap = self.max_gap;
            }
            self.pass_length = self.moves.len();
            self.at = 0;
            self.after = false;
            return false;
        }
        let at = self.at;
        let window = if self.after {
            // The longest window after `at` whose excess is at most `gap`.
            ((at + 2)..=(at + self.span).min(last))
                .rev()
                .find(|&end| self.worth_it(at, end))
                .map(|end| (at, end))
        } else {
            (at.saturating_sub(self.span)..at.saturating_sub(1))
                .find(|&start| self.worth_it(start, at))
                .map(|start| (start, at))
        };
        if self.after {
            self.at += 1;
        }
        self.after = !self.after;
        let Some((start, end)) = window else {
            return false;
        };
        let (found, expanded) = resolve_between(
            &self.tables,
            &self.boards[start],
            &self.boards[end],
            (end - start) as u32,
            self.budget.min(self.total - self.expanded),
        );
        self.expanded += expanded;
        if let Some(shorter) = found {
            let removed = end - start - shorter.len();
            self.moves.splice(start..end, shorter);
            let tail = along(&self.boards[start], &self.moves[start..]);
            self.boards.truncate(start);
            self.boards.extend(tail);
            // The position tried stays the same one, `removed` moves earlier.
            if self.at >= end {
                self.at -= removed;
            }
        }
        false
    }

    fn moves(&self) -> &[Dir] {
        &self.moves
    }

    fn expanded(&self) -> u64 {
        self.expanded
    }
}

/// A 5x5 board seen from the goal's side: the solved board with every tile
/// renamed after its cell in the board (reflected so that the board's
/// blank, once brought to a corner, is in the goal's blank's cell). A way
/// from that renamed goal to the goal, walked backwards, is a way from the
/// board to the goal: a search from the other end, which meets other
/// positions and so finds other solutions than one from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reversal {
    /// The blank's moves from the board to a corner.
    prefix: Vec<Dir>,
    flip: Flip,
}

impl Reversal {
    /// The reversal of the 5x5 `board` through corner `corner` (0 to 3:
    /// top-left, top-right, bottom-left, bottom-right), and the board to
    /// solve.
    ///
    /// # Panics
    /// If the board is not 5x5.
    pub fn new(board: &Board, corner: usize) -> (Reversal, Board) {
        assert_eq!(board.cells(), twentyfour::CELLS, "a 5x5 board");
        let (row, col) = (board.blank() / 5, board.blank() % 5);
        let (to_row, to_col) = ((corner / 2) * 4, (corner % 2) * 4);
        let mut prefix = Vec::new();
        let vertical = if to_row > row { Dir::Down } else { Dir::Up };
        prefix.extend(std::iter::repeat_n(vertical, row.abs_diff(to_row)));
        let horizontal = if to_col > col { Dir::Right } else { Dir::Left };
        prefix.extend(std::iter::repeat_n(horizontal, col.abs_diff(to_col)));
        let there = board
            .apply_path(&prefix)
            .expect("the blank's moves to a corner stay on the board");
        let flip = Flip::to_bottom_right(there.blank()).expect("the blank is in a corner");
        let goal = Board::solved(5, 5).expect("5x5 is a size");
        let renamed = renamed(&goal, &there, flip);
        (Reversal { prefix, flip }, renamed)
    }

    /// The nearest corner to the board's blank (0 to 3, as [`Reversal::new`]).
    pub fn nearest_corner(board: &Board) -> usize {
        let (row, col) = (board.blank() / 5, board.blank() % 5);
        usize::from(row > 2) * 2 + usize::from(col > 2)
    }

    /// The four corners (as [`Reversal::new`]) by the blank's distance to
    /// them, the nearest first ([`Reversal::nearest_corner`] among equals),
    /// the rest of equal distance in the order of their numbers.
    pub fn corners_by_distance(board: &Board) -> [usize; 4] {
        let (row, col) = (board.blank() / 5, board.blank() % 5);
        let nearest = Reversal::nearest_corner(board);
        let mut corners = [0, 1, 2, 3];
        // The distance first, then the nearest before its equals: the
        // crate's one short-list sort (stable, so equals stay by number).
        crate::order::sort_by_rank(&mut corners, |&corner| {
            let distance =
                ((corner / 2) * 4_usize).abs_diff(row) + ((corner % 2) * 4_usize).abs_diff(col);
            (distance as u32) << 1 | u32::from(corner != nearest)
        });
        corners
    }

    /// The board's moves to the goal, from the renamed goal's `moves`.
    pub fn moves_back(&self, moves: &[Dir]) -> Vec<Dir> {
        let mut back = self.prefix.clone();
        back.extend(moves.iter().rev().map(|&dir| self.flip.dir(dir).opposite()));
        back
    }
}
