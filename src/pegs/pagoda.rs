//! Pagoda functions: weights on the holes that no jump can increase, which
//! prove goals out of reach.
//!
//! A pagoda function gives each hole a weight such that for every jump the
//! weights of the holes jumped from and over add up to at least the weight
//! of the hole landed in. The total weight of the pegs then never grows
//! during a game, so a position whose total is below the goal's can never
//! reach it (Berlekamp, Conway and Guy, *Winning Ways*, chapter 23).

use super::board::PegBoard;
use super::geometry::{cell_of, HOLES, SIDE};
use super::jump::{all_jumps, Jump};
use super::symmetry::{transform_hole, SYMMETRIES};

/// Weights on the holes that no jump increases in total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pagoda {
    weights: [i32; HOLES],
}

impl Pagoda {
    /// The pagoda function with these weights (hole by hole), or `None` if a
    /// jump would increase its total.
    pub fn new(weights: [i32; HOLES]) -> Option<Pagoda> {
        let pagoda = Pagoda { weights };
        pagoda.violation().is_none().then_some(pagoda)
    }

    /// The weights of a function of the grid cell, or `None` if they do not
    /// make a pagoda function.
    pub fn from_cells(weight: impl Fn(usize, usize) -> i32) -> Option<Pagoda> {
        let mut weights = [0; HOLES];
        for (hole, w) in weights.iter_mut().enumerate() {
            let (row, col) = cell_of(hole);
            *w = weight(row, col);
        }
        Pagoda::new(weights)
    }

    /// The product of two functions of a line of seven cells, each a pagoda
    /// function of the line with nonnegative weights: `rows[row] * cols[col]`.
    /// `None` if either is not.
    pub fn product(rows: [i32; SIDE], cols: [i32; SIDE]) -> Option<Pagoda> {
        let is_line_pagoda = |line: [i32; SIDE]| {
            line.iter().all(|&w| w >= 0)
                && line
                    .windows(3)
                    .all(|w| w[0] + w[1] >= w[2] && w[2] + w[1] >= w[0])
        };
        if !is_line_pagoda(rows) || !is_line_pagoda(cols) {
            return None;
        }
        Pagoda::from_cells(|row, col| rows[row] * cols[col])
    }

    /// The weight of `hole` (0 off the board).
    pub fn weight(&self, hole: usize) -> i32 {
        self.weights.get(hole).copied().unwrap_or(0)
    }

    /// The weights, hole by hole in reading order; a jump never raises their sum over the pegs.
    pub fn weights(&self) -> &[i32; HOLES] {
        &self.weights
    }

    /// The total weight of the pegs of `board`.
    pub fn value(&self, board: PegBoard) -> i32 {
        board.pegs().map(|hole| self.weights[hole]).sum()
    }

    /// The same function under symmetry `sym` of the board: its weight at
    /// the image of a hole is the original weight of the hole.
    pub fn transformed(&self, sym: usize) -> Pagoda {
        let mut weights = [0; HOLES];
        for (hole, &w) in self.weights.iter().enumerate() {
            weights[transform_hole(sym, hole)] = w;
        }
        Pagoda { weights }
    }

    /// A jump that would increase the total, if any.
    fn violation(&self) -> Option<Jump> {
        let w = |hole: u8| self.weights[usize::from(hole)];
        all_jumps()
            .iter()
            .find(|jump| w(jump.from) + w(jump.over) < w(jump.to))
            .copied()
    }
}

/// The number of pagoda functions in [`library`].
pub const LIBRARY_SIZE: usize = 12;

