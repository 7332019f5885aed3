//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};

use slide::sliding::{Board, Dir, Move};

/// Exact distances to the goal of every position of a small board, by
/// breadth-first search from the goal.
pub fn bfs_distances(width: usize, height: usize) -> HashMap<Vec<u8>, u32> {
    let goal = Board::solved(width, height).unwrap();
    let mut distance = HashMap::new();
    distance.insert(goal.tiles().to_vec(), 0);
    let mut queue = VecDeque::from([goal]);
    while let Some(board) = queue.pop_front() {
        let d = distance[board.tiles()];
        for dir in Dir::ALL {
            if let Ok(next) = board.apply(Move::Blank(dir)) {
                if !distance.contains_key(next.tiles()) {
                    distance.insert(next.tiles().to_vec(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    distance
}

/// The instances of a file in `tests/instances`, with their optimal lengths.
pub fn instances(name: &str) -> Vec<(Board, u32)> {
    let path = format!("{}/tests/instances/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    slide::sliding::parse_all(&text)
        .into_iter()
        .map(|entry| {
            let instance = entry.unwrap();
            (instance.board, instance.expected.unwrap())
        })
        .collect()
}

/// The 15-puzzle of the project's seed example (optimal: 22 moves).
pub fn seed_example() -> Board {
    Board::from_tiles(
        4,
        4,
        &[1u8, 7, 2, 4, 6, 0, 14, 3, 13, 10, 11, 8, 5, 9, 15, 12],
    )
    .unwrap()
}
