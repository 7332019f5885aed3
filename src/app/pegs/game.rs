//! Peg solitaire's glue for the shared [`Session`](crate::app::session::Session):
//! the click-or-drag rule, the keyboard cursor, hints and its wording.

use super::motion::JUMP_MS;
use super::solving::{FewestAnswer, FewestTask, PegsAnswer, PegsTask};
use super::{PegSolitaire, PegUi, DRAG_MIN_PX, EDITING, WORDS};
use crate::app::game::{Action, Game, Gesture, Key, Words};
use crate::app::grid::BoardLayout;
use crate::app::input::arrow;
use crate::app::par::Par;
use crate::app::wording::{capitalise, count, Noun};
use crate::app::workers::{Answer, Task};
use crate::pegs::{cell_of, hole_at, hole_name, Goal, Jump, PegBoard, PegError, HOLES};
use crate::sliding::Dir;

impl Game for PegSolitaire {
    type State = PegBoard;
    type Move = Jump;
    type Ui = PegUi;
    type Error = PegError;

    fn apply(&self, board: &PegBoard, jump: Jump) -> Result<PegBoard, PegError> {
        board.apply(jump)
    }

    fn is_won(&self, board: &PegBoard) -> bool {
        self.goal.is_met(*board)
    }

    /// A jump counts one move, but with chains counted as one, a jump by
    /// the peg that jumped last (from where it landed) counts none.
    fn move_cost(&self, _: &PegBoard, _: &PegBoard, previous: Option<Jump>, jump: Jump) -> u32 {
        match previous {
            Some(previous) if self.chains && previous.to == jump.from => 0,
            _ => 1,
        }
    }

    fn move_ms(&self) -> f64 {
        JUMP_MS
    }

    fn task(&self, board: &PegBoard) -> Task {
        Task::new(PegsTask {
            board: *board,
            goal: self.goal,
        })
    }

    /// Every solution is as short as any: one jump per peg but the last.
    /// The fewest chain moves come as their jumps in a row.
    fn read_answer(&self, answer: Answer) -> Result<Option<(Vec<Jump>, bool)>, String> {
        if let Some(PegsAnswer { jumps }) = answer.get() {
            Ok(jumps.clone().map(|jumps| (jumps, true)))
        } else if let Some(FewestAnswer { chains }) = answer.get() {
            Ok(chains.as_ref().map(|chains| (chains.concat(), true)))
        } else {
            Err("not a peg-solitaire answer".into())
        }
    }

    fn is_lost_on_sight(&self, board: &PegBoard) -> bool {
        board.is_stuck() || self.problem.is_hopeless(*board)
    }

    fn grid_size(&self, _: &PegBoard) -> (usize, usize) {
        (7, 7)
    }

    /// A drag of a peg to another hole jumps it there; a tap (or a drag that
    /// ends where it began) clicks the hole.
    fn interpret_pointer(
        &self,
        board: &PegBoard,
        ui: &mut PegUi,
        grid: &BoardLayout,
        gesture: Gesture,
    ) -> Action<Jump, PegBoard, PegSolitaire> {
        ui.cursor_shown = false;
        let hole_under =
            |(x, y): (f64, f64)| grid.from_px(x, y).and_then(|(row, col)| hole_at(row, col));
        let (from, to) = (hole_under(gesture.from), hole_under(gesture.to));
        let dragged = gesture.distance() >= DRAG_MIN_PX;
        match (from, to) {
            (Some(from), Some(to))
                if dragged && from != to && !ui.editing && board.has_peg(from) =>
            {
                self.drag(from, to)
            }
            (_, Some(hole)) if !dragged || from == Some(hole) => self.click(*board, ui, hole),
            _ => Action::Redraw,
        }
    }

