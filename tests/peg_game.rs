//! The peg-solitaire game as the page plays it: clicks, drags and keys read
//! from pixels and key names, undo, the editor, hints, the auto-solve and
//! the jump animation, with a stand-in solver and no page.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, press, solve_task, Requests};
use slide::app::game::Key;
use slide::app::pegs::solving::PegsTask;
use slide::app::pegs::{cursor_step, jump_between, peg_places, PegGame, JUMP_MS};
use slide::app::{Play, Session};
use slide::pegs::{hole_at, layout, parse, Goal, Jump, PegBoard, CENTRE};
use slide::sliding::Dir;

fn hole(row: usize, col: usize) -> usize {
    hole_at(row, col).expect("a hole of the board")
}

fn t_shape() -> PegGame {
    PegGame::of_layout(&layout("t").expect("the T layout"))
}

fn classic() -> PegGame {
    PegGame::of_layout(&layout("classic").unwrap())
}

/// The centre of `hole` on the game's grid, in pixels.
fn centre(game: &PegGame, hole: usize) -> (f64, f64) {
    let (row, col) = slide::pegs::cell_of(hole);
    game.grid().to_px(row as f64, col as f64).center()
}

/// A tap on `hole`.
fn click(game: &mut PegGame, hole: usize, now: f64, solver: &mut Requests) {
    let (x, y) = centre(game, hole);
    game.pointer_down(x, y);
    game.pointer_up(x + 2.0, y - 1.0, now, solver);
}

/// A drag from one hole to another.
fn drag(game: &mut PegGame, from: usize, to: usize, now: f64, solver: &mut Requests) {
    let (x0, y0) = centre(game, from);
    let (x1, y1) = centre(game, to);
    game.pointer_down(x0, y0);
    game.pointer_up(x1, y1, now, solver);
}

/// Answers the newest request as a worker would.
fn answer(game: &mut PegGame, solver: &mut Requests, now: f64) {
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), 1.0), now);
}

#[test]
fn a_click_selects_a_peg_and_a_second_click_jumps_it() {
    let mut solver = Requests::default();
    let mut game = t_shape();
    assert_eq!(game.pegs_left(), "Pegs left: 5");
    click(&mut game, hole(3, 3), 0.0, &mut solver);
    assert_eq!(game.selected(), Some(hole(3, 3)));
    let mut targets = game.targets();
    targets.sort();
    assert_eq!(targets, vec![hole(3, 1), hole(3, 5)]);
    click(&mut game, hole(3, 5), 10.0, &mut solver);
    assert_eq!(game.pegs_left(), "Pegs left: 4");
    assert_eq!(game.moves(), 1);
    assert!(game.state().has_peg(hole(3, 5)));
    assert!(!game.state().has_peg(hole(3, 4)));
    assert_eq!(game.selected(), None);
    // A second click on a selected peg drops the selection.
    click(&mut game, hole(3, 5), 20.0, &mut solver);
    click(&mut game, hole(3, 5), 30.0, &mut solver);
    assert_eq!(game.selected(), None);
}

#[test]
fn an_illegal_target_is_refused_with_a_reason() {
    let mut solver = Requests::default();
    let mut game = t_shape();
    let before = *game.state();
    click(&mut game, hole(5, 3), 0.0, &mut solver);
    click(&mut game, hole(5, 2), 0.0, &mut solver);
    assert_eq!(*game.state(), before);
    assert!(game.message().contains("cannot jump"), "{}", game.message());
    // The landing hole is full: refused, with the reason.
    drag(&mut game, hole(5, 3), hole(3, 3), 0.0, &mut solver);
    assert_eq!(*game.state(), before);
    assert!(game.message().ends_with('.'), "{}", game.message());
    assert!(!game.message().is_empty());
    // Not a jump at all.
    drag(&mut game, hole(5, 3), hole(4, 2), 0.0, &mut solver);
    assert!(
        game.message().contains("is not a jump"),
        "{}",
        game.message()
    );
    assert_eq!(*game.state(), before);
    assert!(!game.can_undo());
}

#[test]
fn a_drag_between_holes_two_apart_jumps() {
    let mut solver = Requests::default();
    let mut game = classic();
    drag(&mut game, hole(1, 3), hole(3, 3), 0.0, &mut solver);
    assert_eq!(game.pegs_left(), "Pegs left: 31");
    assert!(game.state().has_peg(CENTRE));
}

