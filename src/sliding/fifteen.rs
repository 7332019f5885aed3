//! The fast optimal solver for the 4x4 puzzle: IDA* with additive pattern
//! databases, looked up on the position seen through several symmetries of
//! the board (its mirror image among them), the largest sum taken, each
//! lookup updated per move from the one tile that moved.
//!
//! The mirror image (the position reflected in the main diagonal, each tile
//! renamed after its reflected home) is exactly as far from the goal as the
//! position, since the goal is its own mirror image. Looking the same tables
//! up on it gives a second admissible estimate without more memory, and the
//! larger of two admissible estimates is admissible.
//!
//! The same goes for other symmetries of the board, as long as the table
//! counts moves to a goal with the blank where the symmetry takes the
//! blank's home. The big tables are two of tiles 9-15, one towards the goal
//! with the blank in its corner, one with the blank in the top rows
//! ([`TABLES`]): looked up through the two symmetries that keep the blank's
//! home and the four that take it into the top rows, they give four
//! partitions of the tiles, and counting where the blank must end searches
//! about a third of the states the tables with the blank anywhere did (see
//! [`View`] and `views_for`).
//!
//! Paths with a piece that another sequence of moves does as well or
//! better are not followed (see [`super::duplicates`]): that cuts the states
//! a search visits by a quarter on hard positions, more than a
//! transposition table does, and makes one needless.
//!
//! Speed comes from memory: a node's cost is mostly the time to fetch table
//! entries. The tables are half a byte per entry (see [`super::pdb`]), every
//! successor's entries are fetched together so the fetches overlap, and the
//! tables' indices are updated by arithmetic rather than recomputed.

use std::sync::Arc;

use super::board::Board;
use super::compact::{CompactPuzzle, Estimate};
use super::duplicates::{Duplicates, DEPTH};
use super::moves::Dir;
pub use super::pdb::BlankGoal;
use super::pdb::{
    distance, pack_tables, rank, unpack_tables, BuildProgress, PatternBuild, PatternTable,
    TableError, CELLS, MAX_PATTERN,
};
use crate::search::{split, Branch, Problem, Successor};

/// The tiles of the big tier's tables: the bottom two rows, 9 to 15.
pub const BOTTOM: [u8; 7] = [9, 10, 11, 12, 13, 14, 15];

/// The big tier's tables: [`BOTTOM`] twice, one towards the goal with the
/// blank in the bottom-right corner (its home), which tiles 12 and 15 shut
/// off from the rest once home, the other towards the goal with the blank
/// in the top two rows (see [`BlankGoal`]). Each is admissible through the
/// symmetries of the board that take the blank's home into its region, and
/// between them they serve the six views the estimate takes (see
/// `views_for`), 28.8 MB in all.
///
/// Until 2026-12 the tables were tiles 1-7 and 9-15 with the blank anywhere
/// (7-7-1, chosen among 6-6-3 and 7-7-1 partitions). A table with the blank
/// anywhere lets a tile that is not one of its own wait in the corner behind
/// tiles 12 and 15 for nothing; the real goal needs the corner empty, which
/// costs moves of those tiles. Counting them searches about a third of the
/// states on Korf's 100 (see BENCHMARKS.md).
pub const TABLES: [(&[u8], BlankGoal); 2] = [
    (&BOTTOM, BlankGoal::Near(15)),
    (&BOTTOM, BlankGoal::Near(0)),
];

/// The small tier's partition, 5-5-5: three tables of 524,160 entries (384
/// KB together), built in a worker in about a second instead of
/// downloaded, which prove most boards optimal in well under a second
/// (chosen by measurement against 6-6-3 partitions: see BENCHMARKS.md,
/// `cargo bench --bench tiers`).
pub const SMALL_PARTITION: Partition = [&[1, 2, 3, 5, 6], &[4, 7, 8, 11, 12], &[9, 10, 13, 14, 15]];

/// How many patterns a partition has.
pub const GROUPS: usize = 3;

