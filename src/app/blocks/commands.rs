//! What only the sliding-block puzzles do with a session: layouts, the
//! metric, the selection.

use super::{BlocksGame, SlidingBlocks};
use crate::app::session::Session;
use crate::app::workers::SolverQueue;
use crate::blocks::{layout, Cell, Metric};
use crate::quote::quote;

/// What only the sliding-block puzzles do: layouts and the metric.
impl Session<SlidingBlocks> {
    /// A game of the layout `id`, moves counted in straight lines.
    pub fn of_layout(id: &str) -> Result<BlocksGame, String> {
        let found = layout(id).ok_or_else(|| format!("there is no layout called {}", quote(id)))?;
        let rules = SlidingBlocks {
            metric: Metric::Straight,
            layout: Some(found.id),
        };
        Ok(Session::new(rules, found.board()))
    }

    /// Starts the layout named `id`, keeping the metric; a request under
    /// way is dropped.
    pub fn load_layout(&mut self, id: &str, solver: &mut dyn SolverQueue) -> Result<(), String> {
        let found = layout(id).ok_or_else(|| format!("there is no layout called {}", quote(id)))?;
        let rules = SlidingBlocks {
            metric: self.game().metric,
            layout: Some(found.id),
        };
        self.set_game(rules, solver);
        self.new_game(found.board(), solver);
        Ok(())
    }

    /// Counts moves by `metric` from now on; the moves made so far are
    /// counted again the new way, and a request under way is dropped.
    pub fn set_metric(&mut self, metric: Metric, solver: &mut dyn SolverQueue) {
        if metric != self.game().metric {
            let rules = SlidingBlocks {
                metric,
                ..self.game().clone()
            };
            self.set_game(rules, solver);
            self.recount();
        }
    }

    /// The layout being played while the game started from it; `None` for
    /// a position of the player's own.
    pub fn layout_id(&self) -> Option<&'static str> {
        let id = self.game().layout?;
        (layout(id)?.board() == *self.start()).then_some(id)
    }

    /// The selected piece's index, if any.
    pub fn selected(&self) -> Option<usize> {
        self.ui().selected
    }

    /// Whether the selection is shown as the keyboard's cursor.
    pub fn keyboard(&self) -> bool {
        self.ui().keyboard
    }

    /// The top-left cells the selected piece can reach in one move.
    pub fn targets(&self) -> Vec<Cell> {
        match self.selected() {
            Some(index) if index < self.state().pieces().len() => {
                self.state().destinations(index, self.game().metric)
            }
            _ => Vec::new(),
        }
    }
}