#[test]
fn a_short_drag_is_a_click_and_a_drag_off_the_board_is_nothing() {
    let mut solver = Requests::default();
    let mut game = t_shape();
    let (x, y) = centre(&game, hole(3, 3));
    game.pointer_down(x, y);
    game.pointer_up(x + 5.0, y + 5.0, 0.0, &mut solver);
    assert_eq!(game.selected(), Some(hole(3, 3)));
    game.pointer_down(x, y);
    game.pointer_up(x + 500.0, y, 0.0, &mut solver);
    assert_eq!(game.moves(), 0);
}

#[test]
fn an_empty_hole_only_one_peg_can_reach_takes_that_jump() {
    let mut solver = Requests::default();
    let mut game = t_shape();
    // Only the centre peg can jump into (3,1).
    click(&mut game, hole(3, 1), 0.0, &mut solver);
    assert_eq!(game.pegs_left(), "Pegs left: 4");
    assert!(game.state().has_peg(hole(3, 1)));
}

#[test]
fn undo_redo_and_restart_walk_the_history() {
    let mut solver = Requests::default();
    let mut game = t_shape();
    let start = *game.state();
    click(&mut game, hole(3, 3), 0.0, &mut solver);
    click(&mut game, hole(3, 5), 0.0, &mut solver);
    let after = *game.state();
    assert!(game.undo(0.0));
    assert_eq!(*game.state(), start);
    assert!(game.redo(0.0));
    assert_eq!(*game.state(), after);
    game.restart(0.0, &mut solver);
    assert_eq!(*game.state(), start);
    assert_eq!(game.moves(), 0);
    assert!(!game.is_clock_running());
    // The abandoned attempt comes back with Undo.
    assert!(game.undo(0.0));
    assert_eq!(*game.state(), after);
}

#[test]
fn the_editor_adds_and_removes_pegs_and_makes_a_new_start() {
    let mut solver = Requests::default();
    let mut game = classic();
    game.set_editing(true, &mut solver);
    assert_eq!(
        game.message(),
        "Editing: click holes to add or remove pegs."
    );
    click(&mut game, CENTRE, 0.0, &mut solver);
    assert_eq!(game.pegs_left(), "Pegs left: 33");
    click(&mut game, hole(0, 2), 0.0, &mut solver);
    assert_eq!(game.pegs_left(), "Pegs left: 32");
    assert_eq!(game.layout_id(), None);
    assert_eq!(game.moves(), 0);
    assert!(game.is_editing());
    game.set_editing(false, &mut solver);
    assert_eq!(game.start(), game.state());
    assert_eq!(game.message(), "");
    // Playing again: clicks jump.
    click(&mut game, hole(2, 2), 0.0, &mut solver);
    click(&mut game, hole(0, 2), 0.0, &mut solver);
    assert_eq!(game.pegs_left(), "Pegs left: 31");
}

#[test]
fn a_hint_comes_from_the_worker_then_instantly_along_the_solution() {
    let mut solver = Requests::default();
    let mut game = t_shape();
    game.request_hint(0.0, &mut solver);
    let (_, task) = solver
        .open
        .last()
        .cloned()
        .expect("a request for the worker");
    assert!(matches!(task.get(), Some(PegsTask { goal, .. }) if *goal == Goal::Hole(CENTRE as u8)));
    assert!(game.message().starts_with("Looking for a winning jump"));
    answer(&mut game, &mut solver, 5.0);
    let hint = game.hint().expect("a hint");
    assert!(
        game.message().contains("4 jumps to the goal"),
        "{}",
        game.message()
    );
    game.play(hint.mv, 10.0).unwrap();
    game.request_hint(20.0, &mut solver);
    assert!(solver.open.is_empty(), "the next hint is instant");
    assert!(game.hint().is_some());
    assert!(game.message().contains("3 jumps to the goal"));
}

#[test]
fn the_editor_is_left_when_a_hint_is_asked() {
    let mut solver = Requests::default();
    let mut game = t_shape();
    game.set_editing(true, &mut solver);
    game.request_hint(0.0, &mut solver);
    assert!(!game.is_editing());
    assert_eq!(solver.open.len(), 1);
}

