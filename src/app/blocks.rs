//! Sliding-block puzzles (Klotski and Rush Hour) as the page plays them:
//! the rules glue for the shared [`Session`], taps, drags and keys, where
//! pieces are drawn mid-move, the save words and the wording.

pub mod solving;

use super::anim::ease;
use super::game::{Action, Game, Gesture, Key, Words};
use super::grid::Grid;
use super::input::arrow;
use super::par::Par;
use super::save::Keep;
use super::session::Session;
use super::wording::{capitalise, count};
use super::workers::{Answer, SolverQueue, Task};
use crate::blocks::{layout, layouts, BlockError, BlockMove, Board, Cell, Metric, Piece, Style};
use crate::quote::quote;
use crate::sliding::Dir;
use solving::{BlocksAnswer, BlocksTask};

/// The layout a new visitor plays.
pub const DEFAULT_LAYOUT: &str = "heng-dao-li-ma";
/// How far a pointer must travel, in CSS pixels, to count as a drag.
pub const DRAG_MIN_PX: f64 = 12.0;
/// How long one move takes on screen, in milliseconds.
pub const SLIDE_MS: f64 = 180.0;

/// The rules: what one move is, and the layout dealt (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlidingBlocks {
    metric: Metric,
    layout: Option<&'static str>,
}

impl SlidingBlocks {
    /// Playing a position of the player's own, moves counted by `metric`.
    pub fn new(metric: Metric) -> SlidingBlocks {
        SlidingBlocks {
            metric,
            layout: None,
        }
    }

    /// What one move is.
    pub fn metric(&self) -> Metric {
        self.metric
    }
}

/// What undo leaves alone: the piece selected, and whether the keyboard
/// was used last (the selection is then drawn as a cursor).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockUi {
    /// The selected piece's index.
    pub selected: Option<usize>,
    /// Whether the keyboard was used last.
    pub keyboard: bool,
}

/// A sliding-block game being played.
pub type BlocksGame = Session<SlidingBlocks>;

const WORDS: Words = Words {
    already_won: "Already solved: pick a layout for a new game.",
    looking_for_hint: "Looking for the best move",
    ..Words::DEFAULT
};

/// What the pieces are called in messages.
fn piece_word(board: &Board, piece: &Piece) -> String {
    let what = match (board.style(), piece.target) {
        (Style::RushHour, true) => "red car".to_string(),
        (Style::RushHour, false) if piece.rows.max(piece.cols) >= 3 => "truck".to_string(),
        (Style::RushHour, false) => "car".to_string(),
        (Style::Klotski, _) => format!("{}x{} block", piece.cols, piece.rows),
    };
    format!("the {what} at {}", piece.cell().name())
}

/// The step (rows, columns) of a direction.
fn step(dir: Dir) -> (i32, i32) {
    match dir {
        Dir::Up => (-1, 0),
        Dir::Down => (1, 0),
        Dir::Left => (0, -1),
        Dir::Right => (0, 1),
    }
}

impl SlidingBlocks {
    /// The move sliding piece `index` up to `cells` cells towards `dir`, as
    /// far as it goes that way short of that (one cell only when a move is
    /// one step); `None` if it cannot move that way at all.
    fn slide(&self, board: &Board, index: usize, dir: Dir, cells: u32) -> Option<BlockMove> {
        let piece = board.pieces()[index];
        let reachable = board.destinations(index, Metric::Straight);
        let (dr, dc) = step(dir);
        let limit = if self.metric == Metric::Step {
            1
        } else {
            cells.max(1)
        };
        let mut best = None;
        for n in 1..=limit as i32 {
            let to = (i32::from(piece.row) + dr * n, i32::from(piece.col) + dc * n);
            if to.0 < 0 || to.1 < 0 {
                break;
            }
            let cell = Cell::new(to.0 as u8, to.1 as u8);
            if !reachable.contains(&cell) {
                break;
            }
            best = Some(cell);
        }
        best.map(|to| BlockMove {
            from: piece.cell(),
            to,
        })
    }

