//! Splicing solutions of one board: where two solutions pass through the
//! same position, the shorter way to it from one and the shorter way on
//! from it in the other make a solution shorter than both. Searches that
//! start from different ends (a 5x5's plain search and the one from the
//! goal's side) meet in places, and the shortest way through all of their
//! positions is found by a breadth-first search of the graph they make
//! (BENCHMARKS.md, issue 24 point 2).

use std::collections::{HashMap, VecDeque};

use super::board::Board;
use super::moves::{Dir, Move};

/// The shortest solution of `board` that goes only through positions some
/// of `solutions` go through, and only by moves one of them makes (either
/// way): never longer than the shortest of them, and legal on `board`.
/// A shortest way never visits a position twice, so it has no move undone
/// by the next. Empty if none is given.
///
/// # Panics
/// If a solution's moves are not legal on `board` or do not all end on the
/// same position (they are meant to be solutions of it).
pub fn splice(board: &Board, solutions: &[&[Dir]]) -> Vec<Dir> {
    let Some(first) = solutions.first() else {
        return Vec::new();
    };
    // Every position seen gets an index; the start is 0.
    let mut index: HashMap<Board, usize> = HashMap::new();
    let mut edges: Vec<Vec<(usize, Dir)>> = Vec::new();
    let mut node = |position: Board, edges: &mut Vec<Vec<(usize, Dir)>>| {
        let next = edges.len();
        *index.entry(position).or_insert_with(|| {
            edges.push(Vec::new());
            next
        })
    };
    node(board.clone(), &mut edges);
    let mut end = None;
    for moves in solutions {
        let mut position = board.clone();
        let mut at = 0;
        for &dir in moves.iter() {
            position = position
                .apply(Move::Blank(dir))
                .expect("a solution's moves stay on the board");
            let next = node(position.clone(), &mut edges);
            edges[at].push((next, dir));
            edges[next].push((at, dir.opposite()));
            at = next;
        }
        assert!(
            *end.get_or_insert(at) == at,
            "the solutions spliced end on the same position"
        );
    }
    let end = end.expect("at least one solution");
    // Breadth first from the start: each position's move reached by.
    let mut came_by: Vec<Option<(usize, Dir)>> = vec![None; edges.len()];
    let mut seen = vec![false; edges.len()];
    seen[0] = true;
    let mut queue = VecDeque::from([0]);
    while let Some(at) = queue.pop_front() {
        if at == end {
            break;
        }
        for &(next, dir) in &edges[at] {
            if !seen[next] {
                seen[next] = true;
                came_by[next] = Some((at, dir));
                queue.push_back(next);
            }
        }
    }
    let mut moves = Vec::with_capacity(first.len());
    let mut at = end;
    while let Some((before, dir)) = came_by[at] {
        moves.push(dir);
        at = before;
    }
    moves.reverse();
    moves
}
