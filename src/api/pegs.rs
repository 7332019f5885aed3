//! Peg solitaire for JavaScript: [`Pegs`].

use wasm_bindgen::prelude::*;

use super::args::{integer, string, Arg};

use crate::app::history::History;
use crate::app::known::KnownSolution;
use crate::app::pegs::PegSolitaire;
use crate::pegs::{
    self, hole_name, layout as peg_layout, layouts as peg_layouts, Goal, Jump, PegBoard, PegSolver,
    HOLES,
};
use crate::search::Unlimited;

use super::{js_error, named_layout};

/// A game of peg solitaire on the English 33-hole board, with its undo
/// history and a solver that remembers the positions it found lost.
///
/// Holes are numbered 0 to 32 row by row (rows of 3, 3, 7, 7, 7, 3, 3 holes;
/// 16 is the centre). Jumps are given and returned as pairs of holes, from
/// and to: `solve()` returns `[from, to, from, to, ...]`.
#[wasm_bindgen]
pub struct Pegs {
    history: History<PegBoard>,
    /// The rules as the page plays them, which check a solution before it
    /// is kept.
    rules: PegSolitaire,
    solver: PegSolver,
    /// The last solution found, followed while the player stays on it, so
    /// that hints after the first are instant.
    known: Option<KnownSolution<PegBoard, Jump>>,
}

#[wasm_bindgen]
impl Pegs {
    /// The start of a layout (`"classic"` when none is given: 32 pegs, the
    /// centre empty), with its goal. Throws for an unknown layout.
    #[wasm_bindgen(constructor)]
    pub fn new(layout: JsValue) -> Result<Pegs, JsValue> {
        let layout = named_layout(
            &layout,
            Arg::new("new Pegs", "layout"),
            "classic",
            peg_layout,
            Pegs::layouts,
        )?;
        Ok(Pegs::from_board(layout.start, layout.goal))
    }

    /// A position in the text format (seven rows of `o` for a peg and `.` for
    /// an empty hole, or the one-line form), to finish with one peg in the
    /// centre. Throws with the reason for malformed text.
    pub fn parse(text: JsValue) -> Result<Pegs, JsValue> {
        let text = string(&text, Arg::new("Pegs.parse", "text"))?;
        let board = pegs::parse(&text).map_err(js_error)?;
        Ok(Pegs::from_board(board, Goal::CENTRE))
    }

    fn from_board(board: PegBoard, goal: Goal) -> Pegs {
        Pegs {
            history: History::new(board),
            rules: PegSolitaire::new(goal),
            solver: PegSolver::new(goal),
            known: None,
        }
    }

    /// The names of the layouts `new` accepts.
    pub fn layouts() -> Vec<String> {
        peg_layouts().iter().map(|l| l.id.to_string()).collect()
    }

    fn board(&self) -> PegBoard {
        *self.history.current()
    }

    /// The holes holding pegs, in increasing order.
    pub fn pegs(&self) -> Vec<u8> {
        self.board().pegs().map(|hole| hole as u8).collect()
    }

    /// How many pegs are left.
    #[wasm_bindgen(js_name = pegsLeft)]
    pub fn pegs_left(&self) -> u32 {
        self.board().count()
    }

    /// The hole the last peg must end in, or -1 when any hole will do.
    #[wasm_bindgen(js_name = goalHole)]
    pub fn goal_hole(&self) -> i32 {
        self.solver.goal().hole().map_or(-1, |hole| hole as i32)
    }

    /// Sets the goal: a hole from 0 to 32, or -1 for any hole.
    #[wasm_bindgen(js_name = setGoal)]
    pub fn set_goal(&mut self, hole: JsValue) -> Result<(), JsValue> {
        let hole = integer(
            &hole,
            Arg::new("Pegs.setGoal", "hole"),
            -1..=LAST_HOLE as i8,
        )?;
        let goal = match u8::try_from(hole) {
            Ok(hole) => Goal::Hole(hole),
            Err(_) => Goal::AnyHole,
        };
        if goal != self.solver.goal() {
            self.rules = PegSolitaire::new(goal);
            self.solver = PegSolver::new(goal);
            self.known = None;
        }
        Ok(())
    }