    /// A tap on `cell`: a piece is selected (tapped again, deselected);
    /// with a piece selected, an empty cell it can be moved onto in one
    /// move takes the nearest such move.
    fn tap(&self, board: &Board, ui: &mut BlockUi, cell: Cell) -> Action<BlockMove, Board, Self> {
        if let Some(index) = board.piece_at(cell) {
            ui.selected = (ui.selected != Some(index)).then_some(index);
            return match ui.selected {
                Some(index) if board.destinations(index, self.metric).is_empty() => {
                    Action::Note(format!(
                        "{} cannot move.",
                        capitalise(&piece_word(board, &board.pieces()[index]))
                    ))
                }
                _ => Action::Note(String::new()),
            };
        }
        let Some(index) = ui.selected else {
            return Action::Nothing;
        };
        let piece = board.pieces()[index];
        let distance = |to: &Cell| {
            i32::from(to.row).abs_diff(i32::from(piece.row))
                + i32::from(to.col).abs_diff(i32::from(piece.col))
        };
        let onto = board
            .destinations(index, self.metric)
            .into_iter()
            .filter(|to| {
                Piece {
                    row: to.row,
                    col: to.col,
                    ..piece
                }
                .covers(cell)
            })
            .min_by_key(distance);
        match onto {
            Some(to) => Action::Play(BlockMove {
                from: piece.cell(),
                to,
            }),
            None => Action::Note(format!(
                "{} cannot get to {} in one move.",
                capitalise(&piece_word(board, &piece)),
                cell.name()
            )),
        }
    }
}

impl Game for SlidingBlocks {
    type State = Board;
    type Move = BlockMove;
    type Ui = BlockUi;
    type Error = BlockError;

    fn apply(&self, board: &Board, mv: BlockMove) -> Result<Board, BlockError> {
        board.apply(mv, self.metric)
    }

    fn is_won(&self, board: &Board) -> bool {
        board.is_won()
    }

    fn move_ms(&self) -> f64 {
        SLIDE_MS
    }

    fn task(&self, board: &Board) -> Task {
        Task::new(BlocksTask {
            board: board.clone(),
            metric: self.metric,
        })
    }

    /// Breadth-first answers are shortest, and "none" is final.
    fn read_answer(&self, answer: Answer) -> Result<Option<(Vec<BlockMove>, bool)>, String> {
        let answer: &BlocksAnswer = answer
            .get()
            .ok_or("not an answer for a sliding-block puzzle")?;
        Ok(answer.moves.clone().map(|moves| (moves, true)))
    }

    fn grid_size(&self, board: &Board) -> (usize, usize) {
        (usize::from(board.width()), usize::from(board.height()))
    }

    /// A drag that starts on a piece slides it that way, as many cells as
    /// the pointer went (as far as it can go short of that); a tap selects
    /// a piece or moves the selected one onto the cell.
    fn interpret_pointer(
        &self,
        board: &Board,
        ui: &mut BlockUi,
        grid: &Grid,
        gesture: Gesture,
    ) -> Action<BlockMove, Board, Self> {
        ui.keyboard = false;
        let cell_under = |(x, y): (f64, f64)| {
            grid.from_px(x, y)
                .map(|(row, col)| Cell::new(row as u8, col as u8))
        };
        let from = cell_under(gesture.from);
        if gesture.distance() >= DRAG_MIN_PX {
            if let Some(index) = from.and_then(|cell| board.piece_at(cell)) {
                let (dx, dy) = (gesture.to.0 - gesture.from.0, gesture.to.1 - gesture.from.1);
                let (dir, pixels, size) = if dx.abs() >= dy.abs() {
                    let dir = if dx > 0.0 { Dir::Right } else { Dir::Left };
                    (dir, dx.abs(), grid.cell_width())
                } else {
                    let dir = if dy > 0.0 { Dir::Down } else { Dir::Up };
                    (dir, dy.abs(), grid.cell_height())
                };
                let cells = (pixels / size.max(1.0)).round().max(1.0) as u32;
                ui.selected = Some(index);
                return match self.slide(board, index, dir, cells) {
                    Some(mv) => Action::Play(mv),
                    None => Action::Note(format!(
                        "{} cannot move that way.",
                        capitalise(&piece_word(board, &board.pieces()[index]))
                    )),
                };
            }
        }
        match cell_under(gesture.to) {
            Some(cell) if gesture.distance() < DRAG_MIN_PX || from == Some(cell) => {
                self.tap(board, ui, cell)
            }
            _ => Action::Redraw,
        }
    }

