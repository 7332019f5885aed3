//! Lines of sight across a grid, for routes at any angle: pixels see each
//! other where the straight line between their centres crosses or touches
//! walkable pixels only.

use std::ops::Deref;

use super::grid::{path_length, Grid, Pixel};
use crate::search::AnyAngle;

/// The grid for any-angle routes: pixels see each other where the straight
/// line between their centres crosses or touches walkable pixels only.
/// Generic over how it holds the grid, as the grid search's
/// `Walk` (in `grid_search.rs`).
pub(super) struct Sight<G: Deref<Target = Grid>> {
    grid: G,
    lines: SightLines,
    goal: Pixel,
}

impl<G: Deref<Target = Grid>> Sight<G> {
    pub(super) fn new(grid: G, goal: Pixel) -> Self {
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
                let wall = u32::from(!grid.open_at(y * width + x));
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

    /// The 8-connected steps, by the same corner rule as
    /// [`Moves::Eight`](super::Moves::Eight).
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
