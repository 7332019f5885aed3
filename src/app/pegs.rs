//! Peg solitaire as the page plays it: jumps by click, drag or keyboard,
//! undo and redo, the layout editor, hints and the auto-solve.
//!
//! Like [`crate::app::sliding`], a "mid end": it never draws, listens or
//! waits. The web layer turns clicks into [`PegGame::click`] and friends,
//! sends the solve requests it returns to the worker, hands back the answers
//! and draws what [`PegGame::frame`] says.
//!
//! State belongs to one of: the problem (start position and goal), the undo
//! history (board and jumps made), the interface (selection, cursor, editing,
//! hint, pending request, auto-solve), or the animation in progress.

use super::anim::{celebration, Transition, JUMP_MS};
use super::history::{format_duration, Clock, History};
use super::sliding::{Purpose, SearchProgress, MAX_SPEED, MIN_SPEED};
use super::wording::{capitalise, group_thousands};
use crate::pegs::{
    cell_of, hole_at, hole_name, layout, Goal, Jump, Layout, PegBoard, PegError, PegProblem,
    CENTRE, HOLES,
};
use crate::sliding::Dir;

/// The layout a new visitor plays.
pub const DEFAULT_LAYOUT: &str = "classic";

/// What undo restores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PegSnapshot {
    /// The pegs.
    pub board: PegBoard,
    /// Jumps made so far.
    pub moves: u32,
}

/// A position the worker should solve; answers carry the same `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PegRequest {
    /// Matches the answer to the request.
    pub id: u64,
    /// The position.
    pub board: PegBoard,
    /// Where the last peg must end.
    pub goal: Goal,
}

#[derive(Clone, Copy, Debug)]
struct Pending {
    id: u64,
    purpose: Purpose,
    board: PegBoard,
    progress: SearchProgress,
}

/// A solution from some position, with every position along it, so that
/// each of those positions finds its remaining jumps at once.
#[derive(Clone, Debug)]
struct KnownJumps {
    boards: Vec<PegBoard>,
    jumps: Vec<Jump>,
}

impl KnownJumps {
    fn new(start: PegBoard, jumps: Vec<Jump>) -> KnownJumps {
        let mut boards = vec![start];
        for &jump in &jumps {
            let next = boards
                .last()
                .expect("starts with one board")
                .apply(jump)
                .expect("solver jumps are legal");
            boards.push(next);
        }
        KnownJumps { boards, jumps }
    }

    fn remaining(&self, board: PegBoard) -> Option<&[Jump]> {
        let index = self.boards.iter().position(|&b| b == board)?;
        Some(&self.jumps[index..])
    }
}

/// Who made a jump: the player's own jumps stop an auto-solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Player,
    Auto,
}

/// The peg-solitaire game behind the page.
#[derive(Clone, Debug)]
pub struct PegGame {
    layout_id: Option<&'static str>,
    start: PegBoard,
    goal: Goal,
    /// The solver's cheap tests for `goal`, for instant answers.
    problem: PegProblem,
    history: History<PegSnapshot>,
    clock: Clock,
    selected: Option<usize>,
    cursor: usize,
    editing: bool,
    hint: Option<Jump>,
    known: Option<KnownJumps>,
    /// Positions the solver has found lost, for an instant answer next time.
    lost: Vec<PegBoard>,
    pending: Option<Pending>,
    autoplay_at: Option<f64>,
    speed: f64,
    transition: Option<Transition<PegBoard>>,
    next_id: u64,
    note: String,
    solved_at: Option<f64>,
}

impl PegGame {
    /// A game of `layout`.
    pub fn new(layout: &Layout) -> PegGame {
        let mut game = PegGame::custom(layout.start, layout.goal);
        game.layout_id = Some(layout.id);
        game
    }

