//! Par and best scores: a won board compared with the shortest solution
//! (or the best the solver found), boards dealt by difficulty with their
//! exact distance, the best scores kept per kind of game and read back
//! defensively, games finished by the auto-solve left out, and peg
//! solitaire's option of counting a chain of jumps as one move.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, press, solve_task, Requests};
use slide::app::par::Par;
use slide::app::pegs::solving::{FewestAnswer, FewestTask, PegsAnswer, PegsTask};
use slide::app::pegs::PegGame;
use slide::app::records::{best_text, Best, Improvement, Records, HEADER};
use slide::app::sliding::solving::{DrawTask, DrawnBoard, SlidingAnswer, SlidingTask};
use slide::app::sliding::{SlidingGame, SlidingPuzzle};
use slide::app::wording::Noun;
use slide::app::workers::Task;
use slide::app::{Game, Play, Session};
use slide::pegs::{layout, Goal, Jump, CENTRE};
use slide::sliding::{Board, Dir, Move};

fn game(board: Board) -> SlidingGame {
    Session::new(SlidingPuzzle, board)
}

/// The blank's moves of a shortest solution of `board`.
fn shortest(board: &Board) -> Vec<Dir> {
    let answer = solve_task(&SlidingTask::task(board.clone()));
    match answer.get() {
        Some(SlidingAnswer { moves, optimal, .. }) => {
            assert!(optimal);
            moves.clone()
        }
        None => panic!("not a sliding answer: {answer:?}"),
    }
}

/// Plays the blank's `moves`, a second apart from `from` seconds on.
fn play_all(game: &mut SlidingGame, moves: &[Dir], from: f64) {
    for (i, &dir) in moves.iter().enumerate() {
        game.play(Move::Blank(dir), (from + i as f64) * 1000.0)
            .unwrap();
    }
}

/// A 3x3 board `n` moves from the goal, by the exact table.
fn eight_at(n: u32) -> Board {
    let table = slide::sliding::difficulty::EightTable::shared();
    (1..)
        .map(|seed| Board::shuffled(3, 3, seed).unwrap())
        .find(|board| table.distance(board) == Some(n))
        .unwrap()
}

/// Plays the first of the blank's moves that can be played and taken back.
fn detour(board: &Board) -> [Dir; 2] {
    let dir = Dir::ALL
        .into_iter()
        .find(|&dir| board.tile_moved_by(dir).is_some())
        .unwrap();
    [dir, dir.opposite()]
}

#[test]
fn a_won_board_says_how_many_moves_the_shortest_solution_takes() {
    let start = eight_at(14);
    let mut game = game(start.clone());
    let mut moves = detour(&start).to_vec();
    moves.extend(shortest(&start));
    play_all(&mut game, &moves, 1.0);
    assert!(game.is_won());
    assert_eq!(
        game.par(),
        Some(Par {
            moves: 14,
            optimal: true
        })
    );
    assert_eq!(
        game.status(0.0).solved.as_deref(),
        Some("Solved in 16 moves, 0:15; the shortest takes 14.")
    );
}

#[test]
fn a_board_solved_in_the_fewest_moves_is_called_perfect() {
    let start = eight_at(9);
    let mut game = game(start.clone());
    play_all(&mut game, &shortest(&start), 0.0);
    let solved = game.status(0.0).solved.unwrap();
    assert_eq!(
        solved,
        "Solved in 9 moves, 0:08; the shortest takes 9: perfect!"
    );
}

