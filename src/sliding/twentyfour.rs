//! The 5x5 puzzle (the 24-puzzle): additive 5-5-5-5-4 pattern databases,
//! looked up on the position and on its mirror image, the larger sum taken,
//! as the beam search's guide.
//!
//! Optimal 24-puzzle solutions take hours per board even with far larger
//! tables; a beam search guided by these tables (see
//! [`crate::sliding::near`]) finds solutions within a few percent of optimal
//! in well under a second. The tables are small (2 bits an entry, 6.5 MB in
//! all) and build natively in seconds; the browser downloads them.
//!
//! The partition is closed under the mirror image (the position reflected
//! in the main diagonal, each tile renamed after its reflected home): the
//! top-right and bottom-left groups are each other's mirror images, the
//! others their own, so the same tables serve both lookups.

use std::sync::Arc;

use super::board::Board;
use super::moves::Dir;
use super::pdb::{
    distance_on, pack_tables, unpack_tables, BuildProgress, PatternTable, TableError,
};
use crate::search::{Problem, Successor};

/// Cells of the 5x5 board.
pub const CELLS: usize = 25;
const WIDTH: usize = 5;
const GROUPS: usize = 5;

/// The partition of tiles 1..24 into the tables' patterns: top-left (with
/// the centre), top-right, bottom-left (its mirror image), the ring round
/// the centre's lower right, and the four round the blank's home.
pub const PARTITION: [&[u8]; GROUPS] = [
    &[1, 2, 3, 6, 7],
    &[4, 5, 8, 9, 10],
    &[11, 12, 16, 17, 21],
    &[13, 14, 15, 18, 19],
    &[20, 22, 23, 24],
];

/// The name of the tables' file; the version changes with the format or the
/// partition.
pub const TABLE_FILE: &str = "twentyfour-55554-v1.pdb";

/// The cell mirrored in the main diagonal.
const fn transpose(cell: usize) -> usize {
    (cell % WIDTH) * WIDTH + cell / WIDTH
}

/// `TRANSPOSE[cell]`: the cell mirrored in the main diagonal.
const TRANSPOSE: [u8; CELLS] = {
    let mut table = [0u8; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        table[cell] = transpose(cell) as u8;
        cell += 1;
    }
    table
};

/// `MIRROR[tile]`: the tile whose home is the mirror image of `tile`'s.
const MIRROR: [u8; CELLS] = {
    let mut table = [0u8; CELLS];
    let mut tile = 0;
    while tile < CELLS {
        table[tile] = mirror_tile(tile) as u8;
        tile += 1;
    }
    table
};

/// `ZOBRIST[tile][cell]`: random words whose XOR over a position's tiles
/// (and the blank) hashes it, updated by four XORs a move.
const ZOBRIST: [[u64; CELLS]; CELLS] = {
    let mut table = [[0u64; CELLS]; CELLS];
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut tile = 0;
    while tile < CELLS {
        let mut cell = 0;
        while cell < CELLS {
            // SplitMix64, at compile time.
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            table[tile][cell] = z ^ (z >> 31);
            cell += 1;
        }
        tile += 1;
    }
    table
};

/// The rank of a pattern's cells (see [`super::pdb::rank_on`]) on the 25
/// cells, for the `k` first of `cells`: unrolled, as the beam computes two
/// per successor.
#[inline(always)]
fn rank25(cells: &[u8; 5], k: usize) -> usize {
    let mut used: u32 = 0;
    let mut index = 0usize;
    for (i, &cell) in cells.iter().enumerate().take(k) {
        let below = (used & ((1u32 << cell) - 1)).count_ones() as usize;
        index = index * (CELLS - i) + (usize::from(cell) - below);
        used |= 1 << cell;
    }
    index
}

/// The tile whose home is the mirror image of `tile`'s home.
const fn mirror_tile(tile: usize) -> usize {
    if tile == 0 {
        0
    } else {
        transpose(tile - 1) + 1
    }
}

/// The 5x5 pattern databases and what the search needs to use them.
#[derive(Clone, Debug)]
pub struct TwentyFourTables {
    tables: [PatternTable; GROUPS],
    /// `group[tile]`: the pattern of each tile.
    group: [u8; CELLS],
    /// `members[g]`: the tiles of pattern `g`, in order (padded with 0).
    members: [[u8; 5]; GROUPS],
    /// `distance[tile][cell]`: the tile's Manhattan distance from `cell`.
    distance: [[u8; CELLS]; CELLS],
}

