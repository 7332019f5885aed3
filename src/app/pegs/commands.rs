//! What only peg solitaire does on a [`Session`]: layouts, goals, the
//! layout editor.

use super::{PegGame, PegSolitaire};
use crate::app::play::Play;
use crate::app::session::Session;
use crate::app::wording::count;
use crate::app::workers::SolverQueue;
use crate::pegs::{layout, layouts, Goal, Layout, PegProblem};
use crate::quote::quote;

/// What only peg solitaire does: layouts, goals, the editor.
impl Session<PegSolitaire> {
    /// A new game of `layout`: its start towards its goal, no moves made, a
    /// chain of jumps counted jump by jump.
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
