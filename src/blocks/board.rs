//! A sliding-block position: a rectangular board, rectangular pieces on it,
//! one of them the piece to free; moves and the pure [`Board::apply`].
//!
//! Cells are numbered in reading order (`row * width + col`), and a set of
//! cells is a `u64` with bit `n` for cell `n`: boards hold at most
//! [`MAX_CELLS`] cells, so that the solver's keys fit in a `u128`.

use super::error::BlockError;
use super::metric::Metric;
pub use super::pieces::{
    axes, cells_mask, BlockMove, Cell, Piece, Style, MAX_CELLS, MAX_KINDS, MAX_SIDE,
};

/// The geometry the moves of one piece need: the board's size, the cells
/// the other pieces hold, the piece's size and the axes it may slide on.
#[derive(Clone, Copy, Debug)]
pub struct Slider {
    /// The board's width.
    pub width: u8,
    /// The board's height.
    pub height: u8,
    /// The cells the other pieces hold.
    pub occupied: u64,
    /// The piece's rows.
    pub rows: u8,
    /// The piece's columns.
    pub cols: u8,
    /// Whether it may slide left and right.
    pub horizontal: bool,
    /// Whether it may slide up and down.
    pub vertical: bool,
}

impl Slider {
    /// Whether the piece fits with its top-left cell at (`row`, `col`).
    #[inline]
    fn fits(&self, row: i32, col: i32) -> bool {
        row >= 0
            && col >= 0
            && row + i32::from(self.rows) <= i32::from(self.height)
            && col + i32::from(self.cols) <= i32::from(self.width)
            && cells_mask(
                self.width,
                self.rows,
                self.cols,
                (row * i32::from(self.width) + col) as u32,
            ) & self.occupied
                == 0
    }

    /// The top-left cells (as a set of cell numbers) the piece standing at
    /// `start` can reach in one move of `metric`, `start` itself left out.
    /// No allocation: the solver calls it for every piece of every
    /// position.
    pub fn reach(&self, start: Cell, metric: Metric) -> u64 {
        let width = i32::from(self.width);
        let (r0, c0) = (i32::from(start.row), i32::from(start.col));
        let mut dirs = [(0, 0); 4];
        let mut n = 0;
        if self.horizontal {
            dirs[n] = (0, -1);
            dirs[n + 1] = (0, 1);
            n += 2;
        }
        if self.vertical {
            dirs[n] = (-1, 0);
            dirs[n + 1] = (1, 0);
            n += 2;
        }
        let dirs = &dirs[..n];
        let mut found = 0u64;
        match metric {
            Metric::Step | Metric::Straight => {
                for &(dr, dc) in dirs {
                    let (mut r, mut c) = (r0 + dr, c0 + dc);
                    while self.fits(r, c) {
                        found |= 1 << (r * width + c);
                        if metric == Metric::Step {
                            break;
                        }
                        r += dr;
                        c += dc;
                    }
                }
            }
            Metric::AnyPath => {
                // Flood fill over top-left cells: a set of at most 42 bits
                // is both the visited set and the work list.
                let start_bit = 1u64 << (r0 * width + c0);
                let mut seen = start_bit;
                let mut frontier = start_bit;
                while frontier != 0 {
                    let at = frontier.trailing_zeros() as i32;
                    frontier &= frontier - 1;
                    let (r, c) = (at / width, at % width);
                    for &(dr, dc) in dirs {
                        let (nr, nc) = (r + dr, c + dc);
                        if nr < 0 || nc < 0 || nc >= width {
                            continue;
                        }
                        let bit = 1u64 << (nr * width + nc);
                        if seen & bit == 0 && self.fits(nr, nc) {
                            seen |= bit;
                            frontier |= bit;
                        }
                    }
                }
                found = seen & !start_bit;
            }
        }
        found
    }
}

/// A position: the board's size, its style and its pieces. The pieces keep
/// their order through moves (the page draws each in its own colour), but
/// two positions that differ only in which of two identical pieces stands
/// where are the same to the solver.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    style: Style,
    width: u8,
    height: u8,
    pieces: Vec<Piece>,
}

