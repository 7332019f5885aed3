//! Drawing peg solitaire: the cross, holes, the goal, the selected peg's
//! targets, the hinted jump, pegs where `peg_places` says they are mid-jump,
//! the keyboard cursor and the celebration.
//!
//! A frame is a pure function of the positions before and after the jump
//! being shown, its progress, and what the interface highlights.

use super::draw::Canvas;
use crate::app::grid::ScreenRect;
use crate::app::nudge::NudgeLook;
use crate::app::pegs::peg_places;
use crate::pegs::{cell_of, hole_at, Jump, PegBoard, HOLES};

/// What to draw besides the pegs.
#[derive(Clone, Debug, Default)]
pub struct PegOverlay {
    /// The hole (0 to 32) of the peg selected to jump, drawn ringed while it
    /// rests.
    pub selected: Option<usize>,
    /// Where the selected peg can jump.
    pub targets: Vec<usize>,
    /// The hinted jump, drawn as a line from the jumping peg to the hole it
    /// lands in.
    pub hint: Option<Jump>,
    /// The keyboard cursor, when the board has the focus.
    pub cursor: Option<usize>,
    /// The hole the last peg should end in, if one.
    pub goal: Option<usize>,
    /// Whether clicks edit the position.
    pub editing: bool,
    /// Progress (0 to 1) of the celebration of a win.
    pub celebration: Option<f64>,
    /// A tap that moved nothing: the peg or hole there shakes or flashes.
    pub nudge: Option<NudgeLook>,
}

