//! One stable sort for the crate's short lists, by a 32-bit rank.
//!
//! The standard library's sorts are generic: every element type and every
//! key closure gets its own copy of the sort's code (a stable sort's
//! quicksort, drift sort and small sorts come to 8-12 KB of WebAssembly for
//! each call site). The page's module is downloaded before the page can
//! start, and on a phone's network every 20 KB of it is 0.1 s (BENCHMARKS.md,
//! issue 22, h35), so the short lists that are sorted once in a while
//! (pieces to draw, a board's cells in reading order, a split's branches)
//! are sorted here instead: their ranks and places go into one `u64` each
//! and one `[u64]` sort orders them all, whatever the element type; the
//! elements are then moved into that order by swaps.

/// Sorts `items` by `rank`, smallest first; items of equal rank keep their
/// order (a stable sort), as `items.sort_by_key(rank)` would leave them.
///
/// `rank` is called once per item. Panics if there are more than
/// `u32::MAX` items (a list this module is not meant for).
pub fn sort_by_rank<T>(items: &mut [T], rank: impl Fn(&T) -> u32) {
    let count = u32::try_from(items.len()).expect("a list of at most u32::MAX items");
    // Rank above, place below: distinct keys whose order is the rank's, ties
    // by place (so the sort need not be stable itself).
    let mut keys: Vec<u64> = items
        .iter()
        .zip(0..count)
        .map(|(item, place)| (u64::from(rank(item)) << 32) | u64::from(place))
        .collect();
    keys.sort_unstable();
    // `from[k]` is the place of the item that goes to place k; each cycle of
    // that permutation is walked once, marking its places as done.
    let mut from: Vec<u32> = keys.into_iter().map(|key| key as u32).collect();
    for start in 0..from.len() {
        let mut at = start;
        loop {
            let source = from[at] as usize;
            from[at] = at as u32;
            if source == start || source == at {
                break;
            }
            // Invariant: `items[at]` holds the item first at `start`, and
            // `items[source]` is still the item first there.
            items.swap(at, source);
            at = source;
        }
    }
}

/// A rank for `f32` in the order of [`f32::total_cmp`] (−NaN, −∞, …, −0,
/// +0, …, +∞, +NaN): its bits, the sign's meaning turned around.
pub fn f32_rank(value: f32) -> u32 {
    let bits = value.to_bits();
    if bits & 0x8000_0000 != 0 {
        !bits
    } else {
        bits | 0x8000_0000
    }
}
