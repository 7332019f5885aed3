//! Moves: what a player or the solver asks for, and applying it to a board.
//!
//! Applying is pure: [`Board::apply`] returns a new board or an error and never
//! changes the old one, so undo is a stack of boards.

use std::fmt;

use super::board::{Board, BLANK};
use crate::quote::quote;

/// One of the four directions on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Dir {
    /// All four directions, in the order of their letters `u d l r`.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The direction that undoes this one.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The change in (row, column) of one step this way.
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The letter naming this direction: `u`, `d`, `l` or `r`.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'u',
            Dir::Down => 'd',
            Dir::Left => 'l',
            Dir::Right => 'r',
        }
    }

    /// The direction a letter names (either case), if any.
    pub fn from_letter(letter: char) -> Option<Dir> {
        match letter.to_ascii_lowercase() {
            'u' => Some(Dir::Up),
            'd' => Some(Dir::Down),
            'l' => Some(Dir::Left),
            'r' => Some(Dir::Right),
            _ => None,
        }
    }

    /// A small index (0..4) in the order of [`Dir::ALL`], for tables.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a written sequence of moves names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Each letter is the direction the blank moves (`rrdl...`).
    Blank,
    /// Each letter is the direction the slid tile moves: the opposite of the
    /// blank's.
    Tile,
}

/// A move as the player or the solver asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Slide this tile towards the blank. A tile next to the blank moves one
    /// cell; a tile further along the blank's row or column moves together with
    /// every tile between it and the blank. Each tile moved counts as one move.
    Slide(u8),
    /// Slide the tile next to the blank in this direction (the arrow keys).
    Push(Dir),
    /// Move the blank one cell in this direction (the solver's notation).
    Blank(Dir),
}