/// A partition of tiles 1..15 into [`GROUPS`] disjoint patterns, each
/// tile in exactly one. [`FifteenTables`] works with any: the per-move
/// index updates and the mirror lookups are derived from the patterns'
/// tiles when the tables are assembled.
pub type Partition = [&'static [u8]; GROUPS];

const NO_CELL: u8 = u8::MAX;

/// The pattern databases ([`TABLES`], or a small tier's partition) and
/// what the search needs to use them quickly, the recogniser of duplicate
/// paths included.
#[derive(Clone, Debug)]
pub struct FifteenTables {
    tables: Vec<PatternTable>,
    /// The recogniser of duplicate paths up to [`DEPTH`] moves, shared with
    /// every [`Fifteen`] that prunes them.
    duplicates: Arc<Duplicates>,
    /// `distance[tile][cell]`: the tile's Manhattan distance from `cell`.
    distance: [[u8; CELLS]; CELLS],
    /// `moves[blank][dir]`: the cell the blank moves to, or [`NO_CELL`].
    moves: [[u8; 4]; CELLS],
    /// The views the estimate looks the tables up in (see [`View`]).
    views: [View; VIEWS],
    /// The partitions the estimate takes the largest of, each a set of
    /// views covering disjoint tiles ([`NO_VIEW`] for none).
    parts: [[u8; PART_VIEWS]; PARTS],
    /// `tile_moves[tile][4 * blank + dir]`: what that move changes when it
    /// moves `tile`, precomputed (24 KB, so a successor costs a handful of
    /// instructions besides its table entries).
    tile_moves: Vec<[TileMove; 4 * CELLS]>,
    /// `view_steps[4 * blank + dir][view]`: how that move looks in the view.
    view_steps: [[ViewStep; VIEWS]; 4 * CELLS],
    /// `passed[view][t][u]`: how the view's table index changes when board
    /// tile `t` moves, in the view, down a column past board tile `u` (0
    /// unless both are tiles of the view's pattern).
    passed: [[[i32; CELLS]; CELLS]; VIEWS],
}

/// How many views of the tables the estimate keeps per state.
const VIEWS: usize = 6;
/// How many partitions of the views the estimate takes the largest of.
const PARTS: usize = 4;
/// The most views in one partition.
const PART_VIEWS: usize = 3;
/// The most views one tile is in.
const TILE_VIEWS: usize = 4;
/// No view: its extra is always 0 (see [`FifteenState::extra`]).
const NO_VIEW: u8 = VIEWS as u8;

/// One table looked up on the position seen through a symmetry of the
/// board (a reflection or rotation `sigma`): each tile at cell `c` with home
/// `h` stands, in the view, at `sigma(c)` as the tile whose home is
/// `sigma(h)`. Moves are the same in every view (the grid is symmetric), and
/// the view's goal has the blank at `sigma(15)`; a table counts only its
/// pattern's moves to a goal placement with the blank in its goal cells
/// ([`PatternTable::blank_goal_cells`]), so its entry for the view's
/// placement never exceeds the position's distance provided `sigma(15)` is
/// one of them. The identity and the transpose (the mirror image) are such
/// views for every table whose blank may be anywhere.
#[derive(Clone, Copy, Debug, Default)]
struct View {
    table: u8,
    /// Board cell to view cell.
    sigma: [u8; CELLS],
}

/// A blank move as a view sees it: 0 if the moving tile moves along a row
/// of the view, else the sign of its step in the view's cells (+1 down), and
/// the board cells of the three view cells it passes in row-major order.
#[derive(Clone, Copy, Debug, Default)]
struct ViewStep {
    sign: i8,
    passes: [u8; 3],
}

/// A blank move that moves a given tile, precomputed: the change of the
/// Manhattan distance, and the views the tile is a pattern tile of, with how
/// their indices change before the passed cells are counted.
#[derive(Clone, Copy, Debug, Default)]
struct TileMove {
    manhattan: i8,
    count: u8,
    view: [u8; TILE_VIEWS],
    change: [i32; TILE_VIEWS],
}

/// Board symmetries as cell maps (row-major cells of the 4x4).
fn symmetry(map: impl Fn(usize, usize) -> (usize, usize)) -> [u8; CELLS] {
    std::array::from_fn(|cell| {
        let (row, col) = map(cell / 4, cell % 4);
        (row * 4 + col) as u8
    })
}

/// The views the estimate looks the tables up in, and the partitions of
/// them it takes the largest sum of, or why `tables` are neither
/// [`TABLES`] nor a partition of tiles 1..15 into [`GROUPS`] patterns.
///
/// For a partition (a small tier): each table on the position and on its
/// mirror image (the transpose), two partitions.
///
/// For [`TABLES`]: the corner table (blank home in the corner) as it is
/// (tiles 9-15) and transposed (3, 4, 7, 8, 11, 12, 15), which keep the
/// blank's home where it is; the top table upside down (1-3, 5-8), turned
/// half a turn (2-8), reflected in the other diagonal (2, 5, 6, 9, 10, 13,
/// 14) and turned a quarter (1, 2, 5, 6, 9, 10, 14), which take the blank's
/// home into the top rows. Two views whose tiles are disjoint make a
/// partition, the tile left over counting its Manhattan distance: four
/// partitions (tile 4, 1, 1 or 13 left over). Chosen by measurement with a
/// probe (BENCHMARKS.md): with the blank's goal counted, these six views
/// search about a third of the states the 7-7-1 tables' best six did
/// (2.20 million on Korf's 100 instead of 5.71; 17.5 million instead of
/// 116.4 on the two 80-move positions).
fn views_for(tables: &[PatternTable]) -> Result<ViewSet, TableError> {
    let identity = symmetry(|r, c| (r, c));
    let transpose = symmetry(|r, c| (c, r));
    let sorted = |table: &PatternTable| {
        let mut tiles = table.tiles().to_vec();
        tiles.sort_unstable();
        tiles
    };
    // Each of TABLES, in whatever order the tables come.
    let find = |(tiles, goal): (&[u8], BlankGoal)| {
        tables
            .iter()
            .position(|t| sorted(t) == tiles && t.blank_goal() == goal)
    };
    if tables.len() == TABLES.len() {
        if let (Some(c), Some(t)) = (find(TABLES[0]), find(TABLES[1])) {
            let view = |table: usize, sigma| View {
                table: table as u8,
                sigma,
            };
            let views = [
                view(c, identity),
                view(t, symmetry(|r, c| (3 - r, c))),
                view(t, symmetry(|r, c| (3 - r, 3 - c))),
                view(c, transpose),
                view(t, symmetry(|r, c| (3 - c, 3 - r))),
                view(t, symmetry(|r, c| (3 - c, r))),
            ];
            let parts = [
                [0, 1, NO_VIEW],
                [0, 2, NO_VIEW],
                [3, 4, NO_VIEW],
                [3, 5, NO_VIEW],
            ];
            return Ok((views, parts));
        }
    }
    let mut seen = [false; CELLS];
    for table in tables {
        if table.blank_goal() != BlankGoal::Anywhere {
            return Err(TableError(
                "a partition's table must leave the blank anywhere".into(),
            ));
        }
        for &tile in table.tiles() {
            if std::mem::replace(&mut seen[usize::from(tile)], true) {
                return Err(TableError(format!("tile {tile} is in two patterns")));
            }
        }
    }
    if tables.len() != GROUPS {
        return Err(TableError(format!(
            "{} tables: neither the 4x4 pair nor a partition into {GROUPS}",
            tables.len()
        )));
    }
    if let Some(tile) = (1..CELLS).find(|&t| !seen[t]) {
        return Err(TableError(format!("tile {tile} is in no pattern")));
    }
    let views = std::array::from_fn(|v| View {
        table: (v % GROUPS) as u8,
        sigma: if v < GROUPS { identity } else { transpose },
    });
    // The two partitions, each given twice.
    let parts = [[0, 1, 2], [3, 4, 5], [0, 1, 2], [3, 4, 5]];
    Ok((views, parts))
}

/// The views and their partitions (see `views_for`).
type ViewSet = ([View; VIEWS], [[u8; PART_VIEWS]; PARTS]);

impl FifteenTables {
    /// Builds every table of [`TABLES`]: about a minute and a half on two
    /// cores natively (the 7-tile searches take some 500 MB each); far longer
    /// in a browser, which downloads them instead.
    pub fn build() -> FifteenTables {
        FifteenTables::build_with(&mut |_| {})
    }

    /// [`FifteenTables::build`], telling `progress` how far the tables have got,
    /// all together (see [`PatternTable::build_on_with`]).
    pub fn build_with(progress: &mut dyn FnMut(BuildProgress)) -> FifteenTables {
        let tables = PatternTable::build_all_goals_on(4, 4, &TABLES, progress);
        FifteenTables::from_tables(tables, Duplicates::build(DEPTH))
            .expect("built tables are the big tier's")
    }

    /// The tables of any partition, built at once (natively each pattern on
    /// its own thread), telling `progress` how far they have got.
    ///
    /// # Panics
    /// If `partition` does not cover tiles 1..15 exactly once.
    pub fn build_partition(
        partition: &Partition,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> FifteenTables {
        let tables = PatternTable::build_all_on(4, 4, partition, progress);
        FifteenTables::from_tables(tables, Duplicates::build(DEPTH))
            .expect("built tables match the partition")
    }

    /// The patterns these tables cover, in table order.
    pub fn patterns(&self) -> Vec<&[u8]> {
        self.tables.iter().map(PatternTable::tiles).collect()
    }

    /// Assembles tables read elsewhere (from [`FifteenTables::to_bytes`]) with the
    /// recogniser of duplicate paths (built apart, so that a browser can
    /// build it before the tables' memory is taken); refuses a set that is
    /// neither [`TABLES`] nor covers tiles 1..15 exactly once in three
    /// patterns with the blank anywhere.
    pub fn from_tables(
        tables: Vec<PatternTable>,
        duplicates: Duplicates,
    ) -> Result<FifteenTables, TableError> {
        // weight[g][slot]: what one step of that digit is worth in table
        // g's index (the mixed radix of `rank`).
        let mut weight = vec![[0u32; MAX_PATTERN]; tables.len()];
        for (g, table) in tables.iter().enumerate() {
            if table.shape() != (4, 4) {
                let (width, height) = table.shape();
                return Err(TableError(format!(
                    "a {width}x{height} table among the 4x4 ones"
                )));
            }
            let k = table.tiles().len();
            for (s, digit) in weight[g].iter_mut().enumerate().take(k) {
                // Digit s has radix CELLS - s; the digits after it weigh the
                // product of their radices.
                *digit = (s + 1..k).map(|later| (CELLS - later) as u32).product();
            }
        }
        let mut distances = [[0u8; CELLS]; CELLS];
        for (tile, row) in distances.iter_mut().enumerate().skip(1) {
            for (cell, d) in row.iter_mut().enumerate() {
                *d = distance((tile - 1) as u8, cell as u8);
            }
        }
        let (views, parts) = views_for(&tables)?;
        // For each view: `slot_of[v][u]`: the slot in the view's table of
        // board tile u's image, if a pattern tile there; `weight_of[v][u]`
        // what one step of that digit is worth (0 if none).
        let mut weight_of = [[0i32; CELLS]; VIEWS];
        let mut slot_of = [[u8::MAX; CELLS]; VIEWS];
        for (v, view) in views.iter().enumerate() {
            let g = usize::from(view.table);
            let table = &tables[g];
            // The view's goal has the blank at sigma(15): the table must
            // count moves to a goal with the blank there.
            if table.blank_goal_cells() & 1 << view.sigma[CELLS - 1] == 0 {
                return Err(TableError(
                    "a view puts the blank's home outside its table's goal".into(),
                ));
            }
            for u in 1..CELLS {
                let image = view.sigma[u - 1] + 1;
                if let Some(s) = table.tiles().iter().position(|&t| t == image) {
                    slot_of[v][u] = s as u8;
                    weight_of[v][u] = weight[g][s] as i32;
                }
            }
        }
        for part in &parts {
            let mut covered = [false; CELLS];
            for &v in part.iter().filter(|&&v| v != NO_VIEW) {
                for u in 1..CELLS {
                    if slot_of[usize::from(v)][u] != u8::MAX {
                        assert!(!covered[u], "views of one partition share tile {u}");
                        covered[u] = true;
                    }
                }
            }
        }
        // A tile moving down a column of a view passes the next three cells
        // in the view's row-major order. An earlier tile of its pattern among
        // them lowers its own digit by one; a later tile's digit goes up by
        // one.
        let passed: [[[i32; CELLS]; CELLS]; VIEWS] = std::array::from_fn(|v| {
            std::array::from_fn(|t| {
                std::array::from_fn(|u| {
                    let (st, su) = (slot_of[v][t], slot_of[v][u]);
                    if st == u8::MAX || su == u8::MAX {
                        0
                    } else if su < st {
                        -weight_of[v][t]
                    } else {
                        weight_of[v][u]
                    }
                })
            })
        });
        let solved = Board::solved(4, 4).expect("4x4 is in range");
        let mut moves = [[NO_CELL; 4]; CELLS];
        let mut view_steps = [[ViewStep::default(); VIEWS]; 4 * CELLS];
        let mut view_step_of = [[0i32; VIEWS]; 4 * CELLS];
        for (blank, row) in moves.iter_mut().enumerate() {
            for dir in Dir::ALL {
                let Some(next) = solved.neighbor(blank, dir) else {
                    continue;
                };
                row[dir.index()] = next as u8;
                // The tile moves from `next` to `blank`.
                for (v, view) in views.iter().enumerate() {
                    let (from, to) = (i32::from(view.sigma[next]), i32::from(view.sigma[blank]));
                    let step = to - from;
                    view_step_of[4 * blank + dir.index()][v] = step;
                    if step.abs() == 4 {
                        let low = from.min(to) as usize;
                        let unsigma = |cell: usize| {
                            view.sigma
                                .iter()
                                .position(|&c| usize::from(c) == cell)
                                .expect("a symmetry") as u8
                        };
                        view_steps[4 * blank + dir.index()][v] = ViewStep {
                            sign: step.signum() as i8,
                            passes: [unsigma(low + 1), unsigma(low + 2), unsigma(low + 3)],
                        };
                    }
                }
            }
        }
        let tile_moves = (0..CELLS)
            .map(|tile| {
                std::array::from_fn(|index| {
                    let (blank, dir) = (index / 4, index % 4);
                    let next = moves[blank][dir];
                    if tile == 0 || next == NO_CELL {
                        return TileMove::default();
                    }
                    let next = usize::from(next);
                    let mut effect = TileMove {
                        manhattan: distances[tile][blank] as i8 - distances[tile][next] as i8,
                        ..TileMove::default()
                    };
                    for v in (0..VIEWS).filter(|&v| slot_of[v][tile] != u8::MAX) {
                        let k = usize::from(effect.count);
                        effect.view[k] = v as u8;
                        effect.change[k] = view_step_of[index][v] * weight_of[v][tile];
                        effect.count += 1;
                    }
                    effect
                })
            })
            .collect();
        Ok(FifteenTables {
            tables,
            duplicates: Arc::new(duplicates),
            distance: distances,
            moves,
            views,
            parts,
            tile_moves,
            view_steps,
            passed,
        })
    }

    /// All tables as one byte string: a count, then each table's length and
    /// bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        pack_tables(&self.tables)
    }

    /// Reads tables written by [`FifteenTables::to_bytes`], and builds the
    /// recogniser of duplicate paths (a few tens of milliseconds).
    pub fn from_bytes(bytes: &[u8]) -> Result<FifteenTables, TableError> {
        FifteenTables::from_tables(unpack_tables(bytes)?, Duplicates::build(DEPTH))
    }

    /// The estimate for a board: the largest of the partitions' table sums
    /// over the views (see `views_for`). Never overestimates; never below the
    /// Manhattan distance.
    ///
    /// # Panics
    /// If the board is not 4x4.
    pub fn estimate(&self, board: &Board) -> u32 {
        u32::from(self.state(board).h)
    }

    /// The search state of a 4x4 board.
    ///
    /// # Panics
    /// If the board is not 4x4.
    pub fn state(&self, board: &Board) -> FifteenState {
        assert_eq!(
            (board.width(), board.height()),
            (4, 4),
            "the tables are for 4x4 boards"
        );
        let mut tiles = 0u64;
        let mut cells = [0u8; CELLS];
        let mut manhattan = 0;
        for (cell, &tile) in board.tiles().iter().enumerate() {
            tiles |= u64::from(tile) << (4 * cell);
            cells[usize::from(tile)] = cell as u8;
            manhattan += self.distance[usize::from(tile)][cell];
        }
        let mut state = FifteenState {
            tiles,
            blank: cells[0],
            manhattan,
            h: 0,
            index: [0; VIEWS],
            extra: [0; VIEWS + 1],
            path: Duplicates::START,
        };
        for (v, view) in self.views.iter().enumerate() {
            let table = &self.tables[usize::from(view.table)];
            // The view's tile `t` (home t - 1) is the board tile whose home
            // the symmetry takes to t - 1, at the image of its cell.
            let placed: Vec<u8> = table
                .tiles()
                .iter()
                .map(|&t| {
                    let home = view
                        .sigma
                        .iter()
                        .position(|&c| c == t - 1)
                        .expect("a symmetry");
                    view.sigma[usize::from(cells[home + 1])]
                })
                .collect();
            state.index[v] = rank(&placed) as u32;
            state.extra[v] = table.extra(state.index[v] as usize);
        }
        state.h = state.estimate(&self.parts);
        state
    }
}

/// The build of a partition's tables a slice at a time, on one thread (a
/// worker building the small tier while it stays ready to answer), then
/// assembled with the recogniser of duplicate paths.
pub struct FifteenBuild {
    /// Patterns still to build, last first.
    left: Vec<&'static [u8]>,
    current: Option<PatternBuild>,
    built: Vec<PatternTable>,
    /// Steps of the patterns already built, and of the whole build.
    before: u64,
    total: u64,
}

impl FifteenBuild {
    /// The build of `partition`'s tables; nothing is built until
    /// [`FifteenBuild::run`].
    ///
    /// # Panics
    /// If a pattern is not one of the 4x4 (see [`PatternTable::build`]).
    pub fn new(partition: &Partition) -> FifteenBuild {
        let total = partition
            .iter()
            .map(|tiles| PatternTable::build_steps(4, 4, tiles))
            .sum();
        FifteenBuild {
            left: partition.iter().rev().copied().collect(),
            current: None,
            built: Vec::with_capacity(GROUPS),
            before: 0,
            total,
        }
    }

    /// How far the build has got, all patterns together.
    pub fn progress(&self) -> BuildProgress {
        let current = self.current.as_ref().map_or(0, |b| b.progress().done);
        BuildProgress {
            done: (self.before + current).min(self.total),
            total: self.total,
        }
    }

    /// Builds for about `budget` more steps (a step is a search state or a
    /// few table entries, see [`BuildProgress`]); the tables once all are
    /// whole, with the duplicate-path recogniser (the last call builds it,
    /// a few tens of milliseconds).
    ///
    /// # Panics
    /// If called again after it returned the tables.
    pub fn run(&mut self, budget: u64) -> Option<FifteenTables> {
        let mut left = budget.max(1);
        loop {
            let build = match &mut self.current {
                Some(build) => build,
                None => match self.left.pop() {
                    Some(tiles) => self.current.insert(PatternBuild::new(4, 4, tiles)),
                    None => {
                        assert!(
                            !self.built.is_empty(),
                            "the build already returned its tables"
                        );
                        let tables = std::mem::take(&mut self.built);
                        return Some(
                            FifteenTables::from_tables(tables, Duplicates::build(DEPTH))
                                .expect("built tables match the partition"),
                        );
                    }
                },
            };
            let before = build.progress().done;
            let table = build.run(left);
            let done = build.progress().done;
            left = left.saturating_sub(done - before);
            match table {
                Some(table) => {
                    self.before += build.progress().total;
                    self.built.push(table);
                    self.current = None;
                }
                None if left == 0 => return None,
                None => {}
            }
        }
    }
}

/// A 4x4 position as the search holds it: the tiles by cell (4 bits each),
/// the blank's cell, the Manhattan distance, for every view of the tables
/// its index and stored extra, and the state of the
/// duplicate-path recogniser after the moves that led here.
///
/// Invariant: every field but `path` is that of the position `tiles`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FifteenState {
    tiles: u64,
    blank: u8,
    manhattan: u8,
    h: u8,
    /// Each view's table index and stored extra (see [`View`]); the extra
    /// past the last view is always 0, for partitions of fewer views.
    index: [u32; VIEWS],
    extra: [u8; VIEWS + 1],
    /// [`Duplicates::START`] where a search starts, and always in searches
    /// that do not prune duplicate paths, so that equal positions are equal
    /// states there.
    path: u32,
}

