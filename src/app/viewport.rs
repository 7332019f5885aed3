//! Zooming and panning a board drawn in a box: how far it is zoomed, which
//! part of it shows, and the conversions between the screen (CSS pixels on
//! the box) and the board (CSS pixels on the board drawn unzoomed, as laid
//! out by [`BoardLayout`]).
//!
//! Invariants: the zoom stays within [1, [`MAX_ZOOM`]] (1 shows the whole
//! board, as fitted); the pan keeps the box covered by the board, so no
//! empty band opens beside a zoomed board. A point of the board `b` shows
//! at `b * zoom - pan`.

use super::grid::BoardLayout;

/// The closest zoom offered: eight times the fitted size.
pub const MAX_ZOOM: f64 = 8.0;
/// How far, in CSS pixels, a pointer must travel before a gesture is a drag
/// (a pan, a swipe) rather than a tap.
pub const DRAG_MIN_PX: f64 = 12.0;
/// The radius, in CSS pixels on the screen whatever the zoom, within which
/// a tap picks the nearest target: a 32-pixel tap target.
pub const HIT_RADIUS_PX: f64 = 16.0;
/// What one button press (Zoom in, Zoom out) multiplies the zoom by.
pub const ZOOM_STEP: f64 = 2.0;
/// How much a wheel turn zooms, per pixel of `deltaY`: a mouse notch (100
/// pixels) zooms by about 1.35.
const WHEEL_PER_PX: f64 = 0.003;

/// The view of a board in its box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    width: f64,
    height: f64,
    zoom: f64,
    pan: (f64, f64),
}

impl Default for Viewport {
    fn default() -> Self {
        Viewport::new(1.0, 1.0)
    }
}

impl Viewport {
    /// The whole board of `width` x `height` CSS pixels, unzoomed.
    pub fn new(width: f64, height: f64) -> Viewport {
        Viewport {
            width: width.max(1.0),
            height: height.max(1.0),
            zoom: 1.0,
            pan: (0.0, 0.0),
        }
    }

    /// The board (and its box) is now `width` x `height`: the zoom is kept
    /// and the same point stays at the centre of the box.
    pub fn resize(&mut self, width: f64, height: f64) {
        let (width, height) = (width.max(1.0), height.max(1.0));
        if (width, height) == (self.width, self.height) {
            return;
        }
        let centre = self.to_board((self.width / 2.0, self.height / 2.0));
        let (fx, fy) = (centre.0 / self.width, centre.1 / self.height);
        self.width = width;
        self.height = height;
        self.pan = (
            fx * width * self.zoom - width / 2.0,
            fy * height * self.zoom - height / 2.0,
        );
        self.clamp();
    }

    /// How many times the fitted size the board is drawn (1: fitted).
    pub fn zoom(&self) -> f64 {
        self.zoom
    }

    /// Whether the board is drawn larger than its box.
    pub fn is_zoomed(&self) -> bool {
        self.zoom > 1.0
    }

    /// How far the zoomed board is shifted left and up, in screen pixels.
    pub fn pan(&self) -> (f64, f64) {
        self.pan
    }

    /// Where a board point shows on the screen.
    pub fn to_screen(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (x * self.zoom - self.pan.0, y * self.zoom - self.pan.1)
    }

    /// The board point under a screen point.
    pub fn to_board(&self, (x, y): (f64, f64)) -> (f64, f64) {
        ((x + self.pan.0) / self.zoom, (y + self.pan.1) / self.zoom)
    }

    /// A screen point on the zoomed board, whose origin is the board's
    /// corner: what a game laid out on [`Viewport::zoomed`] reads.
    pub fn to_zoomed(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (x + self.pan.0, y + self.pan.1)
    }

    /// `grid` as drawn at this zoom: the same cells, `zoom` times larger.
    /// Distances on it are screen pixels, so a reach given in screen pixels
    /// holds whatever the zoom.
    pub fn zoomed(&self, grid: &BoardLayout) -> BoardLayout {
        BoardLayout {
            width: grid.width * self.zoom,
            height: grid.height * self.zoom,
            ..*grid
        }
    }