#[test]
fn a_4x4_asks_for_its_par_in_the_background_once_won() {
    let start = common::seed_example();
    let mut game = game(start.clone());
    let mut solver = Requests::default();
    let dir = detour(&start)[0];
    let key = match dir {
        // The arrow pushes a tile into the blank: the blank goes the
        // other way.
        Dir::Up => "ArrowDown",
        Dir::Down => "ArrowUp",
        Dir::Left => "ArrowRight",
        Dir::Right => "ArrowLeft",
    };
    assert!(press(&mut game, key, &mut solver));
    assert_eq!(game.moves(), 1);
    // Nothing is asked while the player plays: hints have the workers.
    assert!(solver.open.is_empty());
    play_all(&mut game, &[dir.opposite()], 2.0);
    play_all(&mut game, &shortest(&start), 3.0);
    // What the page does after each of the player's moves (here the win).
    game.ask_par(30_000.0, &mut solver);
    let (id, task) = solver.take();
    assert_eq!(task, SlidingTask::task(start.clone()));
    // Not a search the player waits for: no Cancel, no progress shown.
    assert!(!game.is_searching());
    // Won before the answer comes: the message says the par is sought.
    assert!(game
        .status(0.0)
        .solved
        .unwrap()
        .ends_with("; looking for the shortest…"));
    game.receive(&answered(id, solve_task(&task), 50.0), 30_000.0);
    assert_eq!(
        game.status(0.0).solved.as_deref(),
        Some("Solved in 24 moves, 0:24; the shortest takes 22.")
    );
    // The answer's solution from the start is kept: a restart hints at once.
    game.restart(40_000.0, &mut solver);
    game.request_hint(41_000.0, &mut solver);
    assert!(solver.open.is_empty());
    assert!(game.message().contains("22 moves to go"));
}

#[test]
fn a_larger_board_is_compared_with_the_best_solution_the_solver_found() {
    let goal = Board::solved(5, 5).unwrap();
    let start = goal
        .apply_path(&[Dir::Up, Dir::Up, Dir::Left, Dir::Left])
        .unwrap();
    let mut game = game(start.clone());
    let mut solver = Requests::default();
    for key in ["ArrowLeft", "ArrowLeft", "ArrowUp"] {
        press(&mut game, key, &mut solver);
        // Boards solved near-optimally are not searched while the player
        // plays: the search would hold up their hints.
        assert!(solver.open.is_empty());
    }
    press(&mut game, "ArrowUp", &mut solver);
    assert!(game.is_won());
    let (id, task) = solver.take();
    assert_eq!(task, SlidingTask::task(start));
    // The solver's moves without their lower bound (with it, 4 moves meet
    // the bound and are proven shortest: see tests/bounds_in_hints.rs).
    let moves = solve_task(&task)
        .get::<SlidingAnswer>()
        .unwrap()
        .moves
        .clone();
    let answer = SlidingAnswer::answer(moves, false, 0);
    game.receive(&answered(id, answer, 50.0), 1000.0);
    let solved = game.status(0.0).solved.unwrap();
    assert!(
        solved.ends_with("; the best the solver found takes 4."),
        "{solved}"
    );
}

#[test]
fn a_board_dealt_by_difficulty_starts_with_its_exact_distance_as_par() {
    let mut game = game(Board::solved(4, 4).unwrap().apply(Move::Slide(15)).unwrap());
    let mut solver = Requests::default();
    let task = Task::new(DrawTask {
        width: 4,
        height: 4,
        range: 31..=45,
        seed: 5,
    });
    game.request_deal(
        task.clone(),
        "Drawing a medium board…".into(),
        Some("medium".into()),
        0.0,
        &mut solver,
    );
    assert!(game.is_searching());
    assert_eq!(game.message(), "Drawing a medium board…");
    let (id, sent) = solver.take();
    assert_eq!(sent, task);
    let answer = solve_task(&sent);
    let Some(DrawnBoard { board, distance }) = answer.get().cloned() else {
        panic!("not a drawn board");
    };
    game.receive(&answered(id, answer, 80.0), 100.0);
    assert!(!game.is_searching());
    assert_eq!(*game.state(), board);
    assert_eq!(game.moves(), 0);
    assert_eq!(
        game.par(),
        Some(Par {
            moves: distance,
            optimal: true
        })
    );
    assert_eq!(shortest(&board).len() as u32, distance);
    assert_eq!(game.record_key().as_deref(), Some("sliding 4x4 medium"));
}

