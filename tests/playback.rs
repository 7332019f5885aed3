//! The auto-solve as it respects the player's time: long solutions play
//! faster so that a Solve lasts about 20 seconds at the default speed (the
//! speed used said), Skip to end finishes one at once, and a game the
//! solver played reports its time apart from the player's. Driven with
//! explicit times and a stand-in solver, as the page's frames would.
// Natively only: the route answers go through the worker's engine.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, board_key, solve_task, Requests};
use slide::app::records::Records;
use slide::app::route::{Map, RouteGame};
use slide::app::session::{playback_speed, DEFAULT_SPEED, MAX_PLAYBACK_SPEED, PLAYBACK_BUDGET_MS};
use slide::app::sliding::solving::SlidingAnswer;
use slide::app::sliding::{SlidingGame, SlidingPuzzle};
use slide::app::workers::Answer;
use slide::app::{Play, Session};
use slide::sliding::{Board, Dir, Move};

/// One frame of a 60 Hz screen, in milliseconds.
const FRAME_MS: f64 = 1000.0 / 60.0;

/// A path of `length` blank moves from the solved `width` x `width`
/// board, wandering without stepping straight back (a fixed seed, so the
/// same path each run).
fn wander(width: usize, length: usize, mut seed: u64) -> Vec<Dir> {
    let mut board = Board::solved(width, width).unwrap();
    let mut path: Vec<Dir> = Vec::with_capacity(length);
    while path.len() < length {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let dir = Dir::ALL[(seed >> 33) as usize % 4];
        if path.last() == Some(&dir.opposite()) {
            continue;
        }
        if let Ok(next) = board.apply(Move::Blank(dir)) {
            board = next;
            path.push(dir);
        }
    }
    path
}

/// A 10x10 game `length` blank moves from the goal, with the solution
/// that walks the path back (not a shortest one: boards this large get
/// the best the solver finds).
fn long_game(length: usize) -> (SlidingGame, Vec<Dir>) {
    let path = wander(10, length, 5);
    let start = Board::solved(10, 10).unwrap().apply_path(&path).unwrap();
    let back = path.iter().rev().map(|dir| dir.opposite()).collect();
    (Session::new(SlidingPuzzle, start), back)
}

/// Presses Solve at `now` and answers with `moves` at once.
fn solve_with(game: &mut SlidingGame, moves: &[Dir], now: f64, solver: &mut Requests) {
    game.request_solve(now, solver);
    let (id, _) = solver.take();
    let answer = Answer::new(SlidingAnswer {
        moves: moves.to_vec(),
        optimal: false,
        bound: 0,
    });
    game.receive(&answered(id, answer, 0.0), now);
    assert!(game.is_autoplaying(), "the answer is played");
}

/// Ticks every `frame_ms` from `now` until the auto-solve ends (or
/// `limit_ms` have passed); the time it ended.
fn play_out(game: &mut dyn Play, mut now: f64, frame_ms: f64, limit_ms: f64) -> f64 {
    let end = now + limit_ms;
    while game.is_autoplaying() && now < end {
        now += frame_ms;
        game.tick(now);
    }
    now
}

#[test]
fn the_speed_is_the_chosen_one_or_what_finishes_in_twenty_seconds_but_never_past_sixty() {
    assert_eq!(PLAYBACK_BUDGET_MS, 20_000.0);
    assert_eq!(playback_speed(DEFAULT_SPEED, 40, PLAYBACK_BUDGET_MS), 6.0);
    assert_eq!(playback_speed(DEFAULT_SPEED, 120, PLAYBACK_BUDGET_MS), 6.0);
    // 1,191 moves in 20 s need 59.55 a second: a whole 60.
    assert_eq!(
        playback_speed(DEFAULT_SPEED, 1191, PLAYBACK_BUDGET_MS),
        60.0
    );
    assert_eq!(playback_speed(DEFAULT_SPEED, 373, PLAYBACK_BUDGET_MS), 19.0);
    assert_eq!(playback_speed(25.0, 373, PLAYBACK_BUDGET_MS), 25.0);
    assert_eq!(
        playback_speed(DEFAULT_SPEED, 5000, PLAYBACK_BUDGET_MS),
        MAX_PLAYBACK_SPEED
    );
    assert_eq!(playback_speed(DEFAULT_SPEED, 10, 0.0), MAX_PLAYBACK_SPEED);
}

