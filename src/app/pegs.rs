//! Peg solitaire as the page plays it: its rules glue for the shared
//! [`Session`], the click-or-drag rule and the keyboard cursor, the layout
//! editor, where pegs are drawn mid-jump, and its wording.

use super::anim::ease;
use super::game::{Action, Game, Gesture, Key, Words};
use super::grid::Grid;
use super::input::arrow;
use super::par::Par;
use super::play::Play;
use super::save::Keep;
use super::session::Session;
use super::wording::{capitalise, count, Noun};
use super::workers::{Answer, SolverQueue, Task};

pub mod solving;

use crate::pegs::{
    cell_of, hole_at, hole_name, layout, layouts, Goal, Jump, Layout, PegBoard, PegError,
    PegProblem, CENTRE, HOLES,
};
use crate::quote::quote;
use crate::sliding::Dir;
use solving::{FewestAnswer, FewestTask, PegsAnswer, PegsTask};

/// The layout a new visitor plays.
pub const DEFAULT_LAYOUT: &str = "classic";
/// How far a pointer must travel, in CSS pixels, to count as a drag.
pub const DRAG_MIN_PX: f64 = 12.0;

/// Peg solitaire's rules: the goal, and the layout the game was dealt from
/// (if any), with the solver's cheap tests for the goal, for instant answers.
#[derive(Clone, Debug)]
pub struct PegSolitaire {
    goal: Goal,
    problem: PegProblem,
    layout: Option<Layout>,
    /// Whether a chain of jumps by one peg counts as one move.
    chains: bool,
}

impl PegSolitaire {
    /// Playing towards `goal` from a position of the player's own.
    pub fn new(goal: Goal) -> PegSolitaire {
        PegSolitaire {
            goal,
            problem: PegProblem::new(goal),
            layout: None,
            chains: false,
        }
    }

    /// Playing a layout towards its goal.
    pub fn of_layout(layout: &Layout) -> PegSolitaire {
        PegSolitaire {
            layout: Some(*layout),
            ..PegSolitaire::new(layout.goal)
        }
    }

    /// Where the last peg must end.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// Whether a chain of jumps by one peg counts as one move.
    pub fn counts_chains(&self) -> bool {
        self.chains
    }
}

/// What undo leaves alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PegUi {
    /// The peg selected to jump.
    pub selected: Option<usize>,
    /// The keyboard cursor's hole.
    pub cursor: usize,
    /// Whether the cursor is drawn: the keyboard was used last.
    pub cursor_shown: bool,
    /// Whether clicks add and remove pegs rather than jump.
    pub editing: bool,
}

impl Default for PegUi {
    fn default() -> PegUi {
        PegUi {
            selected: None,
            cursor: CENTRE,
            cursor_shown: false,
            editing: false,
        }
    }
}

/// A game of peg solitaire being played.
pub type PegGame = Session<PegSolitaire>;

const WORDS: Words = Words {
    moves: Noun {
        one: "jump",
        many: "jumps",
    },
    looking_for_hint: "Looking for a winning jump",
    already_won: "Already solved: pick a layout for a new game.",
    loaded: "Position loaded. Your move!",
    // Every solution takes one jump per peg but the last.
    shortest_matters: false,
    examined: Words::DEFAULT.examined,
};

const EDITING: &str = "Editing: click holes to add or remove pegs.";

