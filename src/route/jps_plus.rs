//! JPS+ (Harabor and Grastien, "Improving Jump Point Search", 2014; the
//! table as Rabin laid it out): jump point search whose jumps are read
//! from a table computed once per map instead of scanned at every query.
//!
//! For every walkable pixel and each of the eight directions the table
//! holds one number: `k > 0` when a jump that way stops at a jump point `k`
//! steps on (as [`super::jps`]'s jumps would, without a goal), `-k <= 0`
//! when it meets a wall after `k` steps without one; a straight entry
//! `k > 0` also holds what the jump sees where it stops (its forced sides
//! and whether the way ahead is walled), which is all the corridor rules
//! need. A query bounds each jump by the goal: a straight jump that passes
//! the goal stops there, and a diagonal one stops on reaching the goal's
//! row or column (a pixel that then jumps straight to the goal, or
//! wherever else it must go), so the routes are the same shortest ones.
//! Building the table takes about 10 to 20 ms natively for a 512 x 512 map
//! (3 ms for 194 x 194), 16 bytes a pixel: the price of a
//! [`super::Router`] for JPS+, paid once a map.
//!
//! The search is [`Jps`] itself, reading its jumps from the table (see
//! [`Jumper`]): a bend of a corridor is turned at once and a jump point
//! with one straight way on is gone through in the same expansion, as in
//! online JPS. Without those rules JPS+ expanded every bend of the maze
//! (15,963 jump points a query on maze512-1-0, against online JPS's 1,807)
//! and was the slower of the two there; with them it expands the same
//! 1,807, in about half main's CPU time (issue 23 point 3, h45).
//!
//! Measured (issue 23, through a [`super::Router`], which reuses the
//! search's arrays from query to query; h45, in the browser's worker):
//! JPS+ and online JPS are about level, JPS+ the slower on the maze (1.3
//! to 1.4 ms a query against 1.2), where the jumps are short and a bend
//! costs JPS+ a read of the table (4 MB, beyond the 512 KB L2 cache but
//! within L3) where online JPS scans the bit rows (64 KB).

use super::grid::{Grid, Pixel};
use super::grid_search::DIAGONAL;
use super::jps::{
    direction, push_turn, stop_sides, BitMap, Jps, Jump, Jumper, DIRECTIONS, FORCED_AFTER,
    FORCED_BEFORE,
};
use crate::search::Successor;

/// A map's jump distances, and its walkable pixels as bits.
pub struct JumpTable {
    map: BitMap,
    /// Eight a pixel, in [`DIRECTIONS`]' order. A straight entry `k > 0`
    /// holds, above [`SEEN_AT`], what the jump sees at the jump point it
    /// stops at (its forced sides and the wall ahead, as [`stop_sides`]
    /// gives them), so that the corridor rules read a jump and where it
    /// stops in one place; the distance is below ([`DISTANCE`]: a run is
    /// at most [`super::grid::MAX_SIDE`] - 1 = 4,095 steps).
    distances: Vec<i16>,
}

/// Where a straight entry keeps what its jump sees where it stops.
const SEEN_AT: u32 = 12;

/// The bits of a straight entry `k > 0` that hold its distance.
const DISTANCE: i16 = (1 << SEEN_AT) - 1;

impl JumpTable {
    /// Computes `grid`'s table.
    pub fn new(grid: &Grid) -> JumpTable {
        let map = BitMap::new(grid);
        let (width, height) = (grid.width, grid.height);
        let mut distances = vec![0i16; width * height * 8];
        let at = |x: usize, y: usize, d: usize| (y * width + x) * 8 + d;
        // Straight directions: each pixel from the next one along, swept
        // against the direction.
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate().take(4) {
            let xs: Vec<usize> = if dx > 0 {
                (0..width).rev().collect()
            } else {
                (0..width).collect()
            };
            let ys: Vec<usize> = if dy > 0 {
                (0..height).rev().collect()
            } else {
                (0..height).collect()
            };
            for &y in &ys {
                for &x in &xs {
                    let (xi, yi) = (x as isize, y as isize);
                    if !map.free(xi, yi) || !map.free(xi + dx, yi + dy) {
                        continue;
                    }
                    let (nx, ny) = ((xi + dx) as usize, (yi + dy) as usize);
                    let seen = stop_sides(&map, (xi + dx, yi + dy), (dx, dy));
                    let jump_point = seen & (FORCED_BEFORE | FORCED_AFTER) != 0;
                    let next = distances[at(nx, ny, d)];
                    distances[at(x, y, d)] = if jump_point {
                        1 | i16::from(seen) << SEEN_AT
                    } else if next > 0 {
                        // What the jump sees where it stops rides along.
                        next + 1
                    } else {
                        next - 1
                    };
                }
            }
        }
        // Diagonal directions: each pixel from the next one diagonally,
        // swept row by row against the direction's rows.
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate().skip(4) {
            let ys: Vec<usize> = if dy > 0 {
                (0..height).rev().collect()
            } else {
                (0..height).collect()
            };
            let (along_x, along_y) = (direction(dx, 0) as usize, direction(0, dy) as usize);
            for &y in &ys {
                for x in 0..width {
                    let (xi, yi) = (x as isize, y as isize);
                    if !map.free(xi, yi) || !map.can_step(xi, yi, dx, dy) {
                        continue;
                    }
                    let (nx, ny) = ((xi + dx) as usize, (yi + dy) as usize);
                    let next = distances[at(nx, ny, d)];
                    distances[at(x, y, d)] = if distances[at(nx, ny, along_x)] > 0
                        || distances[at(nx, ny, along_y)] > 0
                    {
                        1
                    } else if next > 0 {
                        next + 1
                    } else {
                        next - 1
                    };
                }
            }
        }
        JumpTable { map, distances }
    }

