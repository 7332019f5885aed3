//! Maps as grids of pixels, walkable or not, and the shortest walk across
//! one from pixel to pixel: 4-connected (up, down, left, right) or
//! 8-connected (diagonals too, never squeezing between two walls that touch
//! at a corner), by the generic A* with a choice of estimate.

use std::ops::Deref;
use std::sync::Arc;

use super::job::{Found, RouteStep};
use crate::search::{
    astar, theta_star, AnyAngle, AnyAnglePath, AnyAngleStep, BestFirst, Interrupted, Monitor,
    Problem, Progress, Solution, Step, Successor, ThetaStar, Unlimited,
};
use crate::wording::count;

/// The most pixels a map may have: 2 megapixels, what a search on the
/// page's own thread or in a worker answers in a few seconds at most.
/// (Path costs are added in 64 bits, so no size could overflow them.)
pub const MAX_PIXELS: usize = 2_000_000;

/// The most pixels a map may have along a side: a page draws a map on
/// canvases as large as the map, and browsers refuse or fail on canvases
/// far wider than this (a 300,000 x 1 map froze the page). Within it, an
/// estimate across the map (at most 2 * 4,096 steps of 985) fits 32 bits.
pub const MAX_SIDE: usize = 4_096;

/// A straight step's cost, and a diagonal one's: 985 and 1393 stand in
/// for 1 and √2 (1393 / 985 is within 2 parts in 10 million of √2), so
/// that costs are whole numbers and a walk found is the shortest to within
/// a few parts in ten million.
const STRAIGHT: u32 = 985;
const DIAGONAL: u32 = 1393;

/// A pixel: its column and row (x to the right, y down).
pub type Pixel = (usize, usize);

/// Which steps a walk across the grid may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    /// Up, down, left and right.
    Four,
    /// Those and the four diagonals (a diagonal step only where both pixels
    /// beside it are walkable).
    Eight,
    /// Straight lines in any direction between pixels that see each other
    /// (every pixel the line crosses or touches walkable), by Lazy Theta*
    /// ([`crate::search::theta_star`]): no zigzags, never longer than an
    /// 8-connected walk. The estimate is always the straight line.
    AnyAngle,
}

impl Moves {
    /// The tightest estimate for these moves that never overestimates:
    /// Manhattan for 4, octile for 8, the straight line at any angle.
    pub fn estimate(self) -> Heuristic {
        match self {
            Moves::Four => Heuristic::Manhattan,
            Moves::Eight => Heuristic::Octile,
            Moves::AnyAngle => Heuristic::Euclidean,
        }
    }
}

/// The estimate guiding the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Steps across plus steps down: exact on an open 4-connected grid;
    /// with diagonals it can overestimate, so the route found may then be
    /// longer than the shortest (shown for comparison).
    Manhattan,
    /// Diagonal steps as far as both differ, then straight ones: exact on
    /// an open 8-connected grid, never over the true length with either
    /// kind of moves.
    Octile,
    /// The straight line: never over the true length, but looser than the
    /// two above, so the search expands more.
    Euclidean,
    /// None at all: Dijkstra's search, every pixel nearer than the goal.
    Zero,
}

/// A grid of walkable and blocked pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    walkable: Vec<bool>,
}

/// A walk across a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct GridRoute {
    /// The pixels walked through, the start first and the goal last; for
    /// [`Moves::AnyAngle`], only the start, the pixels where the route
    /// turns and the goal, joined by straight lines.
    pub pixels: Vec<Pixel>,
    /// Its length in pixels: 1 a straight step, √2 a diagonal one.
    pub distance: f64,
    /// How many pixels the search expanded.
    pub expanded: u64,
}

impl Grid {
    /// A grid of `width` x `height` pixels, `walkable` row by row.
    ///
    /// # Errors
    /// If the sizes disagree, a side is 0 or longer than [`MAX_SIDE`], or
    /// the map has more than [`MAX_PIXELS`] pixels.
    pub fn new(width: usize, height: usize, walkable: Vec<bool>) -> Result<Grid, String> {
        check_size(width, height)?;
        if walkable.len() != width * height {
            return Err(format!(
                "a {width} x {height} map has {}, not {}",
                count((width * height) as u64, "pixel", "pixels"),
                walkable.len()
            ));
        }
        Ok(Grid {
            width,
            height,
            walkable,
        })
    }

