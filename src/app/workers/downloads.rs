//! The page's one download of each table file, shared by every worker,
//! without the browser: which workers wait for which file, when the file
//! is fetched, who gets the bytes, and when the page may let them go.
//!
//! A worker asks for a file when its engine wants the set
//! ([`super::engine`]); the page fetches each file once, however many
//! workers ask, and hands the same bytes to each. The bytes are held until
//! every worker has had them (the pool asks the others for a set once the
//! first has it), then dropped: a worker that asks again later (a fresh
//! one, in place of one that died) gets them read again from the browser's
//! cache. A file that could not be had is refused to every worker that
//! asks for the rest of the page's life; the next visit tries again.

use std::collections::HashMap;

use super::tables::TableSet;

/// What the page must do for the workers' tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Fetch this set's file (from the browser's cache, else the network),
    /// then call [`Downloads::loaded`] or [`Downloads::failed`].
    Fetch(TableSet),
    /// Hand the set's bytes to this worker; `last`: no other worker is
    /// waiting for them, so they may be moved rather than copied, and the
    /// page lets them go.
    Deliver {
        /// The worker's index.
        worker: usize,
        /// The set.
        set: TableSet,
        /// Whether this is the last worker to get these bytes.
        last: bool,
    },
    /// Tell this worker the set cannot be had, and why.
    Refuse {
        /// The worker's index.
        worker: usize,
        /// The set.
        set: TableSet,
        /// Why, in the player's words (lower case, no full stop).
        reason: String,
    },
    /// The set's copy in the browser's cache is damaged: delete it, so that
    /// the next visit downloads it again.
    Forget(TableSet),
}

/// Where one file stands in the page.
#[derive(Clone, Debug, PartialEq, Eq)]
enum FileState {
    /// Being fetched; these workers wait for it, in the order they asked.
    Fetching { waiting: Vec<usize> },
    /// Fetched and held: these workers have had it.
    Held { delivered: Vec<bool> },
    /// Every worker has had it; the page holds it no longer.
    Delivered,
    /// It could not be had, for this reason.
    Failed(String),
}

/// Which files the page fetches and who gets them, for a fixed number of
/// workers.
#[derive(Debug)]
pub struct Downloads {
    workers: usize,
    files: HashMap<TableSet, FileState>,
}

impl Downloads {
    /// No file fetched yet, for `workers` workers (at least one).
    pub fn new(workers: usize) -> Downloads {
        Downloads {
            workers: workers.max(1),
            files: HashMap::new(),
        }
    }

    /// The set whose file is called `file`, if any is registered.
    pub fn set_of_file(file: &str) -> Option<TableSet> {
        TableSet::all().into_iter().find(|set| set.file() == file)
    }

    /// Worker `worker` wants the file called `file`.
    pub fn wanted(&mut self, worker: usize, file: &str) -> Vec<Action> {
        let Some(set) = Downloads::set_of_file(file) else {
            // A set this page does not know: a worker of another build.
            return Vec::new();
        };
        self.wanted_set(worker, set)
    }

    /// Worker `worker` wants `set`.
    pub fn wanted_set(&mut self, worker: usize, set: TableSet) -> Vec<Action> {
        match self.files.get_mut(&set) {
            None | Some(FileState::Delivered) => {
                self.files.insert(
                    set,
                    FileState::Fetching {
                        waiting: vec![worker],
                    },
                );
                vec![Action::Fetch(set)]
            }
            Some(FileState::Fetching { waiting }) => {
                if !waiting.contains(&worker) {
                    waiting.push(worker);
                }
                Vec::new()
            }
            Some(FileState::Held { delivered }) => {
                if let Some(slot) = delivered.get_mut(worker) {
                    *slot = true;
                }
                let last = delivered.iter().all(|&had| had);
                if last {
                    self.files.insert(set, FileState::Delivered);
                }
                vec![Action::Deliver { worker, set, last }]
            }
            Some(FileState::Failed(reason)) => vec![Action::Refuse {
                worker,
                set,
                reason: reason.clone(),
            }],
        }
    }

    /// The page knows `set` will be wanted (a board that needs it is
    /// shown) before any worker has asked: it is fetched now, unless it is
    /// already, and held for the workers that ask.
    pub fn early(&mut self, set: TableSet) -> Vec<Action> {
        if self.files.contains_key(&set) {
            return Vec::new();
        }
        self.files.insert(
            set,
            FileState::Fetching {
                waiting: Vec::new(),
            },
        );
        vec![Action::Fetch(set)]
    }