    /// On the board, the arrows (and W A S D) move the cursor (the first
    /// press only shows it) and Enter or Space clicks the hole under it;
    /// Escape drops the selection anywhere.
    fn interpret_key(
        &self,
        board: &PegBoard,
        ui: &mut PegUi,
        key: Key<'_>,
    ) -> Option<Action<Jump, PegBoard, PegSolitaire>> {
        if key.key == "Escape" {
            ui.selected = None;
            return Some(Action::Redraw);
        }
        // Elsewhere, Enter and Space belong to the focused button.
        if !key.on_board {
            return None;
        }
        if let Some(dir) = arrow(key.key) {
            if ui.cursor_shown {
                ui.cursor = cursor_step(ui.cursor, dir);
            }
            ui.cursor_shown = true;
            return Some(Action::Redraw);
        }
        match key.key {
            "Enter" | " " | "Spacebar" => {
                ui.cursor_shown = true;
                let hole = ui.cursor;
                Some(self.click(*board, ui, hole))
            }
            _ => None,
        }
    }

    fn refresh_ui(&self, ui: &mut PegUi, played: Option<Jump>) {
        ui.selected = None;
        if let Some(jump) = played {
            ui.cursor = usize::from(jump.to);
        }
    }

    fn focus_lost(&self, ui: &mut PegUi) {
        ui.cursor_shown = false;
    }

    fn leave_modes(&self, ui: &mut PegUi) {
        if ui.editing {
            ui.editing = false;
            ui.selected = None;
        }
    }

    fn describe(&self, board: &PegBoard) -> String {
        let pegs: Vec<String> = board.pegs().map(hole_name).collect();
        match pegs.len() {
            0 => "Peg solitaire board with no pegs.".into(),
            1 => format!("Peg solitaire board with one peg, at {}.", pegs[0]),
            n if n > 16 => {
                let empty: Vec<String> = (0..HOLES)
                    .filter(|&hole| !board.has_peg(hole))
                    .map(hole_name)
                    .collect();
                format!(
                    "Peg solitaire board with {}; empty holes: {}.",
                    count(n as u64, "peg", "pegs"),
                    empty.join(", ")
                )
            }
            n => format!(
                "Peg solitaire board with {}, at {}.",
                count(n as u64, "peg", "pegs"),
                pegs.join(", ")
            ),
        }
    }

    /// How many pegs are left (and where, when only a few are).
    fn summary(&self, board: &PegBoard) -> String {
        let pegs: Vec<String> = board.pegs().map(hole_name).collect();
        match pegs.len() {
            0 => "No pegs left.".into(),
            1 => format!("One peg left, at {}.", pegs[0]),
            n if n <= 4 => format!(
                "{} left, at {}.",
                count(n as u64, "peg", "pegs"),
                pegs.join(", ")
            ),
            n => format!("{} left.", count(n as u64, "peg", "pegs")),
        }
    }

    /// The `o`/`.` format, seven rows or one line.
    fn parse_position(&self, text: &str) -> Result<PegBoard, String> {
        crate::pegs::parse(text).map_err(|error| error.to_string())
    }

    fn format_position(&self, board: &PegBoard) -> String {
        crate::pegs::format(*board)
    }

    fn refusal(&self, error: &PegError) -> Option<String> {
        Some(format!("{}.", capitalise(&error.to_string())))
    }

    fn words(&self) -> &Words {
        &WORDS
    }

    fn moves_word(&self) -> Noun {
        if self.chains {
            Words::DEFAULT.moves
        } else {
            WORDS.moves
        }
    }

    fn hint_text(&self, _: &PegBoard, jump: Jump, remaining: usize, _: bool, _: u32) -> String {
        format!(
            "Hint: jump {} over {} to {} — {} to the goal",
            hole_name(jump.from.into()),
            hole_name(jump.over.into()),
            hole_name(jump.to.into()),
            count(remaining as u64, "jump", "jumps")
        )
    }

    fn won_text(&self, _: &PegBoard, moves: u32, time: &str) -> String {
        format!(
            "Solved! {} in {}, {time}",
            capitalise(&self.goal.describe()),
            count(u64::from(moves), "move", "moves")
        )
    }

