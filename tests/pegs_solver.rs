//! The peg-solitaire solver: solutions are legal and reach the goal, lost
//! positions are reported, pruning never cuts a winnable position, and the
//! monitor can stop the search.

use std::collections::HashMap;
use std::ops::ControlFlow;

use slide::pegs::{
    hole_named, layout, layouts, parse, solve, DeadTable, Goal, Jump, PegBoard, PegProblem,
    PegSolver, CENTRE, HOLES,
};
use slide::rng::SplitMix64;
use slide::search::{Budget, DeadEnds, Problem, Progress, Unlimited, DEAD_END};

/// Checks that `jumps` are legal in turn from `start`, one per peg but the
/// last, and end at `goal`.
fn assert_solves(start: PegBoard, goal: Goal, jumps: &[Jump]) {
    assert_eq!(jumps.len() as u32, start.count() - 1);
    let end = start.apply_all(jumps).expect("every jump is legal in turn");
    assert!(goal.is_met(end), "ends at {end:?}, not {goal}");
}

/// A position from which one peg at `hole` can be reached: up to `steps`
/// random jumps played backwards from it.
fn backward_play(rng: &mut SplitMix64, hole: usize, steps: usize) -> PegBoard {
    let mut board = PegBoard::empty().toggled(hole);
    for _ in 0..steps {
        let undos: Vec<&Jump> = slide::pegs::all_jumps()
            .iter()
            .filter(|jump| {
                board.has_peg(jump.to.into())
                    && !board.has_peg(jump.from.into())
                    && !board.has_peg(jump.over.into())
            })
            .collect();
        if undos.is_empty() {
            break;
        }
        let undo = undos[rng.below(undos.len() as u64) as usize];
        board = board
            .toggled(undo.to.into())
            .toggled(undo.over.into())
            .toggled(undo.from.into());
    }
    board
}

/// Whether `board` can reach `goal`, by trying every jump (remembering
/// positions already decided, nothing else).
fn can_reach(board: PegBoard, goal: Goal, known: &mut HashMap<u64, bool>) -> bool {
    if goal.is_met(board) {
        return true;
    }
    if let Some(&answer) = known.get(&board.bits()) {
        return answer;
    }
    let answer = board
        .jumps()
        .into_iter()
        .any(|jump| can_reach(board.apply(jump).unwrap(), goal, known));
    known.insert(board.bits(), answer);
    answer
}

#[test]
fn the_seed_t_shape_is_solved_in_four_jumps_ending_in_the_centre() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/instances/seed_examples.txt"
    ))
    .unwrap();
    let rows = text
        .split("# Peg solitaire")
        .nth(1)
        .and_then(|section| section.split("# The same board").next())
        .unwrap();
    let start = parse(&format!("#{rows}")).unwrap();
    assert_eq!(start.count(), 5);
    let jumps = solve(start, Goal::CENTRE).expect("the T shape is solvable");
    assert_eq!(jumps.len(), 4);
    let end = start.apply_all(&jumps).unwrap();
    assert_eq!(end, PegBoard::empty().toggled(CENTRE));
    assert_eq!(layout("t").unwrap().start, start);
}

#[test]
fn the_classic_game_is_solved_in_31_legal_jumps_ending_in_the_centre() {
    let mut solver = PegSolver::new(Goal::CENTRE);
    let solution = solver
        .solve(PegBoard::classic(), &mut Unlimited)
        .unwrap()
        .expect("the classic game is solvable");
    assert_eq!(solution.moves.len(), 31);
    assert_eq!(solution.cost, 31);
    let mut board = PegBoard::classic();
    for jump in &solution.moves {
        board = board.apply(*jump).unwrap();
    }
    assert_eq!(board, PegBoard::empty().toggled(CENTRE));
    // Again with the table of lost positions the first search left behind.
    let again = solver.solve(PegBoard::classic(), &mut Unlimited).unwrap();
    assert_solves(PegBoard::classic(), Goal::CENTRE, &again.unwrap().moves);
}

