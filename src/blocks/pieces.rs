//! The vocabulary of a sliding-block board, shared by the board, its
//! errors and its text: cells, pieces and their styles, moves, and the
//! cell sets (`u64`, bit `n` for cell `n`) a piece covers.

/// The most cells a board may have (3 bits a cell in the solver's key).
pub const MAX_CELLS: usize = 42;
/// The most rows or columns a board may have.
pub const MAX_SIDE: u8 = 8;
/// The most different kinds of piece (shape, and whether it is the one to
/// free) a board may hold: a key gives each cell 3 bits, 0 being empty.
pub const MAX_KINDS: usize = 7;

/// Which puzzle a board is: how its pieces move and where the piece to
/// free must go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// Klotski (Huarong Dao): every piece slides in any direction; the
    /// piece to free must reach the middle of the bottom edge.
    Klotski,
    /// Rush Hour: a piece longer than wide slides only up and down, one
    /// wider than long only left and right; the piece to free (a
    /// horizontal car) must reach the right edge.
    RushHour,
}

impl Style {
    /// The style's id in text (`klotski`, `rush-hour`).
    pub fn id(self) -> &'static str {
        match self {
            Style::Klotski => "klotski",
            Style::RushHour => "rush-hour",
        }
    }

    /// The style whose [`Style::id`] is `id` (`rush hour` and `rushhour`
    /// too).
    pub fn from_id(id: &str) -> Option<Style> {
        match id.trim().to_ascii_lowercase().as_str() {
            "klotski" => Some(Style::Klotski),
            "rush-hour" | "rush hour" | "rushhour" => Some(Style::RushHour),
            _ => None,
        }
    }

    /// The puzzle's name, for the player.
    pub fn name(self) -> &'static str {
        match self {
            Style::Klotski => "Klotski",
            Style::RushHour => "Rush Hour",
        }
    }
}

/// A cell of the board, from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, 0 at the top.
    pub row: u8,
    /// The column, 0 at the left.
    pub col: u8,
}

impl Cell {
    /// The cell at `row`, `col`.
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// The cell's name: its column as a letter and its row as a number
    /// from 1 at the top (`a1` is the top-left corner).
    pub fn name(self) -> String {
        format!("{}{}", char::from(b'a' + self.col), self.row + 1)
    }

    /// The cell named `name` (see [`Cell::name`]), if it is a name.
    pub fn named(name: &str) -> Option<Cell> {
        let mut chars = name.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let row: u8 = chars.as_str().parse().ok()?;
        (row >= 1).then(|| Cell::new(row - 1, letter as u8 - b'a'))
    }
}

/// A piece: its size, where its top-left cell stands, and whether it is
/// the piece to free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its top-left cell's row.
    pub row: u8,
    /// Its top-left cell's column.
    pub col: u8,
    /// How many rows it covers.
    pub rows: u8,
    /// How many columns it covers.
    pub cols: u8,
    /// Whether it is the piece to free.
    pub target: bool,
}

impl Piece {
    /// Its top-left cell.
    pub fn cell(&self) -> Cell {
        Cell::new(self.row, self.col)
    }

    /// Whether it covers `cell`.
    pub fn covers(&self, cell: Cell) -> bool {
        (self.row..self.row + self.rows).contains(&cell.row)
            && (self.col..self.col + self.cols).contains(&cell.col)
    }

    /// Its kind: what makes two pieces interchangeable.
    pub fn kind(&self) -> (u8, u8, bool) {
        (self.rows, self.cols, self.target)
    }
}

/// A move: the piece whose top-left cell is `from` goes to stand with its
/// top-left cell at `to`. Naming pieces by their cell rather than by a
/// number makes identical pieces interchangeable, as the solver treats
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockMove {
    /// The moving piece's top-left cell before the move.
    pub from: Cell,
    /// Its top-left cell after.
    pub to: Cell,
}

impl BlockMove {
    /// The move as `from-to` in cell names (`b4-b2`).
    pub fn name(&self) -> String {
        format!("{}-{}", self.from.name(), self.to.name())
    }

    /// The move named `text` (see [`BlockMove::name`]), if it is one.
    pub fn named(text: &str) -> Option<BlockMove> {
        let (from, to) = text.split_once('-')?;
        Some(BlockMove {
            from: Cell::named(from)?,
            to: Cell::named(to)?,
        })
    }
}

/// The directions a piece of `rows` x `cols` may slide in `style`, as
/// (horizontally, vertically).
pub fn axes(style: Style, rows: u8, cols: u8) -> (bool, bool) {
    match style {
        Style::Klotski => (true, true),
        Style::RushHour => (cols > rows, rows > cols),
    }
}

/// The cells a piece of `rows` x `cols` covers with its top-left cell at
/// cell number `at`, on a board `width` wide.
#[inline]
pub fn cells_mask(width: u8, rows: u8, cols: u8, at: u32) -> u64 {
    let line = (1u64 << cols) - 1;
    let mut mask = 0;
    for r in 0..u32::from(rows) {
        mask |= line << (at + r * u32::from(width));
    }
    mask
}
