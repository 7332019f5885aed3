//! The peg-solitaire game as the page plays it: clicks, drags, keys, undo,
//! the editor, hints, the auto-solve and the jump animation, without a page.

use slide::app::anim::{jump_between, peg_places, JUMP_MS};
use slide::app::input::{peg_key_action, PegAction};
use slide::app::pegs::{PegGame, PegRequest};
use slide::pegs::{hole_at, layout, parse, solve, Goal, Jump, PegBoard, CENTRE};
use slide::sliding::Dir;

fn hole(row: usize, col: usize) -> usize {
    hole_at(row, col).expect("a hole of the board")
}

fn t_shape() -> PegGame {
    PegGame::new(&layout("t").expect("the T layout"))
}

/// Answers a request as the worker would.
fn answer(game: &mut PegGame, request: PegRequest, now: f64) {
    game.receive_answer(request.id, solve(request.board, request.goal), now);
}

#[test]
fn a_click_selects_a_peg_and_a_second_click_jumps_it() {
    let mut game = t_shape();
    assert_eq!(game.pegs_left(), 5);
    game.click(hole(3, 3), 0.0);
    assert_eq!(game.selected(), Some(hole(3, 3)));
    let mut targets = game.targets();
    targets.sort();
    assert_eq!(targets, vec![hole(3, 1), hole(3, 5)]);
    game.click(hole(3, 5), 10.0);
    assert_eq!(game.pegs_left(), 4);
    assert_eq!(game.moves(), 1);
    assert!(game.board().has_peg(hole(3, 5)));
    assert!(!game.board().has_peg(hole(3, 4)));
    assert_eq!(game.selected(), None);
}

#[test]
fn an_illegal_target_is_refused_with_a_reason() {
    let mut game = t_shape();
    let before = game.board();
    game.click(hole(5, 3), 0.0);
    game.click(hole(5, 2), 0.0);
    assert_eq!(game.board(), before);
    assert!(game.message().contains("cannot jump"), "{}", game.message());
    assert!(
        !game.drag(hole(5, 3), hole(3, 3), 0.0),
        "the landing hole is full"
    );
    assert!(!game.drag(hole(5, 3), hole(4, 2), 0.0), "not a jump at all");
    assert!(
        game.message().contains("is not a jump"),
        "{}",
        game.message()
    );
    assert_eq!(game.board(), before);
}

#[test]
fn a_drag_between_holes_two_apart_jumps() {
    let mut game = PegGame::new(&layout("classic").unwrap());
    assert!(game.drag(hole(1, 3), hole(3, 3), 0.0));
    assert_eq!(game.pegs_left(), 31);
    assert!(game.board().has_peg(CENTRE));
}

#[test]
fn an_empty_hole_only_one_peg_can_reach_takes_that_jump() {
    let mut game = t_shape();
    // Only the centre peg can jump into (3,1).
    game.click(hole(3, 1), 0.0);
    assert_eq!(game.pegs_left(), 4);
    assert!(game.board().has_peg(hole(3, 1)));
}

#[test]
fn undo_redo_and_restart_walk_the_history() {
    let mut game = t_shape();
    let start = game.board();
    game.click(hole(3, 3), 0.0);
    game.click(hole(3, 5), 0.0);
    let after = game.board();
    assert!(game.undo(0.0));
    assert_eq!(game.board(), start);
    assert!(game.redo(0.0));
    assert_eq!(game.board(), after);
    game.restart(0.0);
    assert_eq!(game.board(), start);
    assert_eq!(game.moves(), 0);
    // The abandoned attempt comes back with Undo.
    assert!(game.undo(0.0));
    assert_eq!(game.board(), after);
}

#[test]
fn the_editor_adds_and_removes_pegs_and_makes_a_new_start() {
    let mut game = PegGame::new(&layout("classic").unwrap());
    game.set_editing(true);
    game.click(CENTRE, 0.0);
    assert_eq!(game.pegs_left(), 33);
    game.click(hole(0, 2), 0.0);
    assert_eq!(game.pegs_left(), 32);
    assert_eq!(game.layout_id(), None);
    assert_eq!(game.moves(), 0);
    game.set_editing(false);
    assert_eq!(game.start(), game.board());
    // Playing again: clicks jump.
    game.click(hole(2, 2), 0.0);
    game.click(hole(0, 2), 0.0);
    assert_eq!(game.pegs_left(), 31);
}

#[test]
fn a_hint_comes_from_the_worker_then_instantly_along_the_solution() {
    let mut game = t_shape();
    let request = game.request_hint(0.0).expect("a request for the worker");
    assert_eq!(request.goal, Goal::Hole(CENTRE as u8));
    assert!(game.message().starts_with("Looking for a winning jump"));
    answer(&mut game, request, 5.0);
    let hint = game.hint().expect("a hint");
    assert!(
        game.message().contains("4 jumps to the goal"),
        "{}",
        game.message()
    );
    game.play(hint, 10.0).unwrap();
    assert!(
        game.request_hint(20.0).is_none(),
        "the next hint is instant"
    );
    assert!(game.hint().is_some());
    assert!(game.message().contains("3 jumps to the goal"));
}

#[test]
fn a_lost_position_is_reported_at_once_with_undo_offered() {
    // Two pegs far apart: no jump at all.
    let mut game = PegGame::custom(
        parse("o.. ... ....... ....... ....... ... ..o").unwrap(),
        Goal::CENTRE,
    );
    assert!(game.request_hint(0.0).is_none());
    assert!(
        game.message().starts_with("No moves left"),
        "{}",
        game.message()
    );

    // A position the solver must be asked about, then remembered.
    let mut game = PegGame::new(&layout("classic").unwrap());
    game.click(hole(1, 3), 0.0);
    game.click(CENTRE, 0.0);
    game.set_goal(Goal::Hole(hole(0, 2) as u8));
    if let Some(request) = game.request_hint(0.0) {
        answer(&mut game, request, 0.0);
    }
    assert!(
        game.message()
            .contains("No solution exists from here. Undo"),
        "{}",
        game.message()
    );
    assert!(game.can_undo());
}

