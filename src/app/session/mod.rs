//! The mid end, written once for every game: undo history, the clock, the
//! best solution known, solver requests with their progress and answers,
//! hints, the auto-solve at a chosen speed, what to animate, and the status
//! and message lines.
//!
//! A [`Session`] never draws, listens or waits. The page turns events into
//! calls on it (through [`Play`]), the session sends requests to the
//! [`SolverQueue`] it is handed, and the page draws what it reads back. All times
//! are milliseconds of one outside clock, passed in.
//!
//! State belongs to one of: the game's rules (`G`), the undo history
//! (position and move count), the interface (`G::Ui`, the hint, the
//! request under way, the auto-solve and its speed, the note), or the
//! animation in progress, which can be thrown away at any time.

mod play;
mod reveal;
mod scoring;
mod solving;
mod status;
mod view;

use super::anim::Transition;
use super::game::{Action, Game};
use super::grid::BoardLayout;
use super::history::{Clock, History};
use super::known::KnownSolution;
use super::nudge::Nudge;
use super::par::Par;
use super::play::Play;
use super::records::Improvement;
use super::viewport::Viewport;
use super::wording::capitalise;
use super::workers::{RequestId, SolverQueue};

use solving::Pending;
pub use solving::{
    playback_speed, Hint, ShownAnswer, DEFAULT_SPEED, MAX_PLAYBACK_SPEED, MAX_SPEED, MIN_SPEED,
    PLAYBACK_BUDGET_MS,
};

/// What undo restores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot<S, M> {
    /// The position at this point of the game: after the move in `last` when
    /// there is one.
    pub state: S,
    /// Moves made so far (a run of three tiles counts three).
    pub moves: u32,
    /// The move that led here (`None` at the start and after a restart),
    /// for games that count a move by the one before it.
    pub last: Option<M>,
    /// Whether the auto-solve played any move on the way here: a game won
    /// so does not count for the best scores.
    pub assisted: bool,
}

/// A game's undo history.
type Steps<G> = History<Snapshot<<G as Game>::State, <G as Game>::Move>>;

/// Who made a move: the player's own moves stop an auto-solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Player,
    Auto,
}

/// One game being played: its rules, history and everything around them.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    ui: G::Ui,
    history: Steps<G>,
    clock: Clock,
    known: Option<KnownSolution<G::State, G::Move>>,
    /// Positions the solver found no solution from, for an instant answer.
    lost: Vec<G::State>,
    hint: Option<Hint<G::Move>>,
    pending: Option<Pending<G::State>>,
    /// When the auto-solve plays its next move, if one is running.
    autoplay_at: Option<f64>,
    /// The speed the auto-solve under way needs to finish within
    /// [`PLAYBACK_BUDGET_MS`] (moves per second, 0 when none runs): it
    /// plays at this or the chosen speed, whichever is faster.
    autoplay_floor: f64,
    /// The chosen auto-solve speed, moves per second.
    speed: f64,
    /// How long the auto-solve has played this game (milliseconds, from
    /// each start to its last move), apart from the player's clock; `None`
    /// until it plays a move.
    solver_ms: Option<f64>,
    /// When the auto-solve's time was last counted up to.
    solver_mark: f64,
    transition: Option<Transition<G::State>>,
    note: String,
    /// When the game was last won, for the celebration.
    won_at: Option<f64>,
    /// How long the search for the known solution took, if it is optimal.
    found_in_ms: Option<f64>,
    grid: BoardLayout,
    /// The pointer gesture under way.
    gesture: Option<Pointer>,
    /// The zoom and pan of a board that zooms (see [`Game::zoomable`]);
    /// always the whole board otherwise.
    view: Viewport,
    /// The solver's last answer, until the player moves on their own.
    shown: Option<ShownAnswer<G::State>>,
    /// How many times faster than the game's own pace the search is
    /// revealed (see [`Session::set_reveal_rate`]).
    reveal_rate: f64,
    /// Counts the changes to what a save holds (see [`Session::revision`]).
    revision: u64,
    /// Whether the player asked for reduced motion: moves, the win banner
    /// and the reveal of a search are then shown at once.
    reduced_motion: bool,
    /// The best solution's length from the start, once known.
    par: Option<Par>,
    /// The background request for the par, while it runs.
    par_request: Option<RequestId>,
    /// Whether the solver gave up on the par (too long a search): it is not
    /// asked again for this game under these rules.
    par_given_up: bool,
    /// Whether a win counts for the best scores: a game dealt (shuffled,
    /// drawn, a layout), not one typed in or edited.
    ranked: bool,
    /// What sets this game apart among games of its record key (a
    /// difficulty, say), kept with it in the best scores.
    variant: Option<String>,
    /// Which bests the win beat, once it was offered to the best scores.
    settled: Option<Improvement>,
    /// The last tap that moved nothing, shown as a brief nudge.
    nudge: Option<Nudge>,
}

