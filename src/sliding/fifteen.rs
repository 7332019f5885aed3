//! The fast optimal solver for the 4x4 puzzle: IDA* with additive pattern
//! databases, looked up on the position and on its mirror image, the larger
//! sum taken, each updated per move from the one tile that moved.
//!
//! The mirror image (the position reflected in the main diagonal, each tile
//! renamed after its reflected home) is exactly as far from the goal as the
//! position, since the goal is its own mirror image. Looking the same tables
//! up on it gives a second admissible estimate without more memory, and the
//! larger of two admissible estimates is admissible.
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
use super::pdb::{
    distance, pack_tables, rank, unpack_tables, BuildProgress, PatternBuild, PatternTable,
    TableError, CELLS, MAX_PATTERN,
};
use crate::search::{split, Branch, Problem, Successor};

/// The partition of tiles 1..15 into disjoint patterns the tables cover:
/// 7-7-1, the top two rows but tile 8, the bottom two rows, and tile 8 (whose
/// table is its Manhattan distance). Chosen by measurement among 6-6-3 and
/// 7-7-1 partitions (see BENCHMARKS.md): with the mirrored lookup, and
/// neither tie-breaking nor duplicate-path pruning, it expanded about
/// 190,000 states per instance of Korf's 100, a third of the best 6-6-3, in
/// 28.8 MB.
pub const PARTITION: Partition = [&[1, 2, 3, 4, 5, 6, 7], &[9, 10, 11, 12, 13, 14, 15], &[8]];

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

/// The cell mirrored in the main diagonal.
const fn transpose_cell(cell: usize) -> usize {
    (cell % 4) * 4 + cell / 4
}

/// The tile whose home is the mirror image of `tile`'s home.
const fn transpose_tile(tile: usize) -> usize {
    if tile == 0 {
        0
    } else {
        transpose_cell(tile - 1) + 1
    }
}

/// `TRANSPOSE[cell]`: the cell mirrored in the main diagonal.
const TRANSPOSE: [u8; CELLS] = {
    let mut table = [0u8; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        table[cell] = transpose_cell(cell) as u8;
        cell += 1;
    }
    table
};

/// The pattern databases of [`PARTITION`] and what the search needs to use
/// them quickly, the recogniser of duplicate paths included.
#[derive(Clone, Debug)]
pub struct FifteenTables {
    tables: [PatternTable; GROUPS],
    /// The recogniser of duplicate paths up to [`DEPTH`] moves, shared with
    /// every [`Fifteen`] that prunes them.
    duplicates: Arc<Duplicates>,
    /// `distance[tile][cell]`: the tile's Manhattan distance from `cell`.
    distance: [[u8; CELLS]; CELLS],
    /// `moves[blank][dir]`: what a blank move changes, precomputed.
    moves: [[Step; 4]; CELLS],
    /// `tile_moves[tile][4 * blank + dir]`: what that move changes when it
    /// moves `tile`, precomputed (12 KB, so a successor costs a handful of
    /// instructions besides its table entries).
    tile_moves: Vec<[TileMove; 4 * CELLS]>,
    /// `passed[t][u]`: how table index of tile `t`'s group changes when `t`
    /// moves down a column past tile `u` (0 unless
    /// both are tiles of one group);
    /// `mirror_passed[t][u]` the same for the mirror tiles in the mirror
    /// image.
    passed: [[i32; CELLS]; CELLS],
    mirror_passed: [[i32; CELLS]; CELLS],
}

/// A blank move, precomputed: the cell the blank moves to (whose tile moves
/// the other way), the cells the tile passes in row-major order when the move
/// is vertical on the board or in the mirror image (always exactly one of the
/// two), and the signed cell steps of the tile on the board and in the mirror.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    next: u8,
    passes: [u8; 3],
    vertical: bool,
    step: i8,
    mirror_step: i8,
}

