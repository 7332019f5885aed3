//! The shortest walk across a grid from pixel to pixel: 4-connected (up,
//! down, left, right) or 8-connected (diagonals too, never squeezing
//! between two walls that touch at a corner) by the generic A* with a
//! choice of estimate, or at any angle by Lazy Theta*; whole, or in slices.
//! And every [`Algorithm`] of a [`Query`] run on a grid: A* (weighted),
//! jump point searches ([`super::jps`], [`super::jps_plus`]), Dijkstra,
//! greedy best-first, breadth-first and bidirectional A* over the same
//! steps, Theta* at any angle.

use std::ops::Deref;
use std::sync::Arc;

use super::algorithm::{Algorithm, Query};
use super::dead_ends::{joined, DeadEnds, Ends};
use super::found::{Found, RouteStep, Trace};
use super::grid::{path_length, Grid, GridRoute, Pixel, Stopped};
use super::heuristic::{Heuristic, Moves};
use super::jps::{line_to, BitMap, Jps, Jump};
use super::jps_plus::{JpsPlus, JumpTable};
use super::landmarks::{raised, Landmarks, Toward};
use super::meeting_jps::{route_from_both_ends, Fronts, Meeting, MeetingJps, MeetingJpsStep};
use super::router::{ArraysHome, Router};
use super::sight::Sight;
use crate::search::{
    astar, theta_star, AnyAnglePath, AnyAngleStep, BestFirst, Bidirectional, Interrupted,
    MeetingPath, MeetingStep, Monitor, Problem, Scratch, Solution, Step, Successor, ThetaStar,
    Unlimited,
};

/// A straight step's cost, and a diagonal one's: 985 and 1393 stand in
/// for 1 and √2 (1393 / 985 is within 2 parts in 10 million of √2), so
/// that costs are whole numbers and a walk found is the shortest to within
/// a few parts in ten million.
pub(crate) const STRAIGHT: u32 = 985;
pub(crate) const DIAGONAL: u32 = 1393;

impl Grid {
    /// The shortest walk from `from` to `to` with `moves`, guided by
    /// `heuristic`; `Ok(None)` if walls part them. With
    /// [`Heuristic::Manhattan`] and [`Moves::Eight`] the walk may be longer
    /// than the shortest (that estimate can overestimate).
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall.
    pub fn shortest(
        &self,
        from: Pixel,
        to: Pixel,
        moves: Moves,
        heuristic: Heuristic,
    ) -> Result<Option<GridRoute>, String> {
        match self.shortest_with(from, to, moves, heuristic, &mut Unlimited) {
            Ok(route) => Ok(route),
            Err(Stopped::Bad(reason)) => Err(reason),
            Err(Stopped::Interrupted(_)) => unreachable!("an unlimited search is never stopped"),
        }
    }

    /// [`Grid::shortest`] under `monitor`, which sees the progress and may
    /// stop the search.
    ///
    /// # Errors
    /// [`Stopped::Bad`] for a start or goal off the map or on a wall,
    /// [`Stopped::Interrupted`] with the progress if `monitor` stopped it.
    pub fn shortest_with<M: Monitor + ?Sized>(
        &self,
        from: Pixel,
        to: Pixel,
        moves: Moves,
        heuristic: Heuristic,
        monitor: &mut M,
    ) -> Result<Option<GridRoute>, Stopped> {
        self.check(from, "the start").map_err(Stopped::Bad)?;
        self.check(to, "the goal").map_err(Stopped::Bad)?;
        let stopped = |stopped: Interrupted| Stopped::Interrupted(stopped.progress);
        if moves == Moves::AnyAngle {
            let sight = Sight::new(self, to);
            let path = theta_star(&sight, from, monitor).map_err(stopped)?;
            return Ok(path.map(sight_route));
        }
        let walk = Walk::new(self, to, moves, heuristic).guided(guide(self, to, heuristic, None));
        let solution = astar(&walk, self.index(from), monitor).map_err(stopped)?;
        Ok(solution.map(|solution| walk_route(self, from, &solution)))
    }
}