#[test]
fn solve_plays_the_solution_to_the_goal() {
    let mut game = t_shape();
    let request = game.request_solve(0.0).expect("a request");
    answer(&mut game, request, 0.0);
    assert!(game.is_autoplaying());
    let mut now = 0.0;
    while game.is_autoplaying() && now < 60_000.0 {
        now += 50.0;
        game.tick(now);
    }
    assert!(game.is_won());
    assert_eq!(game.moves(), 4);
    assert_eq!(game.board(), PegBoard::from_bits(1 << CENTRE).unwrap());
    let status = game.status(now);
    assert_eq!(status.pegs, "Pegs left: 1");
    assert!(status
        .solved
        .unwrap()
        .starts_with("Solved! One peg in the centre in 4 moves"));
}

#[test]
fn a_player_jump_or_cancel_stops_the_auto_solve() {
    let mut game = PegGame::new(&layout("classic").unwrap());
    let request = game.request_solve(0.0).expect("a request");
    assert!(game.cancel());
    assert_eq!(game.message(), "Stopped. Play on!");
    // An answer to a cancelled request is ignored.
    answer(&mut game, request, 0.0);
    assert!(!game.is_autoplaying());
    let request = game.request_solve(0.0).expect("a new request");
    answer(&mut game, request, 0.0);
    assert!(game.is_autoplaying());
    game.tick(1.0);
    let jump = game.board().jumps()[0];
    game.play(jump, 2.0).unwrap();
    assert!(!game.is_autoplaying());
}

#[test]
fn the_cursor_moves_between_holes_and_skips_the_corners() {
    let mut game = t_shape();
    assert_eq!(game.cursor(), CENTRE);
    game.move_cursor(Dir::Up);
    game.move_cursor(Dir::Up);
    game.move_cursor(Dir::Up);
    assert_eq!(game.cursor(), hole(0, 3));
    game.move_cursor(Dir::Up);
    assert_eq!(game.cursor(), hole(0, 3), "the edge stops the cursor");
    game.move_cursor(Dir::Left);
    game.move_cursor(Dir::Left);
    assert_eq!(game.cursor(), hole(0, 2), "no hole beyond the arm");
    game.move_cursor(Dir::Down);
    game.move_cursor(Dir::Down);
    game.move_cursor(Dir::Left);
    assert_eq!(game.cursor(), hole(2, 1));
}

#[test]
fn keys_map_to_cursor_choose_and_history() {
    assert_eq!(
        peg_key_action("ArrowLeft", false, false),
        Some(PegAction::Cursor(Dir::Left))
    );
    assert_eq!(
        peg_key_action("Enter", false, false),
        Some(PegAction::Choose)
    );
    assert_eq!(peg_key_action(" ", false, false), Some(PegAction::Choose));
    assert_eq!(
        peg_key_action("Escape", false, false),
        Some(PegAction::Deselect)
    );
    assert_eq!(peg_key_action("z", true, false), Some(PegAction::Undo));
    assert_eq!(peg_key_action("z", true, true), Some(PegAction::Redo));
    assert_eq!(peg_key_action("h", false, false), Some(PegAction::Hint));
    assert_eq!(peg_key_action("Enter", true, false), None);
    assert_eq!(peg_key_action("q", false, false), None);
}

#[test]
fn a_jump_animates_along_an_arc_and_the_jumped_peg_fades() {
    let from = layout("t").unwrap().start;
    let jump = Jump::between(hole(3, 3), hole(3, 5)).unwrap();
    let to = from.apply(jump).unwrap();
    assert_eq!(jump_between(from, to), Some((jump, true)));
    assert_eq!(jump_between(to, from), Some((jump, false)));
    assert_eq!(jump_between(from, from), None);

    let middle = peg_places(from, to, 0.5);
    let mover = middle.iter().find(|p| p.hole == hole(3, 5)).unwrap();
    assert!(mover.lift > 0.0 && mover.col > 3.0 && mover.col < 5.0);
    let jumped = middle.iter().find(|p| p.hole == hole(3, 4)).unwrap();
    assert!((jumped.alpha - 0.5).abs() < 1e-9);

    // At the end (and before it starts) the frame is simply the position.
    let end = peg_places(from, to, 1.0);
    assert_eq!(end.len(), to.count() as usize);
    assert!(end.iter().all(|p| p.alpha == 1.0 && p.lift == 0.0));
    let start = peg_places(from, to, 0.0);
    assert!(start.iter().any(|p| p.hole == hole(3, 5) && p.col == 3.0));

    // The game hands out frames from (old, new, t).
    let mut game = t_shape();
    game.play(jump, 100.0).unwrap();
    let (a, b, t) = game.frame(100.0 + JUMP_MS / 2.0);
    assert_eq!((a, b), (from, to));
    assert!((t - 0.5).abs() < 1e-9);
    assert!(game.is_animating(100.0 + JUMP_MS / 2.0));
    assert!(!game.is_animating(100.0 + JUMP_MS + 1.0));
}

#[test]
fn layouts_and_goals_switch_cleanly() {
    let mut game = t_shape();
    game.load_layout("classic").unwrap();
    assert_eq!(game.pegs_left(), 32);
    assert_eq!(game.layout_id(), Some("classic"));
    assert!(game
        .load_layout("nonsense")
        .unwrap_err()
        .contains("no layout"));
    game.set_goal(Goal::AnyHole);
    assert_eq!(game.goal(), Goal::AnyHole);
}
