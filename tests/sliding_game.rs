//! The sliding puzzle as the page plays it: moves, undo and redo, the clock,
//! hints and the auto-solve, driven with explicit times and a stand-in
//! solver; taps, swipes and keys read as the page reads them.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, board_key, solve_task, Requests};
use slide::app::game::Key;
use slide::app::pegs::solving::PegsAnswer;
use slide::app::sliding::solving::{SlidingAnswer, SlidingTask};
use slide::app::sliding::{parse_size, tile_moved, SlidingGame, SlidingPuzzle};
use slide::app::wording::group_thousands;
use slide::app::workers::{Answer, Event, RequestId, SearchProgress};
use slide::app::{Play, Session};
use slide::sliding::{Board, Dir, Move, MoveError};

fn game(board: Board) -> SlidingGame {
    Session::new(SlidingPuzzle, board)
}

/// The seed example (22 moves from the goal) as a new game, with a
/// stand-in solver.
fn seed_game() -> (Board, SlidingGame, Requests) {
    let start = common::seed_example();
    (start.clone(), game(start), Requests::default())
}

/// The blank's moves of an optimal solution of `board`.
fn optimal_moves(board: &Board) -> Vec<Dir> {
    let answer = solve_task(&SlidingTask::task(board.clone()));
    match answer.get() {
        Some(SlidingAnswer { moves, .. }) => moves.clone(),
        None => panic!("not a sliding answer: {answer:?}"),
    }
}

fn provisional(id: RequestId, answer: Answer) -> Event {
    Event::Provisional { id, answer }
}

fn one_move_from_goal() -> Board {
    Board::solved(3, 3).unwrap().apply(Move::Slide(8)).unwrap()
}

#[test]
fn moves_count_every_tile_slid_and_undo_restores_them() {
    let mut game = game(Board::solved(4, 4).unwrap().apply(Move::Slide(13)).unwrap());
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
        .find(|&d| game.state().tile_moved_by(d).is_some())
        .unwrap();
    game.play(Move::Blank(legal), 60.0).unwrap();
    assert!(!game.can_redo());
}

#[test]
fn illegal_moves_change_nothing() {
    let mut game = game(one_move_from_goal());
    assert_eq!(
        game.play(Move::Slide(1), 0.0),
        Err(MoveError::NotInLine { tile: 1 })
    );
    assert_eq!(game.moves(), 0);
    assert!(!game.can_undo());
    assert!(!game.is_clock_running());
    // And say briefly why.
    assert_eq!(
        game.message(),
        "Only tiles in the gap's row or column can slide."
    );
}

#[test]
fn the_clock_starts_on_the_first_move_and_stops_when_solved() {
    let mut game = game(Board::shuffled(3, 3, 1).unwrap());
    assert_eq!(game.status(5000.0).time, "0:00");
    let tile = game
        .state()
        .tile_moved_by(Dir::Up)
        .or(game.state().tile_moved_by(Dir::Down))
        .unwrap();
    game.play(Move::Slide(tile), 1000.0).unwrap();
    assert!(game.is_clock_running());
    assert_eq!(game.status(62_500.0).time, "1:01");

    let mut game = self::game(one_move_from_goal());
    game.play(Move::Slide(8), 1000.0).unwrap();
    assert!(game.is_won() && !game.is_clock_running());
    let status = game.status(99_000.0);
    assert_eq!(status.moves, "Moves: 1");
    assert_eq!(
        status.solved.as_deref(),
        Some("Solved in 1 move, 0:00; the shortest takes 1: perfect!")
    );
    // Undo leaves the goal: the clock resumes without counting the pause.
    game.undo(5000.0);
    assert!(game.is_clock_running());
    assert_eq!(game.status(7000.0).time, "0:02");
    assert_eq!(game.status(7000.0).solved, None);
}

