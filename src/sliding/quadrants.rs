//! A 10x10 solved by its quadrants: one beam sorts every tile into its home
//! quadrant ([`Sort`]), one small search makes each quadrant an even
//! arrangement ([`even_up`]), and each quadrant is then solved as a 5x5 with
//! the 5x5 tables, the blank stepping in through the quadrant's inner corner
//! and out again ([`QUADRANTS`]), the bottom-right one last as the 5x5 that
//! ends every larger board. The 5x5 tables guide four 5x5 searches instead of
//! one, and the answers are 0.05 to 0.13 shorter (times the Manhattan
//! distance) than the stages' (BENCHMARKS.md, issue 24 point 3). Other
//! sizes do not split into 5x5s, and split into smaller boxes they gain
//! nothing, so they keep the stages ([`super::staged`]).

use super::board::Board;
use super::cells::{CellSet, Cells, Rings, MAX_CELLS};
use super::compact::{CompactPuzzle, Estimate};
use super::moves::Dir;
use super::staged::zobrist_keys;
use crate::search::{weighted_astar, Problem, Successor, Unlimited};

/// The one size solved by its quadrants.
pub const SIDE: usize = 10;
/// A quadrant's side.
const HALF: usize = SIDE / 2;

/// How much a tile's distance from its home quadrant weighs in the sort's
/// estimate, beside its Manhattan distance (1) and the blank's distance
/// from the nearest tile out of its quadrant ([`BLANK_WEIGHT`]). Measured:
/// heavier quadrant weights leave the sort's beam going round its last
/// crossings (BENCHMARKS.md).
const AWAY_WEIGHT: u32 = 3;
const BLANK_WEIGHT: u32 = 2;

/// Whether a `width` x `height` board is solved by its quadrants.
pub fn is_quadrant_size(width: usize, height: usize) -> bool {
    (width, height) == (SIDE, SIDE)
}

fn cell(row: usize, col: usize) -> usize {
    row * SIDE + col
}

/// The tiles at the quadrants' inner corners, which the blank enters the
/// first three quadrants through: the sort brings them exactly home.
fn is_corner_home(home: usize) -> bool {
    [
        cell(HALF - 1, HALF - 1),
        cell(HALF - 1, HALF),
        cell(HALF, HALF - 1),
    ]
    .contains(&home)
}

/// A position as the sort holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sorting {
    tiles: [u8; MAX_CELLS],
    blank: u8,
    /// The tiles' distances from their home quadrants (from their homes
    /// for the inner corners' tiles), added up.
    away: u16,
    /// The tiles' Manhattan distance.
    manhattan: u16,
    /// The cells of the tiles out of their quadrants (or corner tiles not
    /// home).
    out: CellSet,
    /// The whole position, hashed (Zobrist).
    key: u64,
}

impl Sorting {
    /// The whole position, hashed: equal positions, equal keys.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The tiles' Manhattan distance.
    pub fn manhattan(&self) -> u32 {
        u32::from(self.manhattan)
    }
}

/// Sorting a 10x10's tiles into their home quadrants, as a search problem:
/// a goal has every tile in its quadrant and the inner corners' tiles home
/// (so the blank is in the bottom-right quadrant).
pub struct Sort {
    /// `away[tile][cell]`: the tile's distance at `cell` from its quadrant
    /// (from its home for the inner corners' tiles).
    away: Vec<[u8; MAX_CELLS]>,
    zobrist: Vec<[u64; MAX_CELLS]>,
    cells: Cells,
    rings: Rings,
}

impl Default for Sort {
    fn default() -> Self {
        Sort::new()
    }
}

impl Sort {
    /// The sort of a 10x10.
    pub fn new() -> Sort {
        let cells = Cells::new(SIDE, SIDE);
        let span = |home: usize, at: usize| {
            let (low, high) = if home < HALF {
                (0, HALF - 1)
            } else {
                (HALF, SIDE - 1)
            };
            low.saturating_sub(at) + at.saturating_sub(high)
        };
        let away = (0..SIDE * SIDE)
            .map(|tile| {
                std::array::from_fn(|at| {
                    if tile == 0 || at >= SIDE * SIDE {
                        return 0;
                    }
                    let home = tile - 1;
                    if is_corner_home(home) {
                        return cells.apart(home, at) as u8;
                    }
                    let ((row, col), (at_row, at_col)) = (cells.row_col(home), cells.row_col(at));
                    (span(row, at_row) + span(col, at_col)) as u8
                })
            })
            .collect();
        Sort {
            away,
            zobrist: zobrist_keys(SIDE * SIDE),
            rings: Rings::new(&cells),
            cells,
        }
    }