    /// `set`'s file has been fetched: every worker waiting gets it.
    pub fn loaded(&mut self, set: TableSet) -> Vec<Action> {
        let Some(FileState::Fetching { waiting }) = self.files.remove(&set) else {
            return Vec::new();
        };
        let mut delivered = vec![false; self.workers];
        for &worker in &waiting {
            if let Some(slot) = delivered.get_mut(worker) {
                *slot = true;
            }
        }
        let everyone = delivered.iter().all(|&had| had);
        let count = waiting.len();
        let actions = waiting
            .into_iter()
            .enumerate()
            .map(|(i, worker)| Action::Deliver {
                worker,
                set,
                last: everyone && i + 1 == count,
            })
            .collect();
        self.files.insert(
            set,
            if everyone {
                FileState::Delivered
            } else {
                FileState::Held { delivered }
            },
        );
        actions
    }

    /// `set`'s file could not be had, for `reason`: every worker waiting
    /// is told, and so is every one that asks later.
    pub fn failed(&mut self, set: TableSet, reason: &str) -> Vec<Action> {
        let waiting = match self.files.remove(&set) {
            Some(FileState::Fetching { waiting }) => waiting,
            _ => Vec::new(),
        };
        self.files
            .insert(set, FileState::Failed(reason.to_string()));
        waiting
            .into_iter()
            .map(|worker| Action::Refuse {
                worker,
                set,
                reason: reason.to_string(),
            })
            .collect()
    }

    /// A worker says it has not got `set`, for `reason`. If the page had
    /// handed the file over whole, the worker could not read it: the file
    /// is damaged, so the cached copy goes, the bytes held go, and workers
    /// that ask later are refused. (A worker the page refused says so too:
    /// nothing more to do.)
    pub fn unreadable(&mut self, set: TableSet, reason: &str) -> Vec<Action> {
        if matches!(self.files.get(&set), Some(FileState::Failed(_)) | None) {
            return Vec::new();
        }
        let mut actions = self.failed(set, reason);
        actions.push(Action::Forget(set));
        actions
    }

    /// Worker `worker` was replaced by a fresh one, which has no tables
    /// and has asked for none: it is no longer waiting for any file, and
    /// gets one only if it asks.
    pub fn worker_replaced(&mut self, worker: usize) {
        for state in self.files.values_mut() {
            match state {
                FileState::Fetching { waiting } => waiting.retain(|&w| w != worker),
                FileState::Held { delivered } => {
                    if let Some(slot) = delivered.get_mut(worker) {
                        *slot = false;
                    }
                }
                FileState::Delivered | FileState::Failed(_) => {}
            }
        }
    }

    /// Whether the page should hold `set`'s bytes now.
    pub fn holds(&self, set: TableSet) -> bool {
        matches!(self.files.get(&set), Some(FileState::Held { .. }))
    }
}

/// What the player is shown while `set` downloads: `read` bytes of
/// `total` (when the server said how many), in megabytes to a tenth:
/// "Getting the 4x4 solver ready: 6.1 of 14.9 MB"; before the server has
/// answered, "Getting the 4x4 solver ready…".
pub fn progress_text(set: TableSet, read: u64, total: Option<u64>) -> String {
    let megabytes = |bytes: u64| format!("{:.1}", bytes as f64 / 1e6);
    let name = set.name();
    match total {
        None if read == 0 => format!("Getting the {name} solver ready…"),
        Some(total) if total >= read => format!(
            "Getting the {name} solver ready: {} of {} MB",
            megabytes(read),
            megabytes(total)
        ),
        _ => format!("Getting the {name} solver ready: {} MB", megabytes(read)),
    }
}

/// What a screen reader is told, once, when `set` starts downloading.
pub fn start_text(set: TableSet, total: Option<u64>) -> String {
    match total {
        Some(total) => format!(
            "Getting the {} solver ready: {:.1} MB to download.",
            set.name(),
            total as f64 / 1e6
        ),
        None => format!("Getting the {} solver ready.", set.name()),
    }
}

/// Why a download failed, from how many bytes came of how many expected:
/// the player's words for a download cut short.
pub fn cut_short(read: u64, total: u64) -> String {
    format!(
        "the download was cut short at {:.1} of {:.1} MB",
        read as f64 / 1e6,
        total as f64 / 1e6
    )
}