impl FifteenState {
    #[inline(always)]
    fn tile_at(&self, cell: usize) -> usize {
        ((self.tiles >> (4 * cell)) & 0xF) as usize
    }

    /// The first two keys of the order in which siblings are searched,
    /// lowest first: the lowest estimate, and among equal estimates the one
    /// whose tables see the most extra moves (over every view). The third,
    /// [`FifteenState::nearer`], goes in the lowest 8 bits, which are 0
    /// here: it is needed only between siblings that tie on these two.
    ///
    /// Only the last round of IDA* depends on the order (the others search
    /// every state within their bound), and there it decides how soon the
    /// goal is met; that round holds about two fifths of the states of
    /// Korf's 100. Measured there, with the views used until 2026-12
    /// (see `views_for`): by the estimate alone 7.37 million states; with
    /// the extra moves 6.56 million; with the third key too 6.19 million
    /// (the 80-move positions: 130.5 million either way). See BENCHMARKS.md
    /// for the keys tried.
    #[inline(always)]
    fn order(&self) -> u32 {
        let extra = u32::from(self.extra.iter().sum::<u8>());
        (u32::from(self.h) << 8 | (u32::from(u8::MAX) - extra)) << 8
    }

    /// The third key of the order (see [`FifteenState::order`]), 0 (best)
    /// to 4: four less the moves on from this state that bring a tile
    /// nearer its home, the move back (direction `back`) left out, read
    /// from `moves` and `tile_moves` (see [`FifteenTables`]). Of two states
    /// with the same estimate and extras, the one with more such moves is
    /// searched first: it has more ways on that need not raise the
    /// estimate, and measured, the goal is met sooner.
    #[inline(always)]
    fn nearer(
        &self,
        back: usize,
        moves: &[[u8; 4]; CELLS],
        tile_moves: &[[TileMove; 4 * CELLS]],
    ) -> u32 {
        let blank = usize::from(self.blank);
        let nearer = moves[blank]
            .iter()
            .enumerate()
            .filter(|&(d, &next)| {
                d != back
                    && next != NO_CELL
                    && tile_moves[self.tile_at(usize::from(next))][4 * blank + d].manhattan < 0
            })
            .count() as u32;
        4 - nearer
    }

