//! Drawing the sliding-block puzzles: the board and its exit, the pieces
//! where `piece_places` says they are mid-move (the piece to free in the
//! goal colour), the selected piece and where it can go, the hinted move
//! and the celebration.
//!
//! A frame is a pure function of the positions before and after the move
//! being shown, its progress, and what the interface highlights.

use super::draw::Canvas;
use crate::app::blocks::piece_places;
use crate::app::grid::ScreenRect;
use crate::app::nudge::NudgeLook;
use crate::blocks::{BlockMove, Board, Cell, Style};

/// What to draw besides the pieces.
#[derive(Clone, Debug, Default)]
pub struct BlockOverlay {
    /// The selected piece, as an index into the board's pieces (in the order
    /// given); it is drawn ringed, and an index past the end draws nothing.
    pub selected: Option<usize>,
    /// Whether the selection came from the keyboard (drawn as a cursor).
    pub keyboard: bool,
    /// Where the selected piece can go (top-left cells).
    pub targets: Vec<Cell>,
    /// The hinted move: the piece it moves is drawn ringed, like a selection.
    pub hint: Option<BlockMove>,
    /// Progress (0 to 1) of the celebration of a win.
    pub celebration: Option<f64>,
    /// A tap that moved nothing: the piece there shakes.
    pub nudge: Option<NudgeLook>,
}

/// The rectangle of a piece of `rows` x `cols` with its top-left cell at
/// (`row`, `col`), fractional mid-move, a gap all round.
fn piece_rect(canvas: &Canvas<'_>, row: f64, col: f64, rows: u8, cols: u8) -> ScreenRect {
    let grid = canvas.grid;
    let top_left = grid.to_px(row, col);
    let bottom_right = grid.to_px(row + f64::from(rows) - 1.0, col + f64::from(cols) - 1.0);
    let gap = canvas.cell() * 0.05;
    ScreenRect {
        x: top_left.x + gap,
        y: top_left.y + gap,
        w: bottom_right.x + bottom_right.w - top_left.x - 2.0 * gap,
        h: bottom_right.y + bottom_right.h - top_left.y - 2.0 * gap,
    }
}

