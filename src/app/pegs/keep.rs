//! Peg solitaire's save format.

use super::motion::jump_between;
use super::PegSolitaire;
use crate::app::save::Keep;
use crate::pegs::{layout, Goal, Jump, PegBoard, HOLES};
use crate::quote::quote;

/// Peg solitaire's words: the rules as the layout dealt (`-` for none) and
/// the goal (a hole's number, or `any`) separated by `:`; a position as its
/// 33 holes in reading order, `o` a peg and `.` an empty hole; a jump as
/// `from-to`, the holes' numbers.
impl Keep for PegSolitaire {
    const ID: &'static str = "pegs";

    fn write_rules(&self) -> Result<String, String> {
        let layout = self.layout.map_or("-", |layout| layout.id);
        let goal = match self.goal {
            Goal::AnyHole => "any".to_string(),
            Goal::Hole(hole) => hole.to_string(),
        };
        // A chain of jumps counted as one move changes the move counts the
        // history is read back with.
        let chains = if self.chains { ":chains" } else { "" };
        Ok(format!("{layout}:{goal}{chains}"))
    }

    fn read_rules(text: &str) -> Result<PegSolitaire, String> {
        let (text, chains) = match text.strip_suffix(":chains") {
            Some(rules) => (rules, true),
            None => (text, false),
        };
        let (id, goal) = text.split_once(':').ok_or_else(|| {
            format!(
                "{text} is not peg-solitaire rules: write the layout, a colon, then the goal",
                text = quote(text)
            )
        })?;
        let goal = match goal {
            "any" => Goal::AnyHole,
            hole => match hole.parse::<u8>() {
                Ok(hole) if usize::from(hole) < HOLES => Goal::Hole(hole),
                _ => {
                    return Err(format!(
                        "{hole} is not a goal: write a hole's number (0 to 32) or 'any'",
                        hole = quote(hole)
                    ))
                }
            },
        };
        let layout = match id {
            "-" => None,
            id => Some(
                layout(id)
                    .ok_or_else(|| format!("there is no layout called {id}", id = quote(id)))?,
            ),
        };
        Ok(PegSolitaire {
            layout,
            chains,
            ..PegSolitaire::new(goal)
        })
    }

    fn write_state(&self, board: &PegBoard) -> String {
        (0..HOLES)
            .map(|hole| if board.has_peg(hole) { 'o' } else { '.' })
            .collect()
    }

    /// Read as a position typed on one line is.
    fn read_state(&self, text: &str) -> Result<PegBoard, String> {
        if text.chars().count() != HOLES || !text.chars().all(|c| c == 'o' || c == '.') {
            return Err(format!(
                "{text} is not a peg-solitaire position: write its {HOLES} holes, o for a peg and . for an empty hole", text = quote(text)
            ));
        }
        crate::pegs::parse(text).map_err(|error| error.to_string())
    }

    fn write_move(&self, jump: Jump) -> String {
        format!("{}-{}", jump.from, jump.to)
    }

    fn read_move(&self, text: &str) -> Result<Jump, String> {
        text.split_once('-')
            .and_then(|(from, to)| Jump::between(from.parse().ok()?, to.parse().ok()?))
            .ok_or_else(|| format!("{text} is not a jump", text = quote(text)))
    }

    fn move_between(&self, before: &PegBoard, after: &PegBoard) -> Option<Jump> {
        match jump_between(*before, *after) {
            Some((jump, true)) => Some(jump),
            _ => None,
        }
    }
}
