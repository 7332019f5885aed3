//! A 10x10 or a 9x9 solved by 5x5s: one beam sorts every tile into its
//! home box ([`Sort`]), and four 5x5 frames at the board's corners are then
//! solved one after the other with the 5x5 tables, the blank stepping into
//! each of the first three through a corner and out again ([`layout`]), the
//! bottom-right one last as the 5x5 that ends every larger board.
//!
//! - A 10x10's frames are its quadrants, and its boxes too. Each quadrant's
//!   tiles must be an even arrangement for its 5x5 to be solvable: one small
//!   search makes them so ([`even_up`]).
//! - A 9x9 is cut into boxes at row and column 5 (a 5x5, a 5x4, a 4x5 and a
//!   4x4); its frames overlap in the middle row and column, so a later frame
//!   holds some of an earlier one's tiles, home by then. A frame whose tiles
//!   are an odd arrangement is solved with two of the tiles it shares with a
//!   later frame exchanged, and that frame puts them right
//!   ([`Quadrant::five`]): no search for the parity.
//!
//! The 5x5 tables guide four 5x5 searches instead of one, and the answers
//! are shorter than the stages' (BENCHMARKS.md, issue 24 point 3). Other
//! sizes keep the stages ([`super::staged`]): cut into boxes they gained
//! nothing.

use super::board::Board;
use super::cells::{CellSet, Cells, Rings, MAX_CELLS};
use super::compact::{CompactPuzzle, Estimate};
use super::moves::Dir;
use super::staged::seeded_keys;
use crate::search::{weighted_astar, Problem, Successor, Unlimited};

/// A frame's side, and where a board is cut into boxes.
const HALF: usize = 5;

/// How much a tile's distance from its home box weighs in the sort's
/// estimate, beside its Manhattan distance (1) and the blank's distance
/// from the nearest tile out of its box ([`BLANK_WEIGHT`]). Measured:
/// heavier box weights leave the sort's beam going round its last
/// crossings (BENCHMARKS.md).
const AWAY_WEIGHT: u32 = 3;
const BLANK_WEIGHT: u32 = 2;

/// Whether a `width` x `height` board is solved by its 5x5 frames.
pub fn is_quadrant_size(width: usize, height: usize) -> bool {
    width == height && layout(width).is_some()
}

/// The cell at `row`, `col` of a board `side` wide.
const fn at(side: usize, row: usize, col: usize) -> usize {
    row * side + col
}

/// The cells whose tiles the sort brings exactly home: those the blank
/// enters the first three frames through.
fn exits(side: usize) -> [usize; 3] {
    layout(side).map_or([usize::MAX; 3], |frames| frames.map(|frame| frame.exit))
}

/// A position as the sort holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sorting {
    tiles: [u8; MAX_CELLS],
    blank: u8,
    /// The tiles' distances from their home boxes (from their homes for
    /// the frames' exits' tiles), added up.
    away: u16,
    /// The tiles' Manhattan distance.
    manhattan: u16,
    /// The cells of the tiles out of their boxes (or exits' tiles not
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

/// Sorting a board's tiles into their home boxes, as a search problem: a
/// goal has every tile in its box and the frames' exits' tiles home (so
/// the blank is in the bottom-right box).
pub struct Sort {
    /// `away[tile][cell]`: the tile's distance at `cell` from its box (from
    /// its home for the exits' tiles).
    away: Vec<[u8; MAX_CELLS]>,
    zobrist: Vec<[u64; MAX_CELLS]>,
    cells: Cells,
    rings: Rings,
}

impl Sort {
    /// The sort of a board `side` x `side`.
    ///
    /// # Panics
    /// Unless [`is_quadrant_size`] (a caller's broken invariant).
    pub fn new(side: usize) -> Sort {
        Sort::seeded(side, 0)
    }

    /// The sort of a board `side` x `side` with the positions' keys of
    /// `seed` ([`seeded_keys`]; 0: [`Sort::new`]'s). The beam ranks positions
    /// of equal estimate by their keys, so each seed is another search of
    /// the same board, as good on average: one that goes round a plateau
    /// with one seed may well leave it with another.
    ///
    /// # Panics
    /// Unless [`is_quadrant_size`] (a caller's broken invariant).
    pub fn seeded(side: usize, seed: u64) -> Sort {
        assert!(is_quadrant_size(side, side), "a size solved by its frames");
        let cells = Cells::new(side, side);
        let span = |home: usize, at: usize| {
            let (low, high) = if home < HALF {
                (0, HALF - 1)
            } else {
                (HALF, side - 1)
            };
            low.saturating_sub(at) + at.saturating_sub(high)
        };
        let exits = exits(side);
        let away = (0..side * side)
            .map(|tile| {
                std::array::from_fn(|at| {
                    if tile == 0 || at >= side * side {
                        return 0;
                    }
                    let home = tile - 1;
                    if exits.contains(&home) {
                        return cells.apart(home, at) as u8;
                    }
                    let ((row, col), (at_row, at_col)) = (cells.row_col(home), cells.row_col(at));
                    (span(row, at_row) + span(col, at_col)) as u8
                })
            })
            .collect();
        Sort {
            away,
            zobrist: seeded_keys(side * side, seed),
            rings: Rings::new(&cells),
            cells,
        }
    }

