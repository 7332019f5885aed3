//! The sliding puzzle's Shuffle, without the page: at a difficulty level a
//! worker draws the board (the game says so meanwhile), without one, or at
//! a size with no levels, a board is dealt at once.
// Natively only: the shared test helpers answer through the engine there.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, solve_task, Requests};
use slide::app::sliding::solving::DrawTask;
use slide::app::sliding::{SlidingGame, SlidingPuzzle};
use slide::app::Play;
use slide::sliding::difficulty::Level;
use slide::sliding::Board;

fn game() -> SlidingGame {
    SlidingGame::new(SlidingPuzzle, Board::shuffled(3, 3, 1).unwrap())
}

#[test]
fn a_level_asks_a_worker_to_draw_and_plays_the_board_drawn_as_that_level() {
    let mut game = game();
    let mut solver = Requests::default();
    game.shuffle((3, 3), Level::Easy, 77, 0.0, &mut solver);
    assert!(game.is_searching());
    assert_eq!(game.message(), "Drawing an easy board…");
    let (id, task) = solver.take();
    let Some(DrawTask {
        width,
        height,
        range,
        seed,
    }) = task.get()
    else {
        panic!("not a draw: {task:?}");
    };
    assert_eq!((*width, *height, *seed), (3, 3, 77));
    assert_eq!(range, &Level::Easy.range(3, 3).unwrap());
    let answer = solve_task(&task);
    game.receive(&answered(id, answer, 5.0), 10.0);
    assert!(!game.is_searching());
    assert_eq!(game.variant(), Some("easy"));
    assert_eq!(game.moves(), 0);
}

#[test]
fn hard_is_said_with_a_and_easy_with_an() {
    let mut game = game();
    let mut solver = Requests::default();
    game.shuffle((4, 4), Level::Hard, 5, 0.0, &mut solver);
    assert_eq!(game.message(), "Drawing a hard board…");
    let (_, task) = solver.take();
    assert!(matches!(
        task.get(),
        Some(DrawTask {
            width: 4,
            height: 4,
            ..
        })
    ));
}

#[test]
fn any_level_or_a_size_without_levels_deals_at_once_from_the_seed() {
    let mut solver = Requests::default();
    for (size, level) in [
        ((3, 3), Level::Any),
        ((5, 5), Level::Hard),
        ((3, 7), Level::Easy),
    ] {
        let mut game = game();
        game.shuffle(size, level, 9, 0.0, &mut solver);
        assert!(!game.is_searching());
        assert!(solver.open.is_empty(), "nothing asked of a worker");
        assert_eq!(game.state(), &Board::shuffled(size.0, size.1, 9).unwrap());
        assert_eq!(game.variant(), None);
    }
}

#[test]
fn a_size_that_cannot_be_dealt_keeps_the_game_and_says_why() {
    let mut game = game();
    let before = game.state().clone();
    let mut solver = Requests::default();
    game.shuffle((1, 1), Level::Any, 9, 0.0, &mut solver);
    assert_eq!(game.state(), &before);
    let message = game.message();
    assert!(
        message.starts_with(char::is_uppercase) && !message.is_empty(),
        "{message}"
    );
}