#[test]
fn while_the_workers_build_their_tables_the_message_says_so_in_percent_not_as_a_bound() {
    let (_, mut game, mut solver) = seed_game();
    game.request_hint(0.0, &mut solver);
    let (id, _) = solver.take();
    let building = |percent, expanded, bound| Event::Progress {
        id,
        progress: SearchProgress {
            expanded,
            bound,
            elapsed_ms: 300.0,
            workers: 2,
            building: Some(percent),
        },
    };
    // A split search may already have a bound (the quick answer's lower
    // bound) while nothing is searched: the player reads what happens.
    game.receive(&building(40, 1, Some(47)), 5.0);
    let message = game.message();
    assert!(
        message.ends_with("Getting the solver ready: building its tables, 40 %"),
        "{message}"
    );
    assert!(
        message.starts_with("Looking for the best move"),
        "{message}"
    );
    assert!(
        !message.contains("bound") && !message.contains("position"),
        "{message}"
    );
    // Once the workers search, the usual figures.
    game.receive(
        &Event::Progress {
            id,
            progress: SearchProgress {
                expanded: 52_000,
                bound: Some(47),
                elapsed_ms: 900.0,
                workers: 2,
                building: None,
            },
        },
        6.0,
    );
    assert!(
        game.message()
            .contains("52,000 positions, bound 47, 0.9 s, 2 workers"),
        "{}",
        game.message()
    );
}

#[test]
fn a_hint_asks_the_worker_then_is_instant_along_the_solution() {
    let (start, mut game, mut solver) = seed_game();
    game.request_hint(0.0, &mut solver);
    let (id, task) = solver.take();
    assert_eq!(task, SlidingTask::task(start.clone()));
    assert!(game.is_searching());
    assert!(game.message().starts_with("Looking for the best move"));
    game.receive(
        &Event::Progress {
            id,
            progress: SearchProgress {
                expanded: 1_234_567,
                bound: Some(20),
                elapsed_ms: 1500.0,
                workers: 1,
                building: None,
            },
        },
        5.0,
    );
    assert!(
        game.message()
            .contains("1,234,567 positions, bound 20, 1.5 s"),
        "{}",
        game.message()
    );
    let answer = solve_task(&task);
    game.receive(&answered(id, answer, 1600.0), 10.0);
    let hint = game.hint().unwrap();
    assert_eq!(hint.remaining, 22);
    assert!(hint.optimal);
    let tile = tile_moved(&start, hint.mv).unwrap();
    assert_eq!(
        game.message(),
        format!("Hint: slide {tile} — 22 moves to go")
    );
    // Following the hint: the next hint needs no search.
    game.play(Move::Slide(tile), 20.0).unwrap();
    assert_eq!(game.hint(), None);
    game.request_hint(30.0, &mut solver);
    assert!(solver.open.is_empty());
    assert_eq!(game.hint().unwrap().remaining, 21);
}

#[test]
fn stale_answers_teach_but_do_not_show() {
    let (start, mut game, mut solver) = seed_game();
    game.request_hint(0.0, &mut solver);
    let (id, task) = solver.take();
    let answer = solve_task(&task);
    let moves = optimal_moves(&start);
    // The player moves off the path before the answer arrives.
    let off_path = Dir::ALL
        .into_iter()
        .find(|&d| d != moves[0] && start.tile_moved_by(d).is_some())
        .unwrap();
    game.play(Move::Blank(off_path), 5.0).unwrap();
    game.receive(&answered(id, answer, 10.0), 10.0);
    assert_eq!(game.hint(), None);
    // Undo comes back to the solved-for board: the hint is instant.
    game.undo(20.0);
    game.request_hint(30.0, &mut solver);
    assert!(solver.open.is_empty());
    assert_eq!(game.hint().unwrap().remaining, 22);
}

#[test]
fn solve_plays_the_solution_at_the_chosen_speed_and_undo_covers_it() {
    let start = Board::from_tiles(3, 3, &[1u8, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
    let mut solver = Requests::default();
    let mut game = game(start.clone());
    game.set_speed(10.0);
    game.request_solve(0.0, &mut solver);
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), 100.0), 100.0);
    assert!(game.is_autoplaying());
    assert!(game.tick(100.0));
    assert_eq!(game.moves(), 1);
    // Not yet due: 10 moves a second is one every 100 ms.
    game.tick(150.0);
    assert_eq!(game.moves(), 1);
    game.tick(200.0);
    assert_eq!(game.moves(), 2);
    assert!(game.is_won());
    assert!(!game.is_autoplaying());
    assert_eq!(
        game.status(300.0).solved.as_deref(),
        Some("Solved by the solver in 2 moves. Solver's time: 0:00.")
    );
    assert!(game.undo(400.0) && game.undo(500.0));
    assert_eq!(game.state(), &start);
    assert_eq!(game.moves(), 0);
}