    /// A grid from a gray image (one byte a pixel, row by row): pixels at
    /// least `threshold` light are walkable, darker ones walls.
    ///
    /// # Errors
    /// As [`Grid::new`].
    pub fn from_gray(
        width: usize,
        height: usize,
        gray: &[u8],
        threshold: u8,
    ) -> Result<Grid, String> {
        Grid::new(
            width,
            height,
            gray.iter().map(|&value| value >= threshold).collect(),
        )
    }

    /// A grid from an RGBA image (four bytes a pixel, row by row): pixels
    /// whose lightness (Rec. 601 luma) is at least `threshold` are walkable;
    /// transparent ones count as walls.
    ///
    /// # Errors
    /// As [`Grid::new`], and if the bytes are not four a pixel.
    pub fn from_rgba(
        width: usize,
        height: usize,
        rgba: &[u8],
        threshold: u8,
    ) -> Result<Grid, String> {
        check_size(width, height)?;
        if rgba.len() != width.saturating_mul(height).saturating_mul(4) {
            return Err(format!(
                "a {width} x {height} RGBA image has {}, not {}",
                count(
                    width.saturating_mul(height).saturating_mul(4) as u64,
                    "byte",
                    "bytes"
                ),
                rgba.len()
            ));
        }
        let walkable = rgba
            .chunks_exact(4)
            .map(|p| {
                let luma =
                    (299 * u32::from(p[0]) + 587 * u32::from(p[1]) + 114 * u32::from(p[2])) / 1000;
                p[3] >= 128 && luma >= u32::from(threshold)
            })
            .collect();
        Grid::new(width, height, walkable)
    }

    /// The width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `pixel` is on the map and walkable.
    pub fn is_walkable(&self, (x, y): Pixel) -> bool {
        x < self.width && y < self.height && self.walkable[y * self.width + x]
    }

    /// One byte a pixel, row by row: 1 walkable, 0 a wall (how the map
    /// travels to a solver worker).
    pub fn walkable_bytes(&self) -> Vec<u8> {
        self.walkable.iter().map(|&open| u8::from(open)).collect()
    }

    /// Checks that `pixel`, named `what` ("the start"), can be stood on.
    fn check(&self, pixel: Pixel, what: &str) -> Result<(), String> {
        let (x, y) = pixel;
        if x >= self.width || y >= self.height {
            Err(format!(
                "{what} ({x}, {y}) is off the map, which is {} x {} pixels",
                self.width, self.height
            ))
        } else if !self.is_walkable(pixel) {
            Err(format!("{what} ({x}, {y}) is on a wall"))
        } else {
            Ok(())
        }
    }

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
        let walk = Walk::new(self, to, moves, heuristic);
        let solution = astar(&walk, self.index(from), monitor).map_err(stopped)?;
        Ok(solution.map(|solution| walk_route(self, from, &solution)))
    }

    /// Calls `visit` with each pixel one step from `pixel` that a walk may
    /// take, and whether the step is diagonal: up, left, right and down
    /// where walkable, then with `diagonals` the four diagonal ones whose
    /// two pixels beside are walkable too (never between two walls that
    /// touch at a corner, nor across a wall's corner). A callback rather
    /// than an iterator: searches call it for every pixel they expand, and
    /// plain loops compile to faster code here (measured, BENCHMARKS.md).
    #[inline]
    pub fn each_step(&self, (x, y): Pixel, diagonals: bool, mut visit: impl FnMut(Pixel, bool)) {
        let open = |dx: isize, dy: isize| {
            let next = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
            self.is_walkable(next).then_some(next)
        };
        for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
            if let Some(next) = open(dx, dy) {
                visit(next, false);
            }
        }
        if diagonals {
            for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                if open(dx, 0).is_none() || open(0, dy).is_none() {
                    continue;
                }
                if let Some(next) = open(dx, dy) {
                    visit(next, true);
                }
            }
        }
    }

    fn index(&self, (x, y): Pixel) -> u32 {
        (y * self.width + x) as u32
    }

    fn pixel(&self, index: u32) -> Pixel {
        let index = index as usize;
        (index % self.width, index / self.width)
    }
}

/// Why a search on a grid gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The start or the goal cannot be stood on: the reason.
    Bad(String),
    /// The monitor stopped the search; how far it had got.
    Interrupted(Progress),
}