    /// Jumps the peg in hole `from` to hole `to`, removing the peg between.
    /// Throws, changing nothing, if that is not a legal jump.
    pub fn jump(&mut self, from: JsValue, to: JsValue) -> Result<(), JsValue> {
        let from = integer(&from, Arg::new("Pegs.jump", "from"), 0..=LAST_HOLE)?;
        let to = integer(&to, Arg::new("Pegs.jump", "to"), 0..=LAST_HOLE)?;
        let jump = Jump::between(from, to).ok_or_else(|| {
            js_error(format!(
                "{} to {} is not a jump: a peg jumps two holes along a row or column",
                hole_name(from),
                hole_name(to)
            ))
        })?;
        let next = self.board().apply(jump).map_err(js_error)?;
        self.history.push(next);
        Ok(())
    }

    /// The legal jumps, as pairs `[from, to, from, to, ...]`.
    #[wasm_bindgen(js_name = legalJumps)]
    pub fn legal_jumps(&self) -> Vec<u8> {
        flatten(&self.board().jumps())
    }

    /// Takes back the last jump; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.history.undo()
    }

    /// Replays the last jump taken back; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.history.redo()
    }

    /// Whether the goal is met.
    #[wasm_bindgen(js_name = isWon)]
    pub fn is_won(&self) -> bool {
        self.solver.goal().is_met(self.board())
    }

    /// Whether no jump is left.
    #[wasm_bindgen(js_name = isStuck)]
    pub fn is_stuck(&self) -> bool {
        self.board().is_stuck()
    }

    /// The jumps of a solution from here, as pairs `[from, to, ...]` (empty
    /// when the goal is met), or `undefined` when the goal cannot be reached.
    /// Synchronous: usually milliseconds, but call it from a worker if the
    /// page must never wait.
    pub fn solve(&mut self) -> Option<Vec<u8>> {
        let board = self.board();
        if let Some(jumps) = self.known.as_ref().and_then(|k| k.remaining(&board)) {
            return Some(flatten(jumps));
        }
        let solution = self
            .solver
            .solve(board, &mut Unlimited)
            .expect("an unlimited search is never interrupted")?;
        let jumps = flatten(&solution.moves);
        // Every solution is as short as any other: each jump takes one peg
        // and the goal leaves one.
        let known = KnownSolution::follow(&self.rules, &board, solution.moves, true)
            .expect("the solver's solutions reach the goal");
        self.known = Some(known);
        Some(jumps)
    }

    /// A jump that keeps the game winnable, as `[from, to]`, or `undefined`
    /// when there is none (the position is lost or already won).
    pub fn hint(&mut self) -> Option<Vec<u8>> {
        self.solve()
            .filter(|jumps| !jumps.is_empty())
            .map(|jumps| jumps[..2].to_vec())
    }

    /// Whether the goal can still be reached.
    #[wasm_bindgen(js_name = isWinnable)]
    pub fn is_winnable(&mut self) -> bool {
        self.solve().is_some()
    }

    /// A hole's name: column letter and row number, `d4` for the centre.
    #[wasm_bindgen(js_name = holeName)]
    pub fn hole_name_of(hole: JsValue) -> Result<String, JsValue> {
        let hole = integer(&hole, Arg::new("Pegs.holeName", "hole"), 0..=LAST_HOLE)?;
        Ok(hole_name(hole))
    }

    /// The position in the text format (seven rows).
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        pegs::format(self.board())
    }
}

/// The highest hole number.
const LAST_HOLE: usize = HOLES - 1;

fn flatten(jumps: &[Jump]) -> Vec<u8> {
    jumps.iter().flat_map(|j| [j.from, j.to]).collect()
}