#[test]
fn a_players_move_or_cancel_stops_the_auto_solve() {
    let (_, mut game, mut solver) = seed_game();
    game.request_solve(0.0, &mut solver);
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), 0.0), 0.0);
    game.tick(0.0);
    game.tick(1000.0);
    assert_eq!(game.moves(), 2);
    assert!(game.cancel(&mut solver));
    assert!(!game.is_autoplaying());
    game.tick(5000.0);
    assert_eq!(game.moves(), 2);
    // Solve again resumes from the known solution, without a search.
    game.request_solve(6000.0, &mut solver);
    assert!(solver.open.is_empty());
    assert!(game.is_autoplaying());
    game.tick(6000.0);
    assert_eq!(game.moves(), 3);
    let tile = game
        .state()
        .tile_moved_by(Dir::Up)
        .or(game.state().tile_moved_by(Dir::Down))
        .unwrap();
    game.play(Move::Slide(tile), 6100.0).unwrap();
    assert!(!game.is_autoplaying());
}

#[test]
fn cancelling_a_search_forgets_its_answer_and_tells_the_solver() {
    let (_, mut game, mut solver) = seed_game();
    game.request_solve(0.0, &mut solver);
    let (id, task) = solver.open[0].clone();
    assert!(game.cancel(&mut solver));
    assert_eq!(solver.cancelled, vec![id]);
    assert!(solver.open.is_empty());
    assert_eq!(game.message(), "Stopped. Play on!");
    game.receive(&answered(id, solve_task(&task), 10.0), 10.0);
    assert!(!game.is_autoplaying());
    assert_eq!(game.hint(), None);
}

#[test]
fn a_new_request_for_another_board_cancels_the_old_one() {
    let (_, mut game, mut solver) = seed_game();
    game.request_hint(0.0, &mut solver);
    let (first, _) = solver.open[0].clone();
    // Asking again for the same board keeps the search under way...
    game.request_solve(1.0, &mut solver);
    assert_eq!(solver.open.len(), 1);
    // ...a move and a new hint replace it.
    let tile = game.state().tile_moved_by(Dir::Up).unwrap();
    game.play(Move::Slide(tile), 2.0).unwrap();
    game.request_hint(3.0, &mut solver);
    assert_eq!(solver.cancelled, vec![first]);
    assert_eq!(solver.open.len(), 1);
    assert_ne!(solver.open[0].0, first);
}

#[test]
fn frames_interpolate_the_last_move() {
    let mut game = game(one_move_from_goal());
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
    let optimal = optimal_moves(&start);
    // A longer solution: the optimal one with a detour in front.
    let detour = Dir::ALL
        .into_iter()
        .find(|&d| d != optimal[0] && start.tile_moved_by(d).is_some())
        .unwrap();
    let mut quick = vec![detour, detour.opposite()];
    quick.extend(&optimal);
    let quick = Answer::new(SlidingAnswer {
        moves: quick,
        optimal: false,
        bound: 0,
    });
    let optimal = Answer::new(SlidingAnswer {
        moves: optimal,
        optimal: true,
        bound: 0,
    });

    let mut solver = Requests::default();
    let mut game = game(start.clone());
    game.request_hint(0.0, &mut solver);
    let (id, _) = solver.take();
    game.receive(&provisional(id, quick.clone()), 5.0);
    let hint = game.hint().unwrap();
    assert!(!hint.optimal);
    assert_eq!(hint.remaining, 24);
    assert!(
        game.message().contains(
            "about 24 moves to go; no solution is shorter than 18; looking for the shortest"
        ),
        "{}",
        game.message()
    );
    assert!(game.is_searching());
    game.receive(&answered(id, optimal.clone(), 10.0), 10.0);
    assert_eq!(game.hint().unwrap().remaining, 22);
    assert!(game.hint().unwrap().optimal);

    // Cancelled with only a quick solution known, Solve searches again
    // rather than play the quick one.
    let mut game = self::game(start.clone());
    game.request_solve(0.0, &mut solver);
    let (id, _) = solver.take();
    game.receive(&provisional(id, quick.clone()), 5.0);
    assert!(
        game.message()
            .starts_with("Found a 24-move solution; no solution is shorter than 18"),
        "{}",
        game.message()
    );
    assert!(game.cancel(&mut solver));
    game.request_solve(10.0, &mut solver);
    assert_eq!(
        solver.open.len(),
        1,
        "a quick solution alone does not start the auto-solve"
    );
    assert!(!game.is_autoplaying());
    // A hint from the quick solution shows at once, and asks for better.
    game.cancel(&mut solver);
    game.request_hint(20.0, &mut solver);
    assert_eq!(solver.open.len(), 1);
    assert!(!game.hint().unwrap().optimal);
}

