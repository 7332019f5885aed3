//! Building a table: the breadth-first search from the goal over
//! (placement, blank region) states, in parallel natively, with its progress.

use super::placements_on;
use super::{
    distance_on, home, rank_on, unrank_on, BlankGoal, PatternTable, MAX_CELLS, MAX_EXTRA,
    MAX_PATTERN, PER_BYTE, WIDTH,
};

/// How far a table build has got: `done` of `total` steps, for a progress
/// bar.
///
/// A step is one state of the breadth-first search (a placement of the
/// pattern's tiles with the region of free cells the blank is in), whose
/// number is known before the search starts, or a few entries of the pass
/// that packs the search's distances into the table, so that steps take
/// about the same time and the time left can be told from the time so far.
/// A set of tables built together counts the steps of all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Steps done so far; never above `total`.
    pub done: u64,
    /// Steps in the whole build.
    pub total: u64,
}

/// Passes a build's progress on to a callback, only when it has grown by a
/// thousandth of the total since it was last passed on (so that a callback
/// that draws costs nothing next to the build), and never beyond the total.
struct Reporter<'a> {
    progress: &'a mut dyn FnMut(BuildProgress),
    total: u64,
    /// The least `done` worth passing on next.
    next: u64,
}

impl<'a> Reporter<'a> {
    /// Tells `progress` that none of `total` steps are done.
    fn new(total: u64, progress: &'a mut dyn FnMut(BuildProgress)) -> Self {
        progress(BuildProgress { done: 0, total });
        Reporter {
            progress,
            total,
            next: (total / 1000).max(1),
        }
    }

    /// Passes `done` on if it has grown enough.
    fn report(&mut self, done: u64) {
        // Below the total: the last report is `finish`'s.
        let done = done.min(self.total.saturating_sub(1));
        if done >= self.next {
            (self.progress)(BuildProgress {
                done,
                total: self.total,
            });
            self.next = done + (self.total / 1000).max(1);
        }
    }

    /// Tells `progress` that every step is done.
    fn finish(self) {
        (self.progress)(BuildProgress {
            done: self.total,
            total: self.total,
        });
    }
}

/// A board's geometry as cell sets: which cells it has, and which are in
/// its first and last columns (so that shifting a set sideways does not
/// wrap a row into the next).
#[derive(Clone, Copy, Debug)]
struct Shape {
    width: u32,
    cells: u32,
    full: u32,
    first_column: u32,
    last_column: u32,
}

impl Shape {
    fn new(width: usize, height: usize) -> Shape {
        let cells = (width * height) as u32;
        let full = if cells == 32 {
            u32::MAX
        } else {
            (1 << cells) - 1
        };
        let column = |col: usize| (0..height).fold(0u32, |m, row| m | 1 << (row * width + col));
        Shape {
            width: width as u32,
            cells,
            full,
            first_column: column(0),
            last_column: column(width - 1),
        }
    }

    /// The cells of `set` and their neighbours.
    #[inline]
    fn spread(&self, set: u32) -> u32 {
        (set | set << self.width
            | set >> self.width
            | (set << 1 & !self.first_column)
            | (set >> 1 & !self.last_column))
            & self.full
    }

    /// The cells next to `cell`.
    fn neighbors(&self, cell: u32) -> u32 {
        self.spread(1 << cell) & !(1 << cell)
    }