/// The length of a walk through `pixels` in straight lines between
/// consecutive ones: 0 (not -0, which an empty float sum gives) for a
/// walk that stays put.
pub fn path_length(pixels: &[Pixel]) -> f64 {
    pixels
        .windows(2)
        .map(|step| {
            let dx = step[0].0.abs_diff(step[1].0) as f64;
            let dy = step[0].1.abs_diff(step[1].1) as f64;
            dx.hypot(dy)
        })
        .fold(0.0, |sum, step| sum + step)
}

/// Checks a map's size against [`MAX_SIDE`] and [`MAX_PIXELS`], before
/// anything of that size is made.
///
/// # Errors
/// Saying which limit the size breaks.
pub fn check_size(width: usize, height: usize) -> Result<(), String> {
    if width == 0 || height == 0 {
        return Err("a map needs at least one pixel".into());
    }
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!(
            "a map of {width} x {height} pixels is too large: at most {MAX_SIDE} pixels a side"
        ));
    }
    if width * height > MAX_PIXELS {
        return Err(format!(
            "a map of {width} x {height} pixels is too large: at most {MAX_PIXELS} pixels"
        ));
    }
    Ok(())
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

/// The walk to one pixel, as a search problem: states are pixels' indices,
/// and a move names the pixel it goes to. Generic over how it holds the
/// grid: borrowed by [`Grid::shortest`], shared by a [`GridSearch`] that
/// must own what it searches.
struct Walk<G: Deref<Target = Grid>> {
    grid: G,
    goal: Pixel,
    moves: Moves,
    heuristic: Heuristic,
}

impl<G: Deref<Target = Grid>> Walk<G> {
    fn new(grid: G, goal: Pixel, moves: Moves, heuristic: Heuristic) -> Self {
        Walk {
            grid,
            goal,
            moves,
            heuristic,
        }
    }
}

impl<G: Deref<Target = Grid>> Problem for Walk<G> {
    type State = u32;
    type Move = u32;

    fn heuristic(&self, &at: &u32) -> u32 {
        let (x, y) = self.grid.pixel(at);
        let dx = x.abs_diff(self.goal.0) as u32;
        let dy = y.abs_diff(self.goal.1) as u32;
        match self.heuristic {
            Heuristic::Manhattan => STRAIGHT * (dx + dy),
            Heuristic::Octile => {
                let (long, short) = (dx.max(dy), dx.min(dy));
                STRAIGHT * (long - short) + DIAGONAL * short
            }
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
                    cost: if diagonal { DIAGONAL } else { STRAIGHT },
                });
            },
        );
    }
}

/// The grid for any-angle routes: pixels see each other where the straight
/// line between their centres crosses or touches walkable pixels only.
/// Generic over how it holds the grid, as [`Walk`].
struct Sight<G: Deref<Target = Grid>> {
    grid: G,
    lines: SightLines,
    goal: Pixel,
}

impl<G: Deref<Target = Grid>> Sight<G> {
    fn new(grid: G, goal: Pixel) -> Self {
        Sight {
            lines: SightLines::new(&grid),
            grid,
            goal,
        }
    }
}

/// Lines of sight on one grid, answered in steps proportional to the
/// line's shorter side rather than its length: the walls counted along
/// every row and every column beforehand, a line's pixels in each row (or
/// column) it crosses form one run, and a run is clear when no wall is
/// counted in it. The same answers as [`Grid::line_of_sight`].
pub struct SightLines {
    width: usize,
    height: usize,
    /// `rows[y * (width + 1) + x]`: the walls in row `y` left of column `x`.
    rows: Vec<u32>,
    /// `columns[x * (height + 1) + y]`: the walls in column `x` above row `y`.
    columns: Vec<u32>,
}

impl SightLines {
    /// The counts for `grid`.
    pub fn new(grid: &Grid) -> SightLines {
        let (width, height) = (grid.width, grid.height);
        let mut rows = vec![0u32; (width + 1) * height];
        let mut columns = vec![0u32; (height + 1) * width];
        for y in 0..height {
            for x in 0..width {
                let wall = u32::from(!grid.walkable[y * width + x]);
                rows[y * (width + 1) + x + 1] = rows[y * (width + 1) + x] + wall;
                columns[x * (height + 1) + y + 1] = columns[x * (height + 1) + y] + wall;
            }
        }
        SightLines {
            width,
            height,
            rows,
            columns,
        }
    }

