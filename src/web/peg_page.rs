//! The page's peg-solitaire side: its controls, drawing, pointer and keys.
//!
//! The shared buttons (Hint, Solve, Undo, Redo, Cancel, Stop) and the status
//! line are the sliding puzzle's, so they keep their accessible names; the
//! layout selector, goal, Restart, Edit and the text import belong to this
//! game alone.

use web_sys::{HtmlOptionElement, KeyboardEvent, PointerEvent};

use super::app::App;
use super::dom::{set_hidden, set_text};
use super::peg_canvas::{draw_pegs, PegOverlay};
use crate::app::input::{peg_key_action, PegAction};
use crate::app::pegs::PegRequest;
use crate::app::wording::capitalise;
use crate::pegs::{self, hole_at, hole_name, layouts, Goal, PegBoard, CENTRE, HOLES};

/// How far a pointer must travel, in CSS pixels, to count as a drag.
const DRAG_MIN_PX: f64 = 12.0;

impl App {
    /// Lists the layouts in the selector.
    pub(super) fn fill_layout_options(&mut self) {
        let select = &self.controls.layout;
        for layout in layouts() {
            let label = format!("{} ({} pegs)", layout.name, layout.start.count());
            if let Ok(option) = HtmlOptionElement::new_with_text_and_value(&label, layout.id) {
                let _ = select.options().add_with_html_option_element(&option);
            }
        }
        // Shown when the position is the player's own.
        if let Ok(option) = HtmlOptionElement::new_with_text_and_value("Your own", "custom") {
            option.set_disabled(true);
            let _ = select.options().add_with_html_option_element(&option);
        }
        self.show_layout_choice();
    }

    fn show_layout_choice(&self) {
        self.controls
            .layout
            .set_value(self.pegs.layout_id().unwrap_or("custom"));
        self.controls.goal.set_value(match self.pegs.goal() {
            Goal::AnyHole => "any",
            Goal::Hole(_) => "centre",
        });
    }

    pub(super) fn choose_layout(&mut self) {
        let id = self.controls.layout.value();
        self.cancel_pegs();
        if let Err(message) = self.pegs.load_layout(&id) {
            self.pegs.set_note(capitalise(&message));
        }
        self.show_layout_choice();
    }

    pub(super) fn choose_goal(&mut self) {
        let goal = match self.controls.goal.value().as_str() {
            "any" => Goal::AnyHole,
            _ => Goal::Hole(CENTRE as u8),
        };
        self.cancel_pegs();
        self.pegs.set_goal(goal);
    }

    pub(super) fn toggle_editing(&mut self) {
        self.cancel_pegs();
        let editing = !self.pegs.is_editing();
        self.pegs.set_editing(editing);
        self.show_layout_choice();
    }

    pub(super) fn cancel_pegs(&mut self) {
        if self.pegs.cancel() {
            self.pegs.set_note("");
        }
        if let Some(solver) = &mut self.solver {
            solver.cancel();
        }
    }

    pub(super) fn load_peg_text(&mut self, _time: f64) {
        match pegs::parse(&self.controls.peg_text.value()) {
            Ok(board) => {
                set_text(&self.controls.peg_error, "");
                self.cancel_pegs();
                self.pegs.load_board(board);
                self.pegs.set_note("Position loaded. Your move!");
                self.show_layout_choice();
            }
            Err(error) => {
                // The game in progress is kept as it is.
                set_text(&self.controls.peg_error, &capitalise(&error.to_string()));
            }
        }
    }

    pub(super) fn export_peg_text(&mut self) {
        self.controls
            .peg_text
            .set_value(&pegs::format(self.pegs.board()));
        set_text(&self.controls.peg_error, "");
    }

    pub(super) fn send_pegs(&mut self, request: Option<PegRequest>) {
        let Some(request) = request else {
            return;
        };
        match &mut self.solver {
            Some(solver) => solver.solve_pegs(request.id, request.board, request.goal),
            None => self
                .pegs
                .receive_error(request.id, "the solver is not available in this browser"),
        }
    }

    pub(super) fn render_pegs(&self, time: f64) {
        let overlay = PegOverlay {
            selected: self.pegs.selected(),
            targets: self.pegs.targets(),
            hint: self.pegs.hint(),
            cursor: self.keyboard.then(|| self.pegs.cursor()),
            goal: match self.pegs.goal() {
                Goal::Hole(hole) => Some(usize::from(hole)),
                Goal::AnyHole => None,
            },
            editing: self.pegs.is_editing(),
            celebration: self.pegs.celebration(time),
        };
        draw_pegs(
            &self.ctx,
            &self.layout,
            self.scale,
            &self.palette,
            self.pegs.frame(time),
            &overlay,
        );
    }