#[test]
fn a_solution_of_1191_moves_plays_within_twenty_seconds_at_the_default_speed() {
    let (mut game, moves) = long_game(1191);
    let mut solver = Requests::default();
    assert_eq!(game.speed(), DEFAULT_SPEED);
    solve_with(&mut game, &moves, 1000.0, &mut solver);
    assert_eq!(game.known_remaining().map(<[_]>::len), Some(1191));
    assert_eq!(game.playback_speed(), Some(60.0));
    assert_eq!(
        game.message(),
        "Auto-solving: 1,191 moves to go (no solution is shorter than 319), at 60 moves/s to \
         finish in 20 s"
    );
    let ended = play_out(&mut game, 1000.0, FRAME_MS, 60_000.0);
    assert!(game.is_won());
    assert_eq!(game.moves(), 1191);
    let took = ended - 1000.0;
    assert!(took <= 20_000.0, "the auto-solve took {took} ms");
    assert!(
        took >= 19_000.0,
        "and played at 60 moves a second: {took} ms"
    );
    assert_eq!(game.playback_speed(), None, "nothing plays once solved");
}

#[test]
fn frames_slower_than_the_moves_still_keep_to_the_twenty_seconds() {
    let (mut game, moves) = long_game(1191);
    let mut solver = Requests::default();
    solve_with(&mut game, &moves, 0.0, &mut solver);
    // A busy machine draws 20 frames a second: three moves a frame.
    let ended = play_out(&mut game, 0.0, 50.0, 60_000.0);
    assert!(game.is_won());
    assert!(ended <= 20_000.0, "the auto-solve took {ended} ms");
}

#[test]
fn a_page_hidden_for_a_while_does_not_play_the_missed_moves_all_at_once() {
    let (mut game, moves) = long_game(300);
    let mut solver = Requests::default();
    solve_with(&mut game, &moves, 0.0, &mut solver);
    game.tick(0.0);
    assert_eq!(game.moves(), 1);
    // No frames for ten seconds (a tab in the background), then one.
    game.tick(10_000.0);
    assert_eq!(game.moves(), 2, "one move, and the schedule starts again");
    assert!(game.is_autoplaying());
}

#[test]
fn a_short_solution_keeps_the_chosen_speed_and_says_it() {
    let (mut game, moves) = long_game(30);
    let mut solver = Requests::default();
    solve_with(&mut game, &moves, 0.0, &mut solver);
    assert_eq!(game.playback_speed(), Some(DEFAULT_SPEED));
    assert_eq!(
        game.message(),
        "Auto-solving: 30 moves to go (no solution is shorter than 26), at 6 moves/s"
    );
    game.tick(0.0);
    game.tick(166.0);
    assert_eq!(
        game.moves(),
        1,
        "the next move is due a sixth of a second on"
    );
    game.tick(167.0);
    assert_eq!(game.moves(), 2);
    let ended = play_out(&mut game, 167.0, FRAME_MS, 60_000.0);
    assert!(game.is_won());
    // 29 intervals of a sixth of a second.
    assert!((4_800.0..5_000.0).contains(&ended), "took {ended} ms");
}

