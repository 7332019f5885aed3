//! [`Blocks`], a sliding-block puzzle (Klotski or Rush Hour) to slide,
//! undo, hint and solve from JavaScript, over the same history type the
//! page's mid end keeps.

use wasm_bindgen::prelude::*;

use super::args::{string, Arg};
use super::{js_error, named_layout};
use crate::app::history::History;
use crate::blocks::{self, layout, layouts, solve_fully, BlockMove, Board, Cell, Metric};

/// A sliding-block puzzle: a board and its history, moves counted by a
/// metric (`"straight"` by default: one piece slid any distance in a
/// straight line; `"path"` along any free path; `"step"` one cell).
///
/// ```js
/// const game = new Blocks("card-1");
/// game.move("e5", "b5");              // throws if the piece cannot go
/// game.solve();                       // ["f1-f4", ...]: a shortest way out
/// ```
#[wasm_bindgen]
pub struct Blocks {
    history: History<Board>,
    metric: Metric,
}

#[wasm_bindgen]
impl Blocks {
    /// The start of a built-in layout (`"heng-dao-li-ma"`, Klotski's
    /// classic, when none is given). Throws for an unknown layout.
    #[wasm_bindgen(constructor)]
    pub fn new(layout_id: JsValue) -> Result<Blocks, JsValue> {
        let found = named_layout(
            &layout_id,
            Arg::new("new Blocks", "layout"),
            "heng-dao-li-ma",
            layout,
            Blocks::layouts,
        )?;
        Ok(Blocks::from_board(found.board()))
    }

    /// A board in the text format (rows of `.` for an empty cell, `X` for
    /// the piece to free and a letter or digit for each other piece).
    /// Throws with the reason for malformed text.
    pub fn parse(text: JsValue) -> Result<Blocks, JsValue> {
        let text = string(&text, Arg::new("Blocks.parse", "text"))?;
        Ok(Blocks::from_board(blocks::parse(&text).map_err(js_error)?))
    }

    fn from_board(board: Board) -> Blocks {
        Blocks {
            history: History::new(board),
            metric: Metric::Straight,
        }
    }

    /// The ids of the layouts `new` accepts.
    pub fn layouts() -> Vec<String> {
        layouts().iter().map(|l| l.id.to_string()).collect()
    }

    fn board(&self) -> &Board {
        self.history.current()
    }

    /// `"klotski"` or `"rush-hour"`.
    pub fn style(&self) -> String {
        self.board().style().id().into()
    }

    /// What one move is: `"straight"`, `"path"` or `"step"`.
    pub fn metric(&self) -> String {
        self.metric.id().into()
    }

    /// Counts moves by `metric` from now on. Throws for an unknown one.
    #[wasm_bindgen(js_name = setMetric)]
    pub fn set_metric(&mut self, metric: JsValue) -> Result<(), JsValue> {
        let id = string(&metric, Arg::new("Blocks.setMetric", "metric"))?;
        self.metric = Metric::from_id(&id).ok_or_else(|| {
            js_error(format!(
                "'{id}' is not a metric: write straight, path or step"
            ))
        })?;
        Ok(())
    }

    /// The board's columns: 1 to 8, with at most 42 cells in all.
    pub fn width(&self) -> u8 {
        self.board().width()
    }

    /// The board's rows, within the same limits as the width.
    pub fn height(&self) -> u8 {
        self.board().height()
    }

    /// The pieces, five numbers each: row, column, rows, columns, and 1 for
    /// the piece to free (0 for the others).
    pub fn pieces(&self) -> Vec<u8> {
        self.board()
            .pieces()
            .iter()
            .flat_map(|p| [p.row, p.col, p.rows, p.cols, u8::from(p.target)])
            .collect()
    }

    /// Moves the piece whose top-left cell is `from` (a cell's name, `a1`
    /// the top-left corner) to stand with its top-left cell at `to`.
    /// Throws, changing nothing, if no piece starts there or it cannot get
    /// there in one move.
    #[wasm_bindgen(js_name = "move")]
    pub fn play(&mut self, from: JsValue, to: JsValue) -> Result<(), JsValue> {
        let cell = |value: &JsValue, name: &str| -> Result<Cell, JsValue> {
            let text = string(value, Arg::new("Blocks.move", name))?;
            Cell::named(&text)
                .ok_or_else(|| js_error(format!("'{text}' is not a cell: write a1, b3, ...")))
        };
        let mv = BlockMove {
            from: cell(&from, "from")?,
            to: cell(&to, "to")?,
        };
        let next = self.board().apply(mv, self.metric).map_err(js_error)?;
        self.history.push(next);
        Ok(())
    }

    /// The legal moves, as `from-to` names.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.board()
            .moves(self.metric)
            .iter()
            .map(BlockMove::name)
            .collect()
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.history.undo()
    }

    /// Replays the last move taken back; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.history.redo()
    }

    /// Whether the piece is free.
    #[wasm_bindgen(js_name = isWon)]
    pub fn is_won(&self) -> bool {
        self.board().is_won()
    }

    /// A shortest solution from here as `from-to` names (empty when won),
    /// or `undefined` when the piece cannot be freed. Synchronous: a few
    /// milliseconds for the classic puzzles.
    pub fn solve(&self) -> Option<Vec<String>> {
        solve_fully(self.board(), self.metric)
            .map(|moves| moves.iter().map(BlockMove::name).collect())
    }

    /// The first move of a shortest solution, or `undefined` when there is
    /// none (won, or the piece cannot be freed).
    pub fn hint(&self) -> Option<String> {
        self.solve().and_then(|moves| moves.into_iter().next())
    }

    /// The position in the text format (the puzzle's name, then a line a
    /// row).
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        blocks::format(self.board())
    }
}