/// A pointer gesture under way on the board.
#[derive(Clone, Copy, Debug)]
struct Pointer {
    /// Where it went down, on the screen.
    from: (f64, f64),
    /// Where it was last seen.
    last: (f64, f64),
    /// Whether it pans a zoomed board (it is then no tap or swipe).
    panning: bool,
}

impl<G: Game> Session<G> {
    /// A game of `game` starting from `state`.
    pub fn new(game: G, state: G::State) -> Session<G> {
        let (cols, rows) = game.grid_size(&state);
        Session {
            game,
            ui: G::Ui::default(),
            history: History::new(Snapshot {
                state,
                moves: 0,
                last: None,
                assisted: false,
            }),
            clock: Clock::default(),
            known: None,
            lost: Vec::new(),
            hint: None,
            pending: None,
            autoplay_at: None,
            autoplay_floor: 0.0,
            speed: DEFAULT_SPEED,
            solver_ms: None,
            solver_mark: 0.0,
            transition: None,
            note: String::new(),
            won_at: None,
            found_in_ms: None,
            grid: BoardLayout::fit(cols, rows, 300.0, 300.0),
            gesture: None,
            view: Viewport::default(),
            shown: None,
            reveal_rate: 1.0,
            revision: 0,
            reduced_motion: false,
            par: None,
            par_request: None,
            par_given_up: false,
            ranked: true,
            variant: None,
            settled: None,
            nudge: None,
        }
    }

    /// A game read back from a save: its rules, history, clock and speed
    /// (see [`crate::app::save`]).
    pub(super) fn resumed(
        game: G,
        history: History<Snapshot<G::State, G::Move>>,
        clock: Clock,
        speed: f64,
    ) -> Session<G> {
        let mut session = Session::new(game, history.first().state.clone());
        session.history = history;
        session.clock = clock;
        session.set_speed(speed);
        session
    }

    /// The undo history, for a save.
    pub(super) fn history(&self) -> &History<Snapshot<G::State, G::Move>> {
        &self.history
    }

    /// The game clock, for a save.
    pub(super) fn clock(&self) -> &Clock {
        &self.clock
    }

    /// How long the auto-solve played this game, in milliseconds, apart
    /// from the player's time (see [`Session::player_ms`]); `None` if it
    /// played no move.
    pub fn solver_ms(&self) -> Option<f64> {
        self.solver_ms
    }

    /// Sets how long the auto-solve played (a restored game brings its own
    /// back); a time that is not a finite number of milliseconds or more is
    /// read as none.
    pub fn set_solver_ms(&mut self, ms: Option<f64>) {
        self.solver_ms = ms.filter(|ms| ms.is_finite() && *ms >= 0.0);
    }

    /// The player's own time at `now`, in milliseconds: the clock stops
    /// when Solve is pressed and counts on at the player's next move, so
    /// the solver's search and play are not in it.
    pub fn player_ms(&self, now: f64) -> f64 {
        self.clock.elapsed(now)
    }

    /// A number that changes whenever what a save holds changes (the rules,
    /// the history, the speed), so that the page writes a save only after a
    /// change. It never goes back.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Starts a new game from `state` under the same rules, keeping the
    /// interface state and the speed. A request under way is dropped.
    pub fn new_game(&mut self, state: G::State, solver: &mut dyn SolverQueue) {
        self.cancel_quietly(solver);
        self.replace_with(state);
    }