    /// The map's walkable pixels as bits.
    pub fn map(&self) -> &BitMap {
        &self.map
    }

    /// [`Jumper::straight`] from `(x, y)`, whose entries start at `here`.
    #[inline(always)]
    fn straight_from(&self, here: usize, (x, y): Pixel, d: u8, goal: Pixel) -> Option<(Pixel, u8)> {
        let entry = self.distances[here + d as usize];
        let (k, seen) = if entry > 0 {
            (entry & DISTANCE, (entry >> SEEN_AT) as u8)
        } else {
            (entry, 0)
        };
        let (xi, yi) = (x as isize, y as isize);
        let step = DIRECTIONS[d as usize];
        let run = straight_run(
            isize::from(k),
            (xi, yi),
            step,
            (goal.0 as isize, goal.1 as isize),
        )?;
        let to = (xi + step.0 * run, yi + step.1 * run);
        // Stopped short of the jump point, at the goal: read there.
        let seen = if run == isize::from(k) {
            seen
        } else {
            stop_sides(&self.map, to, step)
        };
        Some(((to.0 as usize, to.1 as usize), seen))
    }
}

/// JPS+ to one pixel, as a search problem: [`Jps`] with its jumps read
/// from the table, so with the same states, moves, costs and rules
/// (corridors followed through their bends, single successors expanded at
/// once), and its routes drawn by [`Jps::walk`].
pub(crate) type JpsPlus<T> = Jps<T>;

impl Jumper for JumpTable {
    #[inline]
    fn bits(&self) -> &BitMap {
        &self.map
    }

    /// One read of the table, bounded by the goal, gives where the jump
    /// stops and what it sees there.
    #[inline(always)]
    fn straight(
        &self,
        (x, y): Pixel,
        d: u8,
        _: (isize, isize),
        goal: Pixel,
    ) -> Option<(Pixel, u8)> {
        let here = (y * self.map.width() + x) * 8;
        self.straight_from(here, (x, y), d, goal)
    }

    /// From jump point to jump point of the run by the table, each giving
    /// its straight jumps; the goal's row or column stops it (a pixel that
    /// then jumps straight to the goal, or wherever else it must go).
    #[inline(always)]
    fn diagonal(&self, (x, y): Pixel, d: u8, goal: Pixel, out: &mut Vec<Successor<u32, Jump>>) {
        let width = self.map.width();
        let (dx, dy) = DIRECTIONS[d as usize];
        let (gx, gy) = (goal.0 as isize, goal.1 as isize);
        let (mut cx, mut cy) = (x as isize, y as isize);
        let mut walked = 0;
        loop {
            let here = (cy as usize * width + cx as usize) * 8;
            let k = isize::from(self.distances[here + d as usize]);
            let (ax, ay) = ((gx - cx) * dx, (gy - cy) * dy);
            let toward = ax.min(ay);
            if ax > 0 && ay > 0 && toward <= k.abs() {
                // The goal's row or column: a pixel to search on from.
                let (tx, ty) = (cx + dx * toward, cy + dy * toward);
                let to = (ty as usize * width + tx as usize) as u32;
                out.push(Successor {
                    mv: Jump {
                        to,
                        via: to,
                        direction: d,
                    },
                    state: to,
                    cost: DIAGONAL * (walked + toward) as u32,
                });
                return;
            }
            if k <= 0 {
                return;
            }
            cx += dx * k;
            cy += dy * k;
            walked += k;
            let turn = (cx as usize, cy as usize);
            let here = (turn.1 * width + turn.0) * 8;
            for sd in [direction(dx, 0), direction(0, dy)] {
                if let Some(found) = self.straight_from(here, turn, sd, goal) {
                    push_turn(out, width, turn, walked as usize, sd, found);
                }
            }
        }
    }
}

/// How many steps a straight jump from `(x, y)` along `(dx, dy)` with
/// table entry `k` takes: to the goal if it lies ahead within the run, else
/// to the jump point if there is one.
#[inline]
fn straight_run(
    k: isize,
    (x, y): (isize, isize),
    (dx, dy): (isize, isize),
    (gx, gy): (isize, isize),
) -> Option<isize> {
    let ahead = if dy == 0 {
        (gy == y).then_some((gx - x) * dx)
    } else {
        (gx == x).then_some((gy - y) * dy)
    };
    match ahead {
        Some(g) if g > 0 && g <= k.abs() => Some(g),
        _ => (k > 0).then_some(k),
    }
}
