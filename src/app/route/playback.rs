//! The search lab's playback: the solver's search shown expansion by
//! expansion, paused, stepped one expansion forward or back, scrubbed to
//! any expansion and played at a chosen rate; and what the search knew of
//! any place at the point shown (its g, h and f).
//!
//! The session holds the reveal as a fraction of the whole (see
//! [`Session::hold_reveal`](crate::app::Session::hold_reveal)); here that
//! fraction is counted in expansions, so that a step is exactly one. The
//! picture of the search is a pure function of the trace and the number
//! of expansions shown ([`crate::search::Trace::sets_at`]).

use super::{Mode, RouteGame, Walk};
use crate::app::grid::BoardLayout;
use crate::app::Play;
use crate::route::Found;
use crate::search::PlaceState;

/// Where the playback of the search shown stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playback {
    /// Expansions shown.
    pub shown: usize,
    /// Expansions in the whole search.
    pub total: usize,
    /// Whether it is playing (not held, and not at its end).
    pub playing: bool,
    /// How many times faster than the game's own pace it plays.
    pub rate: f64,
}

/// The rates offered, slowest first (the page's Speed choices).
pub const RATES: [f64; 6] = [0.1, 0.25, 0.5, 1.0, 2.0, 4.0];

/// The expansions shown at `progress` (0 to 1) of a search of `total`:
/// the nearest whole number, so that a playback held at `k / total` shows
/// exactly `k`.
pub fn expansions_at(progress: f64, total: usize) -> usize {
    ((progress.clamp(0.0, 1.0) * total as f64).round() as usize).min(total)
}

impl RouteGame {
    /// The search the solver answered with, if there is one to show.
    pub fn shown_search(&self) -> Option<&Found> {
        let shown = self.shown()?;
        match shown.answer.get::<super::solving::RouteAnswer>()? {
            super::solving::RouteAnswer {
                found: Some(found), ..
            } => Some(found),
            _ => None,
        }
    }

    /// Where the playback stands at `now`; `None` without a search shown.
    pub fn playback(&self, now: f64) -> Option<Playback> {
        let found = self.shown_search()?;
        let shown = self.shown()?;
        let total = found.trace.len();
        let count = expansions_at(shown.progress(now), total);
        Some(Playback {
            shown: count,
            total,
            playing: shown.held.is_none() && count < total && shown.progress(now) < 1.0,
            rate: self.reveal_rate(),
        })
    }

    /// Holds the playback at `count` expansions (clamped to the search).
    pub fn show_expansions(&mut self, count: usize) {
        let Some(total) = self.shown_search().map(|found| found.trace.len()) else {
            return;
        };
        let progress = if total == 0 {
            1.0
        } else {
            count.min(total) as f64 / total as f64
        };
        self.hold_reveal(progress);
    }

    /// Pauses the playback where it is at `now`.
    pub fn pause_search(&mut self, now: f64) {
        if let Some(playback) = self.playback(now) {
            self.show_expansions(playback.shown);
        }
    }

    /// Plays on from where it is held; from the beginning if it is at its
    /// end.
    pub fn play_search(&mut self, now: f64) {
        let Some(playback) = self.playback(now) else {
            return;
        };
        if playback.shown >= playback.total {
            self.show_expansions(0);
        } else if !self.is_reveal_held() {
            return;
        }
        self.resume_reveal(now);
    }

    /// Pauses a playing search, plays a paused one.
    pub fn toggle_search(&mut self, now: f64) {
        match self.playback(now) {
            Some(playback) if playback.playing => self.pause_search(now),
            Some(_) => self.play_search(now),
            None => {}
        }
    }

    /// Moves the playback `by` expansions (back when negative) from where
    /// it is at `now`, and holds it there.
    pub fn step_search(&mut self, by: i64, now: f64) {
        if let Some(playback) = self.playback(now) {
            let to = (playback.shown as i64).saturating_add(by).max(0) as usize;
            self.show_expansions(to.min(playback.total));
        }
    }

    /// Sets the playback's rate (see [`RATES`]), keeping its place.
    pub fn set_search_rate(&mut self, rate: f64, now: f64) {
        self.set_reveal_rate(rate, now);
    }

    /// Whether a tap reads the search out rather than walking: while the
    /// playback is paused (held, part of the way or at its end) and the
    /// walker walks (no other mode chosen), a tap on the board would walk
    /// a leg and leave the search shown, so it reads out the place under
    /// it instead (see [`RouteGame::search_readout`]).
    pub fn taps_read_search(&self, now: f64) -> bool {
        self.ui().mode == Mode::Walk
            && self.is_reveal_held()
            && self.playback(now).is_some_and(|playback| !playback.playing)
    }

    /// The pointer comes up at `css` on the board at `now`: when taps read
    /// the search (see [`RouteGame::taps_read_search`]) and the gesture was
    /// a tap, it is taken (nothing walks) and true is returned: the caller
    /// reads the place out. A drag is left alone: it pans a zoomed map,
    /// or runs a corridor, as it does anywhere else.
    pub fn tap_reads_search(&mut self, css: (f64, f64), now: f64) -> bool {
        if !self.taps_read_search(now) || !self.is_tap(css.0, css.1) {
            return false;
        }
        self.pointer_cancel();
        true
    }

    /// What the search knew at `now` of the place under `css` (a point on
    /// the board, in CSS pixels, as the screen shows it: zoomed and
    /// panned), in words: where it is, then "wall", "not reached yet", or
    /// its g, h and f and whether it waits (open) or was expanded
    /// (closed). `None` off the map, or without a search shown.
    pub fn search_readout(&self, css: (f64, f64), now: f64) -> Option<String> {
        let found = self.shown_search()?;
        let playback = self.playback(now)?;
        let rules = self.game();
        let map = rules.map();
        let layout: &BoardLayout = self.grid();
        let board = self.viewport().to_board(css);
        let point = (
            board.0 * map.width() as f64 / layout.width,
            board.1 * map.height() as f64 / layout.height,
        );
        let (x, y) = point;
        if !(0.0..map.width() as f64).contains(&x) || !(0.0..map.height() as f64).contains(&y) {
            return None;
        }
        let pixel = (x as usize, y as usize);
        let (place, name) = match rules.walk() {
            Walk::Waypoints => {
                let reach =
                    super::PICK_PX * map.width() as f64 / layout.width / self.viewport().zoom();
                let index = rules.waypoint_near(point, reach)?;
                (index as u32, format!("Waypoint {index}"))
            }
            _ => {
                let name = format!("x {}, y {}", pixel.0, pixel.1);
                if !map.grid.is_walkable(pixel) {
                    return Some(format!("{name}: wall"));
                }
                (rules.pixel_place(pixel), name)
            }
        };
        let at = |what: &str, g: f32, h: f32| {
            if g.is_nan() {
                format!("{name}: {what}")
            } else {
                format!("{name}: g {g:.1} · h {h:.1} · f {:.1} ({what})", g + h)
            }
        };
        Some(match found.trace.state_at(place, playback.shown) {
            PlaceState::Unseen => format!("{name}: not reached yet"),
            PlaceState::Open { g, h } => at("open, waiting", g, h),
            PlaceState::Closed { g, h } => at("closed, expanded", g, h),
        })
    }
}
