//! The game behind the page: moves, undo and redo, the clock, hints and the
//! auto-solve, driven with explicit times.
mod common;

use slide::app::sliding::{group_thousands, parse_size, SearchProgress, SlidingGame};
use slide::search::Unlimited;
use slide::sliding::{solve, Board, Dir, Move, MoveError};

fn one_move_from_goal() -> Board {
    Board::solved(3, 3).unwrap().apply(Move::Slide(8)).unwrap()
}

#[test]
fn moves_count_every_tile_slid_and_undo_restores_them() {
    let mut game = SlidingGame::new(Board::solved(4, 4).unwrap().apply(Move::Slide(13)).unwrap());
    assert_eq!(game.moves(), 0);
    game.play(Move::Slide(15), 0.0).unwrap(); // a run of three
    assert_eq!(game.moves(), 3);
    game.play(Move::Push(Dir::Down), 10.0).unwrap();
    assert_eq!(game.moves(), 4);
    assert!(game.undo(20.0));
    assert_eq!(game.moves(), 3);
    assert!(game.undo(30.0));
    assert_eq!(game.moves(), 0);
    assert!(!game.undo(40.0));
    assert!(game.redo(50.0));
    assert_eq!(game.moves(), 3);
    assert!(game.can_redo());
    // A new move drops what could have been redone.
    let legal = Dir::ALL
        .into_iter()
        .find(|&d| game.board().tile_moved_by(d).is_some())
        .unwrap();
    game.play(Move::Blank(legal), 60.0).unwrap();
    assert!(!game.can_redo());
}

#[test]
fn illegal_moves_change_nothing() {
    let mut game = SlidingGame::new(one_move_from_goal());
    assert_eq!(
        game.play(Move::Slide(1), 0.0),
        Err(MoveError::NotInLine { tile: 1 })
    );
    assert_eq!(game.moves(), 0);
    assert!(!game.can_undo());
    assert!(!game.is_clock_running());
}

#[test]
fn the_clock_starts_on_the_first_move_and_stops_when_solved() {
    let mut game = SlidingGame::new(Board::shuffled(3, 3, 1).unwrap());
    assert_eq!(game.status(5000.0).time, "0:00");
    let tile = game
        .board()
        .tile_moved_by(Dir::Up)
        .or(game.board().tile_moved_by(Dir::Down))
        .unwrap();
    game.play(Move::Slide(tile), 1000.0).unwrap();
    assert!(game.is_clock_running());
    assert_eq!(game.status(62_500.0).time, "1:01");

    let mut game = SlidingGame::new(one_move_from_goal());
    game.play(Move::Slide(8), 1000.0).unwrap();
    assert!(game.is_solved() && !game.is_clock_running());
    let status = game.status(99_000.0);
    assert_eq!(status.moves, "Moves: 1");
    assert_eq!(status.solved.as_deref(), Some("Solved in 1 moves, 0:00"));
    // Undo leaves the goal: the clock resumes without counting the pause.
    game.undo(5000.0);
    assert!(game.is_clock_running());
    assert_eq!(game.status(7000.0).time, "0:02");
    assert_eq!(game.status(7000.0).solved, None);
}

#[test]
fn a_hint_asks_the_worker_then_is_instant_along_the_solution() {
    let start = common::seed_example();
    let mut game = SlidingGame::new(start.clone());
    let request = game
        .request_hint(0.0)
        .expect("nothing known yet: ask the worker");
    assert_eq!(request.board, start);
    assert!(game.is_searching());
    assert!(game.message().starts_with("Looking for the best move"));
    game.receive_progress(
        request.id,
        SearchProgress {
            expanded: 1_234_567,
            bound: 20,
            elapsed_ms: 1500.0,
            workers: 1,
        },
    );
    assert!(
        game.message()
            .contains("1,234,567 positions, bound 20, 1.5 s"),
        "{}",
        game.message()
    );
    let plan = solve(&start, &mut Unlimited).unwrap();
    game.receive_plan(request.id, plan.clone(), 10.0);
    let hint = game.hint().unwrap();
    assert_eq!(hint.remaining, 22);
    assert!(hint.optimal);
    assert_eq!(hint.tile, start.tile_moved_by(plan.moves[0]).unwrap());
    assert_eq!(
        game.message(),
        format!("Hint: slide {} — 22 moves to go", hint.tile)
    );
    // Following the hint: the next hint needs no search.
    game.play(Move::Slide(hint.tile), 20.0).unwrap();
    assert_eq!(game.hint(), None);
    assert_eq!(game.request_hint(30.0), None);
    assert_eq!(game.hint().unwrap().remaining, 21);
}

#[test]
fn stale_answers_teach_but_do_not_show() {
    let start = common::seed_example();
    let mut game = SlidingGame::new(start.clone());
    let request = game.request_hint(0.0).unwrap();
    let plan = solve(&start, &mut Unlimited).unwrap();
    // The player moves off the path before the answer arrives.
    let off_path = Dir::ALL
        .into_iter()
        .find(|&d| d != plan.moves[0] && start.tile_moved_by(d).is_some())
        .unwrap();
    game.play(Move::Blank(off_path), 5.0).unwrap();
    game.receive_plan(request.id, plan, 10.0);
    assert_eq!(game.hint(), None);
    // Undo comes back to the solved-for board: the hint is instant.
    game.undo(20.0);
    assert_eq!(game.request_hint(30.0), None);
    assert_eq!(game.hint().unwrap().remaining, 22);
}