    /// The Manhattan distance (the same in every view) plus twice the
    /// largest of the partitions' sums of extras. Each partition's views
    /// cover disjoint tiles, so its sum never overestimates (the tables are
    /// additive); the largest of admissible estimates is admissible.
    #[inline(always)]
    fn estimate(&self, parts: &[[u8; PART_VIEWS]; PARTS]) -> u8 {
        let sum =
            |part: &[u8; PART_VIEWS]| part.iter().map(|&v| self.extra[usize::from(v)]).sum::<u8>();
        let best = parts.iter().map(sum).max().unwrap_or(0);
        self.manhattan + 2 * best
    }
}

/// The 4x4 puzzle as a search [`Problem`] with the pattern-database
/// heuristic; moves are the directions the blank moves.
///
/// It shares its tables (an `Arc`), so searches that own their problem, as
/// a worker's slices do, need not borrow them.
#[derive(Clone, Debug)]
pub struct Fifteen {
    tables: Arc<FifteenTables>,
    /// The recogniser of duplicate paths, for depth-first searches. Its own
    /// pointer, read once per expansion: reached through the tables it cost
    /// a sixth of the solver's speed natively (see BENCHMARKS.md).
    duplicates: Option<Arc<Duplicates>>,
}

impl Fifteen {
    /// The problem for depth-first searches (IDA*): successors that would
    /// complete a duplicate path are left out (see [`super::duplicates`]),
    /// which keeps at least one optimal solution, so IDA* stays optimal. What
    /// is below a state then depends on how it was reached, so states have
    /// no [`Problem::key`] and no transposition table is used.
    pub fn new(tables: &Arc<FifteenTables>) -> Self {
        Fifteen {
            tables: Arc::clone(tables),
            duplicates: Some(Arc::clone(&tables.duplicates)),
        }
    }