    pub(super) fn update_peg_controls(&mut self, time: f64) {
        let c = &self.controls;
        let status = self.pegs.status(time);
        set_text(&c.pegs_left, &status.pegs);
        set_text(&c.moves, &status.moves);
        set_text(&c.clock, &status.time);
        set_text(&c.solved, status.solved.as_deref().unwrap_or(""));
        set_hidden(&c.solved, status.solved.is_none());
        set_text(&c.message, &self.pegs.message());
        c.undo.set_disabled(!self.pegs.can_undo());
        c.redo.set_disabled(!self.pegs.can_redo());
        set_hidden(&c.cancel, !self.pegs.is_searching());
        set_hidden(&c.stop, !self.pegs.is_autoplaying());
        c.hint.set_disabled(self.pegs.is_autoplaying());
        c.solve.set_disabled(self.pegs.is_autoplaying());
        let editing = self.pegs.is_editing();
        let _ = c
            .edit
            .set_attribute("aria-pressed", if editing { "true" } else { "false" });
        set_text(&c.edit, if editing { "Done editing" } else { "Edit" });
        set_text(
            &c.speed_value,
            &format!("{} moves/s", self.controls.speed.value_as_number()),
        );
        let board = self.pegs.board();
        if self.described_pegs != Some(board) {
            set_text(&self.controls.description, &describe_pegs(board));
            self.described_pegs = Some(board);
            self.show_layout_choice();
        }
    }

    /// The hole under a pointer event, if any.
    fn hole_under(&self, x: f64, y: f64) -> Option<usize> {
        self.layout
            .from_px(x, y)
            .and_then(|(row, col)| hole_at(row, col))
    }

    pub(super) fn peg_pointer_up(&mut self, event: &PointerEvent, time: f64) {
        let Some(start) = self.pointer.take().filter(|p| p.id == event.pointer_id()) else {
            return;
        };
        self.keyboard = false;
        let (x, y) = self.canvas_point(event);
        let from = self.hole_under(start.x, start.y);
        let to = self.hole_under(x, y);
        let dragged = (x - start.x).hypot(y - start.y) >= DRAG_MIN_PX;
        match (from, to) {
            (Some(from), Some(to))
                if dragged
                    && from != to
                    && !self.pegs.is_editing()
                    && self.pegs.board().has_peg(from) =>
            {
                self.pegs.drag(from, to, time);
            }
            (_, Some(hole)) if !dragged || from == Some(hole) => self.pegs.click(hole, time),
            _ => {}
        }
    }

    pub(super) fn peg_key_down(&mut self, event: &KeyboardEvent, time: f64) {
        let ctrl = event.ctrl_key() || event.meta_key();
        let Some(action) = peg_key_action(&event.key(), ctrl, event.shift_key()) else {
            return;
        };
        // Enter and Space on a focused button belong to the button.
        let on_board = event
            .target()
            .is_some_and(|target| target == self.canvas.clone().into());
        if matches!(action, PegAction::Choose | PegAction::Cursor(_)) && !on_board {
            return;
        }
        event.prevent_default();
        match action {
            PegAction::Cursor(dir) => {
                if self.keyboard {
                    self.pegs.move_cursor(dir);
                }
                self.keyboard = true;
            }
            PegAction::Choose => {
                self.keyboard = true;
                let hole = self.pegs.cursor();
                self.pegs.click(hole, time);
            }
            PegAction::Deselect => {
                self.pegs.deselect();
            }
            PegAction::Undo => {
                self.pegs.undo(time);
            }
            PegAction::Redo => {
                self.pegs.redo(time);
            }
            PegAction::Hint => {
                let request = self.pegs.request_hint(time);
                self.send_pegs(request);
            }
        }
    }
}

/// The position in words, for screen readers.
fn describe_pegs(board: PegBoard) -> String {
    let pegs: Vec<String> = (0..HOLES)
        .filter(|&hole| board.has_peg(hole))
        .map(hole_name)
        .collect();
    match pegs.len() {
        0 => "Peg solitaire board with no pegs.".into(),
        1 => format!("Peg solitaire board with one peg, at {}.", pegs[0]),
        n if n > 16 => {
            let empty: Vec<String> = (0..HOLES)
                .filter(|&hole| !board.has_peg(hole))
                .map(hole_name)
                .collect();
            format!(
                "Peg solitaire board with {n} pegs; empty holes: {}.",
                empty.join(", ")
            )
        }
        n => format!("Peg solitaire board with {n} pegs, at {}.", pegs.join(", ")),
    }
}
