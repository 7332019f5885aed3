//! Maps as grids of pixels, walkable or not: their size limits, the steps a
//! walk may take from a pixel, and a walk's length. Searches across them
//! are in `grid_search`, lines of sight in `sight`.

use std::sync::OnceLock;

use crate::search::Progress;
use crate::wording::count;

/// The most pixels a map may have: 2 megapixels, what a search on the
/// page's own thread or in a worker answers in a few seconds at most.
/// (Path costs are added in 64 bits, so no size could overflow them.)
pub const MAX_PIXELS: usize = 2_000_000;

/// The most pixels a map may have along a side: a page draws a map on
/// canvases as large as the map, and browsers refuse or fail on canvases
/// far wider than this (a 300,000 x 1 map froze the page). Within it, an
/// estimate across the map (at most 2 * 4,096 steps of 985) fits 32 bits.
pub const MAX_SIDE: usize = 4_096;

/// A pixel: its column and row (x to the right, y down).
pub type Pixel = (usize, usize);

/// A grid of walkable and blocked pixels.
#[derive(Clone, Debug, Eq)]
pub struct Grid {
    pub(super) width: usize,
    pub(super) height: usize,
    /// One byte a pixel, row by row: 1 walkable, 0 a wall (never another
    /// value). Bytes, not `bool`s, so that a map as it travels to a worker
    /// is taken as it comes and compared eight pixels at a time: a worker
    /// reads and recognises each map it is sent, and byte by byte that
    /// cost half a millisecond of WebAssembly at 512 x 512.
    walkable: Vec<u8>,
    /// [`Grid::fingerprint`], worked out the first time it is asked for
    /// (a grid never changes once built).
    fingerprint: OnceLock<u64>,
}

impl PartialEq for Grid {
    /// The same size and the same pixels.
    fn eq(&self, other: &Grid) -> bool {
        self.width == other.width
            && self.height == other.height
            && same_bytes(&self.walkable, &other.walkable)
    }
}

/// Whether `a` and `b` hold the same bytes, compared in words of eight
/// (WebAssembly's `memcmp` goes a byte at a time).
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let word = |chunk: &[u8]| u64::from_ne_bytes(chunk.try_into().expect("chunks of 8"));
    let (a_words, b_words) = (a.chunks_exact(8), b.chunks_exact(8));
    a.len() == b.len()
        && a_words.remainder() == b_words.remainder()
        && a_words.zip(b_words).all(|(x, y)| word(x) == word(y))
}

/// A walk across a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct GridRoute {
    /// The pixels walked through, the start first and the goal last; for
    /// [`super::Moves::AnyAngle`], only the start, the pixels where the route
    /// turns and the goal, joined by straight lines.
    pub pixels: Vec<Pixel>,
    /// Its length in pixels: 1 a straight step, √2 a diagonal one.
    pub distance: f64,
    /// How many pixels the search expanded.
    pub expanded: u64,
}

impl Grid {
    /// A grid of `width` x `height` pixels, `walkable` row by row.
    ///
    /// # Errors
    /// If the sizes disagree, a side is 0 or longer than [`MAX_SIDE`], or
    /// the map has more than [`MAX_PIXELS`] pixels.
    pub fn new(width: usize, height: usize, walkable: Vec<bool>) -> Result<Grid, String> {
        Grid::from_bytes(width, height, walkable.into_iter().map(u8::from).collect())
    }

    /// A grid of `width` x `height` pixels from one byte a pixel, row by
    /// row: 0 a wall, any other value walkable (as
    /// [`Grid::walkable_bytes`] writes them, and a worker's message
    /// carries them). The bytes become the grid's own, rewritten only if
    /// some are neither 0 nor 1.
    ///
    /// # Errors
    /// As [`Grid::new`].
    pub fn from_bytes(width: usize, height: usize, mut walkable: Vec<u8>) -> Result<Grid, String> {
        check_size(width, height)?;
        if walkable.len() != width * height {
            return Err(format!(
                "a {width} x {height} map has {}, not {}",
                count((width * height) as u64, "pixel", "pixels"),
                walkable.len()
            ));
        }
        // Eight pixels a word: a byte above 1 sets a bit outside the
        // lowest of its byte.
        const HIGH_BITS: u64 = !0x0101_0101_0101_0101;
        let words = walkable.chunks_exact(8);
        let all_bits = words.remainder().iter().all(|&byte| byte <= 1)
            && words
                .map(|chunk| u64::from_ne_bytes(chunk.try_into().expect("chunks of 8")))
                .all(|word| word & HIGH_BITS == 0);
        if !all_bits {
            for byte in &mut walkable {
                *byte = u8::from(*byte != 0);
            }
        }
        Ok(Grid {
            width,
            height,
            walkable,
            fingerprint: OnceLock::new(),
        })
    }

