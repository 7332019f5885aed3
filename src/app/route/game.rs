//! Route finding's glue for the shared [`Session`](crate::app::session::Session): how clicks, swipes and
//! keys become legs, hints, and its wording.

use super::map::MapKind;
use super::solving::RouteAnswer;
use super::walk::{steps_in_words, Leg, RouteError, Walk, Walker};
use super::{
    Mode, RouteAction, RouteFinding, RouteUi, Stroke, DRAG_MIN_PX, GRAB_PX, LAYOUT_MAX, LEG_MS,
    PICK_PX,
};
use crate::app::game::{Action, Game, Gesture, Key, Words};
use crate::app::grid::BoardLayout;
use crate::app::input::{arrow, swipe_dir};
use crate::app::wording::{capitalise, Noun};
use crate::app::workers::{Answer, Task};
use crate::quote::quote;

/// What the editor says while it is open.
const EDITING: &str = "Editing waypoints: click to add one (joined to the one selected), click two to join or part them, drag one to move it, Delete removes the selected one.";

/// What the lab says while walls are drawn.
const DRAWING: &str = "Drawing walls: drag to paint walls, or start on a wall to erase; drag S or G to move them. Undo takes a stroke back.";

pub(super) const WORDS: Words = Words {
    moves: Noun {
        one: "leg",
        many: "legs",
    },
    looking_for_hint: "Looking for the shortest route",
    already_won: "You are at the goal: Restart to walk it again, or pick another map.",
    loaded: "Route loaded. Walk on!",
    shortest_matters: false,
    examined: Noun {
        one: "place",
        many: "places",
    },
};

impl Game for RouteFinding {
    type State = Walker;
    type Move = Leg;
    type Ui = RouteUi;
    type Error = RouteError;

    fn apply(&self, walker: &Walker, leg: Leg) -> Result<Walker, RouteError> {
        self.check_leg(walker.at, leg.to)?;
        Ok(Walker {
            at: leg.to,
            legs: walker.legs + 1,
            travelled: walker.travelled + self.leg_length(walker.at, leg.to),
            trail: walker.trail.push(leg.to),
        })
    }

    fn is_won(&self, walker: &Walker) -> bool {
        walker.at == self.goal_place()
    }

    fn move_ms(&self) -> f64 {
        LEG_MS
    }

    fn task(&self, walker: &Walker) -> Task {
        Task::new(self.task_from(walker.at, self.heuristic))
    }

    fn read_answer(&self, answer: Answer) -> Result<Option<(Vec<Leg>, bool)>, String> {
        match answer.get::<RouteAnswer>() {
            Some(RouteAnswer { found, optimal }) => Ok(found
                .as_ref()
                .map(|found| (self.legs_of(&found.places), *optimal))),
            None => Err("not a route answer".into()),
        }
    }

    /// Routes that are not proven shortest are still the best the solver
    /// gives: asking again finds the same.
    fn is_best_effort(&self, _: &Walker) -> bool {
        !self.proves_shortest()
    }

    fn seeks_shortest(&self, _: &Walker) -> bool {
        true
    }

    /// The map's pixels, as many cells as fit the layout's limit (larger
    /// maps are drawn scaled down, keeping their shape).
    fn grid_size(&self, _: &Walker) -> (usize, usize) {
        let (w, h) = (self.map.width(), self.map.height());
        let longest = w.max(h);
        if longest <= LAYOUT_MAX {
            (w, h)
        } else {
            let scale = LAYOUT_MAX as f64 / longest as f64;
            (
                ((w as f64 * scale).round() as usize).max(1),
                ((h as f64 * scale).round() as usize).max(1),
            )
        }
    }

    /// The map fills the box, keeping its shape: cells need not be whole
    /// pixels, as the map is drawn scaled.
    fn fit(&self, walker: &Walker, width: f64, height: f64) -> BoardLayout {
        let (cols, rows) = self.grid_size(walker);
        let scale = (width.max(1.0) / cols as f64).min(height.max(1.0) / rows as f64);
        BoardLayout {
            width: (cols as f64 * scale).floor().max(1.0),
            height: (rows as f64 * scale).floor().max(1.0),
            cols,
            rows,
        }
    }

    fn zoomable(&self) -> bool {
        true
    }