/// Why a move could not be made. Messages are lower-case sentences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The board has no such tile.
    NoSuchTile {
        /// The tile asked for, larger than any on the board.
        tile: u8,
        /// The largest tile on the board.
        max: usize,
    },
    /// The blank was named as the tile to slide.
    BlankIsNotATile,
    /// The tile is neither in the blank's row nor in its column.
    NotInLine {
        /// The tile asked for: on the board (else [`NoSuchTile`](Self::NoSuchTile))
        /// and not the blank (else [`BlankIsNotATile`](Self::BlankIsNotATile)).
        tile: u8,
    },
    /// No tile lies on that side of the blank.
    OffBoard {
        /// The direction the blank would have moved.
        blank_dir: Dir,
    },
    /// A written move that is not one of the four letters.
    BadLetter {
        /// 1-based position of the letter in the text.
        position: usize,
        /// The character found, quoted back in the message.
        letter: char,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoSuchTile { tile, max } => {
                write!(f, "there is no tile {tile}: tiles are numbered 1 to {max}")
            }
            MoveError::BlankIsNotATile => {
                f.write_str("the blank cannot be slid: choose a tile in the blank's row or column")
            }
            MoveError::NotInLine { tile } => {
                write!(
                    f,
                    "tile {tile} cannot slide: it is not in the blank's row or column"
                )
            }
            MoveError::OffBoard { blank_dir } => {
                let side = match blank_dir {
                    Dir::Up => "above",
                    Dir::Down => "below",
                    Dir::Left => "to the left of",
                    Dir::Right => "to the right of",
                };
                write!(f, "no tile lies {side} the blank")
            }
            MoveError::BadLetter { position, letter } => write!(
                f,
                "move {position}: {letter} is not a direction (use u, d, l or r)",
                letter = quote(&letter.to_string())
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// The cell one step from `cell` in direction `dir` on a `width` x `height`
/// grid, if it is on the grid.
pub fn neighbor_cell(width: usize, height: usize, cell: usize, dir: Dir) -> Option<usize> {
    let (row, col) = (cell / width, cell % width);
    let (dr, dc) = dir.delta();
    let row = row.checked_add_signed(dr).filter(|&r| r < height)?;
    let col = col.checked_add_signed(dc).filter(|&c| c < width)?;
    Some(row * width + col)
}

impl Board {
    /// The cell one step from `cell` in direction `dir`, if it is on the board.
    pub fn neighbor(&self, cell: usize, dir: Dir) -> Option<usize> {
        neighbor_cell(self.width(), self.height(), cell, dir)
    }

    /// Applies a move and returns the new board; `self` is left unchanged.
    pub fn apply(&self, mv: Move) -> Result<Board, MoveError> {
        match mv {
            Move::Blank(dir) => self.step_blank(dir),
            Move::Push(dir) => self.step_blank(dir.opposite()),
            Move::Slide(tile) => {
                let (dir, count) = self.blank_run_to(tile)?;
                let mut board = self.clone();
                for _ in 0..count {
                    board = board.step_blank(dir)?;
                }
                Ok(board)
            }
        }
    }

    /// The direction the blank travels, and how many cells, to slide `tile`
    /// (with the tiles between them).
    pub fn blank_run_to(&self, tile: u8) -> Result<(Dir, usize), MoveError> {
        if tile == BLANK {
            return Err(MoveError::BlankIsNotATile);
        }
        let cell = self.cell_of(tile).ok_or(MoveError::NoSuchTile {
            tile,
            max: self.cells() - 1,
        })?;
        let (tile_row, tile_col) = self.row_col(cell);
        let (blank_row, blank_col) = self.row_col(self.blank());
        if tile_row == blank_row {
            Ok(if tile_col < blank_col {
                (Dir::Left, blank_col - tile_col)
            } else {
                (Dir::Right, tile_col - blank_col)
            })
        } else if tile_col == blank_col {
            Ok(if tile_row < blank_row {
                (Dir::Up, blank_row - tile_row)
            } else {
                (Dir::Down, tile_row - blank_row)
            })
        } else {
            Err(MoveError::NotInLine { tile })
        }
    }

    /// Whether `tile` can be slid now (alone or with the tiles between it and
    /// the blank).
    pub fn can_slide(&self, tile: u8) -> bool {
        self.blank_run_to(tile).is_ok()
    }

    /// The tile that moves when the blank steps in `blank_dir`, if any.
    pub fn tile_moved_by(&self, blank_dir: Dir) -> Option<u8> {
        self.neighbor(self.blank(), blank_dir)
            .map(|cell| self.tile_at(cell))
    }

    fn step_blank(&self, dir: Dir) -> Result<Board, MoveError> {
        let target = self
            .neighbor(self.blank(), dir)
            .ok_or(MoveError::OffBoard { blank_dir: dir })?;
        let mut tiles = self.tiles().to_vec();
        tiles.swap(self.blank(), target);
        let mut board = self.clone();
        board.set_tiles(tiles, target);
        Ok(board)
    }

    /// Applies a path of blank moves in order.
    pub fn apply_path(&self, path: &[Dir]) -> Result<Board, MoveError> {
        path.iter()
            .try_fold(self.clone(), |board, &dir| board.step_blank(dir))
    }

    /// The tiles slid, one per move, by a path of blank moves.
    pub fn tiles_for_path(&self, path: &[Dir]) -> Result<Vec<u8>, MoveError> {
        let mut board = self.clone();
        let mut tiles = Vec::with_capacity(path.len());
        for &dir in path {
            tiles.push(
                board
                    .tile_moved_by(dir)
                    .ok_or(MoveError::OffBoard { blank_dir: dir })?,
            );
            board = board.step_blank(dir)?;
        }
        Ok(tiles)
    }

    /// How many single-cell moves separate two boards that differ by one
    /// slide: the blank's travel.
    pub fn slide_length(&self, after: &Board) -> usize {
        let (r0, c0) = self.row_col(self.blank());
        let (r1, c1) = after.row_col(after.blank());
        r0.abs_diff(r1) + c0.abs_diff(c1)
    }
}

/// Reads a written sequence of moves (letters `u d l r`, either case; spaces,
/// commas and other separators between them are ignored) and returns them as
/// blank directions.
pub fn parse_moves(text: &str, notation: Notation) -> Result<Vec<Dir>, MoveError> {
    text.chars()
        .enumerate()
        .filter(|(_, c)| !(c.is_whitespace() || *c == ',' || *c == ';'))
        .map(|(i, c)| {
            let dir = Dir::from_letter(c).ok_or(MoveError::BadLetter {
                position: i + 1,
                letter: c,
            })?;
            Ok(match notation {
                Notation::Blank => dir,
                Notation::Tile => dir.opposite(),
            })
        })
        .collect()
}

/// Writes blank directions as letters in the chosen notation.
pub fn format_moves(path: &[Dir], notation: Notation) -> String {
    path.iter()
        .map(|&dir| match notation {
            Notation::Blank => dir.letter(),
            Notation::Tile => dir.opposite().letter(),
        })
        .collect()
}