/// Draws one frame of the 7x7 board: the change from `from` to `to` at
/// progress `t`.
pub fn draw_pegs(
    canvas: &Canvas<'_>,
    (from, to, t): (&PegBoard, &PegBoard, f64),
    overlay: &PegOverlay,
) {
    let (ctx, layout, palette) = (canvas.ctx, canvas.grid, canvas.palette);
    canvas.clear();
    let cell = canvas.cell();

    // The cross: the middle three rows and the middle three columns.
    ctx.set_fill_style_str(&palette.board);
    let pad = cell * 0.08;
    let arm = |rows: (f64, f64), cols: (f64, f64)| {
        let top_left = layout.to_px(rows.0, cols.0);
        let bottom_right = layout.to_px(rows.1, cols.1);
        ScreenRect {
            x: top_left.x + pad,
            y: top_left.y + pad,
            w: bottom_right.x + bottom_right.w - top_left.x - 2.0 * pad,
            h: bottom_right.y + bottom_right.h - top_left.y - 2.0 * pad,
        }
    };
    for rect in [arm((2.0, 4.0), (0.0, 6.0)), arm((0.0, 6.0), (2.0, 4.0))] {
        canvas.rounded_rect(rect, cell * 0.3);
        ctx.fill();
    }
    if overlay.editing {
        ctx.save();
        ctx.set_stroke_style_str(&palette.accent);
        ctx.set_line_width(2.0);
        let _ = ctx.set_line_dash(&js_sys::Array::of2(&6.0.into(), &5.0.into()));
        for rect in [arm((2.0, 4.0), (0.0, 6.0)), arm((0.0, 6.0), (2.0, 4.0))] {
            canvas.rounded_rect(rect.inset(3.0), cell * 0.28);
            ctx.stroke();
        }
        ctx.restore();
    }

    let centre_of = |hole: usize| {
        let (row, col) = cell_of(hole);
        layout.to_px(row as f64, col as f64).center()
    };
    let circle = |x: f64, y: f64, r: f64| canvas.circle(x, y, r);

    // The hole under a tap that moved nothing, and how it looks.
    let nudged = overlay.nudge.and_then(|look| {
        let (row, col) = layout.from_px(look.at.0, look.at.1)?;
        Some((hole_at(row, col)?, look))
    });
    let nudge_of = |hole: usize| nudged.filter(|(h, _)| *h == hole).map(|(_, look)| look);

    // Holes, the goal and the selected peg's targets. A hole stands 3:1
    // against the board (see tests/board_contrast.rs).
    for hole in 0..HOLES {
        let (mut x, y) = centre_of(hole);
        let nudge = nudge_of(hole).filter(|_| !to.has_peg(hole));
        if let Some(look) = nudge {
            x += look.shift * cell;
        }
        ctx.set_fill_style_str(&palette.hole);
        circle(x, y, cell * 0.17);
        ctx.fill();
        if let Some(look) = nudge.filter(|look| look.flash > 0.0) {
            flash(canvas, x, y, cell * 0.2, look.flash);
        }
        if overlay.goal == Some(hole) {
            ctx.set_stroke_style_str(&palette.home);
            ctx.set_line_width((cell * 0.035).max(1.5));
            circle(x, y, cell * 0.24);
            ctx.stroke();
        }
    }
    // A target covers its hole, so it stands against the board.
    for &hole in &overlay.targets {
        let (x, y) = centre_of(hole);
        ctx.set_fill_style_str(&palette.accent);
        circle(x, y, cell * 0.2);
        ctx.fill();
    }
    if let Some(jump) = overlay.hint {
        let (x0, y0) = centre_of(usize::from(jump.from));
        let (x1, y1) = centre_of(usize::from(jump.to));
        ctx.save();
        ctx.set_stroke_style_str(&palette.accent);
        ctx.set_fill_style_str(&palette.accent);
        ctx.set_line_width((cell * 0.07).max(2.5));
        ctx.set_line_cap("round");
        ctx.begin_path();
        ctx.move_to(x0, y0);
        ctx.line_to(x1, y1);
        ctx.stroke();
        circle(x1, y1, cell * 0.2);
        ctx.fill();
        ctx.restore();
    }

    // Pegs, the jumping one last so it passes over the others.
    let mut places = peg_places(*from, *to, t);
    // (As f32: only the jumping peg is lifted, so no two lifts are that close.)
    crate::order::sort_by_rank(&mut places, |place| {
        crate::order::f32_rank(place.lift as f32)
    });
    let radius = cell * 0.34;
    for place in &places {
        let rect = layout.to_px(place.row, place.col);
        let (mut x, y) = rect.center();
        let y = y - place.lift * cell;
        let nudge = nudge_of(place.hole).filter(|_| place.lift == 0.0);
        if let Some(look) = nudge {
            x += look.shift * cell;
        }
        ctx.set_global_alpha(place.alpha);
        // A shadow on the board, further away the higher the peg.
        ctx.set_fill_style_str("rgba(0, 0, 0, 0.3)");
        circle(x + cell * 0.03, y + cell * (0.06 + place.lift), radius);
        ctx.fill();
        ctx.set_fill_style_str(&palette.tile_edge);
        circle(x, y + cell * 0.03, radius);
        ctx.fill();
        ctx.set_fill_style_str(&palette.tile);
        circle(x, y, radius * 0.94);
        ctx.fill();
        // A highlight for roundness.
        ctx.set_fill_style_str("rgba(255, 255, 255, 0.45)");
        circle(x - radius * 0.3, y - radius * 0.32, radius * 0.26);
        ctx.fill();
        ctx.set_global_alpha(1.0);
        if let Some(look) = nudge.filter(|look| look.flash > 0.0) {
            flash(canvas, x, y, radius * 1.08, look.flash);
        }
        let ringed = overlay.selected == Some(place.hole) && place.lift == 0.0
            || overlay
                .hint
                .is_some_and(|j| usize::from(j.from) == place.hole);
        if ringed && place.alpha >= 1.0 {
            ctx.save();
            ctx.set_stroke_style_str(&palette.accent);
            ctx.set_line_width((cell * 0.07).max(3.0));
            ctx.set_shadow_color(&palette.accent);
            ctx.set_shadow_blur(cell * 0.2);
            circle(x, y, radius * 1.08);
            ctx.stroke();
            ctx.restore();
        }
    }

    if let Some(hole) = overlay.cursor {
        let (row, col) = cell_of(hole);
        let rect = layout.to_px(row as f64, col as f64).inset(cell * 0.04);
        ctx.save();
        ctx.set_stroke_style_str(&palette.home);
        ctx.set_line_width((cell * 0.04).max(2.0));
        let _ = ctx.set_line_dash(&js_sys::Array::of2(&5.0.into(), &4.0.into()));
        canvas.rounded_rect(rect, cell * 0.16);
        ctx.stroke();
        ctx.restore();
    }

    if let Some(progress) = overlay.celebration {
        canvas.banner(progress);
    }
}

/// Lights the circle of `radius` around (`x`, `y`) in the accent colour at
/// `strength` (0 to 1): a nudge without motion.
fn flash(canvas: &Canvas<'_>, x: f64, y: f64, radius: f64, strength: f64) {
    let ctx = canvas.ctx;
    ctx.save();
    ctx.set_global_alpha(0.75 * strength.clamp(0.0, 1.0));
    ctx.set_fill_style_str(&canvas.palette.accent);
    canvas.circle(x, y, radius);
    ctx.fill();
    ctx.restore();
}
