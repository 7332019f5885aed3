//! The lines of a save about the par and the best scores: read apart from
//! the history, then set on the session read back.

use super::{SaveFormat, MAX_CLOCK_MS};
use crate::app::par::Par;
use crate::app::records::Improvement;
use crate::app::session::Session;
use crate::quote::quote;

/// What a save keeps for the par and the best scores (see
/// [`Session::par`], [`Session::is_ranked`], [`Session::variant`],
/// [`Session::settled`]).
#[derive(Default)]
pub(super) struct ScoreEntries {
    par: Option<Par>,
    unranked: bool,
    variant: Option<String>,
    settled: Option<Improvement>,
    solver_ms: Option<f64>,
}

impl ScoreEntries {
    /// Reads one line if it is one of these (false if it is not), or says
    /// what is wrong with it.
    pub(super) fn read(&mut self, key: &str, value: &str) -> Result<bool, String> {
        match key {
            "par" => {
                let (moves, proof) = value.split_once(' ').unwrap_or((value, ""));
                let moves = moves.parse().map_err(|_| {
                    format!("{moves} is not a number of moves", moves = quote(moves))
                })?;
                let optimal = match proof {
                    "shortest" => true,
                    "found" => false,
                    other => {
                        return Err(format!(
                            "{other} is not 'shortest' or 'found'",
                            other = quote(other)
                        ))
                    }
                };
                self.par = Some(Par { moves, optimal });
            }
            "unranked" => self.unranked = true,
            "variant" if !value.is_empty() => self.variant = Some(value.to_string()),
            "settled" => {
                let (moves, time) = match value {
                    "both" => (true, true),
                    "moves" => (true, false),
                    "time" => (false, true),
                    "none" => (false, false),
                    other => {
                        return Err(format!(
                            "{other} is not a best beaten",
                            other = quote(other)
                        ))
                    }
                };
                self.settled = Some(Improvement { moves, time });
            }
            "solver-time" => {
                let ms = value
                    .parse::<f64>()
                    .ok()
                    .filter(|ms| ms.is_finite() && *ms >= 0.0)
                    .ok_or_else(|| {
                        format!(
                            "{value} is not a time the solver played",
                            value = quote(value)
                        )
                    })?;
                self.solver_ms = Some(ms.min(MAX_CLOCK_MS));
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    pub(super) fn apply<G: SaveFormat>(self, session: &mut Session<G>) {
        session.set_par(self.par);
        session.set_ranked(!self.unranked);
        session.set_variant(self.variant);
        session.set_settled(self.settled);
        session.set_solver_ms(self.solver_ms);
    }
}
