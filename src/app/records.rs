//! The player's best scores: for each kind of game (a sliding board's size
//! and difficulty, a peg layout and goal), the fewest moves and the best
//! time of the games that count, kept by the page in the browser's storage
//! as text.
//!
//! The text is read back defensively: it comes from the browser's storage,
//! where anything may have been written. A text without the header line of
//! this version is ignored as a whole; a damaged line is skipped, the
//! others kept. Nothing here panics on any input.

use std::collections::BTreeMap;

use super::history::format_duration;
use super::wording::Noun;

/// The first line of the text, naming the format and its version.
pub const HEADER: &str = "slide best scores v1";
/// The browser storage key the page keeps the text under.
pub const STORAGE_KEY: &str = "slide.best.v1";
/// The longest key kept (keys are made by the games, short).
const MAX_KEY: usize = 100;

/// The best scores of one kind of game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    /// The fewest moves of a game won.
    pub moves: u32,
    /// The shortest time of a game won, in milliseconds (from another game
    /// than the fewest moves, maybe).
    pub time_ms: u64,
}

/// Which bests a game beat (both, for the first game of its kind).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Improvement {
    /// It took fewer moves than any before.
    pub moves: bool,
    /// It took less time than any before.
    pub time: bool,
}

impl Improvement {
    /// Whether any best was beaten.
    pub fn any(self) -> bool {
        self.moves || self.time
    }

    /// What the won message says about it: `New best!` when both were
    /// beaten, `New best: fewest moves!` or `New best time!` for one, and
    /// nothing otherwise.
    pub fn text(self) -> &'static str {
        match (self.moves, self.time) {
            (true, true) => "New best!",
            (true, false) => "New best: fewest moves!",
            (false, true) => "New best time!",
            (false, false) => "",
        }
    }
}

/// Every kind of game's best scores.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records {
    bests: BTreeMap<String, Best>,
}

impl Records {
    /// No scores yet.
    pub fn new() -> Records {
        Records::default()
    }

    /// Reads the text [`Records::to_text`] writes. A text of another format
    /// or version gives no scores; damaged lines are skipped.
    pub fn parse(text: &str) -> Records {
        let mut records = Records::new();
        let mut lines = text.lines();
        if lines.next().map(str::trim_end) != Some(HEADER) {
            return records;
        }
        for line in lines {
            if let Some((key, best)) = parse_line(line) {
                records.offer_best(&key, best);
            }
        }
        records
    }

    /// The scores as text: the header, then one line per kind of game
    /// (key, moves and milliseconds, separated by tabs).
    pub fn to_text(&self) -> String {
        let mut text = String::from(HEADER);
        for (key, best) in &self.bests {
            text.push_str(&format!("\n{key}\t{}\t{}", best.moves, best.time_ms));
        }
        text.push('\n');
        text
    }

    /// The best scores of the kind of game `key`, if any game counted.
    pub fn get(&self, key: &str) -> Option<Best> {
        self.bests.get(key).copied()
    }

    /// Records a game of kind `key` won in `moves` moves and `time_ms`
    /// milliseconds, and says which bests it beat. A key no game could have
    /// (empty, too long, with a tab or a line break) is not kept.
    pub fn offer(&mut self, key: &str, moves: u32, time_ms: f64) -> Improvement {
        let time_ms = if time_ms.is_finite() && time_ms > 0.0 {
            time_ms.round() as u64
        } else {
            0
        };
        if !is_key(key) {
            return Improvement::default();
        }
        self.offer_best(key, Best { moves, time_ms })
    }

    fn offer_best(&mut self, key: &str, best: Best) -> Improvement {
        match self.bests.get_mut(key) {
            Some(held) => {
                let improvement = Improvement {
                    moves: best.moves < held.moves,
                    time: best.time_ms < held.time_ms,
                };
                held.moves = held.moves.min(best.moves);
                held.time_ms = held.time_ms.min(best.time_ms);
                improvement
            }
            None => {
                self.bests.insert(key.to_string(), best);
                Improvement {
                    moves: true,
                    time: true,
                }
            }
        }
    }

    /// How many kinds of game have scores.
    pub fn len(&self) -> usize {
        self.bests.len()
    }

    /// Whether no game has counted yet.
    pub fn is_empty(&self) -> bool {
        self.bests.is_empty()
    }
}

/// Whether `key` can be kept: one short line without tabs.
fn is_key(key: &str) -> bool {
    !key.trim().is_empty() && key.len() <= MAX_KEY && !key.chars().any(char::is_control)
}

/// One line of scores, or `None` if it is damaged.
fn parse_line(line: &str) -> Option<(String, Best)> {
    let mut fields = line.split('\t');
    let (key, moves, time) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() || !is_key(key) {
        return None;
    }
    let moves: u32 = moves.trim().parse().ok().filter(|&m| m > 0)?;
    let time_ms: u64 = time.trim().parse().ok()?;
    Some((key.to_string(), Best { moves, time_ms }))
}

/// The best scores as the page shows them: `Best: 52 moves · 1:14`
/// (`moves`: what the game calls them).
pub fn best_text(best: Best, moves: Noun) -> String {
    format!(
        "Best: {} · {}",
        moves.count(u64::from(best.moves)),
        format_duration(best.time_ms as f64)
    )
}
