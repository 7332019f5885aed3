//! Table sets: files of precomputed answers or estimates that a worker
//! downloads the first time a task needs them. Each game declares its own
//! (see [`super::job::SolverWork::tables`]); [`crate::app::games`] lists
//! them all.

use std::fmt;

#[cfg(not(target_arch = "wasm32"))]
use crate::sliding::pdb::BuildProgress;

/// What a table set is: declared once, as a `static`, by the game that
/// needs it.
#[derive(Debug)]
pub struct TableSpec {
    /// Its name in messages and for the player ("4x4"); unique.
    pub name: &'static str,
    /// Its file name (served gzipped, with `.gz`).
    pub file: &'static str,
    /// The environment variable that can name another file for it on the
    /// command line.
    pub env: &'static str,
    /// What the set holds, for the command line's messages.
    pub description: &'static str,
    /// What the player is told when it cannot be loaded, given why.
    pub failure_note: fn(&str) -> String,
    /// The attribute the page's root gets, set to "ready", when the set is
    /// loaded (for tests and benchmarks).
    pub attribute: &'static str,
    /// How the command line checks and builds its file (natively only: the
    /// browser downloads the file the command line wrote).
    #[cfg(not(target_arch = "wasm32"))]
    pub build: TableBuild,
}

/// How a set's file is checked and built, natively.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug)]
pub struct TableBuild {
    /// About how long a build takes, for the command line's message.
    pub how_long: &'static str,
    /// Whether a file's bytes are a whole, readable set (the reason if not).
    pub check: fn(&[u8]) -> Result<(), String>,
    /// Builds the set, reporting progress, and gives its file's bytes.
    pub build: fn(&mut dyn FnMut(BuildProgress)) -> Vec<u8>,
}

/// A table set; compared by name.
#[derive(Clone, Copy)]
pub struct TableSet(pub &'static TableSpec);

impl TableSet {
    /// Its name in messages and for the player ("4x4"), unique among the
    /// registered sets; [`TableSet::named`] finds the set back from it.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// Its file name (served gzipped, with `.gz`).
    pub fn file(self) -> &'static str {
        self.0.file
    }

    /// What the player is told when the set cannot be loaded, after why.
    pub fn failure_note(self, reason: &str) -> String {
        (self.0.failure_note)(reason)
    }

    /// Every registered set, in the list of games' order.
    pub fn all() -> Vec<TableSet> {
        crate::app::games::table_sets()
    }

    /// The registered set of a name.
    pub fn named(name: &str) -> Option<TableSet> {
        TableSet::all().into_iter().find(|set| set.name() == name)
    }
}

impl PartialEq for TableSet {
    fn eq(&self, other: &TableSet) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for TableSet {}

impl std::hash::Hash for TableSet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.name.hash(state);
    }
}

impl fmt::Debug for TableSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TableSet({})", self.0.name)
    }
}
