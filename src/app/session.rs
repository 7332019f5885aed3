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

use super::anim::{celebration, Transition};
use super::game::{Action, Game, Gesture, Key};
use super::grid::Grid;
use super::history::{format_duration, Clock, History};
use super::input::{shared_key, SharedKey};
use super::known::Known;
use super::nudge::{Nudge, NudgeLook};
use super::par::Par;
use super::play::{Play, Status};
use super::records::{best_text, Improvement, Records};
use super::viewport::{Viewport, DRAG_MIN_PX};
use super::wording::{capitalise, group_thousands, Noun};
use super::workers::{Answer, Event, RequestId, SearchProgress, SolverQueue, Task};

/// The slowest auto-solve offered, in moves per second.
pub const MIN_SPEED: f64 = 1.0;
/// The fastest auto-solve speed, in moves per second.
pub const MAX_SPEED: f64 = 30.0;
/// The auto-solve speed a new game starts with, in moves per second.
pub const DEFAULT_SPEED: f64 = 6.0;
/// How long an auto-solve lasts at most, reveal included, whatever its
/// length, unless it needs more than [`MAX_PLAYBACK_SPEED`]: longer
/// solutions play faster than the chosen speed.
pub const PLAYBACK_BUDGET_MS: f64 = 20_000.0;
/// The fastest an auto-solve plays, in moves per second: one move a frame
/// on a 60 Hz screen, the most the animation can show.
pub const MAX_PLAYBACK_SPEED: f64 = 60.0;
/// How far behind its schedule the auto-solve catches up by playing more
/// than one move a frame; a page hidden for longer restarts the schedule
/// instead of playing what it missed all at once.
const CATCH_UP_MS: f64 = 250.0;

/// The speed (moves per second) an auto-solve of `moves` moves plays at
/// when the player chose `chosen` and it has `budget_ms` to play in: the
/// chosen speed, or the whole number of moves a second that finishes it in
/// time if that is faster, though never past [`MAX_PLAYBACK_SPEED`] (nor
/// below `chosen`).
pub fn playback_speed(chosen: f64, moves: usize, budget_ms: f64) -> f64 {
    let needed = if budget_ms > 0.0 {
        (moves as f64 * 1000.0 / budget_ms).ceil()
    } else {
        MAX_PLAYBACK_SPEED
    };
    chosen.max(needed.min(MAX_PLAYBACK_SPEED))
}

/// What undo restores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot<S, M> {
    /// The position.
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

/// Why the solver is being asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// To show the next move.
    Hint,
    /// To play the solution.
    Solve,
    /// To deal a new game (a board drawn by difficulty).
    Deal,
}

/// A request sent and not yet answered.
#[derive(Clone, Debug)]
struct Pending<S> {
    id: RequestId,
    purpose: Purpose,
    state: S,
    progress: SearchProgress,
    /// The length of a provisional (not optimal) solution found meanwhile.
    provisional: Option<usize>,
    /// For a deal: what to say while it runs, and the new game's variant.
    deal: Option<(String, Option<String>)>,
}

/// The hint on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint<M> {
    /// The move to play next.
    pub mv: M,
    /// Moves left to the goal along the best solution known.
    pub remaining: usize,
    /// Whether that solution is a shortest one.
    pub optimal: bool,
}

/// The solver's last answer, kept so that a game can show how it was found
/// (route finding draws the places its search expanded, growing while
/// Solve reveals it).
#[derive(Clone, Debug)]
pub struct Shown<S> {
    /// The position the answer is for.
    pub state: S,
    /// The answer.
    pub answer: Answer,
    /// Milliseconds from the request to the answer.
    pub elapsed_ms: f64,
    /// When the reveal began.
    pub reveal_from: f64,
    /// How long it lasts (0: the whole search at once).
    pub reveal_ms: f64,
}

impl<S> Shown<S> {
    /// How much of the search is shown at `now`, from 0 to 1.
    pub fn progress(&self, now: f64) -> f64 {
        if self.reveal_ms <= 0.0 {
            1.0
        } else {
            ((now - self.reveal_from) / self.reveal_ms).clamp(0.0, 1.0)
        }
    }
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
    known: Option<Known<G::State, G::Move>>,
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
    grid: Grid,
    /// The pointer gesture under way.
    gesture: Option<Pointer>,
    /// The zoom and pan of a board that zooms (see [`Game::zoomable`]);
    /// always the whole board otherwise.
    view: Viewport,
    /// The solver's last answer, until the player moves on their own.
    shown: Option<Shown<G::State>>,
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
            grid: Grid::fit(cols, rows, 300.0, 300.0),
            gesture: None,
            view: Viewport::default(),
            shown: None,
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
    /// (see [`super::save`]).
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