    /// The problem for searches that remember every state they meet (A*):
    /// every successor is given, and equal positions are equal states.
    pub fn for_best_first(tables: &Arc<FifteenTables>) -> Self {
        Fifteen {
            tables: Arc::clone(tables),
            duplicates: None,
        }
    }

    /// The state that `moves` from `board` lead to, as a depth-first search
    /// from `board` would hold it there (with what the moves tell of
    /// duplicate paths), or `None` if such a search never follows them: they
    /// leave the board, undo themselves, or hold a piece that another
    /// sequence does as well or better. Workers searching below the states a
    /// few moves down (see [`split_branches`]) start from these.
    ///
    /// # Panics
    /// If the board is not 4x4.
    pub fn along(&self, board: &Board, moves: &[Dir]) -> Option<FifteenState> {
        let mut state = self.tables.state(board);
        let mut last = None;
        let mut successors = Vec::with_capacity(4);
        for &dir in moves {
            successors.clear();
            self.successors(&state, last, &mut successors);
            state = successors.iter().find(|s| s.mv == dir)?.state;
            last = Some(dir);
        }
        Some(state)
    }
}

/// Every state `depth` moves below `board` (moves that undo the one before
/// left out), each reached by the first path to it in the order of the
/// moves' letters: the branches a split search shares out. The list depends
/// on the board alone (no tables), so the page and every worker compute the
/// same one and can number the branches.
///
/// The first path matters: a depth-first search below a branch that prunes
/// duplicate paths ([`Fifteen::along`]) must start from the state with the
/// path the first optimal solution takes, and if an optimal solution passes
/// there, the first of them does so by the first path.
///
/// # Panics
/// If the board is not 4x4.
pub fn split_branches(board: &Board, depth: usize) -> Vec<Branch<Board, Dir>> {
    assert_eq!((board.width(), board.height()), (4, 4), "split 4x4 boards");
    // A problem whose successors come in the order of the moves, unsorted,
    // with positions as keys: the split keeps the first path to each.
    let plain = CompactPuzzle::new(4, 4, Estimate::Manhattan);
    split(&plain, &plain.pack(board), depth)
        .into_iter()
        .map(|branch| Branch {
            state: board
                .apply_path(&branch.moves)
                .expect("split moves stay on the board"),
            moves: branch.moves,
            g: branch.g,
        })
        .collect()
}