impl PegSolitaire {
    /// A click (or tap, or Enter on the cursor) on `hole`.
    ///
    /// Editing, it adds or removes a peg. Playing: a peg is selected (clicked
    /// again, deselected); with a peg selected, a hole it can jump to makes
    /// the jump; an empty hole that exactly one peg can jump into takes that
    /// jump at once.
    fn click(
        &self,
        board: PegBoard,
        ui: &mut PegUi,
        hole: usize,
    ) -> Action<Jump, PegBoard, PegSolitaire> {
        ui.cursor = hole;
        if ui.editing {
            return Action::StartFrom(board.toggled(hole));
        }
        if let Some(from) = ui.selected {
            if from == hole {
                ui.selected = None;
                return Action::Redraw;
            }
            if let Some(jump) = Jump::between(from, hole).filter(|&j| board.can_jump(j)) {
                return Action::Play(jump);
            }
        }
        if board.has_peg(hole) {
            ui.selected = Some(hole);
            return Action::Note(if board.jumps_from(hole).is_empty() {
                format!("The peg at {} has no jump.", hole_name(hole))
            } else {
                String::new()
            });
        }
        let into: Vec<Jump> = board
            .jumps()
            .into_iter()
            .filter(|jump| usize::from(jump.to) == hole)
            .collect();
        match (ui.selected, into.as_slice()) {
            (None, [jump]) => Action::Play(*jump),
            (Some(from), _) => Action::Note(format!(
                "The peg at {} cannot jump to {}.",
                hole_name(from),
                hole_name(hole)
            )),
            _ => Action::Nothing,
        }
    }

    /// A drag from one hole to another: the jump between them, or a note
    /// saying why there is none.
    fn drag(&self, from: usize, to: usize) -> Action<Jump, PegBoard, PegSolitaire> {
        match Jump::between(from, to) {
            Some(jump) => Action::Play(jump),
            None => Action::Note(format!(
                "{} to {} is not a jump: a peg jumps over one neighbour into the hole beyond.",
                hole_name(from),
                hole_name(to)
            )),
        }
    }
}

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
        grid: &Grid,
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

    fn hint_text(&self, _: &PegBoard, jump: Jump, remaining: usize, _: bool) -> String {
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

/// What only peg solitaire does: layouts, goals, the editor.
impl Session<PegSolitaire> {
    /// A game of `layout`.
    pub fn of_layout(layout: &Layout) -> PegGame {
        Session::new(PegSolitaire::of_layout(layout), layout.start)
    }

    /// Starts the layout named `id` (see [`crate::pegs::layouts()`]), keeping
    /// the speed and the interface state; a request under way is dropped.
    pub fn load_layout(&mut self, id: &str, solver: &mut dyn SolverQueue) -> Result<(), String> {
        let layout =
            layout(id).ok_or_else(|| format!("there is no layout called {id}", id = quote(id)))?;
        let game = PegSolitaire {
            chains: self.game().chains,
            ..PegSolitaire::of_layout(&layout)
        };
        self.set_game(game, solver);
        self.new_game(layout.start, solver);
        Ok(())
    }

    /// Sets the goal (the layout's own, or the player's choice).
    pub fn set_goal(&mut self, goal: Goal, solver: &mut dyn SolverQueue) {
        if goal != self.game().goal {
            let game = PegSolitaire {
                goal,
                problem: PegProblem::new(goal),
                layout: self.game().layout,
                chains: self.game().chains,
            };
            self.set_game(game, solver);
        }
    }

    /// Counts a chain of jumps by one peg as one move, or each jump as one;
    /// the moves made so far are counted again the new way, every step of
    /// the history too, so that undo keeps them right.
    pub fn set_chains(&mut self, chains: bool, solver: &mut dyn SolverQueue) {
        if chains == self.game().chains {
            return;
        }
        let game = PegSolitaire {
            chains,
            ..self.game().clone()
        };
        self.set_game(game, solver);
        self.recount();
    }

    /// The layout being played: the one dealt, while the game started from
    /// its position; `None` for a position of the player's own.
    pub fn layout_id(&self) -> Option<&'static str> {
        self.game()
            .layout
            .filter(|layout| layout.start == *self.start())
            .map(|layout| layout.id)
    }

    /// Switches the editor on or off. Leaving it keeps the edited position
    /// as the new start.
    pub fn set_editing(&mut self, editing: bool, solver: &mut dyn SolverQueue) {
        if editing == self.ui().editing {
            return;
        }
        self.cancel_quietly(solver);
        self.clear_hint();
        self.set_note(String::new());
        let ui = self.ui_mut();
        ui.editing = editing;
        ui.selected = None;
    }

    /// Whether clicks add and remove pegs rather than jump.
    pub fn is_editing(&self) -> bool {
        self.ui().editing
    }

    /// The peg selected to jump, if any.
    pub fn selected(&self) -> Option<usize> {
        self.ui().selected
    }

    /// The keyboard cursor's hole, while it is shown.
    pub fn cursor(&self) -> Option<usize> {
        let ui = self.ui();
        ui.cursor_shown.then_some(ui.cursor)
    }

    /// The holes the selected peg can jump to.
    pub fn targets(&self) -> Vec<usize> {
        match self.selected() {
            Some(hole) => self
                .state()
                .jumps_from(hole)
                .into_iter()
                .map(|jump| usize::from(jump.to))
                .collect(),
            None => Vec::new(),
        }
    }

    /// `Pegs left: N`, for the status line.
    pub fn pegs_left(&self) -> String {
        format!("Pegs left: {}", self.state().count())
    }
}