impl TwentyFourTables {
    /// Builds every table of [`PARTITION`]: a few seconds natively.
    pub fn build() -> TwentyFourTables {
        TwentyFourTables::build_with(&mut |_| {})
    }

    /// [`TwentyFourTables::build`], telling `progress` how far the tables have got,
    /// all together (see [`PatternTable::build_on_with`]).
    pub fn build_with(progress: &mut dyn FnMut(BuildProgress)) -> TwentyFourTables {
        let tables = PatternTable::build_all_on(WIDTH, WIDTH, &PARTITION, progress);
        TwentyFourTables::from_tables(tables).expect("built tables match the partition")
    }

    /// Assembles tables read elsewhere; refuses a set that is not the
    /// partition's, 5x5 tables of [`PARTITION`] in its order.
    pub fn from_tables(tables: Vec<PatternTable>) -> Result<TwentyFourTables, TableError> {
        let tables: [PatternTable; GROUPS] =
            tables.try_into().map_err(|t: Vec<PatternTable>| {
                TableError(format!("{} patterns, expected {GROUPS}", t.len()))
            })?;
        for (table, tiles) in tables.iter().zip(PARTITION) {
            if table.shape() != (WIDTH, WIDTH) || table.tiles() != tiles {
                let (width, height) = table.shape();
                return Err(TableError(format!(
                    "a {width}x{height} table of tiles {:?} where the 5x5 partition has {tiles:?}",
                    table.tiles()
                )));
            }
        }
        let mut group = [0u8; CELLS];
        let mut members = [[0u8; 5]; GROUPS];
        for (g, tiles) in PARTITION.iter().enumerate() {
            for (slot, &tile) in tiles.iter().enumerate() {
                group[usize::from(tile)] = g as u8;
                members[g][slot] = tile;
            }
        }
        let mut distance = [[0u8; CELLS]; CELLS];
        for (tile, row) in distance.iter_mut().enumerate().skip(1) {
            for (cell, d) in row.iter_mut().enumerate() {
                *d = distance_on((tile - 1) as u8, cell as u8, WIDTH);
            }
        }
        Ok(TwentyFourTables {
            tables,
            group,
            members,
            distance,
        })
    }

    /// All tables as one byte string: a count, then each table's length and
    /// bytes (the 4x4 tables' layout).
    pub fn to_bytes(&self) -> Vec<u8> {
        pack_tables(&self.tables)
    }

    /// Reads tables written by [`TwentyFourTables::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<TwentyFourTables, TableError> {
        TwentyFourTables::from_tables(unpack_tables(bytes)?)
    }

    /// The position of `board` as the search holds it.
    ///
    /// # Panics
    /// If the board is not 5x5.
    pub fn state(&self, board: &Board) -> Position {
        assert_eq!(
            (board.width(), board.height()),
            (WIDTH, WIDTH),
            "a 5x5 board"
        );
        let mut position = Position {
            tile_at: [0; CELLS],
            cell_of: [0; CELLS],
            mirror_cell_of: [0; CELLS],
            key: ZOBRIST[0][board.blank()],
            extra: [0; GROUPS],
            mirror_extra: [0; GROUPS],
            manhattan: 0,
            h: 0,
        };
        for (cell, &tile) in board.tiles().iter().enumerate() {
            position.tile_at[cell] = tile;
            position.cell_of[usize::from(tile)] = cell as u8;
            if tile != 0 {
                position.key ^= ZOBRIST[usize::from(tile)][cell];
            }
            position.mirror_cell_of[usize::from(MIRROR[usize::from(tile)])] = TRANSPOSE[cell];
            if tile != 0 {
                position.manhattan += self.distance[usize::from(tile)][cell];
            }
        }
        for g in 0..GROUPS {
            self.update(&mut position, g as u8, g as u8);
        }
        position.h = position.estimate();
        position
    }

    /// Looks up group `g`'s entry on the position and group `m`'s on its
    /// mirror image.
    #[inline(always)]
    fn update(&self, position: &mut Position, g: u8, m: u8) {
        let (g, m) = (usize::from(g), usize::from(m));
        let k = PARTITION[g].len();
        let cells = self.members[g].map(|tile| position.cell_of[usize::from(tile)]);
        position.extra[g] = self.tables[g].extra(rank25(&cells, k));
        let k = PARTITION[m].len();
        let cells = self.members[m].map(|tile| position.mirror_cell_of[usize::from(tile)]);
        position.mirror_extra[m] = self.tables[m].extra(rank25(&cells, k));
    }

    /// The estimate for a board: never more than the moves it needs.
    ///
    /// # Panics
    /// If the board is not 5x5.
    pub fn estimate(&self, board: &Board) -> u32 {
        u32::from(self.state(board).h)
    }
}