#[test]
fn cancel_drops_a_deal_and_keeps_the_game_in_progress() {
    let start = eight_at(5);
    let mut game = game(start.clone());
    let mut solver = Requests::default();
    let task = Task::new(DrawTask {
        width: 3,
        height: 3,
        range: 21..=31,
        seed: 1,
    });
    game.request_deal(task, "Drawing a hard board…".into(), None, 0.0, &mut solver);
    let (id, sent) = solver.take();
    assert!(game.cancel(&mut solver));
    assert_eq!(solver.cancelled, vec![id]);
    game.receive(&answered(id, solve_task(&sent), 5.0), 10.0);
    assert_eq!(*game.state(), start);
}

/// Wins a game of `start` by the shortest solution after `detours`
/// detours, in `seconds`; offers it to `records`.
fn win(records: &mut Records, start: &Board, detours: usize, seconds: f64) -> SlidingGame {
    let mut game = game(start.clone());
    let mut moves: Vec<Dir> = (0..detours).flat_map(|_| detour(start)).collect();
    moves.extend(shortest(start));
    play_all(&mut game, &moves, 0.0);
    let now = seconds * 1000.0;
    // The clock stopped at the last move: the time is the moves'.
    assert!(game.settle(records, now));
    assert!(!game.settle(records, now), "a game counts once");
    game
}

#[test]
fn the_first_win_sets_the_best_scores_and_only_a_better_one_says_new_best() {
    let mut records = Records::new();
    let start = eight_at(6);
    let first = win(&mut records, &start, 2, 0.0);
    assert_eq!(
        first.settled(),
        Some(Improvement {
            moves: true,
            time: true
        })
    );
    assert!(first.status(0.0).solved.unwrap().ends_with(" New best!"));
    assert_eq!(
        records.get("sliding 3x3"),
        Some(Best {
            moves: 10,
            time_ms: 9000
        })
    );
    assert_eq!(
        first.best_text(&records).as_deref(),
        Some("Best: 10 moves · 0:09")
    );

    // Fewer moves, so less time too.
    let second = win(&mut records, &start, 1, 0.0);
    assert!(second.status(0.0).solved.unwrap().ends_with(" New best!"));
    // More moves: no best beaten, nothing said.
    let third = win(&mut records, &start, 3, 0.0);
    let solved = third.status(0.0).solved.unwrap();
    assert!(!solved.contains("New best"), "{solved}");
    assert_eq!(
        records.get("sliding 3x3"),
        Some(Best {
            moves: 8,
            time_ms: 7000
        })
    );
    // Another size keeps its own.
    assert_eq!(records.get("sliding 4x4"), None);
}

/// A game of `start` whose first move the player plays and the rest the
/// auto-solve; with the time it ends.
fn finished_by_the_solver(start: &Board) -> (SlidingGame, f64) {
    let mut game = game(start.clone());
    let mut solver = Requests::default();
    play_all(&mut game, &shortest(start)[..1], 0.0);
    game.request_solve(1000.0, &mut solver);
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), 10.0), 1000.0);
    let mut now = 1000.0;
    while game.is_autoplaying() {
        now += 100.0;
        game.tick(now);
    }
    (game, now)
}

#[test]
fn a_game_finished_by_the_auto_solve_does_not_count_and_says_the_solver_finished_it() {
    let start = eight_at(7);
    let mut records = Records::new();
    let moves = shortest(&start);
    let (mut game, now) = finished_by_the_solver(&start);
    assert!(game.is_won() && game.is_assisted());
    assert_eq!(
        game.status(now).solved.as_deref(),
        Some("Solved by the solver in 7 moves. Solver's time: 0:00; yours before Solve: 0:01.")
    );
    assert!(!game.settle(&mut records, now));
    assert!(records.is_empty());

    // Undone back to before the solver's moves, and finished by hand: it
    // counts.
    for _ in 1..7 {
        game.undo(now);
    }
    assert!(!game.is_assisted());
    play_all(&mut game, &moves[1..], now / 1000.0);
    assert!(game.settle(&mut records, now));
    assert_eq!(records.get("sliding 3x3").map(|b| b.moves), Some(7));
}

