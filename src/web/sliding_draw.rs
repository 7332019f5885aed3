//! Drawing the sliding puzzle: tiles where `tile_places` says they are
//! mid-slide, the hinted tile ringed, home tiles tinted, and the celebration.

use super::draw::Canvas;
use crate::app::anim::STILL_CELEBRATION;
use crate::app::grid::Rect;
use crate::app::sliding::tile_places;
use crate::sliding::Board;

/// What to draw besides the tiles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overlay {
    /// The tile the hint points at.
    pub hint: Option<u8>,
    /// Progress (0 to 1) of the celebration of a solve.
    pub celebration: Option<f64>,
}

/// Draws one frame: the move from `from` to `to` at progress `t`.
pub fn draw_board(canvas: &Canvas<'_>, (from, to, t): (&Board, &Board, f64), overlay: Overlay) {
    let (ctx, palette) = (canvas.ctx, canvas.palette);
    canvas.clear();
    let cell = canvas.cell();
    // The page rounds the canvas's corners; the board fills it.
    ctx.set_fill_style_str(&palette.board);
    ctx.fill_rect(0.0, 0.0, canvas.grid.width, canvas.grid.height);

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
        let rect = canvas.grid.to_px(place.row, place.col).inset(gap);
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
            canvas.rounded_rect(rect.inset(-gap * 0.4), radius * 1.15);
            ctx.stroke();
            ctx.restore();
        }
        // Depth: the tile's lower edge shows below its face.
        let lift = (cell * 0.04).max(1.0);
        ctx.set_fill_style_str(&palette.tile_edge);
        canvas.rounded_rect(rect, radius);
        ctx.fill();
        let face_rect = Rect {
            h: (rect.h - lift).max(0.0),
            ..rect
        };
        ctx.set_fill_style_str(face);
        canvas.rounded_rect(face_rect, radius);
        ctx.fill();

        // With reduced motion the banner stands still and no wave sweeps.
        if let Some(progress) = overlay.celebration.filter(|&p| p != STILL_CELEBRATION) {
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
                canvas.rounded_rect(face_rect, radius);
                ctx.fill();
                ctx.set_global_alpha(1.0);
            }
        }

        let (x, y) = face_rect.center();
        ctx.set_fill_style_str(ink);
        let _ = ctx.fill_text(&place.tile.to_string(), x, y + font_size * 0.04);
    }

    if let Some(progress) = overlay.celebration {
        canvas.banner(progress);
    }
}
