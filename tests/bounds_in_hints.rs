//! Hints and Solve messages that prove how close they are: beside a
//! solution not proven shortest, the sliding puzzle says the proven lower
//! bound the worker's answer carries ("about 112 moves to go; no solution
//! is shorter than 98"), keeps it along the solution, raises it to the
//! threshold an optimal search has reached, and says a shortest solution
//! exactly, as before.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, solve_task, Requests};
use slide::app::sliding::solving::{SlidingAnswer, SlidingTask};
use slide::app::sliding::{tile_moved, SlidingGame, SlidingPuzzle};
use slide::app::workers::protocol::FromWorker;
use slide::app::workers::{Answer, Event, SearchProgress};
use slide::app::{Play, Session};
use slide::sliding::{Board, Dir};

fn game(board: Board) -> SlidingGame {
    Session::new(SlidingPuzzle, board)
}

/// The seed example's optimal solution with a detour in front: two moves
/// longer than the shortest (22).
fn seed_with_detour() -> (Board, Vec<Dir>, Vec<Dir>) {
    let start = common::seed_example();
    let Some(SlidingAnswer { moves: optimal, .. }) =
        solve_task(&SlidingTask::task(start.clone())).get().cloned()
    else {
        panic!("a sliding answer");
    };
    let detour = Dir::ALL
        .into_iter()
        .find(|&d| d != optimal[0] && start.tile_moved_by(d).is_some())
        .unwrap();
    let mut longer = vec![detour, detour.opposite()];
    longer.extend(&optimal);
    (start, longer, optimal)
}

#[test]
fn a_5x5_hint_shows_the_proven_bound_beside_the_length_and_keeps_it_along_the_solution() {
    let start = Board::shuffled(5, 5, 11).unwrap();
    let (mut game, mut solver) = (game(start.clone()), Requests::default());
    game.request_hint(0.0, &mut solver);
    let (id, task) = solver.take();
    let answer = solve_task(&task);
    let bound = answer.get::<SlidingAnswer>().unwrap().bound;
    assert_eq!(
        bound,
        common::solver().proven_bound(&start, slide::sliding::bound::DEEPENING)
    );
    game.receive(&answered(id, answer, 300.0), 300.0);
    let hint = game.hint().unwrap();
    assert!(!hint.optimal);
    assert_eq!(hint.bound, bound);
    assert!(bound > 0 && (bound as usize) < hint.remaining);
    let tile = tile_moved(&start, hint.mv).unwrap();
    assert_eq!(
        game.message(),
        format!(
            "Hint: slide {tile} — about {} moves to go; no solution is shorter than {bound}",
            hint.remaining
        )
    );
    // One move along the solution, the bound is one lower (a move changes
    // the distance by one), and the next hint is instant.
    game.play(hint.mv, 400.0).unwrap();
    game.request_hint(500.0, &mut solver);
    assert!(solver.open.is_empty(), "the known solution answers");
    let next = game.hint().unwrap();
    assert_eq!(
        (next.remaining, next.bound),
        (hint.remaining - 1, bound - 1)
    );
    assert!(
        game.message()
            .ends_with(&format!("; no solution is shorter than {}", bound - 1)),
        "{}",
        game.message()
    );
}

#[test]
fn solve_on_a_5x5_says_the_bound_while_it_plays() {
    let start = Board::shuffled(5, 5, 12).unwrap();
    let (mut game, mut solver) = (game(start), Requests::default());
    game.request_solve(0.0, &mut solver);
    let (id, task) = solver.take();
    let answer = solve_task(&task);
    let SlidingAnswer { moves, bound, .. } = answer.get::<SlidingAnswer>().unwrap().clone();
    game.receive(&answered(id, answer, 300.0), 300.0);
    assert!(game.is_autoplaying());
    assert!(
        game.message().starts_with(&format!(
            "Auto-solving: {} moves to go (no solution is shorter than {bound}), at ",
            moves.len()
        )),
        "{}",
        game.message()
    );
}