/// `board`'s split branches at `depth` ([`split_branches`]) in the order
/// the page numbers them, each with its state as a worker searches it
/// ([`Fifteen::along`]; `None`: nothing to search below it).
///
/// The order must be the same in every worker whatever tables it has (the
/// big ones, the small tier), so it uses none: by f with linear conflicts,
/// the most promising first, then in the order of their moves. In the last
/// round the goal is found sooner, and in the others the largest subtrees
/// go first, which evens out the workers' loads. Branches with nothing to
/// search (a fact of the moves alone) go last.
///
/// # Panics
/// If the board is not 4x4.
pub fn numbered_branches(
    problem: &Fifteen,
    board: &Board,
    depth: usize,
) -> Vec<(Branch<Board, Dir>, Option<FifteenState>)> {
    let plain = CompactPuzzle::new(4, 4, Estimate::LinearConflict);
    let mut branches: Vec<_> = split_branches(board, depth)
        .into_iter()
        .map(|branch| {
            let state = problem.along(board, &branch.moves);
            let f = state.map_or(u32::MAX, |_| {
                branch.g + plain.heuristic(&plain.pack(&branch.state))
            });
            (f, (branch, state))
        })
        .collect();
    crate::order::sort_by_rank(&mut branches, |(f, _)| *f);
    branches.into_iter().map(|(_, branch)| branch).collect()
}