/// A blank move that moves a given tile, precomputed: the change of the
/// Manhattan distance, the tables of the tile and of its mirror tile, and
/// how their indices change before the passed cells are counted.
#[derive(Clone, Copy, Debug, Default)]
struct TileMove {
    manhattan: i8,
    group: u8,
    mirror_group: u8,
    change: i32,
    mirror_change: i32,
}

impl FifteenTables {
    /// Builds every table of [`PARTITION`]: about a minute and a half on two
    /// cores natively (the 7-tile searches take some 500 MB each); far longer
    /// in a browser, which downloads them instead.
    pub fn build() -> FifteenTables {
        FifteenTables::build_with(&mut |_| {})
    }

    /// [`FifteenTables::build`], telling `progress` how far the tables have got,
    /// all together (see [`PatternTable::build_on_with`]).
    pub fn build_with(progress: &mut dyn FnMut(BuildProgress)) -> FifteenTables {
        FifteenTables::build_partition(&PARTITION, progress)
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
    /// build it before the tables' memory is taken); refuses a set that does
    /// not cover tiles 1..15 exactly once in three patterns.
    pub fn from_tables(
        tables: Vec<PatternTable>,
        duplicates: Duplicates,
    ) -> Result<FifteenTables, TableError> {
        let tables: [PatternTable; GROUPS] =
            tables.try_into().map_err(|t: Vec<PatternTable>| {
                TableError(format!("{} patterns, expected {GROUPS}", t.len()))
            })?;
        let mut group = [u8::MAX; CELLS];
        // slot[tile]: the tile's place in its table's ranking order;
        // weight[g][slot]: what one step of that digit is worth in table g's
        // index (the mixed radix of `rank`).
        let mut slot = [0u8; CELLS];
        let mut weight = [[0u32; MAX_PATTERN]; GROUPS];
        for (g, table) in tables.iter().enumerate() {
            if table.shape() != (4, 4) {
                let (width, height) = table.shape();
                return Err(TableError(format!(
                    "a {width}x{height} table among the 4x4 ones"
                )));
            }
            let k = table.tiles().len();
            for (s, &tile) in table.tiles().iter().enumerate() {
                if group[usize::from(tile)] != u8::MAX {
                    return Err(TableError(format!("tile {tile} is in two patterns")));
                }
                group[usize::from(tile)] = g as u8;
                slot[usize::from(tile)] = s as u8;
                // Digit s has radix CELLS - s; the digits after it weigh the
                // product of their radices.
                weight[g][s] = (s + 1..k).map(|later| (CELLS - later) as u32).product();
            }
        }
        if let Some(tile) = (1..CELLS).find(|&t| group[t] == u8::MAX) {
            return Err(TableError(format!("tile {tile} is in no pattern")));
        }
        let mut distances = [[0u8; CELLS]; CELLS];
        for (tile, row) in distances.iter_mut().enumerate().skip(1) {
            for (cell, d) in row.iter_mut().enumerate() {
                *d = distance((tile - 1) as u8, cell as u8);
            }
        }
        let weight_of: [i32; CELLS] = std::array::from_fn(|tile| {
            if tile == 0 {
                0
            } else {
                weight[usize::from(group[tile])][usize::from(slot[tile])] as i32
            }
        });
        let mirror_weight_of: [i32; CELLS] =
            std::array::from_fn(|tile| weight_of[transpose_tile(tile)]);
        // A tile moving down a column passes the next three cells in row-major
        // order. An earlier tile of its group among them lowers its own digit
        // by one; a later tile's digit goes up by one.
        let passed: [[i32; CELLS]; CELLS] = std::array::from_fn(|t| {
            std::array::from_fn(|u| {
                if t == 0 || u == 0 || group[t] != group[u] {
                    0
                } else if slot[u] < slot[t] {
                    -weight_of[t]
                } else {
                    weight_of[u]
                }
            })
        });
        let mirror_passed: [[i32; CELLS]; CELLS] = std::array::from_fn(|t| {
            std::array::from_fn(|u| passed[transpose_tile(t)][transpose_tile(u)])
        });
        let solved = Board::solved(4, 4).expect("4x4 is in range");
        let mut moves = [[Step::default(); 4]; CELLS];
        for (blank, row) in moves.iter_mut().enumerate() {
            for dir in Dir::ALL {
                let Some(next) = solved.neighbor(blank, dir) else {
                    row[dir.index()].next = NO_CELL;
                    continue;
                };
                // The tile moves from `next` to `blank`.
                let vertical = next.abs_diff(blank) == 4;
                let passes = if vertical {
                    let low = next.min(blank);
                    [low + 1, low + 2, low + 3].map(|c| c as u8)
                } else {
                    let low = transpose_cell(next).min(transpose_cell(blank));
                    [low + 1, low + 2, low + 3].map(|c| TRANSPOSE[c])
                };
                row[dir.index()] = Step {
                    next: next as u8,
                    passes,
                    vertical,
                    step: blank as i8 - next as i8,
                    mirror_step: transpose_cell(blank) as i8 - transpose_cell(next) as i8,
                };
            }
        }
        let tile_moves = (0..CELLS)
            .map(|tile| {
                std::array::from_fn(|index| {
                    let (blank, dir) = (index / 4, index % 4);
                    let step = moves[blank][dir];
                    if tile == 0 || step.next == NO_CELL {
                        return TileMove::default();
                    }
                    let next = usize::from(step.next);
                    TileMove {
                        manhattan: distances[tile][blank] as i8 - distances[tile][next] as i8,
                        group: group[tile],
                        mirror_group: group[transpose_tile(tile)],
                        change: i32::from(step.step) * weight_of[tile],
                        mirror_change: i32::from(step.mirror_step) * mirror_weight_of[tile],
                    }
                })
            })
            .collect();
        Ok(FifteenTables {
            tables,
            duplicates: Arc::new(duplicates),
            distance: distances,
            moves,
            tile_moves,
            passed,
            mirror_passed,
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

    /// The estimate for a board: the larger of the table sums on the board
    /// and on its mirror image. Never overestimates; never below the
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
        // In the mirror image, tile u stands where tile transpose(u) stands
        // on the board, mirrored.
        let mut mirrored = [0u8; CELLS];
        for (tile, cell) in mirrored.iter_mut().enumerate() {
            *cell = TRANSPOSE[usize::from(cells[transpose_tile(tile)])];
        }
        let mut state = FifteenState {
            tiles,
            blank: cells[0],
            manhattan,
            h: 0,
            index: [0; GROUPS],
            mirror_index: [0; GROUPS],
            extra: [0; GROUPS],
            mirror_extra: [0; GROUPS],
            path: Duplicates::START,
        };
        for (g, table) in self.tables.iter().enumerate() {
            let placed = |cells: &[u8; CELLS]| -> Vec<u8> {
                table
                    .tiles()
                    .iter()
                    .map(|&t| cells[usize::from(t)])
                    .collect()
            };
            state.index[g] = rank(&placed(&cells)) as u32;
            state.mirror_index[g] = rank(&placed(&mirrored)) as u32;
            state.extra[g] = table.extra(state.index[g] as usize);
            state.mirror_extra[g] = table.extra(state.mirror_index[g] as usize);
        }
        state.h = state.estimate();
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
/// the blank's cell, the Manhattan distance, for every table its index and
/// stored extra on the position and on its mirror image, and the state of the
/// duplicate-path recogniser after the moves that led here.
///
/// Invariant: every field but `path` is that of the position `tiles`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FifteenState {
    tiles: u64,
    blank: u8,
    manhattan: u8,
    h: u8,
    index: [u32; GROUPS],
    mirror_index: [u32; GROUPS],
    extra: [u8; GROUPS],
    mirror_extra: [u8; GROUPS],
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

    /// The order in which siblings are searched: lowest estimate first, and
    /// among equal estimates the one whose tables see the most extra moves
    /// (on the position and its mirror image together). Measured on Korf's
    /// 100, the tie-break cuts the states searched by a tenth, all of it in
    /// the last round, where the order decides how soon the goal is met.
    #[inline(always)]
    fn order(&self) -> (u8, u8) {
        let sum = |extra: &[u8; GROUPS]| extra.iter().sum::<u8>();
        (
            self.h,
            u8::MAX - (sum(&self.extra) + sum(&self.mirror_extra)),
        )
    }

    /// The Manhattan distance (the same for the mirror image) plus twice the
    /// larger of the two extras' sums.
    #[inline(always)]
    fn estimate(&self) -> u8 {
        let sum = |extra: &[u8; GROUPS]| extra.iter().sum::<u8>();
        self.manhattan + 2 * sum(&self.extra).max(sum(&self.mirror_extra))
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
        let mut groups = [(0u8, 0u8); 4];
        for (d, step) in tables.moves[blank].iter().enumerate() {
            if d == skip || step.next == NO_CELL {
                continue;
            }
            let next = usize::from(step.next);
            let path = match duplicates {
                Some(duplicates) => match duplicates.step(state.path, Dir::ALL[d], next) {
                    Some(path) => path,
                    None => continue,
                },
                None => Duplicates::START,
            };
            let tile = state.tile_at(next);
            let effect = &tables.tile_moves[tile][4 * blank + d];
            let mut child = *state;
            // The tile moves from `next` to `blank`, whose nibble is 0.
            child.tiles ^= ((tile as u64) << (4 * next)) | ((tile as u64) << (4 * blank));
            child.blank = next as u8;
            child.path = path;
            child.manhattan = (state.manhattan as i8 + effect.manhattan) as u8;
            // Table indices change by the tile's digit step, plus, on the one
            // of the board and the mirror image where the move is vertical,
            // what passing the three cells between changes.
            let passed = |table: &[[i32; CELLS]; CELLS]| -> i32 {
                let row = &table[tile];
                row[state.tile_at(usize::from(step.passes[0]))]
                    + row[state.tile_at(usize::from(step.passes[1]))]
                    + row[state.tile_at(usize::from(step.passes[2]))]
            };
            let (mut change, mut mirror_change) = (effect.change, effect.mirror_change);
            if step.vertical {
                change += i32::from(step.step.signum()) * passed(&tables.passed);
            } else {
                mirror_change +=
                    i32::from(step.mirror_step.signum()) * passed(&tables.mirror_passed);
            }
            let (g, m) = (usize::from(effect.group), usize::from(effect.mirror_group));
            child.index[g] = state.index[g].wrapping_add_signed(change);
            child.mirror_index[m] = state.mirror_index[m].wrapping_add_signed(mirror_change);
            groups[out.len() - first] = (effect.group, effect.mirror_group);
            out.push(Successor {
                mv: Dir::ALL[d],
                state: child,
                cost: 1,
            });
        }
        // All entries fetched together, then the successors kept or cut.
        for (successor, &(g, m)) in out[first..].iter_mut().zip(&groups) {
            let child = &mut successor.state;
            let (g, m) = (usize::from(g), usize::from(m));
            child.extra[g] = tables.tables[g].extra(child.index[g] as usize);
            child.mirror_extra[m] = tables.tables[m].extra(child.mirror_index[m] as usize);
        }
        let mut kept = first;
        for i in first..out.len() {
            let h = out[i].state.estimate();
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
        // sooner. (At most three, so insertion sort.)
        for i in first + 1..out.len() {
            let mut j = i;
            while j > first && out[j - 1].state.order() > out[j].state.order() {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

/// The name of the tables' file; the version changes with the format or the
/// partition, so a stale cached copy is never read.
pub const TABLE_FILE: &str = "fifteen-771-v4.pdb";