#[test]
fn a_faster_chosen_speed_is_kept_when_it_beats_the_budget_and_moves_animate_shorter() {
    let (mut game, moves) = long_game(200);
    let mut solver = Requests::default();
    // 200 moves in 20 s need 10 a second; the player chose 25.
    game.set_speed(25.0);
    solve_with(&mut game, &moves, 0.0, &mut solver);
    assert_eq!(game.playback_speed(), Some(25.0));
    game.set_speed(DEFAULT_SPEED);
    assert_eq!(
        game.playback_speed(),
        Some(10.0),
        "a slower choice mid-play still finishes in time"
    );
    game.tick(0.0);
    game.tick(100.0);
    // A move lasts at most 80% of the time between moves.
    let (from, to, t) = game.frame(100.0 + 79.0);
    assert_ne!(from, to);
    assert!(t > 0.95, "the move is all but over: {t}");
}

#[test]
fn the_route_reveal_and_walk_of_a_40x40_maze_last_at_most_twenty_seconds() {
    let mut game = RouteGame::on_map(Map::maze(40, 40, 1).unwrap());
    game.fit(600.0, 600.0);
    let mut solver = Requests::default();
    assert_eq!(game.speed(), DEFAULT_SPEED);
    game.request_solve(0.0, &mut solver);
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), 50.0), 0.0);
    let legs = game.known_route().expect("a maze has a route").len() - 1;
    assert!(legs > 120, "a long walk: {legs} legs");
    let reveal = game.shown().expect("the search is revealed").reveal_ms;
    assert!(reveal > 0.0);
    let ended = play_out(&mut game, 0.0, FRAME_MS, 120_000.0);
    assert!(game.is_won());
    assert!(ended <= 20_000.0, "reveal and walk took {ended} ms");
    // Not all at once either: the walk itself takes most of the time.
    assert!(
        ended - reveal >= 10_000.0,
        "the walk took {} ms",
        ended - reveal
    );
}

#[test]
fn skip_to_end_shows_the_solved_board_at_once_with_the_history_as_if_played() {
    let (mut game, moves) = long_game(1191);
    let start = game.state().clone();
    let mut solver = Requests::default();
    solve_with(&mut game, &moves, 0.0, &mut solver);
    play_out(&mut game, 0.0, FRAME_MS, 1_000.0);
    assert!(game.moves() > 50 && game.moves() < 70);
    assert!(game.skip_to_end(1_000.0));
    assert!(game.is_won());
    assert!(!game.is_autoplaying());
    assert_eq!(game.moves(), 1191);
    let (_, to, t) = game.frame(1_000.0);
    assert_eq!((to, t), (game.state(), 1.0), "the final position, at once");
    assert!(game.is_assisted());
    // The history is as if every move had been played.
    let mut undone = 0;
    while game.undo(2_000.0) {
        undone += 1;
    }
    assert_eq!(undone, 1191);
    assert_eq!(game.state(), &start);
}

#[test]
fn a_game_finished_by_skip_to_end_never_counts_as_the_players_best() {
    let (mut game, moves) = long_game(40);
    let mut solver = Requests::default();
    let mut records = Records::new();
    solve_with(&mut game, &moves, 0.0, &mut solver);
    game.tick(0.0);
    assert!(game.skip_to_end(10.0));
    assert!(game.is_won());
    assert!(!game.settle(&mut records, 20.0));
    assert!(records.is_empty());
}

#[test]
fn skip_to_end_does_nothing_without_an_auto_solve() {
    let (mut game, moves) = long_game(40);
    assert!(!game.skip_to_end(0.0));
    game.play(Move::Blank(moves[0]), 0.0).unwrap();
    assert!(!game.skip_to_end(10.0));
    assert_eq!(game.moves(), 1);
    assert!(!game.is_won());
}

#[test]
fn the_end_key_skips_to_the_end_only_while_the_solver_plays() {
    let (mut game, moves) = long_game(40);
    let mut solver = Requests::default();
    assert!(
        !game.key(board_key("End"), 0.0, &mut solver),
        "End is left to the browser with nothing to skip"
    );
    solve_with(&mut game, &moves, 0.0, &mut solver);
    game.tick(0.0);
    assert!(game.key(board_key("End"), 100.0, &mut solver));
    assert!(game.is_won());
    assert_eq!(game.moves(), 40);
}

