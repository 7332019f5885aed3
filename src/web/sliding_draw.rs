//! Drawing the sliding puzzle: tiles where `tile_places` says they are
//! mid-slide, the hinted tile ringed, home tiles tinted, and the celebration.
//! With a picture chosen, each tile shows its piece of the picture (and,
//! if asked, its number small in a corner) instead of a number; the
//! blank's piece appears when the puzzle is solved.

use super::draw::Canvas;
use super::pictures::Art;
use crate::app::anim::STILL_CELEBRATION;
use crate::app::grid::ScreenRect;
use crate::app::nudge::NudgeLook;
use crate::app::sliding::picture::{number_badge, Cutting};
use crate::app::sliding::tile_places;
use crate::sliding::{Board, BLANK};

/// What to draw besides the tiles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overlay<'a> {
    /// The tile the hint would slide, drawn with a ring around it; `None`
    /// draws no hint.
    pub hint: Option<u8>,
    /// Progress (0 to 1) of the celebration of a solve.
    pub celebration: Option<f64>,
    /// The picture the tiles show, if not numbers.
    pub picture: Option<Art<'a>>,
    /// A tap that moved nothing: the tile there shakes or flashes.
    pub nudge: Option<NudgeLook>,
}

/// Draws one frame: the move from `from` to `to` at progress `t`.
pub fn draw_board(canvas: &Canvas<'_>, (from, to, t): (&Board, &Board, f64), overlay: Overlay<'_>) {
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

    // A picture that cannot be cut (it has no pixels) leaves numbers.
    let picture = overlay.picture.and_then(|art| {
        let cutting = Cutting::new(art.raster.width, art.raster.height, to.width(), to.height());
        cutting.ok().map(|cutting| (art, cutting))
    });

    // The tile under a tap that moved nothing, and how it looks.
    let nudged = overlay.nudge.and_then(|look| {
        let (row, col) = canvas.grid.from_px(look.at.0, look.at.1)?;
        let tile = to.tile_at(row * to.width() + col);
        (tile != BLANK).then_some((tile, look))
    });

    let places = tile_places(from, to, t);
    let count = places.len().max(1) as f64;
    for place in &places {
        let mut rect = canvas.grid.to_px(place.row, place.col).inset(gap);
        let nudge = nudged
            .filter(|(tile, _)| *tile == place.tile && !place.moving)
            .map(|(_, look)| look);
        if let Some(look) = nudge {
            rect.x += look.shift * cell;
        }
        let at_home = picture.is_none() && place.home;
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
        let face_rect = ScreenRect {
            h: (rect.h - lift).max(0.0),
            ..rect
        };
        ctx.set_fill_style_str(face);
        canvas.rounded_rect(face_rect, radius);
        ctx.fill();
        if let Some((art, cutting)) = &picture {
            draw_piece(
                canvas,
                art,
                cutting,
                to.goal_cell(place.tile),
                face_rect,
                radius,
            );
        }

        if let Some(look) = nudge.filter(|look| look.flash > 0.0) {
            ctx.set_global_alpha(0.7 * look.flash.clamp(0.0, 1.0));
            ctx.set_fill_style_str(&palette.accent);
            canvas.rounded_rect(face_rect, radius);
            ctx.fill();
            ctx.set_global_alpha(1.0);
        }

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

        match &picture {
            None => {
                let (x, y) = face_rect.center();
                ctx.set_fill_style_str(ink);
                let _ = ctx.fill_text(&place.tile.to_string(), x, y + font_size * 0.04);
            }
            Some((art, _)) if art.numbers => draw_badge(canvas, face_rect, place.tile),
            Some(_) => {}
        }
    }

    if let Some((art, cutting)) = &picture {
        // The last piece, in the blank's cell, completes the picture once
        // it is solved (fading in during the celebration).
        if t >= 1.0 && to.is_solved() {
            let blank = to.cell_of(BLANK).unwrap_or(to.cells() - 1);
            let (row, col) = to.row_col(blank);
            let rect = canvas.grid.to_px(row as f64, col as f64).inset(gap);
            let alpha = overlay
                .celebration
                .map_or(1.0, |progress| (progress * 4.0).min(1.0));
            ctx.set_global_alpha(alpha);
            draw_piece(canvas, art, cutting, blank, rect, radius);
            ctx.set_global_alpha(1.0);
        }
    }

    if let Some(progress) = overlay.celebration {
        canvas.banner(progress);
    }
}

/// Draws the piece of `art` that belongs in goal cell `goal_cell` on a
/// tile face.
fn draw_piece(
    canvas: &Canvas<'_>,
    art: &Art<'_>,
    cutting: &Cutting,
    goal_cell: usize,
    face: ScreenRect,
    radius: f64,
) {
    let Some(source) = cutting.source(goal_cell) else {
        return;
    };
    let ctx = canvas.ctx;
    ctx.save();
    canvas.rounded_rect(face, radius);
    ctx.clip();
    let _ = ctx.draw_image_with_html_canvas_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
        &art.raster.canvas,
        source.x,
        source.y,
        source.w,
        source.h,
        face.x,
        face.y,
        face.w,
        face.h,
    );
    ctx.restore();
}

/// The tile's number, small, on a backing of the tiles' own colours in the
/// face's corner: readable over any picture.
fn draw_badge(canvas: &Canvas<'_>, face: ScreenRect, tile: u8) {
    let (ctx, palette) = (canvas.ctx, canvas.palette);
    let text = tile.to_string();
    let badge = number_badge(face, text.len());
    ctx.save();
    ctx.set_global_alpha(0.9);
    ctx.set_fill_style_str(&palette.tile);
    canvas.rounded_rect(badge.backing, badge.backing.h * 0.3);
    ctx.fill();
    ctx.set_global_alpha(1.0);
    ctx.set_fill_style_str(&palette.ink);
    ctx.set_font(&format!(
        "700 {}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        badge.font_size.max(6.0).round()
    ));
    let (x, y) = badge.text;
    let _ = ctx.fill_text(&text, x, y + badge.font_size * 0.05);
    ctx.restore();
}