    /// A grid from a gray image (one byte a pixel, row by row): pixels at
    /// least `threshold` light are walkable, darker ones walls.
    ///
    /// # Errors
    /// As [`Grid::new`].
    pub fn from_gray(
        width: usize,
        height: usize,
        gray: &[u8],
        threshold: u8,
    ) -> Result<Grid, String> {
        Grid::new(
            width,
            height,
            gray.iter().map(|&value| value >= threshold).collect(),
        )
    }

    /// A grid from an RGBA image (four bytes a pixel, row by row): pixels
    /// whose lightness (Rec. 601 luma) is at least `threshold` are walkable;
    /// transparent ones count as walls.
    ///
    /// # Errors
    /// As [`Grid::new`], and if the bytes are not four a pixel.
    pub fn from_rgba(
        width: usize,
        height: usize,
        rgba: &[u8],
        threshold: u8,
    ) -> Result<Grid, String> {
        check_size(width, height)?;
        if rgba.len() != width.saturating_mul(height).saturating_mul(4) {
            return Err(format!(
                "a {width} x {height} RGBA image has {}, not {}",
                count(
                    width.saturating_mul(height).saturating_mul(4) as u64,
                    "byte",
                    "bytes"
                ),
                rgba.len()
            ));
        }
        let walkable = rgba
            .chunks_exact(4)
            .map(|p| {
                let luma =
                    (299 * u32::from(p[0]) + 587 * u32::from(p[1]) + 114 * u32::from(p[2])) / 1000;
                p[3] >= 128 && luma >= u32::from(threshold)
            })
            .collect();
        Grid::new(width, height, walkable)
    }

    /// The width in pixels: 1 to [`MAX_SIDE`], with at most [`MAX_PIXELS`]
    /// in all (checked when the grid is built).
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height in pixels, within the same limits as the width.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `pixel` is on the map and walkable.
    pub fn is_walkable(&self, (x, y): Pixel) -> bool {
        x < self.width && y < self.height && self.walkable[y * self.width + x] != 0
    }

    /// Whether the pixel of index `at` (`y * width + x`, on the map) is
    /// walkable.
    ///
    /// # Panics
    /// If `at` is off the map.
    #[inline]
    pub(super) fn open_at(&self, at: usize) -> bool {
        self.walkable[at] != 0
    }

    /// The pixels of row `y` (on the map), a byte each: 1 walkable, 0 a
    /// wall.
    pub(super) fn row(&self, y: usize) -> &[u8] {
        &self.walkable[y * self.width..(y + 1) * self.width]
    }

    /// How many pixels are walkable.
    pub fn walkable_count(&self) -> usize {
        self.walkable.iter().map(|&byte| usize::from(byte)).sum()
    }

    /// One byte a pixel, row by row: 1 walkable, 0 a wall (how the map
    /// travels to a solver worker).
    pub fn walkable_bytes(&self) -> Vec<u8> {
        self.walkable.clone()
    }