#[test]
fn a_worse_answer_never_replaces_a_better_one() {
    let (start, mut game, mut solver) = seed_game();
    let optimal = optimal_moves(&start);
    // Solutions 2 and 4 moves longer than optimal: a detour up and back.
    let detour = Dir::ALL
        .into_iter()
        .find(|&d| d != optimal[0] && start.tile_moved_by(d).is_some())
        .unwrap();
    let longer = |detours: usize| {
        let mut moves = [detour, detour.opposite()].repeat(detours);
        moves.extend(&optimal);
        Answer::new(SlidingAnswer {
            moves,
            optimal: false,
            bound: 0,
        })
    };
    game.request_hint(0.0, &mut solver);
    let (first, _) = solver.take();
    game.receive(&provisional(first, longer(1)), 10.0);
    assert_eq!(game.hint().unwrap().remaining, 24);
    // Asked again (the known solution is not optimal), a longer provisional
    // answer does not replace the shorter one known.
    game.cancel(&mut solver);
    game.request_hint(20.0, &mut solver);
    let (second, _) = solver.take();
    game.receive(&provisional(second, longer(2)), 30.0);
    assert_eq!(game.hint().unwrap().remaining, 24);
    // A proven shortest one does.
    let best = Answer::new(SlidingAnswer {
        moves: optimal.clone(),
        optimal: true,
        bound: 0,
    });
    game.receive(&answered(second, best, 40.0), 40.0);
    assert_eq!(game.hint().unwrap().remaining, 22);
    assert!(game.hint().unwrap().optimal);
}

#[test]
fn an_answer_that_is_not_a_solution_is_refused_with_a_note() {
    let (start, mut game, mut solver) = seed_game();
    game.request_solve(0.0, &mut solver);
    let (id, _) = solver.take();
    // Two moves that do not solve the board.
    let legal = Dir::ALL
        .into_iter()
        .find(|&d| start.tile_moved_by(d).is_some())
        .unwrap();
    let wrong = Answer::new(SlidingAnswer {
        moves: vec![legal, legal.opposite()],
        optimal: true,
        bound: 0,
    });
    game.receive(&answered(id, wrong, 10.0), 10.0);
    assert!(!game.is_autoplaying());
    assert_eq!(
        game.message(),
        "The solver's answer does not reach the goal."
    );
    // A peg answer is not a sliding answer either.
    game.request_solve(20.0, &mut solver);
    let (id, _) = solver.take();
    game.receive(
        &answered(id, Answer::new(PegsAnswer { jumps: None }), 30.0),
        30.0,
    );
    assert!(!game.is_autoplaying());
    assert_eq!(
        game.message(),
        "The solver's answer does not reach the goal."
    );
}

#[test]
fn a_failed_request_says_why_and_keeps_the_game() {
    let (_, mut game, mut solver) = seed_game();
    game.play(Move::Push(Dir::Down), 0.0).ok();
    let moves = game.moves();
    game.request_hint(10.0, &mut solver);
    let (id, _) = solver.take();
    game.receive(
        &Event::Failed {
            id,
            message: "it stopped unexpectedly and has been restarted".into(),
        },
        20.0,
    );
    assert!(!game.is_searching());
    assert_eq!(
        game.message(),
        "The solver failed: it stopped unexpectedly and has been restarted."
    );
    assert_eq!(game.moves(), moves);
    // The next hint asks again.
    game.request_hint(30.0, &mut solver);
    assert_eq!(solver.open.len(), 1);
}

