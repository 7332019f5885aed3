//! A tap that cannot move anything gives a brief visible nudge: the tile
//! out of line with the gap, the peg that cannot jump, the hole it cannot
//! reach, the place the walker cannot go to shakes (or, with reduced
//! motion, flashes) for a quarter of a second, then stops. Driven with
//! explicit times and a stand-in solver, without a page.
// Natively only: the shared test helpers use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::Requests;
use slide::app::nudge::{Nudge, NUDGE_MS, SHAKE_CELLS};
use slide::app::pegs::PegGame;
use slide::app::route::{Map, RouteGame};
use slide::app::sliding::SlidingPuzzle;
use slide::app::{Play, Session};
use slide::pegs::{cell_of, hole_at, layout};
use slide::sliding::Board;

/// Blank in the centre of a 3x3, drawn on 300 x 300 pixels (cells of 100).
fn sliding() -> Session<SlidingPuzzle> {
    let board = Board::from_tiles(3, 3, &[1u8, 2, 3, 4, 0, 5, 7, 8, 6]).unwrap();
    let mut game = Session::new(SlidingPuzzle, board);
    game.fit(300.0, 300.0);
    game
}

fn tap(game: &mut dyn Play, (x, y): (f64, f64), now: f64, solver: &mut Requests) {
    game.pointer_down(x, y);
    game.pointer_up(x + 1.0, y + 1.0, now, solver);
}

fn classic() -> PegGame {
    let mut game = PegGame::of_layout(&layout("classic").unwrap());
    game.fit(350.0, 350.0);
    game
}

fn hole_centre(game: &PegGame, row: usize, col: usize) -> (f64, f64) {
    let (row, col) = cell_of(hole_at(row, col).unwrap());
    game.grid().to_px(row as f64, col as f64).center()
}

#[test]
fn a_tap_on_a_tile_out_of_line_with_the_gap_nudges_it_and_says_why() {
    let mut game = sliding();
    let mut solver = Requests::default();
    // Tile 1, in the top-left corner, is neither in the gap's row nor column.
    tap(&mut game, (50.0, 50.0), 1000.0, &mut solver);
    assert_eq!(game.moves(), 0);
    let look = game.nudge(1000.0 + NUDGE_MS / 12.0).expect("a nudge");
    assert_eq!(look.at, (50.0, 50.0));
    assert!(look.shift != 0.0 && look.shift.abs() <= SHAKE_CELLS);
    assert_eq!(look.flash, 0.0);
    assert_eq!(
        game.message(),
        "Only tiles in the gap's row or column can slide."
    );
    // The page keeps drawing while the nudge lasts.
    assert!(game.is_animating(1000.0 + NUDGE_MS / 2.0));
}

#[test]
fn the_nudge_ends_after_a_quarter_of_a_second() {
    let mut game = sliding();
    let mut solver = Requests::default();
    tap(&mut game, (250.0, 250.0), 500.0, &mut solver);
    assert!(game.nudge(500.0 + NUDGE_MS - 1.0).is_some());
    assert_eq!(game.nudge(500.0 + NUDGE_MS), None);
    assert!(!game.is_animating(500.0 + NUDGE_MS));
    assert_eq!(NUDGE_MS, 250.0);
}

#[test]
fn a_tap_that_slides_a_tile_gives_no_nudge() {
    let mut game = sliding();
    let mut solver = Requests::default();
    tap(&mut game, (150.0, 50.0), 0.0, &mut solver);
    assert_eq!(game.moves(), 1);
    assert_eq!(game.nudge(10.0), None);
}

#[test]
fn a_later_tap_that_moves_takes_the_nudge_away() {
    let mut game = sliding();
    let mut solver = Requests::default();
    tap(&mut game, (50.0, 50.0), 0.0, &mut solver);
    tap(&mut game, (150.0, 50.0), 40.0, &mut solver);
    assert_eq!(game.nudge(50.0), None);
}

#[test]
fn with_reduced_motion_the_nudged_piece_flashes_without_moving() {
    let mut game = sliding();
    game.set_reduced_motion(true);
    let mut solver = Requests::default();
    tap(&mut game, (50.0, 250.0), 0.0, &mut solver);
    let early = game.nudge(10.0).expect("a nudge");
    let late = game.nudge(200.0).expect("still a nudge");
    assert_eq!((early.shift, late.shift), (0.0, 0.0));
    assert!(early.flash > late.flash && late.flash > 0.0);
    assert_eq!(game.nudge(NUDGE_MS), None);
}

#[test]
fn a_shake_swings_both_ways_and_dies_away() {
    let nudge = Nudge {
        at: (0.0, 0.0),
        started_at: 0.0,
    };
    let shifts: Vec<f64> = (0..50)
        .map(|i| nudge.look(f64::from(i) * 5.0, false).unwrap().shift)
        .collect();
    assert!(shifts.iter().any(|&s| s > 0.02) && shifts.iter().any(|&s| s < -0.02));
    let first_half = shifts[..25].iter().fold(0.0f64, |m, s| m.max(s.abs()));
    let second_half = shifts[25..].iter().fold(0.0f64, |m, s| m.max(s.abs()));
    assert!(second_half < first_half);
    assert_eq!(nudge.look(-1.0, false), None);
}

#[test]
fn a_tap_on_a_peg_that_cannot_jump_nudges_it() {
    let mut game = classic();
    let mut solver = Requests::default();
    // At the start only the pegs next to the empty centre can jump.
    let corner = hole_centre(&game, 0, 2);
    tap(&mut game, corner, 0.0, &mut solver);
    assert_eq!(game.nudge(20.0).map(|look| look.at), Some(corner));
    assert!(game.message().contains("has no jump"));
}

#[test]
fn a_tap_on_a_hole_the_selected_peg_cannot_reach_nudges_it() {
    let mut game = classic();
    let mut solver = Requests::default();
    let corner = hole_centre(&game, 0, 2);
    tap(&mut game, corner, 0.0, &mut solver);
    let centre = hole_centre(&game, 3, 3);
    tap(&mut game, centre, 300.0, &mut solver);
    assert_eq!(game.moves(), 0);
    assert_eq!(game.nudge(320.0).map(|look| look.at), Some(centre));
    assert!(game.message().contains("cannot jump"));
}

#[test]
fn selecting_a_peg_that_can_jump_is_no_nudge() {
    let mut game = classic();
    let mut solver = Requests::default();
    let peg = hole_centre(&game, 1, 3);
    tap(&mut game, peg, 0.0, &mut solver);
    assert_eq!(game.nudge(20.0), None);
    // And the jump it then makes is none either.
    let centre = hole_centre(&game, 3, 3);
    tap(&mut game, centre, 100.0, &mut solver);
    assert_eq!(game.moves(), 1);
    assert_eq!(game.nudge(120.0), None);
}

#[test]
fn a_tap_where_the_walker_cannot_go_nudges_there() {
    let mut game = RouteGame::on_map(Map::office());
    game.fit(640.0, 400.0);
    let mut solver = Requests::default();
    // The plan's top-left corner is no waypoint joined to the start.
    tap(&mut game, (2.0, 2.0), 0.0, &mut solver);
    assert_eq!(game.moves(), 0);
    assert_eq!(game.nudge(30.0).map(|look| look.at), Some((2.0, 2.0)));
    assert_eq!(game.nudge(30.0 + NUDGE_MS), None);
}