impl Board {
    /// A board of `width` x `height` cells holding `pieces`; or why there
    /// can be none: a side of 0 or over [`MAX_SIDE`], more than
    /// [`MAX_CELLS`] cells, a piece off the board or over another, not
    /// exactly one piece to free, more than [`MAX_KINDS`] kinds of piece,
    /// and in Rush Hour a piece that is not a car or truck one cell wide,
    /// or a piece to free that is not horizontal.
    pub fn new(
        style: Style,
        width: u8,
        height: u8,
        pieces: Vec<Piece>,
    ) -> Result<Board, BlockError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(BlockError::Size { width, height });
        }
        if usize::from(width) * usize::from(height) > MAX_CELLS {
            return Err(BlockError::Size { width, height });
        }
        let mut occupied = 0u64;
        for piece in &pieces {
            if piece.rows == 0
                || piece.cols == 0
                || piece.row + piece.rows > height
                || piece.col + piece.cols > width
            {
                return Err(BlockError::OffBoard { at: piece.cell() });
            }
            let mask = cells_mask(
                width,
                piece.rows,
                piece.cols,
                u32::from(piece.row) * u32::from(width) + u32::from(piece.col),
            );
            if mask & occupied != 0 {
                return Err(BlockError::Overlap { at: piece.cell() });
            }
            occupied |= mask;
            if style == Style::RushHour
                && (piece.rows.min(piece.cols) != 1 || piece.rows == piece.cols)
            {
                return Err(BlockError::NotAVehicle { at: piece.cell() });
            }
        }
        let targets = pieces.iter().filter(|piece| piece.target).count();
        if targets != 1 {
            return Err(BlockError::Targets { found: targets });
        }
        let target = pieces.iter().find(|piece| piece.target).copied();
        if let Some(target) = target {
            if style == Style::RushHour && target.rows != 1 {
                return Err(BlockError::TargetNotHorizontal);
            }
            if style == Style::Klotski && (width - target.cols) % 2 != 0 {
                return Err(BlockError::TargetNotCentrable);
            }
        }
        let mut kinds: Vec<(u8, u8, bool)> = pieces.iter().map(Piece::kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        if kinds.len() > MAX_KINDS {
            return Err(BlockError::Kinds { found: kinds.len() });
        }
        Ok(Board {
            style,
            width,
            height,
            pieces,
        })
    }

    /// Which puzzle this is.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The number of columns: 1 to [`MAX_SIDE`], with at most [`MAX_CELLS`]
    /// cells in all (the constructor refuses other sizes).
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The number of rows, within the same limits as the width.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The pieces, in the order they were given.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The piece to free: every board has exactly one.
    pub fn target(&self) -> Piece {
        *self
            .pieces
            .iter()
            .find(|piece| piece.target)
            .expect("a board holds exactly one piece to free")
    }

    /// Where the piece to free must stand (its top-left cell): the middle
    /// of the bottom edge in Klotski, the right edge of its row in Rush
    /// Hour.
    pub fn goal(&self) -> Cell {
        let target = self.target();
        match self.style {
            Style::Klotski => Cell::new(self.height - target.rows, (self.width - target.cols) / 2),
            Style::RushHour => Cell::new(target.row, self.width - target.cols),
        }
    }

    /// Whether the piece to free stands at [`Board::goal`].
    pub fn is_won(&self) -> bool {
        self.target().cell() == self.goal()
    }

    /// The cell number of `cell`.
    fn index(&self, cell: Cell) -> u32 {
        u32::from(cell.row) * u32::from(self.width) + u32::from(cell.col)
    }

    /// The cells every piece but the one at `skip` (an index) holds.
    fn occupied_without(&self, skip: Option<usize>) -> u64 {
        self.pieces
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != skip)
            .fold(0, |mask, (_, piece)| {
                mask | cells_mask(self.width, piece.rows, piece.cols, self.index(piece.cell()))
            })
    }

    /// The index of the piece covering `cell`, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<usize> {
        self.pieces.iter().position(|piece| piece.covers(cell))
    }

    /// The index of the piece whose top-left cell is `cell`, if any.
    pub fn piece_from(&self, cell: Cell) -> Option<usize> {
        self.pieces.iter().position(|piece| piece.cell() == cell)
    }

    /// The geometry of the moves of piece number `index`.
    pub fn slider(&self, index: usize) -> Slider {
        let piece = self.pieces[index];
        let (horizontal, vertical) = axes(self.style, piece.rows, piece.cols);
        Slider {
            width: self.width,
            height: self.height,
            occupied: self.occupied_without(Some(index)),
            rows: piece.rows,
            cols: piece.cols,
            horizontal,
            vertical,
        }
    }

    /// The top-left cells piece number `index` can reach in one move of
    /// `metric`, in reading order.
    pub fn destinations(&self, index: usize, metric: Metric) -> Vec<Cell> {
        let mut reach = self.slider(index).reach(self.pieces[index].cell(), metric);
        let mut cells = Vec::new();
        while reach != 0 {
            let at = reach.trailing_zeros() as u8;
            reach &= reach - 1;
            cells.push(Cell::new(at / self.width, at % self.width));
        }
        cells
    }

    /// Every legal move of `metric`, piece by piece.
    pub fn moves(&self, metric: Metric) -> Vec<BlockMove> {
        (0..self.pieces.len())
            .flat_map(|index| {
                let from = self.pieces[index].cell();
                self.destinations(index, metric)
                    .into_iter()
                    .map(move |to| BlockMove { from, to })
            })
            .collect()
    }

    /// The position after `mv`, a move of `metric`; or why it is not legal
    /// here: no piece has its top-left cell at `mv.from`, or the piece
    /// cannot get to `mv.to` in one such move. Pure.
    pub fn apply(&self, mv: BlockMove, metric: Metric) -> Result<Board, BlockError> {
        let index = self
            .piece_from(mv.from)
            .ok_or(BlockError::NoPiece { at: mv.from })?;
        if mv.to.row >= self.height || mv.to.col >= self.width {
            return Err(BlockError::Unreachable { mv, metric });
        }
        let reach = self.slider(index).reach(mv.from, metric);
        if reach & (1 << self.index(mv.to)) == 0 {
            return Err(BlockError::Unreachable { mv, metric });
        }
        let mut next = self.clone();
        next.pieces[index].row = mv.to.row;
        next.pieces[index].col = mv.to.col;
        Ok(next)
    }

    /// The piece (its index) and move that take this board to `other`, if
    /// exactly one piece differs between them (whether the move is legal
    /// is for [`Board::apply`] to say).
    pub fn moved_piece(&self, other: &Board) -> Option<(usize, BlockMove)> {
        if self.pieces.len() != other.pieces.len()
            || (self.width, self.height, self.style) != (other.width, other.height, other.style)
        {
            return None;
        }
        let mut changed = self
            .pieces
            .iter()
            .zip(&other.pieces)
            .enumerate()
            .filter(|(_, (a, b))| a != b);
        let (index, (a, b)) = changed.next()?;
        if changed.next().is_some() || a.kind() != b.kind() {
            return None;
        }
        Some((
            index,
            BlockMove {
                from: a.cell(),
                to: b.cell(),
            },
        ))
    }
}