    /// Walking, a drag from the walker swipes (runs a corridor); in the
    /// editor, a drag from a waypoint moves it. Any other drag pans.
    fn claims_drag(
        &self,
        walker: &Walker,
        ui: &RouteUi,
        layout: &BoardLayout,
        from: (f64, f64),
    ) -> bool {
        let point = self.map_point(layout, from);
        match ui.mode {
            Mode::Edit => self
                .waypoint_near(point, PICK_PX * self.map_per_css(layout))
                .is_some(),
            Mode::SetStart | Mode::SetGoal => false,
            // Every drag paints, erases or moves S or G, zoomed or not.
            Mode::Walls => true,
            Mode::Walk => {
                let (x, y) = self.point(walker.at);
                let at = (
                    x * layout.width / self.map.width() as f64,
                    y * layout.height / self.map.height() as f64,
                );
                self.walk != Walk::AnyAngle && (at.0 - from.0).hypot(at.1 - from.1) <= GRAB_PX
            }
        }
    }

    /// The walker, mid-leg as drawn.
    fn focus(
        &self,
        before: &Walker,
        after: &Walker,
        t: f64,
        layout: &BoardLayout,
    ) -> Option<(f64, f64)> {
        let css = |place: u32| {
            let (x, y) = self.point(place);
            (
                x * layout.width / self.map.width() as f64,
                y * layout.height / self.map.height() as f64,
            )
        };
        let (a, b) = (css(before.at), css(after.at));
        let e = crate::app::anim::ease(t.clamp(0.0, 1.0));
        Some((a.0 + (b.0 - a.0) * e, a.1 + (b.1 - a.1) * e))
    }

    /// Walking: a tap walks a leg to the place under it (on waypoints, the
    /// nearest within reach); a swipe runs that way as an arrow key does.
    /// Setting the start or the goal: a tap sets it. Editing: taps add,
    /// select, join and part waypoints, a drag moves one.
    fn interpret_pointer(
        &self,
        walker: &Walker,
        ui: &mut RouteUi,
        layout: &BoardLayout,
        gesture: Gesture,
    ) -> RouteAction {
        let reach = PICK_PX * self.map_per_css(layout);
        let from = self.map_point(layout, gesture.from);
        let to = self.map_point(layout, gesture.to);
        let dragged = gesture.distance() >= DRAG_MIN_PX;
        match ui.mode {
            Mode::Edit => {
                if dragged {
                    return match self.waypoint_near(from, reach) {
                        Some(index) => {
                            ui.selected = Some(index);
                            self.edit_move(index, to)
                        }
                        None => Action::Nothing,
                    };
                }
                self.edit_click(ui, to, reach)
            }
            Mode::SetStart | Mode::SetGoal => self.set_end(ui, to, reach),
            // The stroke begun when the pointer went down (and grown as it
            // moved) ends here; without one (no pointer moves were seen), the
            // straight line from where it went down.
            Mode::Walls => {
                let per_css = self.map_per_css(layout);
                let mut stroke = ui
                    .stroke
                    .take()
                    .unwrap_or_else(|| Stroke::begin(self, from, per_css));
                stroke.extend(self, to);
                self.finish_stroke(&stroke)
            }
            Mode::Walk => {
                if dragged && self.walk != Walk::AnyAngle {
                    let (dx, dy) = (gesture.to.0 - gesture.from.0, gesture.to.1 - gesture.from.1);
                    if let Some(dir) = swipe_dir(dx, dy, DRAG_MIN_PX) {
                        return match self.run(walker.at, dir) {
                            Some(to) => Action::Play(Leg { to }),
                            None => Action::Nothing,
                        };
                    }
                }
                match self.place_near(to, reach) {
                    Some(place) => Action::Play(Leg { to: place }),
                    None if self.walk == Walk::Waypoints => Action::Note(
                        "Click a waypoint joined to the one you stand on (or use the arrow keys)."
                            .into(),
                    ),
                    None => Action::Nothing,
                }
            }
        }
    }