// Weights hole by hole, row by row as on the board; see `library`.
#[rustfmt::skip]
const LIBRARY: [[i32; HOLES]; LIBRARY_SIZE] = [
    [
                       0,  0,  0,
                       0,  1,  0,
        -1,  1,  0,  1,  0,  1, -1,
         0,  0,  0,  0,  0,  0,  0,
        -1,  1,  0,  1,  0,  1, -1,
                       0,  1,  0,
                       0,  0,  0,
    ],
    [
                       0,  0,  0,
                       0,  1,  0,
        -1,  1,  0,  1,  0,  1, -1,
         0,  2,  0,  2,  0,  2,  0,
        -1,  1,  0,  1,  0,  1, -1,
                       0,  1,  0,
                       0,  0,  0,
    ],
    [
                      -1,  0, -1,
                       1,  0,  1,
         0,  0,  0,  0,  0,  0,  0,
         1,  0,  1,  0,  1,  1,  0,
         0,  0,  0,  0,  0,  0,  0,
                       1,  0,  1,
                      -1,  0, -1,
    ],
    [
                      -5,  2, -3,
                       5,  2,  3,
        -4,  4,  0,  4,  0,  4, -4,
         0,  5,  5,  6,  3,  3,  0,
        -4,  4,  0,  4,  0,  4, -4,
                       5,  2,  3,
                      -5,  2, -3,
    ],
    [
                       0,  0,  0,
                       0,  1,  0,
        -1,  1,  0,  1,  0,  1, -1,
         2,  2,  0,  2,  0,  2,  2,
        -3,  3,  0,  3,  0,  3, -3,
                       0,  3,  0,
                       0,  0,  0,
    ],
    [
                      -4,  0, -4,
                       4,  3,  4,
        -3,  3,  0,  3,  0,  3, -3,
         2,  2,  4,  6,  4,  2,  2,
        -1,  1,  0,  1,  0,  1, -1,
                       4,  5,  4,
                      -4,  0, -4,
    ],
    [
                      -2,  0, -2,
                       2,  1,  2,
        -1,  1,  0,  1,  0,  1, -1,
         2,  0,  2,  2,  2,  2,  0,
        -1,  1,  0,  1,  0,  1, -1,
                       2,  1,  2,
                      -2,  0, -2,
    ],
    [
                       0,  0,  0,
                       0,  1,  0,
         0,  0,  0,  0,  0,  0,  0,
         0,  1,  0,  1,  0,  1,  0,
         0,  0,  0,  0,  0,  0,  0,
                       0,  1,  0,
                       0,  0,  0,
    ],
    [
                      -2,  1, -1,
                       2,  2,  1,
         0,  0,  0,  0,  0,  0,  0,
         2,  0,  2,  2,  1,  1,  0,
         0,  0,  0,  0,  0,  0,  0,
                       2,  2,  1,
                      -2,  1, -1,
    ],
    [
                       0,  0,  0,
                       0,  2,  0,
         0,  0,  0,  0,  0,  0,  0,
         1,  2,  0,  2,  0,  2,  1,
        -1,  1,  0,  1,  0,  1, -1,
                       0,  1,  0,
                       0,  0,  0,
    ],
    [
                       0,  0,  0,
                       1,  4,  0,
        -4,  5,  1,  4,  0,  4, -4,
         0,  2,  2,  4,  0,  4,  0,
        -4,  4,  0,  4,  0,  4, -4,
                       2,  2,  0,
                      -2,  2,  0,
    ],
    [
                      -1,  2, -3,
                       1,  2,  3,
        -4,  4,  0,  4,  0,  4, -4,
         0,  1,  1,  2,  3,  3,  0,
        -4,  4,  0,  4,  0,  4, -4,
                       1,  2,  3,
                      -1,  2, -3,
    ],
];

/// The solver's tuned pagoda functions, for a goal in the centre, the most
/// useful first (the solver also uses their rotations and reflections).
///
/// They were found by linear programming: a position is proven lost by some
/// pagoda function exactly when its pegs minus the goal peg are not a
/// nonnegative combination of the jumps' effects (Farkas' lemma), and the
/// dual of that program is such a function. Solving it for lost positions
/// reachable from the classic start and choosing greedily the functions
/// (with their rotations and reflections) that prove the most of them lost,
/// weighting positions with many pegs higher, gave this list. Together they
/// prove about a third of those positions lost; dozens more functions found
/// the same way add almost nothing, and most lost positions with many pegs
/// are beyond any pagoda function (their loss is about the order of jumps,
/// which no count captures): the search has to prove those. Each function is
/// valid for any goal; for a goal elsewhere it is merely weaker.
pub fn library() -> Vec<Pagoda> {
    LIBRARY
        .iter()
        .map(|&weights| Pagoda::new(weights).expect("the library holds pagoda functions"))
        .collect()
}

/// The distinct images of `pagoda` under the eight symmetries.
pub fn images(pagoda: &Pagoda) -> Vec<Pagoda> {
    let mut images: Vec<Pagoda> = Vec::new();
    for sym in 0..SYMMETRIES {
        let image = pagoda.transformed(sym);
        if !images.contains(&image) {
            images.push(image);
        }
    }
    images
}

/// The pagoda functions the solver tries for a goal hole `target`: the first
/// `count` of the library with their images, and one that decreases with the
/// distance from the target.
pub fn pagodas_for(target: usize, count: usize) -> Vec<Pagoda> {
    let mut pagodas: Vec<Pagoda> = library().iter().take(count).flat_map(images).collect();
    pagodas.extend(fibonacci(target));
    pagodas
}

/// Fibonacci numbers by distance from `target`, which is worth the most.
pub fn fibonacci(target: usize) -> Option<Pagoda> {
    if target >= HOLES {
        return None;
    }
    let (row, col) = cell_of(target);
    // F(k) + F(k + 1) = F(k + 2) covers a jump straight at the target; any
    // other jump lands no nearer to it than the peg jumped over. Weight 0
    // falls on the farthest holes only, so no jump lands on a positive
    // weight from two zeros.
    let fibonacci = [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55];
    let distance = |r: usize, c: usize| r.abs_diff(row) + c.abs_diff(col);
    let reach = (0..HOLES)
        .map(|hole| {
            let (r, c) = cell_of(hole);
            distance(r, c)
        })
        .max()
        .unwrap_or(0);
    Pagoda::from_cells(|r, c| fibonacci[reach - distance(r, c)])
}