    /// The connected part of `free` that contains `cell`.
    #[inline]
    fn region_of(&self, free: u32, cell: u32) -> u32 {
        let mut region = 1 << cell;
        loop {
            let grown = self.spread(region) & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The number of states the search of [`search_distances`] goes through for
/// a pattern of `k` tiles: for each set of `k` cells, the number of
/// connected regions of the other cells, once for each of the `k!` orders of
/// the tiles on them. Found by going through the sets of cells only (11,440
/// for 7 tiles on the 4x4, against 57.6M placements and 140M states).
///
/// Every such state is reached from the goal in the tables checked (those of
/// the 4x4 and 5x5 partitions, and small patterns on boards from 2x3 to
/// 4x8), so this is the search's exact length; were some state out of
/// reach, the progress would only jump to its end at the last report.
fn search_states(shape: Shape, k: usize) -> u64 {
    let orders: u64 = (1..=k as u64).product();
    let mut regions = 0u64;
    // Every k-bit subset of the board's cells, in increasing order
    // (Gosper's hack, on 64 bits so that a 32-cell board does not
    // overflow).
    let full = u64::from(shape.full);
    let mut used: u64 = (1 << k) - 1;
    while used <= full {
        let mut free = shape.full & !(used as u32);
        let all_free = free;
        while free != 0 {
            free &= !shape.region_of(all_free, free.trailing_zeros());
            regions += 1;
        }
        let lowest = used & used.wrapping_neg();
        let carried = used + lowest;
        used = carried | (((carried ^ used) >> 2) / lowest);
    }
    regions * orders
}

/// Entries of a table's last pass (from distances to stored extras) that
/// count as one step of its progress: each costs about a fifth of what a
/// search state costs (measured on the 4x4's 7-tile tables: some 260 ns
/// against 1.4 µs), and counting the pass keeps the bar moving through it.
const ENTRIES_PER_STEP: usize = 5;

/// The steps of a table's last pass, for `k` tiles on `cells` cells.
fn entry_steps(k: usize, cells: usize) -> u64 {
    (placements_on(k, cells) / ENTRIES_PER_STEP) as u64
}

/// States a thread expands between two updates of the shared count of
/// expanded states: enough that counting costs nothing, few enough that
/// the count is never far behind.
const BATCH: usize = 1 << 12;

/// The breadth-first search of one pattern's table: its distance array and
/// how a layer's states are expanded into the next layer, shared by the
/// build in one go ([`search_distances`]) and the build in slices
/// ([`PatternBuild`]).
///
/// The blank moves through cells no pattern tile occupies at no cost, so a
/// search state is a placement together with the connected region of free
/// cells the blank is in (named by its lowest cell); every move of a pattern
/// tile into that region costs 1, which makes the search a plain
/// breadth-first search over one to three times as many states as there
/// are placements (see [`search_states`]).
struct Bfs {
    shape: Shape,
    k: usize,
    free: usize,
    /// dist[placement * free + index of the region's lowest cell among the
    /// free cells]; claimed with compare-exchange so threads share it.
    dist: Vec<std::sync::atomic::AtomicU8>,
}

impl Bfs {
    /// The search with only the goal's states at distance 0, and that
    /// first layer: the goal placement with the blank in each region of
    /// free cells, or only in the one `blank` names.
    fn new(shape: Shape, tiles: &[u8], blank: BlankGoal) -> (Bfs, Vec<u64>) {
        use std::sync::atomic::{AtomicU8, Ordering};
        let k = tiles.len();
        let board_cells = shape.cells as usize;
        let free = board_cells - k;
        let bfs = Bfs {
            shape,
            k,
            free,
            dist: std::iter::repeat_with(|| AtomicU8::new(u8::MAX))
                .take(placements_on(k, board_cells) * free)
                .collect(),
        };
        let goal: Vec<u8> = tiles.iter().map(|&t| home(t)).collect();
        let goal_used: u32 = goal.iter().fold(0, |m, &c| m | 1 << c);
        let goal_rank = rank_on(&goal, board_cells);
        let mut first = Vec::new();
        let mut unassigned = shape.full & !goal_used;
        while unassigned != 0 {
            let region = shape.region_of(!goal_used & shape.full, unassigned.trailing_zeros());
            let lowest = region.trailing_zeros();
            unassigned &= !region;
            if let BlankGoal::Near(cell) = blank {
                if region & 1 << cell == 0 {
                    continue;
                }
            }
            bfs.dist[goal_rank * free + Bfs::slot(goal_used, lowest)].store(0, Ordering::Relaxed);
            first.push(Bfs::pack(&goal, lowest));
        }
        (bfs, first)
    }

    /// The index of free cell `cell` among the cells `used` leaves free.
    #[inline]
    fn slot(used: u32, cell: u32) -> usize {
        cell as usize - (used & ((1u32 << cell) - 1)).count_ones() as usize
    }

    /// A queue entry: the tiles' cells (5 bits each) above the region's
    /// lowest cell.
    #[inline]
    fn pack(cells: &[u8], region_cell: u32) -> u64 {
        cells
            .iter()
            .enumerate()
            .fold(u64::from(region_cell), |p, (i, &c)| {
                p | (u64::from(c) << (5 * (i + 1)))
            })
    }

    /// Expands states of the layer at `depth` into `next`, the next layer.
    fn expand(&self, states: &[u64], depth: u8, next: &mut Vec<u64>) {
        use std::sync::atomic::Ordering;
        let (shape, k, free) = (self.shape, self.k, self.free);
        let board_cells = shape.cells as usize;
        let mut cells = [0u8; MAX_PATTERN];
        for &packed in states {
            let region_cell = (packed & 0x1F) as u32;
            for (j, cell) in cells.iter_mut().enumerate().take(k) {
                *cell = ((packed >> (5 * (j + 1))) & 0x1F) as u8;
            }
            let used: u32 = cells[..k].iter().fold(0, |m, &c| m | 1 << c);
            let region = shape.region_of(!used & shape.full, region_cell);
            // Every pattern tile next to the region can slide into it.
            for j in 0..k {
                let from = u32::from(cells[j]);
                let mut targets = shape.neighbors(from) & region;
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    let mut moved = cells;
                    moved[j] = to as u8;
                    let moved_used = (used & !(1 << from)) | (1 << to);
                    // The blank is left where the tile was.
                    let new_region = shape.region_of(!moved_used & shape.full, from);
                    let lowest = new_region.trailing_zeros();
                    let index =
                        rank_on(&moved[..k], board_cells) * free + Bfs::slot(moved_used, lowest);
                    if self.dist[index]
                        .compare_exchange(u8::MAX, depth + 1, Ordering::Relaxed, Ordering::Relaxed)
                        .is_ok()
                    {
                        next.push(Bfs::pack(&moved[..k], lowest));
                    }
                }
            }
        }
    }

    /// The fewest moves from each placement: the least over its regions.
    fn distances(self) -> Vec<u8> {
        use std::sync::atomic::Ordering;
        self.dist
            .chunks_exact(self.free)
            .map(|by_region| {
                let best = by_region
                    .iter()
                    .map(|d| d.load(Ordering::Relaxed))
                    .min()
                    .expect("free cells exist");
                assert!(best != u8::MAX, "every placement is reachable");
                best
            })
            .collect()
    }
}

/// The fewest moves of `tiles` from each of their placements (by rank) to
/// their goal cells, the blank anywhere: breadth-first search from the goal
/// (see [`Bfs`]).
/// Natively each layer is shared among threads. `expanded` is told, from
/// the calling thread, how many states have been expanded, every
/// [`BATCH`] states or so.
fn search_distances(
    shape: Shape,
    tiles: &[u8],
    blank: BlankGoal,
    expanded: &mut dyn FnMut(u64),
) -> Vec<u8> {
    use std::sync::atomic::{AtomicU64, Ordering};

    let (bfs, mut current) = Bfs::new(shape, tiles, blank);
    let expand = |states: &[u64], depth: u8, next: &mut Vec<u64>| bfs.expand(states, depth, next);

    // States expanded so far, by every thread; only the calling thread
    // reads it, to report it.
    let done = AtomicU64::new(0);
    // Expands `part` into `next` a batch at a time, counting the batches.
    let expand_counted = |part: &[u64], depth: u8, next: &mut Vec<u64>| {
        for batch in part.chunks(BATCH) {
            expand(batch, depth, next);
            done.fetch_add(batch.len() as u64, Ordering::Relaxed);
        }
    };
    let mut depth: u8 = 0;
    while !current.is_empty() {
        let mut next = Vec::new();
        // The calling thread takes the layer's first part (natively) or all
        // of it (in a browser), reporting between batches.
        #[cfg(not(target_arch = "wasm32"))]
        let (own, others) = {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            let chunk = current.len().div_ceil(threads).max(BATCH);
            current.split_at(chunk.min(current.len()))
        };
        #[cfg(target_arch = "wasm32")]
        let own = &current[..];
        let mut expand_own = |next: &mut Vec<u64>| {
            for batch in own.chunks(BATCH) {
                expand_counted(batch, depth, next);
                expanded(done.load(Ordering::Relaxed));
            }
        };
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::scope(|scope| {
            let chunk = own.len();
            let handles: Vec<_> = others
                .chunks(chunk)
                .map(|part| {
                    scope.spawn(|| {
                        let mut next = Vec::new();
                        expand_counted(part, depth, &mut next);
                        next
                    })
                })
                .collect();
            expand_own(&mut next);
            for handle in handles {
                next.extend(handle.join().expect("a layer's expansion does not panic"));
            }
        });
        #[cfg(target_arch = "wasm32")]
        expand_own(&mut next);
        expanded(done.load(Ordering::Relaxed));
        current = next;
        depth += 1;
    }
    bfs.distances()
}

/// Stores in `extra` the entry of the placement ranked `index`, whose
/// pattern tiles need `moves` moves: half what is beyond their Manhattan
/// distance, at most [`MAX_EXTRA`].
fn store_entry(
    extra: &mut [u8],
    index: usize,
    moves: u8,
    tiles: &[u8],
    width: usize,
    cells: usize,
) {
    let k = tiles.len();
    let placed = unrank_on(index, k, cells);
    let manhattan: u8 = tiles
        .iter()
        .zip(&placed[..k])
        .map(|(&tile, &cell)| distance_on(home(tile), cell, width))
        .sum();
    assert!(
        moves >= manhattan && (moves - manhattan) % 2 == 0,
        "a pattern's moves are at least its Manhattan distance, with the same parity"
    );
    let value = ((moves - manhattan) / 2).min(MAX_EXTRA);
    extra[index / PER_BYTE] |= value << (2 * (index % PER_BYTE));
}

/// Panics unless `tiles` is a pattern of a `width` x `height` board with
/// tables: 1 to [`MAX_PATTERN`] distinct tiles of it, on at most
/// [`MAX_CELLS`] cells.
/// Whether `cell` is on a board of `cells` cells and no pattern tile's
/// home: a cell a [`BlankGoal::Near`] may name.
pub(super) fn is_free_at_goal(cells: usize, tiles: &[u8], cell: u8) -> bool {
    usize::from(cell) < cells && tiles.iter().all(|&t| home(t) != cell)
}

/// The cells (as bits) where the goal of `tiles`' table towards `blank`
/// may have the blank: every cell no pattern tile's home is, or the region
/// of them that holds the named cell (see [`PatternTable::blank_goal_cells`]).
pub(super) fn blank_goal_cells(width: usize, height: usize, tiles: &[u8], blank: BlankGoal) -> u32 {
    let shape = Shape::new(width, height);
    let free = tiles.iter().fold(shape.full, |m, &t| m & !(1 << home(t)));
    match blank {
        BlankGoal::Anywhere => free,
        BlankGoal::Near(cell) => shape.region_of(free, u32::from(cell)),
    }
}

fn check_pattern(width: usize, height: usize, tiles: &[u8]) {
    let cells = width * height;
    assert!((4..=MAX_CELLS).contains(&cells) && width >= 2 && height >= 2);
    let k = tiles.len();
    assert!(
        (1..=MAX_PATTERN).contains(&k),
        "a pattern holds 1 to 7 tiles"
    );
    assert!(tiles.iter().all(|&t| (1..cells as u8).contains(&t)));
    let mut distinct = tiles.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), k, "pattern tiles must be distinct");
}

