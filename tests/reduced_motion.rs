//! Reduced motion: with the player's setting on, slides, jumps and walked
//! legs are shown at once, the win banner stands still for a moment, and
//! Solve walks a route without first revealing the search; turned on while
//! something moves, it stops at once. Driven with explicit times.
// Natively only: the route answers come from a worker's engine run here.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, solve_task, Requests};
use slide::app::anim::{CELEBRATION_MS, STILL_CELEBRATION, STILL_CELEBRATION_MS};
use slide::app::pegs::PegGame;
use slide::app::route::{Map, RouteGame};
use slide::app::sliding::solving::SlidingAnswer;
use slide::app::sliding::SlidingPuzzle;
use slide::app::workers::Answer;
use slide::app::{Play, Session};
use slide::pegs::layout;
use slide::sliding::{Board, Dir, Move};

/// A 3x3 board one slide (tile 8) from the goal.
fn one_slide_from_goal() -> Session<SlidingPuzzle> {
    let board = Board::solved(3, 3).unwrap().apply(Move::Slide(8)).unwrap();
    Session::new(SlidingPuzzle, board)
}

/// A 3x3 board two slides from the goal.
fn two_slides_from_goal() -> Session<SlidingPuzzle> {
    let board = Board::solved(3, 3)
        .unwrap()
        .apply(Move::Slide(8))
        .unwrap()
        .apply(Move::Slide(7))
        .unwrap();
    Session::new(SlidingPuzzle, board)
}

#[test]
fn a_slide_is_shown_at_once_and_nothing_keeps_drawing() {
    let mut game = two_slides_from_goal();
    game.set_reduced_motion(true);
    game.play(Move::Slide(7), 1000.0).unwrap();
    let (_, to, progress) = game.frame(1000.0);
    assert_eq!(progress, 1.0);
    assert_eq!(to, game.state());
    assert!(!game.is_animating(1000.0));

    // Without the setting the same slide takes a while.
    let mut moving = two_slides_from_goal();
    moving.play(Move::Slide(7), 1000.0).unwrap();
    assert!(moving.frame(1000.0).2 < 1.0);
    assert!(moving.is_animating(1000.0));
}

#[test]
fn undo_and_redo_are_shown_at_once_too() {
    let mut game = two_slides_from_goal();
    game.set_reduced_motion(true);
    game.play(Move::Slide(7), 0.0).unwrap();
    assert!(game.undo(500.0));
    assert_eq!(game.frame(500.0).2, 1.0);
    assert!(game.redo(600.0));
    assert_eq!(game.frame(600.0).2, 1.0);
}

#[test]
fn a_jump_lands_at_once() {
    let mut game = PegGame::of_layout(&layout("classic").unwrap());
    game.set_reduced_motion(true);
    let jump = game
        .state()
        .jumps()
        .into_iter()
        .next()
        .expect("the classic game has a first jump");
    game.play(jump, 200.0).unwrap();
    assert_eq!(game.frame(200.0).2, 1.0);
    assert!(!game.is_animating(200.0));
}

#[test]
fn the_win_banner_stands_still_for_a_moment_then_goes() {
    let mut game = one_slide_from_goal();
    game.set_reduced_motion(true);
    game.play(Move::Slide(8), 100.0).unwrap();
    assert!(game.is_won());
    for now in [100.0, 400.0, 100.0 + STILL_CELEBRATION_MS - 1.0] {
        assert_eq!(game.celebration(now), Some(STILL_CELEBRATION), "at {now}");
        assert!(game.is_animating(now), "the banner is drawn until it goes");
    }
    assert_eq!(game.celebration(100.0 + STILL_CELEBRATION_MS), None);
    assert!(!game.is_animating(100.0 + STILL_CELEBRATION_MS));
    const { assert!(STILL_CELEBRATION_MS < CELEBRATION_MS) };

    // Without the setting the banner pops in, then fades, for longer.
    let mut moving = one_slide_from_goal();
    moving.play(Move::Slide(8), 100.0).unwrap();
    let early = moving.celebration(110.0).unwrap();
    let later = moving.celebration(900.0).unwrap();
    assert!(early < later);
    assert!(moving.celebration(100.0 + STILL_CELEBRATION_MS).is_some());
}