    /// Starts a new game from `state`, keeping the rules, the interface
    /// state, the speed and the grid; requests are forgotten (the caller
    /// cancels them).
    fn replace_with(&mut self, state: G::State) {
        let mut fresh = Session::new(self.game.clone(), state);
        fresh.ui = std::mem::take(&mut self.ui);
        fresh.speed = self.speed;
        fresh.grid = self.grid;
        fresh.revision = self.revision + 1;
        fresh.reduced_motion = self.reduced_motion;
        *self = fresh;
    }

    /// Starts a new game from a position the player typed, saying so; a
    /// text that is not a position is refused with the reason (a sentence
    /// for the page), and the game in progress is kept as it is.
    pub fn load_text(&mut self, text: &str, solver: &mut dyn SolverQueue) -> Result<(), String> {
        let state = self
            .game
            .parse_position(text)
            .map_err(|reason| capitalise(&reason))?;
        self.new_game(state, solver);
        self.ranked = false;
        self.note = self.game.words().loaded.into();
        Ok(())
    }

    /// The current position as text (see [`Game::format_position`]).
    pub fn export_text(&self) -> String {
        self.game.format_position(self.state())
    }

    /// Changes the rules (a goal, say) for the same position: solutions
    /// known so far may not hold, so they are forgotten, and a request under
    /// way is dropped.
    pub fn set_game(&mut self, game: G, solver: &mut dyn SolverQueue) {
        self.cancel_quietly(solver);
        self.game = game;
        self.revision += 1;
        self.known = None;
        // The par was the old rules' (another goal, or moves counted
        // another way); it is asked again once the game is won.
        self.par = None;
        self.par_given_up = false;
        self.lost.clear();
        self.hint = None;
        self.found_in_ms = None;
        self.won_at = None;
        self.shown = None;
    }

    /// Goes back to the position the game started from. A restart is one
    /// step of the history, so Undo brings the abandoned attempt back; the
    /// clock starts afresh.
    pub fn restart(&mut self, now: f64, solver: &mut dyn SolverQueue) {
        self.cancel_quietly(solver);
        let start = self.history.first().state.clone();
        if *self.state() == start {
            return;
        }
        let before = self.state().clone();
        self.history.push(Snapshot {
            state: start,
            moves: 0,
            last: None,
            assisted: false,
        });
        self.after_change(before, now, false, None, true);
        self.clock = Clock::default();
        self.solver_ms = None;
        // One dealt game counts once: a replay after a restart says no
        // "new best" again.
        if self.settled.is_some() {
            self.settled = Some(Improvement::default());
        }
    }

    /// Counts the moves of every step of the history again under the
    /// current rules (see [`Game::move_cost`]): after a change of how moves
    /// are counted. A step without a move (the start, a restart) counts 0.
    pub fn recount(&mut self) {
        let game = &self.game;
        let mut before: Option<(G::State, u32, Option<G::Move>)> = None;
        for snapshot in self.history.states_mut() {
            snapshot.moves = match (&before, snapshot.last) {
                (Some((state, moves, last)), Some(mv)) => {
                    moves + game.move_cost(state, &snapshot.state, *last, mv)
                }
                _ => 0,
            };
            before = Some((snapshot.state.clone(), snapshot.moves, snapshot.last));
        }
        self.revision += 1;
    }

    /// The rules the game is played under; they change only through
    /// [`Session::set_game`] (an edit of the rules goes through it too).
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The note on show, if any: what was last said about a move refused,
    /// a request stopped, a position loaded (empty if nothing).
    pub fn note(&self) -> &str {
        &self.note
    }

    /// The interface state (selection, cursor, modes).
    pub fn ui(&self) -> &G::Ui {
        &self.ui
    }

    /// The interface state, to change.
    pub fn ui_mut(&mut self) -> &mut G::Ui {
        &mut self.ui
    }

    /// The current position.
    pub fn state(&self) -> &G::State {
        &self.history.current().state
    }

    /// The position the game started from.
    pub fn start(&self) -> &G::State {
        &self.history.first().state
    }

    /// Moves made so far.
    pub fn moves(&self) -> u32 {
        self.history.current().moves
    }

    /// Whether the current position is won.
    pub fn is_won(&self) -> bool {
        self.game.is_won(self.state())
    }