/// A table's build run a slice at a time, on one thread, so that a
/// browser's worker can build small tables and still answer between slices
/// (a Cancel, another request). The same search and entries as
/// [`PatternTable::build_on`], in the same steps as its progress counts.
pub struct PatternBuild {
    width: usize,
    height: usize,
    tiles: Vec<u8>,
    phase: BuildPhase,
    /// Steps done (see [`BuildProgress`]).
    done: u64,
    total: u64,
}

/// Where a [`PatternBuild`] is.
enum BuildPhase {
    /// Expanding layer `depth`: `current[position..]` are still to expand
    /// into `next`.
    Search {
        bfs: Bfs,
        current: Vec<u64>,
        position: usize,
        next: Vec<u64>,
        depth: u8,
    },
    /// Storing the entries from `index` on.
    Store {
        distances: Vec<u8>,
        extra: Vec<u8>,
        index: usize,
    },
    /// Done (the table has been handed out).
    Done,
}

impl PatternBuild {
    /// The build of the pattern made of `tiles` on a `width` x `height`
    /// board; nothing is searched until [`PatternBuild::run`].
    ///
    /// # Panics
    /// As [`PatternTable::build_on`].
    pub fn new(width: usize, height: usize, tiles: &[u8]) -> PatternBuild {
        check_pattern(width, height, tiles);
        let shape = Shape::new(width, height);
        let (bfs, current) = Bfs::new(shape, tiles, BlankGoal::Anywhere);
        PatternBuild {
            width,
            height,
            tiles: tiles.to_vec(),
            phase: BuildPhase::Search {
                bfs,
                current,
                position: 0,
                next: Vec::new(),
                depth: 0,
            },
            done: 0,
            total: PatternTable::build_steps(width, height, tiles),
        }
    }