#[test]
fn the_auto_solve_plays_at_the_chosen_speed_each_move_shown_at_once() {
    let mut game = two_slides_from_goal();
    let mut solver = Requests::default();
    game.set_reduced_motion(true);
    game.set_speed(2.0);
    game.request_solve(0.0, &mut solver);
    let (id, _) = solver.take();
    // The blank goes back right twice.
    let answer = Answer::new(SlidingAnswer {
        moves: vec![Dir::Right, Dir::Right],
        optimal: true,
        bound: 0,
    });
    game.receive(&answered(id, answer, 5.0), 10.0);
    assert!(game.is_autoplaying());
    game.tick(10.0);
    assert_eq!(game.moves(), 1);
    assert_eq!(game.frame(10.0).2, 1.0);
    // Two moves a second: the next one waits half a second.
    game.tick(400.0);
    assert_eq!(game.moves(), 1);
    game.tick(510.0);
    assert_eq!(game.moves(), 2);
    assert!(game.is_won());
}

/// A 10x10 maze fitted to the screen, with a proven shortest route
/// answered for it by a worker's engine.
fn maze_being_solved(reduced: bool) -> RouteGame {
    let mut game = RouteGame::on_map(Map::maze(10, 10, 3).unwrap());
    game.fit(600.0, 600.0);
    game.set_reduced_motion(reduced);
    let mut solver = Requests::default();
    game.request_solve(0.0, &mut solver);
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), 12.0), 100.0);
    game
}

#[test]
fn solve_walks_the_route_without_first_revealing_the_search() {
    let mut game = maze_being_solved(true);
    let shown = game.shown().expect("the answer is kept to be shown");
    assert_eq!(shown.reveal_ms, 0.0);
    assert_eq!(shown.progress(100.0), 1.0, "the whole search shows at once");
    let start = game.state().place();
    game.tick(100.0);
    assert_ne!(
        game.state().place(),
        start,
        "the first leg is walked at once"
    );
    assert_eq!(game.frame(100.0).2, 1.0);

    // Without the setting the search grows first.
    let mut revealing = maze_being_solved(false);
    assert!(revealing.shown().unwrap().reveal_ms > 0.0);
    revealing.tick(100.0);
    assert_eq!(revealing.state().place(), start);
}

#[test]
fn turned_on_while_something_moves_it_stops_at_once() {
    let mut game = two_slides_from_goal();
    game.play(Move::Slide(7), 0.0).unwrap();
    assert!(game.frame(10.0).2 < 1.0);
    game.set_reduced_motion(true);
    assert_eq!(game.frame(10.0).2, 1.0);
    assert!(!game.is_animating(10.0));

    // A reveal under way ends, and the walk begins.
    let mut route = maze_being_solved(false);
    let start = route.state().place();
    route.tick(150.0);
    assert_eq!(route.state().place(), start);
    route.set_reduced_motion(true);
    assert_eq!(route.shown().unwrap().progress(150.0), 1.0);
    route.tick(160.0);
    assert_ne!(route.state().place(), start);
}

#[test]
fn turned_off_again_moves_slide_as_before_and_a_new_game_keeps_the_setting() {
    let mut game = two_slides_from_goal();
    let mut solver = Requests::default();
    game.set_reduced_motion(true);
    game.new_game(
        Board::solved(3, 3).unwrap().apply(Move::Slide(8)).unwrap(),
        &mut solver,
    );
    assert!(game.reduced_motion());
    game.set_reduced_motion(false);
    game.play(Move::Slide(8), 0.0).unwrap();
    assert!(game.frame(10.0).2 < 1.0);
}