    /// Arrow keys (and W A S D) walk that way; in the editor, Delete or
    /// Backspace removes the selected waypoint; setting the start or the
    /// goal, Enter puts it where the walker stands; Escape drops a
    /// selection, then leaves the editor or the start and goal setting.
    fn interpret_key(
        &self,
        walker: &Walker,
        ui: &mut RouteUi,
        key: Key<'_>,
    ) -> Option<RouteAction> {
        if key.key == "Escape" {
            if ui.selected.take().is_none() {
                ui.mode = Mode::Walk;
            }
            return Some(Action::Redraw);
        }
        if ui.mode == Mode::Edit && matches!(key.key, "Delete" | "Backspace") {
            return ui.selected.map(|index| self.edit_delete(ui, index));
        }
        // Without a pointer, Enter sets the start or the goal where the
        // walker stands (walk there first with the arrow keys).
        if key.on_board
            && matches!(ui.mode, Mode::SetStart | Mode::SetGoal)
            && matches!(key.key, "Enter" | " ")
        {
            return Some(self.set_end(ui, self.point(walker.at), 0.5));
        }
        if !key.on_board || ui.mode != Mode::Walk {
            return None;
        }
        let dir = arrow(key.key)?;
        Some(match self.run(walker.at, dir) {
            Some(to) => Action::Play(Leg { to }),
            None => Action::Note(match self.walk {
                Walk::Waypoints => "No waypoint is joined to this one that way.".into(),
                _ => "A wall is in the way.".into(),
            }),
        })
    }

    fn refresh_ui(&self, ui: &mut RouteUi, played: Option<Leg>) {
        if played.is_some() && ui.mode != Mode::Edit {
            ui.selected = None;
        }
    }

    /// The search lab draws walls and searches in turn: drawing walls is
    /// left on (a hint or a solve does not need the pointer).
    fn leave_modes(&self, ui: &mut RouteUi) {
        if ui.mode != Mode::Walls {
            ui.mode = Mode::Walk;
        }
        ui.selected = None;
        ui.stroke = None;
    }

    /// Wall edits (and moves of S or G) are taken back by Undo once the
    /// legs walked since are.
    fn has_earlier_rules(&self) -> bool {
        self.can_undo_edit()
    }

    fn earlier_rules(&self) -> Option<(RouteFinding, Walker)> {
        let rules = self.before_edit()?;
        let start = rules.start();
        Some((rules, start))
    }

    fn describe(&self, walker: &Walker) -> String {
        let map = match &self.map.kind {
            MapKind::Office => "the office floor plan".to_string(),
            MapKind::Maze { cells, .. } => format!("a maze of {} by {} cells", cells.0, cells.1),
            MapKind::Image { name } => format!("your image {name}"),
            MapKind::Drawn { name } => format!("your map {name}"),
        };
        let place = |p: u32| {
            let (x, y) = self.point(p);
            match self.walk {
                Walk::Waypoints => format!("waypoint {p} (x {}, y {})", x.floor(), y.floor()),
                _ => format!("x {}, y {}", x.floor(), y.floor()),
            }
        };
        format!(
            "Route map: {map}, {} by {} pixels. You are at {}; the goal is at {}. Walked {}, {:.1} pixels.",
            self.map.width(),
            self.map.height(),
            place(walker.at),
            place(self.goal_place()),
            WORDS.moves.count(u64::from(walker.legs)),
            walker.travelled
        )
    }

    /// A walk: its places separated by spaces, the start first (waypoint
    /// indices, or pixels as `x,y`).
    fn parse_position(&self, text: &str) -> Result<Walker, String> {
        let mut words = text.split_whitespace();
        let place = |word: &str| -> Result<u32, String> {
            let place = match self.walk {
                Walk::Waypoints => word.parse::<u32>().ok(),
                _ => word.split_once(',').and_then(|(x, y)| {
                    let (x, y) = (
                        x.trim().parse::<usize>().ok()?,
                        y.trim().parse::<usize>().ok()?,
                    );
                    (x < self.map.width() && y < self.map.height())
                        .then(|| self.pixel_place((x, y)))
                }),
            };
            place
                .filter(|&p| self.place_exists(p))
                .ok_or_else(|| format!("{word} is not a place on this map", word = quote(word)))
        };
        let first = place(words.next().ok_or("a walk needs at least its start")?)?;
        if first != self.start_place() {
            return Err("a walk begins at the start".into());
        }
        let mut walker = self.start();
        for (number, word) in words.enumerate() {
            let leg = Leg { to: place(word)? };
            walker = self
                .apply(&walker, leg)
                .map_err(|error| format!("leg {}: {error}", number + 1))?;
        }
        Ok(walker)
    }

