//! Games kept between visits: the [`SaveFormat`] interface every game
//! implements to write its rules, positions and moves as short words (read
//! back as strictly as typed input; links use the same words), and the save
//! a [`Session`] is written as and read back from. The lines about par and
//! best scores are read in `scores`; the helpers for a game's words (runs of
//! a bitmap, escaped names) are in `words`.
//!
//! A save is plain text, one entry a line:
//!
//! ```text
//! slide-save 1 pegs          the format, its version and the game's id
//! rules classic:16           the game's rules (SaveFormat::write_rules)
//! speed 6                    the auto-solve's speed, moves a second
//! clock 83250                milliseconds on the clock, or `none`
//! par 18 shortest            the par of the start, if known (or `found`)
//! unranked                   a win does not count for the best scores
//! variant hard               kept with the game in the best scores
//! settled moves              the win was counted, and beat these bests
//! solver-time 20000          milliseconds the auto-solve played, apart
//!                            from the clock (the player's time), if any
//! start ooooooooooooooo.o…   the position the game started from
//! gap 120 <position> <move>  steps dropped before this one (at most one),
//!                            with the move that led to it and `auto` if
//!                            the solver had played
//! move 5-17                  a step: one move from the step before
//! auto 3-5                   a step: a move the auto-solve played
//! restart                    a step: back to the start (Restart)
//! at 2                       which step is current (0: the start)
//! ```
//!
//! Every step after the start is a move checked against the rules when the
//! save is read (or a restart), so a damaged history is refused rather than
//! played; the move counts are worked out again as the moves are replayed.
//! Only the last [`MAX_STEPS`] steps are kept: older ones are dropped and
//! the first step kept is written whole (`gap`), so a long game's save stays
//! a few kilobytes. The clock is read back stopped at the time it showed,
//! and counts on from there at the next move.
//!
//! A save longer than [`MAX_SAVE_BYTES`] is refused unread, and a clock
//! past [`MAX_CLOCK_MS`] (99:59:59) is read back as that.
//!
//! A game whose rules cannot be kept (a player's image too large to store)
//! is written as `unkept <reason>`, which reading refuses with that reason.

mod scores;
mod words;

pub use words::{escape, read_runs, unescape, write_runs};

use super::game::Game;
use super::history::{Clock, History};
use super::session::{Session, Snapshot};
use super::wording::group_thousands;
use crate::quote::quote;
use scores::ScoreEntries;

/// The save format's version: a save of another version is refused.
pub const SAVE_VERSION: u32 = 1;
/// How many steps of the undo history a save keeps.
pub const MAX_STEPS: usize = 1000;
/// The longest save (in bytes) that is read: the largest map from a
/// player's image ([`super::route::IMAGE_SAVE_MAX_CHARS`]) with a full
/// history fits; a longer one is refused before any of it is parsed.
pub const MAX_SAVE_BYTES: usize = 1_000_000;
/// The most time a save's clock is read back with: 99:59:59. A clock
/// past it (a damaged save, or a game left open for days) reads back as
/// this, so the status line never shows a time too wide to read.
pub const MAX_CLOCK_MS: f64 = ((99 * 60 + 59) * 60 + 59) as f64 * 1000.0;
/// What a save's first line begins with.
const MAGIC: &str = "slide-save";

/// What a game needs to be kept in the browser and shared in a link: its
/// rules, positions and moves as words (no spaces, no line breaks, only
/// characters that need no escaping in a link), and how to read them back,
/// checked as strictly as typed input.
pub trait SaveFormat: Game + Sized {
    /// The game's id: `?game=ID` in the address, and what a save says it
    /// is for.
    const ID: &'static str;

    /// The rules as one word that [`SaveFormat::read_rules`] reads back (it may
    /// be empty); `Err` with a lower-case reason if they cannot be kept.
    fn write_rules(&self) -> Result<String, String>;

    /// Reads rules written by [`SaveFormat::write_rules`], or says what is wrong.
    fn read_rules(text: &str) -> Result<Self, String>;

    /// A position as one word that [`SaveFormat::read_state`] reads back.
    fn write_state(&self, state: &Self::State) -> String;

