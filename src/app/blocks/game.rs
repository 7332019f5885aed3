//! The sliding-block puzzles' [`Game`]: moves, taps, drags and keys,
//! descriptions and wording.

use super::solving::{BlocksAnswer, BlocksTask};
use super::{BlockUi, SlidingBlocks, DRAG_MIN_PX, SLIDE_MS, WORDS};
use crate::app::game::{Action, Game, Gesture, Key, Words};
use crate::app::grid::BoardLayout;
use crate::app::input::arrow;
use crate::app::par::Par;
use crate::app::wording::{capitalise, count};
use crate::app::workers::{Answer, Task};
use crate::blocks::{layout, BlockError, BlockMove, Board, Cell, Metric, Piece, Style};
use crate::sliding::Dir;

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
        grid: &BoardLayout,
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
                crate::order::sort_by_rank(&mut order, |&i| {
                    let cell = board.pieces()[i].cell();
                    u32::from(cell.row) << 8 | u32::from(cell.col)
                });
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

    fn hint_text(
        &self,
        board: &Board,
        mv: BlockMove,
        remaining: usize,
        optimal: bool,
        _: u32,
    ) -> String {
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
