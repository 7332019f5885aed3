//! Boards larger than 5x5, solved stage by stage: the unsolved region's top
//! row and left column (or only the one of them that keeps the region
//! squarest) are brought home by a beam search guided by those tiles'
//! Manhattan distances and linear conflicts, the region shrinks, and so on
//! until what is left is 5x5 (see [`super::near`]).
//!
//! A stage's search abstracts the other tiles away: two positions with the
//! stage's tiles and the blank in the same cells count as one, whatever the
//! other tiles do. Tiles already home are never moved again.

use super::board::Board;
use super::cells::{CellSet, Cells, Rings, MAX_CELLS};
use super::heuristic::line_penalty;
use super::moves::Dir;
use crate::search::{Problem, Successor};

/// How much more the stage's own tiles weigh in a stage's estimate than the
/// other tiles.
const STAGE_WEIGHT: u32 = 3;

/// How much the blank's distance from the stage's work weighs.
const BLANK_WEIGHT: u32 = 1;

/// A tile's place along a stage's line when its home is not in the line.
const ELSEWHERE: u8 = u8::MAX;

/// The unsolved part of a board: rows `top..height`, columns `left..width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// The first unsolved row.
    pub top: usize,
    /// The first unsolved column.
    pub left: usize,
}

/// A stage: which of the region's lines it brings home.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peel {
    /// The region before the stage.
    pub region: Region,
    /// Whether the stage brings the region's top row home.
    pub row: bool,
    /// Whether it brings the region's left column home.
    pub column: bool,
}

/// The stages that shrink a `width` x `height` board to its bottom-right
/// 5x5: a row and a column together while the region is square, the longer
/// side's line alone otherwise. Empty for boards with a side under 5 or
/// already 5x5.
pub fn peels(width: usize, height: usize) -> Vec<Peel> {
    let mut plan = Vec::new();
    if width < 5 || height < 5 {
        return plan;
    }
    let mut region = Region { top: 0, left: 0 };
    loop {
        let (w, h) = (width - region.left, height - region.top);
        if w == 5 && h == 5 {
            return plan;
        }
        let row = h > 5 && h >= w;
        let column = w > 5 && w >= h;
        plan.push(Peel {
            region,
            row,
            column,
        });
        region.top += usize::from(row);
        region.left += usize::from(column);
    }
}

/// Random keys for hashing positions of a board of `cells` cells (Zobrist):
/// `keys[tile][cell]`, the blank as tile 0. A fixed generator: the same
/// keys every time, so every search is repeatable.
pub fn zobrist_keys(cells: usize) -> Vec<[u64; MAX_CELLS]> {
    seeded_keys(cells, 0)
}

/// Keys as [`zobrist_keys`] from another start of the same generator for
/// each `seed` (0: those keys). A beam ranks states of equal estimate by
/// their keys, so each seed is another search, as good on average.
pub fn seeded_keys(cells: usize, seed: u64) -> Vec<[u64; MAX_CELLS]> {
    let mut seed = 0x243F_6A88_85A3_08D3u64 ^ seed.wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut next = || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (0..cells)
        .map(|_| std::array::from_fn(|_| next()))
        .collect()
}

/// A position as a stage's search holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spread {
    tile_at: [u8; MAX_CELLS],
    blank: u8,
    /// The stage tiles' Manhattan distance.
    manhattan: u16,
    /// The linear conflicts in the stage's row, and in its column.
    row_conflicts: u8,
    column_conflicts: u8,
    /// The other tiles' Manhattan distance.
    rest: u16,
    /// The cells of the stage's tiles not yet home.
    away: CellSet,
    /// The stage's tiles and the blank, hashed (Zobrist): the position as
    /// far as the stage is concerned.
    key: u64,
}

impl Spread {
    /// The stage's tiles and the blank, hashed: equal as far as the stage
    /// is concerned, equal keys.
    pub fn key(&self) -> u64 {
        self.key
    }
}

