//! Differential heuristics, or landmarks (the "ALT" of Goldberg and
//! Harrelson, 2005; Sturtevant et al., 2009, on grids): a few pixels are
//! picked once per map, the exact walking distance from each to every pixel
//! is stored, and a query's estimate from `n` to goal `g` is then
//! `max_i |d(L_i, n) - d(L_i, g)|` (with octile distance as a floor).
//!
//! Why it never overestimates: walking distances on the grid obey the
//! triangle inequality and go both ways, so `d(L, n) <= d(L, g) + d(g, n)`
//! and `d(L, g) <= d(L, n) + d(n, g)`, that is `|d(L, n) - d(L, g)| <=
//! d(n, g)`. For the same reason it is consistent (across a step from `n`
//! to `m` it changes by at most the step's cost), so A*, JPS and JPS+ stay
//! optimal with it and never reopen a pixel.
//!
//! The distances are 8-connected walks under the same corner rule and step
//! costs (985 and 1393) as the searches, so they bound 4-connected walks
//! too (never shorter); they do not bound walks at any angle.
//!
//! Where it pays: on a maze (nearly a tree) a landmark beyond the goal makes
//! the estimate exact along the whole route, and the search expands little
//! more than the route itself. On open ground octile is already close.
//!
//! Cost: [`LANDMARKS`] Dijkstra searches over the map (plus one to place the
//! first), and `4 * LANDMARKS` bytes a pixel (8 MB at 512 x 512), each
//! pixel's distances in one aligned half cache line.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use super::grid::{Grid, Pixel};
use super::grid_search::{DIAGONAL, STRAIGHT};

/// How many landmarks a map gets.
pub const LANDMARKS: usize = 16;

/// A distance for a pixel no landmark's walk reaches (a wall, or another
/// part of the map than the landmarks').
const UNREACHED: u32 = u32::MAX;

/// One pixel's distances from every landmark, in one aligned block so that
/// an estimate reads one cache line.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Row([u32; LANDMARKS]);

/// A map's landmarks and every pixel's walking distance from each.
pub struct Landmarks {
    width: usize,
    places: Vec<Pixel>,
    rows: Vec<Row>,
}

impl Landmarks {
    /// Picks `grid`'s landmarks and measures every pixel's distances from
    /// them. The landmarks are placed farthest first: the first at the
    /// pixel farthest from a pixel of the map's largest connected part,
    /// each next one at the pixel farthest from all placed so far. Parts of
    /// the map that the largest does not reach get none (their estimate is
    /// octile alone). About 9 Dijkstra searches over the map: some tens of
    /// milliseconds each at 512 x 512 natively.
    pub fn new(grid: &Grid) -> Landmarks {
        let pixels = grid.width * grid.height;
        let mut rows = vec![Row([UNREACHED; LANDMARKS]); pixels];
        let mut places = Vec::with_capacity(LANDMARKS);
        let Some(seed) = largest_part(grid) else {
            return Landmarks {
                width: grid.width,
                places,
                rows,
            };
        };
        let mut distance = vec![UNREACHED; pixels];
        let mut heap = BinaryHeap::new();
        walk_from(grid, seed, &mut distance, &mut heap);
        // The distance from each pixel to the nearest landmark placed yet.
        let mut nearest = distance.clone();
        for k in 0..LANDMARKS {
            let Some(place) = farthest(&nearest, k == 0) else {
                break;
            };
            walk_from(grid, place, &mut distance, &mut heap);
            for ((row, near), &d) in rows.iter_mut().zip(&mut nearest).zip(&distance) {
                row.0[k] = d;
                if k == 0 {
                    *near = d;
                } else {
                    *near = (*near).min(d);
                }
            }
            places.push(grid.pixel(place as u32));
        }
        Landmarks {
            width: grid.width,
            places,
            rows,
        }
    }

    /// Where the landmarks are, in the order placed.
    pub fn places(&self) -> &[Pixel] {
        &self.places
    }

    /// The memory the distances take, in bytes.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(self.rows.as_slice())
    }

    /// The walking distance (in 985 / 1393 units) from landmark `k` (of
    /// [`Landmarks::places`]) to the pixel `(x, y)`, `None` if its walk
    /// does not reach it.
    pub fn distance(&self, k: usize, (x, y): Pixel) -> Option<u32> {
        let d = self.rows[y * self.width + x].0[k];
        (d != UNREACHED).then_some(d)
    }

    /// The landmarks' lower bound on the walking distance from `from` to
    /// `to` (in 985 / 1393 units): what the searches' estimate is raised
    /// to. Never above the true distance; where walls part the two pixels
    /// (no walk to bound), anything up to `u32::MAX`.
    pub fn lower_bound(&self, (x, y): Pixel, (gx, gy): Pixel) -> u32 {
        bound(
            &self.rows[y * self.width + x],
            &self.rows[gy * self.width + gx],
        )
    }
}

