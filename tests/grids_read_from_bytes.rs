//! A map travels to a solver worker as one byte a pixel
//! ([`Grid::walkable_bytes`]) and is read back by [`Grid::from_bytes`],
//! taking the bytes as they come; the worker then recognises it, pixel by
//! pixel, as the map it searched last ([`Grid`]'s equality, eight pixels at
//! a time). Both must agree with the plain reading, whatever the map's
//! size (not always a multiple of eight pixels) and whatever non-zero byte
//! marks a walkable pixel.

use slide::rng::SplitMix64;
use slide::route::Grid;

/// A `width` x `height` map with about a third of its pixels walls.
fn strewn(width: usize, height: usize, seed: u64) -> Vec<bool> {
    let mut rng = SplitMix64::new(seed);
    (0..width * height).map(|_| rng.below(3) != 0).collect()
}

#[test]
fn a_map_sent_as_bytes_is_read_back_as_the_map_it_came_from() {
    for (width, height) in [(1, 1), (3, 5), (8, 8), (13, 7), (64, 3), (97, 41)] {
        let walkable = strewn(width, height, (width * height) as u64);
        let grid = Grid::new(width, height, walkable.clone()).unwrap();
        let bytes = grid.walkable_bytes();
        assert_eq!(bytes.len(), width * height);
        assert!(bytes.iter().all(|&byte| byte <= 1));
        let back = Grid::from_bytes(width, height, bytes).unwrap();
        assert_eq!(back, grid, "{width} x {height}");
        for y in 0..height {
            for x in 0..width {
                assert_eq!(back.is_walkable((x, y)), walkable[y * width + x]);
            }
        }
    }
}

#[test]
fn any_byte_but_zero_marks_a_walkable_pixel() {
    let (width, height) = (11, 9);
    let walkable = strewn(width, height, 7);
    let mut rng = SplitMix64::new(3);
    // Walkable pixels as any of 1 to 255, anywhere in a word of eight or in
    // the bytes after the last whole word.
    let bytes: Vec<u8> = walkable
        .iter()
        .map(|&open| if open { 1 + rng.below(255) as u8 } else { 0 })
        .collect();
    let grid = Grid::from_bytes(width, height, bytes).unwrap();
    assert_eq!(grid, Grid::new(width, height, walkable).unwrap());
    assert!(grid.walkable_bytes().iter().all(|&byte| byte <= 1));
}

#[test]
fn maps_differing_in_one_pixel_anywhere_are_told_apart() {
    for (width, height) in [(1, 1), (5, 3), (8, 2), (19, 6)] {
        let walkable = strewn(width, height, 11);
        let grid = Grid::new(width, height, walkable.clone()).unwrap();
        for at in 0..width * height {
            let mut other = walkable.clone();
            other[at] = !other[at];
            assert_ne!(
                Grid::new(width, height, other).unwrap(),
                grid,
                "{width} x {height}, pixel {at}"
            );
        }
        // The same pixels in another shape are another map.
        if width != height {
            assert_ne!(Grid::new(height, width, walkable).unwrap(), grid);
        }
    }
}

#[test]
fn bytes_of_the_wrong_count_or_size_are_refused_with_a_reason() {
    let error = Grid::from_bytes(4, 4, vec![1; 15]).unwrap_err();
    assert_eq!(error, "a 4 x 4 map has 16 pixels, not 15");
    assert!(Grid::from_bytes(0, 4, Vec::new()).is_err());
    assert!(Grid::from_bytes(5_000, 1, vec![1; 5_000]).is_err());
}