/// The layouts offered, as (id, label) pairs for a selector.
pub fn layout_choices() -> Vec<(&'static str, String)> {
    layouts()
        .iter()
        .map(|layout| {
            (
                layout.id,
                format!(
                    "{} ({})",
                    layout.name,
                    count(u64::from(layout.start.count()), "peg", "pegs")
                ),
            )
        })
        .collect()
}

/// How long one peg-solitaire jump takes on screen, in milliseconds.
pub const JUMP_MS: f64 = 260.0;

/// Where a peg is drawn, in (fractional) cell coordinates of the 7x7 grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PegPlace {
    /// The hole it stands in (for a jumping peg, the hole it lands in).
    pub hole: usize,
    /// Row, fractional mid-jump.
    pub row: f64,
    /// Column, fractional mid-jump.
    pub col: f64,
    /// How far above the board the peg is, in cells (a jump arcs).
    pub lift: f64,
    /// Opacity: a jumped peg fades out (or, undone, back in).
    pub alpha: f64,
}

/// The place of every peg at progress `t` of the change from `from` to `to`.
///
/// When the change is one jump (or one undone), the jumping peg travels
/// along an arc between its holes and the jumped peg fades; any other change
/// (an edit, a new layout) is shown at once as `to`.
pub fn peg_places(from: PegBoard, to: PegBoard, t: f64) -> Vec<PegPlace> {
    let still = |hole: usize, alpha: f64| {
        let (row, col) = cell_of(hole);
        PegPlace {
            hole,
            row: row as f64,
            col: col as f64,
            lift: 0.0,
            alpha,
        }
    };
    let t = t.clamp(0.0, 1.0);
    let jump = jump_between(from, to);
    let mut places = Vec::with_capacity(HOLES);
    for hole in 0..HOLES {
        match jump {
            Some((jump, forward)) if t < 1.0 => {
                let (start, end) = if forward {
                    (usize::from(jump.from), usize::from(jump.to))
                } else {
                    (usize::from(jump.to), usize::from(jump.from))
                };
                if hole == end {
                    let eased = ease(t);
                    let (r0, c0) = cell_of(start);
                    let (r1, c1) = cell_of(end);
                    places.push(PegPlace {
                        hole,
                        row: r0 as f64 + (r1 as f64 - r0 as f64) * eased,
                        col: c0 as f64 + (c1 as f64 - c0 as f64) * eased,
                        lift: 0.45 * (eased * std::f64::consts::PI).sin(),
                        alpha: 1.0,
                    });
                } else if hole == usize::from(jump.over) {
                    places.push(still(hole, if forward { 1.0 - t } else { t }));
                } else if hole != start && to.has_peg(hole) {
                    places.push(still(hole, 1.0));
                }
            }
            _ => {
                if to.has_peg(hole) {
                    places.push(still(hole, 1.0));
                }
            }
        }
    }
    places
}