    /// Reads a position written by [`SaveFormat::write_state`], checked as a
    /// position typed in would be; or says what is wrong.
    fn read_state(&self, text: &str) -> Result<Self::State, String>;

    /// A move as one word that [`SaveFormat::read_move`] reads back.
    fn write_move(&self, mv: Self::Move) -> String;

    /// Reads a move written by [`SaveFormat::write_move`] (whether it is legal
    /// is for [`Game::apply`] to say).
    fn read_move(&self, text: &str) -> Result<Self::Move, String>;

    /// The move that takes `before` to `after`, if one move does.
    fn move_between(&self, before: &Self::State, after: &Self::State) -> Option<Self::Move>;

    /// The moves that lead to `state` from where a game of these rules
    /// starts, if the position carries them (a route walked so far); a
    /// game opened from a link then has them to undo. Empty (the default):
    /// the position is a start of its own.
    fn moves_to(&self, state: &Self::State) -> Vec<Self::Move> {
        let _ = state;
        Vec::new()
    }

    /// Where a game of these rules starts, for a position that carries the
    /// moves to it (see [`SaveFormat::moves_to`]); `state` itself by default.
    fn start_of(&self, state: &Self::State) -> Self::State {
        state.clone()
    }

    /// Why these rules cannot go into a link, if they cannot (a player's
    /// own image stays on their device).
    fn unshareable(&self) -> Option<String> {
        None
    }
}

/// How one step of the history is written.
enum Step<M> {
    /// A move the player made.
    Move(M),
    /// A move the auto-solve made (a game won after one does not count
    /// for the best scores).
    Auto(M),
    Restart,
}

impl<G: SaveFormat> Session<G> {
    /// The game as a save (see the module's documentation), with the clock
    /// read at `now`.
    pub fn save(&self, now: f64) -> String {
        let game = self.game();
        let mut lines = vec![format!("{MAGIC} {SAVE_VERSION} {}", G::ID)];
        let rules = match game.write_rules() {
            Ok(rules) => rules,
            Err(reason) => {
                lines.push(format!("unkept {reason}"));
                return lines.join("\n") + "\n";
            }
        };
        lines.push(format!("rules {rules}"));
        lines.push(format!("speed {}", self.speed()));
        let clock = self.clock();
        lines.push(if clock.has_started() {
            format!("clock {}", clock.elapsed(now).round())
        } else {
            "clock none".into()
        });
        if let Some(par) = self.par() {
            let proof = if par.optimal { "shortest" } else { "found" };
            lines.push(format!("par {} {proof}", par.moves));
        }
        if !self.is_ranked() {
            lines.push("unranked".into());
        }
        if let Some(variant) = self.variant() {
            lines.push(format!("variant {variant}"));
        }
        if let Some(settled) = self.settled() {
            lines.push(format!(
                "settled {}",
                match (settled.moves, settled.time) {
                    (true, true) => "both",
                    (true, false) => "moves",
                    (false, true) => "time",
                    (false, false) => "none",
                }
            ));
        }
        if let Some(ms) = self.solver_ms() {
            lines.push(format!("solver-time {}", ms.round()));
        }
        let history = self.history();
        let states = history.states();
        let start = &states[0];
        lines.push(format!("start {}", game.write_state(&start.state)));
        let at = history.position();
        // The steps kept: up to a quarter of them ahead of the current one
        // (redo), the rest behind it.
        let last = (at + (states.len() - 1 - at).min(MAX_STEPS / 4)).max(at);
        let mut steps = Vec::new();
        let mut first = last + 1;
        while first > 1 && steps.len() < MAX_STEPS {
            let (before, after) = (&states[first - 2], &states[first - 1]);
            match self.step(before, after, start) {
                Some(step) => steps.push(step),
                // A step that is neither (which the session never makes)
                // starts the kept part.
                None => break,
            }
            first -= 1;
        }
        steps.reverse();
        // `first` is now the index of the first state reached by a step
        // kept; the one before it is the start, or written whole.
        let gap = first - 1;
        if gap > 0 {
            let snapshot = &states[gap];
            lines.push(format!(
                "gap {} {} {}{}",
                snapshot.moves,
                game.write_state(&snapshot.state),
                snapshot
                    .last
                    .map_or_else(|| "-".into(), |mv| game.write_move(mv)),
                if snapshot.assisted { " auto" } else { "" }
            ));
        }
        for step in steps {
            lines.push(match step {
                Step::Move(mv) => format!("move {}", game.write_move(mv)),
                Step::Auto(mv) => format!("auto {}", game.write_move(mv)),
                Step::Restart => "restart".into(),
            });
        }
        // After a gap the states kept are the start, the gap's and the
        // ones after it; a current state dropped becomes the gap's.
        let position = if gap == 0 || at == 0 {
            at
        } else {
            at.max(gap) - gap + 1
        };
        lines.push(format!("at {position}"));
        lines.join("\n") + "\n"
    }

