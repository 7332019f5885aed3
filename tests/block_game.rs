//! The sliding-block game as the page plays it: taps, drags and keys read
//! from pixels and key names, undo, hints and the auto-solve through a
//! worker's engine, saves and links, with no page.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, board_key, solve_task, Requests};
use slide::app::blocks::solving::{BlocksTask, GAME};
use slide::app::blocks::{piece_places, BlocksGame};
use slide::app::{Play, Session};
use slide::blocks::{layout, BlockMove, Cell, Metric};

fn classic() -> BlocksGame {
    BlocksGame::of_layout("heng-dao-li-ma").expect("the classic layout")
}

/// The centre of `cell` on the game's grid, in pixels.
fn centre(game: &BlocksGame, cell: &str) -> (f64, f64) {
    let cell = Cell::named(cell).unwrap();
    game.grid()
        .to_px(f64::from(cell.row), f64::from(cell.col))
        .center()
}

fn tap(game: &mut BlocksGame, cell: &str, now: f64, solver: &mut Requests) {
    let (x, y) = centre(game, cell);
    game.pointer_down(x, y);
    game.pointer_up(x + 1.0, y, now, solver);
}

fn drag(game: &mut BlocksGame, from: &str, to: &str, now: f64, solver: &mut Requests) {
    let (x0, y0) = centre(game, from);
    let (x1, y1) = centre(game, to);
    game.pointer_down(x0, y0);
    game.pointer_up(x1, y1, now, solver);
}

fn answer(game: &mut BlocksGame, solver: &mut Requests, now: f64) {
    let (id, task) = solver.take();
    game.receive(&answered(id, solve_task(&task), 1.0), now);
}

#[test]
fn a_tap_selects_a_piece_and_a_tap_on_a_free_cell_moves_it_there() {
    let mut solver = Requests::default();
    let mut game = classic();
    tap(&mut game, "a5", 0.0, &mut solver);
    assert_eq!(
        game.selected(),
        game.state().piece_at(Cell::named("a5").unwrap())
    );
    assert_eq!(
        game.targets(),
        vec![Cell::named("b5").unwrap(), Cell::named("c5").unwrap()]
    );
    tap(&mut game, "b5", 10.0, &mut solver);
    assert_eq!(game.moves(), 1);
    assert!(game
        .state()
        .piece_from(Cell::named("b5").unwrap())
        .is_some());
}

#[test]
fn a_drag_slides_a_piece_as_far_as_the_pointer_went() {
    let mut solver = Requests::default();
    let mut game = classic();
    // The 1x1 at d5 dragged two cells left stops at b5: one move.
    drag(&mut game, "d5", "b5", 0.0, &mut solver);
    assert_eq!(game.moves(), 1);
    assert!(game
        .state()
        .piece_from(Cell::named("b5").unwrap())
        .is_some());
    // Dragged into a wall, nothing moves and the game says why.
    drag(&mut game, "a1", "a4", 10.0, &mut solver);
    assert_eq!(game.moves(), 1);
    assert!(
        game.message().contains("cannot move that way"),
        "{}",
        game.message()
    );
}

#[test]
fn keys_pick_a_piece_and_the_arrows_slide_it() {
    let mut solver = Requests::default();
    let mut game = classic();
    // The first arrow selects the piece to free; Enter walks to the next.
    assert!(game.key(board_key("ArrowDown"), 0.0, &mut solver));
    assert_eq!(
        game.selected(),
        Some(1),
        "the big block is the second piece read"
    );
    // In reading order a5 is the eighth piece after the big block (b1).
    for _ in 0..7 {
        game.key(board_key("n"), 0.0, &mut solver);
    }
    let at_a5 = game.state().piece_at(Cell::named("a5").unwrap());
    assert_eq!(game.selected(), at_a5);
    game.key(board_key("ArrowRight"), 0.0, &mut solver);
    assert_eq!(game.moves(), 1);
    assert!(game
        .state()
        .piece_from(Cell::named("b5").unwrap())
        .is_some());
    game.undo(10.0);
    assert_eq!(game.moves(), 0);
}

#[test]
fn a_hint_and_the_auto_solve_come_from_the_worker_and_free_the_block() {
    let mut solver = Requests::default();
    let mut game = BlocksGame::of_layout("card-1").expect("card 1");
    game.request_hint(0.0, &mut solver);
    let (_, task) = solver.open.last().cloned().expect("a request");
    assert!(matches!(
        task.get::<BlocksTask>(),
        Some(BlocksTask {
            metric: Metric::Straight,
            ..
        })
    ));
    answer(&mut game, &mut solver, 5.0);
    assert!(game.hint().is_some());
    assert!(
        game.message().contains("8 moves on the shortest way out"),
        "{}",
        game.message()
    );
    game.request_solve(10.0, &mut solver);
    assert!(solver.open.is_empty(), "the solution is known");
    let mut now = 10.0;
    while game.is_autoplaying() && now < 60_000.0 {
        now += 50.0;
        game.tick(now);
    }
    assert!(game.is_won());
    assert_eq!(game.moves(), 8);
}

#[test]
fn a_save_reads_back_with_its_history_and_metric() {
    let mut solver = Requests::default();
    let mut game = classic();
    game.set_metric(Metric::AnyPath, &mut solver);
    tap(&mut game, "a5", 0.0, &mut solver);
    tap(&mut game, "c5", 10.0, &mut solver);
    let text = game.save(20.0);
    assert!(text.starts_with(&format!("slide-save 1 {GAME}")), "{text}");
    assert!(text.contains("rules heng-dao-li-ma:path"), "{text}");
    let back = BlocksGame::restore(&text, 30.0).expect("the save reads back");
    assert_eq!(back.state(), game.state());
    assert_eq!(back.moves(), 1);
    assert_eq!(back.game().metric(), Metric::AnyPath);
    assert_eq!(back.layout_id(), Some("heng-dao-li-ma"));
}

#[test]
fn a_link_opens_the_position_it_was_made_from() {
    let mut solver = Requests::default();
    let mut game = BlocksGame::of_layout("card-40").unwrap();
    drag(&mut game, "a1", "a2", 0.0, &mut solver);
    let link = game.share_link().expect("a link");
    let query = link.query();
    assert!(query.contains("game=blocks"), "{query}");
    let opened: BlocksGame = Session::open_link(link.rules.as_deref(), &link.board).unwrap();
    assert_eq!(opened.state(), game.state());
}

#[test]
fn a_moving_piece_is_drawn_between_its_cells() {
    let board = layout("heng-dao-li-ma").unwrap().board();
    let mv = BlockMove {
        from: Cell::named("a5").unwrap(),
        to: Cell::named("b5").unwrap(),
    };
    let after = board.apply(mv, Metric::Straight).unwrap();
    let places = piece_places(&board, &after, 0.5);
    let moving = places
        .iter()
        .find(|place| place.piece.cell() == mv.to)
        .unwrap();
    assert_eq!(moving.row, 4.0);
    assert!(moving.col > 0.0 && moving.col < 1.0);
    assert!(places
        .iter()
        .filter(|place| place.index != moving.index)
        .all(|place| place.row == f64::from(place.piece.row)));
}
