//! What every game's drawing shares: the canvas with its grid and colours,
//! rounded rectangles, and the "Solved!" banner.
//!
//! A frame is a pure function of what the game says (positions before and
//! after the move being shown, its progress, what the interface
//! highlights); nothing here keeps state between frames.

use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use super::dom::{document, window};
use crate::app::grid::{BoardLayout, ScreenRect};

/// Colours, read from the page's CSS custom properties so the canvas follows
/// the page's theme (light or dark).
#[derive(Clone, Debug)]
pub struct Palette {
    /// The board behind the pieces.
    pub board: String,
    /// A tile's or peg's face.
    pub tile: String,
    /// A tile's lower edge, for depth.
    pub tile_edge: String,
    /// A tile's number.
    pub ink: String,
    /// The face of a tile in its goal cell; the goal hole's ring.
    pub home: String,
    /// The number on a tile in its goal cell.
    pub home_ink: String,
    /// Hints and selections.
    pub accent: String,
    /// An empty peg hole.
    pub hole: String,
    /// The search picture's closed set (`#rrggbbaa`: drawn see-through).
    pub closed: String,
    /// The search picture's open set (`#rrggbbaa`).
    pub open: String,
    /// The search picture's jump points (a diamond's fill, edged in ink).
    pub jump: String,
    /// The solver's route and the start's marker.
    pub route: String,
    /// The goal's marker.
    pub goal: String,
}

impl Default for Palette {
    fn default() -> Self {
        Palette {
            board: "#2d3142".into(),
            tile: "#f6ecd9".into(),
            tile_edge: "#cdb992".into(),
            ink: "#3b2f20".into(),
            home: "#d8efe2".into(),
            home_ink: "#24533d".into(),
            accent: "#f2a900".into(),
            hole: "#8a8fa3".into(),
            closed: "#214ea8e6".into(),
            open: "#b01e1ef6".into(),
            jump: "#ffffff".into(),
            route: "#3d1c5c".into(),
            goal: "#3d1c5c".into(),
        }
    }
}

impl Palette {
    /// The colours the page's stylesheet gives `canvas`, falling back to the
    /// defaults for any it does not set.
    pub fn read(canvas: &HtmlCanvasElement) -> Palette {
        let mut palette = Palette::default();
        let Ok(Some(style)) = window().get_computed_style(canvas) else {
            return palette;
        };
        let read = |name: &str, slot: &mut String| {
            if let Ok(value) = style.get_property_value(name) {
                let value = value.trim();
                if !value.is_empty() {
                    *slot = value.to_string();
                }
            }
        };
        read("--board", &mut palette.board);
        read("--tile", &mut palette.tile);
        read("--tile-edge", &mut palette.tile_edge);
        read("--ink", &mut palette.ink);
        read("--home", &mut palette.home);
        read("--home-ink", &mut palette.home_ink);
        read("--accent", &mut palette.accent);
        read("--hole", &mut palette.hole);
        read("--closed", &mut palette.closed);
        read("--open", &mut palette.open);
        read("--jump", &mut palette.jump);
        read("--route", &mut palette.route);
        read("--goal", &mut palette.goal);
        palette
    }
}

/// A canvas of `width` x `height` pixels that is not in the page, with its
/// 2D context: for composing images (a map's pixels) or reading them (an
/// image the player opened).
pub fn scratch_canvas(
    width: usize,
    height: usize,
) -> Option<(HtmlCanvasElement, CanvasRenderingContext2d)> {
    let canvas = document()
        .create_element("canvas")
        .ok()?
        .dyn_into::<HtmlCanvasElement>()
        .ok()?;
    canvas.set_width(width as u32);
    canvas.set_height(height as u32);
    let ctx = canvas
        .get_context("2d")
        .ok()??
        .dyn_into::<CanvasRenderingContext2d>()
        .ok()?;
    Some((canvas, ctx))
}

/// Puts RGBA `bytes` of a `width`-pixel-wide image at the top-left of
/// `ctx`'s canvas.
pub fn put_rgba(ctx: &CanvasRenderingContext2d, bytes: &[u8], width: usize) -> Option<()> {
    let height = bytes.len() / 4 / width.max(1);
    let data =
        ImageData::new_with_u8_clamped_array_and_sh(Clamped(bytes), width as u32, height as u32)
            .ok()?;
    ctx.put_image_data(&data, 0.0, 0.0).ok()
}

