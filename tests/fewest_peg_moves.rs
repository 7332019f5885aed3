//! The fewest moves of peg solitaire when a chain of jumps by one peg counts
//! as one move: the classic game's known 18, and small positions checked
//! against a plain breadth-first search.

use std::collections::HashSet;
use std::ops::ControlFlow;

use slide::pegs::{fewest_moves, layout, layouts, ChainMove, FewestSolver, Goal, PegBoard};
use slide::rng::SplitMix64;
use slide::search::{Budget, Progress, Unlimited};

/// Every position one chain move from `board`: each peg's jumps, and every
/// jump continuing the chain from where it landed.
fn chain_successors(board: PegBoard) -> HashSet<PegBoard> {
    fn go(board: PegBoard, hole: usize, out: &mut HashSet<PegBoard>) {
        for jump in board.jumps_from(hole) {
            let after = board.apply(jump).expect("a legal jump");
            out.insert(after);
            go(after, jump.to.into(), out);
        }
    }
    let mut out = HashSet::new();
    for hole in board.pegs() {
        go(board, hole, &mut out);
    }
    out
}

/// The fewest chain moves by breadth-first search over whole positions, no
/// bound and no symmetry: slow but plainly right.
fn brute_force(start: PegBoard, goal: Goal) -> Option<u32> {
    let mut level: HashSet<PegBoard> = HashSet::from([start]);
    let mut moves = 0;
    loop {
        if level.iter().any(|&board| goal.is_met(board)) {
            return Some(moves);
        }
        if level.is_empty() {
            return None;
        }
        level = level.into_iter().flat_map(chain_successors).collect();
        moves += 1;
    }
}

/// Plays the chains from `start`, checking each is one peg's jumps in a row.
fn play(start: PegBoard, solution: &[ChainMove]) -> PegBoard {
    let mut board = start;
    for chain in solution {
        assert!(!chain.is_empty(), "a move has a jump");
        for pair in chain.windows(2) {
            assert_eq!(pair[0].to, pair[1].from, "a chain is one peg's jumps");
        }
        board = board.apply_all(chain).expect("the chain is legal");
    }
    board
}

fn fewest(start: PegBoard, goal: Goal) -> Option<(u32, Vec<ChainMove>)> {
    fewest_moves(start, goal, &mut Unlimited).expect("an unlimited search ends")
}

#[test]
fn the_classic_game_needs_exactly_eighteen_chain_moves() {
    let classic = layout("classic").expect("the classic layout");
    let started = std::time::Instant::now();
    let mut solver = FewestSolver::new(classic.goal);
    let found = solver
        .solve(classic.start, &mut Unlimited)
        .expect("an unlimited search ends")
        .expect("the classic is solvable");
    eprintln!(
        "classic: {} chain moves in {:?}, {} positions expanded, {} bounds learnt",
        found.cost,
        started.elapsed(),
        found.expanded,
        solver.learnt()
    );
    let (moves, solution) = (found.cost, found.moves);
    assert_eq!(moves, 18);
    assert_eq!(solution.len(), 18);
    assert!(classic.goal.is_met(play(classic.start, &solution)));
}

#[test]
fn the_small_layouts_take_as_few_moves_as_a_brute_force_search_finds() {
    for layout in layouts().iter().filter(|layout| layout.start.count() <= 17) {
        let expected = brute_force(layout.start, layout.goal);
        let found = fewest(layout.start, layout.goal);
        assert_eq!(
            found.as_ref().map(|(moves, _)| *moves),
            expected,
            "{}",
            layout.id
        );
        let (moves, solution) = found.expect("every layout is solvable");
        assert_eq!(solution.len() as u32, moves, "{}", layout.id);
        assert!(
            layout.goal.is_met(play(layout.start, &solution)),
            "{}",
            layout.id
        );
    }
}

#[test]
fn positions_late_in_random_games_agree_with_a_brute_force_search_for_any_goal() {
    let mut rng = SplitMix64::new(12);
    let goals = [Goal::CENTRE, Goal::AnyHole, Goal::Hole(0), Goal::Hole(13)];
    for round in 0..24 {
        let board = PegBoard::classic().after_random_jumps(&mut rng, 19 + round % 4);
        for goal in goals {
            let expected = brute_force(board, goal);
            let found = fewest(board, goal);
            assert_eq!(
                found.as_ref().map(|(moves, _)| *moves),
                expected,
                "{board}\n{goal}"
            );
            if let Some((_, solution)) = found {
                assert!(goal.is_met(play(board, &solution)), "{board}\n{goal}");
            }
        }
    }
}

#[test]
fn a_position_already_at_the_goal_needs_no_move_and_a_lost_one_has_no_answer() {
    let centre = PegBoard::empty().toggled(16);
    assert_eq!(fewest(centre, Goal::CENTRE), Some((0, Vec::new())));
    assert_eq!(fewest(centre, Goal::Hole(0)), None);
    assert_eq!(fewest(PegBoard::empty(), Goal::AnyHole), None);
    let apart = PegBoard::with_pegs(&[0, 32]).expect("two holes");
    assert_eq!(fewest(apart, Goal::AnyHole), None);
}

#[test]
fn a_budget_stops_the_search_and_says_how_far_it_got() {
    let classic = layout("classic").expect("the classic layout");
    let stopped = fewest_moves(classic.start, classic.goal, &mut Budget(1000))
        .expect_err("a thousand positions are not enough");
    assert!(stopped.progress.bound >= 12);
    let mut bounds = Vec::new();
    let mut watch = |progress: &Progress| {
        bounds.push(progress.bound);
        if progress.expanded > 5000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    assert!(fewest_moves(classic.start, classic.goal, &mut watch).is_err());
    assert!(
        bounds.windows(2).all(|pair| pair[0] <= pair[1]),
        "{bounds:?}"
    );
}