/// A branch's f by `problem`'s tables, `u32::MAX` if there is nothing to
/// search below it: a worker searches the branches of its batch lowest
/// first (the last of equal f first, as it pops them from the end of a list
/// sorted highest first).
pub fn branch_f(problem: &Fifteen, g: u32, state: Option<&FifteenState>) -> u32 {
    state.map_or(u32::MAX, |state| g + problem.heuristic(state))
}

const GOAL_TILES: u64 = 0x0FED_CBA9_8765_4321;

impl Problem for Fifteen {
    type State = FifteenState;
    type Move = Dir;

    #[inline]
    fn heuristic(&self, state: &FifteenState) -> u32 {
        u32::from(state.h)
    }

    #[inline]
    fn is_goal(&self, state: &FifteenState) -> bool {
        state.tiles == GOAL_TILES
    }

    /// The tiles by cell, when duplicate paths are not pruned: they
    /// identify the position exactly. When they are, none: a transposition
    /// table keyed by position would skip a state met again by a path whose
    /// continuations the first visit did not follow.
    #[inline]
    fn key(&self, state: &FifteenState) -> Option<u64> {
        match self.duplicates {
            Some(_) => None,
            None => Some(state.tiles),
        }
    }

    fn successors(
        &self,
        state: &FifteenState,
        last: Option<Dir>,
        out: &mut Vec<Successor<FifteenState, Dir>>,
    ) {
        let mut excess = u32::MAX;
        self.successors_within(state, last, u32::MAX, out, &mut excess);
    }

