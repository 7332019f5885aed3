use slide::pegs::{fewest_moves, layout, Goal, PegBoard};
use slide::search::Unlimited;

#[test]
fn the_classic_game_needs_exactly_eighteen_chain_moves() {
    let classic = layout("classic").expect("the classic layout");
    let started = std::time::Instant::now();
    let (moves, solution) = fewest_moves(classic.start, classic.goal, &mut Unlimited)
        .expect("unlimited")
        .expect("solvable");
    eprintln!("classic: {moves} moves in {:?}", started.elapsed());
    assert_eq!(moves, 18);
    assert_eq!(solution.len(), 18);
    let mut board = classic.start;
    for chain in &solution {
        board = board.apply_all(chain).expect("legal");
    }
    assert!(classic.goal.is_met(board));
    let _ = PegBoard::empty();
    let _ = Goal::AnyHole;
}