#[test]
fn a_typed_board_does_not_count_for_the_best_scores() {
    let mut game = game(Board::solved(3, 3).unwrap());
    let mut solver = Requests::default();
    game.load_text("1 2 3\n4 5 6\n7 0 8", &mut solver).unwrap();
    assert!(!game.is_ranked());
    game.play(Move::Slide(8), 0.0).unwrap();
    let mut records = Records::new();
    assert!(game.is_won());
    assert!(!game.settle(&mut records, 0.0));
    assert!(records.is_empty());
}

#[test]
fn best_scores_survive_being_written_and_read_back() {
    let mut records = Records::new();
    records.offer("sliding 4x4", 52, 74_000.0);
    records.offer("pegs classic at d4 chains", 18, 300_000.0);
    let text = records.to_text();
    assert!(text.starts_with(HEADER));
    assert_eq!(Records::parse(&text), records);
    assert_eq!(
        best_text(
            records.get("sliding 4x4").unwrap(),
            Noun {
                one: "move",
                many: "moves"
            }
        ),
        "Best: 52 moves · 1:14"
    );
}

#[test]
fn damaged_best_scores_are_ignored_line_by_line_and_another_version_entirely() {
    let text = format!(
        "{HEADER}\nsliding 4x4\t52\t74000\nsliding 3x3\tmany\t1000\nsliding 5x5\t0\t5\n\
         only a key\nsliding 6x6\t1\t2\t3\n\u{0}\t4\t4\nsliding 7x7\t300\t-1\n"
    );
    let records = Records::parse(&text);
    assert_eq!(records.len(), 1);
    assert_eq!(records.get("sliding 4x4").map(|b| b.moves), Some(52));
    assert!(Records::parse("slide best scores v0\nsliding 4x4\t52\t74000").is_empty());
    assert!(Records::parse("").is_empty());
    assert!(Records::parse("\u{feff}garbage\u{7f}\n\t\t\n").is_empty());
    // Keys no game makes are not kept.
    let mut records = Records::new();
    assert!(!records.offer("a\tkey", 3, 1.0).any());
    assert!(!records.offer("", 3, 1.0).any());
    assert!(records.is_empty());
}

/// A jump on `board` by the peg that landed at `to`, if it has one.
fn continuing(board: slide::pegs::PegBoard, to: u8) -> Option<Jump> {
    board.jumps().into_iter().find(|jump| jump.from == to)
}