    /// Whether the straight line between the centres of `a` and `b`
    /// crosses or touches walkable pixels only (as [`Grid::line_of_sight`]).
    pub fn line_of_sight(&self, a: Pixel, b: Pixel) -> bool {
        let on = |(x, y): Pixel| x < self.width && y < self.height;
        if !on(a) || !on(b) {
            return false;
        }
        let (ax, ay) = (b.0.abs_diff(a.0), b.1.abs_diff(a.1));
        if ax >= ay {
            // Row by row: in each, a run of columns.
            let clear = |row: usize, from: usize, to: usize| {
                let base = row * (self.width + 1);
                self.rows[base + to + 1] == self.rows[base + from]
            };
            runs_clear(a.0, a.1, b.0, b.1, ax, ay, clear)
        } else {
            let clear = |column: usize, from: usize, to: usize| {
                let base = column * (self.height + 1);
                self.columns[base + to + 1] == self.columns[base + from]
            };
            runs_clear(a.1, a.0, b.1, b.0, ay, ax, clear)
        }
    }
}

/// Whether a line from `(u0, v0)` to `(u1, v1)` (`du` = |u1 - u0| at least
/// `dv` = |v1 - v0|) is clear, `clear(v, lo, hi)` telling whether the run
/// of pixels `lo..=hi` along line `v` is. In the `k`-th line it meets, the
/// line covers the offsets (from `u0`) from where it came in to where it
/// leaves, and one more on each side where it goes through a corner (it
/// touches both pixels beside the corner).
fn runs_clear(
    u0: usize,
    v0: usize,
    u1: usize,
    v1: usize,
    du: usize,
    dv: usize,
    clear: impl Fn(usize, usize, usize) -> bool,
) -> bool {
    // Crossing the j-th edge between two lines: at t = (2j + 1) / (2 dv);
    // the u-edges crossed before it are those with (2i + 1) dv < (2j + 1) du,
    // and one crossed at the same t means a corner.
    let crossing = |j: usize| -> (usize, bool) {
        let c = (2 * j + 1) * du;
        let before = c.div_ceil(dv) / 2;
        let corner = c % dv == 0 && (c / dv) % 2 == 1;
        (before, corner)
    };
    let (forward_u, forward_v) = (u1 >= u0, v1 >= v0);
    let mut start = 0;
    for k in 0..=dv {
        let end = if k == dv {
            du
        } else {
            let (before, corner) = crossing(k);
            before + usize::from(corner)
        };
        let v = if forward_v { v0 + k } else { v0 - k };
        let (lo, hi) = if forward_u {
            (u0 + start, u0 + end)
        } else {
            (u0 - end, u0 - start)
        };
        if !clear(v, lo, hi) {
            return false;
        }
        if k < dv {
            start = crossing(k).0;
        }
    }
    true
}

impl Grid {
    /// Whether the straight line between the centres of `a` and `b` crosses
    /// or touches walkable pixels only (a line through a corner touches all
    /// four pixels there, so it never squeezes between two walls, nor
    /// shaves a wall's corner).
    pub fn line_of_sight(&self, a: Pixel, b: Pixel) -> bool {
        if !self.is_walkable(a) || !self.is_walkable(b) {
            return false;
        }
        let (ax, ay) = (b.0.abs_diff(a.0), b.1.abs_diff(a.1));
        let step_x: isize = if b.0 >= a.0 { 1 } else { -1 };
        let step_y: isize = if b.1 >= a.1 { 1 } else { -1 };
        let (mut x, mut y) = a;
        // Pixel edges crossed so far, across and down. The line crosses the
        // i-th vertical edge at t = (2i + 1) / (2 ax) and the j-th
        // horizontal one at (2j + 1) / (2 ay): compared exactly, in whole
        // numbers.
        let (mut i, mut j) = (0usize, 0usize);
        while i < ax || j < ay {
            let across = (2 * i + 1) * ay;
            let down = (2 * j + 1) * ax;
            if i < ax && (j >= ay || across < down) {
                x = x.wrapping_add_signed(step_x);
                i += 1;
            } else if j < ay && (i >= ax || down < across) {
                y = y.wrapping_add_signed(step_y);
                j += 1;
            } else {
                // Through a corner: the two pixels beside it are touched.
                let beside = (x.wrapping_add_signed(step_x), y);
                let other = (x, y.wrapping_add_signed(step_y));
                if !self.is_walkable(beside) || !self.is_walkable(other) {
                    return false;
                }
                x = x.wrapping_add_signed(step_x);
                y = y.wrapping_add_signed(step_y);
                i += 1;
                j += 1;
            }
            if !self.is_walkable((x, y)) {
                return false;
            }
        }
        true
    }
}

