//! Zooming and panning route maps (so they can be read and tapped on a
//! phone): the view's model, and the route game read through it — taps at
//! the same screen distance whatever the zoom, drags that pan, the walker
//! kept in sight, maps that fill the width.
// Natively only: the shared test helpers answer through the engine there.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::Requests;
use slide::app::route::{Map, RouteGame};
use slide::app::sliding::SlidingPuzzle;
use slide::app::viewport::{Viewport, HIT_RADIUS_PX, MAX_ZOOM};
use slide::app::{Play, Session};
use slide::sliding::Board;

fn close(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6
}

#[test]
fn zooming_about_a_point_keeps_the_map_under_it_in_place() {
    let mut view = Viewport::new(400.0, 250.0);
    let at = (300.0, 60.0);
    let under = view.to_board(at);
    view.zoom_about(2.0, at);
    assert_eq!(view.zoom(), 2.0);
    assert!(close(view.to_screen(under), at));
    view.zoom_about(1.5, (10.0, 200.0));
    assert_eq!(view.zoom(), 3.0);
    let under = view.to_board((123.0, 45.0));
    assert!(close(view.to_screen(under), (123.0, 45.0)));
    assert!(close(
        view.to_board(view.to_screen((77.0, 88.0))),
        (77.0, 88.0)
    ));
}

#[test]
fn the_zoom_stays_between_the_whole_map_and_the_closest_and_fit_shows_it_all() {
    let mut view = Viewport::new(400.0, 250.0);
    view.zoom_by(0.5);
    assert_eq!(view.zoom(), 1.0);
    assert!(!view.is_zoomed());
    for _ in 0..10 {
        view.zoom_by(2.0);
    }
    assert_eq!(view.zoom(), MAX_ZOOM);
    view.fit();
    assert_eq!(view.zoom(), 1.0);
    assert_eq!(view.pan(), (0.0, 0.0));
}

#[test]
fn panning_stops_at_the_map_s_edges_so_no_empty_band_opens() {
    let mut view = Viewport::new(400.0, 250.0);
    view.pan_by(-50.0, -50.0);
    assert_eq!(view.pan(), (0.0, 0.0), "an unzoomed map does not pan");
    view.zoom_by(2.0);
    view.pan_by(10_000.0, 10_000.0);
    assert_eq!(view.to_screen((0.0, 0.0)), (0.0, 0.0));
    view.pan_by(-10_000.0, -10_000.0);
    assert!(close(view.to_screen((400.0, 250.0)), (400.0, 250.0)));
    view.pan_by(30.0, 20.0);
    assert!(close(view.pan(), (400.0 - 30.0, 250.0 - 20.0)));
}

#[test]
fn a_pinch_zooms_by_the_fingers_spread_and_the_map_follows_their_midpoint() {
    let mut view = Viewport::new(400.0, 400.0);
    let under = view.to_board((200.0, 200.0));
    view.pinch(
        [(150.0, 200.0), (250.0, 200.0)],
        [(110.0, 190.0), (310.0, 190.0)],
    );
    assert!((view.zoom() - 2.0).abs() < 1e-9);
    assert!(close(view.to_screen(under), (210.0, 190.0)));
    // Fingers together give no scale: the zoom is kept.
    view.pinch([(5.0, 5.0), (5.0, 5.0)], [(5.0, 5.0), (5.0, 5.0)]);
    assert!((view.zoom() - 2.0).abs() < 1e-9);
}

#[test]
fn a_wheel_turned_away_zooms_in_and_towards_zooms_out_about_the_pointer() {
    let mut view = Viewport::new(400.0, 400.0);
    let at = (100.0, 300.0);
    let under = view.to_board(at);
    view.wheel(-100.0, at);
    assert!(view.zoom() > 1.2, "{}", view.zoom());
    assert!(close(view.to_screen(under), at));
    view.wheel(300.0, at);
    assert_eq!(view.zoom(), 1.0);
    view.wheel(f64::NAN, at);
    assert_eq!(view.zoom(), 1.0);
}

#[test]
fn a_point_kept_in_view_is_brought_inside_the_margin_by_the_least_pan() {
    let mut view = Viewport::new(400.0, 400.0);
    view.zoom_by(4.0);
    view.pan_by(10_000.0, 10_000.0);
    view.keep_in_view((390.0, 10.0), 40.0);
    let (x, y) = view.to_screen((390.0, 10.0));
    assert!((x - 360.0).abs() < 1e-6, "{x}");
    assert!((0.0..=400.0).contains(&y));
    let before = view.pan();
    view.keep_in_view((390.0, 10.0), 40.0);
    assert_eq!(view.pan(), before, "a point in view moves nothing");
}

#[test]
fn a_resized_box_keeps_the_zoom_and_the_point_at_its_centre() {
    let mut view = Viewport::new(400.0, 400.0);
    view.zoom_about(3.0, (100.0, 100.0));
    let centre = view.to_board((200.0, 200.0));
    view.resize(200.0, 200.0);
    assert_eq!(view.zoom(), 3.0);
    let moved = view.to_board((100.0, 100.0));
    assert!(close((moved.0 * 2.0, moved.1 * 2.0), centre));
    assert_eq!(view.board_radius(HIT_RADIUS_PX), HIT_RADIUS_PX / 3.0);
}

fn office(width: f64, height: f64) -> RouteGame {
    let mut game = RouteGame::on_map(Map::office());
    game.fit(width, height);
    game
}

