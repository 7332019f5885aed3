//! The optimal solver: breadth-first search over block positions.
//!
//! A position is searched as a `u128` key holding 3 bits a cell: 0 for a
//! cell where no piece has its top-left corner, else the piece's kind
//! (1 to 7; a kind is a size, the piece to free apart). Two positions that
//! differ only in which of two identical pieces stands where have the same
//! key, so the search meets each position once, whichever identical piece
//! is which; a move names its piece by its top-left cell, which is the same
//! in either. Every move costs 1, and the estimate (1 until the piece to
//! free stands at the goal, then 0) never overestimates and is consistent,
//! so A* ([`crate::search::BestFirst`], which also runs in slices for the
//! browser's workers) expands the positions in breadth-first order and its
//! first solution is a shortest one.

use crate::search::{astar, BestFirst, Monitor, Outcome, Problem, Successor, Unlimited};

use super::board::{axes, cells_mask, BlockMove, Board, Cell, Slider, Style};
use super::metric::Metric;

/// A sliding-block puzzle as a search problem over canonical keys.
#[derive(Clone, Debug)]
pub struct BlockProblem {
    width: u8,
    height: u8,
    style: Style,
    metric: Metric,
    /// Kind `k` (1 to 7) is `kinds[k - 1]`: rows, columns, whether it is
    /// the piece to free.
    kinds: Vec<(u8, u8, bool)>,
    /// The kind of the piece to free.
    target: u8,
    /// The cell number where the piece to free must stand.
    goal: u32,
}

impl BlockProblem {
    /// The problem of freeing `board`'s piece in moves of `metric`, and the
    /// key of `board` to search from.
    pub fn new(board: &Board, metric: Metric) -> (BlockProblem, u128) {
        let mut kinds: Vec<(u8, u8, bool)> = board.pieces().iter().map(|p| p.kind()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let kind_of = |piece: &super::board::Piece| {
            kinds.iter().position(|&kind| kind == piece.kind()).unwrap() as u8 + 1
        };
        let width = board.width();
        let mut key = 0u128;
        for piece in board.pieces() {
            let at = u32::from(piece.row) * u32::from(width) + u32::from(piece.col);
            key |= u128::from(kind_of(piece)) << (3 * at);
        }
        let target = kind_of(&board.target());
        let goal = board.goal();
        let problem = BlockProblem {
            width,
            height: board.height(),
            style: board.style(),
            metric,
            target,
            goal: u32::from(goal.row) * u32::from(width) + u32::from(goal.col),
            kinds,
        };
        (problem, key)
    }

    /// The cell numbered `at`.
    fn cell(&self, at: u32) -> Cell {
        Cell::new(
            (at / u32::from(self.width)) as u8,
            (at % u32::from(self.width)) as u8,
        )
    }

    /// The kind and cells of every piece of `key`: the cells all pieces
    /// cover, and up to 42 (cell number, kind) pairs.
    #[inline]
    fn decode(&self, key: u128, pieces: &mut [(u32, u8); 42]) -> (usize, u64) {
        let mut n = 0;
        let mut occupied = 0u64;
        let mut rest = key;
        while rest != 0 {
            let at = rest.trailing_zeros() / 3;
            let kind = ((rest >> (3 * at)) & 7) as u8;
            rest &= !(7u128 << (3 * at));
            let (rows, cols, _) = self.kinds[usize::from(kind) - 1];
            occupied |= cells_mask(self.width, rows, cols, at);
            pieces[n] = (at, kind);
            n += 1;
        }
        (n, occupied)
    }
}

impl Problem for BlockProblem {
    type State = u128;
    type Move = BlockMove;

    fn heuristic(&self, key: &u128) -> u32 {
        u32::from(!self.is_goal(key))
    }

    fn is_goal(&self, key: &u128) -> bool {
        (key >> (3 * self.goal)) & 7 == u128::from(self.target)
    }

    fn successors(
        &self,
        key: &u128,
        last: Option<BlockMove>,
        out: &mut Vec<Successor<u128, BlockMove>>,
    ) {
        let mut pieces = [(0u32, 0u8); 42];
        let (n, occupied) = self.decode(*key, &mut pieces);
        for &(at, kind) in &pieces[..n] {
            let (rows, cols, _) = self.kinds[usize::from(kind) - 1];
            let from = self.cell(at);
            let (horizontal, vertical) = axes(self.style, rows, cols);
            let slider = Slider {
                width: self.width,
                height: self.height,
                occupied: occupied & !cells_mask(self.width, rows, cols, at),
                rows,
                cols,
                horizontal,
                vertical,
            };
            let mut reach = slider.reach(from, self.metric);
            let base = key & !(7u128 << (3 * at));
            while reach != 0 {
                let to_at = reach.trailing_zeros();
                reach &= reach - 1;
                let to = self.cell(to_at);
                if let Some(last) = last.filter(|last| last.to == from) {
                    // No shortest solution moves a piece straight back, nor
                    // (along any path) moves it twice running, nor (in
                    // straight lines) twice running along one line: the two
                    // moves make one, or none.
                    let redundant = match self.metric {
                        Metric::Step => to == last.from,
                        Metric::AnyPath => true,
                        Metric::Straight => (last.from.row == last.to.row) == (from.row == to.row),
                    };
                    if redundant {
                        continue;
                    }
                }
                out.push(Successor {
                    mv: BlockMove { from, to },
                    state: base | u128::from(kind) << (3 * to_at),
                    cost: 1,
                });
            }
        }
    }
}

/// A shortest solution of `board` in moves of `metric`, or `Ok(None)` if
/// the piece cannot be freed, or the monitor's interruption.
pub fn solve<M: Monitor + ?Sized>(
    board: &Board,
    metric: Metric,
    monitor: &mut M,
) -> Outcome<BlockMove> {
    let (problem, start) = BlockProblem::new(board, metric);
    astar(&problem, start, monitor)
}

/// A shortest solution with no limit on the search (the classic puzzles'
/// state spaces hold tens of thousands of positions at most).
pub fn solve_fully(board: &Board, metric: Metric) -> Option<Vec<BlockMove>> {
    solve(board, metric, &mut Unlimited)
        .expect("an unlimited search is never interrupted")
        .map(|solution| solution.moves)
}

/// The solver run in slices (for the browser's workers): see
/// [`BestFirst::run`].
pub type BlockSolver = BestFirst<BlockProblem>;

/// A sliced solver for `board` in moves of `metric`.
pub fn sliced(board: &Board, metric: Metric) -> BlockSolver {
    let (problem, start) = BlockProblem::new(board, metric);
    BestFirst::new(problem, start, 1.0)
}