/// A 5x5 position as the search holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    tile_at: [u8; CELLS],
    cell_of: [u8; CELLS],
    /// Each tile's cell on the mirror image: tile `u` stands where its
    /// mirror tile's cell is mirrored.
    mirror_cell_of: [u8; CELLS],
    /// The position hashed (Zobrist): equal positions, equal keys.
    key: u64,
    extra: [u8; GROUPS],
    mirror_extra: [u8; GROUPS],
    manhattan: u8,
    h: u8,
}

impl Position {
    #[inline]
    fn estimate(&self) -> u8 {
        let sum = |extra: &[u8; GROUPS]| extra.iter().sum::<u8>();
        self.manhattan + 2 * sum(&self.extra).max(sum(&self.mirror_extra))
    }

    /// The position hashed, for duplicate detection: equal positions,
    /// equal digests; different ones collide once in 2^64.
    pub fn digest(&self) -> u64 {
        self.key
    }

    /// The Manhattan distance of the tiles, never more than the moves left.
    pub fn manhattan(&self) -> u32 {
        u32::from(self.manhattan)
    }

    /// The blank's cell.
    fn blank(&self) -> usize {
        usize::from(self.cell_of[0])
    }
}

/// The 5x5 puzzle as a search problem with the tables' estimate; moves are
/// the directions the blank moves.
#[derive(Clone, Debug)]
pub struct TwentyFour {
    tables: Arc<TwentyFourTables>,
}

impl TwentyFour {
    /// The problem with these tables.
    pub fn new(tables: &Arc<TwentyFourTables>) -> TwentyFour {
        TwentyFour {
            tables: Arc::clone(tables),
        }
    }
}

impl Problem for TwentyFour {
    type State = Position;
    type Move = Dir;

    #[inline]
    fn heuristic(&self, position: &Position) -> u32 {
        u32::from(position.h)
    }

    #[inline]
    fn is_goal(&self, position: &Position) -> bool {
        position.manhattan == 0
    }

    /// Of two positions with the same estimate, the one whose estimate owes
    /// more to the Manhattan distance and less to the tables: measured on
    /// Korf's instances, it makes the beam's solutions a few percent
    /// shorter (BENCHMARKS.md).
    #[inline]
    fn tie_break(&self, position: &Position) -> u32 {
        255 - u32::from(position.manhattan)
    }

    fn successors(
        &self,
        position: &Position,
        last: Option<Dir>,
        out: &mut Vec<Successor<Position, Dir>>,
    ) {
        let tables = &*self.tables;
        let blank = position.blank();
        let (row, col) = (blank / WIDTH, blank % WIDTH);
        for dir in Dir::ALL {
            if Some(dir.opposite()) == last {
                continue;
            }
            let next = match dir {
                Dir::Up if row > 0 => blank - WIDTH,
                Dir::Down if row + 1 < WIDTH => blank + WIDTH,
                Dir::Left if col > 0 => blank - 1,
                Dir::Right if col + 1 < WIDTH => blank + 1,
                _ => continue,
            };
            let tile = position.tile_at[next];
            let t = usize::from(tile);
            // Built where it is kept: the position is copied once.
            out.push(Successor {
                mv: dir,
                state: *position,
                cost: 1,
            });
            let child = &mut out.last_mut().expect("pushed just now").state;
            child.tile_at[blank] = tile;
            child.tile_at[next] = 0;
            child.cell_of[t] = blank as u8;
            child.cell_of[0] = next as u8;
            child.mirror_cell_of[usize::from(MIRROR[t])] = TRANSPOSE[blank];
            // The tile and the blank change places. (Plain 64-bit words: a
            // browser's WebAssembly has no fast 128-bit ones.)
            child.key ^=
                ZOBRIST[t][next] ^ ZOBRIST[t][blank] ^ ZOBRIST[0][next] ^ ZOBRIST[0][blank];
            child.manhattan =
                child.manhattan + tables.distance[t][blank] - tables.distance[t][next];
            tables.update(child, tables.group[t], tables.group[usize::from(MIRROR[t])]);
            child.h = child.estimate();
        }
    }
}