    /// `board` (a 10x10) as the sort holds it.
    pub fn sorting(&self, board: &Board) -> Sorting {
        let mut sorting = Sorting {
            tiles: [0; MAX_CELLS],
            blank: board.blank() as u8,
            away: 0,
            manhattan: 0,
            out: CellSet::default(),
            key: 0,
        };
        for (at, &tile) in board.tiles().iter().enumerate() {
            sorting.tiles[at] = tile;
            sorting.key ^= self.zobrist[usize::from(tile)][at];
            if tile != 0 {
                let away = self.away[usize::from(tile)][at];
                sorting.away += u16::from(away);
                sorting.manhattan += self.cells.apart(usize::from(tile) - 1, at);
                if away > 0 {
                    sorting.out.insert(at);
                }
            }
        }
        sorting
    }
}

impl Problem for Sort {
    type State = Sorting;
    type Move = Dir;

    /// Not a lower bound (a beam needs none): the tiles' distances from
    /// their quadrants weighed 3, their Manhattan distance, so that the
    /// quadrants are left tidy, and the blank's way to the nearest tile
    /// still out of its quadrant weighed 2. Weights measured (BENCHMARKS.md).
    fn heuristic(&self, sorting: &Sorting) -> u32 {
        AWAY_WEIGHT * u32::from(sorting.away)
            + u32::from(sorting.manhattan)
            + BLANK_WEIGHT * self.rings.nearest(usize::from(sorting.blank), &sorting.out)
    }

    fn is_goal(&self, sorting: &Sorting) -> bool {
        sorting.away == 0
    }

    fn successors(
        &self,
        sorting: &Sorting,
        last: Option<Dir>,
        out: &mut Vec<Successor<Sorting, Dir>>,
    ) {
        let blank = usize::from(sorting.blank);
        for dir in Dir::ALL {
            if Some(dir.opposite()) == last {
                continue;
            }
            let Some(next) = self.cells.neighbor(blank, dir) else {
                continue;
            };
            let tile = usize::from(sorting.tiles[next]);
            let mut child = *sorting;
            child.tiles[blank] = tile as u8;
            child.tiles[next] = 0;
            child.blank = next as u8;
            let (before, after) = (self.away[tile][next], self.away[tile][blank]);
            child.away = child.away + u16::from(after) - u16::from(before);
            child.manhattan = child.manhattan + self.cells.apart(tile - 1, blank)
                - self.cells.apart(tile - 1, next);
            child.out.remove(next);
            if after > 0 {
                child.out.insert(blank);
            }
            child.key ^= self.zobrist[0][blank]
                ^ self.zobrist[0][next]
                ^ self.zobrist[tile][blank]
                ^ self.zobrist[tile][next];
            out.push(Successor {
                mv: dir,
                state: child,
                cost: 1,
            });
        }
    }
}

/// One of the first three quadrants, as its 5x5 search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quadrant {
    /// Its top-left cell's row and column.
    top: usize,
    left: usize,
    /// Whether its 5x5 is the quadrant flipped upside down, and left to
    /// right: so that its inner corner is the 5x5's bottom-right, where the
    /// 5x5's blank belongs.
    flip_rows: bool,
    flip_cols: bool,
    /// The blank's way from the bottom-right quadrant's top-left cell into
    /// the quadrant's inner corner, its corner tile stepping out beside it.
    pub enter: &'static [Dir],
    /// The way back, the corner tile home again.
    pub leave: &'static [Dir],
}

/// The first three quadrants, in the order they are solved: top left, top
/// right, bottom left. Each is entered from, and left to, cell (5, 5).
pub const QUADRANTS: [Quadrant; 3] = [
    Quadrant {
        top: 0,
        left: 0,
        flip_rows: false,
        flip_cols: false,
        enter: &[Dir::Up, Dir::Left],
        leave: &[Dir::Right, Dir::Down],
    },
    Quadrant {
        top: 0,
        left: HALF,
        flip_rows: false,
        flip_cols: true,
        enter: &[Dir::Up],
        leave: &[Dir::Down],
    },
    Quadrant {
        top: HALF,
        left: 0,
        flip_rows: true,
        flip_cols: false,
        enter: &[Dir::Left],
        leave: &[Dir::Right],
    },
];

impl Quadrant {
    /// The quadrant's cell for the 5x5's row and column, and back (a flip is
    /// its own inverse).
    fn local(&self, row: usize, col: usize) -> (usize, usize) {
        (
            if self.flip_rows { HALF - 1 - row } else { row },
            if self.flip_cols { HALF - 1 - col } else { col },
        )
    }

    /// The quadrant of `board` as a 5x5 of its own, tiles named after their
    /// homes in it; None unless it holds its own 24 tiles but the corner's
    /// and the blank (as after [`Quadrant::enter`] on a sorted board) in an
    /// arrangement that can be solved (an even one: [`even_up`]).
    pub fn five(&self, board: &Board) -> Option<Board> {
        let mut tiles = [0u8; HALF * HALF];
        for row in 0..HALF {
            for col in 0..HALF {
                let tile = board.tile_at(cell(self.top + row, self.left + col));
                let (r, c) = self.local(row, col);
                if tile == 0 {
                    continue;
                }
                let home = usize::from(tile) - 1;
                let (home_row, home_col) = (home / SIDE, home % SIDE);
                if !(self.top..self.top + HALF).contains(&home_row)
                    || !(self.left..self.left + HALF).contains(&home_col)
                {
                    return None;
                }
                let (hr, hc) = self.local(home_row - self.top, home_col - self.left);
                tiles[r * HALF + c] = (hr * HALF + hc + 1) as u8;
            }
        }
        Board::from_tiles(HALF, HALF, &tiles).ok()
    }

