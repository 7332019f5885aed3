//! Additive pattern databases (Korf and Felner, 2002), for boards of up to
//! 32 cells: the 4x4 solver's and the 5x5 one's.
//!
//! A pattern is a group of tiles. Its table holds, for every placement of
//! those tiles on the board, the fewest moves *of those tiles* needed to bring
//! them home, wherever the other tiles and the blank are. Moves of other tiles
//! cost nothing there, so tables of disjoint groups can be added: each move
//! moves one tile, counted by one table at most. The sum never overestimates
//! the distance to the goal, and is never below the Manhattan distance (each
//! table counts at least the Manhattan distance of its tiles).
//!
//! Tables are built by breadth-first search from the goal over (placement,
//! blank cell) states, with moves of non-pattern tiles costing 0; an entry is
//! the minimum over blank cells. Entries are indexed by the rank of the
//! placement (a perfect hash: a 6-tile table of the 4x4 has 16!/10! =
//! 5,765,760 entries, a 5-tile table of the 5x5 25!/20! = 6,375,600).
//!
//! An entry is never below the pattern tiles' Manhattan distance and has the
//! same parity, so what a table stores is `(entry - manhattan) / 2`, in 2
//! bits: values above 3 are stored as 3, which keeps the estimate admissible
//! (it can only lower it) and affects under 2% of the entries of a 7-tile
//! pattern and 0.2% of a 6-tile one. A quarter of a byte per entry keeps a
//! 7-tile table to 14.4 MB and a 6-tile one to 1.4 MB; the search's speed
//! depends on how much of them the processor's cache holds. The Manhattan part
//! is tracked by the search move by move.
//!
//! Here: a table, its lookups and its file format; in `rank`, the perfect
//! hash of placements; in `build`, the breadth-first search that fills a
//! table, with its progress.

mod build;
mod memory;
mod rank;

pub use build::{BuildProgress, PatternBuild};
pub use rank::{placements, placements_on, rank, rank_on, unrank, unrank_on};

use std::fmt;

/// Cells of the 4x4 board.
pub const CELLS: usize = 16;
/// Width of the 4x4 board.
const WIDTH: usize = 4;
/// The most tiles a pattern may hold (a 7-tile table is 57.6M entries).
pub const MAX_PATTERN: usize = 7;
/// The most cells a board with pattern tables may have (cell sets are
/// 32-bit masks).
pub const MAX_CELLS: usize = 32;

/// Why a table could not be read from bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError(pub String);

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad pattern table: {}", self.0)
    }
}

impl std::error::Error for TableError {}

/// Where a table's goal leaves the blank.
///
/// With the pattern's tiles home, the other cells fall into one or more
/// regions the blank can move about in freely (on the 4x4, tiles 9-15 home
/// shut the bottom-right corner off from the top two rows). A table whose
/// goal allows the blank in any of them is admissible whatever the real
/// goal's blank cell; one whose goal allows only the region holding the real
/// goal's blank cell is admissible only there, but counts the pattern moves
/// that bring the blank (and so the other tiles) in or out of it: on the
/// 4x4, a tile that is not a pattern tile stuck in the corner behind tiles
/// 12 and 15 costs their moves to get out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlankGoal {
    /// In any region.
    Anywhere,
    /// In the region holding this cell (a free cell of the goal placement).
    Near(u8),
}

/// The table of one pattern: for each placement, half the moves beyond the
/// tiles' Manhattan distance (at most 3), 2 bits each.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternTable {
    /// The board's width and height.
    width: u8,
    height: u8,
    tiles: Vec<u8>,
    /// Where the goal the entries count moves to leaves the blank.
    blank: BlankGoal,
    /// Four entries a byte, the lowest index in the lowest bits.
    extra: Vec<u8>,
    len: usize,
}

impl fmt::Debug for PatternTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "PatternTable {}x{} {:?} blank {:?} ({} entries)",
            self.width, self.height, self.tiles, self.blank, self.len
        )
    }
}

