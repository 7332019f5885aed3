//! The fewest chain moves from every built-in layout, worked out once at
//! build time: the classic game's search takes the better part of a minute
//! natively and hundreds of megabytes, too much for a page to do each time a
//! game is won, so the web build ships this small table instead and the
//! browser's worker searches live only for positions it does not hold.
//!
//! # The file
//!
//! Text, one entry a line after the first (`slide pegs fewest 1`): the
//! position's bits (see [`PegBoard::bits`]), the goal (a hole's number, or
//! `any`), the number of moves, then each chain move as its holes joined by
//! `-` (where the peg starts, then each hole it lands in). Lines starting
//! with `#` are comments. Reading checks that every chain is one peg's legal
//! jumps and that the moves reach the goal, so a damaged file is refused
//! rather than trusted with an impossible answer; that the moves are the
//! fewest is what the build proved.
//!
//! For download with the solver's other tables, [`FewestTable::to_bytes`]
//! frames the text the same way as they are framed: one byte saying one
//! part follows, the part's length as four little-endian bytes, the part.

use super::board::PegBoard;
use super::fewest::{chain_holes, chain_through, ChainMove, FewestSolver};
use super::goal::Goal;
use super::layouts::layouts;
use super::HOLES;
use crate::quote::quote;
use crate::search::Unlimited;

/// The file the web build ships the table in (gzipped, with `.gz`); its
/// name changes with its format.
pub const FEWEST_FILE: &str = "pegs-fewest-v1.tab";

/// The first line of the text.
const HEADER: &str = "slide pegs fewest 1";

/// One start's fewest chain moves to one goal, with one way to play them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    board: PegBoard,
    goal: Goal,
    chains: Vec<ChainMove>,
}

/// The fewest chain moves from known starts (see the module's
/// documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FewestTable {
    entries: Vec<Entry>,
}

impl FewestTable {
    /// Works out the fewest chain moves from every built-in layout, towards
    /// its own goal and towards one peg anywhere (the goals the page
    /// offers); `progress` hears how many of how many are done. The classic
    /// game's two take about two minutes natively.
    pub fn build(progress: &mut dyn FnMut(usize, usize)) -> FewestTable {
        let mut starts: Vec<(PegBoard, Goal)> = Vec::new();
        for layout in layouts() {
            for goal in [layout.goal, Goal::AnyHole] {
                if !starts.contains(&(layout.start, goal)) {
                    starts.push((layout.start, goal));
                }
            }
        }
        let total = starts.len();
        progress(0, total);
        // One solver a goal: what it learns holds whatever the start.
        let mut solvers: Vec<FewestSolver> = Vec::new();
        let mut entries = Vec::new();
        for (done, (board, goal)) in starts.into_iter().enumerate() {
            let index = match solvers.iter().position(|s| s.goal() == goal) {
                Some(index) => index,
                None => {
                    solvers.push(FewestSolver::new(goal));
                    solvers.len() - 1
                }
            };
            let found = match solvers[index].solve(board, &mut Unlimited) {
                Ok(found) => found,
                Err(never) => unreachable!("an unlimited search is never stopped: {never:?}"),
            };
            // A layout whose goal cannot be reached has nothing to hold.
            if let Some(solution) = found {
                entries.push(Entry {
                    board,
                    goal,
                    chains: solution.moves,
                });
            }
            progress(done + 1, total);
        }
        FewestTable { entries }
    }

    /// How many starts the table holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table holds nothing.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The fewest chain moves from `board` to `goal`, as one way to play
    /// them, if the table holds that start.
    pub fn fewest(&self, board: PegBoard, goal: Goal) -> Option<&[ChainMove]> {
        self.entries
            .iter()
            .find(|entry| entry.board == board && entry.goal == goal)
            .map(|entry| entry.chains.as_slice())
    }