#[test]
fn lost_positions_are_reported_unsolvable() {
    let hole = |name: &str| hole_named(name).unwrap();
    // Two pegs that never meet.
    let apart = PegBoard::with_pegs(&[hole("c3"), hole("e5")]).unwrap();
    assert_eq!(solve(apart, Goal::CENTRE), None);
    assert_eq!(solve(apart, Goal::AnyHole), None);
    // Two neighbours whose only jumps land beside the centre.
    let beside = PegBoard::with_pegs(&[hole("d4"), hole("e4")]).unwrap();
    assert_eq!(solve(beside, Goal::CENTRE), None);
    assert!(solve(beside, Goal::AnyHole).is_some());
    // Pegs only in the corners of the arms: a pagoda function proves it
    // without a search.
    let corners: Vec<usize> = ["c1", "e1", "a3", "g3", "a5", "g5", "c7", "e7"]
        .map(hole)
        .to_vec();
    let corners = PegBoard::with_pegs(&corners).unwrap();
    let problem = PegProblem::new(Goal::CENTRE);
    assert!(problem.is_hopeless(corners));
    assert_eq!(problem.heuristic(&corners), DEAD_END);
    assert_eq!(solve(corners, Goal::CENTRE), None);
    // The wrong position class: the classic start cannot end at c1.
    assert!(PegProblem::new(Goal::Hole(hole("c1") as u8)).is_hopeless(PegBoard::classic()));
    assert_eq!(
        solve(PegBoard::classic(), Goal::Hole(hole("c1") as u8)),
        None
    );
    // No pegs, or a goal off the board.
    assert_eq!(solve(PegBoard::empty(), Goal::AnyHole), None);
    assert_eq!(solve(PegBoard::classic(), Goal::Hole(40)), None);
    // A position four jumps into the classic game that can no longer reach
    // the centre, which takes a real search to prove.
    let lost = PegBoard::from_bits(0x1_ef78_ffff).unwrap();
    assert_eq!(lost.count(), 28);
    assert_eq!(solve(lost, Goal::CENTRE), None);
}

#[test]
fn every_layout_reaches_its_goal() {
    let all = layouts();
    assert!(all.len() >= 8);
    for (i, layout) in all.iter().enumerate() {
        assert!(
            all[..i].iter().all(|other| other.id != layout.id),
            "unique ids"
        );
        let jumps = solve(layout.start, layout.goal)
            .unwrap_or_else(|| panic!("layout {} cannot reach {}", layout.id, layout.goal));
        assert_solves(layout.start, layout.goal, &jumps);
    }
    let pegs = |id: &str| layout(id).unwrap().start.count();
    assert_eq!(pegs("classic"), 32);
    assert_eq!(pegs("t"), 5);
    assert_eq!(pegs("cross"), 6);
    assert_eq!(pegs("plus"), 9);
    assert_eq!(pegs("diamond"), 24);
    for id in ["fireplace", "arrow", "pyramid"] {
        assert!(pegs(id) >= 15, "{id}");
    }
    assert_eq!(layout("classic").unwrap().start, PegBoard::classic());
    assert_eq!(layout("nonsense"), None);
}

#[test]
fn pruning_never_cuts_a_winnable_position() {
    let mut rng = SplitMix64::new(2025);
    let hole = |name: &str| hole_named(name).unwrap() as u8;
    let goals = [
        Goal::CENTRE,
        Goal::AnyHole,
        Goal::Hole(hole("d1")),
        Goal::Hole(hole("c3")),
    ];
    let mut shared: Vec<PegSolver> = goals.iter().map(|&goal| PegSolver::new(goal)).collect();
    let mut winnable = [0; 4];
    for round in 0..600 {
        // Positions late in random games, scattered pegs that no game
        // reaches, positions that can reach one peg, and those with a peg
        // added or taken away: winnable and lost positions of all kinds.
        let steps = 1 + rng.below(9) as usize;
        let hole = match rng.below(4) {
            0 => CENTRE,
            1 => hole_named("d1").unwrap(),
            2 => hole_named("c3").unwrap(),
            _ => rng.below(HOLES as u64) as usize,
        };
        let board = match round % 4 {
            0 => {
                let depth = 22 + rng.below(9) as usize;
                PegBoard::classic().after_random_jumps(&mut rng, depth)
            }
            1 => {
                let mut bits = 0u64;
                for _ in 0..2 + rng.below(9) {
                    bits |= 1 << rng.below(HOLES as u64);
                }
                PegBoard::from_bits(bits).unwrap()
            }
            2 => backward_play(&mut rng, hole, steps),
            _ => backward_play(&mut rng, hole, steps).toggled(rng.below(HOLES as u64) as usize),
        };
        if board.count() > 11 {
            continue; // a game stuck early
        }
        for (g, &goal) in goals.iter().enumerate() {
            let expected = can_reach(board, goal, &mut HashMap::new());
            let fresh = solve(board, goal);
            assert_eq!(fresh.is_some(), expected, "{goal} from {board:?}");
            if let Some(jumps) = fresh {
                assert_solves(board, goal, &jumps);
                winnable[g] += 1;
            }
            // A solver that keeps what earlier searches proved lost.
            let kept = shared[g].solve(board, &mut Unlimited).unwrap();
            assert_eq!(
                kept.is_some(),
                expected,
                "{goal} from {board:?}, kept table"
            );
        }
    }
    // The sample holds both answers for every goal.
    assert!(
        winnable.iter().all(|&count| count > 30 && count < 570),
        "{winnable:?}"
    );
}