/// The goal cell of tile `t` (1..cells-1): the blank's is the last.
#[inline]
fn home(tile: u8) -> u8 {
    tile - 1
}

/// Row plus column distance between two cells of the 4x4 board.
#[inline]
pub fn distance(a: u8, b: u8) -> u8 {
    distance_on(a, b, WIDTH)
}

/// Row plus column distance between two cells of a board `width` wide.
#[inline]
pub fn distance_on(a: u8, b: u8, width: usize) -> u8 {
    let (a, b) = (usize::from(a), usize::from(b));
    ((a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)) as u8
}

/// The largest extra an entry holds.
const MAX_EXTRA: u8 = 3;
/// Entries per byte: each entry holds 2 bits.
const PER_BYTE: usize = 4;

const MAGIC: &[u8; 8] = b"SLIDEPDB";
/// Tables whose goal leaves the blank anywhere; their header ends with the
/// pattern.
const FORMAT_VERSION: u8 = 4;
/// Tables whose goal leaves the blank in one region: one more header byte,
/// after the pattern's size, names a cell of it.
const FORMAT_VERSION_REGION: u8 = 5;

impl PatternTable {
    /// The board's width and height.
    pub fn shape(&self) -> (usize, usize) {
        (usize::from(self.width), usize::from(self.height))
    }

    /// The pattern's tiles, in the order their cells are ranked.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// Where the goal the entries count moves to leaves the blank.
    pub fn blank_goal(&self) -> BlankGoal {
        self.blank
    }

    /// The cells (as bits) where the blank may stand at the goal this
    /// table's entries count moves to: every cell a pattern tile's home is
    /// not, or the region of them its [`BlankGoal::Near`] cell is in. The
    /// table is admissible for a goal whose blank is on one of them.
    pub fn blank_goal_cells(&self) -> u32 {
        let (width, height) = self.shape();
        build::blank_goal_cells(width, height, &self.tiles, self.blank)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has no entries (never, for a built table).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Half the moves beyond the Manhattan distance that the pattern's tiles
    /// need from the placement ranked `index` (see [`rank()`](rank::rank)).
    #[inline(always)]
    pub fn extra(&self, index: usize) -> u8 {
        (self.extra[index / PER_BYTE] >> (2 * (index % PER_BYTE))) & MAX_EXTRA
    }

    /// The fewest moves of the pattern's tiles from `cells` (in pattern
    /// order): their Manhattan distance plus twice the stored extra.
    pub fn lookup(&self, cells: &[u8]) -> u8 {
        let width = usize::from(self.width);
        let manhattan: u8 = self
            .tiles
            .iter()
            .zip(cells)
            .map(|(&tile, &cell)| distance_on(home(tile), cell, width))
            .sum();
        let board_cells = width * usize::from(self.height);
        manhattan + 2 * self.extra(rank_on(cells, board_cells))
    }

    /// The table as bytes: a header naming the pattern, then the packed
    /// entries.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.extra.len() + 16);
        bytes.extend_from_slice(MAGIC);
        match self.blank {
            BlankGoal::Anywhere => bytes.push(FORMAT_VERSION),
            BlankGoal::Near(_) => bytes.push(FORMAT_VERSION_REGION),
        }
        bytes.push(self.width);
        bytes.push(self.height);
        bytes.push(self.tiles.len() as u8);
        if let BlankGoal::Near(cell) = self.blank {
            bytes.push(cell);
        }
        bytes.extend_from_slice(&self.tiles);
        bytes.extend_from_slice(&self.extra);
        bytes
    }