impl Grid {
    /// The route `query` finds from `from` to `to` (see
    /// [`Query::proves_shortest`] for when it is a shortest one);
    /// `Ok(None)` if walls part them. The jump point searches build what
    /// they read here, each query: the map as bits for JPS (about a
    /// millisecond at 512 x 512), the jump table for JPS+ (10 to 20 ms);
    /// so does [`Heuristic::Landmarks`] (its distances, some hundreds of
    /// ms at 512 x 512); a [`super::Router`] builds them once for many
    /// queries, and keeps the search's arrays from one query to the next.
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall.
    pub fn route(
        &self,
        from: Pixel,
        to: Pixel,
        query: &Query,
    ) -> Result<Option<GridRoute>, String> {
        match query.algorithm() {
            Algorithm::Jps => self.route_jps(
                &BitMap::new(self),
                None,
                from,
                to,
                query,
                &mut Scratch::default(),
                &mut Fronts::default(),
            ),
            Algorithm::JpsPlus => self.route_jps_plus(
                &JumpTable::new(self),
                None,
                from,
                to,
                query,
                &mut Scratch::default(),
            ),
            Algorithm::JpsPlusPruned => self.route_pruned(
                &DeadEnds::new(self),
                None,
                from,
                to,
                query,
                &mut Scratch::default(),
            ),
            _ => self.route_steps(None, from, to, query),
        }
    }

    /// [`Grid::route`] for the searches over single steps, with `landmarks`
    /// (a router's) if the estimate needs them and they are measured.
    pub(crate) fn route_steps(
        &self,
        landmarks: Option<&Arc<Landmarks>>,
        from: Pixel,
        to: Pixel,
        query: &Query,
    ) -> Result<Option<GridRoute>, String> {
        self.check(from, "the start")?;
        self.check(to, "the goal")?;
        let route = match query.algorithm() {
            Algorithm::Theta => {
                let sight = Sight::new(self, to);
                let path = theta_star(&sight, from, &mut Unlimited)
                    .unwrap_or_else(|_| unreachable!("an unlimited search is never stopped"));
                path.map(sight_route)
            }
            Algorithm::Bidirectional => {
                let heuristic = query.heuristic();
                let landmarks = measured(self, heuristic, landmarks);
                let landmarks = landmarks.as_ref();
                let ahead = Walk::new(self, to, query.moves(), heuristic)
                    .guided(guide(self, to, heuristic, landmarks));
                let back = Walk::new(self, from, query.moves(), heuristic)
                    .guided(guide(self, from, heuristic, landmarks));
                let search = Bidirectional::new(
                    ahead,
                    back,
                    self.index(from),
                    self.index(to),
                    query.weight(),
                );
                finish_meeting(search).map(|path| meeting_route(self, &path))
            }
            _ => {
                let walk = step_walk(self, to, query, landmarks);
                let mut search = if query.algorithm() == Algorithm::BestFirst {
                    BestFirst::greedy(walk, self.index(from))
                } else {
                    BestFirst::new(walk, self.index(from), step_weight(query))
                };
                finish(&mut search).map(|solution| walk_route(self, from, &solution))
            }
        };
        Ok(route)
    }

