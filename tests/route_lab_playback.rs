//! The search lab's playback, driven natively with explicit times: Solve
//! reveals the search, which can be paused, stepped exactly one expansion
//! forward and back, scrubbed, played at another speed and let run on (the
//! route is then walked); the readout says what the search knew of a
//! place at the point shown.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, solve_task, Requests};
use slide::app::route::playback::expansions_at;
use slide::app::route::{Map, RouteGame};
use slide::app::Play;
use slide::search::PlaceState;

fn maze(wide: usize, seed: u64) -> RouteGame {
    let mut game = RouteGame::on_map(Map::maze(wide, wide, seed).unwrap());
    game.fit(600.0, 600.0);
    game
}

/// A maze whose search the solver answered at time 100, being revealed.
fn solving() -> (RouteGame, Requests) {
    let mut game = maze(10, 3);
    let mut solver = Requests::default();
    game.request_solve(0.0, &mut solver);
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), 12.0), 100.0);
    (game, solver)
}

/// Where a pixel is drawn, in CSS pixels on the board (not zoomed).
fn css_of(game: &RouteGame, (x, y): (usize, usize)) -> (f64, f64) {
    let grid = game.grid();
    let map = game.game().map();
    (
        (x as f64 + 0.5) * grid.width / map.width() as f64,
        (y as f64 + 0.5) * grid.height / map.height() as f64,
    )
}

#[test]
fn a_solve_plays_its_search_from_nothing_to_the_whole() {
    let (game, _) = solving();
    let start = game.playback(100.0).expect("a search to play back");
    assert_eq!(start.shown, 0);
    assert!(start.playing);
    assert!(start.total > 10, "a maze takes many expansions");
    let later = game.playback(100.0 + 600.0).unwrap();
    assert!(later.shown > 0 && later.shown < later.total);
    let end = game.playback(100.0 + 60_000.0).unwrap();
    assert_eq!(end.shown, end.total);
    assert!(!end.playing);
}

#[test]
fn pausing_holds_the_search_and_the_walk_waits() {
    let (mut game, _) = solving();
    game.pause_search(500.0);
    let held = game.playback(500.0).unwrap();
    assert!(!held.playing);
    for now in [1_000.0, 30_000.0, 90_000.0] {
        game.tick(now);
        assert_eq!(game.playback(now).unwrap().shown, held.shown);
        assert_eq!(
            game.state().places().len(),
            1,
            "the walk waits while paused"
        );
    }
    assert!(!game.is_animating(90_000.0), "nothing moves while paused");
}

#[test]
fn a_step_shows_exactly_one_expansion_more_or_less() {
    let (mut game, _) = solving();
    game.pause_search(400.0);
    let before = game.playback(400.0).unwrap().shown;
    game.step_search(1, 410.0);
    assert_eq!(game.playback(5_000.0).unwrap().shown, before + 1);
    game.step_search(1, 420.0);
    game.step_search(-1, 430.0);
    assert_eq!(game.playback(5_000.0).unwrap().shown, before + 1);
    // Every count from 0 to the whole is reached one step at a time.
    game.show_expansions(0);
    let total = game.playback(0.0).unwrap().total;
    for k in 1..=total {
        game.step_search(1, 0.0);
        assert_eq!(game.playback(0.0).unwrap().shown, k);
    }
    game.step_search(1, 0.0);
    assert_eq!(
        game.playback(0.0).unwrap().shown,
        total,
        "no step past the end"
    );
    game.show_expansions(0);
    game.step_search(-1, 0.0);
    assert_eq!(
        game.playback(0.0).unwrap().shown,
        0,
        "no step before the start"
    );
}

#[test]
fn scrubbing_shows_any_count_and_holds_it() {
    let (mut game, _) = solving();
    let total = game.playback(100.0).unwrap().total;
    for k in [total / 2, 3, total, 0, total + 50] {
        game.show_expansions(k);
        let playback = game.playback(200_000.0).unwrap();
        assert_eq!(playback.shown, k.min(total));
        assert!(!playback.playing);
    }
}

#[test]
fn play_runs_on_from_where_it_was_held_then_the_route_is_walked() {
    let (mut game, _) = solving();
    game.show_expansions(5);
    game.play_search(1_000.0);
    let on = game.playback(1_000.0).unwrap();
    assert_eq!(on.shown, 5);
    assert!(on.playing);
    assert!(game.is_animating(1_000.0));
    let mut now = 1_000.0;
    while !game.is_won() && now < 200_000.0 {
        now += 20.0;
        game.tick(now);
    }
    assert!(
        game.is_won(),
        "the solver's route is walked once the search has played"
    );
}

#[test]
fn toggling_pauses_then_plays_and_a_finished_search_replays_from_the_start() {
    let (mut game, _) = solving();
    game.toggle_search(300.0);
    assert!(!game.playback(300.0).unwrap().playing);
    game.toggle_search(400.0);
    assert!(game.playback(400.0).unwrap().playing);
    let total = game.playback(400.0).unwrap().total;
    game.show_expansions(total);
    game.toggle_search(500.0);
    let replay = game.playback(500.0).unwrap();
    assert_eq!(replay.shown, 0);
    assert!(replay.playing);
}

#[test]
fn a_faster_speed_keeps_the_place_and_plays_sooner_to_the_end() {
    let (mut slow, _) = solving();
    let (mut fast, _) = solving();
    slow.set_search_rate(1.0, 400.0);
    fast.set_search_rate(4.0, 400.0);
    assert_eq!(
        fast.playback(400.0).unwrap().shown,
        slow.playback(400.0).unwrap().shown,
        "a new speed starts where the playback is"
    );
    assert!(fast.playback(800.0).unwrap().shown > slow.playback(800.0).unwrap().shown);
    assert_eq!(fast.playback(800.0).unwrap().rate, 4.0);
}