    /// Reads a table written by [`PatternTable::to_bytes`], checking that it
    /// is whole and that its entries are plausible.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternTable, TableError> {
        PatternTable::from_vec(bytes.to_vec())
    }

    /// Reads a table written by [`PatternTable::to_bytes`], keeping the
    /// buffer as the table's storage (the header is removed in place), so
    /// that loading needs no second copy of the entries; natively on Linux
    /// the entries are copied once, into memory asked to be backed by huge
    /// pages (see `memory`).
    pub fn from_vec(bytes: Vec<u8>) -> Result<PatternTable, TableError> {
        let error = |reason: &str| TableError(reason.to_string());
        let mut header = MAGIC.len() + 4;
        if bytes.len() < header || !bytes.starts_with(MAGIC) {
            return Err(error("not a pattern table (wrong magic bytes)"));
        }
        let version = bytes[MAGIC.len()];
        let region = match version {
            FORMAT_VERSION => false,
            FORMAT_VERSION_REGION => true,
            _ => {
                return Err(error(&format!(
                    "format version {version}, expected {FORMAT_VERSION} or \
                     {FORMAT_VERSION_REGION}"
                )))
            }
        };
        let (width, height) = (bytes[MAGIC.len() + 1], bytes[MAGIC.len() + 2]);
        let cells = usize::from(width) * usize::from(height);
        if width < 2 || height < 2 || cells > MAX_CELLS {
            return Err(error(&format!("a {width}x{height} board has no tables")));
        }
        let k = usize::from(bytes[MAGIC.len() + 3]);
        let mut blank = BlankGoal::Anywhere;
        if region {
            let cell = *bytes.get(header).ok_or_else(|| error("truncated header"))?;
            blank = BlankGoal::Near(cell);
            header += 1;
        }
        if !(1..=MAX_PATTERN).contains(&k) || bytes.len() < header + k {
            return Err(error("bad pattern size"));
        }
        let tiles = bytes[header..header + k].to_vec();
        if tiles.iter().any(|&t| !(1..cells as u8).contains(&t)) {
            return Err(error("tile out of range"));
        }
        let mut distinct = tiles.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() != k {
            return Err(error("a tile appears twice in the pattern"));
        }
        if let BlankGoal::Near(cell) = blank {
            if !build::is_free_at_goal(cells, &tiles, cell) {
                return Err(error(&format!(
                    "the blank's goal cell {cell} is not a free cell of the goal"
                )));
            }
        }
        let len = placements_on(k, cells);
        let stored = bytes.len() - header - k;
        if stored != len.div_ceil(PER_BYTE) {
            return Err(error(&format!(
                "{stored} bytes where a {k}-tile pattern needs {}",
                len.div_ceil(PER_BYTE)
            )));
        }
        let table = PatternTable {
            width,
            height,
            tiles,
            blank,
            extra: memory::table_storage(bytes, header + k),
            len,
        };
        let goal: Vec<u8> = table.tiles.iter().map(|&t| home(t)).collect();
        if table.extra(rank_on(&goal, cells)) != 0 {
            return Err(error("the goal's entry is not 0"));
        }
        Ok(table)
    }
}

/// Several tables as one byte string (a tables file): a count, then each
/// table's 4-byte little-endian length and bytes.
pub fn pack_tables(tables: &[PatternTable]) -> Vec<u8> {
    let mut bytes = vec![tables.len() as u8];
    for table in tables {
        let encoded = table.to_bytes();
        bytes.extend_from_slice(&(encoded.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&encoded);
    }
    bytes
}

/// The tables of a byte string written by [`pack_tables`], or why it is not
/// one.
pub fn unpack_tables(bytes: &[u8]) -> Result<Vec<PatternTable>, TableError> {
    let (&count, mut rest) = bytes
        .split_first()
        .ok_or_else(|| TableError("empty table file".into()))?;
    let mut tables = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        if rest.len() < 4 {
            return Err(TableError("truncated table file".into()));
        }
        let (length, tail) = rest.split_at(4);
        let length = u32::from_le_bytes(length.try_into().expect("4 bytes")) as usize;
        if tail.len() < length {
            return Err(TableError("truncated table file".into()));
        }
        let (table, tail) = tail.split_at(length);
        tables.push(PatternTable::from_bytes(table)?);
        rest = tail;
    }
    if !rest.is_empty() {
        return Err(TableError("trailing bytes after the tables".into()));
    }
    Ok(tables)
}