    /// [`Grid::route`] by jump point search over `map`, this grid's bits
    /// (and `landmarks`, as [`Grid::route_steps`]). On a map of corridors
    /// one pixel wide, a query for a shortest route (an estimate that never
    /// overestimates, at weight 1, without landmarks) is searched from both
    /// ends in `fronts` (see [`super::meeting_jps`]): the same length, far
    /// less of a maze searched.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn route_jps(
        &self,
        map: &BitMap,
        landmarks: Option<&Arc<Landmarks>>,
        from: Pixel,
        to: Pixel,
        query: &Query,
        scratch: &mut Scratch<u32, Jump>,
        fronts: &mut Fronts,
    ) -> Result<Option<GridRoute>, String> {
        if from_both_ends(map, query) {
            self.check(from, "the start")?;
            self.check(to, "the goal")?;
            return Ok(route_from_both_ends(map, fronts, from, to).map(met_route));
        }
        self.route_by_jumps(from, to, query, scratch, Jps::walk, || {
            Jps::new(map, to, query.heuristic()).guided(guide(
                self,
                to,
                query.heuristic(),
                landmarks,
            ))
        })
    }

    /// [`Grid::route`] by JPS+ over `table`, this grid's jump table (and
    /// `landmarks`, as [`Grid::route_steps`]).
    pub(crate) fn route_jps_plus(
        &self,
        table: &JumpTable,
        landmarks: Option<&Arc<Landmarks>>,
        from: Pixel,
        to: Pixel,
        query: &Query,
        scratch: &mut Scratch<u32, Jump>,
    ) -> Result<Option<GridRoute>, String> {
        self.route_by_jumps(from, to, query, scratch, JpsPlus::walk, || {
            JpsPlus::new(table, to, query.heuristic()).guided(guide(
                self,
                to,
                query.heuristic(),
                landmarks,
            ))
        })
    }

    /// [`Grid::route`] by JPS+ without `dead_ends` (this grid's): out of
    /// the dead ends by their trees, through the core by JPS+ on the core
    /// (with `landmarks`, this grid's, as [`Grid::route_steps`]: a
    /// shortest walk between core pixels never leaves the core, so the
    /// grid's distances are the core's there). The pixels climbed are not
    /// counted as expanded.
    pub(crate) fn route_pruned(
        &self,
        dead_ends: &DeadEnds,
        landmarks: Option<&Arc<Landmarks>>,
        from: Pixel,
        to: Pixel,
        query: &Query,
        scratch: &mut Scratch<u32, Jump>,
    ) -> Result<Option<GridRoute>, String> {
        self.check(from, "the start")?;
        self.check(to, "the goal")?;
        match dead_ends.ends(from, to) {
            Ends::Tree(pixels) => Ok(Some(GridRoute {
                distance: path_length(&pixels),
                pixels,
                expanded: 0,
            })),
            Ends::Parted => Ok(None),
            Ends::Core { head, tail } => {
                let (start, goal) = (head[head.len() - 1], tail[0]);
                let core = dead_ends.core();
                // The landmarks measured on the core if none were kept.
                let middle =
                    core.route_jps_plus(dead_ends.table(), landmarks, start, goal, query, scratch)?;
                Ok(middle.map(|middle| {
                    let pixels = joined(head, &middle.pixels, &tail);
                    GridRoute {
                        distance: path_length(&pixels),
                        pixels,
                        expanded: middle.expanded,
                    }
                }))
            }
        }
    }

    /// A jump point search (the problem `jumps` makes, once the start and
    /// the goal are checked) from `from`, in `scratch`'s arrays, which it
    /// hands back for the next query; `walk` draws the route's pixels.
    fn route_by_jumps<P: Problem<State = u32, Move = Jump>>(
        &self,
        from: Pixel,
        to: Pixel,
        query: &Query,
        scratch: &mut Scratch<u32, Jump>,
        walk: impl FnOnce(&P, Pixel, &[Jump]) -> Vec<Pixel>,
        jumps: impl FnOnce() -> P,
    ) -> Result<Option<GridRoute>, String> {
        self.check(from, "the start")?;
        self.check(to, "the goal")?;
        let arrays = std::mem::take(scratch);
        let mut search = BestFirst::with_scratch(jumps(), self.index(from), query.weight(), arrays);
        let found = finish(&mut search)
            .map(|solution| jump_route(walk(search.problem(), from, &solution.moves), &solution));
        *scratch = search.into_scratch();
        Ok(found)
    }
}

/// `kept` (a router's landmark distances), or if `heuristic` needs them
/// and there are none, distances measured here: for a search with two
/// goals, which measures once.
fn measured(
    grid: &Grid,
    heuristic: Heuristic,
    kept: Option<&Arc<Landmarks>>,
) -> Option<Arc<Landmarks>> {
    kept.cloned()
        .or_else(|| (heuristic == Heuristic::Landmarks).then(|| Arc::new(Landmarks::new(grid))))
}

/// The landmarks' estimate towards `to` if `heuristic` is
/// [`Heuristic::Landmarks`]: from `kept` (a router's distances) or, without
/// them, distances measured here (far costlier than a search); `None` for
/// the other estimates.
fn guide(
    grid: &Grid,
    to: Pixel,
    heuristic: Heuristic,
    kept: Option<&Arc<Landmarks>>,
) -> Option<Toward> {
    (heuristic == Heuristic::Landmarks).then(|| {
        let landmarks = kept
            .cloned()
            .unwrap_or_else(|| Arc::new(Landmarks::new(grid)));
        Toward::new(landmarks, grid.index(to))
    })
}