/// The largest difference of two pixels' distances from a landmark.
///
/// No test for [`UNREACHED`], so that the loop is a few vector
/// instructions: a landmark that reaches neither (one never placed) gives
/// 0; one that reaches only one of them gives a huge difference, which is
/// right, as walls then part the two pixels (no walk to bound; up to
/// `u32::MAX`, the searches' dead end, for the landmark itself).
#[inline(always)]
fn bound(here: &Row, goal: &Row) -> u32 {
    here.0
        .iter()
        .zip(&goal.0)
        .map(|(&a, &b)| a.abs_diff(b))
        .fold(0, u32::max)
}

/// The landmarks' estimate towards one goal (whose row, read at every
/// estimate, stays in cache; kept by index so that the searches holding
/// this stay small).
#[derive(Clone)]
pub(crate) struct Toward {
    landmarks: Arc<Landmarks>,
    goal: usize,
}

impl Toward {
    /// The estimate towards the pixel at index `goal`.
    pub(crate) fn new(landmarks: Arc<Landmarks>, goal: u32) -> Toward {
        assert!(
            (goal as usize) < landmarks.rows.len(),
            "the goal is on the landmarks' map"
        );
        Toward {
            landmarks,
            goal: goal as usize,
        }
    }

    /// A lower bound on the walking distance from the pixel at `at` to
    /// the goal (see [`Landmarks::lower_bound`]).
    #[inline(always)]
    pub(crate) fn bound(&self, at: u32) -> u32 {
        let rows = &self.landmarks.rows;
        bound(&rows[at as usize], &rows[self.goal])
    }
}

/// `estimate` raised to `toward`'s bound at `at`, if there is one: what
/// each search's estimate is with [`super::Heuristic::Landmarks`].
#[inline]
pub(crate) fn raised(toward: &Option<Toward>, at: u32, estimate: u32) -> u32 {
    match toward {
        Some(toward) => estimate.max(toward.bound(at)),
        None => estimate,
    }
}

/// A walkable pixel (its index) of the map's largest 8-connected part (as
/// the searches step, corners not cut), `None` for a map of walls.
fn largest_part(grid: &Grid) -> Option<usize> {
    let pixels = grid.width * grid.height;
    let mut seen = vec![false; pixels];
    let mut stack = Vec::new();
    let mut best: Option<(usize, usize)> = None;
    for start in 0..pixels {
        if seen[start] || !grid.open_at(start) {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut size = 0;
        while let Some(at) = stack.pop() {
            size += 1;
            grid.each_step(grid.pixel(at as u32), true, |next, _| {
                let next = grid.index(next) as usize;
                if !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            });
        }
        if best.is_none_or(|(most, _)| size > most) {
            best = Some((size, start));
        }
    }
    best.map(|(_, start)| start)
}

/// The pixel with the largest reached distance; `None` if none is above 0
/// (every reached pixel is a landmark already) unless `first` (a part of
/// one pixel still gets its landmark).
fn farthest(distance: &[u32], first: bool) -> Option<usize> {
    let (at, &most) = distance
        .iter()
        .enumerate()
        .filter(|(_, &d)| d != UNREACHED)
        .max_by_key(|(_, &d)| d)?;
    (first || most > 0).then_some(at)
}

/// Dijkstra's search from the pixel at `from` over every pixel it reaches,
/// 8-connected without cutting corners: `distance` ends with each pixel's
/// walking distance ([`UNREACHED`] for the rest).
fn walk_from(grid: &Grid, from: usize, distance: &mut [u32], heap: &mut BinaryHeap<Reverse<u64>>) {
    distance.fill(UNREACHED);
    distance[from] = 0;
    heap.clear();
    // Distance and index in one key: the heap compares one integer.
    heap.push(Reverse(from as u64));
    while let Some(Reverse(key)) = heap.pop() {
        let (d, at) = ((key >> 32) as u32, key as u32);
        if d > distance[at as usize] {
            continue;
        }
        grid.each_step(grid.pixel(at), true, |next, diagonal| {
            let next = grid.index(next) as usize;
            let through = d + if diagonal { DIAGONAL } else { STRAIGHT };
            if through < distance[next] {
                distance[next] = through;
                heap.push(Reverse(u64::from(through) << 32 | next as u64));
            }
        });
    }
}
