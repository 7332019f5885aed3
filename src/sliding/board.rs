//! The board: a solvable arrangement of numbered tiles and one blank on a grid.

use std::fmt;
use std::ops::RangeInclusive;

pub use super::parity::goal_cell;
use super::parity::is_solvable;
use crate::quote::quote;
use crate::wording::count;

/// The smallest width or height a board may have.
pub const MIN_SIDE: usize = 2;
/// The largest width or height a board may have.
pub const MAX_SIDE: usize = 10;
/// The size policy, in one place: the sides a board may have, in tiles.
/// Every check and clamp of a board's size reads it: a board built
/// ([`check_size`]), the address (`?size=`, clamped with [`clamp_side`]), a
/// size chosen or typed (`app::sliding::parse_size`), a board's text and
/// the JS API.
pub const SIDES: RangeInclusive<usize> = MIN_SIDE..=MAX_SIDE;
/// The tile number that stands for the blank cell.
pub const BLANK: u8 = 0;

/// A sliding-puzzle position of `width` x `height` cells.
///
/// Tiles are numbered `1..width*height` and stored row-major; [`BLANK`] marks the
/// empty cell. The goal has the tiles in order with the blank bottom-right.
///
/// Invariant: every `Board` holds each tile exactly once and is solvable, so
/// any position that can be built can be solved; unsolvable input is refused
/// by the constructors with [`BoardError::Unsolvable`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    tiles: Vec<u8>,
    blank: u8,
}

/// Why a board could not be built or read. Messages are lower-case sentences
/// fit to show a player as they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Width or height outside `MIN_SIDE..=MAX_SIDE`.
    Size {
        /// The width asked for (it or the height is out of range).
        width: usize,
        /// The height asked for, as given; both sides are quoted back in the
        /// message.
        height: usize,
    },
    /// The number of tiles does not match the size.
    TileCount {
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
        /// How many tiles were given.
        found: usize,
    },
    /// A tile number outside `0..width*height`.
    TileOutOfRange {
        /// The number as given: negative, or above `max`.
        tile: i64,
        /// The largest tile number the board has.
        max: usize,
    },
    /// A value that is not a whole number.
    NotATile {
        /// The value as given, quoted back in the message.
        value: String,
    },
    /// A tile given twice, which leaves another missing.
    Duplicate {
        /// The tile given twice.
        tile: u8,
        /// The smallest tile number not given.
        missing: u8,
    },
    /// A valid arrangement that no sequence of moves brings to the goal.
    Unsolvable,
    /// No board in the text.
    Empty,
    /// Text that does not read as a board, with the reason.
    Syntax {
        /// What is wrong with it.
        reason: String,
    },
    /// An error found in the text at a given line.
    AtLine {
        /// 1-based line number in the text.
        line: usize,
        /// What is wrong there.
        error: Box<BoardError>,
    },
    /// A text that holds several boards where one was expected.
    SeveralBoards {
        /// How many boards the text holds.
        count: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size { width, height } => write!(
                f,
                "a {width}x{height} board is not supported: width and height must each be \
                 between {MIN_SIDE} and {MAX_SIDE}"
            ),
            BoardError::TileCount {
                width,
                height,
                found,
            } => write!(
                f,
                "a {width}x{height} board needs {} (0 for the blank), found {found}",
                count(width.saturating_mul(*height) as u64, "tile", "tiles")
            ),
            BoardError::TileOutOfRange { tile, max } => {
                write!(
                    f,
                    "tile {tile} is out of range: tiles are numbered 0 (the blank) to {max}"
                )
            }
            BoardError::NotATile { value } => {
                write!(
                    f,
                    "{value} is not a tile number: tiles are whole numbers, 0 or * for the blank",
                    value = quote(value)
                )
            }
            BoardError::Duplicate {
                tile: BLANK,
                missing,
            } => {
                write!(
                    f,
                    "the board has more than one blank, and tile {missing} is missing"
                )
            }
            BoardError::Duplicate {
                tile,
                missing: BLANK,
            } => {
                write!(
                    f,
                    "tile {tile} appears more than once, and the blank (0) is missing"
                )
            }
            BoardError::Duplicate { tile, missing } => {
                write!(
                    f,
                    "tile {tile} appears more than once, and tile {missing} is missing"
                )
            }
            BoardError::Unsolvable => f.write_str(
                "this board is unsolvable: it is an odd number of swaps away from the goal \
                 (as if two tiles had been swapped), and no sequence of slides can fix that",
            ),
            BoardError::Empty => f.write_str("no board found: the text holds no tiles"),
            BoardError::Syntax { reason } => f.write_str(reason),
            BoardError::AtLine { line, error } => write!(f, "line {line}: {error}"),
            BoardError::SeveralBoards { count: boards } => {
                write!(
                    f,
                    "the text holds {} where one was expected",
                    count(*boards as u64, "board", "boards")
                )
            }
        }
    }
}

impl std::error::Error for BoardError {}

impl BoardError {
    /// The error itself, without the line number text errors carry.
    pub fn root(&self) -> &BoardError {
        match self {
            BoardError::AtLine { error, .. } => error.root(),
            other => other,
        }
    }

    /// The line of the text where the error was found, if it came from text.
    pub fn line(&self) -> Option<usize> {
        match self {
            BoardError::AtLine { line, .. } => Some(*line),
            _ => None,
        }
    }
}

/// Checks a width and height against [`SIDES`].
pub fn check_size(width: usize, height: usize) -> Result<(), BoardError> {
    let ok = |side| SIDES.contains(&side);
    if ok(width) && ok(height) {
        Ok(())
    } else {
        Err(BoardError::Size { width, height })
    }
}