/// The walk a query over single steps searches: breadth-first counts
/// every step as one and has no estimate, Dijkstra has none.
fn step_walk<G: Deref<Target = Grid>>(
    grid: G,
    to: Pixel,
    query: &Query,
    landmarks: Option<&Arc<Landmarks>>,
) -> Walk<G> {
    let heuristic = match query.algorithm() {
        Algorithm::Dijkstra | Algorithm::Bfs => Heuristic::Zero,
        _ => query.heuristic(),
    };
    let toward = guide(&grid, to, heuristic, landmarks);
    let mut walk = Walk::new(grid, to, query.moves(), heuristic).guided(toward);
    walk.unit = query.algorithm() == Algorithm::Bfs;
    walk
}

/// The weight of a query over single steps: none without an estimate.
fn step_weight(query: &Query) -> f64 {
    if query.algorithm().uses_estimate() {
        query.weight()
    } else {
        1.0
    }
}

/// Runs a search to its end in one go.
fn finish<P>(search: &mut BestFirst<P>) -> Option<Solution<P::Move>>
where
    P: Problem,
    P::State: Eq + std::hash::Hash,
{
    loop {
        match search.run(u64::MAX) {
            Step::Running => continue,
            Step::Found(solution) => return Some(solution),
            Step::Exhausted(_) => return None,
        }
    }
}

/// Runs a bidirectional search to its end in one go.
fn finish_meeting<P, Q>(mut search: Bidirectional<P, Q>) -> Option<MeetingPath<P::State>>
where
    P: Problem,
    Q: Problem<State = P::State>,
{
    loop {
        match search.run(u64::MAX) {
            MeetingStep::Running => continue,
            MeetingStep::Found(path) => return Some(path),
            MeetingStep::Exhausted => return None,
        }
    }
}

/// Arrays for a search: `router`'s, lent by `lend` (their home noted in
/// `home`, where they go back once the search is over), or new ones.
fn borrowed<T: Default>(
    router: Option<&Router>,
    lend: impl FnOnce(&Router) -> (T, ArraysHome),
    home: &mut Option<ArraysHome>,
) -> T {
    match router {
        Some(router) => {
            let (arrays, from) = lend(router);
            *home = Some(from);
            arrays
        }
        None => T::default(),
    }
}

/// Whether jump point search answers `query` from both ends on `map`
/// (see [`super::meeting_jps`]): on a map of corridors one pixel wide, for
/// a shortest route (an estimate that never overestimates, at weight 1),
/// without landmarks.
fn from_both_ends(map: &BitMap, query: &Query) -> bool {
    map.corridors_only() && query.proves_shortest() && query.heuristic() != Heuristic::Landmarks
}

/// The walk through the jump points a search from both ends found, every
/// pixel between them filled in.
fn met_route(meeting: Meeting) -> GridRoute {
    let from = meeting.points[0];
    let mut pixels = vec![from];
    let mut at = from;
    for &next in &meeting.points[1..] {
        line_to(&mut pixels, &mut at, next);
    }
    GridRoute {
        distance: path_length(&pixels),
        pixels,
        expanded: meeting.expanded,
    }
}

/// The walk through the pixels a bidirectional search met.
fn meeting_route(grid: &Grid, path: &MeetingPath<u32>) -> GridRoute {
    let pixels: Vec<Pixel> = path.states.iter().map(|&at| grid.pixel(at)).collect();
    GridRoute {
        distance: path_length(&pixels),
        pixels,
        expanded: path.expanded,
    }
}

/// The walk through the jump points a jump point search found, every
/// pixel between them filled in.
fn jump_route(pixels: Vec<Pixel>, solution: &Solution<Jump>) -> GridRoute {
    GridRoute {
        distance: path_length(&pixels),
        pixels,
        expanded: solution.expanded,
    }
}