#[test]
fn a_lost_position_is_reported_at_once_with_undo_offered() {
    let mut solver = Requests::default();
    // Two pegs far apart: no jump at all.
    let mut game = Session::new(
        slide::app::pegs::PegSolitaire::new(Goal::CENTRE),
        parse("o.. ... ....... ....... ....... ... ..o").unwrap(),
    );
    game.request_hint(0.0, &mut solver);
    assert!(solver.open.is_empty());
    assert!(
        game.message().starts_with("No moves left"),
        "{}",
        game.message()
    );

    // A position the solver must be asked about, then remembered.
    let mut game = classic();
    click(&mut game, hole(1, 3), 0.0, &mut solver);
    click(&mut game, CENTRE, 0.0, &mut solver);
    game.set_goal(Goal::Hole(hole(0, 2) as u8), &mut solver);
    game.request_hint(0.0, &mut solver);
    if !solver.open.is_empty() {
        answer(&mut game, &mut solver, 0.0);
    }
    assert!(
        game.message()
            .contains("No solution exists from here. Undo"),
        "{}",
        game.message()
    );
    assert!(game.can_undo());
    // Asked again, it answers without the solver.
    game.request_solve(1.0, &mut solver);
    assert!(solver.open.is_empty());
    assert!(game.message().contains("No solution exists from here"));
}

#[test]
fn solve_plays_the_solution_to_the_goal() {
    let mut solver = Requests::default();
    let mut game = t_shape();
    game.request_solve(0.0, &mut solver);
    answer(&mut game, &mut solver, 0.0);
    assert!(game.is_autoplaying());
    assert!(
        game.message().starts_with("Auto-solving: "),
        "{}",
        game.message()
    );
    assert!(
        game.message().contains(" jumps to go, at 6 jumps/s"),
        "{}",
        game.message()
    );
    let mut now = 0.0;
    while game.is_autoplaying() && now < 60_000.0 {
        now += 50.0;
        game.tick(now);
    }
    assert!(game.is_won());
    assert_eq!(game.moves(), 4);
    assert_eq!(*game.state(), PegBoard::from_bits(1 << CENTRE).unwrap());
    assert_eq!(game.pegs_left(), "Pegs left: 1");
    assert!(game
        .status(now)
        .solved
        .unwrap()
        .starts_with("Solved by the solver in 4 moves: one peg in the centre"));
    assert_eq!(game.message(), "Solved!");
}

#[test]
fn a_player_jump_or_cancel_stops_the_auto_solve() {
    let mut solver = Requests::default();
    let mut game = classic();
    game.request_solve(0.0, &mut solver);
    let (id, task) = solver.open[0].clone();
    assert!(game.cancel(&mut solver));
    assert_eq!(solver.cancelled, vec![id]);
    assert_eq!(game.message(), "Stopped. Play on!");
    // An answer to a cancelled request is ignored.
    game.receive(&answered(id, solve_task(&task), 1.0), 0.0);
    assert!(!game.is_autoplaying());
    game.request_solve(0.0, &mut solver);
    answer(&mut game, &mut solver, 0.0);
    assert!(game.is_autoplaying());
    game.tick(1.0);
    let jump = game.state().jumps()[0];
    game.play(jump, 2.0).unwrap();
    assert!(!game.is_autoplaying());
}

#[test]
fn the_cursor_moves_between_holes_and_skips_the_corners() {
    let mut at = CENTRE;
    for dir in [Dir::Up, Dir::Up, Dir::Up] {
        at = cursor_step(at, dir);
    }
    assert_eq!(at, hole(0, 3));
    assert_eq!(cursor_step(at, Dir::Up), hole(0, 3), "the edge stops it");
    at = cursor_step(cursor_step(at, Dir::Left), Dir::Left);
    assert_eq!(at, hole(0, 2), "no hole beyond the arm");
    at = cursor_step(cursor_step(at, Dir::Down), Dir::Down);
    assert_eq!(cursor_step(at, Dir::Left), hole(2, 1));
}