#[test]
fn a_chain_of_jumps_by_one_peg_counts_as_one_move_when_asked_and_undo_keeps_counts_right() {
    let classic = layout("classic").unwrap();
    let mut game = PegGame::of_layout(&classic);
    let mut solver = Requests::default();
    game.set_chains(true, &mut solver);
    // Opening jumps (each by a peg other than the one before) until some
    // peg can jump twice in a row.
    let mut opening = Vec::new();
    let mut board = classic.start;
    let (first, second) = loop {
        let chain = board.jumps().into_iter().find_map(|first| {
            let after = board.apply(first).unwrap();
            continuing(after, first.to).map(|second| (first, second))
        });
        if let Some(chain) = chain {
            break chain;
        }
        let jump = board
            .jumps()
            .into_iter()
            .find(|jump| {
                opening
                    .last()
                    .is_none_or(|last: &Jump| last.to != jump.from)
            })
            .unwrap();
        opening.push(jump);
        board = board.apply(jump).unwrap();
    };
    for &jump in &opening {
        game.play(jump, 0.0).unwrap();
    }
    let before = opening.len() as u32;
    assert_eq!(game.moves(), before);
    game.play(first, 0.0).unwrap();
    assert_eq!(game.moves(), before + 1);
    game.play(second, 1.0).unwrap();
    assert_eq!(
        game.moves(),
        before + 1,
        "the same peg again: the same move"
    );
    let third = game
        .state()
        .jumps()
        .into_iter()
        .find(|jump| jump.from != second.to)
        .unwrap();
    game.play(third, 2.0).unwrap();
    assert_eq!(game.moves(), before + 2);
    game.undo(3.0);
    assert_eq!(game.moves(), before + 1);
    game.undo(4.0);
    assert_eq!(game.moves(), before + 1);
    game.redo(5.0);
    game.redo(6.0);
    assert_eq!(game.moves(), before + 2);
    // Counting each jump again counts the whole history again.
    game.set_chains(false, &mut solver);
    assert_eq!(game.moves(), before + 3);
    game.undo(7.0);
    assert_eq!(game.moves(), before + 2);
    game.set_chains(true, &mut solver);
    assert_eq!(game.moves(), before + 1);
    // The option outlives a change of layout.
    game.load_layout("cross", &mut solver).unwrap();
    assert!(game.game().counts_chains());
}

#[test]
fn peg_best_scores_are_kept_per_layout_goal_and_way_of_counting() {
    let classic = layout("classic").unwrap();
    let mut game = PegGame::of_layout(&classic);
    let mut solver = Requests::default();
    assert_eq!(game.record_key().as_deref(), Some("pegs classic at d4"));
    game.set_chains(true, &mut solver);
    assert_eq!(
        game.record_key().as_deref(),
        Some("pegs classic at d4 chains")
    );
    game.set_goal(Goal::AnyHole, &mut solver);
    assert_eq!(
        game.record_key().as_deref(),
        Some("pegs classic anywhere chains")
    );
    // A position of the player's own keeps no scores.
    let own = classic.start.toggled(CENTRE);
    let text = game.game().format_position(&own);
    game.load_text(&text, &mut solver).unwrap();
    assert_eq!(game.record_key(), None);
}

#[test]
fn a_won_game_comes_back_from_its_save_with_its_par_and_counts_once() {
    let mut records = Records::new();
    let start = eight_at(6);
    let game = win(&mut records, &start, 1, 20.0);
    let now = 30_000.0;
    let text = game.save(now);
    let mut back = SlidingGame::restore(&text, now).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        back.par(),
        Some(Par {
            moves: 6,
            optimal: true
        })
    );
    assert_eq!(back.settled(), game.settled());
    assert_eq!(back.status(now).solved, game.status(now).solved);
    assert!(
        back.status(now).solved.unwrap().contains("New best"),
        "the win still says what it beat"
    );
    assert!(
        !back.settle(&mut records, now),
        "a game read back counts once"
    );
}

#[test]
fn a_game_the_solver_finished_comes_back_still_finished_by_the_solver() {
    let (game, now) = finished_by_the_solver(&eight_at(7));
    let text = game.save(now);
    assert!(
        text.contains("\nauto "),
        "the solver's moves are marked:\n{text}"
    );
    let mut back = SlidingGame::restore(&text, now).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(back.is_assisted());
    assert_eq!(
        back.status(now).solved.as_deref(),
        Some("Solved by the solver in 7 moves. Solver's time: 0:00; yours before Solve: 0:01.")
    );
    let mut records = Records::new();
    assert!(!back.settle(&mut records, now));
    // Back before the solver's first move, the game is the player's again.
    for _ in 1..7 {
        back.undo(now);
    }
    assert!(!back.is_assisted());
}