    /// On the board: Enter, Space or `n` selects the next piece (`p` the
    /// one before); the arrows (and W A S D) slide the selected piece one
    /// cell, with Shift as far as it goes; the first arrow with no piece
    /// selected selects the piece to free. Escape drops the selection.
    fn interpret_key(
        &self,
        board: &Board,
        ui: &mut BlockUi,
        key: Key<'_>,
    ) -> Option<Action<BlockMove, Board, Self>> {
        if key.key == "Escape" {
            ui.selected = None;
            return Some(Action::Redraw);
        }
        if !key.on_board {
            return None;
        }
        let count = board.pieces().len();
        let target = board.pieces().iter().position(|piece| piece.target);
        match key.key {
            "Enter" | " " | "Spacebar" | "n" | "N" | "p" | "P" => {
                ui.keyboard = true;
                let back = matches!(key.key, "p" | "P");
                // Pieces in reading order, so that the selection walks the
                // board as it is read.
                let mut order: Vec<usize> = (0..count).collect();
                order.sort_by_key(|&i| board.pieces()[i].cell());
                let at = ui
                    .selected
                    .and_then(|selected| order.iter().position(|&i| i == selected));
                let next = match (at, back) {
                    (None, _) => 0,
                    (Some(at), false) => (at + 1) % count,
                    (Some(at), true) => (at + count - 1) % count,
                };
                ui.selected = order.get(next).copied();
                Some(Action::Redraw)
            }
            name => {
                let dir = arrow(name)?;
                ui.keyboard = true;
                let Some(index) = ui.selected else {
                    ui.selected = target;
                    return Some(Action::Redraw);
                };
                let cells = if key.shift {
                    u32::from(board.width().max(board.height()))
                } else {
                    1
                };
                Some(match self.slide(board, index, dir, cells) {
                    Some(mv) => Action::Play(mv),
                    None => Action::Note(format!(
                        "{} cannot move that way.",
                        capitalise(&piece_word(board, &board.pieces()[index]))
                    )),
                })
            }
        }
    }

    /// The selection follows the piece that moved.
    fn refresh_ui(&self, ui: &mut BlockUi, played: Option<BlockMove>) {
        if played.is_none() {
            ui.selected = None;
        }
    }

    fn focus_lost(&self, ui: &mut BlockUi) {
        ui.keyboard = false;
    }

    fn describe(&self, board: &Board) -> String {
        let pieces: Vec<String> = board
            .pieces()
            .iter()
            .map(|piece| {
                piece_word(board, piece)
                    .trim_start_matches("the ")
                    .to_string()
            })
            .collect();
        let goal = board.goal();
        format!(
            "{} board of {} columns and {} rows with {}: {}. The {} must reach {}.",
            board.style().name(),
            board.width(),
            board.height(),
            count(pieces.len() as u64, "piece", "pieces"),
            pieces.join(", "),
            match board.style() {
                Style::Klotski => "big block",
                Style::RushHour => "red car",
            },
            goal.name()
        )
    }

    /// Where the piece to free stands, and where it must go.
    fn summary(&self, board: &Board) -> String {
        let target = board.target();
        format!(
            "{} at {}; it must reach {}.",
            capitalise(match board.style() {
                Style::Klotski => "the big block",
                Style::RushHour => "the red car",
            }),
            target.cell().name(),
            board.goal().name()
        )
    }

    fn parse_position(&self, text: &str) -> Result<Board, String> {
        crate::blocks::parse(text).map_err(|error| error.to_string())
    }

    fn format_position(&self, board: &Board) -> String {
        crate::blocks::format(board)
    }

    fn refusal(&self, error: &BlockError) -> Option<String> {
        Some(format!("{}.", capitalise(&error.to_string())))
    }

