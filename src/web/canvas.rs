//! Drawing the sliding puzzle on a canvas.
//!
//! A frame is a pure function of the boards before and after the move being
//! shown, its progress, and what the interface highlights; nothing here keeps
//! state between frames.

use web_sys::CanvasRenderingContext2d;

use crate::app::anim::tile_places;
use crate::app::layout::{Layout, Rect};
use crate::sliding::Board;

/// Colours, read from the page's CSS custom properties so the canvas follows
/// the page's theme (light or dark).
#[derive(Clone, Debug)]
pub struct Palette {
    /// The board behind the tiles.
    pub board: String,
    /// A tile's face.
    pub tile: String,
    /// A tile's lower edge, for depth.
    pub tile_edge: String,
    /// A tile's number.
    pub ink: String,
    /// The face of a tile in its goal cell.
    pub home: String,
    /// The number on a tile in its goal cell.
    pub home_ink: String,
    /// The hint's highlight.
    pub accent: String,
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
        }
    }
}

/// What to draw besides the tiles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overlay {
    /// The tile the hint points at.
    pub hint: Option<u8>,
    /// Progress (0 to 1) of the celebration of a solve.
    pub celebration: Option<f64>,
}

/// Draws one frame: the move from `from` to `to` at progress `t`, in a canvas
/// whose backing store has `scale` device pixels per CSS pixel.
pub fn draw_board(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    scale: f64,
    palette: &Palette,
    (from, to, t): (&Board, &Board, f64),
    overlay: Overlay,
) {
    let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
    ctx.clear_rect(0.0, 0.0, layout.width, layout.height);
    let cell = layout.cell_width().min(layout.cell_height());
    // The page rounds the canvas's corners; the board fills it.
    ctx.set_fill_style_str(&palette.board);
    ctx.fill_rect(0.0, 0.0, layout.width, layout.height);

    let gap = (cell * 0.045).max(1.5);
    let radius = cell * 0.12;
    let font_size = (cell * if to.cells() > 99 { 0.36 } else { 0.42 }).round();
    ctx.set_font(&format!(
        "600 {font_size}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
    ));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");

    let places = tile_places(from, to, t);
    let count = places.len().max(1) as f64;
    for place in &places {
        let rect = layout.to_px(place.row, place.col).inset(gap);
        let cell_index = to.cell_of(place.tile).expect("every tile is on the board");
        let at_home = !place.moving && to.goal_cell(place.tile) == cell_index;
        let (face, ink) = if at_home {
            (&palette.home, &palette.home_ink)
        } else {
            (&palette.tile, &palette.ink)
        };
        if overlay.hint == Some(place.tile) {
            // A glowing ring around the tile, drawn first so the face stays
            // clean on top of it.
            ctx.save();
            ctx.set_stroke_style_str(&palette.accent);
            ctx.set_line_width((cell * 0.06).max(3.0));
            ctx.set_shadow_color(&palette.accent);
            ctx.set_shadow_blur(cell * 0.18);
            rounded_rect(ctx, rect.inset(-gap * 0.4), radius * 1.15);
            ctx.stroke();
            ctx.restore();
        }
        // Depth: the tile's lower edge shows below its face.
        let lift = (cell * 0.04).max(1.0);
        ctx.set_fill_style_str(&palette.tile_edge);
        rounded_rect(ctx, rect, radius);
        ctx.fill();
        let face_rect = Rect {
            h: (rect.h - lift).max(0.0),
            ..rect
        };
        ctx.set_fill_style_str(face);
        rounded_rect(ctx, face_rect, radius);
        ctx.fill();

        if let Some(progress) = overlay.celebration {
            // A wave of light sweeps across the tiles in order.
            let phase = progress * 2.0 - f64::from(place.tile) / count;
            let glow = if (0.0..1.0).contains(&phase) {
                (phase * std::f64::consts::PI).sin()
            } else {
                0.0
            };
            if glow > 0.0 {
                ctx.set_global_alpha(0.55 * glow);
                ctx.set_fill_style_str(&palette.accent);
                rounded_rect(ctx, face_rect, radius);
                ctx.fill();
                ctx.set_global_alpha(1.0);
            }
        }

        let (x, y) = face_rect.center();
        ctx.set_fill_style_str(ink);
        let _ = ctx.fill_text(&place.tile.to_string(), x, y + font_size * 0.04);
    }

    if let Some(progress) = overlay.celebration {
        draw_banner(ctx, layout, palette, progress);
    }
}

/// "Solved!" on a badge that pops up over the board, then fades.
pub(super) fn draw_banner(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    palette: &Palette,
    progress: f64,
) {
    let fade_in = (progress / 0.12).min(1.0);
    let fade_out = ((1.0 - progress) / 0.3).min(1.0);
    let alpha = fade_in.min(fade_out).clamp(0.0, 1.0);
    // Overshoot a little, then settle: a pop.
    let t = (progress / 0.25).min(1.0);
    let pop = 1.0 + 0.15 * (t * std::f64::consts::PI).sin() * (1.0 - t);
    let side = layout.width.min(layout.height);
    let height = side * 0.2 * pop;
    let width = (side * 0.62 * pop).min(layout.width * 0.92);
    let badge = Rect {
        x: (layout.width - width) / 2.0,
        y: (layout.height - height) / 2.0,
        w: width,
        h: height,
    };
    ctx.save();
    ctx.set_global_alpha(alpha * 0.35);
    ctx.set_fill_style_str(&palette.board);
    ctx.fill_rect(0.0, 0.0, layout.width, layout.height);
    ctx.set_global_alpha(alpha);
    ctx.set_shadow_color("rgba(0, 0, 0, 0.35)");
    ctx.set_shadow_blur(side * 0.04);
    ctx.set_fill_style_str(&palette.accent);
    rounded_rect(ctx, badge, height / 2.0);
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
    let _ = ctx.fill_text("Solved!", x, y + height * 0.03);
    ctx.restore();
}

/// Traces a rectangle with rounded corners as the current path.
pub(super) fn rounded_rect(ctx: &CanvasRenderingContext2d, rect: Rect, radius: f64) {
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