    /// The rules.
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
    pub fn grid(&self) -> &Grid {
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

    /// The moves left along the best solution known, if it passes through
    /// the current position.
    pub fn known_remaining(&self) -> Option<&[G::Move]> {
        self.known.as_ref()?.remaining(self.state())
    }

    /// Whether the solution known from here is as good as the solver gives:
    /// a shortest one, or the best a board of this size gets anyway.
    fn is_best_known(&self) -> bool {
        self.known_remaining().is_some()
            && (self.known.as_ref().is_some_and(Known::is_optimal)
                || self.game.is_best_effort(self.state()))
    }

    /// Whether the current position is known to be lost, without asking.
    fn is_known_lost(&self) -> bool {
        let state = self.state();
        !self.is_won() && (self.game.is_lost_on_sight(state) || self.lost.contains(state))
    }

    /// Gets ready to ask the solver: leaves the editor, and says so instead
    /// when the game is won or known lost (false then: nothing to search).
    fn ready_to_ask(&mut self) -> bool {
        self.game.leave_modes(&mut self.ui);
        if self.is_won() {
            self.note = self.game.words().already_won.into();
            return false;
        }
        if self.is_known_lost() {
            self.note = self.game.lost_text(self.state(), self.can_undo());
            return false;
        }
        true
    }

    fn request(&mut self, purpose: Purpose, now: f64, solver: &mut dyn SolverQueue) {
        if let Some(pending) = &mut self.pending {
            if pending.purpose != Purpose::Deal && pending.state == self.history.current().state {
                // The search under way answers this position already; a
                // Solve asked while a Hint search runs upgrades it.
                if purpose == Purpose::Solve {
                    pending.purpose = Purpose::Solve;
                }
                return;
            }
            solver.cancel(pending.id);
        }
        self.stop_autoplay();
        let state = self.state().clone();
        let id = solver.submit(self.game.task(&state), now);
        self.pending = Some(Pending {
            id,
            purpose,
            state,
            progress: SearchProgress::default(),
            provisional: None,
            deal: None,
        });
    }

    /// Asks the solver to deal a new game (`task`: a draw by difficulty),
    /// saying `saying` meanwhile with the search's progress; the game in
    /// progress goes on until the answer comes (see [`Game::read_deal`]),
    /// and the new game is one of `variant` in the best scores. Any
    /// request under way is dropped; Cancel drops the deal.
    pub fn request_deal(
        &mut self,
        task: Task,
        saying: String,
        variant: Option<String>,
        now: f64,
        solver: &mut dyn SolverQueue,
    ) {
        self.cancel_quietly(solver);
        let id = solver.submit(task, now);
        self.pending = Some(Pending {
            id,
            purpose: Purpose::Deal,
            state: self.state().clone(),
            progress: SearchProgress::default(),
            provisional: None,
            deal: Some((saying, variant)),
        });
    }

    /// Shows the next move of the known solution from here; false if none
    /// is known.
    fn show_known_hint(&mut self) -> bool {
        let Some(known) = &self.known else {
            return false;
        };
        let Some(remaining) = known.remaining(self.state()) else {
            return false;
        };
        let Some(&mv) = remaining.first() else {
            return false;
        };
        self.hint = Some(Hint {
            mv,
            remaining: remaining.len(),
            optimal: known.is_optimal(),
        });
        self.game.refresh_ui(&mut self.ui, None);
        true
    }

    /// Reads an answer into a known solution from `from`, or `None` for "no
    /// solution"; `Err` for an answer that cannot be played.
    #[allow(clippy::type_complexity)]
    fn read(
        &self,
        answer: &Answer,
        from: &G::State,
    ) -> Result<Option<Known<G::State, G::Move>>, String> {
        match self.game.read_answer(answer.clone())? {
            Some((moves, optimal)) => Known::follow(&self.game, from, moves, optimal).map(Some),
            None => Ok(None),
        }
    }

    /// Makes `known` the best solution known unless the one held is better.
    fn adopt(&mut self, known: Known<G::State, G::Move>) {
        let from = known.start().clone();
        if self
            .known
            .as_ref()
            .is_none_or(|held| held.gives_way_to(&known, &from))
        {
            self.known = Some(known);
        }
    }

    fn receive_provisional(&mut self, id: RequestId, answer: &Answer) {
        let Some(pending) = self.pending.as_ref().filter(|p| p.id == id) else {
            return;
        };
        let (from, purpose) = (pending.state.clone(), pending.purpose);
        let Ok(Some(known)) = self.read(answer, &from) else {
            return;
        };
        let length = known.len();
        self.adopt(known);
        if let Some(pending) = &mut self.pending {
            pending.provisional = Some(length);
        }
        if from == *self.state() && purpose == Purpose::Hint {
            self.show_known_hint();
        }
    }

    fn receive_answer(&mut self, id: RequestId, answer: &Answer, elapsed_ms: f64, now: f64) {
        let Some(pending) = self.pending.take_if(|p| p.id == id) else {
            return;
        };
        if let Some((_, variant)) = pending.deal {
            match self.game.read_deal(answer) {
                Some((state, par)) => {
                    // A background search for the old game's par is
                    // forgotten; its answer is ignored when it comes.
                    self.replace_with(state);
                    self.par = par;
                    self.variant = variant;
                }
                None => self.note = "The solver's answer is not a game to play.".into(),
            }
            return;
        }
        self.shown = Some(Shown {
            state: pending.state.clone(),
            answer: answer.clone(),
            elapsed_ms,
            reveal_from: now,
            reveal_ms: 0.0,
        });
        match self.read(answer, &pending.state) {
            Ok(Some(known)) => {
                if pending.state == *self.start() {
                    self.learn_par(answer);
                }
                self.found_in_ms = known.is_optimal().then_some(elapsed_ms);
                self.adopt(known);
            }
            Ok(None) => self.lost.push(pending.state.clone()),
            Err(_) => {
                self.note = "The solver's answer does not reach the goal.".into();
                return;
            }
        }
        // A stale answer (for a position since left) is still remembered.
        if pending.state != *self.state() {
            return;
        }
        if self.lost.contains(&pending.state) {
            self.note = self.game.lost_text(self.state(), self.can_undo());
            return;
        }
        match pending.purpose {
            Purpose::Hint => {
                self.show_known_hint();
            }
            Purpose::Solve => self.start_autoplay(now),
            // Deals were answered above.
            Purpose::Deal => {}
        }
    }

    /// Starts playing the known solution, after revealing how it was found
    /// if the game shows that and the last answer is for this position.
    fn start_autoplay(&mut self, now: f64) {
        self.hint = None;
        self.game.refresh_ui(&mut self.ui, None);
        let mut first_move = now;
        if let Some(shown) = self
            .shown
            .as_mut()
            .filter(|s| s.state == self.history.current().state)
        {
            shown.reveal_from = now;
            shown.reveal_ms = if self.reduced_motion {
                0.0
            } else {
                self.game.reveal_ms(&shown.answer, self.speed)
            };
            first_move += shown.reveal_ms;
        }
        let moves = self.known_remaining().map_or(0, <[G::Move]>::len);
        // The reveal takes its part of the budget, though the walk keeps at
        // least half of it.
        let budget = (PLAYBACK_BUDGET_MS - (first_move - now)).max(PLAYBACK_BUDGET_MS / 2.0);
        self.autoplay_floor = playback_speed(0.0, moves, budget);
        self.autoplay_at = Some(first_move);
        self.solver_mark = now;
        self.note.clear();
    }

    /// The speed the auto-solve plays at now (moves per second): the
    /// chosen speed, or faster for a solution too long to play at it within
    /// [`PLAYBACK_BUDGET_MS`] (see [`playback_speed`]).
    fn playing_speed(&self) -> f64 {
        self.speed.max(self.autoplay_floor)
    }

    /// The solver's last answer, with how much of its search to show (see
    /// [`Shown`]); `None` once the player has moved on their own.
    pub fn shown(&self) -> Option<&Shown<G::State>> {
        self.shown.as_ref()
    }

    fn stop_autoplay(&mut self) {
        self.autoplay_at = None;
        self.autoplay_floor = 0.0;
    }

    /// The move being shown: the positions before and after and the
    /// progress. With nothing moving it is the current position, still.
    pub fn frame(&self, now: f64) -> (&G::State, &G::State, f64) {
        match &self.transition {
            Some(transition) if transition.to == *self.state() => {
                (&transition.from, &transition.to, transition.progress(now))
            }
            _ => (self.state(), self.state(), 1.0),
        }
    }

    /// The zoom and pan the board is drawn with.
    pub fn viewport(&self) -> Viewport {
        self.view
    }

    /// Zooms a board that zooms by `factor` about the centre of its box,
    /// keeping what the game follows in sight (see [`Game::focus`]).
    pub fn zoom_by(&mut self, factor: f64, now: f64) {
        if self.game.zoomable() {
            self.view.zoom_by(factor);
            self.follow(now);
        }
    }

    /// Shows the whole board again.
    pub fn zoom_to_fit(&mut self) {
        self.view.fit();
    }

    /// Pans a zoomed board as little as needed to keep what the game
    /// follows (the walker) in sight at `now`.
    fn follow(&mut self, now: f64) {
        if !(self.game.zoomable() && self.view.is_zoomed()) {
            return;
        }
        let (before, after, t) = self.frame(now);
        if let Some(point) = self.game.focus(before, after, t, &self.grid) {
            // A margin of a fifth of the box, at most 60 pixels: the walker
            // is seen coming to the edge before the view moves.
            let (w, h) = (self.grid.width, self.grid.height);
            let margin = (w.min(h) / 5.0).min(60.0);
            self.view.keep_in_view(point, margin);
        }
    }

    /// How far along the celebration of a win is (0 to 1), while it runs.
    pub fn celebration(&self, now: f64) -> Option<f64> {
        celebration(self.won_at, now, self.reduced_motion)
    }

    /// How the piece under the last tap that moved nothing looks at `now`,
    /// while its nudge lasts (see [`super::nudge`]): it shakes, or flashes
    /// with reduced motion.
    pub fn nudge(&self, now: f64) -> Option<NudgeLook> {
        self.nudge?.look(now, self.reduced_motion)
    }

    /// Whether moves, the win banner and reveals are shown at once (see
    /// [`Play::set_reduced_motion`]).
    pub fn reduced_motion(&self) -> bool {
        self.reduced_motion
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

    /// Asks the solver in the background for the par of the game's start
    /// (see [`Game::wants_par`]), unless it is known (on sight, such as
    /// from the 3x3 table) or being asked, once the game is won: a search
    /// while the player plays would hold up their hints. Called after each
    /// of the player's moves.
    pub fn ask_par(&mut self, now: f64, solver: &mut dyn SolverQueue) {
        if !self.game.wants_par()
            || self.par.is_some()
            || self.par_request.is_some()
            || self.par_given_up
        {
            return;
        }
        let start = self.start().clone();
        if let Some(par) = self.game.par_on_sight(&start) {
            self.par = Some(par);
            return;
        }
        // Only once won: a search for the par while the player plays would
        // hold up their hints (a hard 4x4 takes the workers seconds).
        if !self.is_won() {
            return;
        }
        self.par_request = Some(solver.submit(self.game.par_task(&start), now));
    }

    /// The par of the game's start, if known (see [`Par`]).
    pub fn par(&self) -> Option<Par> {
        self.par
    }

    /// Sets the par of the game's start (a board drawn by difficulty comes
    /// with its exact distance; a restored game brings its own back).
    pub fn set_par(&mut self, par: Option<Par>) {
        self.par = par;
    }

    /// Takes the par the solver's answer from the start gives (see
    /// [`Game::par_of`]), if better than the one held: a proven one, or a
    /// shorter one where the solver gives no proof anyway.
    fn learn_par(&mut self, answer: &Answer) {
        if !self.game.wants_par() {
            return;
        }
        let Some(found) = self.game.par_of(self.start(), answer) else {
            return;
        };
        let par = Some(self.par.map_or(found, |held| held.better(found)));
        if par != self.par {
            self.par = par;
            self.revision += 1;
        }
    }

    /// Whether a win of this game counts for the best scores (a game
    /// dealt, not typed in or edited).
    pub fn is_ranked(&self) -> bool {
        self.ranked
    }

    /// Says whether a win counts for the best scores (a restored game
    /// brings its own back).
    pub fn set_ranked(&mut self, ranked: bool) {
        self.ranked = ranked;
    }

    /// What sets this game apart among games of its record key (such as
    /// `hard`), if anything.
    pub fn variant(&self) -> Option<&str> {
        self.variant.as_deref()
    }

    /// Sets what sets this game apart in the best scores.
    pub fn set_variant(&mut self, variant: Option<String>) {
        self.variant = variant;
    }

    /// The key of this game's best scores: the game's [`Game::record_key`]
    /// and the variant.
    pub fn record_key(&self) -> Option<String> {
        let key = self.game.record_key(self.start())?;
        Some(match &self.variant {
            Some(variant) => format!("{key} {variant}"),
            None => key,
        })
    }

    /// Whether the auto-solve played a move on the way to the current
    /// position.
    pub fn is_assisted(&self) -> bool {
        self.history.current().assisted
    }

    /// Which bests the win beat, once it was offered to the best scores.
    pub fn settled(&self) -> Option<Improvement> {
        self.settled
    }

    /// Sets which bests the win beat (a restored game brings its own back,
    /// so that it is not counted twice).
    pub fn set_settled(&mut self, settled: Option<Improvement>) {
        self.settled = settled;
    }

    /// Counts a finished game in `records` once: a game won by the player
    /// alone, dealt rather than typed in, of a kind that keeps scores.
    /// True if `records` changed (the page then saves them).
    pub fn settle(&mut self, records: &mut Records, now: f64) -> bool {
        if self.settled.is_some() || !self.is_won() || self.moves() == 0 {
            return false;
        }
        if !self.ranked || self.is_assisted() {
            return false;
        }
        let Some(key) = self.record_key() else {
            return false;
        };
        let improvement = records.offer(&key, self.moves(), self.clock.elapsed(now));
        self.settled = Some(improvement);
        self.revision += 1;
        true
    }

    /// The won message: the game's celebration, how it compares with the
    /// par, and any best beaten; or that the solver finished the game.
    fn won_message(&self, time: &str) -> String {
        let (state, moves) = (self.state(), self.moves());
        if self.is_assisted() {
            let mut text = self.game.solver_won_text(state, moves);
            if let Some(ms) = self.solver_ms {
                text.push_str(&format!(" Solver's time: {}", format_duration(ms)));
                // The player's part, if they played before Solve.
                if self.clock.has_started() {
                    text.push_str(&format!("; yours before Solve: {time}"));
                }
                text.push('.');
            }
            return text;
        }
        let mut text = self.game.won_text(state, moves, time);
        if self.game.wants_par() {
            if self.par.is_some() || self.par_request.is_some() {
                text.push_str(&self.game.par_text(moves, self.par));
            } else if self.par_given_up {
                text.push_str(&self.game.par_lost_text());
            }
        }
        if let Some(improvement) = self.settled.filter(|i| i.any()) {
            if !text.ends_with(['.', '!', '?', '…']) {
                text.push('.');
            }
            text.push(' ');
            text.push_str(improvement.text());
        }
        text
    }

    /// The progress of a search, as a phrase after its message.
    fn progress_detail(progress: &SearchProgress, examined: Noun) -> String {
        if progress.expanded == 0 {
            return String::new();
        }
        let bound = progress
            .bound
            .map_or_else(String::new, |bound| format!(", bound {bound}"));
        let workers = if progress.workers > 1 {
            format!(", {} workers", progress.workers)
        } else {
            String::new()
        };
        format!(
            " {}{bound}, {:.1} s{workers}",
            examined.count(progress.expanded),
            progress.elapsed_ms / 1000.0
        )
    }
}

impl<G: Game> Play for Session<G> {
    fn undo(&mut self, now: f64) -> bool {
        self.travel(History::undo, now)
    }

    fn redo(&mut self, now: f64) -> bool {
        self.travel(History::redo, now)
    }

    fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    fn request_hint(&mut self, now: f64, solver: &mut dyn SolverQueue) {
        if !self.ready_to_ask() {
            return;
        }
        // The best solution known gives a hint at once; unless it is as good
        // as the solver can give, the search for a better one goes on behind
        // it.
        if self.show_known_hint() && self.is_best_known() {
            return;
        }
        self.request(Purpose::Hint, now, solver);
    }

    fn request_solve(&mut self, now: f64, solver: &mut dyn SolverQueue) {
        if !self.ready_to_ask() {
            return;
        }
        // The solver's search and play are not the player's time: their
        // clock waits for their next move.
        self.clock.stop(now);
        if self.is_best_known() {
            self.start_autoplay(now);
            return;
        }
        self.request(Purpose::Solve, now, solver);
    }

    fn cancel(&mut self, solver: &mut dyn SolverQueue) -> bool {
        let had_work = self.cancel_quietly(solver);
        if had_work {
            self.note = "Stopped. Play on!".into();
        }
        had_work
    }

    fn cancel_quietly(&mut self, solver: &mut dyn SolverQueue) -> bool {
        // The par's search is asked again once the game is won.
        if let Some(id) = self.par_request.take() {
            solver.cancel(id);
        }
        let pending = self.pending.take();
        if let Some(pending) = &pending {
            solver.cancel(pending.id);
        }
        let had_work = pending.is_some() || self.autoplay_at.is_some();
        self.stop_autoplay();
        had_work
    }

    fn prepare(&self, solver: &mut dyn SolverQueue) {
        solver.prepare(&self.game.task(self.state()));
    }

    fn receive(&mut self, event: &Event, now: f64) {
        if self.par_request.is_some() && event.request() == self.par_request {
            match event {
                Event::Answered { answer, .. } => {
                    self.par_request = None;
                    let start = self.start().clone();
                    if let Ok(Some(known)) = self.read(answer, &start) {
                        self.learn_par(answer);
                        self.adopt(known);
                    }
                }
                Event::Failed { .. } => {
                    self.par_request = None;
                    self.par_given_up = true;
                    self.revision += 1;
                }
                _ => {}
            }
            return;
        }
        match event {
            Event::Progress { id, progress } => {
                if let Some(pending) = self.pending.as_mut().filter(|p| p.id == *id) {
                    pending.progress = *progress;
                }
            }
            Event::Provisional { id, answer } => self.receive_provisional(*id, answer),
            Event::Answered {
                id,
                answer,
                elapsed_ms,
            } => self.receive_answer(*id, answer, *elapsed_ms, now),
            Event::Failed { id, message } => {
                if self.pending.take_if(|p| p.id == *id).is_some() {
                    self.note = format!("The solver failed: {}.", message.trim_end_matches('.'));
                }
            }
            Event::Note(_) | Event::TablesReady(_) => {}
        }
    }

    fn set_speed(&mut self, moves_per_second: f64) {
        if moves_per_second.is_finite() {
            let speed = moves_per_second.clamp(MIN_SPEED, MAX_SPEED);
            if speed != self.speed {
                self.speed = speed;
                self.revision += 1;
            }
        }
    }

    fn set_reduced_motion(&mut self, reduced: bool) {
        self.reduced_motion = reduced;
        if reduced {
            // Whatever moves now stops where it was going.
            if let Some(transition) = &mut self.transition {
                transition.duration_ms = 0.0;
            }
            if let Some(shown) = &mut self.shown {
                let revealed_at = shown.reveal_from + shown.reveal_ms;
                shown.reveal_ms = 0.0;
                // An auto-solve waiting for the reveal to end plays now.
                if let Some(due) = self.autoplay_at.as_mut().filter(|due| **due <= revealed_at) {
                    *due = due.min(shown.reveal_from);
                }
            }
        }
    }

    fn tick(&mut self, now: f64) -> bool {
        // Every move due by `now` is played, so the auto-solve keeps to its
        // speed even when that is about a move a frame.
        while let Some(due) = self.autoplay_at.filter(|due| now >= *due) {
            let Some(mv) = self
                .known_remaining()
                .and_then(|moves| moves.first().copied())
            else {
                self.stop_autoplay();
                break;
            };
            let from = if now - due > CATCH_UP_MS { now } else { due };
            self.autoplay_at = Some(from + 1000.0 / self.playing_speed());
            if self.apply(mv, Source::Auto, now).is_err() {
                // Known solutions are checked when they arrive.
                self.stop_autoplay();
            }
        }
        self.follow(now);
        self.is_animating(now)
    }

    fn skip_to_end(&mut self, now: f64) -> bool {
        if self.autoplay_at.is_none() {
            return false;
        }
        // A search being revealed is shown whole.
        if let Some(shown) = &mut self.shown {
            shown.reveal_ms = 0.0;
        }
        let moves = self.known_remaining().map(<[G::Move]>::to_vec);
        for mv in moves.unwrap_or_default() {
            // The win (or a move refused, which checked solutions never
            // are) ends the auto-solve.
            if self.autoplay_at.is_none() || self.apply(mv, Source::Auto, now).is_err() {
                break;
            }
        }
        self.stop_autoplay();
        // The final position at once, not a move sliding into it.
        if let Some(transition) = &mut self.transition {
            transition.duration_ms = 0.0;
        }
        true
    }

    fn playback_speed(&self) -> Option<f64> {
        self.autoplay_at.is_some().then(|| self.playing_speed())
    }

    fn is_animating(&self, now: f64) -> bool {
        self.autoplay_at.is_some()
            || self.transition.as_ref().is_some_and(|t| t.is_running(now))
            || self.celebration(now).is_some()
            || self.nudge(now).is_some()
    }

    fn is_clock_running(&self) -> bool {
        self.clock.is_running()
    }

    fn is_searching(&self) -> bool {
        self.pending.is_some()
    }

    fn is_autoplaying(&self) -> bool {
        self.autoplay_at.is_some()
    }

    fn status(&self, now: f64) -> Status {
        let time = format_duration(self.clock.elapsed(now));
        let solved = (self.is_won() && self.moves() > 0).then(|| self.won_message(&time));
        Status {
            moves: format!("Moves: {}", self.moves()),
            time,
            solved,
        }
    }

    fn message(&self) -> String {
        let words = self.game.words();
        if let Some(pending) = &self.pending {
            let detail = Self::progress_detail(&pending.progress, words.examined);
            let (not_optimal, seeking) = if self.game.seeks_shortest(self.state()) {
                (" (not optimal)", "looking for the shortest")
            } else {
                ("", "looking for a shorter one")
            };
            if let Some((saying, _)) = &pending.deal {
                return format!("{saying}{detail}");
            }
            return match (pending.purpose, self.hint, pending.provisional) {
                (Purpose::Hint, Some(hint), _) => format!(
                    "{}; {seeking}…{detail}",
                    self.game
                        .hint_text(self.state(), hint.mv, hint.remaining, hint.optimal)
                ),
                (_, _, Some(length)) => {
                    format!("Found a {length}-move solution{not_optimal}; {seeking}…{detail}")
                }
                (Purpose::Hint, _, None) => format!("{}…{detail}", words.looking_for_hint),
                (Purpose::Solve | Purpose::Deal, _, None) => format!("Solving…{detail}"),
            };
        }
        if self.autoplay_at.is_some() {
            let left = self.known_remaining().map_or(0, <[G::Move]>::len);
            let speed = self.playing_speed();
            let pace = if speed > self.speed {
                format!(
                    "at {speed} {}/s to finish in {} s",
                    words.moves.many,
                    PLAYBACK_BUDGET_MS / 1000.0
                )
            } else {
                format!("at {speed} {}/s", words.moves.per(speed))
            };
            return match (&self.known, self.found_in_ms) {
                (Some(known), Some(ms))
                    if words.shortest_matters && known.is_optimal() && ms >= 1000.0 =>
                {
                    format!(
                        "Auto-solving a shortest solution ({}, found in {:.1} s) {pace}: {} to go",
                        words.moves.count(known.len() as u64),
                        ms / 1000.0,
                        group_thousands(left as u64)
                    )
                }
                _ => format!(
                    "Auto-solving: {} to go, {pace}",
                    words.moves.count(left as u64)
                ),
            };
        }
        if let Some(hint) = self.hint {
            return self
                .game
                .hint_text(self.state(), hint.mv, hint.remaining, hint.optimal);
        }
        if !self.note.is_empty() {
            return self.note.clone();
        }
        self.game
            .idle_text(self.state(), &self.ui, self.moves(), self.can_undo())
    }

    fn set_note(&mut self, note: String) {
        self.note = note;
    }

    fn describe(&self) -> String {
        self.game.describe(self.state())
    }

    fn summary(&self) -> String {
        self.game.summary(self.state())
    }

    fn grid_size(&self) -> (usize, usize) {
        self.game.grid_size(self.state())
    }

    fn fit(&mut self, width: f64, height: f64) -> Grid {
        self.grid = self.game.fit(self.state(), width, height);
        self.view.resize(self.grid.width, self.grid.height);
        self.grid
    }

    fn pointer_down(&mut self, x: f64, y: f64) {
        self.gesture = Some(Pointer {
            from: (x, y),
            last: (x, y),
            panning: false,
        });
    }

    fn pointer_up(&mut self, x: f64, y: f64, now: f64, solver: &mut dyn SolverQueue) {
        let Some(pointer) = self.gesture.take() else {
            return;
        };
        if pointer.panning {
            return;
        }
        // The game reads the board as zoomed: its reach in pixels is a
        // reach on the screen.
        let gesture = Gesture {
            from: self.view.to_zoomed(pointer.from),
            to: self.view.to_zoomed((x, y)),
        };
        let grid = self.view.zoomed(&self.grid);
        let state = &self.history.current().state;
        let action = self
            .game
            .interpret_pointer(state, &mut self.ui, &grid, gesture);
        // A tap the game reads as nothing, or refuses in words, or whose
        // move the rules refuse, moved nothing: the piece is nudged. A
        // selection (a note with nothing to say) or a redraw is not.
        let refused = match &action {
            Action::Nothing => true,
            Action::Note(note) => !note.is_empty(),
            _ => false,
        };
        let tried = matches!(action, Action::Play(_));
        let revision = self.revision;
        self.act(action, now, solver);
        // Where the finger was on the screen (a zoomed map's ring is drawn
        // there too).
        self.nudge = (refused || tried && self.revision == revision).then_some(Nudge {
            at: pointer.from,
            started_at: now,
        });
    }

    fn pointer_cancel(&mut self) {
        self.gesture = None;
    }

    fn pointer_move(&mut self, x: f64, y: f64) -> bool {
        let zoomed = self.game.zoomable() && self.view.is_zoomed();
        let Some(pointer) = self.gesture.as_mut().filter(|_| zoomed) else {
            return false;
        };
        if !pointer.panning {
            let travelled = (x - pointer.from.0).hypot(y - pointer.from.1);
            let from = self.view.to_zoomed(pointer.from);
            let grid = self.view.zoomed(&self.grid);
            let state = &self.history.current().state;
            // Until it travels far enough a gesture may still be a tap;
            // then it is a pan unless it began on something of the game's.
            if travelled < DRAG_MIN_PX || self.game.claims_drag(state, &self.ui, &grid, from) {
                return false;
            }
            pointer.panning = true;
        }
        let (dx, dy) = (x - pointer.last.0, y - pointer.last.1);
        pointer.last = (x, y);
        let before = self.view;
        self.view.pan_by(dx, dy);
        self.view != before
    }

    fn pinch(&mut self, from: [(f64, f64); 2], to: [(f64, f64); 2]) -> bool {
        if !self.game.zoomable() {
            return false;
        }
        // Two fingers make no tap or swipe.
        self.gesture = None;
        let before = self.view;
        self.view.pinch(from, to);
        self.view != before
    }

    fn wheel(&mut self, x: f64, y: f64, delta: f64) -> bool {
        if !self.game.zoomable() {
            return false;
        }
        self.view.wheel(delta, (x, y));
        true
    }

    fn key(&mut self, key: Key<'_>, now: f64, solver: &mut dyn SolverQueue) -> bool {
        match shared_key(key.key, key.ctrl, key.shift) {
            Some(SharedKey::Undo) => {
                self.undo(now);
            }
            Some(SharedKey::Redo) => {
                self.redo(now);
            }
            Some(SharedKey::Hint) => self.request_hint(now, solver),
            // End means nothing else here; it goes to the browser otherwise.
            Some(SharedKey::SkipToEnd) => return self.skip_to_end(now),
            // Other Ctrl combinations belong to the browser.
            None if key.ctrl => return false,
            None => {
                let state = &self.history.current().state;
                let Some(action) = self.game.interpret_key(state, &mut self.ui, key) else {
                    return false;
                };
                self.act(action, now, solver);
            }
        }
        true
    }

    fn focus_lost(&mut self) {
        self.game.focus_lost(&mut self.ui);
    }

    fn settle(&mut self, records: &mut Records, now: f64) -> bool {
        Session::settle(self, records, now)
    }

    fn best_text(&self, records: &Records) -> Option<String> {
        let best = records.get(&self.record_key()?)?;
        Some(best_text(best, self.game.moves_word()))
    }
}