    fn words(&self) -> &Words {
        &WORDS
    }

    fn hint_text(&self, board: &Board, mv: BlockMove, remaining: usize, optimal: bool) -> String {
        let piece = board
            .piece_from(mv.from)
            .map(|index| piece_word(board, &board.pieces()[index]))
            .unwrap_or_else(|| format!("the piece at {}", mv.from.name()));
        let goal = if optimal {
            "the shortest way out"
        } else {
            "the way out"
        };
        format!(
            "Hint: move {piece} to {} — {} on {goal}",
            mv.to.name(),
            count(remaining as u64, "move", "moves")
        )
    }

    fn won_text(&self, board: &Board, moves: u32, time: &str) -> String {
        let what = match board.style() {
            Style::Klotski => "The big block is out",
            Style::RushHour => "The red car is out",
        };
        format!(
            "Solved! {what} in {}, {time}",
            count(u64::from(moves), "move", "moves")
        )
    }

    fn wants_par(&self) -> bool {
        true
    }

    fn par_text(&self, moves: u32, par: Option<Par>) -> String {
        match par {
            None => "; looking for the shortest…".into(),
            Some(Par {
                moves: shortest, ..
            }) if moves <= shortest => format!("; the shortest takes {shortest}: perfect!"),
            Some(Par {
                moves: shortest, ..
            }) => format!("; the shortest takes {shortest}."),
        }
    }

    /// The layout dealt and the metric (the counts differ by metric); a
    /// position of the player's own keeps none.
    fn record_key(&self, start: &Board) -> Option<String> {
        let id = self.layout?;
        let dealt = layout(id)?.board();
        (dealt == *start).then(|| format!("blocks {id} {}", self.metric.id()))
    }

    fn lost_text(&self, _: &Board, can_undo: bool) -> String {
        if can_undo {
            "The piece cannot be freed from here. Undo to go back.".into()
        } else {
            "The piece cannot be freed from this position.".into()
        }
    }

    fn idle_text(&self, board: &Board, _: &BlockUi, moves: u32, _: bool) -> String {
        if board.is_won() && moves > 0 {
            "Solved!".into()
        } else {
            String::new()
        }
    }
}

/// What only the sliding-block puzzles do: layouts and the metric.
impl Session<SlidingBlocks> {
    /// A game of the layout `id`, moves counted in straight lines.
    pub fn of_layout(id: &str) -> Result<BlocksGame, String> {
        let found = layout(id).ok_or_else(|| format!("there is no layout called {}", quote(id)))?;
        let rules = SlidingBlocks {
            metric: Metric::Straight,
            layout: Some(found.id),
        };
        Ok(Session::new(rules, found.board()))
    }

    /// Starts the layout named `id`, keeping the metric; a request under
    /// way is dropped.
    pub fn load_layout(&mut self, id: &str, solver: &mut dyn SolverQueue) -> Result<(), String> {
        let found = layout(id).ok_or_else(|| format!("there is no layout called {}", quote(id)))?;
        let rules = SlidingBlocks {
            metric: self.game().metric,
            layout: Some(found.id),
        };
        self.set_game(rules, solver);
        self.new_game(found.board(), solver);
        Ok(())
    }

    /// Counts moves by `metric` from now on; the moves made so far are
    /// counted again the new way, and a request under way is dropped.
    pub fn set_metric(&mut self, metric: Metric, solver: &mut dyn SolverQueue) {
        if metric != self.game().metric {
            let rules = SlidingBlocks {
                metric,
                ..self.game().clone()
            };
            self.set_game(rules, solver);
            self.recount();
        }
    }

    /// The layout being played while the game started from it; `None` for
    /// a position of the player's own.
    pub fn layout_id(&self) -> Option<&'static str> {
        let id = self.game().layout?;
        (layout(id)?.board() == *self.start()).then_some(id)
    }

    /// The selected piece's index, if any.
    pub fn selected(&self) -> Option<usize> {
        self.ui().selected
    }

    /// Whether the selection is shown as the keyboard's cursor.
    pub fn keyboard(&self) -> bool {
        self.ui().keyboard
    }

    /// The top-left cells the selected piece can reach in one move.
    pub fn targets(&self) -> Vec<Cell> {
        match self.selected() {
            Some(index) if index < self.state().pieces().len() => {
                self.state().destinations(index, self.game().metric)
            }
            _ => Vec::new(),
        }
    }
}