    /// A game from any position, not one of the layouts.
    pub fn custom(start: PegBoard, goal: Goal) -> PegGame {
        PegGame {
            layout_id: None,
            start,
            goal,
            problem: PegProblem::new(goal),
            history: History::new(PegSnapshot {
                board: start,
                moves: 0,
            }),
            clock: Clock::default(),
            selected: None,
            cursor: CENTRE,
            editing: false,
            hint: None,
            known: None,
            lost: Vec::new(),
            pending: None,
            autoplay_at: None,
            speed: super::sliding::DEFAULT_SPEED,
            transition: None,
            next_id: 1,
            note: String::new(),
            solved_at: None,
        }
    }

    /// Starts the layout named `id` (see [`crate::pegs::layouts`]), keeping
    /// the speed. Any pending request is forgotten (the caller cancels the
    /// worker).
    pub fn load_layout(&mut self, id: &str) -> Result<(), String> {
        let layout = layout(id).ok_or_else(|| format!("there is no layout called '{id}'"))?;
        self.replace(PegGame::new(&layout));
        Ok(())
    }

    /// Starts over from `board` with the current goal, as a custom position.
    pub fn load_board(&mut self, board: PegBoard) {
        let goal = self.goal;
        self.replace(PegGame::custom(board, goal));
    }

    fn replace(&mut self, mut game: PegGame) {
        game.speed = self.speed;
        game.next_id = self.next_id;
        game.editing = self.editing;
        game.cursor = self.cursor;
        *self = game;
    }

    /// Goes back to the start position. A restart is itself one step of the
    /// history, so Undo brings the abandoned attempt back.
    pub fn restart(&mut self, now: f64) {
        if self.board() == self.start {
            return;
        }
        let before = self.board();
        self.stop_autoplay();
        self.history.push(PegSnapshot {
            board: self.start,
            moves: 0,
        });
        self.selected = None;
        self.after_change(before, now, false);
        self.clock = Clock::default();
    }

    /// Sets the goal (the layout's own, or the player's choice).
    pub fn set_goal(&mut self, goal: Goal) {
        if goal != self.goal {
            self.goal = goal;
            self.problem = PegProblem::new(goal);
            self.known = None;
            self.lost.clear();
            self.hint = None;
            self.solved_at = None;
            self.pending = None;
            self.stop_autoplay();
        }
    }