/// Where a frame is drawn: the context, the grid the board is laid out on,
/// the device pixels per CSS pixel, and the colours.
pub struct Canvas<'a> {
    /// The canvas's 2D context; [`Canvas::clear`] resets its transform so that
    /// one unit is one CSS pixel.
    pub ctx: &'a CanvasRenderingContext2d,
    /// The board's grid, in CSS pixels.
    pub grid: &'a BoardLayout,
    /// Device pixels per CSS pixel.
    pub scale: f64,
    /// The page theme's colours (see [`Palette`]).
    pub palette: &'a Palette,
}

impl Canvas<'_> {
    /// Clears the canvas for a new frame, in CSS pixels.
    pub fn clear(&self) {
        let _ = self
            .ctx
            .set_transform(self.scale, 0.0, 0.0, self.scale, 0.0, 0.0);
        self.ctx
            .clear_rect(0.0, 0.0, self.grid.width, self.grid.height);
    }

    /// The side of the largest square that fits in a cell, in CSS pixels:
    /// the smaller of the cell's width and height.
    pub fn cell(&self) -> f64 {
        self.grid.cell_width().min(self.grid.cell_height())
    }

    /// Traces a rectangle with rounded corners as the current path.
    pub fn rounded_rect(&self, rect: ScreenRect, radius: f64) {
        let ctx = self.ctx;
        let r = radius.min(rect.w / 2.0).min(rect.h / 2.0).max(0.0);
        let (x, y, w, h) = (rect.x, rect.y, rect.w, rect.h);
        ctx.begin_path();
        ctx.move_to(x + r, y);
        let _ = ctx.arc_to(x + w, y, x + w, y + h, r);
        let _ = ctx.arc_to(x + w, y + h, x, y + h, r);
        let _ = ctx.arc_to(x, y + h, x, y, r);
        let _ = ctx.arc_to(x, y, x + w, y, r);
        ctx.close_path();
    }

    /// Traces a circle as the current path.
    pub fn circle(&self, x: f64, y: f64, radius: f64) {
        self.ctx.begin_path();
        let _ = self
            .ctx
            .arc(x, y, radius.max(0.5), 0.0, std::f64::consts::TAU);
    }

    /// "Solved!" on a badge that pops up over the board, then fades;
    /// `progress` runs from 0 to 1 over the celebration.
    pub fn banner(&self, progress: f64) {
        self.banner_text(progress, "Solved!");
    }

    /// The same banner with other words (route finding's "Goal!").
    pub fn banner_text(&self, progress: f64, text: &str) {
        let (ctx, grid, palette) = (self.ctx, self.grid, self.palette);
        let fade_in = (progress / 0.12).min(1.0);
        let fade_out = ((1.0 - progress) / 0.3).min(1.0);
        let alpha = fade_in.min(fade_out).clamp(0.0, 1.0);
        // Overshoot a little, then settle: a pop.
        let t = (progress / 0.25).min(1.0);
        let pop = 1.0 + 0.15 * (t * std::f64::consts::PI).sin() * (1.0 - t);
        let side = grid.width.min(grid.height);
        let height = side * 0.2 * pop;
        let width = (side * 0.62 * pop).min(grid.width * 0.92);
        let badge = ScreenRect {
            x: (grid.width - width) / 2.0,
            y: (grid.height - height) / 2.0,
            w: width,
            h: height,
        };
        ctx.save();
        ctx.set_global_alpha(alpha * 0.35);
        ctx.set_fill_style_str(&palette.board);
        ctx.fill_rect(0.0, 0.0, grid.width, grid.height);
        ctx.set_global_alpha(alpha);
        ctx.set_shadow_color("rgba(0, 0, 0, 0.35)");
        ctx.set_shadow_blur(side * 0.04);
        ctx.set_fill_style_str(&palette.accent);
        self.rounded_rect(badge, height / 2.0);
        ctx.fill();
        ctx.set_shadow_blur(0.0);
        ctx.set_fill_style_str(&palette.board);
        ctx.set_font(&format!(
            "800 {}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
            (height * 0.52).round()
        ));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        let (x, y) = badge.center();
        let _ = ctx.fill_text(text, x, y + height * 0.03);
        ctx.restore();
    }
}