/// The layouts offered, as (id, label) pairs for a selector.
pub fn layout_choices() -> Vec<(&'static str, &'static str)> {
    layouts()
        .iter()
        .map(|layout| (layout.id, layout.name))
        .collect()
}

/// The metrics offered, as (id, label) pairs for a selector.
pub fn metric_choices() -> Vec<(&'static str, &'static str)> {
    vec![
        (Metric::Straight.id(), "Straight slides"),
        (Metric::AnyPath.id(), "Any path"),
        (Metric::Step.id(), "Single steps"),
    ]
}

/// Where a piece is drawn, in (fractional) cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PiecePlace {
    /// Its index in the board's pieces.
    pub index: usize,
    /// The piece as it stands after the change.
    pub piece: Piece,
    /// Its top row, fractional mid-move.
    pub row: f64,
    /// Its left column, fractional mid-move.
    pub col: f64,
}

/// The place of every piece at progress `t` (0 to 1) of the change from
/// `from` to `to`: the one piece that moved slides between its places
/// (eased); any other change is shown at once as `to`.
pub fn piece_places(from: &Board, to: &Board, t: f64) -> Vec<PiecePlace> {
    let moved = from.moved_piece(to);
    let eased = ease(t.clamp(0.0, 1.0));
    to.pieces()
        .iter()
        .enumerate()
        .map(|(index, piece)| {
            let (row, col) = match moved {
                Some((i, mv)) if i == index => (
                    f64::from(mv.from.row)
                        + (f64::from(mv.to.row) - f64::from(mv.from.row)) * eased,
                    f64::from(mv.from.col)
                        + (f64::from(mv.to.col) - f64::from(mv.from.col)) * eased,
                ),
                _ => (f64::from(piece.row), f64::from(piece.col)),
            };
            PiecePlace {
                index,
                piece: *piece,
                row,
                col,
            }
        })
        .collect()
}

/// The sliding-block puzzles' words: the rules as the layout dealt (`-`
/// for none) and the metric separated by `:`; a position as
/// [`crate::blocks::format_line`] writes it; a move as `from-to` in cell
/// names.
impl Keep for SlidingBlocks {
    const ID: &'static str = solving::GAME;

    fn write_rules(&self) -> Result<String, String> {
        Ok(format!(
            "{}:{}",
            self.layout.unwrap_or("-"),
            self.metric.id()
        ))
    }

    fn read_rules(text: &str) -> Result<SlidingBlocks, String> {
        let (id, metric) = text.split_once(':').ok_or_else(|| {
            format!(
                "{} is not sliding-block rules: write the layout, a colon, then the metric",
                quote(text)
            )
        })?;
        let metric = Metric::from_id(metric).ok_or_else(|| {
            format!(
                "{} is not a metric: write straight, path or step",
                quote(metric)
            )
        })?;
        let layout = match id {
            "-" => None,
            id => Some(
                layout(id)
                    .ok_or_else(|| format!("there is no layout called {}", quote(id)))?
                    .id,
            ),
        };
        Ok(SlidingBlocks { metric, layout })
    }

    fn write_state(&self, board: &Board) -> String {
        crate::blocks::format_line(board)
    }

    fn read_state(&self, text: &str) -> Result<Board, String> {
        crate::blocks::parse(text).map_err(|error| error.to_string())
    }

    fn write_move(&self, mv: BlockMove) -> String {
        mv.name()
    }

    fn read_move(&self, text: &str) -> Result<BlockMove, String> {
        BlockMove::named(text).ok_or_else(|| format!("{} is not a move", quote(text)))
    }

    fn move_between(&self, before: &Board, after: &Board) -> Option<BlockMove> {
        before.moved_piece(after).map(|(_, mv)| mv)
    }
}
