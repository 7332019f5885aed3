//! The cells of a board up to 10x10 by row and column, looked up rather
//! than worked out: the large boards' searches ask millions of times, and
//! dividing by a width known only at run time is slow.

use super::moves::Dir;

/// The most cells a board has.
pub const MAX_CELLS: usize = 100;

/// Each cell's row and column on a board of one size.
#[derive(Clone, Debug)]
pub struct Cells {
    width: usize,
    height: usize,
    place: [(u8, u8); MAX_CELLS],
}

impl Cells {
    /// The cells of a `width` x `height` board.
    ///
    /// # Panics
    /// If the board has over [`MAX_CELLS`] cells (a caller's broken
    /// invariant: boards are at most 10x10).
    pub fn new(width: usize, height: usize) -> Cells {
        assert!(width * height <= MAX_CELLS, "boards have at most 100 cells");
        Cells {
            width,
            height,
            place: std::array::from_fn(|cell| ((cell / width) as u8, (cell % width) as u8)),
        }
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board's height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// `cell`'s row and column.
    #[inline]
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        let (row, col) = self.place[cell];
        (usize::from(row), usize::from(col))
    }

    /// How many moves apart two cells are (their Manhattan distance).
    #[inline]
    pub fn apart(&self, a: usize, b: usize) -> u16 {
        let ((row_a, col_a), (row_b, col_b)) = (self.place[a], self.place[b]);
        u16::from(row_a.abs_diff(row_b) + col_a.abs_diff(col_b))
    }

    /// The cell one step from `cell` in direction `dir`, if on the board.
    #[inline]
    pub fn neighbor(&self, cell: usize, dir: Dir) -> Option<usize> {
        let (row, col) = self.row_col(cell);
        match dir {
            Dir::Up if row > 0 => Some(cell - self.width),
            Dir::Down if row + 1 < self.height => Some(cell + self.width),
            Dir::Left if col > 0 => Some(cell - 1),
            Dir::Right if col + 1 < self.width => Some(cell + 1),
            _ => None,
        }
    }
}

/// A set of cells of a board up to 10x10, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellSet([u64; 2]);

impl CellSet {
    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Takes `cell` out.
    #[inline]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0, 0]
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub fn meets(&self, other: &CellSet) -> bool {
        (self.0[0] & other.0[0]) | (self.0[1] & other.0[1]) != 0
    }
}

/// For every cell, the cells at each distance from it: the nearest member of
/// a set found by a few intersections, nearest first, rather than by
/// measuring the way to every member.
#[derive(Clone, Debug)]
pub struct Rings {
    /// `rings[cell][d]`: the cells `d` moves from `cell`.
    rings: Vec<[CellSet; MAX_DISTANCE + 1]>,
}

/// The greatest distance between two cells of a 10x10 board.
const MAX_DISTANCE: usize = 18;

impl Rings {
    /// The rings of every cell of a board of `cells`.
    pub fn new(cells: &Cells) -> Rings {
        let count = cells.width() * cells.height();
        let rings = (0..count)
            .map(|from| {
                let mut rings = [CellSet::default(); MAX_DISTANCE + 1];
                for to in 0..count {
                    rings[usize::from(cells.apart(from, to))].insert(to);
                }
                rings
            })
            .collect();
        Rings { rings }
    }

    /// How many moves from `cell` the nearest member of `set` is; 0 if the
    /// set is empty (or holds `cell`).
    #[inline]
    pub fn nearest(&self, cell: usize, set: &CellSet) -> u32 {
        if set.is_empty() {
            return 0;
        }
        let rings = &self.rings[cell];
        (0..=MAX_DISTANCE)
            .find(|&d| rings[d].meets(set))
            .expect("a set's members are on the board") as u32
    }
}