    /// The table as text (see the module's documentation).
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{HEADER}\n# position bits, goal, fewest chain moves, then each chain's holes\n"
        );
        for entry in &self.entries {
            let goal = match entry.goal.hole() {
                Some(hole) => hole.to_string(),
                None => "any".into(),
            };
            text.push_str(&format!(
                "{} {goal} {}",
                entry.board.bits(),
                entry.chains.len()
            ));
            for chain in &entry.chains {
                let holes: Vec<String> = chain_holes(chain)
                    .iter()
                    .map(|hole| hole.to_string())
                    .collect();
                text.push(' ');
                text.push_str(&holes.join("-"));
            }
            text.push('\n');
        }
        text
    }

    /// Reads [`FewestTable::to_text`]'s text, checking every entry's moves.
    ///
    /// # Errors
    /// The first fault found, with its line: a wrong header, a field that
    /// is not what it should be, a jump that is not legal, moves that do not
    /// reach the goal or are not as many as said.
    pub fn from_text(text: &str) -> Result<FewestTable, String> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, HEADER)) => {}
            _ => return Err(format!("the table does not start with '{HEADER}'")),
        }
        let mut entries = Vec::new();
        for (index, line) in lines {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let entry =
                read_entry(line).map_err(|reason| format!("line {}: {reason}", index + 1))?;
            entries.push(entry);
        }
        Ok(FewestTable { entries })
    }

    /// The text framed for download (see the module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let text = self.to_text().into_bytes();
        let length = u32::try_from(text.len()).expect("the table is far below 4 GB");
        let mut bytes = vec![1];
        bytes.extend_from_slice(&length.to_le_bytes());
        bytes.extend_from_slice(&text);
        bytes
    }

    /// Reads [`FewestTable::to_bytes`]'s framing and the text in it.
    ///
    /// # Errors
    /// A frame that is not one part of the length said, text that is not
    /// UTF-8, or any fault [`FewestTable::from_text`] finds.
    pub fn from_bytes(bytes: &[u8]) -> Result<FewestTable, String> {
        let (&count, rest) = bytes.split_first().ok_or("the table file is empty")?;
        let (length, text) = rest
            .split_at_checked(4)
            .ok_or("the table file is cut short")?;
        let length = u32::from_le_bytes(length.try_into().expect("four bytes")) as usize;
        if count != 1 || text.len() != length {
            return Err("the table file is not framed as one part of its length".into());
        }
        FewestTable::from_text(std::str::from_utf8(text).map_err(|_| "the table is not text")?)
    }
}

/// One line of the table.
fn read_entry(line: &str) -> Result<Entry, String> {
    let mut fields = line.split_whitespace();
    let mut next = |name: &str| fields.next().ok_or(format!("the {name} is missing"));
    let bits: u64 = next("position")?
        .parse()
        .map_err(|_| "the position is not a number".to_string())?;
    let board = PegBoard::from_bits(bits).map_err(|error| format!("the position: {error}"))?;
    let goal = match next("goal")? {
        "any" => Goal::AnyHole,
        hole => match hole.parse::<u8>() {
            Ok(hole) if usize::from(hole) < HOLES => Goal::Hole(hole),
            _ => return Err(format!("{hole} is not a goal", hole = quote(hole))),
        },
    };
    let moves: usize = next("number of moves")?
        .parse()
        .map_err(|_| "the number of moves is not a number".to_string())?;
    let mut chains = Vec::new();
    let mut at = board;
    for field in fields {
        let holes = field
            .split('-')
            .map(|hole| match hole.parse::<usize>() {
                Ok(hole) if hole < HOLES => Ok(hole),
                _ => Err(format!("{hole} is not a hole", hole = quote(hole))),
            })
            .collect::<Result<Vec<usize>, String>>()?;
        if holes.len() < 2 {
            return Err(format!(
                "{field} is not a chain of jumps",
                field = quote(field)
            ));
        }
        let chain = chain_through(&holes)?;
        at = at
            .apply_all(&chain)
            .map_err(|error| format!("the chain {field}: {error}"))?;
        chains.push(chain);
    }
    if chains.len() != moves {
        return Err(format!(
            "{} chain moves are written, not {moves}",
            chains.len()
        ));
    }
    if !goal.is_met(at) {
        return Err("the moves do not reach the goal".into());
    }
    Ok(Entry {
        board,
        goal,
        chains,
    })
}
