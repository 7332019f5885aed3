//! A grid ready to answer many queries: what a scenario file, a benchmark
//! or the page's map reuses, holding whatever an algorithm precomputes
//! once per map (JPS+'s jump distances, the dead ends, the landmarks'
//! walking distances)
//! and, for the jump searches, the
//! search's arrays from the last query, so that each query pays only for
//! the states it meets (not, say, for a megabyte of index cleared at
//! 512 x 512).

use std::sync::{Arc, Mutex};

use super::algorithm::{Algorithm, Query};
use super::dead_ends::DeadEnds;
use super::grid::{Grid, GridRoute, Pixel};
use super::heuristic::Heuristic;
use super::jps::{BitMap, Jump};
use super::jps_plus::JumpTable;
use super::landmarks::Landmarks;
use super::meeting_jps::Fronts;
use crate::search::Scratch;

/// A grid and what `algorithm` precomputed on it.
pub struct Router {
    grid: Arc<Grid>,
    prepared: Prepared,
    /// The landmarks' distances, if the estimate asked for is
    /// [`Heuristic::Landmarks`] (some hundreds of ms at 512 x 512).
    landmarks: Option<Arc<Landmarks>>,
    /// The jump searches' arrays, handed from each query to the next so
    /// that a query pays for the states it meets, not for the map's size.
    /// Locked for a query's length: a query that finds it taken (another
    /// thread's) searches in arrays of its own. With them, the arrays of
    /// the search from both ends (on maps of corridors one pixel wide).
    /// Lent whole to a search run in slices ([`Router::lend_arrays`]).
    scratch: ArraysHome,
}

/// Where a router keeps its jump searches' arrays between searches: lent
/// whole to a search run in slices (a worker's, which outlives any borrow
/// of its router), which gives them back once it is over.
#[derive(Clone)]
pub(crate) struct ArraysHome(Arc<Mutex<(Scratch<u32, Jump>, Fronts)>>);

impl ArraysHome {
    /// The arrays kept, if no query holds them (a query on another thread):
    /// a poisoned lock only means a query panicked, and its arrays hold no
    /// answer, so they serve on.
    fn lock(&self) -> Option<std::sync::MutexGuard<'_, (Scratch<u32, Jump>, Fronts)>> {
        match self.0.try_lock() {
            Ok(guard) => Some(guard),
            Err(std::sync::TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) => None,
        }
    }

    /// Takes the arrays kept (empty ones if a query holds them).
    fn take(&self) -> Scratch<u32, Jump> {
        self.lock()
            .map(|mut kept| std::mem::take(&mut kept.0))
            .unwrap_or_default()
    }

    /// Takes the search from both ends' arrays kept (empty ones if a query
    /// holds them).
    fn take_fronts(&self) -> Fronts {
        self.lock()
            .map(|mut kept| std::mem::take(&mut kept.1))
            .unwrap_or_default()
    }

    /// Keeps `fronts` (a search from both ends', once over) for the next
    /// search; dropped if a query holds the place.
    pub(crate) fn give_back_fronts(&self, fronts: Fronts) {
        if let Some(mut kept) = self.lock() {
            kept.1 = fronts;
        }
    }

    /// Keeps `arrays` (a search's, once over) for the next search; dropped
    /// if a query holds the place.
    pub(crate) fn give_back(&self, arrays: Scratch<u32, Jump>) {
        if let Some(mut kept) = self.lock() {
            kept.0 = arrays;
        }
    }
}

/// What a router keeps beside its grid.
enum Prepared {
    /// Nothing: the search reads the grid itself.
    Nothing,
    /// Jump point search: the map's rows and columns as bits (a
    /// representation, not a precomputation; about 1 ms at 512 x 512).
    Bits(Arc<BitMap>),
    /// JPS+: the jump table (a few ms at 512 x 512).
    Table(Arc<JumpTable>),
    /// JPS+ without dead ends: the dead-end forest, the core and its
    /// table (some tens of ms at 512 x 512).
    Pruned(Arc<DeadEnds>),
}

impl Router {
    /// `grid` made ready for queries of `query`'s algorithm: the
    /// precomputing (if the algorithm has any) happens here, once, so that
    /// the caller can time it apart from the queries.
    pub fn new(grid: Arc<Grid>, query: &Query) -> Router {
        Router::succeeding(grid, query, None)
    }

    /// [`Router::new`], taking over what `earlier` measured that still
    /// serves (the landmarks, when its grid is the same map): so that a
    /// worker switching algorithms on one map does not measure its
    /// landmarks again.
    pub fn succeeding(grid: Arc<Grid>, query: &Query, earlier: Option<&Router>) -> Router {
        let prepared = match query.algorithm() {
            Algorithm::Jps => Prepared::Bits(Arc::new(BitMap::new(&grid))),
            Algorithm::JpsPlus => Prepared::Table(Arc::new(JumpTable::new(&grid))),
            Algorithm::JpsPlusPruned => Prepared::Pruned(Arc::new(DeadEnds::new(&grid))),
            _ => Prepared::Nothing,
        };
        let landmarks = earlier
            .filter(|earlier| *earlier.grid == *grid)
            .and_then(|earlier| earlier.landmarks.clone())
            .or_else(|| {
                (query.heuristic() == Heuristic::Landmarks).then(|| Arc::new(Landmarks::new(&grid)))
            });
        Router {
            grid,
            prepared,
            landmarks,
            scratch: ArraysHome(Arc::new(Mutex::new((
                Scratch::default(),
                Fronts::default(),
            )))),
        }
    }

