//! The [`Play`] adapter: the page's calls, the same for every game.

use super::solving::{Purpose, CATCH_UP_MS, MAX_SPEED, MIN_SPEED};
use super::{Pointer, Session, Source};
use crate::app::game::{Action, Game, Gesture, Key};
use crate::app::grid::BoardLayout;
use crate::app::history::{format_duration, History};
use crate::app::input::{shared_key, SharedKey};
use crate::app::nudge::Nudge;
use crate::app::play::{Play, Status};
use crate::app::records::{best_text, Records};
use crate::app::viewport::DRAG_MIN_PX;
use crate::app::workers::{Event, SolverQueue};

impl<G: Game> Play for Session<G> {
    fn undo(&mut self, now: f64) -> bool {
        self.travel(History::undo, now)
    }

    fn redo(&mut self, now: f64) -> bool {
        self.travel(History::redo, now)
    }

    fn take_back(&mut self, now: f64, solver: &mut dyn SolverQueue) -> bool {
        if self.undo(now) {
            return true;
        }
        let Some((rules, start)) = self.game.earlier_rules() else {
            return false;
        };
        self.set_game(rules, solver);
        self.new_game(start, solver);
        true
    }

    fn can_undo(&self) -> bool {
        self.history.can_undo() || self.game.has_earlier_rules()
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
            || self.is_revealing(now)
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
        self.message_text()
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

    fn fit(&mut self, width: f64, height: f64) -> BoardLayout {
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
                self.take_back(now, solver);
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