    /// A 64-bit digest of the map's size and pixels: equal grids have equal
    /// fingerprints, and two different maps the same one about once in
    /// 2^64 pairs (it is not made to resist maps built to collide). What a
    /// solver worker keeps a map it was sent under, so that later requests
    /// name it instead of carrying it again. Worked out once per grid, in
    /// one pass of eight pixels a step.
    pub fn fingerprint(&self) -> u64 {
        *self.fingerprint.get_or_init(|| {
            // Each word is folded in by a multiply and a rotation (so the
            // order of the words counts), and the sum is finished by
            // SplitMix64's mixer so that every bit depends on every input.
            const K: u64 = 0x9e37_79b9_7f4a_7c15;
            let fold = |hash: u64, word: u64| (hash ^ word).wrapping_mul(K).rotate_left(29);
            let words = self.walkable.chunks_exact(8);
            let mut tail = [0u8; 8];
            tail[..words.remainder().len()].copy_from_slice(words.remainder());
            let start = fold(fold(K, self.width as u64), self.height as u64);
            let hash = words
                .map(|chunk| u64::from_le_bytes(chunk.try_into().expect("chunks of 8")))
                .fold(start, fold);
            let mut z = fold(hash, u64::from_le_bytes(tail));
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
    }

    /// Checks that `pixel`, named `what` ("the start"), can be stood on.
    pub(super) fn check(&self, pixel: Pixel, what: &str) -> Result<(), String> {
        let (x, y) = pixel;
        if x >= self.width || y >= self.height {
            Err(format!(
                "{what} ({x}, {y}) is off the map, which is {} x {} pixels",
                self.width, self.height
            ))
        } else if !self.is_walkable(pixel) {
            Err(format!("{what} ({x}, {y}) is on a wall"))
        } else {
            Ok(())
        }
    }

    /// Calls `visit` with each pixel one step from `pixel` that a walk may
    /// take, and whether the step is diagonal: up, left, right and down
    /// where walkable, then with `diagonals` the four diagonal ones whose
    /// two pixels beside are walkable too (never between two walls that
    /// touch at a corner, nor across a wall's corner). A callback rather
    /// than an iterator: searches call it for every pixel they expand, and
    /// plain loops compile to faster code here (measured, BENCHMARKS.md).
    #[inline]
    pub fn each_step(&self, (x, y): Pixel, diagonals: bool, mut visit: impl FnMut(Pixel, bool)) {
        let open = |dx: isize, dy: isize| {
            let next = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
            self.is_walkable(next).then_some(next)
        };
        for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
            if let Some(next) = open(dx, dy) {
                visit(next, false);
            }
        }
        if diagonals {
            for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                if open(dx, 0).is_none() || open(0, dy).is_none() {
                    continue;
                }
                if let Some(next) = open(dx, dy) {
                    visit(next, true);
                }
            }
        }
    }

    pub(super) fn index(&self, (x, y): Pixel) -> u32 {
        (y * self.width + x) as u32
    }

    pub(super) fn pixel(&self, index: u32) -> Pixel {
        let index = index as usize;
        (index % self.width, index / self.width)
    }
}

/// Why a search on a grid gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The start or the goal cannot be stood on: the reason.
    Bad(String),
    /// The monitor stopped the search; how far it had got.
    Interrupted(Progress),
}

/// The length of a walk through `pixels` in straight lines between
/// consecutive ones: 0 (not -0, which an empty float sum gives) for a
/// walk that stays put.
pub fn path_length(pixels: &[Pixel]) -> f64 {
    pixels
        .windows(2)
        .map(|step| {
            let dx = step[0].0.abs_diff(step[1].0);
            let dy = step[0].1.abs_diff(step[1].1);
            // Single steps (every step of an 8-connected walk) without
            // the general `hypot`, which was a few percent of a maze
            // query by jump point search; the same values.
            match (dx, dy) {
                (0, 0) => 0.0,
                (1, 0) | (0, 1) => 1.0,
                (1, 1) => std::f64::consts::SQRT_2,
                _ => (dx as f64).hypot(dy as f64),
            }
        })
        .fold(0.0, |sum, step| sum + step)
}

/// Checks a map's size against [`MAX_SIDE`] and [`MAX_PIXELS`], before
/// anything of that size is made.
///
/// # Errors
/// Saying which limit the size breaks.
pub fn check_size(width: usize, height: usize) -> Result<(), String> {
    if width == 0 || height == 0 {
        return Err("a map needs at least one pixel".into());
    }
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!(
            "a map of {width} x {height} pixels is too large: at most {MAX_SIDE} pixels a side"
        ));
    }
    if width * height > MAX_PIXELS {
        return Err(format!(
            "a map of {width} x {height} pixels is too large: at most {MAX_PIXELS} pixels"
        ));
    }
    Ok(())
}
