//! The list of games with solver work, written once: the protocol, the
//! engine, the pool, the page and the command line find a game's tasks,
//! answers, jobs and tables through it, and name no game themselves.
//!
//! A game adds its solver work by implementing
//! [`SolverWork`](crate::app::workers::job::SolverWork) in its own files and
//! adding one line to [`GAMES`].

use super::workers::job::SolverWork;
use super::workers::tables::TableSet;

/// Every game's solver work. Their ids are unique, and so are their table
/// sets' names (both checked by the tests).
pub static GAMES: &[&dyn SolverWork] = &[
    &super::sliding::solving::SlidingWork,
    &super::pegs::solving::PegsWork,
    &super::route::solving::RouteWork,
    &super::blocks::solving::BlocksWork,
];

/// The solver work of the game `id`.
///
/// # Errors
/// No registered game has that id.
pub fn work(id: &str) -> Result<&'static dyn SolverWork, String> {
    GAMES
        .iter()
        .copied()
        .find(|work| work.game() == id)
        .ok_or_else(|| format!("there is no game called '{id}'"))
}

/// Every game's table sets, in the registry's order.
pub fn table_sets() -> Vec<TableSet> {
    GAMES
        .iter()
        .flat_map(|work| work.tables().iter().copied())
        .collect()
}