    /// `board` (of the sort's size) as the sort holds it.
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
    /// their boxes weighed 3, their Manhattan distance, so that the boxes
    /// are left tidy, and the blank's way to the nearest tile still out of
    /// its box weighed 2. Weights measured (BENCHMARKS.md; on 9x9 too).
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

/// One of the first three frames, as its 5x5 search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quadrant {
    /// The board's side.
    side: usize,
    /// The frame's top-left cell's row and column.
    top: usize,
    left: usize,
    /// Whether its 5x5 is the frame flipped upside down, and left to right:
    /// so that its exit is the 5x5's bottom-right, where the 5x5's blank
    /// belongs.
    flip_rows: bool,
    flip_cols: bool,
    /// The frame's cell the blank enters it through, whose tile the sort
    /// brings home and the blank's entry pushes out of the frame.
    exit: usize,
    /// The cell the blank walks to before it enters ([`Quadrant::way_in`]).
    from: usize,
    /// The blank's way from there into the exit.
    pub enter: &'static [Dir],
    /// The way back out, the exit's tile home again.
    pub leave: &'static [Dir],
    /// Two cells this frame shares with a later one (not its exit), whose
    /// tiles its 5x5 leaves exchanged where its arrangement is odd; None
    /// where the frames do not overlap (a 10x10: [`even_up`] instead).
    exchange: Option<(usize, usize)>,
}

/// The first three quadrants of a 10x10, in the order they are solved: top
/// left, top right, bottom left. Each is entered from, and left to, cell
/// (5, 5).
const QUADRANTS: [Quadrant; 3] = [
    Quadrant {
        side: 10,
        top: 0,
        left: 0,
        flip_rows: false,
        flip_cols: false,
        exit: at(10, 4, 4),
        from: at(10, 5, 5),
        enter: &[Dir::Up, Dir::Left],
        leave: &[Dir::Right, Dir::Down],
        exchange: None,
    },
    Quadrant {
        side: 10,
        top: 0,
        left: HALF,
        flip_rows: false,
        flip_cols: true,
        exit: at(10, 4, 5),
        from: at(10, 5, 5),
        enter: &[Dir::Up],
        leave: &[Dir::Down],
        exchange: None,
    },
    Quadrant {
        side: 10,
        top: HALF,
        left: 0,
        flip_rows: true,
        flip_cols: false,
        exit: at(10, 5, 4),
        from: at(10, 5, 5),
        enter: &[Dir::Left],
        leave: &[Dir::Right],
        exchange: None,
    },
];

/// The first three 5x5 frames of a 9x9, at its top-left, top-right and
/// bottom-left corners, each entered through its own bottom-right corner
/// (none flipped): the first from (5, 5), the second from (5, 8), the third
/// from (8, 5), the blank walking between them through the bottom-right
/// box. The first and the second share column 4, the second and the last
/// row 4, the third and the last column 4: the exchanged pairs lie there.
const FRAMES_9: [Quadrant; 3] = [
    Quadrant {
        side: 9,
        top: 0,
        left: 0,
        flip_rows: false,
        flip_cols: false,
        exit: at(9, 4, 4),
        from: at(9, 5, 5),
        enter: &[Dir::Up, Dir::Left],
        leave: &[Dir::Right, Dir::Down],
        exchange: Some((at(9, 2, 4), at(9, 3, 4))),
    },
    Quadrant {
        side: 9,
        top: 0,
        left: 4,
        flip_rows: false,
        flip_cols: false,
        exit: at(9, 4, 8),
        from: at(9, 5, 8),
        enter: &[Dir::Up],
        leave: &[Dir::Down],
        exchange: Some((at(9, 4, 6), at(9, 4, 7))),
    },
    Quadrant {
        side: 9,
        top: 4,
        left: 0,
        flip_rows: false,
        flip_cols: false,
        exit: at(9, 8, 4),
        from: at(9, 8, 5),
        enter: &[Dir::Left],
        leave: &[Dir::Right],
        exchange: Some((at(9, 6, 4), at(9, 7, 4))),
    },
];

/// The first three frames of a `side` x `side` board solved by its frames,
/// in the order they are solved; None for other sizes.
pub fn layout(side: usize) -> Option<[Quadrant; 3]> {
    match side {
        10 => Some(QUADRANTS),
        9 => Some(FRAMES_9),
        _ => None,
    }
}

impl Quadrant {
    /// The frame's cell for the 5x5's row and column, and back (a flip is
    /// its own inverse).
    fn local(&self, row: usize, col: usize) -> (usize, usize) {
        (
            if self.flip_rows { HALF - 1 - row } else { row },
            if self.flip_cols { HALF - 1 - col } else { col },
        )
    }

