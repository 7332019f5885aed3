//! The short summaries announced to screen readers when a board has
//! changed (the full description is read with the board).

mod common;

use common::Requests;
use slide::app::pegs::PegGame;
use slide::app::route::{Map, RouteGame};
use slide::app::sliding::SlidingPuzzle;
use slide::app::{Play, Session};
use slide::pegs::{layout, parse};
use slide::sliding::{Board, Move};

#[test]
fn a_sliding_board_is_summed_up_by_its_tiles_in_place_and_its_blank() {
    let board = Board::solved(4, 4).unwrap().apply(Move::Slide(15)).unwrap();
    let game = Session::new(SlidingPuzzle, board);
    assert_eq!(
        game.summary(),
        "14 of 15 tiles in place; the blank is in row 4, column 3."
    );
    let solved = Session::new(SlidingPuzzle, Board::solved(3, 3).unwrap());
    assert_eq!(solved.summary(), "Solved: all 8 tiles in place.");
    // Shorter than the full description, which names every tile.
    assert!(game.summary().len() < game.describe().len());
}

#[test]
fn a_peg_board_is_summed_up_by_its_pegs_left_and_where_when_few() {
    let classic = PegGame::of_layout(&layout("classic").unwrap());
    assert_eq!(classic.summary(), "32 pegs left.");
    let few = parse("  ...\n  ...\n.......\n...o...\n...o...\n  ...\n  ...").unwrap();
    let mut game = PegGame::of_layout(&layout("classic").unwrap());
    game.new_game(few, &mut Requests::default());
    assert!(
        game.summary().starts_with("2 pegs left, at "),
        "{}",
        game.summary()
    );
}

#[test]
fn a_route_is_summed_up_by_its_description() {
    let game = RouteGame::on_map(Map::maze(10, 10, 3).unwrap());
    assert_eq!(game.summary(), game.describe());
}