/// The walk as [`Grid::shortest`] returns it, from what the search found.
fn walk_route(grid: &Grid, from: Pixel, solution: &Solution<u32>) -> GridRoute {
    let mut pixels = Vec::with_capacity(solution.moves.len() + 1);
    pixels.push(from);
    pixels.extend(solution.moves.iter().map(|&cell| grid.pixel(cell)));
    GridRoute {
        distance: path_length(&pixels),
        pixels,
        expanded: solution.expanded,
    }
}

/// The any-angle route as [`Grid::shortest`] returns it, from what the
/// search found.
fn sight_route(path: AnyAnglePath<Pixel>) -> GridRoute {
    GridRoute {
        distance: path_length(&path.corners),
        pixels: path.corners,
        expanded: path.expanded,
    }
}

/// The estimate `heuristic` makes of the cost from `at` to `goal`, in
/// [`STRAIGHT`] and [`DIAGONAL`] units.
#[inline]
pub(crate) fn estimate(heuristic: Heuristic, (x, y): Pixel, goal: Pixel) -> u32 {
    let dx = x.abs_diff(goal.0) as u32;
    let dy = y.abs_diff(goal.1) as u32;
    match heuristic {
        Heuristic::Manhattan => STRAIGHT * (dx + dy),
        // Landmarks raise octile where a router's distances say more.
        Heuristic::Octile | Heuristic::Landmarks => {
            let (long, short) = (dx.max(dy), dx.min(dy));
            STRAIGHT * (long - short) + DIAGONAL * short
        }
        Heuristic::Chebyshev => STRAIGHT * dx.max(dy),
        // Shrunk so that a diagonal's is exactly DIAGONAL (which is a
        // hair under √2 straight steps), and rounded down: never over
        // any path's cost.
        Heuristic::Euclidean => {
            let shrink = f64::from(DIAGONAL) / (f64::from(STRAIGHT) * std::f64::consts::SQRT_2);
            (f64::from(STRAIGHT) * shrink * f64::from(dx).hypot(f64::from(dy))).floor() as u32
        }
        Heuristic::Zero => 0,
    }
}

/// The walk to one pixel, as a search problem: states are pixels' indices,
/// and a move names the pixel it goes to. Generic over how it holds the
/// grid: borrowed by [`Grid::shortest`], shared by a [`GridSearch`] that
/// must own what it searches.
struct Walk<G: Deref<Target = Grid>> {
    grid: G,
    goal: Pixel,
    moves: Moves,
    heuristic: Heuristic,
    /// Landmark distances raising the estimate, if the query's has them.
    toward: Option<Toward>,
    /// Every step costs 1 (breadth-first: fewest steps).
    unit: bool,
}

impl<G: Deref<Target = Grid>> Walk<G> {
    fn new(grid: G, goal: Pixel, moves: Moves, heuristic: Heuristic) -> Self {
        Walk {
            grid,
            goal,
            moves,
            heuristic,
            toward: None,
            unit: false,
        }
    }

    /// The walk with its estimate raised by landmarks (`None`: not).
    fn guided(mut self, toward: Option<Toward>) -> Self {
        self.toward = toward;
        self
    }
}

impl<G: Deref<Target = Grid>> Problem for Walk<G> {
    type State = u32;
    type Move = u32;

    #[inline]
    fn heuristic(&self, &at: &u32) -> u32 {
        raised(
            &self.toward,
            at,
            estimate(self.heuristic, self.grid.pixel(at), self.goal),
        )
    }

    fn is_goal(&self, &at: &u32) -> bool {
        self.grid.pixel(at) == self.goal
    }

    fn dense_states(&self) -> Option<usize> {
        Some(self.grid.width * self.grid.height)
    }

    fn dense_index(&self, &at: &u32) -> usize {
        at as usize
    }

    fn successors(&self, &at: &u32, _: Option<u32>, out: &mut Vec<Successor<u32, u32>>) {
        let grid = &*self.grid;
        grid.each_step(
            grid.pixel(at),
            self.moves == Moves::Eight,
            |next, diagonal| {
                out.push(Successor {
                    mv: grid.index(next),
                    state: grid.index(next),
                    cost: if self.unit {
                        1
                    } else if diagonal {
                        DIAGONAL
                    } else {
                        STRAIGHT
                    },
                });
            },
        );
    }
}

