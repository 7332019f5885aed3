//! A measured prototype, not the solver: the solver's own version, for
//! 10x10 only, is `src/sliding/quadrants.rs`; this one takes other sides and
//! cuts, to measure them (issue 24 point 3, BENCHMARKS.md:
//! "another way: tiles sorted into their boxes"). An NxN board (7 to 10) is
//! cut at row and column `s = N - 5` into four boxes: s x s at the top left,
//! s x 5 at the top right, 5 x s at the bottom left and the 5x5 that holds
//! the blank's home. One beam sorts every tile into its home box (the three
//! tiles at the boxes' meeting corners exactly home); one small search in
//! the centre makes each box an even arrangement; then each box is solved
//! on its own, the blank stepping in through the box's corner and out
//! again: a 5x5 with the 5x5 tables, a smaller box by weighted A*. Prints
//! each seeded board's length against its Manhattan distance; every answer
//! is checked to solve its board.
//!
//! `cargo run --release --example quadrants -- SIDE [BOARDS] [Q] [WIDTH] [M] [B]`:
//! the sort's estimate is Q x the tiles' distance to their home boxes + M x
//! their Manhattan distance + B x the blank's distance to the nearest tile
//! out of its box, its beam WIDTH wide (defaults 6 boards, 3, 3000, 1, 2).
//! `BASE=1` also prints the solver's best effort for each board; `LIGHT=1`
//! solves the 5x5 boxes with one 5,000-wide beam instead of the 5x5's best
//! effort.

use slide::search::{weighted_astar, Beam, Problem, Step, Successor, Unlimited};
use slide::sliding::compact::{CompactPuzzle, Estimate};
use slide::sliding::moves::neighbor_cell;
use slide::sliding::near::{solve, solves, Effort};
use slide::sliding::reduce::cancel_reversals;
use slide::sliding::window::{Shorten, Shortener};
use slide::sliding::{Board, Dir};

/// The board's side and where it is cut.
#[derive(Clone, Copy)]
struct Cut {
    n: usize,
    s: usize,
}

impl Cut {
    fn row_col(self, cell: usize) -> (usize, usize) {
        (cell / self.n, cell % self.n)
    }

    fn cell(self, row: usize, col: usize) -> usize {
        row * self.n + col
    }

    /// The three tiles' homes at the boxes' meeting corners: the corner
    /// each of the first three boxes is entered and left through.
    fn exits(self) -> [usize; 3] {
        let s = self.s;
        [
            self.cell(s - 1, s - 1),
            self.cell(s - 1, s),
            self.cell(s, s - 1),
        ]
    }

    fn md(self, tile: u8, cell: usize) -> u16 {
        let (hr, hc) = self.row_col(usize::from(tile) - 1);
        let (r, c) = self.row_col(cell);
        (hr.abs_diff(r) + hc.abs_diff(c)) as u16
    }

    /// How far `tile` at `cell` is from its home box (from its home itself
    /// for the corner tiles).
    fn box_distance(self, tile: u8, cell: usize) -> u16 {
        let home = usize::from(tile) - 1;
        if self.exits().contains(&home) {
            return self.md(tile, cell);
        }
        let (hr, hc) = self.row_col(home);
        let (r, c) = self.row_col(cell);
        let span = |h: usize, x: usize| -> usize {
            let (lo, hi) = if h < self.s {
                (0, self.s - 1)
            } else {
                (self.s, self.n - 1)
            };
            lo.saturating_sub(x) + x.saturating_sub(hi)
        };
        (span(hr, r) + span(hc, c)) as u16
    }
}

#[derive(Clone, Copy)]
struct Sorting {
    tiles: [u8; 100],
    blank: u8,
    away: u16,
    md: u16,
    key: u64,
}

struct Sort {
    cut: Cut,
    zobrist: Vec<[u64; 100]>,
    weights: [u32; 3],
}

impl Problem for Sort {
    type State = Sorting;
    type Move = Dir;

    /// Not a lower bound: a beam's guide.
    fn heuristic(&self, state: &Sorting) -> u32 {
        let cut = self.cut;
        let (br, bc) = cut.row_col(usize::from(state.blank));
        let mut near = 0u32;
        if state.away > 0 {
            near = u32::MAX;
            for cell in 0..cut.n * cut.n {
                let tile = state.tiles[cell];
                if tile != 0 && cut.box_distance(tile, cell) > 0 {
                    let (r, c) = cut.row_col(cell);
                    near = near.min((br.abs_diff(r) + bc.abs_diff(c)) as u32);
                }
            }
        }
        let [q, m, b] = self.weights;
        q * u32::from(state.away) + m * u32::from(state.md) + b * near
    }