#[test]
fn a_peg_game_counting_chains_comes_back_with_the_same_counts() {
    let classic = layout("classic").unwrap();
    let mut game = PegGame::of_layout(&classic);
    let mut solver = Requests::default();
    game.set_chains(true, &mut solver);
    // Jumps until one peg has jumped twice in a row.
    let mut jumps = 0;
    while jumps < 12 {
        let board = *game.state();
        let last = game.state().jumps();
        let chain = last.iter().find_map(|&jump| {
            continuing(board.apply(jump).unwrap(), jump.to).map(|next| (jump, next))
        });
        match chain {
            Some((first, second)) if jumps > 0 => {
                game.play(first, 0.0).unwrap();
                game.play(second, 0.0).unwrap();
                break;
            }
            _ => game.play(last[0], 0.0).unwrap(),
        }
        jumps += 1;
    }
    assert!(game.moves() < jumps + 2, "a chain was played as one move");
    let text = game.save(0.0);
    let mut back = PegGame::restore(&text, 0.0).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(back.game().counts_chains());
    assert_eq!(back.moves(), game.moves());
    while game.undo(1.0) {
        assert!(back.undo(1.0));
        assert_eq!(back.moves(), game.moves());
    }
}

/// The ordinary peg solver's jumps for `task`, which has a solution.
fn solver_jumps(task: &Task) -> Vec<Jump> {
    let answer = solve_task(task);
    match answer.get() {
        Some(PegsAnswer { jumps: Some(jumps) }) => jumps.clone(),
        _ => panic!("{task:?} is solvable: {answer:?}"),
    }
}

/// Plays `jumps` from the game's position, one a second from `from`.
fn jump_all(game: &mut PegGame, jumps: &[Jump], from: f64) {
    for (i, &jump) in jumps.iter().enumerate() {
        game.play(jump, from + i as f64 * 1000.0).unwrap();
    }
}

#[test]
fn a_peg_game_counting_chains_is_told_the_fewest_moves_once_won() {
    let pyramid = layout("pyramid").unwrap();
    let task = Task::new(FewestTask {
        board: pyramid.start,
        goal: pyramid.goal,
    });
    let Some(FewestAnswer {
        chains: Some(fewest),
    }) = solve_task(&task).get().cloned()
    else {
        panic!("the pyramid is solvable");
    };
    // Won in the fewest: perfect.
    let mut game = PegGame::of_layout(&pyramid);
    let mut solver = Requests::default();
    game.set_chains(true, &mut solver);
    jump_all(&mut game, &fewest.concat(), 0.0);
    assert!(game.is_won());
    assert_eq!(game.moves(), fewest.len() as u32);
    game.ask_par(10_000.0, &mut solver);
    let (id, asked) = solver.take();
    assert_eq!(asked, task);
    assert!(game
        .status(0.0)
        .solved
        .unwrap()
        .ends_with("; looking for the fewest moves…"));
    game.receive(&answered(id, solve_task(&task), 5.0), 10_000.0);
    let perfect = format!("; the fewest is {}: perfect!", fewest.len());
    let solved = game.status(0.0).solved.unwrap();
    assert!(solved.ends_with(&perfect), "{solved}");
    // The best score counts moves, not jumps.
    let mut records = Records::default();
    assert!(game.settle(&mut records, 10_000.0));
    let best = game.best_text(&records).unwrap();
    assert!(
        best.starts_with(&format!("Best: {} moves · ", fewest.len())),
        "{best}"
    );

    // Won along the ordinary solver's jumps, which take more chain moves.
    let jumps = solver_jumps(&Task::new(PegsTask {
        board: pyramid.start,
        goal: pyramid.goal,
    }));
    let mut game = PegGame::of_layout(&pyramid);
    game.set_chains(true, &mut solver);
    jump_all(&mut game, &jumps, 0.0);
    assert!(game.moves() > fewest.len() as u32);
    game.ask_par(10_000.0, &mut solver);
    let (id, asked) = solver.take();
    game.receive(&answered(id, solve_task(&asked), 5.0), 10_000.0);
    let solved = game.status(0.0).solved.unwrap();
    assert!(
        solved.ends_with(&format!("; the fewest is {}.", fewest.len())),
        "{solved}"
    );

    // Counting each jump, there is no par: every win takes as many jumps.
    let mut game = PegGame::of_layout(&pyramid);
    jump_all(&mut game, &jumps, 0.0);
    game.ask_par(10_000.0, &mut solver);
    assert!(solver.open.is_empty());
    assert!(!game.status(0.0).solved.unwrap().contains("fewest"));
    assert!(game.settle(&mut records, 20_000.0));
    let best = game.best_text(&records).unwrap();
    assert!(best.starts_with("Best: 15 jumps · "), "{best}");
}

