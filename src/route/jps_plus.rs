//! JPS+ (Harabor and Grastien, "Improving Jump Point Search", 2014; the
//! table as Rabin laid it out): jump point search whose jumps are read
//! from a table computed once per map instead of scanned at every query.
//!
//! For every walkable pixel and each of the eight directions the table
//! holds one number: `k > 0` when a jump that way stops at a jump point `k`
//! steps on (as [`super::jps`]'s jumps would, without a goal), `-k <= 0`
//! when it meets a wall after `k` steps without one. A query bounds each
//! jump by the goal: a straight jump that passes the goal stops there, and
//! a diagonal one stops on reaching the goal's row or column (a pixel that
//! then jumps straight to the goal, or wherever else it must go), so the
//! routes are the same shortest ones. Building the table takes about 10
//! to 20 ms natively for a 512 x 512 map (3 ms for 194 x 194), 16 bytes a
//! pixel: the price of a [`super::Router`] for JPS+, paid once a map.
//!
//! Measured (issue 23, through a [`super::Router`], which reuses the
//! search's arrays from query to query): JPS+ expands as many pixels as
//! [`super::jps`] (both prune intermediate jump points) and is the faster
//! on every shared map, by 1.1 to 1.8 times; least on the maze, where the
//! jumps are short and the bit rows' scans (64 KB) cost little more than
//! reading the table (4 MB, beyond the 512 KB L2 cache but within L3).

use std::ops::Deref;

use super::grid::{Grid, Pixel};
use super::grid_search::{estimate, DIAGONAL, STRAIGHT};
use super::heuristic::Heuristic;
use super::jps::{direction, onward, BitMap, Jump, DIRECTIONS};
use super::landmarks::{raised, Toward};
use crate::search::{Problem, Successor};

/// A map's jump distances, and its walkable pixels as bits.
pub struct JumpTable {
    map: BitMap,
    /// Eight a pixel, in [`DIRECTIONS`]' order.
    distances: Vec<i16>,
}

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
                    let jump_point = map.forced(xi + dx, yi + dy, dx, dy, -1)
                        || map.forced(xi + dx, yi + dy, dx, dy, 1);
                    let next = distances[at(nx, ny, d)];
                    distances[at(x, y, d)] = if jump_point {
                        1
                    } else if next > 0 {
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
}

/// JPS+ to one pixel, as a search problem: the same states, moves and
/// costs as [`super::jps::Jps`].
pub(crate) struct JpsPlus<T: Deref<Target = JumpTable>> {
    table: T,
    goal: Pixel,
    /// The goal's index, for the goal test without a division.
    goal_at: u32,
    heuristic: Heuristic,
    /// Landmark distances raising the estimate, if the query's has them.
    toward: Option<Toward>,
}

impl<T: Deref<Target = JumpTable>> JpsPlus<T> {
    pub(crate) fn new(table: T, goal: Pixel, heuristic: Heuristic) -> Self {
        let goal_at = (goal.1 * table.map.width() + goal.0) as u32;
        JpsPlus {
            table,
            goal,
            goal_at,
            heuristic,
            toward: None,
        }
    }

    /// The search with its estimate raised by landmarks (`None`: not).
    pub(crate) fn guided(mut self, toward: Option<Toward>) -> Self {
        self.toward = toward;
        self
    }

    #[inline]
    fn pixel(&self, at: u32) -> Pixel {
        let at = at as usize;
        let width = self.table.map.width();
        (at % width, at / width)
    }
}

impl<T: Deref<Target = JumpTable>> Problem for JpsPlus<T> {
    type State = u32;
    type Move = Jump;

    #[inline]
    fn heuristic(&self, &at: &u32) -> u32 {
        raised(
            &self.toward,
            at,
            estimate(self.heuristic, self.pixel(at), self.goal),
        )
    }

    #[inline]
    fn is_goal(&self, &at: &u32) -> bool {
        at == self.goal_at
    }

    fn dense_states(&self) -> Option<usize> {
        Some(self.table.map.width() * self.table.map.height())
    }

    #[inline]
    fn dense_index(&self, &at: &u32) -> usize {
        at as usize
    }

    fn successors(&self, &at: &u32, last: Option<Jump>, out: &mut Vec<Successor<u32, Jump>>) {
        let table = &*self.table;
        let width = table.map.width();
        let (x, y) = self.pixel(at);
        let (xi, yi) = (x as isize, y as isize);
        let (gx, gy) = (self.goal.0 as isize, self.goal.1 as isize);
        let distances = &table.distances[at as usize * 8..at as usize * 8 + 8];
        let mut set = onward(&table.map, (xi, yi), last.map(|j| j.direction));
        while set != 0 {
            let d = set.trailing_zeros() as u8;
            set &= set - 1;
            let (dx, dy) = DIRECTIONS[d as usize];
            if dx == 0 || dy == 0 {
                let k = isize::from(distances[d as usize]);
                if let Some(run) = straight_run(k, (xi, yi), (dx, dy), (gx, gy)) {
                    let to = ((yi + dy * run) as usize * width + (xi + dx * run) as usize) as u32;
                    out.push(Successor {
                        mv: Jump {
                            to,
                            via: to,
                            direction: d,
                        },
                        state: to,
                        cost: STRAIGHT * run as u32,
                    });
                }
                continue;
            }
            // Diagonally, the jump points along the way are pruned (as in
            // `jps`): their straight jumps' ends are successors at once.
            let (mut cx, mut cy) = (xi, yi);
            let mut walked = 0;
            loop {
                let here = (cy as usize * width + cx as usize) * 8;
                let k = isize::from(table.distances[here + d as usize]);
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
                    break;
                }
                if k <= 0 {
                    break;
                }
                cx += dx * k;
                cy += dy * k;
                walked += k;
                let here = (cy as usize * width + cx as usize) * 8;
                let via = (cy as usize * width + cx as usize) as u32;
                for (sx, sy) in [(dx, 0), (0, dy)] {
                    let sd = direction(sx, sy);
                    let sk = isize::from(table.distances[here + sd as usize]);
                    if let Some(run) = straight_run(sk, (cx, cy), (sx, sy), (gx, gy)) {
                        let to =
                            ((cy + sy * run) as usize * width + (cx + sx * run) as usize) as u32;
                        out.push(Successor {
                            mv: Jump {
                                to,
                                via,
                                direction: sd,
                            },
                            state: to,
                            cost: DIAGONAL * walked as u32 + STRAIGHT * run as u32,
                        });
                    }
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