/// One stage of a board, as a search problem.
pub struct Stage {
    peel: Peel,
    /// Whether each tile is brought home by this stage.
    in_stage: [bool; MAX_CELLS],
    /// For each tile whose home is in the stage's row, its home's place
    /// along the row; [`ELSEWHERE`] for the others (and the blank).
    row_goal: [u8; MAX_CELLS],
    /// The same for the stage's column.
    column_goal: [u8; MAX_CELLS],
    /// `zobrist[tile][cell]`, and for the blank (tile 0).
    zobrist: Vec<[u64; MAX_CELLS]>,
    /// The board's cells, and the rings around each.
    cells: Cells,
    rings: Rings,
}

impl Stage {
    /// The stage `peel` of a `width` x `height` board, its positions keyed
    /// by [`seeded_keys`] of `seed` (0: [`zobrist_keys`]).
    pub fn seeded(width: usize, height: usize, peel: Peel, seed: u64) -> Stage {
        let mut in_stage = [false; MAX_CELLS];
        let Region { top, left } = peel.region;
        if peel.row {
            for col in left..width {
                in_stage[top * width + col + 1] = true;
            }
        }
        if peel.column {
            for row in top..height {
                in_stage[row * width + left + 1] = true;
            }
        }
        let zobrist = seeded_keys(width * height, seed);
        let tiles: Vec<u8> = (1..width * height)
            .filter(|&tile| in_stage[tile])
            .map(|tile| tile as u8)
            .collect();
        let (mut row_goal, mut column_goal) = ([ELSEWHERE; MAX_CELLS], [ELSEWHERE; MAX_CELLS]);
        for &tile in &tiles {
            let home = usize::from(tile) - 1;
            let (row, col) = (home / width, home % width);
            if peel.row && row == top {
                row_goal[usize::from(tile)] = col as u8;
            }
            if peel.column && col == left {
                column_goal[usize::from(tile)] = row as u8;
            }
        }
        let cells = Cells::new(width, height);
        Stage {
            peel,
            in_stage,
            row_goal,
            column_goal,
            zobrist,
            rings: Rings::new(&cells),
            cells,
        }
    }

    /// The position of `board` as the stage's search holds it.
    pub fn spread(&self, board: &Board) -> Spread {
        let mut spread = Spread {
            tile_at: [0; MAX_CELLS],
            blank: board.blank() as u8,
            manhattan: 0,
            row_conflicts: 0,
            column_conflicts: 0,
            rest: 0,
            away: CellSet::default(),
            key: self.zobrist[0][board.blank()],
        };
        for (cell, &tile) in board.tiles().iter().enumerate() {
            spread.tile_at[cell] = tile;
            if self.in_stage[usize::from(tile)] {
                spread.manhattan += self.distance(tile, cell);
                spread.key ^= self.zobrist[usize::from(tile)][cell];
                if usize::from(tile) - 1 != cell {
                    spread.away.insert(cell);
                }
            } else if tile != 0 {
                spread.rest += self.distance(tile, cell);
            }
        }
        spread.row_conflicts = self.row_conflicts(&spread);
        spread.column_conflicts = self.column_conflicts(&spread);
        spread
    }

    #[inline]
    fn distance(&self, tile: u8, cell: usize) -> u16 {
        self.cells.apart(usize::from(tile) - 1, cell)
    }

    /// The linear conflicts among the stage tiles standing in the stage's
    /// row whose home is in that row (0 if the stage brings no row home).
    fn row_conflicts(&self, spread: &Spread) -> u8 {
        if !self.peel.row {
            return 0;
        }
        let Region { top, left } = self.peel.region;
        let width = self.cells.width();
        let line = &spread.tile_at[top * width + left..(top + 1) * width];
        Self::line_conflicts(line.iter().copied(), &self.row_goal)
    }

