//! Routes drawn onto a plan by the command line: a thick segment paints
//! exactly the pixels whose centres lie within its radius, the same as
//! testing every pixel of its bounding box (the old way, which took 28 s
//! for 10,000 connections on a 1,414-pixel plan), including segments
//! partly or wholly off the image.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

use image::{Rgba, RgbaImage};
use slide::cli::route::paint_segment;
use slide::rng::SplitMix64;

const INK: Rgba<u8> = Rgba([200, 30, 30, 255]);
const PAPER: Rgba<u8> = Rgba([255, 255, 255, 255]);

/// The reference: every pixel of the image tested against the segment.
fn reference(width: u32, height: u32, a: (f64, f64), b: (f64, f64), radius: f64) -> RgbaImage {
    let mut image = RgbaImage::from_pixel(width, height, PAPER);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length2 = dx * dx + dy * dy;
    for y in 0..height {
        for x in 0..width {
            let (px, py) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
            let t = if length2 == 0.0 {
                0.0
            } else {
                (((px - a.0) * dx + (py - a.1) * dy) / length2).clamp(0.0, 1.0)
            };
            if (px - (a.0 + t * dx)).hypot(py - (a.1 + t * dy)) <= radius {
                image.put_pixel(x, y, INK);
            }
        }
    }
    image
}

fn painted(width: u32, height: u32, a: (f64, f64), b: (f64, f64), radius: f64) -> RgbaImage {
    let mut image = RgbaImage::from_pixel(width, height, PAPER);
    paint_segment(&mut image, a, b, radius, INK);
    image
}

#[test]
fn a_segment_paints_exactly_the_pixels_within_its_radius() {
    let mut rng = SplitMix64::new(19);
    // Coordinates in quarter pixels, some off the image; radii as drawn
    // (1, 1.5, 2.5, dots of 3 to 5) and a few others.
    let coordinate = |rng: &mut SplitMix64, size: u32| {
        (rng.below(u64::from(size) * 6) as f64 - f64::from(size)) / 4.0
    };
    for case in 0..3000 {
        let (width, height) = (1 + rng.below(40) as u32, 1 + rng.below(40) as u32);
        let a = (coordinate(&mut rng, width), coordinate(&mut rng, height));
        let b = match case % 5 {
            0 => a,                                   // a dot
            1 => (coordinate(&mut rng, width), a.1),  // across
            2 => (a.0, coordinate(&mut rng, height)), // down
            _ => (coordinate(&mut rng, width), coordinate(&mut rng, height)),
        };
        let radius = [0.5, 1.0, 1.5, 2.5, 3.0, 4.0, 5.0, 0.7][rng.below(8) as usize];
        assert_eq!(
            painted(width, height, a, b, radius),
            reference(width, height, a, b, radius),
            "case {case}: {width} x {height}, {a:?} to {b:?}, radius {radius}"
        );
    }
}

#[test]
fn a_segment_far_off_the_image_paints_nothing_and_one_across_it_paints_its_part() {
    let far = painted(30, 20, (-1e6, -1e6), (-1e6 + 5.0, 1e6), 2.5);
    assert!(far.pixels().all(|&p| p == PAPER));
    let across = ((-1e6, 10.0), (1e6, 10.5));
    assert_eq!(
        painted(30, 20, across.0, across.1, 1.5),
        reference(30, 20, across.0, across.1, 1.5)
    );
    // Not a number: nothing, rather than a painted box.
    let nan = painted(30, 20, (f64::NAN, 3.0), (10.0, 10.0), 2.0);
    assert!(nan.pixels().all(|&p| p == PAPER));
}
