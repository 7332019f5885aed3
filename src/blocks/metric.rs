//! What counts as one move of a sliding-block puzzle. Published optimal
//! counts differ by metric, so every count this crate gives names one.

use std::fmt;

/// What one move is.
///
/// Klotski's classic start (Heng Dao Li Ma) takes 81 moves along any path,
/// 90 in straight lines and 116 single steps; a Rush Hour vehicle can only
/// slide along its own line, so there `Straight` and `AnyPath` agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Metric {
    /// One piece slid any distance in one direction (the usual count of
    /// Rush Hour cards, and of Klotski in "straight-line" counts).
    #[default]
    Straight,
    /// One piece moved any distance along any path of free cells, turning
    /// corners (the metric of Klotski's famous 81).
    AnyPath,
    /// One piece moved by one cell.
    Step,
}

impl Metric {
    /// Every metric, the default first.
    pub const ALL: [Metric; 3] = [Metric::Straight, Metric::AnyPath, Metric::Step];

    /// The metric's id in text (`straight`, `path`, `step`).
    pub fn id(self) -> &'static str {
        match self {
            Metric::Straight => "straight",
            Metric::AnyPath => "path",
            Metric::Step => "step",
        }
    }

    /// The metric whose [`Metric::id`] is `id`.
    pub fn from_id(id: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|metric| metric.id() == id)
    }

    /// How a move is described, for the player.
    pub fn describe(self) -> &'static str {
        match self {
            Metric::Straight => "one piece slid any distance in a straight line",
            Metric::AnyPath => "one piece moved any distance along any free path",
            Metric::Step => "one piece moved by one cell",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