    /// The frame of `board` as a 5x5 of its own, tiles named after their
    /// homes in it; None unless it holds only tiles whose homes are in it,
    /// the blank, and no tile at its exit (as after [`Quadrant::enter`] on a
    /// sorted board), in an arrangement that can be solved: an even one
    /// ([`even_up`]), or one made so by naming the exchange's two tiles
    /// after each other's homes, so that the 5x5's solution leaves them
    /// exchanged.
    pub fn five(&self, board: &Board) -> Option<Board> {
        let mut tiles = [0u8; HALF * HALF];
        let name = |home: usize| {
            let (home_row, home_col) = (home / self.side, home % self.side);
            let (hr, hc) = self.local(home_row - self.top, home_col - self.left);
            (hr * HALF + hc + 1) as u8
        };
        for row in 0..HALF {
            for col in 0..HALF {
                let tile = board.tile_at(at(self.side, self.top + row, self.left + col));
                let (r, c) = self.local(row, col);
                if tile == 0 {
                    continue;
                }
                let home = usize::from(tile) - 1;
                let (home_row, home_col) = (home / self.side, home % self.side);
                if !(self.top..self.top + HALF).contains(&home_row)
                    || !(self.left..self.left + HALF).contains(&home_col)
                    || home == self.exit
                {
                    return None;
                }
                tiles[r * HALF + c] = name(home);
            }
        }
        Board::from_tiles(HALF, HALF, &tiles).ok().or_else(|| {
            let (a, b) = self.exchange?;
            let (a, b) = (name(a), name(b));
            for tile in &mut tiles {
                if *tile == a {
                    *tile = b;
                } else if *tile == b {
                    *tile = a;
                }
            }
            Board::from_tiles(HALF, HALF, &tiles).ok()
        })
    }

    /// The blank's way from where it is on `board` into the frame's exit:
    /// along rows, then columns, to where it enters from, then in. On a
    /// board whose frames before this one are solved and whose blank is in
    /// the boxes still to solve, the walk stays out of the solved boxes and
    /// of this one.
    pub fn way_in(&self, board: &Board) -> Vec<Dir> {
        let mut way = walk(self.side, board.blank(), self.from);
        way.extend_from_slice(self.enter);
        way
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

    /// Whether a 10x10 quadrant's tiles, all in it and the blank at (5, 5), are
    /// an even arrangement of its cells: whether its 5x5 is solvable once
    /// entered through the corner without an exchange (the board's own
    /// solvability rule, by way of [`Quadrant::five`]).
    fn is_even(&self, board: &Board) -> bool {
        let plain = Quadrant {
            exchange: None,
            ..*self
        };
        board
            .apply_path(self.enter)
            .ok()
            .and_then(|inside| plain.five(&inside))
            .is_some()
    }
}

/// From a sorted board (every tile in its home box, the exits' tiles home,
/// so the blank in the bottom-right box), the moves that make every frame
/// solvable once entered: a 10x10's parity step ([`even_up`]); a 9x9's
/// frames need none ([`Quadrant::five`]).
///
/// # Panics
/// If `board` is a 10x10 and not sorted (a caller's broken invariant).
pub fn make_ready(board: &Board) -> Vec<Dir> {
    if board.width() == 10 {
        return even_up(board);
    }
    Vec::new()
}

/// The blank's way along rows, then columns, from `from` to `to`.
fn walk(side: usize, from: usize, to: usize) -> Vec<Dir> {
    let ((row, col), (to_row, to_col)) = ((from / side, from % side), (to / side, to % side));
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
    let side = board.width();
    assert_eq!(side, 10, "only a 10x10's quadrants need evening up");
    let centre = at(side, HALF, HALF);
    let mut moves = walk(side, board.blank(), centre);
    let mut now = board.apply_path(&moves).expect("a walk inside a quadrant");
    // Cells of the centre 4x4, counted from its top-left (3, 3): two of
    // each quadrant's, away from the inner corners and from the blank's
    // entry at the 4x4's bottom-right.
    const PAIRS: [(usize, usize); 4] = [(0, 1), (2, 3), (12, 13), (11, 14)];
    let mut swaps: Vec<(usize, usize)> = QUADRANTS
        .iter()
        .zip(PAIRS)
        .filter(|(quadrant, _)| !quadrant.is_even(&now))
        .map(|(_, pair)| pair)
        .collect();
    if swaps.is_empty() {
        return moves;
    }
    if swaps.len() % 2 == 1 {
        swaps.push(PAIRS[3]);
    }
    let way = walk(side, centre, at(side, HALF + 1, HALF + 1));
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
    now = board
        .apply_path(&moves)
        .expect("the exchange stays on the board");
    debug_assert!(QUADRANTS.iter().all(|quadrant| quadrant.is_even(&now)));
    moves
}