#[test]
fn a_peg_par_the_worker_gives_up_on_is_said_to_take_too_long_and_not_asked_again() {
    let plus = layout("plus").unwrap();
    let jumps = solver_jumps(&Task::new(PegsTask {
        board: plus.start,
        goal: plus.goal,
    }));
    let mut game = PegGame::of_layout(&plus);
    let mut solver = Requests::default();
    game.set_chains(true, &mut solver);
    jump_all(&mut game, &jumps, 0.0);
    game.ask_par(10_000.0, &mut solver);
    let (id, _) = solver.take();
    game.receive(
        &slide::app::workers::Event::Failed {
            id,
            message:
                "the fewest chain moves from this position would take the page too long to find"
                    .into(),
        },
        10_000.0,
    );
    let solved = game.status(0.0).solved.unwrap();
    assert!(
        solved.ends_with("; the fewest moves from this start would take too long to find."),
        "{solved}"
    );
    // Won again after an undo: the search is not tried again.
    game.undo(11_000.0);
    game.redo(12_000.0);
    game.ask_par(12_000.0, &mut solver);
    assert!(solver.open.is_empty());
    // Other rules, another try.
    game.set_goal(Goal::AnyHole, &mut solver);
    game.ask_par(13_000.0, &mut solver);
    assert!(matches!(
        solver.take().1.get(),
        Some(FewestTask {
            goal: Goal::AnyHole,
            ..
        })
    ));
}

#[test]
fn a_peg_par_follows_the_goal_and_ignores_the_ordinary_solver() {
    let plus = layout("plus").unwrap();
    let mut game = PegGame::of_layout(&plus);
    let mut solver = Requests::default();
    game.set_chains(true, &mut solver);
    game.set_goal(Goal::AnyHole, &mut solver);
    // Solve: the ordinary solver's jumps, which say nothing of the fewest
    // chain moves.
    game.request_solve(0.0, &mut solver);
    let (id, task) = solver.take();
    assert!(task.get::<PegsTask>().is_some());
    game.receive(&answered(id, solve_task(&task), 5.0), 10.0);
    assert_eq!(game.par(), None);
    // Played by hand along that solution, then the par is asked for the
    // goal chosen.
    let jumps = solver_jumps(&task);
    game.cancel(&mut solver);
    jump_all(&mut game, &jumps, 100_000.0);
    assert!(game.is_won());
    game.ask_par(200_000.0, &mut solver);
    let (id, task) = solver.take();
    assert_eq!(
        task,
        Task::new(FewestTask {
            board: plus.start,
            goal: Goal::AnyHole
        })
    );
    let answer = solve_task(&task);
    let Some(FewestAnswer {
        chains: Some(chains),
    }) = answer.get()
    else {
        panic!("the plus is solvable");
    };
    game.receive(&answered(id, answer.clone(), 5.0), 200_000.0);
    assert_eq!(
        game.par(),
        Some(Par {
            moves: chains.len() as u32,
            optimal: true
        })
    );
    // Another goal is another par.
    game.set_goal(Goal::CENTRE, &mut solver);
    assert_eq!(game.par(), None);
}
