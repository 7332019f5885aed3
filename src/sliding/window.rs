//! Shortening a solution by re-solving windows of it optimally.
//!
//! Between two positions a few dozen moves apart on a solution, an IDA*
//! search guided by the Manhattan distance from one position to the other
//! finds the shortest way in a blink; where it is shorter than the stretch
//! of the solution between them, the stretch is replaced. Both stretches
//! join the same two positions, so the solution stays a solution: only
//! shorter. Boards of any size up to 10x10.

use super::board::Board;
use super::cells::{Cells, MAX_CELLS};
use super::moves::Dir;
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
            let mut child = *spot;
            child.tile_at[blank] = tile;
            child.tile_at[next] = 0;
            child.blank = next as u8;
            child.distance =
                child.distance + self.cells.apart(blank, home) - self.cells.apart(next, home);
            out.push(Successor {
                mv: dir,
                state: child,
                cost: 1,
            });
        }
    }
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

    /// Re-solves the next window; true once a whole pass has shortened
    /// nothing (the moves are then final).
    pub fn step(&mut self) -> bool {
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

    /// The moves as shortened so far.
    pub fn moves(&self) -> &[Dir] {
        &self.moves
    }

    /// The moves as shortened so far, taken.
    pub fn into_moves(self) -> Vec<Dir> {
        self.moves
    }

    /// The states the window searches have expanded.
    pub fn expanded(&self) -> u64 {
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