#[test]
fn a_board_at_the_goal_needs_no_jump() {
    let single = PegBoard::empty().toggled(CENTRE);
    let solution = PegSolver::new(Goal::CENTRE)
        .solve(single, &mut Unlimited)
        .unwrap()
        .unwrap();
    assert!(solution.moves.is_empty());
    assert_eq!(solve(single, Goal::AnyHole), Some(vec![]));
    assert_eq!(
        PegSolver::new(Goal::CENTRE).hint(single, &mut Unlimited),
        Ok(None)
    );
}

#[test]
fn hints_give_the_first_jump_of_a_solution() {
    let mut solver = PegSolver::new(Goal::CENTRE);
    let mut board = layout("plus").unwrap().start;
    while board.count() > 1 {
        let jump = solver
            .hint(board, &mut Unlimited)
            .unwrap()
            .expect("still winnable");
        board = board.apply(jump).unwrap();
    }
    assert!(Goal::CENTRE.is_met(board));
    let lost = PegBoard::with_pegs(&[0, 32]).unwrap();
    assert_eq!(solver.hint(lost, &mut Unlimited), Ok(None));
    assert_eq!(solver.goal(), Goal::CENTRE);
}

#[test]
fn the_monitor_can_stop_a_search_and_the_solver_goes_on_afterwards() {
    let lost = PegBoard::from_bits(0x1_ef78_ffff).unwrap();
    let mut solver = PegSolver::new(Goal::CENTRE);
    let stopped = solver.solve(lost, &mut Budget(50_000)).unwrap_err();
    assert!(stopped.progress.expanded >= 50_000);
    // A monitor that stops at once.
    let mut never = |_: &Progress| ControlFlow::Break(());
    assert!(solver.solve(PegBoard::classic(), &mut never).is_err());
    // The positions proven lost before the stop stay valid.
    let solution = solver.solve(PegBoard::classic(), &mut Unlimited).unwrap();
    assert_solves(PegBoard::classic(), Goal::CENTRE, &solution.unwrap().moves);
    assert_eq!(solver.solve(lost, &mut Unlimited), Ok(None));
}

#[test]
fn the_dead_table_knows_symmetric_copies_and_stays_within_its_cap() {
    let mut table = DeadTable::new(Goal::CENTRE);
    let mut rng = SplitMix64::new(8);
    let board = PegBoard::classic().after_random_jumps(&mut rng, 12);
    assert!(!table.is_dead(&board));
    table.mark_dead(&board);
    for sym in 0..8 {
        assert!(table.is_dead(&board.transformed(sym)));
    }
    assert_eq!(table.len(), 1);
    // For a goal off the centre only the symmetries that fix it count.
    let d1 = hole_named("d1").unwrap();
    let mut table = DeadTable::new(Goal::Hole(d1 as u8));
    let lopsided = PegBoard::with_pegs(&[d1, 0, 10]).unwrap();
    table.mark_dead(&lopsided);
    let fixing = (0..8)
        .filter(|&sym| table.is_dead(&lopsided.transformed(sym)))
        .count();
    assert_eq!(fixing, 2);
    // A small table fills up, stops learning, and the search stays right.
    let mut small = DeadTable::with_capacity(Goal::CENTRE, 10_000);
    for bits in 0..100_000u64 {
        small.mark_dead(&PegBoard::from_bits(bits * 85_899).unwrap());
        assert!(small.memory() <= 16_384 * 4);
    }
    assert!(small.is_full() || small.len() <= 16_384);
    small.clear();
    assert!(small.is_empty());
    let mut solver = PegSolver::with_problem(
        PegProblem::new(Goal::CENTRE),
        DeadTable::with_capacity(Goal::CENTRE, 0),
    );
    let solution = solver.solve(PegBoard::classic(), &mut Unlimited).unwrap();
    assert_solves(PegBoard::classic(), Goal::CENTRE, &solution.unwrap().moves);
    assert!(solver.dead_table().memory() <= 8192 * 4);
}

#[test]
fn random_games_are_decided_quickly() {
    // Positions after 0 to 30 random jumps from the classic start, each with
    // a fresh solver; a budget far above what any of them needs catches a
    // search that would run away.
    let mut rng = SplitMix64::new(99);
    let mut winnable = 0;
    for _ in 0..150 {
        let depth = rng.below(31) as usize;
        let board = PegBoard::classic().after_random_jumps(&mut rng, depth);
        let mut solver = PegSolver::new(Goal::CENTRE);
        if let Some(solution) = solver.solve(board, &mut Budget(3_000_000)).unwrap() {
            assert_solves(board, Goal::CENTRE, &solution.moves);
            winnable += 1;
        }
    }
    assert!(winnable > 10 && winnable < 140, "{winnable}");
}