    /// How far the build has got.
    pub fn progress(&self) -> BuildProgress {
        BuildProgress {
            done: self.done.min(self.total),
            total: self.total,
        }
    }

    /// Builds for about `budget` more steps; the table once it is whole
    /// (once only: later calls return `None`).
    pub fn run(&mut self, budget: u64) -> Option<PatternTable> {
        let mut left = budget.max(1);
        loop {
            match &mut self.phase {
                BuildPhase::Search {
                    bfs,
                    current,
                    position,
                    next,
                    depth,
                } => {
                    if *position == current.len() {
                        if next.is_empty() {
                            let placements = bfs.dist.len() / bfs.free;
                            let search = std::mem::replace(&mut self.phase, BuildPhase::Done);
                            let BuildPhase::Search { bfs, .. } = search else {
                                unreachable!("in the search phase");
                            };
                            self.phase = BuildPhase::Store {
                                distances: bfs.distances(),
                                extra: vec![0u8; placements.div_ceil(PER_BYTE)],
                                index: 0,
                            };
                            continue;
                        }
                        *current = std::mem::take(next);
                        *position = 0;
                        *depth += 1;
                    }
                    if left == 0 {
                        return None;
                    }
                    let end = current.len().min(*position + left as usize);
                    bfs.expand(&current[*position..end], *depth, next);
                    let count = (end - *position) as u64;
                    *position = end;
                    self.done += count;
                    left -= count;
                }
                BuildPhase::Store {
                    distances,
                    extra,
                    index,
                } => {
                    let board_cells = self.width * self.height;
                    let end = distances
                        .len()
                        .min(*index + (left as usize).saturating_mul(ENTRIES_PER_STEP));
                    for (i, &moves) in distances.iter().enumerate().take(end).skip(*index) {
                        store_entry(extra, i, moves, &self.tiles, self.width, board_cells);
                    }
                    self.done += ((end - *index) / ENTRIES_PER_STEP) as u64;
                    *index = end;
                    if end < distances.len() {
                        return None;
                    }
                    let BuildPhase::Store {
                        extra, distances, ..
                    } = std::mem::replace(&mut self.phase, BuildPhase::Done)
                    else {
                        unreachable!("in the store phase");
                    };
                    self.done = self.total;
                    return Some(PatternTable {
                        width: self.width as u8,
                        height: self.height as u8,
                        tiles: self.tiles.clone(),
                        blank: BlankGoal::Anywhere,
                        extra,
                        len: distances.len(),
                    });
                }
                BuildPhase::Done => return None,
            }
        }
    }
}