/// Where a waypoint shows on the screen, in CSS pixels on the board.
fn on_screen(game: &RouteGame, waypoint: usize) -> (f64, f64) {
    let graph = game.game().map().waypoints.clone().unwrap();
    let p = graph.point(waypoint);
    let grid = game.grid();
    let map = game.game().map();
    game.viewport().to_screen((
        (p.x + 0.5) * grid.width / map.width() as f64,
        (p.y + 0.5) * grid.height / map.height() as f64,
    ))
}

fn tap(game: &mut RouteGame, at: (f64, f64), solver: &mut Requests) {
    game.pointer_down(at.0, at.1);
    game.pointer_up(at.0, at.1, 0.0, solver);
}

#[test]
fn route_maps_fill_the_width_of_a_phone_whatever_their_shape() {
    let game = office(374.0, 523.0);
    assert_eq!(game.grid().width, 374.0);
    let mut maze = RouteGame::on_map(Map::maze(40, 40, 3).unwrap());
    let grid = maze.fit(374.0, 374.0);
    assert_eq!(grid.width, 374.0);
    assert_eq!(grid.height, 374.0);
}

#[test]
fn a_tap_within_sixteen_screen_pixels_of_a_waypoint_walks_to_it_at_any_zoom() {
    let mut tried = 0;
    for steps in 0..4 {
        let mut game = office(374.0, 233.0);
        let mut solver = Requests::default();
        for _ in 0..steps {
            game.zoom_by(2.0, 0.0);
        }
        let start = game.game().start_place() as usize;
        let graph = game.game().map().waypoints.clone().unwrap();
        // A neighbour with no other waypoint within 34 screen pixels (so no
        // other is within reach of a tap 17 pixels from it).
        let target = graph.neighbours(start).iter().copied().find(|&n| {
            let p = on_screen(&game, n);
            (0..graph.len()).filter(|&o| o != n).all(|o| {
                let q = on_screen(&game, o);
                (p.0 - q.0).hypot(p.1 - q.1) > 34.0
            })
        });
        let Some(target) = target else {
            continue;
        };
        let (x, y) = on_screen(&game, target);
        tap(&mut game, (x + 17.0, y), &mut solver);
        assert_eq!(game.moves(), 0, "17 pixels away is a miss at zoom {steps}");
        tap(&mut game, (x + 15.0, y), &mut solver);
        assert_eq!(
            game.state().place() as usize,
            target,
            "15 pixels away is a hit at zoom {}",
            game.viewport().zoom()
        );
        tried += 1;
    }
    assert!(tried >= 3, "only {tried} zooms had a waypoint apart to tap");
}

#[test]
fn a_drag_from_empty_space_pans_a_zoomed_map_and_walks_nowhere() {
    let mut game = office(374.0, 233.0);
    let mut solver = Requests::default();
    game.zoom_by(4.0, 0.0);
    let start = on_screen(&game, game.game().start_place() as usize);
    // Far from the walker.
    let from = (
        if start.0 > 187.0 { 30.0 } else { 340.0 },
        if start.1 > 116.0 { 30.0 } else { 200.0 },
    );
    let before = game.viewport().pan();
    game.pointer_down(from.0, from.1);
    assert!(!game.pointer_move(from.0 + 5.0, from.1), "a tap's wobble");
    let dx = if from.0 < 187.0 { 60.0 } else { -60.0 };
    assert!(game.pointer_move(from.0 + dx, from.1));
    game.pointer_up(from.0 + dx, from.1, 0.0, &mut solver);
    let after = game.viewport().pan();
    assert!(
        (after.0 - (before.0 - dx)).abs() < 1e-6,
        "{before:?} {after:?}"
    );
    assert_eq!(game.moves(), 0);
}

#[test]
fn an_unzoomed_map_does_not_pan_so_a_swipe_stays_a_swipe() {
    let mut game = office(374.0, 233.0);
    game.pointer_down(30.0, 30.0);
    assert!(!game.pointer_move(200.0, 30.0));
}

#[test]
fn the_walker_is_kept_in_view_as_it_walks_a_zoomed_map() {
    let mut game = office(374.0, 233.0);
    let mut solver = Requests::default();
    game.zoom_by(8.0, 0.0);
    let shortest = game.game().shortest().unwrap().clone();
    let (w, h) = (game.grid().width, game.grid().height);
    let mut now = 0.0;
    for &place in &shortest.places[1..] {
        let at = on_screen(&game, place as usize);
        // Far legs may end off screen: tapped where they are, as a player
        // would after panning there.
        tap(&mut game, at, &mut solver);
        assert_eq!(game.state().place(), place);
        for _ in 0..20 {
            now += 50.0;
            game.tick(now);
        }
        let walker = on_screen(&game, place as usize);
        assert!(
            (0.0..=w).contains(&walker.0) && (0.0..=h).contains(&walker.1),
            "the walker at {walker:?} is off a {w}x{h} screen"
        );
    }
    assert!(game.is_won());
}

#[test]
fn games_that_do_not_zoom_ignore_the_wheel_and_pinches() {
    let mut game = Session::new(SlidingPuzzle, Board::solved(4, 4).unwrap());
    game.fit(400.0, 400.0);
    assert!(!game.wheel(200.0, 200.0, -100.0));
    assert!(!game.pinch(
        [(100.0, 100.0), (200.0, 200.0)],
        [(0.0, 0.0), (300.0, 300.0)]
    ));
    game.zoom_by(2.0, 0.0);
    assert_eq!(game.viewport().zoom(), 1.0);
    game.pointer_down(10.0, 10.0);
    assert!(!game.pointer_move(200.0, 10.0));
}