/// The jump that turns `from` into `to` (`true`), or `to` into `from`
/// (`false`, an undo), if the two positions are one jump apart.
pub fn jump_between(from: PegBoard, to: PegBoard) -> Option<(Jump, bool)> {
    let find = |before: PegBoard, after: PegBoard| {
        before
            .jumps()
            .into_iter()
            .find(|&jump| before.apply(jump).ok() == Some(after))
    };
    if to.count() + 1 == from.count() {
        find(from, to).map(|jump| (jump, true))
    } else if from.count() + 1 == to.count() {
        find(to, from).map(|jump| (jump, false))
    } else {
        None
    }
}

/// Peg solitaire's words: the rules as the layout dealt (`-` for none) and
/// the goal (a hole's number, or `any`) separated by `:`; a position as its
/// 33 holes in reading order, `o` a peg and `.` an empty hole; a jump as
/// `from-to`, the holes' numbers.
impl Keep for PegSolitaire {
    const ID: &'static str = "pegs";

    fn write_rules(&self) -> Result<String, String> {
        let layout = self.layout.map_or("-", |layout| layout.id);
        let goal = match self.goal {
            Goal::AnyHole => "any".to_string(),
            Goal::Hole(hole) => hole.to_string(),
        };
        // A chain of jumps counted as one move changes the move counts the
        // history is read back with.
        let chains = if self.chains { ":chains" } else { "" };
        Ok(format!("{layout}:{goal}{chains}"))
    }

    fn read_rules(text: &str) -> Result<PegSolitaire, String> {
        let (text, chains) = match text.strip_suffix(":chains") {
            Some(rules) => (rules, true),
            None => (text, false),
        };
        let (id, goal) = text.split_once(':').ok_or_else(|| {
            format!(
                "{text} is not peg-solitaire rules: write the layout, a colon, then the goal",
                text = quote(text)
            )
        })?;
        let goal = match goal {
            "any" => Goal::AnyHole,
            hole => match hole.parse::<u8>() {
                Ok(hole) if usize::from(hole) < HOLES => Goal::Hole(hole),
                _ => {
                    return Err(format!(
                        "{hole} is not a goal: write a hole's number (0 to 32) or 'any'",
                        hole = quote(hole)
                    ))
                }
            },
        };
        let layout = match id {
            "-" => None,
            id => Some(
                layout(id)
                    .ok_or_else(|| format!("there is no layout called {id}", id = quote(id)))?,
            ),
        };
        Ok(PegSolitaire {
            layout,
            chains,
            ..PegSolitaire::new(goal)
        })
    }

    fn write_state(&self, board: &PegBoard) -> String {
        (0..HOLES)
            .map(|hole| if board.has_peg(hole) { 'o' } else { '.' })
            .collect()
    }

    /// Read as a position typed on one line is.
    fn read_state(&self, text: &str) -> Result<PegBoard, String> {
        if text.chars().count() != HOLES || !text.chars().all(|c| c == 'o' || c == '.') {
            return Err(format!(
                "{text} is not a peg-solitaire position: write its {HOLES} holes, o for a peg and . for an empty hole", text = quote(text)
            ));
        }
        crate::pegs::parse(text).map_err(|error| error.to_string())
    }

    fn write_move(&self, jump: Jump) -> String {
        format!("{}-{}", jump.from, jump.to)
    }

    fn read_move(&self, text: &str) -> Result<Jump, String> {
        text.split_once('-')
            .and_then(|(from, to)| Jump::between(from.parse().ok()?, to.parse().ok()?))
            .ok_or_else(|| format!("{text} is not a jump", text = quote(text)))
    }

    fn move_between(&self, before: &PegBoard, after: &PegBoard) -> Option<Jump> {
        match jump_between(*before, *after) {
            Some((jump, true)) => Some(jump),
            _ => None,
        }
    }
}