    /// The grid.
    pub fn grid(&self) -> &Arc<Grid> {
        &self.grid
    }

    /// Whether this router can answer `query` on `grid` as one made for
    /// them would: the same map (the router's own grid, or one equal pixel
    /// for pixel, so that a map sent whole again in a new message is
    /// recognised) and, for the jump point
    /// searches, what they need made. What a worker checks before keeping
    /// its router for the next search.
    pub fn serves(&self, grid: &Grid, query: &Query) -> bool {
        let prepared = match query.algorithm() {
            Algorithm::Jps => matches!(self.prepared, Prepared::Bits(_)),
            Algorithm::JpsPlus => matches!(self.prepared, Prepared::Table(_)),
            Algorithm::JpsPlusPruned => matches!(self.prepared, Prepared::Pruned(_)),
            _ => true,
        };
        let landmarks = query.heuristic() != Heuristic::Landmarks || self.landmarks.is_some();
        // The same grid (a worker's held map, `JobRunner::receive`) needs no
        // pixel by pixel comparison.
        prepared && landmarks && (std::ptr::eq(&*self.grid, grid) || *self.grid == *grid)
    }

    /// The jump searches' arrays of this router's last search, lent to a
    /// search run in slices until it gives them back to the home returned
    /// with them (new ones if another search has them): so that a worker's
    /// queries, like [`Router::route`]'s, pay for the states they meet
    /// rather than for the map's size (a megabyte of index at 512 x 512).
    pub(crate) fn lend_arrays(&self) -> (Scratch<u32, Jump>, ArraysHome) {
        (self.scratch.take(), self.scratch.clone())
    }

    /// [`Router::lend_arrays`] for a search from both ends (on a map of
    /// corridors one pixel wide): its arrays, a cell of both sides for
    /// every pixel, lent until it gives them back.
    pub(crate) fn lend_fronts(&self) -> (Fronts, ArraysHome) {
        (self.scratch.take_fronts(), self.scratch.clone())
    }

    /// The landmarks' distances, if this router was made for that estimate.
    pub fn landmarks(&self) -> Option<Arc<Landmarks>> {
        self.landmarks.clone()
    }

    /// The map's bits, if this router was made for jump point search.
    pub(crate) fn bits(&self) -> Option<Arc<BitMap>> {
        match &self.prepared {
            Prepared::Bits(bits) => Some(bits.clone()),
            _ => None,
        }
    }

    /// The jump table, if this router was made for JPS+.
    pub(crate) fn table(&self) -> Option<Arc<JumpTable>> {
        match &self.prepared {
            Prepared::Table(table) => Some(table.clone()),
            _ => None,
        }
    }

    /// The dead ends, if this router was made for JPS+ without them.
    pub(crate) fn dead_ends(&self) -> Option<Arc<DeadEnds>> {
        match &self.prepared {
            Prepared::Pruned(dead_ends) => Some(dead_ends.clone()),
            _ => None,
        }
    }

    /// The route `query` finds from `from` to `to`, as [`Grid::route`]
    /// answers it; `query`'s algorithm must be the one the router was made
    /// for (another algorithm is answered as [`Grid::route`] does).
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall.
    pub fn route(
        &self,
        from: Pixel,
        to: Pixel,
        query: &Query,
    ) -> Result<Option<GridRoute>, String> {
        let mut own = (Scratch::default(), Fronts::default());
        let mut shared = self.scratch.lock();
        let (scratch, fronts) = shared.as_deref_mut().unwrap_or(&mut own);
        let landmarks = self.landmarks.as_ref();
        match (&self.prepared, query.algorithm()) {
            (Prepared::Bits(map), Algorithm::Jps) => self
                .grid
                .route_jps(map, landmarks, from, to, query, scratch, fronts),
            (Prepared::Table(table), Algorithm::JpsPlus) => self
                .grid
                .route_jps_plus(table, landmarks, from, to, query, scratch),
            (Prepared::Pruned(dead_ends), Algorithm::JpsPlusPruned) => self
                .grid
                .route_pruned(dead_ends, landmarks, from, to, query, scratch),
            // Made for another algorithm: build what the jumps read, and
            // keep the landmarks.
            (_, Algorithm::Jps) => {
                let map = BitMap::new(&self.grid);
                self.grid
                    .route_jps(&map, landmarks, from, to, query, scratch, fronts)
            }
            (_, Algorithm::JpsPlus) => {
                let table = JumpTable::new(&self.grid);
                self.grid
                    .route_jps_plus(&table, landmarks, from, to, query, scratch)
            }
            (_, Algorithm::JpsPlusPruned) => {
                let dead_ends = DeadEnds::new(&self.grid);
                self.grid
                    .route_pruned(&dead_ends, landmarks, from, to, query, scratch)
            }
            _ => self.grid.route_steps(landmarks, from, to, query),
        }
    }
}