    /// Computes every successor's indices first, then fetches all their
    /// entries together so the cache misses overlap, then keeps those within
    /// `limit`, the most promising first.
    fn successors_within(
        &self,
        state: &FifteenState,
        last: Option<Dir>,
        limit: u32,
        out: &mut Vec<Successor<FifteenState, Dir>>,
        excess: &mut u32,
    ) {
        let tables = &*self.tables;
        let duplicates = self.duplicates.as_deref();
        let blank = usize::from(state.blank);
        let skip = last.map_or(4, |dir| dir.opposite().index());
        let first = out.len();
        // The views each successor's move changed.
        let mut touched = [(0u8, [0u8; TILE_VIEWS]); 4];
        for (d, &next) in tables.moves[blank].iter().enumerate() {
            if d == skip || next == NO_CELL {
                continue;
            }
            let next = usize::from(next);
            let path = match duplicates {
                Some(duplicates) => match duplicates.step(state.path, Dir::ALL[d], next) {
                    Some(path) => path,
                    None => continue,
                },
                None => Duplicates::START,
            };
            let tile = state.tile_at(next);
            let effect = &tables.tile_moves[tile][4 * blank + d];
            let view_steps = &tables.view_steps[4 * blank + d];
            let mut child = *state;
            // The tile moves from `next` to `blank`, whose nibble is 0.
            child.tiles ^= ((tile as u64) << (4 * next)) | ((tile as u64) << (4 * blank));
            child.blank = next as u8;
            child.path = path;
            child.manhattan = (state.manhattan as i8 + effect.manhattan) as u8;
            // The index of each view the tile is in changes by the tile's
            // digit step, plus, where the move is vertical in the view, what
            // passing the three cells between changes.
            for k in 0..usize::from(effect.count) {
                let v = usize::from(effect.view[k]);
                let step = view_steps[v];
                let mut change = effect.change[k];
                if step.sign != 0 {
                    let row = &tables.passed[v][tile];
                    change += i32::from(step.sign)
                        * (row[state.tile_at(usize::from(step.passes[0]))]
                            + row[state.tile_at(usize::from(step.passes[1]))]
                            + row[state.tile_at(usize::from(step.passes[2]))]);
                }
                child.index[v] = state.index[v].wrapping_add_signed(change);
            }
            touched[out.len() - first] = (effect.count, effect.view);
            out.push(Successor {
                mv: Dir::ALL[d],
                state: child,
                cost: 1,
            });
        }
        // All entries fetched together, then the successors kept or cut.
        for (successor, &(count, views)) in out[first..].iter_mut().zip(&touched) {
            let child = &mut successor.state;
            for &v in &views[..usize::from(count)] {
                let v = usize::from(v);
                let table = &tables.tables[usize::from(tables.views[v].table)];
                child.extra[v] = table.extra(child.index[v] as usize);
            }
        }
        let mut kept = first;
        for i in first..out.len() {
            let h = out[i].state.estimate(&tables.parts);
            if u32::from(h) > limit {
                *excess = (*excess).min(u32::from(h));
                continue;
            }
            out[i].state.h = h;
            if kept != i {
                out.swap(kept, i);
            }
            kept += 1;
        }
        out.truncate(kept);
        // Most promising first: in the last IDA* round the goal is found
        // sooner. (At most four, so insertion sort, each rank made once.)
        let count = out.len() - first;
        let mut ranks = [0u32; 4];
        for (rank, successor) in ranks.iter_mut().zip(&out[first..]) {
            *rank = successor.state.order();
        }
        let ranked = &ranks[..count];
        let tie = (1..count).any(|i| ranked[..i].contains(&ranked[i]));
        if tie {
            for (rank, successor) in ranks.iter_mut().zip(&out[first..]) {
                *rank |= successor.state.nearer(
                    successor.mv.opposite().index(),
                    &tables.moves,
                    &tables.tile_moves,
                );
            }
        }
        for i in 1..count {
            let mut j = i;
            while j > 0 && ranks[j - 1] > ranks[j] {
                ranks.swap(j - 1, j);
                out.swap(first + j - 1, first + j);
                j -= 1;
            }
        }
    }
}

/// The name of the tables' file; the version changes with the format or the
/// partition, so a stale cached copy is never read.
pub const TABLE_FILE: &str = "fifteen-bottom-v5.pdb";