    /// The same for the stage's column.
    fn column_conflicts(&self, spread: &Spread) -> u8 {
        if !self.peel.column {
            return 0;
        }
        let Region { top, left } = self.peel.region;
        let width = self.cells.width();
        let line = (top..self.cells.height()).map(|row| spread.tile_at[row * width + left]);
        Self::line_conflicts(line, &self.column_goal)
    }

    /// The conflicts among `line`'s tiles with a place in `goal`.
    fn line_conflicts(line: impl Iterator<Item = u8>, goal: &[u8; MAX_CELLS]) -> u8 {
        let mut goals = [0u8; 10];
        let mut n = 0;
        for tile in line {
            let place = goal[usize::from(tile)];
            if place != ELSEWHERE {
                goals[n] = place;
                n += 1;
            }
        }
        line_penalty(&goals[..n]) as u8
    }

    /// How far the blank is from the nearest stage tile not yet home (0
    /// when all are): the moves before the next one can move.
    fn blank_distance(&self, spread: &Spread) -> u32 {
        self.rings.nearest(usize::from(spread.blank), &spread.away)
    }

    /// Whether `cell` is in the region the stage works in.
    #[inline]
    fn in_region(&self, cell: usize) -> bool {
        let (row, col) = self.cells.row_col(cell);
        row >= self.peel.region.top && col >= self.peel.region.left
    }
}

impl Problem for Stage {
    type State = Spread;
    type Move = Dir;

    /// Not a lower bound (a beam needs none): three times the stage tiles'
    /// Manhattan distance and conflicts, plus the other tiles' Manhattan
    /// distance, so that of two positions equally far along the stage the
    /// one that leaves the rest of the board tidier wins. Weights measured
    /// (BENCHMARKS.md).
    fn heuristic(&self, spread: &Spread) -> u32 {
        STAGE_WEIGHT
            * (u32::from(spread.manhattan)
                + u32::from(spread.row_conflicts)
                + u32::from(spread.column_conflicts))
            + u32::from(spread.rest)
            + BLANK_WEIGHT * self.blank_distance(spread)
    }

    fn is_goal(&self, spread: &Spread) -> bool {
        spread.manhattan == 0
    }

    fn successors(
        &self,
        spread: &Spread,
        last: Option<Dir>,
        out: &mut Vec<Successor<Spread, Dir>>,
    ) {
        let blank = usize::from(spread.blank);
        for dir in Dir::ALL {
            if Some(dir.opposite()) == last {
                continue;
            }
            let Some(next) = self.cells.neighbor(blank, dir) else {
                continue;
            };
            if !self.in_region(next) {
                continue;
            }
            let tile = spread.tile_at[next];
            // Built where it is kept: the position is copied once.
            out.push(Successor {
                mv: dir,
                state: *spread,
                cost: 1,
            });
            let child = &mut out.last_mut().expect("pushed just now").state;
            child.tile_at[blank] = tile;
            child.tile_at[next] = 0;
            child.blank = next as u8;
            child.key ^= self.zobrist[0][blank] ^ self.zobrist[0][next];
            if self.in_stage[usize::from(tile)] {
                child.manhattan =
                    child.manhattan + self.distance(tile, blank) - self.distance(tile, next);
                child.key ^=
                    self.zobrist[usize::from(tile)][next] ^ self.zobrist[usize::from(tile)][blank];
                // A line's conflicts change only when a tile enters or
                // leaves it: moving along it keeps the tiles' order.
                let (blank_at, next_at) = (self.cells.row_col(blank), self.cells.row_col(next));
                let Region { top, left } = self.peel.region;
                if self.peel.row && (blank_at.0 == top) != (next_at.0 == top) {
                    child.row_conflicts = self.row_conflicts(child);
                }
                if self.peel.column && (blank_at.1 == left) != (next_at.1 == left) {
                    child.column_conflicts = self.column_conflicts(child);
                }
                child.away.remove(next);
                if usize::from(tile) - 1 != blank {
                    child.away.insert(blank);
                }
            } else {
                child.rest = child.rest + self.distance(tile, blank) - self.distance(tile, next);
            }
        }
    }
}