#[test]
fn taps_slide_the_tapped_tile_and_swipes_push_the_neighbour() {
    // Blank in the centre of a 3x3, drawn on 300 x 300 pixels.
    let board = Board::from_tiles(3, 3, &[1u8, 2, 3, 4, 0, 5, 7, 8, 6]).unwrap();
    let mut solver = Requests::default();
    let mut game = game(board.clone());
    let grid = game.fit(300.0, 300.0);
    assert_eq!((grid.width, grid.height), (300.0, 300.0));
    // A tap on tile 2 (row 0, column 1) slides it down.
    game.pointer_down(150.0, 50.0);
    game.pointer_up(152.0, 53.0, 0.0, &mut solver);
    assert_eq!(game.moves(), 1);
    assert_eq!(game.state().tile_at(4), 2);
    game.undo(10.0);
    // A tap on a corner tile (out of line) does nothing.
    game.pointer_down(10.0, 10.0);
    game.pointer_up(10.0, 10.0, 20.0, &mut solver);
    assert_eq!(game.moves(), 0);
    // A swipe left anywhere pushes the tile right of the blank leftwards.
    game.pointer_down(250.0, 250.0);
    game.pointer_up(150.0, 255.0, 30.0, &mut solver);
    assert_eq!(game.state().tile_at(4), 5);
    // An abandoned gesture does nothing on the next pointer up.
    game.pointer_down(150.0, 50.0);
    game.pointer_cancel();
    game.pointer_up(150.0, 50.0, 40.0, &mut solver);
    assert_eq!(game.moves(), 1);
}

#[test]
fn arrow_keys_slide_and_shared_keys_undo_redo_and_hint() {
    let board = Board::from_tiles(3, 3, &[1u8, 2, 3, 4, 0, 5, 7, 8, 6]).unwrap();
    let mut solver = Requests::default();
    let mut game = game(board.clone());
    assert!(game.key(board_key("ArrowUp"), 0.0, &mut solver));
    assert_eq!(game.state().tile_at(4), 8);
    assert!(game.key(board_key("a"), 10.0, &mut solver));
    assert_eq!(game.moves(), 2);
    let ctrl = |name| Key {
        ctrl: true,
        ..board_key(name)
    };
    assert!(game.key(ctrl("z"), 20.0, &mut solver));
    assert_eq!(game.moves(), 1);
    assert!(game.key(ctrl("y"), 30.0, &mut solver));
    assert_eq!(game.moves(), 2);
    assert!(game.key(ctrl("z"), 35.0, &mut solver));
    assert!(game.key(
        Key {
            shift: true,
            ..ctrl("Z")
        },
        40.0,
        &mut solver
    ));
    assert_eq!(game.moves(), 2, "Ctrl+Shift+Z redoes too");
    // Other Ctrl combinations and unknown keys are the browser's.
    assert!(!game.key(ctrl("c"), 50.0, &mut solver));
    assert!(!game.key(board_key("q"), 60.0, &mut solver));
    assert!(!game.key(ctrl("ArrowUp"), 70.0, &mut solver));
    assert!(game.key(board_key("h"), 80.0, &mut solver));
    assert_eq!(solver.open.len(), 1, "H asks for a hint");
}

#[test]
fn the_board_is_described_for_screen_readers() {
    let game = game(Board::from_tiles(2, 2, &[1u8, 2, 0, 3]).unwrap());
    assert_eq!(
        game.describe(),
        "2 by 2 board. row 1: 1, 2; row 2: blank, 3."
    );
    let solved = self::game(Board::solved(2, 2).unwrap());
    assert!(solved.describe().starts_with("2 by 2 board, solved."));
}

#[test]
fn a_typed_board_starts_a_new_game_and_a_bad_one_is_refused_with_the_reason() {
    let (start, mut game, mut solver) = seed_game();
    game.play(Move::Push(Dir::Down), 0.0).ok();
    let moves = game.moves();
    let refused = game
        .load_text("1 2 3\n4 5 6\n8 7 0", &mut solver)
        .unwrap_err();
    assert!(refused.starts_with("This board is unsolvable"), "{refused}");
    let ragged = game
        .load_text("1 2 3\n4 5\n6 7 0 8", &mut solver)
        .unwrap_err();
    assert!(ragged.contains("Line 2"), "{ragged}");
    // Refused: the game in progress is kept as it was.
    assert_eq!(game.moves(), moves);
    assert!(game.can_undo());
    game.load_text("3x2\n1 2 3\n4 0 5", &mut solver).unwrap();
    assert_eq!((game.state().width(), game.state().height()), (3, 2));
    assert_eq!(game.moves(), 0);
    assert!(!game.can_undo());
    assert_eq!(game.message(), "Board loaded. Your move!");
    // What is exported reads back as the same board.
    let (_, mut other, _) = seed_game();
    other.load_text(&game.export_text(), &mut solver).unwrap();
    assert_eq!(other.state(), game.state());
    assert_ne!(game.state(), &start);
}