    /// How the step from `before` to `after` is written.
    fn step(
        &self,
        before: &Snapshot<G::State, G::Move>,
        after: &Snapshot<G::State, G::Move>,
        start: &Snapshot<G::State, G::Move>,
    ) -> Option<Step<G::Move>> {
        let game = self.game();
        if let Some(mv) = game.move_between(&before.state, &after.state) {
            let cost = game.move_cost(&before.state, &after.state, before.last, mv);
            if before.moves + cost == after.moves {
                // The flag is "the auto-solve played on the way here": the
                // step that first sets it is the solver's.
                return Some(if after.assisted && !before.assisted {
                    Step::Auto(mv)
                } else {
                    Step::Move(mv)
                });
            }
        }
        (after.moves == 0 && after.state == start.state).then_some(Step::Restart)
    }

    /// Reads a game back from a save made by [`Session::save`], its clock
    /// stopped at the time saved (as of `now`) until the next move.
    ///
    /// # Errors
    /// A lower-case reason: the text is not a save, is of another version
    /// or another game, or its rules, a position or a move is damaged or
    /// not legal.
    pub fn restore(text: &str, now: f64) -> Result<Session<G>, String> {
        if text.len() > MAX_SAVE_BYTES {
            return Err(format!(
                "the save is {} bytes long, more than the {} a save may take",
                group_thousands(text.len() as u64),
                group_thousands(MAX_SAVE_BYTES as u64)
            ));
        }
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let (_, header) = lines.next().ok_or("the save is empty")?;
        let mut words = header.split_whitespace();
        if words.next() != Some(MAGIC) {
            return Err("this is not a saved game".into());
        }
        let version = words.next().unwrap_or("");
        if version != SAVE_VERSION.to_string() {
            return Err(format!(
                "the save is of version {version}, and this version of the game reads version {SAVE_VERSION}",
                version = quote(version)
            ));
        }
        let id = words.next().unwrap_or("");
        if id != G::ID {
            return Err(format!(
                "the save is of the game {id}, not '{}'",
                G::ID,
                id = quote(id)
            ));
        }
        let mut entries = lines
            .map(|(number, line)| {
                let line = line.trim();
                let (key, value) = line.split_once(' ').unwrap_or((line, ""));
                (number + 1, key, value.trim())
            })
            .peekable();
        let mut scores = ScoreEntries::default();
        let mut expect = |wanted: &str| -> Result<(usize, String), String> {
            // What the best scores and the par need comes before the start,
            // each line optional.
            if wanted == "start" {
                while let Some(&(number, key, value)) = entries.peek() {
                    if !scores
                        .read(key, value)
                        .map_err(|e| format!("line {number}: {e}"))?
                    {
                        break;
                    }
                    entries.next();
                }
            }
            match entries.next() {
                Some((number, key, value)) if key == wanted => Ok((number, value.to_string())),
                Some((number, "unkept", value)) => Err(format!(
                    "line {number}: the game was not kept: {}",
                    unkept_reason(value)
                )),
                Some((number, key, _)) => Err(format!(
                    "line {number}: {key} where the save should say {wanted}",
                    key = quote(key),
                    wanted = quote(wanted)
                )),
                None => Err(format!(
                    "the save ends before its {wanted} line",
                    wanted = quote(wanted)
                )),
            }
        };
        let (number, rules) = expect("rules")?;
        let game = G::read_rules(&rules).map_err(|e| format!("line {number}: {e}"))?;
        let (number, speed) = expect("speed")?;
        let speed: f64 = speed
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite())
            .ok_or_else(|| {
                format!(
                    "line {number}: {speed} is not a speed",
                    speed = quote(&speed)
                )
            })?;
        let (number, clock) = expect("clock")?;
        let clock = match clock.as_str() {
            "none" => Clock::default(),
            ms => match ms.parse::<f64>() {
                Ok(ms) if ms.is_finite() && ms >= 0.0 => Clock::paused(ms.min(MAX_CLOCK_MS), now),
                _ => {
                    return Err(format!(
                        "line {number}: {ms} is not a time on the clock",
                        ms = quote(ms)
                    ))
                }
            },
        };
        let (number, start) = expect("start")?;
        let start = game
            .read_state(&start)
            .map_err(|e| format!("line {number}: the start: {e}"))?;
        let mut states = vec![Snapshot {
            state: start.clone(),
            moves: 0,
            last: None,
            assisted: false,
        }];
        let mut position = None;
        for (number, key, value) in entries {
            if position.is_some() {
                return Err(format!(
                    "line {number}: the save goes on after its 'at' line"
                ));
            }
            let previous = states.last().expect("the start is always there");
            let next = match key {
                "move" | "auto" => {
                    let mv = game
                        .read_move(value)
                        .map_err(|e| format!("line {number}: {e}"))?;
                    let state = game.apply(&previous.state, mv).map_err(|e| {
                        format!(
                            "line {number}: the move {value} is not legal: {e}",
                            value = quote(value)
                        )
                    })?;
                    let moves =
                        previous.moves + game.move_cost(&previous.state, &state, previous.last, mv);
                    Snapshot {
                        state,
                        moves,
                        last: Some(mv),
                        assisted: previous.assisted || key == "auto",
                    }
                }
                "restart" => Snapshot {
                    state: start.clone(),
                    moves: 0,
                    last: None,
                    assisted: false,
                },
                "gap" if states.len() == 1 => {
                    let mut words = value.split_whitespace();
                    let moves = words.next().unwrap_or("");
                    let moves = moves.parse().map_err(|_| {
                        format!(
                            "line {number}: {moves} is not a move count",
                            moves = quote(moves)
                        )
                    })?;
                    let state = game
                        .read_state(words.next().unwrap_or(""))
                        .map_err(|e| format!("line {number}: {e}"))?;
                    let last = match words.next() {
                        None | Some("-") => None,
                        Some(mv) => Some(
                            game.read_move(mv)
                                .map_err(|e| format!("line {number}: {e}"))?,
                        ),
                    };
                    let assisted = match words.next() {
                        None => false,
                        Some("auto") => true,
                        Some(other) => {
                            return Err(format!(
                                "line {number}: {other} ends the gap",
                                other = quote(other)
                            ))
                        }
                    };
                    Snapshot {
                        state,
                        moves,
                        last,
                        assisted,
                    }
                }
                "gap" => {
                    return Err(format!(
                        "line {number}: a gap in the history comes only right after the start"
                    ))
                }
                "at" => {
                    let at: usize = value
                        .parse()
                        .ok()
                        .filter(|&at| at < states.len())
                        .ok_or_else(|| {
                            format!(
                                "line {number}: {value} is not a step of this history (0 to {})",
                                states.len() - 1,
                                value = quote(value)
                            )
                        })?;
                    position = Some(at);
                    continue;
                }
                "unkept" => {
                    return Err(format!(
                        "line {number}: the game was not kept: {}",
                        unkept_reason(value)
                    ))
                }
                other => {
                    return Err(format!(
                        "line {number}: {other} is not a save entry",
                        other = quote(other)
                    ))
                }
            };
            states.push(next);
        }
        let position = position.ok_or("the save ends before its 'at' line")?;
        let history = History::from_states(states, position).ok_or("the history is empty")?;
        let mut session = Session::resumed(game, history, clock, speed);
        scores.apply(&mut session);
        Ok(session)
    }
}

/// The reason an `unkept` line gives, as a message shows it: a sentence the
/// game wrote is shown whole; anything longer than any reason the games
/// write, or holding control characters, was not written by them and is
/// quoted (cut short).
fn unkept_reason(value: &str) -> String {
    if value.chars().count() <= 200 && !value.chars().any(char::is_control) {
        value.to_string()
    } else {
        quote(value)
    }
}