impl<G: Deref<Target = Grid>> AnyAngle for Sight<G> {
    type Point = Pixel;

    fn points(&self) -> usize {
        self.grid.width * self.grid.height
    }

    fn index(&self, pixel: Pixel) -> usize {
        self.grid.index(pixel) as usize
    }

    fn point(&self, index: usize) -> Pixel {
        self.grid.pixel(index as u32)
    }

    /// The 8-connected steps, by the same corner rule as [`Moves::Eight`].
    fn neighbours(&self, pixel: Pixel, out: &mut Vec<Pixel>) {
        self.grid.each_step(pixel, true, |next, _| out.push(next));
    }

    fn line_of_sight(&self, a: Pixel, b: Pixel) -> bool {
        self.lines.line_of_sight(a, b)
    }

    fn distance(&self, a: Pixel, b: Pixel) -> f64 {
        path_length(&[a, b])
    }

    fn heuristic(&self, point: Pixel) -> f64 {
        path_length(&[point, self.goal])
    }

    fn is_goal(&self, point: Pixel) -> bool {
        point == self.goal
    }
}

/// A walk across a grid searched in slices, owning (a share of) its map:
/// what a [`super::RouteSearch`] on a grid runs. The same search, with the
/// same estimates, as [`Grid::shortest`], and the same answers.
pub(crate) struct GridSearch {
    grid: Arc<Grid>,
    from: Pixel,
    search: Slices,
}

/// The search under way, by the kind of moves.
enum Slices {
    /// 4- or 8-connected: A*.
    Steps(BestFirst<Walk<Arc<Grid>>>),
    /// At any angle: Lazy Theta*.
    AnyAngle(ThetaStar<Sight<Arc<Grid>>>),
}

impl GridSearch {
    /// A search from `from` to `to` with `moves`, guided by `heuristic`
    /// (at any angle always the straight line), recording the pixels it
    /// expands.
    ///
    /// # Errors
    /// If the start or the goal is off the map or on a wall (worded as by
    /// [`Grid::shortest`]).
    pub(crate) fn new(
        grid: Arc<Grid>,
        from: Pixel,
        to: Pixel,
        moves: Moves,
        heuristic: Heuristic,
    ) -> Result<GridSearch, String> {
        grid.check(from, "the start")?;
        grid.check(to, "the goal")?;
        let search = if moves == Moves::AnyAngle {
            Slices::AnyAngle(ThetaStar::new(Sight::new(grid.clone(), to), from).with_trace())
        } else {
            let walk = Walk::new(grid.clone(), to, moves, heuristic);
            Slices::Steps(BestFirst::new(walk, grid.index(from), 1.0).with_trace())
        };
        Ok(GridSearch { grid, from, search })
    }

    /// Searches on for about `budget` more expansions; once done, the
    /// route (its places and trace by pixel index, `y * width + x`), or
    /// `None` if walls part the start from the goal.
    pub(crate) fn run(&mut self, budget: u64) -> RouteStep {
        let route = match &mut self.search {
            Slices::Steps(search) => match search.run(budget) {
                Step::Running => return RouteStep::Running,
                Step::Found(solution) => Some(walk_route(&self.grid, self.from, &solution)),
                Step::Exhausted(_) => None,
            },
            Slices::AnyAngle(search) => match search.run(budget) {
                AnyAngleStep::Running => return RouteStep::Running,
                AnyAngleStep::Found(path) => Some(sight_route(path)),
                AnyAngleStep::Exhausted => None,
            },
        };
        let trace = match &mut self.search {
            Slices::Steps(search) => search.take_trace(),
            Slices::AnyAngle(search) => search.take_trace(),
        };
        RouteStep::Done(route.map(|route| {
            Found {
                places: route
                    .pixels
                    .iter()
                    .map(|&pixel| self.grid.index(pixel))
                    .collect(),
                distance: route.distance,
                expanded: route.expanded,
                trace: trace.unwrap_or_default(),
            }
        }))
    }

    /// Pixels expanded so far.
    pub(crate) fn expanded(&self) -> u64 {
        match &self.search {
            Slices::Steps(search) => search.progress().expanded,
            Slices::AnyAngle(search) => search.progress().expanded,
        }
    }
}
