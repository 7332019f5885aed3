//! The fewest moves of peg solitaire when a chain of jumps by one peg counts
//! as one move: the classic game's known 18, small positions checked
//! against a plain breadth-first search, and the table of the built-in
//! layouts' fewest that the web build ships.
// Natively only: the shipped table is kept with the CLI's tables.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use slide::pegs::{fewest_moves, layout, layouts, ChainMove, FewestTable, Goal, PegBoard};
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

/// The table of the built-in layouts' fewest chain moves the web build
/// ships: worked out by the search once (about two minutes, the classic
/// game's two goals nearly all of it) and kept with the CLI's tables.
fn shipped_table() -> Arc<FewestTable> {
    static TABLE: OnceLock<Arc<FewestTable>> = OnceLock::new();
    TABLE
        .get_or_init(|| slide::cli::fewest_peg_table().expect("the table can be built and kept"))
        .clone()
}

#[test]
fn the_classic_game_needs_exactly_eighteen_chain_moves() {
    let classic = layout("classic").expect("the classic layout");
    let solution = shipped_table()
        .fewest(classic.start, classic.goal)
        .expect("the classic is in the table")
        .to_vec();
    assert_eq!(solution.len(), 18);
    assert!(classic.goal.is_met(play(classic.start, &solution)));
}

#[test]
fn the_shipped_table_holds_every_layout_towards_both_goals_as_a_fresh_search_finds() {
    let table = shipped_table();
    assert_eq!(table.len(), 2 * layouts().len());
    for layout in layouts() {
        for goal in [layout.goal, Goal::AnyHole] {
            let held = table
                .fewest(layout.start, goal)
                .unwrap_or_else(|| panic!("{} towards {goal} is in the table", layout.id));
            assert!(goal.is_met(play(layout.start, held)), "{}", layout.id);
            // The classic game's were searched for by the build just now.
            if layout.id != "classic" {
                let (moves, _) = fewest(layout.start, goal).expect("every layout is solvable");
                assert_eq!(held.len() as u32, moves, "{} towards {goal}", layout.id);
            }
        }
    }
    // Finishing anywhere can only take as many moves or fewer.
    for layout in layouts() {
        let centre = table.fewest(layout.start, layout.goal).unwrap().len();
        let anywhere = table.fewest(layout.start, Goal::AnyHole).unwrap().len();
        assert!(anywhere <= centre, "{}", layout.id);
    }
}

#[test]
fn the_table_reads_back_what_it_writes_as_text_and_as_bytes() {
    let table = shipped_table();
    assert_eq!(
        FewestTable::from_text(&table.to_text()).as_ref(),
        Ok(&*table)
    );
    assert_eq!(
        FewestTable::from_bytes(&table.to_bytes()).as_ref(),
        Ok(&*table)
    );
    assert!(FewestTable::from_text("slide pegs fewest 1\n")
        .unwrap()
        .is_empty());
}

#[test]
fn a_damaged_table_is_refused_with_its_line_and_reason() {
    let cross = layout("cross").unwrap();
    let bits = cross.start.bits();
    let good = format!("slide pegs fewest 1\n# a comment\n{bits} 16 5 9-7 23-9 10-8 7-9 4-16\n");
    assert!(FewestTable::from_text(&good).is_ok(), "{good}");
    let cases = [
        ("slide pegs fewest 2\n".to_string(), "does not start with"),
        (
            good.replace(" 16 5 ", " 16 4 "),
            "line 3: 5 chain moves are written, not 4",
        ),
        (
            good.replace(" 4-16", " 4-28"),
            "line 3: 4 to 28 is not a jump",
        ),
        (
            good.replace(" 4-16", ""),
            "line 3: 4 chain moves are written, not 5",
        ),
        (
            good.replace(" 16 5 ", " any 5 ").replace(" 4-16", " 7-9"),
            "line 3: the chain 7-9",
        ),
        (
            good.replace(" 16 5 ", " 0 5 "),
            "line 3: the moves do not reach the goal",
        ),
        (
            good.replace(" 16 5 ", " 33 5 "),
            "line 3: '33' is not a goal",
        ),
        (
            good.replace(&bits.to_string(), "x"),
            "line 3: the position is not a number",
        ),
        (
            good.replace(" 9-7 ", " 9 "),
            "line 3: '9' is not a chain of jumps",
        ),
        (
            good.replace(" 9-7 ", " 9-77 "),
            "line 3: '77' is not a hole",
        ),
        (format!("{good}{bits}\n"), "line 4: the goal is missing"),
    ];
    for (text, reason) in cases {
        let error = FewestTable::from_text(&text).expect_err(&text);
        assert!(error.contains(reason), "{error:?} for\n{text}");
    }
    for bytes in [&[][..], &[1, 9, 0, 0, 0, b's'][..], &[2, 0, 0, 0, 0][..]] {
        assert!(FewestTable::from_bytes(bytes).is_err(), "{bytes:?}");
    }
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
