//! Duplicate-path pruning on the 4x4 board: the paths a depth-first search
//! still follows reach every position by a shortest path, and up to the
//! recogniser's depth by exactly one.

use std::collections::HashMap;

use slide::sliding::duplicates::{Duplicates, DEPTH};
use slide::sliding::moves::neighbor_cell;
use slide::sliding::Dir;

/// A position as the tiles by cell, a nibble each (the blank is 0).
type Tiles = u64;

fn neighbor(cell: usize, dir: Dir) -> Option<usize> {
    neighbor_cell(4, 4, cell, dir)
}

fn slide(tiles: Tiles, blank: usize, to: usize) -> Tiles {
    let tile = (tiles >> (4 * to)) & 0xF;
    tiles & !(0xF << (4 * to)) | tile << (4 * blank)
}

/// Breadth-first distances from `start` (blank at `blank`) up to `depth`.
fn distances(start: Tiles, blank: usize, depth: u32) -> HashMap<Tiles, u32> {
    let mut seen = HashMap::from([(start, 0)]);
    let mut layer = vec![(start, blank)];
    for d in 1..=depth {
        let mut next = Vec::new();
        for &(tiles, blank) in &layer {
            for dir in Dir::ALL {
                if let Some(to) = neighbor(blank, dir) {
                    let moved = slide(tiles, blank, to);
                    if let std::collections::hash_map::Entry::Vacant(entry) = seen.entry(moved) {
                        entry.insert(d);
                        next.push((moved, to));
                    }
                }
            }
        }
        layer = next;
    }
    seen
}

/// Every path of up to `depth` moves from `start` that a depth-first search
/// pruning duplicates follows: how many end at each length, and the fewest
/// moves by which they reach each position.
fn followed(
    duplicates: &Duplicates,
    start: Tiles,
    blank: usize,
    depth: u32,
) -> (Vec<u64>, HashMap<Tiles, u32>) {
    fn walk(
        duplicates: &Duplicates,
        (tiles, blank, state, last, g): (Tiles, usize, u32, Option<Dir>, u32),
        depth: u32,
        counts: &mut Vec<u64>,
        reached: &mut HashMap<Tiles, u32>,
    ) {
        counts[g as usize] += 1;
        let best = reached.entry(tiles).or_insert(g);
        *best = (*best).min(g);
        if g == depth {
            return;
        }
        for dir in Dir::ALL {
            if last == Some(dir.opposite()) {
                continue;
            }
            let Some(to) = neighbor(blank, dir) else {
                continue;
            };
            if let Some(next) = duplicates.step(state, dir, to) {
                let child = (slide(tiles, blank, to), to, next, Some(dir), g + 1);
                walk(duplicates, child, depth, counts, reached);
            }
        }
    }
    let mut counts = vec![0; depth as usize + 1];
    let mut reached = HashMap::new();
    let root = (start, blank, Duplicates::START, None, 0);
    walk(duplicates, root, depth, &mut counts, &mut reached);
    (counts, reached)
}

const GOAL: Tiles = 0x0FED_CBA9_8765_4321;

#[test]
fn up_to_its_depth_every_position_is_reached_by_exactly_one_path() {
    let duplicates = Duplicates::build(DEPTH);
    let depth = DEPTH as u32;
    // The goal, and positions with the blank on an edge and in the middle.
    let starts = [
        (GOAL, 15),
        (slide(GOAL, 15, 14), 14),
        (slide(slide(GOAL, 15, 11), 11, 10), 10),
    ];
    for (start, blank) in starts {
        let truth = distances(start, blank, depth);
        let (counts, reached) = followed(&duplicates, start, blank, depth);
        let mut per_distance = vec![0u64; depth as usize + 1];
        for &d in truth.values() {
            per_distance[d as usize] += 1;
        }
        assert_eq!(counts, per_distance, "paths per length from blank {blank}");
        assert_eq!(reached, truth);
    }
    // Positions by distance from the goal (OEIS A089484).
    let (counts, _) = followed(&duplicates, GOAL, 15, depth);
    assert_eq!(
        counts,
        [1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948, 3938, 7808]
    );
}

#[test]
fn beyond_its_depth_every_position_keeps_a_shortest_path() {
    let duplicates = Duplicates::build(8);
    let truth = distances(GOAL, 15, 14);
    let (counts, reached) = followed(&duplicates, GOAL, 15, 14);
    assert_eq!(reached, truth, "every position at its distance");
    // Longer duplicates are still followed, but fewer than without the
    // recogniser.
    let positions = truth.values().filter(|&&d| d == 14).count() as u64;
    let (all, _) = followed(&Duplicates::build(0), GOAL, 15, 14);
    assert!(positions < counts[14] && counts[14] < all[14]);
}

#[test]
fn of_two_walks_round_a_block_the_later_one_is_forbidden() {
    // Six moves clockwise round the top-left 2x2 block from cell 0 do what
    // six anticlockwise ones do; `d` comes before `r`, so the clockwise walk
    // is the one left out.
    let duplicates = Duplicates::build(DEPTH);
    let walk = |letters: &str| -> Vec<Dir> {
        letters
            .chars()
            .map(|c| Dir::from_letter(c).unwrap())
            .collect()
    };
    assert!(duplicates.is_forbidden(0, &walk("rdlurd")));
    assert!(!duplicates.is_forbidden(0, &walk("druldr")));
    assert!(!duplicates.is_forbidden(0, &walk("rdlur")));
    // Twelve moves round it bring every tile back: never followed, either way.
    assert!(duplicates.is_forbidden(0, &walk("drul".repeat(3).as_str())));
    // Leaving the board is not following a path either.
    assert!(duplicates.is_forbidden(0, &walk("u")));
    assert!(!duplicates.is_forbidden(0, &walk("")));
}
