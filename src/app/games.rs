//! The list of games, written once: one line a game, in the order the
//! page's Game selector lists them, the first shown by default. The
//! protocol, the engine, the pool, the page shell and the command line find
//! a game's tasks, answers, jobs, tables and screen through it, and name no
//! game themselves.
//!
//! A line names a game's solver work (its
//! [`SolverWork`], in its own files)
//! and the function in `web/` that builds its screen. The game's id is
//! neither: it is its save format's
//! [`SaveFormat::ID`](crate::app::save::SaveFormat::ID), which the solver
//! work and the screen both take from there. The screen's path is only
//! expanded in the WebAssembly build (by `web/games.rs`), so native builds
//! never reach `web/`.

use super::workers::job::SolverWork;
use super::workers::tables::TableSet;

/// Hands the list of games to the macro `$then`, as lines of
/// `solver work, screen builder;`. [`GAMES`] is made from the first column
/// and the page's list of screens (`web/games.rs`) from the second.
macro_rules! each_game {
    ($then:ident) => {
        $then! {
            crate::app::sliding::solving::SlidingWork, crate::web::sliding_screen::sliding_screen;
            crate::app::pegs::solving::PegsWork, crate::web::pegs_screen::pegs_screen;
            crate::app::route::solving::RouteWork, crate::web::route_screen::route_screen;
            crate::app::blocks::solving::BlocksWork, crate::web::blocks_screen::blocks_screen;
        }
    };
}
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
pub(crate) use each_game;

/// The first column of [`each_game`]: every game's solver work.
macro_rules! solver_works {
    ($($work:path, $screen:path;)*) => {
        /// Every game's solver work, in the list's order. Their ids are
        /// unique, and so are their table sets' names (both checked by the
        /// tests).
        pub static GAMES: &[&dyn SolverWork] = &[$(&$work),*];
    };
}
each_game!(solver_works);

/// The place of the game `id` in [`GAMES`].
///
/// # Errors
/// No registered game has that id.
pub fn index(id: &str) -> Result<usize, String> {
    GAMES
        .iter()
        .position(|work| work.game() == id)
        .ok_or_else(|| format!("there is no game called '{id}'"))
}

/// The solver work of the game `id`.
///
/// # Errors
/// No registered game has that id.
pub fn work(id: &str) -> Result<&'static dyn SolverWork, String> {
    index(id).map(|index| GAMES[index])
}

/// Every game's table sets, in the registry's order.
pub fn table_sets() -> Vec<TableSet> {
    GAMES
        .iter()
        .flat_map(|work| work.tables().iter().copied())
        .collect()
}