    /// Only when a chain of jumps counts as one move: otherwise every game
    /// takes one jump per peg but the last.
    fn wants_par(&self) -> bool {
        self.chains
    }

    fn par_task(&self, start: &PegBoard) -> Task {
        Task::new(FewestTask {
            board: *start,
            goal: self.goal,
        })
    }

    /// The fewest chain moves, from the answer to a [`FewestTask`] only: a
    /// solution of the ordinary solver is the fewest jumps, not chains.
    fn par_of(&self, _: &PegBoard, answer: &Answer) -> Option<Par> {
        match answer.get() {
            Some(FewestAnswer {
                chains: Some(chains),
            }) => Some(Par {
                moves: chains.len() as u32,
                optimal: true,
            }),
            _ => None,
        }
    }

    fn par_text(&self, moves: u32, par: Option<Par>) -> String {
        match par {
            None => "; looking for the fewest moves…".into(),
            Some(Par { moves: fewest, .. }) if moves <= fewest => {
                format!("; the fewest is {fewest}: perfect!")
            }
            Some(Par { moves: fewest, .. }) => format!("; the fewest is {fewest}."),
        }
    }

    fn par_lost_text(&self) -> String {
        "; the fewest moves from this start would take too long to find.".into()
    }

    fn solver_won_text(&self, _: &PegBoard, moves: u32) -> String {
        format!(
            "Solved by the solver in {}: {}.",
            count(u64::from(moves), "move", "moves"),
            self.goal.describe()
        )
    }

    /// The layout dealt and the goal, and whether chains count as one move
    /// (the counts differ); a position of the player's own keeps none.
    fn record_key(&self, start: &PegBoard) -> Option<String> {
        let layout = self.layout.filter(|layout| layout.start == *start)?;
        let goal = match self.goal {
            Goal::AnyHole => "anywhere".to_string(),
            Goal::Hole(hole) => format!("at {}", hole_name(usize::from(hole))),
        };
        let chains = if self.chains { " chains" } else { "" };
        Some(format!("pegs {} {goal}{chains}", layout.id))
    }

    fn lost_text(&self, board: &PegBoard, can_undo: bool) -> String {
        if board.count() == 1 {
            return format!(
                "One peg left, but not where the goal wants it ({}). Undo to try again.",
                self.goal.describe()
            );
        }
        if board.is_stuck() {
            return format!(
                "No moves left: {} remain. Undo or Restart to try again.",
                count(u64::from(board.count()), "peg", "pegs")
            );
        }
        if can_undo {
            "No solution exists from here. Undo to go back.".into()
        } else {
            format!(
                "No solution exists from this position ({}).",
                self.goal.describe()
            )
        }
    }

    fn idle_text(&self, board: &PegBoard, ui: &PegUi, moves: u32, can_undo: bool) -> String {
        let won = self.is_won(board);
        if ui.editing {
            EDITING.into()
        } else if won && moves > 0 {
            "Solved!".into()
        } else if board.is_stuck() && !won {
            self.lost_text(board, can_undo)
        } else {
            String::new()
        }
    }
}

/// The next hole from `hole` in direction `dir`, skipping the corners off
/// the board; `hole` itself at the edge.
pub fn cursor_step(hole: usize, dir: Dir) -> usize {
    let (mut row, mut col) = cell_of(hole);
    let (dr, dc): (isize, isize) = match dir {
        Dir::Up => (-1, 0),
        Dir::Down => (1, 0),
        Dir::Left => (0, -1),
        Dir::Right => (0, 1),
    };
    loop {
        let (r, c) = (row as isize + dr, col as isize + dc);
        if !(0..7).contains(&r) || !(0..7).contains(&c) {
            return hole;
        }
        (row, col) = (r as usize, c as usize);
        if let Some(next) = hole_at(row, col) {
            return next;
        }
    }
}