/// A walk across a grid searched in slices, owning (a share of) its map:
/// what a [`super::RouteSearch`] on a grid runs. The same search, with the
/// same estimates, as [`Grid::shortest`], and the same answers.
pub(crate) struct GridSearch {
    grid: Arc<Grid>,
    from: Pixel,
    search: Slices,
    /// Pixels a unit of the search's costs: the trace's g and h are given
    /// in pixels (a straight step costs [`STRAIGHT`], breadth-first's any
    /// step 1; Theta* measures pixels already).
    cost_scale: f32,
    /// For a jump search in a router's arrays, the router's place for them,
    /// where they go back once the search is over.
    lender: Option<ArraysHome>,
}

impl Drop for GridSearch {
    /// A jump search's arrays, lent by a router, go back to it (once the
    /// search is over, or cancelled) for its next search.
    fn drop(&mut self) {
        if let Some(home) = self.lender.take() {
            match std::mem::replace(&mut self.search, Slices::Climbed(None)) {
                Slices::Jumps(search) => home.give_back(search.into_scratch()),
                Slices::TableJumps(search) | Slices::ThroughCore { search, .. } => {
                    home.give_back(search.into_scratch());
                }
                Slices::Meeting(search) => home.give_back_fronts(search.into_fronts()),
                _ => {}
            }
        }
    }
}

/// `search`, recording what it does for playback (`with_trace`) if
/// `trace`.
fn traced<S>(search: S, trace: bool, with_trace: fn(S) -> S) -> S {
    if trace {
        with_trace(search)
    } else {
        search
    }
}

/// Bidirectional A* on a shared grid: the walk to the goal, and the walk
/// back to the start (steps go both ways on a grid).
type BothWays = Bidirectional<Walk<Arc<Grid>>, Walk<Arc<Grid>>>;

/// The search under way, by algorithm.
enum Slices {
    /// Over single steps, 4- or 8-connected: A* (weighted), Dijkstra,
    /// greedy best-first or breadth-first.
    Steps(BestFirst<Walk<Arc<Grid>>>),
    /// Jump point search.
    Jumps(BestFirst<Jps<Arc<BitMap>>>),
    /// Jump point search from both ends, on a map of corridors one pixel
    /// wide (as [`Grid::route`] searches there).
    Meeting(MeetingJps<Arc<BitMap>>),
    /// JPS+.
    TableJumps(BestFirst<JpsPlus<Arc<JumpTable>>>),
    /// JPS+ without dead ends, once climbed out of them: through the core
    /// from `head`'s last pixel to `tail`'s first.
    ThroughCore {
        search: BestFirst<JpsPlus<Arc<JumpTable>>>,
        head: Vec<Pixel>,
        tail: Vec<Pixel>,
    },
    /// JPS+ without dead ends, answered by climbing alone (both ends in
    /// one dead-end tree, or parted): the route, if any.
    Climbed(Option<GridRoute>),
    /// Bidirectional A*.
    Both(Box<BothWays>),
    /// At any angle: Lazy Theta*.
    AnyAngle(ThetaStar<Sight<Arc<Grid>>>),
}

