//! Solvability from permutation parity and the blank's position.
mod common;

use slide::sliding::parity::{inversions, is_solvable};
use slide::sliding::Board;

/// Every permutation of 0..n, by Heap's algorithm.
fn permutations(n: usize) -> Vec<Vec<u8>> {
    fn heap(k: usize, items: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if k <= 1 {
            out.push(items.clone());
            return;
        }
        heap(k - 1, items, out);
        for i in 0..k - 1 {
            if k % 2 == 0 {
                items.swap(i, k - 1);
            } else {
                items.swap(0, k - 1);
            }
            heap(k - 1, items, out);
        }
    }
    let mut items: Vec<u8> = (0..n as u8).collect();
    let mut out = Vec::new();
    heap(n, &mut items, &mut out);
    out
}

#[test]
fn parity_matches_reachability_on_small_boards() {
    // Odd and even widths, square and rectangular.
    for (width, height) in [(2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (2, 4)] {
        let reachable = common::bfs_distances(width, height);
        let all = permutations(width * height);
        assert_eq!(
            reachable.len() * 2,
            all.len(),
            "{width}x{height}: half are reachable"
        );
        for tiles in all {
            assert_eq!(
                is_solvable(width, height, &tiles),
                reachable.contains_key(&tiles),
                "{width}x{height} {tiles:?}"
            );
        }
    }
}

#[test]
fn parity_agrees_with_the_textbook_inversion_rules() {
    // Odd width: solvable iff the inversion count is even. Even width:
    // solvable iff inversions plus the blank's row counted from the bottom is
    // even. Checked on random permutations of every size.
    let mut rng = slide::rng::SplitMix64::new(99);
    for width in 2..=10 {
        for height in 2..=10 {
            for _ in 0..20 {
                let mut tiles: Vec<u8> = (0..(width * height) as u8).collect();
                for i in (1..tiles.len()).rev() {
                    tiles.swap(i, rng.below(i as u64 + 1) as usize);
                }
                let blank_row = tiles.iter().position(|&t| t == 0).unwrap() / width;
                let rows_from_bottom = height - 1 - blank_row;
                let textbook = if width % 2 == 1 {
                    inversions(&tiles) % 2 == 0
                } else {
                    (inversions(&tiles) + rows_from_bottom) % 2 == 0
                };
                assert_eq!(
                    is_solvable(width, height, &tiles),
                    textbook,
                    "{width}x{height} {tiles:?}"
                );
            }
        }
    }
}

#[test]
fn swapping_two_tiles_flips_solvability() {
    let board = common::seed_example();
    let mut tiles = board.tiles().to_vec();
    assert!(is_solvable(4, 4, &tiles));
    tiles.swap(0, 2);
    assert!(!is_solvable(4, 4, &tiles));
    assert!(Board::from_tiles(4, 4, &tiles).is_err());
}