impl PatternTable {
    /// Builds the table of the pattern made of `tiles` (1 to 15, distinct, at
    /// most [`MAX_PATTERN`]) of the 4x4 by breadth-first search from the
    /// goal.
    ///
    /// # Panics
    /// If `tiles` is empty, too long, repeats a tile or names no tile.
    pub fn build(tiles: &[u8]) -> PatternTable {
        PatternTable::build_on(WIDTH, WIDTH, tiles)
    }

    /// Builds the table of the pattern made of `tiles` on a `width` x
    /// `height` board (at most [`MAX_CELLS`] cells).
    ///
    /// # Panics
    /// If the board is too large, or `tiles` is empty, too long, repeats a
    /// tile or names no tile of the board.
    pub fn build_on(width: usize, height: usize, tiles: &[u8]) -> PatternTable {
        PatternTable::build_on_with(width, height, tiles, &mut |_| {})
    }

    /// [`PatternTable::build`], telling `progress` how far it has got (see
    /// [`BuildProgress`]).
    ///
    /// # Panics
    /// As [`PatternTable::build`].
    pub fn build_with(tiles: &[u8], progress: &mut dyn FnMut(BuildProgress)) -> PatternTable {
        PatternTable::build_on_with(WIDTH, WIDTH, tiles, progress)
    }