#[test]
fn a_4x4_quick_answer_shows_its_bound_raised_on_sight_and_by_the_search_until_the_shortest_replaces_it(
) {
    let (start, longer, optimal) = seed_with_detour();
    let (mut game, mut solver) = (game(start.clone()), Requests::default());
    game.request_hint(0.0, &mut solver);
    let (id, _) = solver.take();
    let quick = SlidingAnswer::answer(longer.clone(), false, 16);
    game.receive(&Event::Provisional { id, answer: quick }, 5.0);
    let tile = tile_moved(&start, game.hint().unwrap().mv).unwrap();
    // The page's own bound on sight (linear conflicts: 18) is above the
    // answer's 16.
    assert_eq!(slide::sliding::bound::lower_bound(&start, None, None), 18);
    assert!(
        game.message().starts_with(&format!(
            "Hint: slide {tile} — about 24 moves to go; no solution is shorter than 18; \
             looking for the shortest…"
        )),
        "{}",
        game.message()
    );
    // The optimal search has exhausted every threshold below 20: no
    // solution is shorter than 20, said once.
    let progress = SearchProgress {
        expanded: 5_000,
        bound: Some(20),
        elapsed_ms: 800.0,
        workers: 2,
        building: None,
    };
    game.receive(&Event::Progress { id, progress }, 800.0);
    let message = game.message();
    assert!(
        message.contains("about 24 moves to go; no solution is shorter than 20; looking"),
        "{message}"
    );
    assert!(!message.contains("bound 20"), "{message}");
    // The shortest replaces it, said exactly.
    let best = SlidingAnswer::answer(optimal, true, 0);
    game.receive(&answered(id, best, 900.0), 900.0);
    let hint = game.hint().unwrap();
    assert_eq!(hint.bound, 22);
    let tile = tile_moved(&start, hint.mv).unwrap();
    assert_eq!(
        game.message(),
        format!("Hint: slide {tile} — 22 moves to go")
    );
}

#[test]
fn a_4x4_solve_says_the_quick_answers_bound_while_it_looks_for_the_shortest() {
    let (start, longer, _) = seed_with_detour();
    let (mut game, mut solver) = (game(start), Requests::default());
    game.request_solve(0.0, &mut solver);
    let (id, _) = solver.take();
    let quick = SlidingAnswer::answer(longer, false, 18);
    game.receive(&Event::Provisional { id, answer: quick }, 5.0);
    assert!(
        game.message().starts_with(
            "Found a 24-move solution; no solution is shorter than 18; looking for the shortest…"
        ),
        "{}",
        game.message()
    );
}

#[test]
fn a_solution_as_short_as_its_bound_is_proven_shortest_and_said_exactly() {
    let (start, _, optimal) = seed_with_detour();
    let answer = SlidingAnswer::answer(optimal.clone(), false, 22);
    assert!(answer.get::<SlidingAnswer>().unwrap().optimal);
    let (mut game, mut solver) = (game(start.clone()), Requests::default());
    game.request_hint(0.0, &mut solver);
    let (id, _) = solver.take();
    game.receive(&answered(id, answer, 10.0), 10.0);
    let tile = tile_moved(&start, game.hint().unwrap().mv).unwrap();
    assert_eq!(
        game.message(),
        format!("Hint: slide {tile} — 22 moves to go")
    );
}

#[test]
fn the_bound_travels_in_the_workers_answer_and_one_above_the_length_is_refused() {
    let answer = SlidingAnswer::answer(vec![Dir::Left; 30], false, 26);
    let message = FromWorker::Answer {
        id: 3,
        answer: answer.clone(),
        expanded: 42,
        lower_bound: 20,
        elapsed_ms: 1.0,
        memory_bytes: 0.0,
    };
    let record = message.to_record();
    assert_eq!(FromWorker::from_record(&record), Ok(message));
    // A bound above the solution's own length cannot be proven.
    let forged = Answer::new(SlidingAnswer {
        moves: vec![Dir::Left; 30],
        optimal: false,
        bound: 31,
    });
    let record = FromWorker::Answer {
        id: 3,
        answer: forged,
        expanded: 42,
        lower_bound: 20,
        elapsed_ms: 1.0,
        memory_bytes: 0.0,
    }
    .to_record();
    let refusal = FromWorker::from_record(&record).unwrap_err();
    assert!(
        refusal.contains("bound 31 is above its 30 moves"),
        "{refusal}"
    );
}

#[test]
fn a_near_optimal_answer_that_meets_its_bound_is_the_shortest_par() {
    let goal = Board::solved(5, 5).unwrap();
    let start = goal
        .apply_path(&[Dir::Up, Dir::Up, Dir::Left, Dir::Left])
        .unwrap();
    let (mut game, mut solver) = (game(start), Requests::default());
    for key in ["ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowUp"] {
        common::press(&mut game, key, &mut solver);
    }
    assert!(game.is_won());
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), 50.0), 1000.0);
    let solved = game.status(0.0).solved.unwrap();
    assert!(
        solved.ends_with("; the shortest takes 4: perfect!"),
        "{solved}"
    );
}
