//! The session's wording: the message line, the won message and a search's
//! progress.

use super::solving::{Purpose, PLAYBACK_BUDGET_MS};
use super::Session;
use crate::app::game::Game;
use crate::app::history::format_duration;
use crate::app::play::Play;
use crate::app::wording::{group_thousands, Noun};
use crate::app::workers::SearchProgress;

impl<G: Game> Session<G> {
    /// The message line: a search under way, a hint, the win, a note, or
    /// what the game says when idle.
    pub(super) fn message_text(&self) -> String {
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
            let bound = self.proven_bound();
            let phrase = self.game.bound_phrase(bound);
            // Where the message says the proven bound, the search's own
            // bound (never above it) is not said again.
            let briefly = Self::progress_detail(
                &SearchProgress {
                    bound: None,
                    ..pending.progress
                },
                words.examined,
            );
            return match (pending.purpose, self.hint, pending.provisional) {
                (Purpose::Hint, Some(hint), _) => {
                    let text = self.game.hint_text(
                        self.state(),
                        hint.mv,
                        hint.remaining,
                        hint.optimal,
                        hint.bound.max(bound),
                    );
                    let said = phrase.as_ref().is_some_and(|p| text.ends_with(p.as_str()));
                    format!(
                        "{text}; {seeking}…{}",
                        if said { &briefly } else { &detail }
                    )
                }
                (_, _, Some(length)) => match phrase {
                    Some(phrase) if (bound as usize) < length => {
                        format!("Found a {length}-move solution; {phrase}; {seeking}…{briefly}")
                    }
                    _ => format!("Found a {length}-move solution{not_optimal}; {seeking}…{detail}"),
                },
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
                _ => {
                    let bound = self.proven_bound();
                    let proven = match self.game.bound_phrase(bound) {
                        Some(phrase)
                            if (bound as usize) < left
                                && !self.known.as_ref().is_some_and(|k| k.is_optimal()) =>
                        {
                            format!(" ({phrase})")
                        }
                        _ => String::new(),
                    };
                    format!(
                        "Auto-solving: {} to go{proven}, {pace}",
                        words.moves.count(left as u64)
                    )
                }
            };
        }
        if let Some(hint) = self.hint {
            return self.game.hint_text(
                self.state(),
                hint.mv,
                hint.remaining,
                hint.optimal,
                hint.bound,
            );
        }
        if !self.note.is_empty() {
            return self.note.clone();
        }
        self.game
            .idle_text(self.state(), &self.ui, self.moves(), self.can_undo())
    }

    /// The won message: the game's celebration, how it compares with the
    /// par, and any best beaten; or that the solver finished the game.
    pub(super) fn won_message(&self, time: &str) -> String {
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

    /// The progress of a search, as a phrase after its message: while the
    /// workers build the tables it waits for, how far that has got (in the
    /// player's words: nothing is searched yet, so no positions or bound).
    pub(super) fn progress_detail(progress: &SearchProgress, examined: Noun) -> String {
        if let Some(percent) = progress.building {
            return format!(" Getting the solver ready: building its tables, {percent} %");
        }
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