#[test]
fn a_count_held_as_a_fraction_reads_back_as_the_same_count() {
    for total in [1, 7, 100, 999, 123_457] {
        for k in [0, 1, total / 3, total - 1, total] {
            assert_eq!(expansions_at(k as f64 / total as f64, total), k);
        }
    }
}

#[test]
fn the_readout_says_wall_not_reached_yet_or_g_h_and_f() {
    let (mut game, _) = solving();
    let found = game.shown_search().unwrap().clone();
    let grid = game.game().map().grid.clone();
    let width = grid.width();
    let pixel = |place: u32| (place as usize % width, place as usize / width);
    // A wall.
    let wall = (0..grid.height())
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .find(|&p| !grid.is_walkable(p))
        .unwrap();
    let text = game.search_readout(css_of(&game, wall), 0.0).unwrap();
    assert!(text.ends_with(": wall"), "{text}");
    // Before any expansion, the goal is not reached yet.
    game.show_expansions(0);
    let goal = pixel(game.game().goal_place());
    let text = game.search_readout(css_of(&game, goal), 0.0).unwrap();
    assert!(text.ends_with("not reached yet"), "{text}");
    // After some, a place expanded reads its g, h and f = g + h.
    game.show_expansions(found.trace.len() / 2);
    let place = found.trace.expanded[3];
    let PlaceState::Closed { g, h } = found.trace.state_at(place, found.trace.len() / 2) else {
        panic!("expanded places are closed");
    };
    let text = game
        .search_readout(css_of(&game, pixel(place)), 0.0)
        .unwrap();
    let (x, y) = pixel(place);
    assert_eq!(
        text,
        format!(
            "x {x}, y {y}: g {g:.1} · h {h:.1} · f {:.1} (closed, expanded)",
            g + h
        )
    );
    // Off the map, nothing.
    assert_eq!(game.search_readout((-5.0, -5.0), 0.0), None);
}

/// Where the walker is on the screen (zoomed and panned).
fn walker_on_screen(game: &RouteGame) -> (f64, f64) {
    let grid = game.game().map().grid.clone();
    let place = game.state().place() as usize;
    let pixel = (place % grid.width(), place / grid.width());
    game.viewport().to_screen(css_of(game, pixel))
}

/// A point on the board far from the walker (where a drag pans rather
/// than runs a corridor).
fn far_from_walker(game: &RouteGame) -> (f64, f64) {
    let walker = walker_on_screen(game);
    let candidates = [
        (150.0, 150.0),
        (450.0, 150.0),
        (150.0, 450.0),
        (450.0, 450.0),
    ];
    candidates
        .into_iter()
        .max_by(|a, b| {
            let d = |p: &(f64, f64)| (p.0 - walker.0).hypot(p.1 - walker.1);
            d(a).total_cmp(&d(b))
        })
        .unwrap()
}

#[test]
fn a_tap_on_a_paused_search_reads_the_place_and_walks_nowhere() {
    let (mut game, mut solver) = solving();
    game.pause_search(400.0);
    let held = game.playback(400.0).unwrap();
    let at = far_from_walker(&game);
    game.pointer_down(at.0, at.1);
    // A finger trembles a little: still a tap.
    game.pointer_move(at.0 + 2.0, at.1 + 1.0);
    assert!(game.tap_reads_search((at.0 + 2.0, at.1 + 1.0), 500.0));
    game.pointer_up(at.0 + 2.0, at.1 + 1.0, 500.0, &mut solver);
    game.tick(600.0);
    assert_eq!(game.state().places().len(), 1, "the tap walked nowhere");
    assert_eq!(
        game.playback(600.0).unwrap(),
        held,
        "the search still shows, held"
    );
    assert!(game.search_readout(at, 600.0).is_some());
}

#[test]
fn a_drag_on_a_paused_search_pans_the_zoomed_map_and_is_no_tap() {
    let (mut game, mut solver) = solving();
    game.pause_search(400.0);
    game.zoom_by(3.0, 400.0);
    let held = game.playback(400.0).unwrap();
    let view = game.viewport();
    let at = far_from_walker(&game);
    game.pointer_down(at.0, at.1);
    let to = (at.0 + 60.0, at.1 + 25.0);
    game.pointer_move(at.0 + 30.0, at.1 + 12.0);
    game.pointer_move(to.0, to.1);
    assert_ne!(game.viewport(), view, "the drag panned the map");
    assert!(
        !game.tap_reads_search(to, 500.0),
        "a drag is not read as a tap"
    );
    game.pointer_up(to.0, to.1, 500.0, &mut solver);
    game.tick(600.0);
    assert_eq!(game.state().places().len(), 1, "the pan walked nowhere");
    assert_eq!(game.playback(600.0).unwrap(), held);
}

#[test]
fn taps_walk_as_ever_while_the_search_plays_or_walls_are_drawn() {
    let (mut game, mut solver) = solving();
    assert!(!game.taps_read_search(150.0), "playing: a tap walks");
    game.pause_search(400.0);
    assert!(game.taps_read_search(400.0));
    game.set_mode(slide::app::route::Mode::Walls, &mut solver);
    assert!(!game.taps_read_search(400.0), "drawing walls: a tap paints");
    let at = far_from_walker(&game);
    game.pointer_down(at.0, at.1);
    assert!(!game.tap_reads_search(at, 400.0));
}