    /// A distance of `screen_px` on the screen, in board pixels: a hit
    /// radius kept the same on screen at every zoom.
    pub fn board_radius(&self, screen_px: f64) -> f64 {
        screen_px / self.zoom
    }

    /// Zooms by `factor` (clamped to the zooms offered) keeping the board
    /// point under the screen point `at` where it is, as far as the pan's
    /// limits allow.
    pub fn zoom_about(&mut self, factor: f64, at: (f64, f64)) {
        self.pinch_to(factor, at, at);
    }

    /// Zooms by `factor` about the centre of the box.
    pub fn zoom_by(&mut self, factor: f64) {
        self.zoom_about(factor, (self.width / 2.0, self.height / 2.0));
    }

    /// Shows the whole board again.
    pub fn fit(&mut self) {
        self.zoom = 1.0;
        self.pan = (0.0, 0.0);
    }

    /// Zooms for a wheel turn of `delta` pixels (`deltaY`: positive zooms
    /// out) over the screen point `at`.
    pub fn wheel(&mut self, delta: f64, at: (f64, f64)) {
        if delta.is_finite() {
            self.zoom_about((-delta * WHEEL_PER_PX).exp(), at);
        }
    }

    /// Moves the board by (`dx`, `dy`) screen pixels, as a finger dragging
    /// it would, within the pan's limits.
    pub fn pan_by(&mut self, dx: f64, dy: f64) {
        self.pan.0 -= dx;
        self.pan.1 -= dy;
        self.clamp();
    }

    /// Two fingers moved from `from` to `to`: the zoom follows the change of
    /// distance between them, and the board point under their midpoint
    /// follows the midpoint.
    pub fn pinch(&mut self, from: [(f64, f64); 2], to: [(f64, f64); 2]) {
        let span = |p: [(f64, f64); 2]| (p[1].0 - p[0].0).hypot(p[1].1 - p[0].1);
        let mid = |p: [(f64, f64); 2]| ((p[0].0 + p[1].0) / 2.0, (p[0].1 + p[1].1) / 2.0);
        let (before, after) = (span(from), span(to));
        // Fingers on one spot give no scale to read: only the pan follows.
        let factor = if before >= 1.0 && after >= 1.0 {
            after / before
        } else {
            1.0
        };
        self.pinch_to(factor, mid(from), mid(to));
    }

    /// Zooms by `factor`, then moves the board point that was under `from`
    /// to `to`.
    fn pinch_to(&mut self, factor: f64, from: (f64, f64), to: (f64, f64)) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let anchor = self.to_board(from);
        self.zoom = (self.zoom * factor).clamp(1.0, MAX_ZOOM);
        self.pan = (anchor.0 * self.zoom - to.0, anchor.1 * self.zoom - to.1);
        self.clamp();
    }

    /// Pans as little as needed for the board point `point` to show at
    /// least `margin` screen pixels inside the box (or at its centre, on a
    /// box too small for the margin).
    pub fn keep_in_view(&mut self, point: (f64, f64), margin: f64) {
        let (x, y) = self.to_screen(point);
        let shift = |at: f64, size: f64| {
            let margin = margin.min(size / 2.0);
            if at < margin {
                at - margin
            } else if at > size - margin {
                at - (size - margin)
            } else {
                0.0
            }
        };
        self.pan.0 += shift(x, self.width);
        self.pan.1 += shift(y, self.height);
        self.clamp();
    }

    /// Keeps the pan within the zoomed board.
    fn clamp(&mut self) {
        let most = (
            self.width * (self.zoom - 1.0),
            self.height * (self.zoom - 1.0),
        );
        self.pan = (self.pan.0.clamp(0.0, most.0), self.pan.1.clamp(0.0, most.1));
    }
}