    /// The layout being played, if the position is one of them.
    pub fn layout_id(&self) -> Option<&'static str> {
        self.layout_id
    }

    /// Where the last peg must end.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The current position.
    pub fn board(&self) -> PegBoard {
        self.history.current().board
    }

    /// The position the game started from.
    pub fn start(&self) -> PegBoard {
        self.start
    }

    /// Jumps made so far.
    pub fn moves(&self) -> u32 {
        self.history.current().moves
    }

    /// Pegs on the board.
    pub fn pegs_left(&self) -> u32 {
        self.board().count()
    }

    /// Whether the goal is met.
    pub fn is_won(&self) -> bool {
        self.goal.is_met(self.board())
    }

    /// Whether no jump is left to make.
    pub fn is_stuck(&self) -> bool {
        self.board().is_stuck()
    }

    /// The peg selected to jump, if any.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// The keyboard cursor's hole.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether clicks add and remove pegs rather than jump.
    pub fn is_editing(&self) -> bool {
        self.editing
    }

    /// The holes the selected peg can jump to.
    pub fn targets(&self) -> Vec<usize> {
        match self.selected {
            Some(hole) => self
                .board()
                .jumps_from(hole)
                .into_iter()
                .map(|jump| usize::from(jump.to))
                .collect(),
            None => Vec::new(),
        }
    }

    /// Switches the editor on or off. Leaving it keeps the edited position
    /// as the new start.
    pub fn set_editing(&mut self, editing: bool) {
        if editing == self.editing {
            return;
        }
        self.cancel_quietly();
        self.editing = editing;
        self.selected = None;
        self.hint = None;
        self.note = if editing {
            "Editing: click holes to add or remove pegs.".into()
        } else {
            String::new()
        };
    }

    /// Replaces the position while editing: a new start, history cleared.
    pub fn edit(&mut self, board: PegBoard) {
        let goal = self.goal;
        let editing = self.editing;
        self.replace(PegGame::custom(board, goal));
        self.editing = editing;
        if editing {
            self.note = "Editing: click holes to add or remove pegs.".into();
        }
    }

    /// A click (or tap, or Enter on the cursor) on `hole`.
    ///
    /// Editing, it adds or removes a peg. Playing: a peg is selected (clicked
    /// again, deselected); with a peg selected, a hole it can jump to makes
    /// the jump; an empty hole that exactly one peg can jump into takes that
    /// jump at once.
    pub fn click(&mut self, hole: usize, now: f64) {
        if hole >= HOLES {
            return;
        }
        self.cursor = hole;
        let board = self.board();
        if self.editing {
            self.edit(board.toggled(hole));
            return;
        }
        if let Some(from) = self.selected {
            if from == hole {
                self.selected = None;
                return;
            }
            if let Some(jump) = Jump::between(from, hole).filter(|&j| board.can_jump(j)) {
                let _ = self.play(jump, now);
                return;
            }
        }
        if board.has_peg(hole) {
            self.selected = Some(hole);
            if board.jumps_from(hole).is_empty() {
                self.note = format!("The peg at {} has no jump.", hole_name(hole));
            } else {
                self.note.clear();
            }
            return;
        }
        let into: Vec<Jump> = board
            .jumps()
            .into_iter()
            .filter(|jump| usize::from(jump.to) == hole)
            .collect();
        match (self.selected, into.as_slice()) {
            (None, [jump]) => {
                let _ = self.play(*jump, now);
            }
            (Some(from), _) => {
                self.note = format!(
                    "The peg at {} cannot jump to {}.",
                    hole_name(from),
                    hole_name(hole)
                );
            }
            _ => {}
        }
    }

    /// A drag from one hole to another: the jump between them, if legal;
    /// false (with a note saying why) if not.
    pub fn drag(&mut self, from: usize, to: usize, now: f64) -> bool {
        if self.editing || from == to {
            return false;
        }
        match Jump::between(from, to) {
            Some(jump) => self.play(jump, now).is_ok(),
            None => {
                self.note = format!(
                    "{} to {} is not a jump: a peg jumps over one neighbour into the hole beyond.",
                    hole_name(from),
                    hole_name(to)
                );
                false
            }
        }
    }

    /// Plays a player's jump; stops an auto-solve.
    pub fn play(&mut self, jump: Jump, now: f64) -> Result<(), PegError> {
        self.apply(jump, Source::Player, now)
    }

    fn apply(&mut self, jump: Jump, source: Source, now: f64) -> Result<(), PegError> {
        let before = *self.history.current();
        let board = match before.board.apply(jump) {
            Ok(board) => board,
            Err(error) => {
                self.note = format!("{}.", capitalise(&error.to_string()));
                return Err(error);
            }
        };
        if source == Source::Player {
            self.stop_autoplay();
        }
        self.history.push(PegSnapshot {
            board,
            moves: before.moves + 1,
        });
        self.selected = None;
        self.cursor = usize::from(jump.to);
        self.clock.start(now);
        self.after_change(before.board, now, true);
        Ok(())
    }

    /// Takes back the last jump; false if there is none.
    pub fn undo(&mut self, now: f64) -> bool {
        let before = self.board();
        if !self.history.undo() {
            return false;
        }
        self.stop_autoplay();
        self.selected = None;
        self.after_change(before, now, true);
        true
    }

    /// Replays the last jump taken back; false if there is none.
    pub fn redo(&mut self, now: f64) -> bool {
        let before = self.board();
        if !self.history.redo() {
            return false;
        }
        self.stop_autoplay();
        self.selected = None;
        self.after_change(before, now, true);
        true
    }

    /// Whether there is a jump to take back.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is a jump to replay.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    fn after_change(&mut self, before: PegBoard, now: f64, animate: bool) {
        let duration = if !animate {
            0.0
        } else if self.autoplay_at.is_some() {
            JUMP_MS.min(0.8 * 1000.0 / self.speed)
        } else {
            JUMP_MS
        };
        self.transition = Some(Transition {
            from: before,
            to: self.board(),
            start_ms: now,
            duration_ms: duration,
        });
        self.hint = None;
        self.note.clear();
        if self.is_won() {
            self.clock.stop(now);
            self.solved_at = Some(now);
            self.stop_autoplay();
        } else {
            self.clock.resume(now);
            self.solved_at = None;
        }
    }

    /// Moves the keyboard cursor to the next hole in direction `dir`,
    /// skipping the corners off the board.
    pub fn move_cursor(&mut self, dir: Dir) {
        let (mut row, mut col) = cell_of(self.cursor);
        let (dr, dc): (isize, isize) = match dir {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        };
        loop {
            let (r, c) = (row as isize + dr, col as isize + dc);
            if !(0..7).contains(&r) || !(0..7).contains(&c) {
                return;
            }
            (row, col) = (r as usize, c as usize);
            if let Some(hole) = hole_at(row, col) {
                self.cursor = hole;
                return;
            }
        }
    }

    /// Drops the selection; true if there was one.
    pub fn deselect(&mut self) -> bool {
        self.selected.take().is_some()
    }

    /// Whether the position is known to be lost without asking the solver:
    /// no jump left short of the goal, a position the solver found lost, or
    /// one the solver's invariants rule out at once.
    fn is_known_lost(&self) -> bool {
        let board = self.board();
        if self.goal.is_met(board) {
            return false;
        }
        board.is_stuck() || self.lost.contains(&board) || self.problem.is_hopeless(board)
    }

    /// Asks for a hint: shown at once when the position lies on a solution
    /// already known or is known lost; otherwise a request for the worker.
    pub fn request_hint(&mut self, _now: f64) -> Option<PegRequest> {
        if !self.ready_to_ask() {
            return None;
        }
        if self.show_known_hint() {
            return None;
        }
        self.request(Purpose::Hint)
    }

    /// Asks for the auto-solve: starts at once when a solution is known,
    /// otherwise a request for the worker.
    pub fn request_solve(&mut self, now: f64) -> Option<PegRequest> {
        if !self.ready_to_ask() {
            return None;
        }
        if self.known_remaining().is_some() {
            self.start_autoplay(now);
            return None;
        }
        self.request(Purpose::Solve)
    }

    /// Leaves the editor, and says so instead when the game is won or known
    /// lost: false then, as there is nothing to search for.
    fn ready_to_ask(&mut self) -> bool {
        if self.editing {
            self.set_editing(false);
        }
        if self.is_won() {
            self.note = "Already solved: pick a layout for a new game.".into();
            return false;
        }
        if self.is_known_lost() {
            self.note = self.lost_message();
            return false;
        }
        true
    }

    fn request(&mut self, purpose: Purpose) -> Option<PegRequest> {
        let board = self.board();
        if let Some(pending) = &mut self.pending {
            if pending.board == board {
                if purpose == Purpose::Solve {
                    pending.purpose = Purpose::Solve;
                }
                return None;
            }
        }
        self.stop_autoplay();
        let id = self.next_id;
        self.next_id += 1;
        self.pending = Some(Pending {
            id,
            purpose,
            board,
            progress: SearchProgress::default(),
        });
        Some(PegRequest {
            id,
            board,
            goal: self.goal,
        })
    }

    /// Records the worker's progress on request `id`.
    pub fn receive_progress(&mut self, id: u64, progress: SearchProgress) {
        if let Some(pending) = self.pending.as_mut().filter(|p| p.id == id) {
            pending.progress = progress;
        }
    }

    /// Takes the worker's answer to request `id`: the jumps of a solution,
    /// or `None` when the position is lost. A stale answer (for a position
    /// since left) is still remembered.
    pub fn receive_answer(&mut self, id: u64, jumps: Option<Vec<Jump>>, now: f64) {
        let Some(pending) = self.pending.take_if(|p| p.id == id) else {
            return;
        };
        match jumps {
            Some(jumps) => {
                let known = KnownJumps::new(pending.board, jumps);
                if !known
                    .boards
                    .last()
                    .is_some_and(|&end| self.goal.is_met(end))
                {
                    self.note = "The solver's answer does not reach the goal.".into();
                    return;
                }
                self.known = Some(known);
            }
            None => {
                self.lost.push(pending.board);
            }
        }
        if pending.board != self.board() {
            return;
        }
        if self.lost.contains(&pending.board) {
            self.note = self.lost_message();
            return;
        }
        match pending.purpose {
            Purpose::Hint => {
                self.show_known_hint();
            }
            Purpose::Solve => self.start_autoplay(now),
        }
    }

    /// Takes the worker's failure on request `id`.
    pub fn receive_error(&mut self, id: u64, message: &str) {
        if self.pending.take_if(|p| p.id == id).is_some() {
            self.note = format!("The solver failed: {message}");
        }
    }

    /// Forgets the pending request and stops the auto-solve; true if there
    /// was anything to stop. The caller stops the worker.
    pub fn cancel(&mut self) -> bool {
        let had_work = self.cancel_quietly();
        if had_work {
            self.note = "Stopped. Play on!".into();
        }
        had_work
    }

    fn cancel_quietly(&mut self) -> bool {
        let had_work = self.pending.take().is_some() || self.autoplay_at.is_some();
        self.stop_autoplay();
        had_work
    }

    /// The id of the request awaiting an answer, if any.
    pub fn pending_id(&self) -> Option<u64> {
        self.pending.as_ref().map(|p| p.id)
    }

    /// Whether the worker is searching for this game.
    pub fn is_searching(&self) -> bool {
        self.pending.is_some()
    }

    /// Whether the auto-solve is playing.
    pub fn is_autoplaying(&self) -> bool {
        self.autoplay_at.is_some()
    }

    /// Sets the auto-solve speed in jumps per second (clamped).
    pub fn set_speed(&mut self, jumps_per_second: f64) {
        if jumps_per_second.is_finite() {
            self.speed = jumps_per_second.clamp(MIN_SPEED, MAX_SPEED);
        }
    }

    fn known_remaining(&self) -> Option<&[Jump]> {
        self.known.as_ref()?.remaining(self.board())
    }

    fn show_known_hint(&mut self) -> bool {
        let Some(&first) = self.known_remaining().and_then(<[Jump]>::first) else {
            return false;
        };
        self.hint = Some(first);
        self.selected = None;
        true
    }

    fn lost_message(&self) -> String {
        let board = self.board();
        if board.count() == 1 {
            return format!(
                "One peg left, but not where the goal wants it ({}). Undo to try again.",
                self.goal.describe()
            );
        }
        if board.is_stuck() {
            return format!(
                "No moves left: {} pegs remain. Undo or Restart to try again.",
                board.count()
            );
        }
        if self.can_undo() {
            "No solution exists from here. Undo to go back.".into()
        } else {
            format!(
                "No solution exists from this position ({}).",
                self.goal.describe()
            )
        }
    }

    fn start_autoplay(&mut self, now: f64) {
        self.hint = None;
        self.selected = None;
        self.autoplay_at = Some(now);
        self.note.clear();
    }

    fn stop_autoplay(&mut self) {
        self.autoplay_at = None;
    }

    /// Advances the auto-solve to `now`; returns whether anything is still
    /// moving, so the caller keeps drawing.
    pub fn tick(&mut self, now: f64) -> bool {
        if let Some(due) = self.autoplay_at {
            if now >= due {
                match self
                    .known_remaining()
                    .and_then(|jumps| jumps.first().copied())
                {
                    Some(jump) => {
                        self.autoplay_at = Some(now.max(due) + 1000.0 / self.speed);
                        self.apply(jump, Source::Auto, now)
                            .expect("a known solution's jumps are legal");
                    }
                    None => self.stop_autoplay(),
                }
            }
        }
        self.is_animating(now)
    }

    /// Whether something on screen is moving at `now`.
    pub fn is_animating(&self, now: f64) -> bool {
        self.autoplay_at.is_some()
            || self.transition.as_ref().is_some_and(|t| t.is_running(now))
            || self.celebration(now).is_some()
    }

    /// The jump being shown: the boards before and after and the progress.
    /// With nothing moving it is the current board, still.
    pub fn frame(&self, now: f64) -> (PegBoard, PegBoard, f64) {
        match &self.transition {
            Some(transition) if transition.to == self.board() => {
                (transition.from, transition.to, transition.progress(now))
            }
            _ => (self.board(), self.board(), 1.0),
        }
    }

    /// How far along the celebration of a win is (0 to 1), while it runs.
    pub fn celebration(&self, now: f64) -> Option<f64> {
        celebration(self.solved_at, now)
    }

    /// The hinted jump, if it is for the current position.
    pub fn hint(&self) -> Option<Jump> {
        self.hint
    }

    /// Whether the game clock is counting.
    pub fn is_clock_running(&self) -> bool {
        self.clock.is_running()
    }

    /// The status line: pegs left, jumps made, the time, and once won the
    /// celebration.
    pub fn status(&self, now: f64) -> PegStatus {
        let time = format_duration(self.clock.elapsed(now));
        let solved = (self.is_won() && self.moves() > 0).then(|| {
            format!(
                "Solved! {} in {} moves, {time}",
                capitalise(&self.goal.describe()),
                self.moves()
            )
        });
        PegStatus {
            pegs: format!("Pegs left: {}", self.pegs_left()),
            moves: format!("Moves: {}", self.moves()),
            time,
            solved,
        }
    }

    /// What the game has to say now: the search's progress, the auto-solve,
    /// the hint, the end of the game, or a note.
    pub fn message(&self) -> String {
        if let Some(pending) = &self.pending {
            let progress = pending.progress;
            let detail = if progress.expanded == 0 {
                String::new()
            } else {
                format!(
                    " {} positions, {:.1} s",
                    group_thousands(progress.expanded),
                    progress.elapsed_ms / 1000.0
                )
            };
            return match pending.purpose {
                Purpose::Hint => format!("Looking for a winning jump…{detail}"),
                Purpose::Solve => format!("Solving…{detail}"),
            };
        }
        if self.autoplay_at.is_some() {
            let left = self.known_remaining().map_or(0, <[Jump]>::len);
            return format!("Auto-solving: {left} jumps to go");
        }
        if let Some(jump) = self.hint {
            let left = self.known_remaining().map_or(0, <[Jump]>::len);
            return format!(
                "Hint: jump {} over {} to {} — {left} jumps to the goal",
                hole_name(jump.from.into()),
                hole_name(jump.over.into()),
                hole_name(jump.to.into())
            );
        }
        if !self.note.is_empty() {
            return self.note.clone();
        }
        if self.editing {
            return String::new();
        }
        let board = self.board();
        if self.is_won() && self.moves() > 0 {
            return "Solved!".into();
        }
        if board.is_stuck() && !self.is_won() {
            return self.lost_message();
        }
        String::new()
    }

    /// Sets the note shown when nothing else is to be said.
    pub fn set_note(&mut self, note: impl Into<String>) {
        self.note = note.into();
    }
}

/// The parts of the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PegStatus {
    /// `Pegs left: N`.
    pub pegs: String,
    /// `Moves: N`.
    pub moves: String,
    /// The clock, `m:ss`.
    pub time: String,
    /// The celebration once won.
    pub solved: Option<String>,
}