/// The side in [`SIDES`] nearest to `side`.
pub fn clamp_side(side: u128) -> usize {
    side.clamp(MIN_SIDE as u128, MAX_SIDE as u128) as usize
}

/// The width and height of a size written `WxH` (with `x`, `X` or `×`),
/// untrimmed; `None` if there is no separator. Whether each is a side is
/// the caller's to say (a typed size is refused, an address clamped).
pub fn split_size(text: &str) -> Option<(&str, &str)> {
    text.split_once(['x', 'X', '×'])
}

impl Board {
    /// The solved board of the given size.
    pub fn solved(width: usize, height: usize) -> Result<Board, BoardError> {
        check_size(width, height)?;
        let cells = width * height;
        let mut tiles: Vec<u8> = (1..cells as u8).collect();
        tiles.push(BLANK);
        Ok(Board {
            width: width as u8,
            height: height as u8,
            tiles,
            blank: (cells - 1) as u8,
        })
    }

    /// Builds a board from its tiles in row-major order, 0 for the blank.
    ///
    /// Refuses, with a message naming the problem, a size out of range, a wrong
    /// number of tiles, numbers out of range, repeated tiles and unsolvable
    /// arrangements.
    pub fn from_tiles<T: Copy + Into<i64>>(
        width: usize,
        height: usize,
        tiles: &[T],
    ) -> Result<Board, BoardError> {
        let board = Board::from_permutation(width, height, tiles)?;
        if is_solvable(width, height, &board.tiles) {
            Ok(board)
        } else {
            Err(BoardError::Unsolvable)
        }
    }

    /// Checks everything `from_tiles` checks except solvability. The result
    /// may break the solvability invariant, so it stays inside the crate.
    pub(crate) fn from_permutation<T: Copy + Into<i64>>(
        width: usize,
        height: usize,
        tiles: &[T],
    ) -> Result<Board, BoardError> {
        check_size(width, height)?;
        let cells = width * height;
        if tiles.len() != cells {
            return Err(BoardError::TileCount {
                width,
                height,
                found: tiles.len(),
            });
        }
        let mut seen = vec![false; cells];
        let mut repeated = None;
        let mut narrowed = Vec::with_capacity(cells);
        for &tile in tiles {
            let tile: i64 = tile.into();
            if tile < 0 || tile >= cells as i64 {
                return Err(BoardError::TileOutOfRange {
                    tile,
                    max: cells - 1,
                });
            }
            let tile = tile as usize;
            if seen[tile] && repeated.is_none() {
                repeated = Some(tile as u8);
            }
            seen[tile] = true;
            narrowed.push(tile as u8);
        }
        if let Some(tile) = repeated {
            let missing = seen
                .iter()
                .position(|&present| !present)
                .expect("a repeated tile among exactly `cells` values leaves one missing");
            return Err(BoardError::Duplicate {
                tile,
                missing: missing as u8,
            });
        }
        let blank = narrowed
            .iter()
            .position(|&tile| tile == BLANK)
            .expect("a permutation of 0..cells holds the blank");
        Ok(Board {
            width: width as u8,
            height: height as u8,
            tiles: narrowed,
            blank: blank as u8,
        })
    }

    /// Builds a board whose tiles are already known to be a solvable
    /// permutation (search results, shuffles).
    pub(crate) fn from_trusted(width: usize, height: usize, tiles: Vec<u8>) -> Board {
        debug_assert!(Board::from_tiles(width, height, &tiles).is_ok());
        let blank = tiles
            .iter()
            .position(|&tile| tile == BLANK)
            .expect("trusted tiles hold the blank");
        Board {
            width: width as u8,
            height: height as u8,
            tiles,
            blank: blank as u8,
        }
    }

    /// Number of columns: [`MIN_SIDE`] to [`MAX_SIDE`], checked when the board
    /// is built.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Number of rows, within the same limits as the width.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// Number of cells, the blank's included.
    pub fn cells(&self) -> usize {
        self.tiles.len()
    }

    /// The tiles in row-major order, 0 for the blank.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The blank's cell index (row-major).
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The tile at a cell index, 0 for the blank.
    ///
    /// # Panics
    /// If `cell` is not on the board.
    pub fn tile_at(&self, cell: usize) -> u8 {
        self.tiles[cell]
    }

    /// The cell index holding `tile`, if the board has such a tile.
    pub fn cell_of(&self, tile: u8) -> Option<usize> {
        self.tiles.iter().position(|&t| t == tile)
    }

    /// The (row, column) of a cell index.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.width(), cell % self.width())
    }

    /// The cell a tile occupies in the goal; the blank's is the last cell.
    pub fn goal_cell(&self, tile: u8) -> usize {
        goal_cell(tile, self.cells())
    }

    /// Whether the tiles are in goal order with the blank bottom-right.
    pub fn is_solved(&self) -> bool {
        self.blank() == self.cells() - 1
            && self.tiles[..self.cells() - 1]
                .iter()
                .enumerate()
                .all(|(cell, &tile)| usize::from(tile) == cell + 1)
    }

    /// Replaces the tiles; the caller keeps the permutation and solvability.
    pub(crate) fn set_tiles(&mut self, tiles: Vec<u8>, blank: usize) {
        debug_assert_eq!(tiles[blank], BLANK);
        self.tiles = tiles;
        self.blank = blank as u8;
    }
}

impl fmt::Display for Board {
    /// Rows of right-aligned numbers, 0 for the blank (the first text format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = (self.cells() - 1).to_string().len();
        for (row, line) in self.tiles.chunks(self.width()).enumerate() {
            if row > 0 {
                writeln!(f)?;
            }
            for (col, tile) in line.iter().enumerate() {
                if col > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{tile:>digits$}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{} {:?}", self.width, self.height, self.tiles)
    }
}