    fn format_position(&self, walker: &Walker) -> String {
        let words: Vec<String> = walker
            .places()
            .into_iter()
            .map(|place| match self.walk {
                Walk::Waypoints => place.to_string(),
                _ => {
                    let (x, y) = self.place_pixel(place);
                    format!("{x},{y}")
                }
            })
            .collect();
        words.join(" ")
    }

    fn refusal(&self, error: &RouteError) -> Option<String> {
        Some(format!("{}.", capitalise(&error.to_string())))
    }

    fn words(&self) -> &Words {
        &WORDS
    }

    /// The next leg in words: to a waypoint by its number, on pixels as
    /// steps and directions from where the walker stands.
    fn hint_text(&self, walker: &Walker, leg: Leg, remaining: usize, _: bool, _: u32) -> String {
        let target = match self.walk {
            Walk::Waypoints => format!("walk to waypoint {}", leg.to),
            _ => {
                let (from, to) = (self.place_pixel(walker.at), self.place_pixel(leg.to));
                let across = to.0 as i64 - from.0 as i64;
                let down = to.1 as i64 - from.1 as i64;
                steps_in_words(across, down)
            }
        };
        format!(
            "Hint: {target} — {} to the goal",
            WORDS.moves.count(remaining as u64)
        )
    }

    /// "Your route: 340.2 · shortest: 322.5", with the legs and the time.
    fn won_text(&self, walker: &Walker, moves: u32, time: &str) -> String {
        format!(
            "Goal! {}, {time}. Your route: {:.1}{}",
            WORDS.moves.count(u64::from(moves)),
            walker.travelled,
            self.against_shortest(walker)
        )
    }

    /// The route compared as ever (the solver's walk is the demonstration
    /// of the shortest), saying who walked it; the session adds the times.
    fn solver_won_text(&self, walker: &Walker, moves: u32) -> String {
        let compared = self.against_shortest(walker);
        format!(
            "Goal! {}. The route: {:.1}{}{} The solver walked it.",
            WORDS.moves.count(u64::from(moves)),
            walker.travelled,
            compared,
            if compared.ends_with('!') { "" } else { "." }
        )
    }

    fn lost_text(&self, _: &Walker, can_undo: bool) -> String {
        if can_undo {
            "No route leads from here to the goal. Undo to go back.".into()
        } else {
            "No route leads from the start to the goal: walls (or missing connections) part them."
                .into()
        }
    }

    fn idle_text(&self, walker: &Walker, ui: &RouteUi, moves: u32, _: bool) -> String {
        match ui.mode {
            Mode::Edit => EDITING.into(),
            Mode::Walls => DRAWING.into(),
            Mode::SetStart => "Click where the route should start.".into(),
            Mode::SetGoal => "Click where the route should end.".into(),
            Mode::Walk if self.is_won(walker) && moves > 0 => String::new(),
            Mode::Walk if moves == 0 => match self.walk {
                Walk::Waypoints => "Find the shortest route to the goal: click the waypoints along it, or use the arrow keys.".into(),
                Walk::AnyAngle => "Find the shortest route to the goal: click points you can walk to in a straight line.".into(),
                _ => "Find the shortest route to the goal: the arrow keys (or swipes) walk each corridor; clicks walk straight lines.".into(),
            },
            Mode::Walk => format!("Walked {:.1} so far.", walker.travelled),
        }
    }

    /// The search grows for about two seconds at the default speed (each
    /// expansion a move's time when there are few), faster at higher
    /// speeds.
    fn reveal_ms(&self, answer: &Answer, speed: f64) -> f64 {
        let Some(RouteAnswer {
            found: Some(found), ..
        }) = answer.get()
        else {
            return 0.0;
        };
        if found.trace.is_empty() {
            return 0.0;
        }
        let speed = speed.max(0.1);
        let per_expansion = found.trace.len() as f64 * 1000.0 / speed;
        per_expansion.min(14_000.0 / speed).clamp(300.0, 15_000.0)
    }
}
