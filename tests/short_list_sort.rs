//! The crate's one stable sort for short lists (`slide::order`), which keeps
//! a single copy of the sort's code in the WebAssembly module: it must order
//! every list as the standard library's stable sort by the same key does.

use slide::order::{f32_rank, sort_by_rank};
use slide::rng::SplitMix64;

#[test]
fn sorting_by_rank_gives_the_standard_stable_sorts_order_ties_kept_in_place() {
    let mut rng = SplitMix64::new(22);
    for len in [0, 1, 2, 3, 7, 8, 31, 100, 1000] {
        for ranks in [2, 5, 1000] {
            // (rank, original place): the place tells equal ranks apart.
            let items: Vec<(u32, usize)> = (0..len)
                .map(|place| (rng.below(ranks) as u32, place))
                .collect();
            let mut ours = items.clone();
            sort_by_rank(&mut ours, |&(rank, _)| rank);
            let mut theirs = items.clone();
            theirs.sort_by_key(|&(rank, _)| rank);
            assert_eq!(ours, theirs, "{len} items, ranks below {ranks}");
        }
    }
}

#[test]
fn sorting_moves_items_that_own_their_data_without_losing_or_copying_any() {
    let words = ["pear", "fig", "apple", "kiwi", "date", "plum", "lime"];
    let mut items: Vec<String> = words.iter().map(|word| word.to_string()).collect();
    sort_by_rank(&mut items, |word| word.len() as u32);
    assert_eq!(
        items,
        ["fig", "pear", "kiwi", "date", "plum", "lime", "apple"]
    );
}

#[test]
fn float_ranks_order_as_total_cmp_does() {
    let values = [
        f32::NEG_INFINITY,
        -2.5,
        -1.0,
        -0.0,
        0.0,
        1e-30,
        0.45,
        1.0,
        f32::INFINITY,
    ];
    for pair in values.windows(2) {
        assert!(
            f32_rank(pair[0]) < f32_rank(pair[1]),
            "{} before {}",
            pair[0],
            pair[1]
        );
        assert_eq!(
            f32_rank(pair[0]).cmp(&f32_rank(pair[1])),
            pair[0].total_cmp(&pair[1])
        );
    }
    assert!(f32_rank(f32::NAN) > f32_rank(f32::INFINITY));
    assert!(f32_rank(-f32::NAN) < f32_rank(f32::NEG_INFINITY));
}