#[test]
fn solve_plays_the_solution_at_the_chosen_speed_and_undo_covers_it() {
    let start = Board::from_tiles(3, 3, &[1u8, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
    let mut game = SlidingGame::new(start.clone());
    game.set_speed(10.0);
    let request = game.request_solve(0.0).unwrap();
    game.receive_plan(request.id, solve(&start, &mut Unlimited).unwrap(), 100.0);
    assert!(game.is_autoplaying());
    assert!(game.tick(100.0));
    assert_eq!(game.moves(), 1);
    // Not yet due: 10 moves a second is one every 100 ms.
    game.tick(150.0);
    assert_eq!(game.moves(), 1);
    game.tick(200.0);
    assert_eq!(game.moves(), 2);
    assert!(game.is_solved());
    assert!(!game.is_autoplaying());
    assert_eq!(
        game.status(300.0).solved.as_deref(),
        Some("Solved in 2 moves, 0:00")
    );
    assert!(game.undo(400.0) && game.undo(500.0));
    assert_eq!(game.board(), &start);
    assert_eq!(game.moves(), 0);
}

#[test]
fn a_players_move_or_cancel_stops_the_auto_solve() {
    let start = common::seed_example();
    let mut game = SlidingGame::new(start.clone());
    let request = game.request_solve(0.0).unwrap();
    game.receive_plan(request.id, solve(&start, &mut Unlimited).unwrap(), 0.0);
    game.tick(0.0);
    game.tick(1000.0);
    assert_eq!(game.moves(), 2);
    assert!(game.cancel());
    assert!(!game.is_autoplaying());
    game.tick(5000.0);
    assert_eq!(game.moves(), 2);
    // Solve again resumes from the known solution, without a search.
    assert_eq!(game.request_solve(6000.0), None);
    assert!(game.is_autoplaying());
    game.tick(6000.0);
    assert_eq!(game.moves(), 3);
    let tile = game
        .board()
        .tile_moved_by(Dir::Up)
        .or(game.board().tile_moved_by(Dir::Down))
        .unwrap();
    game.play(Move::Slide(tile), 6100.0).unwrap();
    assert!(!game.is_autoplaying());
}

#[test]
fn cancelling_a_search_forgets_its_answer() {
    let start = common::seed_example();
    let mut game = SlidingGame::new(start.clone());
    let request = game.request_solve(0.0).unwrap();
    assert!(game.cancel());
    assert_eq!(game.message(), "Stopped. Play on!");
    game.receive_plan(request.id, solve(&start, &mut Unlimited).unwrap(), 10.0);
    assert!(!game.is_autoplaying());
    assert_eq!(game.hint(), None);
}

#[test]
fn frames_interpolate_the_last_move() {
    let mut game = SlidingGame::new(one_move_from_goal());
    game.play(Move::Slide(8), 1000.0).unwrap();
    let (from, to, t) = game.frame(1065.0);
    assert_eq!(from, &one_move_from_goal());
    assert!(to.is_solved());
    assert!((t - 0.5).abs() < 1e-9);
    assert_eq!(game.frame(5000.0).2, 1.0);
    assert!(game.is_animating(1065.0));
}

#[test]
fn sizes_parse_with_a_clear_message() {
    assert_eq!(parse_size("4x4"), Ok((4, 4)));
    assert_eq!(parse_size("3×5"), Ok((3, 5)));
    assert!(parse_size("4")
        .unwrap_err()
        .to_string()
        .contains("write it as WxH"));
    assert!(parse_size("12x4")
        .unwrap_err()
        .to_string()
        .contains("between 2 and 10"));
    assert_eq!(group_thousands(1_234_567), "1,234,567");
    assert_eq!(group_thousands(999), "999");
}

#[test]
fn a_quick_solution_shows_meanwhile_and_the_optimal_one_replaces_it() {
    let start = common::seed_example();
    let optimal = solve(&start, &mut Unlimited).unwrap();
    // A longer solution: the optimal one with a detour in front.
    let detour = Dir::ALL
        .into_iter()
        .find(|&d| d != optimal.moves[0] && start.tile_moved_by(d).is_some())
        .unwrap();
    let mut quick = vec![detour, detour.opposite()];
    quick.extend(&optimal.moves);
    let quick = slide::sliding::Plan {
        moves: quick,
        optimal: false,
        expanded: 10,
    };

    let mut game = SlidingGame::new(start.clone());
    let request = game.request_hint(0.0).unwrap();
    game.receive_provisional(request.id, quick.clone());
    let hint = game.hint().unwrap();
    assert!(!hint.optimal);
    assert_eq!(hint.remaining, 24);
    assert!(
        game.message()
            .contains("about 24 moves to go (not optimal); looking for the shortest"),
        "{}",
        game.message()
    );
    assert!(game.is_searching());
    game.receive_plan(request.id, optimal.clone(), 10.0);
    assert_eq!(game.hint().unwrap().remaining, 22);
    assert!(game.hint().unwrap().optimal);

    // Cancelled with only a quick solution known, Solve searches again
    // rather than play the quick one.
    let mut game = SlidingGame::new(start.clone());
    let request = game.request_solve(0.0).unwrap();
    game.receive_provisional(request.id, quick.clone());
    assert!(
        game.message()
            .starts_with("Found a 24-move solution (not optimal)"),
        "{}",
        game.message()
    );
    assert!(game.cancel());
    let again = game
        .request_solve(10.0)
        .expect("a quick solution alone does not start the auto-solve");
    assert!(!game.is_autoplaying());
    // A hint from the quick solution shows at once, and asks for better.
    game.cancel();
    assert!(game.request_hint(20.0).is_some());
    assert!(!game.hint().unwrap().optimal);
    let _ = again;
}