    fn is_goal(&self, state: &Sorting) -> bool {
        state.away == 0
    }

    fn successors(
        &self,
        state: &Sorting,
        last: Option<Dir>,
        out: &mut Vec<Successor<Sorting, Dir>>,
    ) {
        let cut = self.cut;
        let blank = usize::from(state.blank);
        for dir in Dir::ALL {
            if Some(dir.opposite()) == last {
                continue;
            }
            let Some(next) = neighbor_cell(cut.n, cut.n, blank, dir) else {
                continue;
            };
            let tile = state.tiles[next];
            let t = usize::from(tile);
            let mut child = *state;
            child.tiles[blank] = tile;
            child.tiles[next] = 0;
            child.blank = next as u8;
            child.away = child.away + cut.box_distance(tile, blank) - cut.box_distance(tile, next);
            child.md = child.md + cut.md(tile, blank) - cut.md(tile, next);
            child.key ^= self.zobrist[0][blank]
                ^ self.zobrist[0][next]
                ^ self.zobrist[t][blank]
                ^ self.zobrist[t][next];
            out.push(Successor {
                mv: dir,
                state: child,
                cost: 1,
            });
        }
    }
}

/// A box of the board: its top-left cell and size.
#[derive(Clone, Copy)]
struct Area {
    top: usize,
    left: usize,
    rows: usize,
    cols: usize,
}

/// Whether the box's tiles (all of them in it, no blank) are an even
/// permutation of its cells.
fn even(cut: Cut, tiles: &[u8], area: Area) -> bool {
    let cells = area.rows * area.cols;
    let mut perm = vec![0usize; cells];
    for r in 0..area.rows {
        for c in 0..area.cols {
            let tile = tiles[cut.cell(area.top + r, area.left + c)];
            let (hr, hc) = cut.row_col(usize::from(tile) - 1);
            perm[r * area.cols + c] = (hr - area.top) * area.cols + (hc - area.left);
        }
    }
    let mut seen = vec![false; cells];
    let mut swaps = 0;
    for i in 0..cells {
        let mut j = i;
        let mut len = 0;
        while !seen[j] {
            seen[j] = true;
            j = perm[j];
            len += 1;
        }
        swaps += len.max(1) - 1;
    }
    swaps % 2 == 0
}

/// The box as a board of its own (tiles named after their homes in it),
/// flipped so that its corner cell is the board's bottom-right.
fn boxed(cut: Cut, tiles: &[u8], area: Area, flip_rows: bool, flip_cols: bool) -> Board {
    let local = |r: usize, c: usize| {
        let r = if flip_rows { area.rows - 1 - r } else { r };
        let c = if flip_cols { area.cols - 1 - c } else { c };
        r * area.cols + c
    };
    let mut out = vec![0u8; area.rows * area.cols];
    for r in 0..area.rows {
        for c in 0..area.cols {
            let tile = tiles[cut.cell(area.top + r, area.left + c)];
            if tile != 0 {
                let (hr, hc) = cut.row_col(usize::from(tile) - 1);
                out[local(r, c)] = (local(hr - area.top, hc - area.left) + 1) as u8;
            }
        }
    }
    Board::from_tiles(area.cols, area.rows, &out).expect("the parity step makes every box solvable")
}

/// The moves of a flipped box's solution, as the board's.
fn unflip(moves: &[Dir], flip_rows: bool, flip_cols: bool) -> Vec<Dir> {
    moves
        .iter()
        .map(|&dir| match dir {
            Dir::Up | Dir::Down if flip_rows => dir.opposite(),
            Dir::Left | Dir::Right if flip_cols => dir.opposite(),
            _ => dir,
        })
        .collect()
}

/// A small board solved by weighted A* with linear conflicts.
fn small(board: &Board) -> Vec<Dir> {
    let problem = CompactPuzzle::new(board.width(), board.height(), Estimate::LinearConflict);
    weighted_astar(&problem, problem.pack(board), 1.2, &mut Unlimited)
        .ok()
        .flatten()
        .expect("a solvable small board")
        .moves
}