#[test]
fn the_clock_stops_when_solve_is_pressed_and_the_solvers_time_is_told_apart() {
    let (mut game, moves) = long_game(1191);
    let mut solver = Requests::default();
    game.play(Move::Blank(moves[0]), 0.0).unwrap();
    game.play(Move::Blank(moves[1]), 45_000.0).unwrap();
    assert!(game.is_clock_running());
    solve_with(&mut game, &moves[2..], 45_000.0, &mut solver);
    assert!(!game.is_clock_running(), "the player's clock waits");
    let ended = play_out(&mut game, 45_000.0, FRAME_MS, 60_000.0);
    assert!(game.is_won());
    let status = game.status(ended + 5_000.0);
    assert_eq!(status.time, "0:45", "the status clock is the player's time");
    assert_eq!(game.player_ms(ended), 45_000.0);
    let solver_ms = game.solver_ms().unwrap();
    assert!((19_000.0..=20_000.0).contains(&solver_ms), "{solver_ms}");
    assert_eq!(
        status.solved.as_deref(),
        Some("Solved by the solver in 1,191 moves. Solver's time: 0:19; yours before Solve: 0:45.")
    );
}

#[test]
fn a_game_the_solver_played_from_the_start_gives_the_solvers_time_alone() {
    let (mut game, moves) = long_game(30);
    let mut solver = Requests::default();
    solve_with(&mut game, &moves, 0.0, &mut solver);
    let ended = play_out(&mut game, 0.0, FRAME_MS, 60_000.0);
    assert_eq!(game.status(ended).time, "0:00");
    assert_eq!(
        game.status(ended).solved.as_deref(),
        Some("Solved by the solver in 30 moves. Solver's time: 0:04.")
    );
}

#[test]
fn the_search_time_of_a_solve_is_not_the_players_and_their_next_move_counts_on() {
    let (mut game, moves) = long_game(30);
    let mut solver = Requests::default();
    game.play(Move::Blank(moves[0]), 0.0).unwrap();
    game.request_solve(10_000.0, &mut solver);
    // The search runs a minute; the player cancels and plays on.
    assert!(game.cancel(&mut solver));
    assert_eq!(game.player_ms(70_000.0), 10_000.0);
    game.play(Move::Blank(moves[1]), 70_000.0).unwrap();
    assert_eq!(game.player_ms(75_000.0), 15_000.0);
    assert_eq!(game.solver_ms(), None, "the solver played nothing");
}

#[test]
fn a_save_keeps_the_solvers_time_apart_and_saves_without_it_still_read() {
    let (mut game, moves) = long_game(30);
    let mut solver = Requests::default();
    game.play(Move::Blank(moves[0]), 0.0).unwrap();
    solve_with(&mut game, &moves[1..], 12_000.0, &mut solver);
    let ended = play_out(&mut game, 12_000.0, FRAME_MS, 60_000.0);
    let text = game.save(ended);
    assert!(text.contains("\nclock 12000\n"), "{text}");
    assert!(text.contains("\nsolver-time "), "{text}");
    let back = SlidingGame::restore(&text, 0.0).unwrap();
    assert_eq!(back.status(0.0).solved, game.status(ended).solved);
    assert_eq!(back.save(0.0), text, "the save reads back to itself");

    // A save written before the solver's time was kept.
    let old: String = text
        .lines()
        .filter(|line| !line.starts_with("solver-time"))
        .map(|line| format!("{line}\n"))
        .collect();
    let back = SlidingGame::restore(&old, 0.0).unwrap();
    assert_eq!(back.solver_ms(), None);
    assert!(back.is_won() && back.is_assisted());

    let bad = text.replace("solver-time ", "solver-time x");
    let error = SlidingGame::restore(&bad, 0.0).unwrap_err();
    assert!(error.contains("is not a time the solver played"), "{error}");
}
