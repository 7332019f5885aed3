//! Peg solitaire as the page plays it: its rules glue for the shared
//! [`Session`], the click-or-drag rule and the keyboard cursor, the layout
//! editor, where pegs are drawn mid-jump, and its wording.

mod commands;
mod game;
mod keep;
mod motion;
pub mod solving;

use super::game::{Action, Words};
use super::session::Session;
use super::wording::Noun;
use crate::pegs::{hole_name, Goal, Jump, Layout, PegBoard, PegProblem, CENTRE};

pub use commands::layout_choices;
pub use game::cursor_step;
pub use motion::{jump_between, peg_places, PegPlace, JUMP_MS};

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

pub(super) const WORDS: Words = Words {
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
    pub(super) fn click(
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
    pub(super) fn drag(&self, from: usize, to: usize) -> Action<Jump, PegBoard, PegSolitaire> {
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