impl GridSearch {
    /// A search from `from` to `to` as `query` asks, recording the pixels
    /// it expands (for jump point searches, the jump points) if `trace`.
    /// JPS needs the map's bits and JPS+ its jump table (about 1 and 10 to
    /// 20 ms on a 512 x 512 map, natively): taken from `router` when it
    /// has them for this grid (a worker keeps one across searches on a
    /// map, so that its many queries pay once), else built here.
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall (worded as by
    /// [`Grid::shortest`]).
    pub(crate) fn new(
        grid: Arc<Grid>,
        from: Pixel,
        to: Pixel,
        query: &Query,
        router: Option<&Router>,
        trace: bool,
    ) -> Result<GridSearch, String> {
        grid.check(from, "the start")?;
        let router = router.filter(|router| Arc::ptr_eq(router.grid(), &grid));
        grid.check(to, "the goal")?;
        let start = grid.index(from);
        let landmarks = router.and_then(Router::landmarks);
        let landmarks = landmarks.as_ref();
        let heuristic = query.heuristic();
        // The jump searches run in the router's arrays, as its own queries
        // do (see `Router::lend_arrays`, `Router::lend_fronts`); borrowed
        // only by the one search made below that has a use for them.
        let mut lender = None;
        let mut arrays = || borrowed(router, Router::lend_arrays, &mut lender);
        let search = match query.algorithm() {
            Algorithm::Theta => Slices::AnyAngle(traced(
                ThetaStar::new(Sight::new(grid.clone(), to), from),
                trace,
                ThetaStar::with_trace,
            )),
            Algorithm::Jps => {
                let bits = router
                    .and_then(Router::bits)
                    .unwrap_or_else(|| Arc::new(BitMap::new(&grid)));
                if from_both_ends(&bits, query) {
                    let fronts = borrowed(router, Router::lend_fronts, &mut lender);
                    Slices::Meeting(traced(
                        MeetingJps::new(bits, fronts, from, to),
                        trace,
                        MeetingJps::with_trace,
                    ))
                } else {
                    let jps = Jps::new(bits, to, heuristic)
                        .guided(guide(&grid, to, heuristic, landmarks));
                    Slices::Jumps(traced(
                        BestFirst::with_scratch(jps, start, query.weight(), arrays()),
                        trace,
                        BestFirst::with_trace,
                    ))
                }
            }
            Algorithm::JpsPlus => {
                let table = router
                    .and_then(Router::table)
                    .unwrap_or_else(|| Arc::new(JumpTable::new(&grid)));
                let jps = JpsPlus::new(table, to, heuristic)
                    .guided(guide(&grid, to, heuristic, landmarks));
                Slices::TableJumps(traced(
                    BestFirst::with_scratch(jps, start, query.weight(), arrays()),
                    trace,
                    BestFirst::with_trace,
                ))
            }
            Algorithm::JpsPlusPruned => {
                let dead_ends = router
                    .and_then(Router::dead_ends)
                    .unwrap_or_else(|| Arc::new(DeadEnds::new(&grid)));
                match dead_ends.ends(from, to) {
                    Ends::Tree(pixels) => Slices::Climbed(Some(GridRoute {
                        distance: path_length(&pixels),
                        pixels,
                        expanded: 0,
                    })),
                    Ends::Parted => Slices::Climbed(None),
                    Ends::Core { head, tail } => {
                        let (start, goal) = (head[head.len() - 1], tail[0]);
                        let core = dead_ends.core();
                        let jps = JpsPlus::new(dead_ends.table().clone(), goal, heuristic)
                            .guided(guide(core, goal, heuristic, landmarks));
                        let search = traced(
                            BestFirst::with_scratch(
                                jps,
                                core.index(start),
                                query.weight(),
                                arrays(),
                            ),
                            trace,
                            BestFirst::with_trace,
                        );
                        Slices::ThroughCore { search, head, tail }
                    }
                }
            }
            Algorithm::Bidirectional => {
                let landmarks = measured(&grid, heuristic, landmarks);
                let landmarks = landmarks.as_ref();
                let ahead = Walk::new(grid.clone(), to, query.moves(), heuristic)
                    .guided(guide(&grid, to, heuristic, landmarks));
                let back = Walk::new(grid.clone(), from, query.moves(), heuristic)
                    .guided(guide(&grid, from, heuristic, landmarks));
                let goal = grid.index(to);
                Slices::Both(Box::new(traced(
                    Bidirectional::new(ahead, back, start, goal, query.weight()),
                    trace,
                    Bidirectional::with_trace,
                )))
            }
            Algorithm::BestFirst => {
                let walk = step_walk(grid.clone(), to, query, landmarks);
                Slices::Steps(traced(
                    BestFirst::greedy(walk, start),
                    trace,
                    BestFirst::with_trace,
                ))
            }
            Algorithm::AStar | Algorithm::Dijkstra | Algorithm::Bfs => {
                let walk = step_walk(grid.clone(), to, query, landmarks);
                Slices::Steps(traced(
                    BestFirst::new(walk, start, step_weight(query)),
                    trace,
                    BestFirst::with_trace,
                ))
            }
        };
        let cost_scale = match query.algorithm() {
            Algorithm::Theta | Algorithm::Bfs => 1.0,
            _ => 1.0 / STRAIGHT as f32,
        };
        Ok(GridSearch {
            grid,
            from,
            search,
            cost_scale,
            lender,
        })
    }

    /// Searches on for about `budget` more expansions; once done, the
    /// route (its places and trace by pixel index, `y * width + x`), or
    /// `None` if walls part the start from the goal.
    pub(crate) fn run(&mut self, budget: u64) -> RouteStep {
        let grid = &*self.grid;
        let route = match &mut self.search {
            Slices::Steps(search) => match search.run(budget) {
                Step::Running => return RouteStep::Running,
                Step::Found(solution) => Some(walk_route(grid, self.from, &solution)),
                Step::Exhausted(_) => None,
            },
            Slices::Jumps(search) => match search.run(budget) {
                Step::Running => return RouteStep::Running,
                Step::Found(solution) => Some(jump_route(
                    search.problem().walk(self.from, &solution.moves),
                    &solution,
                )),
                Step::Exhausted(_) => None,
            },
            Slices::TableJumps(search) => match search.run(budget) {
                Step::Running => return RouteStep::Running,
                Step::Found(solution) => Some(jump_route(
                    search.problem().walk(self.from, &solution.moves),
                    &solution,
                )),
                Step::Exhausted(_) => None,
            },
            Slices::ThroughCore { search, head, tail } => match search.run(budget) {
                Step::Running => return RouteStep::Running,
                Step::Found(solution) => {
                    let middle = jump_route(
                        search.problem().walk(head[head.len() - 1], &solution.moves),
                        &solution,
                    );
                    let pixels = joined(std::mem::take(head), &middle.pixels, tail);
                    Some(GridRoute {
                        distance: path_length(&pixels),
                        pixels,
                        expanded: middle.expanded,
                    })
                }
                Step::Exhausted(_) => None,
            },
            Slices::Climbed(route) => route.take(),
            Slices::Meeting(search) => match search.run(budget) {
                MeetingJpsStep::Running => return RouteStep::Running,
                MeetingJpsStep::Found(meeting) => Some(met_route(meeting)),
                MeetingJpsStep::Exhausted => None,
            },
            Slices::Both(search) => match search.run(budget) {
                MeetingStep::Running => return RouteStep::Running,
                MeetingStep::Found(path) => Some(meeting_route(grid, &path)),
                MeetingStep::Exhausted => None,
            },
            Slices::AnyAngle(search) => match search.run(budget) {
                AnyAngleStep::Running => return RouteStep::Running,
                AnyAngleStep::Found(path) => Some(sight_route(path)),
                AnyAngleStep::Exhausted => None,
            },
        };
        let jump_points = matches!(
            self.search,
            Slices::Jumps(_)
                | Slices::Meeting(_)
                | Slices::TableJumps(_)
                | Slices::ThroughCore { .. }
                | Slices::Climbed(_)
        );
        let trace = match &mut self.search {
            Slices::Steps(search) => search.take_trace(),
            Slices::Jumps(search) => search.take_trace(),
            Slices::TableJumps(search) => search.take_trace(),
            Slices::ThroughCore { search, .. } => search.take_trace(),
            Slices::Climbed(_) => None,
            Slices::Meeting(search) => search.take_trace(),
            Slices::Both(search) => search.take_trace(),
            Slices::AnyAngle(search) => search.take_trace(),
        };
        RouteStep::Done(route.map(|route| {
            Found {
                places: route
                    .pixels
                    .iter()
                    .map(|&pixel| grid.index(pixel))
                    .collect(),
                distance: route.distance,
                expanded: route.expanded,
                trace: Trace {
                    jump_points,
                    ..trace.unwrap_or_default().scaled(self.cost_scale)
                },
            }
        }))
    }

    /// Pixels expanded so far.
    pub(crate) fn expanded(&self) -> u64 {
        match &self.search {
            Slices::Steps(search) => search.progress().expanded,
            Slices::Jumps(search) => search.progress().expanded,
            Slices::TableJumps(search) => search.progress().expanded,
            Slices::ThroughCore { search, .. } => search.progress().expanded,
            Slices::Climbed(_) => 0,
            Slices::Meeting(search) => search.expanded(),
            Slices::Both(search) => search.progress().expanded,
            Slices::AnyAngle(search) => search.progress().expanded,
        }
    }
}
