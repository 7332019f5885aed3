//! Par: how many moves the best solution from a game's start takes, to
//! tell the player, once the game is won, how close they came.
//!
//! A par is exact where the solver proves its solution shortest (the 3x3
//! and 4x4 and other boards solved optimally; a board drawn by difficulty
//! comes with its exact distance) and otherwise the best solution the
//! solver found, which the won message words as such.

/// The length of the best solution known from a game's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Par {
    /// Its moves, from the game's start to a win.
    pub moves: u32,
    /// Whether no shorter solution exists.
    pub optimal: bool,
}

impl Par {
    /// The better of two pars for the same start: a proven one, or else
    /// the shorter.
    pub fn better(self, other: Par) -> Par {
        match (self.optimal, other.optimal) {
            (true, false) => self,
            (false, true) => other,
            _ if other.moves < self.moves => other,
            _ => self,
        }
    }
}
