//! Sliding-block puzzles (Klotski and Rush Hour) as the page plays them:
//! the rules glue for the shared [`Session`], taps, drags and keys
//! (`game.rs`), the layouts and metric (`commands.rs`), where pieces are
//! drawn mid-move (`motion.rs`), the save words (`keep.rs`) and the solver
//! work ([`solving`]).

mod commands;
mod game;
mod keep;
mod motion;
pub mod solving;

pub use motion::{piece_places, PiecePlace};

use super::game::Words;
use super::session::Session;
use crate::blocks::{layouts, Metric};

/// The layout a new visitor plays.
pub const DEFAULT_LAYOUT: &str = "heng-dao-li-ma";
/// How far a pointer must travel, in CSS pixels, to count as a drag.
pub const DRAG_MIN_PX: f64 = 12.0;
/// How long one move takes on screen, in milliseconds.
pub const SLIDE_MS: f64 = 180.0;

/// The rules: what one move is, and the layout dealt (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlidingBlocks {
    metric: Metric,
    layout: Option<&'static str>,
}

impl SlidingBlocks {
    /// Playing a position of the player's own, moves counted by `metric`.
    pub fn new(metric: Metric) -> SlidingBlocks {
        SlidingBlocks {
            metric,
            layout: None,
        }
    }

    /// What one move is.
    pub fn metric(&self) -> Metric {
        self.metric
    }
}

/// What undo leaves alone: the piece selected, and whether the keyboard
/// was used last (the selection is then drawn as a cursor).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockUi {
    /// The selected piece's index.
    pub selected: Option<usize>,
    /// Whether the keyboard was used last.
    pub keyboard: bool,
}

/// A sliding-block game being played.
pub type BlocksGame = Session<SlidingBlocks>;

const WORDS: Words = Words {
    already_won: "Already solved: pick a layout for a new game.",
    looking_for_hint: "Looking for the best move",
    ..Words::DEFAULT
};

/// The layouts offered, as (id, label) pairs for a selector.
pub fn layout_choices() -> Vec<(&'static str, &'static str)> {
    layouts()
        .iter()
        .map(|layout| (layout.id, layout.name))
        .collect()
}

/// The metrics offered, as (id, label) pairs for a selector.
pub fn metric_choices() -> Vec<(&'static str, &'static str)> {
    vec![
        (Metric::Straight.id(), "Straight slides"),
        (Metric::AnyPath.id(), "Any path"),
        (Metric::Step.id(), "Single steps"),
    ]
}