    /// The 5x5's moves as the board's.
    pub fn moves_back(&self, moves: &[Dir]) -> Vec<Dir> {
        moves
            .iter()
            .map(|&dir| match dir {
                Dir::Up | Dir::Down if self.flip_rows => dir.opposite(),
                Dir::Left | Dir::Right if self.flip_cols => dir.opposite(),
                _ => dir,
            })
            .collect()
    }

    /// Whether the quadrant's tiles, all in it and the blank at (5, 5), are
    /// an even arrangement of its cells: whether its 5x5 is solvable once
    /// entered through the corner (the board's own solvability rule, by way
    /// of [`Quadrant::five`]).
    fn is_even(&self, board: &Board) -> bool {
        board
            .apply_path(self.enter)
            .ok()
            .and_then(|inside| self.five(&inside))
            .is_some()
    }
}

/// The blank's way along rows, then columns, from `from` to `to`.
fn walk(from: usize, to: usize) -> Vec<Dir> {
    let ((row, col), (to_row, to_col)) = ((from / SIDE, from % SIDE), (to / SIDE, to % SIDE));
    let mut way = Vec::new();
    way.extend(std::iter::repeat_n(Dir::Down, to_row.saturating_sub(row)));
    way.extend(std::iter::repeat_n(Dir::Up, row.saturating_sub(to_row)));
    way.extend(std::iter::repeat_n(Dir::Right, to_col.saturating_sub(col)));
    way.extend(std::iter::repeat_n(Dir::Left, col.saturating_sub(to_col)));
    way
}

/// From a sorted board (every tile in its home quadrant, the inner corners'
/// tiles home, so the blank in the bottom-right quadrant), the moves that
/// make the first three quadrants even arrangements ([`Quadrant::five`]
/// solvable) and leave the blank at (5, 5), the board still sorted.
///
/// Two tiles of each odd quadrant (none a corner tile) change places in
/// the centre 4x4 (rows and columns 3 to 6), with two of the bottom-right
/// quadrant's where the odd ones are odd in number (the whole board stays
/// solvable, so an even exchange): one weighted A* over that 4x4, the blank
/// entering and leaving it at (6, 6) by the way it came. 26 to 44 moves
/// when any quadrant is odd (BENCHMARKS.md).
///
/// # Panics
/// If `board` is not sorted (a caller's broken invariant).
pub fn even_up(board: &Board) -> Vec<Dir> {
    let centre = cell(HALF, HALF);
    let mut moves = walk(board.blank(), centre);
    let mut at = board.apply_path(&moves).expect("a walk inside a quadrant");
    // Cells of the centre 4x4, counted from its top-left (3, 3): two of
    // each quadrant's, away from the inner corners and from the blank's
    // entry at the 4x4's bottom-right.
    const PAIRS: [(usize, usize); 4] = [(0, 1), (2, 3), (12, 13), (11, 14)];
    let mut swaps: Vec<(usize, usize)> = QUADRANTS
        .iter()
        .zip(PAIRS)
        .filter(|(quadrant, _)| !quadrant.is_even(&at))
        .map(|(_, pair)| pair)
        .collect();
    if swaps.is_empty() {
        return moves;
    }
    if swaps.len() % 2 == 1 {
        swaps.push(PAIRS[3]);
    }
    let way = walk(centre, cell(HALF + 1, HALF + 1));
    // The 4x4's tiles named after the cell each must end on.
    let mut from: [usize; 16] = std::array::from_fn(|i| i);
    for (a, b) in swaps {
        from.swap(a, b);
    }
    let mut tiles = [0u8; 16];
    for (to, &source) in from.iter().enumerate() {
        if source != 15 {
            tiles[source] = (to + 1) as u8;
        }
    }
    let four = Board::from_tiles(4, 4, &tiles).expect("an even exchange is solvable");
    let problem = CompactPuzzle::new(4, 4, Estimate::LinearConflict);
    let exchange = weighted_astar(&problem, problem.pack(&four), 1.2, &mut Unlimited)
        .ok()
        .flatten()
        .expect("a solvable 4x4 is solved")
        .moves;
    moves.extend(&way);
    moves.extend(exchange);
    moves.extend(way.iter().rev().map(|dir| dir.opposite()));
    at = board
        .apply_path(&moves)
        .expect("the exchange stays on the board");
    debug_assert!(QUADRANTS.iter().all(|quadrant| quadrant.is_even(&at)));
    moves
}
