//! Seeded perfect mazes: exactly one way between any two of their cells.

use super::grid::{Grid, Pixel, MAX_PIXELS, MAX_SIDE};
use crate::rng::SplitMix64;

/// A maze drawn as a grid: cells at odd pixels, walls between them, a
/// border all round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    /// The pixels: `2 * cells_wide + 1` by `2 * cells_high + 1`.
    pub grid: Grid,
    /// The top-left cell.
    pub start: Pixel,
    /// The bottom-right cell.
    pub goal: Pixel,
}

/// A perfect maze of `wide` x `high` cells from `seed` (the same seed, the
/// same maze), by a randomised depth-first walk: long winding corridors
/// with few short dead ends.
///
/// # Errors
/// If a side is 0 or the maze's pixels would be more than a map may have.
pub fn maze(wide: usize, high: usize, seed: u64) -> Result<Maze, String> {
    if wide == 0 || high == 0 {
        return Err("a maze needs at least one cell each way".into());
    }
    let (width, height) = (
        wide.saturating_mul(2).saturating_add(1),
        high.saturating_mul(2).saturating_add(1),
    );
    if width > MAX_SIDE || height > MAX_SIDE || width.saturating_mul(height) > MAX_PIXELS {
        return Err(format!(
            "a maze of {wide} x {high} cells is too large: at most {MAX_PIXELS} pixels, {MAX_SIDE} a side"
        ));
    }
    let mut open = vec![false; width * height];
    let mut visited = vec![false; wide * high];
    let mut rng = SplitMix64::new(seed);
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    open[width + 1] = true;
    while let Some(&(cx, cy)) = stack.last() {
        let mut unvisited = [(0usize, 0usize); 4];
        let mut count = 0;
        for (dx, dy) in [(0isize, -1isize), (-1, 0), (1, 0), (0, 1)] {
            let (nx, ny) = (cx.wrapping_add_signed(dx), cy.wrapping_add_signed(dy));
            if nx < wide && ny < high && !visited[ny * wide + nx] {
                unvisited[count] = (nx, ny);
                count += 1;
            }
        }
        if count == 0 {
            stack.pop();
            continue;
        }
        let (nx, ny) = unvisited[rng.below(count as u64) as usize];
        visited[ny * wide + nx] = true;
        // The cell, and the wall between it and the one it was reached from.
        open[(2 * ny + 1) * width + 2 * nx + 1] = true;
        open[(cy + ny + 1) * width + cx + nx + 1] = true;
        stack.push((nx, ny));
    }
    Ok(Maze {
        grid: Grid::new(width, height, open).expect("the sizes were checked above"),
        start: (1, 1),
        goal: (width - 2, height - 2),
    })
}