/// Walks the blank straight to (`row`, `col`), rows first.
fn walk(cut: Cut, from: usize, row: usize, col: usize) -> Vec<Dir> {
    let (r, c) = cut.row_col(from);
    let mut path = Vec::new();
    path.extend(std::iter::repeat_n(Dir::Down, row.saturating_sub(r)));
    path.extend(std::iter::repeat_n(Dir::Up, r.saturating_sub(row)));
    path.extend(std::iter::repeat_n(Dir::Right, col.saturating_sub(c)));
    path.extend(std::iter::repeat_n(Dir::Left, c.saturating_sub(col)));
    path
}

fn arg<T: std::str::FromStr>(args: &[String], at: usize, default: T) -> T {
    args.get(at).and_then(|a| a.parse().ok()).unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = arg(&args, 1, 10);
    let count: u64 = arg(&args, 2, 6);
    let weights = [arg(&args, 3, 3), arg(&args, 5, 1), arg(&args, 6, 2)];
    let width: usize = arg(&args, 4, 3000);
    let base = std::env::var("BASE").is_ok();
    let five_effort = if std::env::var("LIGHT").is_ok() {
        Effort {
            final_width: 5000,
            searches: 1,
            table_gap: 6,
            ..Effort::BEST
        }
    } else {
        Effort::BEST
    };
    let tables = slide::cli::twentyfour_tables().expect("the 5x5 tables");
    let cut = Cut {
        n,
        s: arg(&args, 7, n - 5),
    };
    let s = cut.s;
    let solvable = |rows: usize, cols: usize| rows * cols <= 16 || (rows, cols) == (5, 5);
    assert!(
        (2..n - 1).contains(&s) && solvable(s, s) && solvable(s, n - s) && solvable(n - s, n - s),
        "a cut whose boxes are 5x5 or of at most 16 cells"
    );
    let mut seed = 0x1234_5678u64;
    let zobrist: Vec<[u64; 100]> = (0..100)
        .map(|_| {
            std::array::from_fn(|_| {
                seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut x = seed;
                x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                x ^ (x >> 31)
            })
        })
        .collect();
    let areas = [
        Area {
            top: 0,
            left: 0,
            rows: s,
            cols: s,
        },
        Area {
            top: 0,
            left: s,
            rows: s,
            cols: n - s,
        },
        Area {
            top: s,
            left: 0,
            rows: n - s,
            cols: s,
        },
    ];
    // Each of the first three boxes: flipped so that its corner is the
    // bottom-right, and the blank's way in from (s, s) and back out.
    let plans = [
        (
            false,
            false,
            vec![Dir::Up, Dir::Left],
            vec![Dir::Right, Dir::Down],
        ),
        (false, true, vec![Dir::Up], vec![Dir::Down]),
        (true, false, vec![Dir::Left], vec![Dir::Right]),
    ];
    let (mut ratios, mut bases) = (Vec::new(), Vec::new());
    for i in 0..count {
        let board = Board::shuffled(n, n, 1000 + i).expect("a seeded board");
        let clock = std::time::Instant::now();
        let mut start = Sorting {
            tiles: [0; 100],
            blank: board.blank() as u8,
            away: 0,
            md: 0,
            key: 0,
        };
        for (cell, &tile) in board.tiles().iter().enumerate() {
            start.tiles[cell] = tile;
            start.key ^= zobrist[usize::from(tile)][cell];
            if tile != 0 {
                start.away += cut.box_distance(tile, cell);
                start.md += cut.md(tile, cell);
            }
        }
        let manhattan = usize::from(start.md);
        if base {
            let (moves, _) = solve(&board, Some(tables.clone()), Effort::BEST);
            let ratio = moves.len() as f64 / manhattan as f64;
            bases.push(ratio);
            println!(
                "board {i}: today's best effort {} moves, {ratio:.3}",
                moves.len()
            );
        }
        let sort = Sort {
            cut,
            zobrist: zobrist.clone(),
            weights,
        };
        let mut beam = Beam::new(
            sort,
            start,
            width,
            (|s: &Sorting| s.key) as fn(&Sorting) -> u64,
        );
        let sorted = loop {
            match beam.run(1 << 22) {
                Step::Running if beam.progress().bound > 5000 => break None,
                Step::Running => continue,
                Step::Found(solution) => break Some(solution.moves),
                Step::Exhausted(_) => break None,
            }
        };
        let Some(sorted) = sorted else {
            println!("board {i}: the sort did not end within 5,000 moves");
            continue;
        };
        let sort_moves = sorted.len();
        let sort_time = clock.elapsed().as_secs_f64();
        let mut all = sorted;
        let mut at = board.apply_path(&all).expect("a beam's moves");
        let mut go = |at: &mut Board, path: &[Dir]| {
            *at = at.apply_path(path).expect("moves on the board");
            all.extend_from_slice(path);
        };
        // The blank to (s, s), inside the bottom-right box.
        let way = walk(cut, at.blank(), s, s);
        go(&mut at, &way);
        // Parity: two tiles of each odd box swap places in the centre 4x4
        // (rows and columns s-2 to s+1; no corner tile among them), the
        // blank entering and leaving at its bottom-right by the way it came.
        let odd: Vec<bool> = areas.iter().map(|&a| !even(cut, at.tiles(), a)).collect();
        let pairs = [(0usize, 1usize), (2, 3), (12, 13), (11, 14)];
        let mut swaps: Vec<(usize, usize)> = (0..3).filter(|&k| odd[k]).map(|k| pairs[k]).collect();
        if swaps.len() % 2 == 1 {
            swaps.push(pairs[3]);
        }
        let mut parity_moves = 0;
        if !swaps.is_empty() {
            let way = walk(cut, at.blank(), s + 1, s + 1);
            go(&mut at, &way);
            let mut source: Vec<usize> = (0..16).collect();
            for &(x, y) in &swaps {
                source.swap(x, y);
            }
            let mut label = vec![0u8; 16];
            for (to, &from) in source.iter().enumerate() {
                if from != 15 {
                    label[from] = (to + 1) as u8;
                }
            }
            let four = Board::from_tiles(4, 4, &label).expect("an even exchange");
            let fix = small(&four);
            parity_moves = fix.len() + 2 * way.len();
            go(&mut at, &fix);
            let back: Vec<Dir> = way.iter().rev().map(|d| d.opposite()).collect();
            go(&mut at, &back);
        }
        assert!(areas.iter().all(|&a| even(cut, at.tiles(), a)));
        let mut box_moves = 0;
        for (area, (flip_rows, flip_cols, enter, leave)) in areas.iter().zip(&plans) {
            go(&mut at, enter);
            let local = boxed(cut, at.tiles(), *area, *flip_rows, *flip_cols);
            let moves = if local.cells() > 16 {
                solve(&local, Some(tables.clone()), five_effort).0
            } else {
                small(&local)
            };
            box_moves += moves.len();
            go(&mut at, &unflip(&moves, *flip_rows, *flip_cols));
            go(&mut at, leave);
        }
        // The bottom-right 5x5 (the stages find every other tile home).
        let (last, _) = if n - s == 5 {
            solve(&at, Some(tables.clone()), five_effort)
        } else {
            let area = Area {
                top: s,
                left: s,
                rows: n - s,
                cols: n - s,
            };
            let local = boxed(cut, at.tiles(), area, false, false);
            let moves = small(&local);
            let len = moves.len();
            (moves, len as u64)
        };
        box_moves += last.len();
        go(&mut at, &last);
        assert!(at.is_solved());
        let whole = cancel_reversals(all);
        let mut shortener = Shortener::new(&board, whole.clone(), 40, 500_000);
        while !shortener.step() {}
        let answer = shortener.moves().to_vec();
        assert!(solves(&board, &answer));
        let ratio = answer.len() as f64 / manhattan as f64;
        ratios.push(ratio);
        println!(
            "board {i}: Manhattan {manhattan}, sort {sort_moves} moves ({sort_time:.2} s), parity {parity_moves}, boxes {box_moves}, \
             whole {}, after windows {} ({:.2} s): {ratio:.3}",
            whole.len(),
            answer.len(),
            clock.elapsed().as_secs_f64()
        );
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    println!(
        "{n}x{n}: {} of {count} boards, mean {:.3} x Manhattan{}",
        ratios.len(),
        mean(&ratios),
        if base {
            format!(" (today's best effort {:.3})", mean(&bases))
        } else {
            String::new()
        }
    );
}
