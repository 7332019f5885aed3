//! Where a board's cells are on screen: the one pair of conversions between
//! pixels and cells, for every game.
//!
//! The board fills its box exactly: cell (row, col) covers the fraction
//! [col/W, (col+1)/W] x [row/H, (row+1)/H] of it. Tiles are drawn inside their
//! cells with a margin, but the cells themselves tile the box.

/// A rectangle in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScreenRect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl ScreenRect {
    /// The rectangle shrunk by `margin` on every side.
    pub fn inset(self, margin: f64) -> ScreenRect {
        ScreenRect {
            x: self.x + margin,
            y: self.y + margin,
            w: (self.w - 2.0 * margin).max(0.0),
            h: (self.h - 2.0 * margin).max(0.0),
        }
    }

    /// The centre point.
    pub fn center(self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// A grid of `cols` x `rows` cells drawn in a box of `width` x `height` CSS
/// pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// Box width in CSS pixels.
    pub width: f64,
    /// Box height in CSS pixels.
    pub height: f64,
    /// Columns of the grid.
    pub cols: usize,
    /// Rows of the grid.
    pub rows: usize,
}

impl BoardLayout {
    /// The width of one cell in CSS pixels: the box's width over the columns
    /// (cells are square only when the box's shape matches the grid's).
    pub fn cell_width(&self) -> f64 {
        self.width / self.cols as f64
    }

    /// The height of one cell in CSS pixels: the box's height over the rows.
    pub fn cell_height(&self) -> f64 {
        self.height / self.rows as f64
    }

    /// The box of the cell at (`row`, `col`); fractional positions give the
    /// boxes of tiles caught mid-slide.
    pub fn to_px(&self, row: f64, col: f64) -> ScreenRect {
        ScreenRect {
            x: col * self.cell_width(),
            y: row * self.cell_height(),
            w: self.cell_width(),
            h: self.cell_height(),
        }
    }

    /// The (row, col) of the cell under a point, if the point is on the grid.
    pub fn from_px(&self, x: f64, y: f64) -> Option<(usize, usize)> {
        if !(0.0..self.width).contains(&x) || !(0.0..self.height).contains(&y) {
            return None;
        }
        let col = ((x / self.cell_width()) as usize).min(self.cols - 1);
        let row = ((y / self.cell_height()) as usize).min(self.rows - 1);
        Some((row, col))
    }

    /// The largest box with the grid's aspect ratio (square cells) that fits
    /// in `available_width` x `available_height`.
    pub fn fit(
        cols: usize,
        rows: usize,
        available_width: f64,
        available_height: f64,
    ) -> BoardLayout {
        let cell = (available_width / cols as f64)
            .min(available_height / rows as f64)
            .max(1.0)
            .floor();
        BoardLayout {
            width: cell * cols as f64,
            height: cell * rows as f64,
            cols,
            rows,
        }
    }
}