    /// [`PatternTable::build_on`], telling `progress` how far it has got:
    /// first `0` of [`PatternTable::build_steps`], then about every
    /// thousandth of the work (so reporting costs nothing), last the total,
    /// always from the calling thread.
    ///
    /// # Panics
    /// As [`PatternTable::build_on`].
    pub fn build_on_with(
        width: usize,
        height: usize,
        tiles: &[u8],
        progress: &mut dyn FnMut(BuildProgress),
    ) -> PatternTable {
        PatternTable::build_goal_on_with(width, height, tiles, BlankGoal::Anywhere, progress)
    }

    /// [`PatternTable::build_on_with`] towards the goal placement with the
    /// blank where `blank` says: a table that may leave the blank only in
    /// the region of free cells that holds the real goal's blank counts the
    /// moves that bring it there too (see [`BlankGoal`]), in as many steps.
    ///
    /// # Panics
    /// As [`PatternTable::build_on`], or if `blank` names a cell off the
    /// board or a pattern tile's home.
    pub fn build_goal_on_with(
        width: usize,
        height: usize,
        tiles: &[u8],
        blank: BlankGoal,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> PatternTable {
        check_pattern(width, height, tiles);
        let (cells, k) = (width * height, tiles.len());
        if let BlankGoal::Near(cell) = blank {
            assert!(
                is_free_at_goal(cells, tiles, cell),
                "the blank's goal is a free cell of the goal placement"
            );
        }

        let shape = Shape::new(width, height);
        let states = search_states(shape, k);
        let mut reporter = Reporter::new(states + entry_steps(k, cells), progress);
        let distances = search_distances(shape, tiles, blank, &mut |expanded| {
            reporter.report(expanded)
        });
        let mut extra = vec![0u8; distances.len().div_ceil(PER_BYTE)];
        for (index, &moves) in distances.iter().enumerate() {
            if index % BATCH == 0 {
                reporter.report(states + (index / ENTRIES_PER_STEP) as u64);
            }
            store_entry(&mut extra, index, moves, tiles, width, cells);
        }
        reporter.finish();
        PatternTable {
            width: width as u8,
            height: height as u8,
            tiles: tiles.to_vec(),
            blank,
            extra,
            len: distances.len(),
        }
    }

    /// The number of steps [`PatternTable::build_on_with`] reports for the
    /// pattern made of `tiles` on a `width` x `height` board: what a
    /// progress bar needs before the build starts (a few milliseconds to
    /// count).
    pub fn build_steps(width: usize, height: usize, tiles: &[u8]) -> u64 {
        let cells = width * height;
        assert!((4..=MAX_CELLS).contains(&cells) && width >= 2 && height >= 2);
        assert!(tiles.len() < cells, "a pattern leaves a cell free");
        search_states(Shape::new(width, height), tiles.len()) + entry_steps(tiles.len(), cells)
    }

    /// The tables of `patterns` on a `width` x `height` board, built at the
    /// same time natively (one after another in a browser), telling
    /// `progress` how far they have got, all together, from the calling
    /// thread (see [`PatternTable::build_on_with`]).
    ///
    /// # Panics
    /// As [`PatternTable::build_on`], for any of the patterns.
    pub fn build_all_on(
        width: usize,
        height: usize,
        patterns: &[&[u8]],
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Vec<PatternTable> {
        let goals: Vec<(&[u8], BlankGoal)> = patterns
            .iter()
            .map(|&tiles| (tiles, BlankGoal::Anywhere))
            .collect();
        PatternTable::build_all_goals_on(width, height, &goals, progress)
    }

    /// [`PatternTable::build_all_on`] for patterns each with where its
    /// goal has the blank (see [`PatternTable::build_goal_on_with`]).
    ///
    /// # Panics
    /// As [`PatternTable::build_goal_on_with`], for any of the patterns.
    pub fn build_all_goals_on(
        width: usize,
        height: usize,
        patterns: &[(&[u8], BlankGoal)],
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Vec<PatternTable> {
        let total = patterns
            .iter()
            .map(|(tiles, _)| PatternTable::build_steps(width, height, tiles))
            .sum();
        let mut reporter = Reporter::new(total, progress);
        #[cfg(not(target_arch = "wasm32"))]
        let tables = {
            use std::sync::atomic::{AtomicU64, Ordering};
            // Each build adds what it has done since it last reported; the
            // calling thread wakes when one of them ends, or to report.
            let done = AtomicU64::new(0);
            let caller = std::thread::current();
            std::thread::scope(|scope| {
                let handles: Vec<_> = patterns
                    .iter()
                    .map(|&(tiles, blank)| {
                        let (done, caller) = (&done, &caller);
                        scope.spawn(move || {
                            let mut reported = 0;
                            let table = PatternTable::build_goal_on_with(
                                width,
                                height,
                                tiles,
                                blank,
                                &mut |p| {
                                    done.fetch_add(p.done - reported, Ordering::Relaxed);
                                    reported = p.done;
                                },
                            );
                            caller.unpark();
                            table
                        })
                    })
                    .collect();
                // A build that panics ends too; joining passes its panic on.
                while !handles.iter().all(|handle| handle.is_finished()) {
                    reporter.report(done.load(Ordering::Relaxed));
                    std::thread::park_timeout(std::time::Duration::from_millis(100));
                }
                handles
                    .into_iter()
                    .map(|handle| handle.join().expect("a table build does not panic"))
                    .collect()
            })
        };
        #[cfg(target_arch = "wasm32")]
        let tables = {
            let mut before = 0;
            patterns
                .iter()
                .map(|&(tiles, blank)| {
                    let mut steps = 0;
                    let table =
                        PatternTable::build_goal_on_with(width, height, tiles, blank, &mut |p| {
                            steps = p.total;
                            reporter.report(before + p.done);
                        });
                    before += steps;
                    table
                })
                .collect()
        };
        reporter.finish();
        tables
    }
}
