//! Undo and redo as a list of states, and the game clock.

/// The states of a game so far. Undo steps back through them, redo forward;
/// a new state after an undo drops the states that could have been redone.
///
/// Invariant: there is always a current state.
#[derive(Clone, Debug)]
pub struct History<S> {
    states: Vec<S>,
    at: usize,
}

impl<S> History<S> {
    /// A history holding only `initial`.
    pub fn new(initial: S) -> Self {
        History {
            states: vec![initial],
            at: 0,
        }
    }

    /// The state undo and redo have reached; always exists (the start at least).
    pub fn current(&self) -> &S {
        &self.states[self.at]
    }

    /// The state the history began with.
    pub fn first(&self) -> &S {
        &self.states[0]
    }

    /// Makes `state` current, dropping the redo list.
    pub fn push(&mut self, state: S) {
        self.states.truncate(self.at + 1);
        self.states.push(state);
        self.at += 1;
    }

    /// Steps back; false if already at the first state.
    pub fn undo(&mut self) -> bool {
        if self.can_undo() {
            self.at -= 1;
            true
        } else {
            false
        }
    }

    /// Steps forward; false if nothing was undone.
    pub fn redo(&mut self) -> bool {
        if self.can_redo() {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// Every state kept, the first first (for a save).
    pub fn states(&self) -> &[S] {
        &self.states
    }

    /// The index of the current state in [`History::states`].
    pub fn position(&self) -> usize {
        self.at
    }

    /// A history of `states` with the one at `position` current (a saved
    /// game read back); `None` if there are no states or `position` is past
    /// the last.
    pub fn from_states(states: Vec<S>, position: usize) -> Option<History<S>> {
        (position < states.len()).then_some(History {
            states,
            at: position,
        })
    }

    /// Every state, from the first, to change in place (to count moves
    /// again under new rules, say).
    pub fn states_mut(&mut self) -> &mut [S] {
        &mut self.states
    }

    /// Whether there is a state to step back to.
    pub fn can_undo(&self) -> bool {
        self.at > 0
    }

    /// Whether there is a state to step forward to.
    pub fn can_redo(&self) -> bool {
        self.at + 1 < self.states.len()
    }
}

/// A stopwatch in milliseconds of an outside clock: started by the first
/// move, stopped when the puzzle is solved, resumed if a move (an undo) leaves
/// the goal again.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clock {
    started: Option<f64>,
    stopped: Option<f64>,
}

impl Clock {
    /// Starts the clock if it has not started.
    pub fn start(&mut self, now: f64) {
        if self.started.is_none() {
            self.started = Some(now);
        }
    }

    /// Stops the clock, keeping the time so far.
    pub fn stop(&mut self, now: f64) {
        if self.started.is_some() && self.stopped.is_none() {
            self.stopped = Some(now);
        }
    }

    /// Resumes a stopped clock without counting the time it was stopped.
    pub fn resume(&mut self, now: f64) {
        if let (Some(started), Some(stopped)) = (self.started, self.stopped) {
            self.started = Some(started + (now - stopped));
            self.stopped = None;
        }
    }

    /// Milliseconds counted at `now`.
    pub fn elapsed(&self, now: f64) -> f64 {
        match self.started {
            Some(started) => (self.stopped.unwrap_or(now) - started).max(0.0),
            None => 0.0,
        }
    }

    /// A clock that has counted `elapsed` milliseconds by `now` and is
    /// stopped there (a saved game read back): a move resumes it.
    pub fn paused(elapsed: f64, now: f64) -> Clock {
        let elapsed = if elapsed.is_finite() {
            elapsed.max(0.0)
        } else {
            0.0
        };
        Clock {
            started: Some(now - elapsed),
            stopped: Some(now),
        }
    }

    /// Whether the clock has started (the first move was made).
    pub fn has_started(&self) -> bool {
        self.started.is_some()
    }

    /// Whether the clock is counting.
    pub fn is_running(&self) -> bool {
        self.started.is_some() && self.stopped.is_none()
    }
}

/// Formats milliseconds as `m:ss` (or `h:mm:ss` past an hour).
pub fn format_duration(ms: f64) -> String {
    let seconds = (ms / 1000.0).floor().max(0.0) as u64;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}