#[test]
fn the_keyboard_moves_a_cursor_picks_a_peg_and_jumps_it() {
    let mut solver = Requests::default();
    let mut game = classic();
    // The first arrow only shows the cursor, in the centre.
    assert_eq!(game.cursor(), None);
    assert!(press(&mut game, "ArrowDown", &mut solver));
    assert_eq!(game.cursor(), Some(CENTRE));
    press(&mut game, "ArrowDown", &mut solver);
    press(&mut game, "s", &mut solver);
    assert_eq!(game.cursor(), Some(hole(5, 3)));
    press(&mut game, "Enter", &mut solver);
    assert_eq!(game.selected(), Some(hole(5, 3)));
    press(&mut game, "ArrowUp", &mut solver);
    press(&mut game, "ArrowUp", &mut solver);
    press(&mut game, " ", &mut solver);
    assert_eq!(game.pegs_left(), "Pegs left: 31");
    assert_eq!(game.cursor(), Some(CENTRE), "the cursor follows the jump");
    // Escape drops a selection; the shared keys work here too.
    press(&mut game, "Enter", &mut solver);
    assert_eq!(game.selected(), Some(CENTRE));
    press(&mut game, "Escape", &mut solver);
    assert_eq!(game.selected(), None);
    let ctrl_z = Key {
        key: "z",
        ctrl: true,
        shift: false,
        on_board: false,
    };
    assert!(game.key(ctrl_z, 0.0, &mut solver));
    assert_eq!(game.pegs_left(), "Pegs left: 32");
    // Off the board, arrows and Enter belong to the focused control.
    let off = Key {
        key: "Enter",
        ctrl: false,
        shift: false,
        on_board: false,
    };
    assert!(!game.key(off, 0.0, &mut solver));
    assert!(!game.key(
        Key {
            key: "ArrowUp",
            ..off
        },
        0.0,
        &mut solver
    ));
    assert!(!press(&mut game, "q", &mut solver));
    // A pointer, or the board losing the focus, hides the cursor.
    game.focus_lost();
    assert_eq!(game.cursor(), None);
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
    assert_eq!((*a, *b), (from, to));
    assert!((t - 0.5).abs() < 1e-9);
    assert!(game.is_animating(100.0 + JUMP_MS / 2.0));
    assert!(!game.is_animating(100.0 + JUMP_MS + 1.0));
}

#[test]
fn layouts_and_goals_switch_cleanly() {
    let mut solver = Requests::default();
    let mut game = t_shape();
    game.request_hint(0.0, &mut solver);
    game.load_layout("classic", &mut solver).unwrap();
    assert!(solver.open.is_empty(), "the search for the T is dropped");
    assert_eq!(game.pegs_left(), "Pegs left: 32");
    assert_eq!(game.layout_id(), Some("classic"));
    assert!(game
        .load_layout("nonsense", &mut solver)
        .unwrap_err()
        .contains("no layout"));
    game.set_goal(Goal::AnyHole, &mut solver);
    assert_eq!(game.game().goal(), Goal::AnyHole);
    assert_eq!(game.layout_id(), Some("classic"));
}

#[test]
fn the_position_is_described_for_screen_readers() {
    let game = t_shape();
    assert_eq!(
        game.describe(),
        "Peg solitaire board with 5 pegs, at c4, d4, e4, d5, d6."
    );
    let one = Session::new(
        slide::app::pegs::PegSolitaire::new(Goal::CENTRE),
        PegBoard::from_bits(1 << CENTRE).unwrap(),
    );
    assert_eq!(one.describe(), "Peg solitaire board with one peg, at d4.");
    assert!(classic()
        .describe()
        .starts_with("Peg solitaire board with 32 pegs; empty holes: d4."));
}

#[test]
fn a_typed_position_starts_a_new_game_and_bad_text_is_refused_with_the_reason() {
    let mut solver = Requests::default();
    let mut game = classic();
    click(&mut game, hole(1, 3), 0.0, &mut solver);
    click(&mut game, CENTRE, 0.0, &mut solver);
    let refused = game
        .load_text("ooo\nooo\nooooooo\nooo.ooo\nooooooo\nooo\noo", &mut solver)
        .unwrap_err();
    assert!(refused.to_lowercase().contains("row 7"), "{refused}");
    let unknown = game
        .load_text("ooo ooo ooooooo oooqooo ooooooo ooo ooo", &mut solver)
        .unwrap_err();
    assert!(unknown.contains("'q'"), "{unknown}");
    assert_eq!(game.moves(), 1, "the game in progress is kept");
    game.load_text("... ... ....... ..ooo.. ...o... .o. ...", &mut solver)
        .unwrap();
    assert_eq!(game.pegs_left(), "Pegs left: 5");
    assert_eq!(game.layout_id(), None);
    assert_eq!(game.message(), "Position loaded. Your move!");
    let exported = game.export_text();
    assert_eq!(slide::pegs::parse(&exported).unwrap(), *game.state());
}