    /// The auto-solve speed in moves per second.
    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// The grid the board is drawn on.
    pub fn grid(&self) -> &BoardLayout {
        &self.grid
    }

    /// The hint on show, if it is for the current position.
    pub fn hint(&self) -> Option<Hint<G::Move>> {
        self.hint
    }

    /// Takes the hint off the board.
    pub fn clear_hint(&mut self) {
        self.hint = None;
    }

    /// Plays a player's move (a click, a key, a swipe); stops an auto-solve.
    /// A refused move changes nothing (but may leave a note saying why).
    pub fn play(&mut self, mv: G::Move, now: f64) -> Result<(), G::Error> {
        self.apply(mv, Source::Player, now)
    }

    fn apply(&mut self, mv: G::Move, source: Source, now: f64) -> Result<(), G::Error> {
        let before = self.history.current().clone();
        let state = match self.game.apply(&before.state, mv) {
            Ok(state) => state,
            Err(error) => {
                if let Some(note) = self.game.refusal(&error) {
                    self.note = note;
                }
                return Err(error);
            }
        };
        if source == Source::Player {
            self.stop_autoplay();
            self.shown = None;
            // The player's clock counts from their first move only.
            self.clock.start(now);
        } else {
            self.solver_ms =
                Some(self.solver_ms.unwrap_or(0.0) + (now - self.solver_mark).max(0.0));
            self.solver_mark = now;
        }
        let moves = before.moves + self.game.move_cost(&before.state, &state, before.last, mv);
        let assisted = before.assisted || source == Source::Auto;
        self.history.push(Snapshot {
            state,
            moves,
            last: Some(mv),
            assisted,
        });

        self.after_change(before.state, now, true, Some(mv), source == Source::Player);
        Ok(())
    }

    /// Brings everything up to date after the position changed;
    /// `by_player`: the player made the change (a move, an undo), which
    /// counts on their clock, while the auto-solve's moves do not.
    fn after_change(
        &mut self,
        before: G::State,
        now: f64,
        animate: bool,
        played: Option<G::Move>,
        by_player: bool,
    ) {
        self.revision += 1;
        let duration = if !animate || self.reduced_motion {
            0.0
        } else if self.autoplay_at.is_some() {
            // Faster play, shorter moves: each ends before the next starts.
            self.game.move_ms().min(0.8 * 1000.0 / self.playing_speed())
        } else {
            self.game.move_ms()
        };
        self.transition = Some(Transition {
            from: before,
            to: self.state().clone(),
            start_ms: now,
            duration_ms: duration,
        });
        self.hint = None;
        self.game.refresh_ui(&mut self.ui, played);
        if self.is_won() {
            self.clock.stop(now);
            self.won_at = Some(now);
            if self.par.is_none() && self.game.wants_par() {
                self.par = self.game.par_on_sight(self.start());
            }
            self.stop_autoplay();
            self.note.clear();
        } else {
            if by_player {
                self.clock.resume(now);
            }
            self.won_at = None;
            if self.autoplay_at.is_none() {
                self.note.clear();
            }
        }
    }

    /// Steps through the history (`step`: undo or redo), animating the
    /// change; false if there was nowhere to go.
    fn travel(&mut self, step: fn(&mut Steps<G>) -> bool, now: f64) -> bool {
        let before = self.state().clone();
        if !step(&mut self.history) {
            return false;
        }
        self.stop_autoplay();
        self.after_change(before, now, true, None, true);
        true
    }

    /// Carries out what the game read from an input.
    fn act(
        &mut self,
        action: Action<G::Move, G::State, G>,
        now: f64,
        solver: &mut dyn SolverQueue,
    ) {
        match action {
            Action::Nothing | Action::Redraw => {}
            Action::Note(note) => self.note = note,
            Action::Play(mv) => {
                // A refused move leaves the game as it was.
                if self.play(mv, now).is_ok() {
                    self.ask_par(now, solver);
                }
            }
            Action::StartFrom(state) => {
                self.new_game(state, solver);
                self.ranked = false;
            }
            Action::Restart(game, state) => {
                self.set_game(game, solver);
                self.new_game(state, solver);
            }
        }
    }
}