/// Draws one frame: the change from `from` to `to` at progress `t`.
pub fn draw_blocks(
    canvas: &Canvas<'_>,
    (from, to, t): (&Board, &Board, f64),
    overlay: &BlockOverlay,
) {
    let (ctx, grid, palette) = (canvas.ctx, canvas.grid, canvas.palette);
    canvas.clear();
    let cell = canvas.cell();

    // The board, and its exit: the gap in the bottom edge below the goal
    // (Klotski) or in the right edge beside it (Rush Hour).
    ctx.set_fill_style_str(&palette.board);
    canvas.rounded_rect(
        ScreenRect {
            x: 0.0,
            y: 0.0,
            w: grid.width,
            h: grid.height,
        },
        cell * 0.12,
    );
    ctx.fill();
    let target = to.target();
    let goal = to.goal();
    let goal_rect = piece_rect(
        canvas,
        f64::from(goal.row),
        f64::from(goal.col),
        target.rows,
        target.cols,
    );
    ctx.save();
    ctx.set_stroke_style_str(&palette.goal);
    ctx.set_line_width((cell * 0.05).max(2.0));
    let _ = ctx.set_line_dash(&js_sys::Array::of2(
        &(cell * 0.12).into(),
        &(cell * 0.08).into(),
    ));
    canvas.rounded_rect(goal_rect.inset(cell * 0.04), cell * 0.12);
    ctx.stroke();
    ctx.restore();
    ctx.set_fill_style_str(&palette.goal);
    let bar = (cell * 0.08).max(3.0);
    match to.style() {
        Style::Klotski => ctx.fill_rect(goal_rect.x, grid.height - bar, goal_rect.w, bar),
        Style::RushHour => ctx.fill_rect(grid.width - bar, goal_rect.y, bar, goal_rect.h),
    }

    // Where the selected piece can go.
    if let Some(selected) = overlay.selected.filter(|&i| i < to.pieces().len()) {
        let piece = to.pieces()[selected];
        ctx.save();
        ctx.set_stroke_style_str(&palette.accent);
        ctx.set_line_width((cell * 0.04).max(2.0));
        let _ = ctx.set_line_dash(&js_sys::Array::of2(&6.0.into(), &5.0.into()));
        for to_cell in &overlay.targets {
            let rect = piece_rect(
                canvas,
                f64::from(to_cell.row),
                f64::from(to_cell.col),
                piece.rows,
                piece.cols,
            );
            canvas.rounded_rect(rect.inset(cell * 0.06), cell * 0.1);
            ctx.stroke();
        }
        ctx.restore();
    }

    // The pieces, the moving one last so it passes over the others.
    let mut places = piece_places(from, to, t);
    let moving = from.moved_piece(to).map(|(index, _)| index);
    crate::order::sort_by_rank(&mut places, |place| u32::from(Some(place.index) == moving));
    let nudged = overlay.nudge.and_then(|look| {
        let (row, col) = grid.from_px(look.at.0, look.at.1)?;
        Some((to.piece_at(Cell::new(row as u8, col as u8))?, look))
    });
    for place in &places {
        let mut rect = piece_rect(
            canvas,
            place.row,
            place.col,
            place.piece.rows,
            place.piece.cols,
        );
        if let Some((_, look)) = nudged.filter(|(index, _)| *index == place.index) {
            rect.x += look.shift * cell;
        }
        let radius = cell * 0.14;
        let (face, edge) = if place.piece.target {
            (palette.goal.as_str(), palette.ink.as_str())
        } else {
            (palette.tile.as_str(), palette.tile_edge.as_str())
        };
        ctx.set_fill_style_str("rgba(0, 0, 0, 0.3)");
        canvas.rounded_rect(
            ScreenRect {
                y: rect.y + cell * 0.04,
                ..rect
            },
            radius,
        );
        ctx.fill();
        ctx.set_fill_style_str(edge);
        canvas.rounded_rect(rect, radius);
        ctx.fill();
        ctx.set_fill_style_str(face);
        canvas.rounded_rect(
            ScreenRect {
                h: rect.h - cell * 0.05,
                ..rect
            },
            radius,
        );
        ctx.fill();
        let ringed = overlay.selected == Some(place.index)
            || overlay
                .hint
                .is_some_and(|hint| Some(place.index) == to.piece_from(hint.from));
        if ringed {
            ctx.save();
            ctx.set_stroke_style_str(&palette.accent);
            ctx.set_line_width((cell * 0.07).max(3.0));
            if overlay.keyboard && overlay.selected == Some(place.index) {
                let _ = ctx.set_line_dash(&js_sys::Array::of2(&8.0.into(), &5.0.into()));
            } else {
                ctx.set_shadow_color(&palette.accent);
                ctx.set_shadow_blur(cell * 0.2);
            }
            canvas.rounded_rect(rect, radius);
            ctx.stroke();
            ctx.restore();
        }
    }

    // The hinted move: an arrow from the piece's place to where it goes.
    if let Some(hint) = overlay.hint {
        if let Some(index) = to.piece_from(hint.from) {
            let piece = to.pieces()[index];
            // The centre of the piece standing with its top-left cell at `at`.
            let centre = |at: Cell| {
                piece_rect(
                    canvas,
                    f64::from(at.row),
                    f64::from(at.col),
                    piece.rows,
                    piece.cols,
                )
                .center()
            };
            let (x0, y0) = centre(hint.from);
            let (x1, y1) = centre(hint.to);
            ctx.save();
            ctx.set_stroke_style_str(&palette.accent);
            ctx.set_fill_style_str(&palette.accent);
            ctx.set_line_width((cell * 0.08).max(3.0));
            ctx.set_line_cap("round");
            ctx.begin_path();
            ctx.move_to(x0, y0);
            ctx.line_to(x1, y1);
            ctx.stroke();
            canvas.circle(x1, y1, cell * 0.14);
            ctx.fill();
            ctx.restore();
        }
    }

    if let Some(progress) = overlay.celebration {
        canvas.banner(progress);
    }
}
