//! The search lab's map editing without the page: pointer points become
//! walls painted and erased (fast drags leave no gaps), S and G dragged,
//! blank maps, Undo taking legs and then edits back, edited maps kept in saves, and the route searched
//! again on the edited map.
// Natively only: the shared test helpers answer through the engine there.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, solve_task, Requests};
use slide::app::route::solving::{RouteAnswer, RouteMap, RouteTask};
use slide::app::route::{Map, MapKind, Mode, RouteFinding, RouteGame, StrokeKind, Walk};
use slide::app::{Play, SaveFormat};
use slide::route::{Grid, Pixel};

/// A blank map of `side` pixels laid out 10 CSS pixels a map pixel,
/// drawing walls.
fn blank(side: usize, solver: &mut Requests) -> RouteGame {
    let mut game = RouteGame::on_map(Map::office());
    game.fit(side as f64 * 10.0, side as f64 * 10.0);
    game.new_blank(side, solver).unwrap();
    game.fit(side as f64 * 10.0, side as f64 * 10.0);
    assert_eq!(game.ui().mode, Mode::Walls);
    game
}

/// The CSS point at the centre of a pixel (10 CSS pixels a map pixel).
fn css((x, y): Pixel) -> (f64, f64) {
    (x as f64 * 10.0 + 5.0, y as f64 * 10.0 + 5.0)
}

/// A drag through `pixels` as the page sends it: down, moves, up.
fn drag(game: &mut RouteGame, pixels: &[Pixel], solver: &mut Requests) {
    let first = css(pixels[0]);
    game.pointer_down(first.0, first.1);
    game.lab_pointer_down(first);
    for &pixel in &pixels[1..] {
        assert!(game.lab_pointer_move(css(pixel)));
    }
    let last = css(*pixels.last().unwrap());
    game.pointer_up(last.0, last.1, 0.0, solver);
}

fn walls(game: &RouteGame) -> Vec<Pixel> {
    let grid = &game.game().map().grid;
    (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&p| !grid.is_walkable(p))
        .collect()
}

/// Asks for a hint and answers it through a worker's engine: the task and
/// the answer.
fn search(game: &mut RouteGame, solver: &mut Requests) -> (RouteTask, RouteAnswer) {
    game.request_hint(0.0, solver);
    let (id, task) = solver.take();
    let answer = solve_task(&task);
    game.receive(&answered(id, answer.clone(), 5.0), 10.0);
    (
        task.get::<RouteTask>().unwrap().clone(),
        answer.get::<RouteAnswer>().unwrap().clone(),
    )
}

#[test]
fn a_fast_drag_paints_a_wall_with_no_gap_between_its_pointer_events() {
    let mut solver = Requests::default();
    let mut game = blank(32, &mut solver);
    // Two pointer events 20 pixels apart, as a fast flick gives.
    drag(&mut game, &[(5, 10), (25, 10)], &mut solver);
    let painted = walls(&game);
    assert_eq!(painted, (5..=25).map(|x| (x, 10)).collect::<Vec<_>>());
    assert!(matches!(
        &game.game().map().kind,
        MapKind::Drawn { name } if name == "blank 32 x 32"
    ));
    // A slanted drag: every pixel a step from the one before.
    drag(&mut game, &[(0, 20), (9, 29)], &mut solver);
    let slanted: Vec<Pixel> = walls(&game).into_iter().filter(|p| p.1 >= 20).collect();
    assert_eq!(slanted.len(), 10);
    for step in slanted.windows(2) {
        assert!(step[0].0.abs_diff(step[1].0) <= 1 && step[0].1.abs_diff(step[1].1) <= 1);
    }
}

#[test]
fn a_drag_that_starts_on_a_wall_erases_and_a_tap_toggles_one_pixel() {
    let mut solver = Requests::default();
    let mut game = blank(32, &mut solver);
    drag(&mut game, &[(5, 10), (25, 10)], &mut solver);
    drag(&mut game, &[(10, 10), (14, 10)], &mut solver);
    let left: Vec<Pixel> = walls(&game);
    assert_eq!(left.len(), 21 - 5);
    assert!(left.iter().all(|p| !(10..=14).contains(&p.0)));
    // A tap without moves paints one pixel, and a tap on it erases it.
    let (x, y) = css((3, 3));
    game.pointer_down(x, y);
    game.pointer_up(x, y, 0.0, &mut solver);
    assert!(!game.game().map().grid.is_walkable((3, 3)));
    game.pointer_down(x, y);
    game.pointer_up(x, y, 0.0, &mut solver);
    assert!(game.game().map().grid.is_walkable((3, 3)));
}

#[test]
fn painting_never_covers_the_start_or_the_goal_and_dragging_them_moves_them() {
    let mut solver = Requests::default();
    let mut game = blank(32, &mut solver);
    let ends = game.game().ends();
    assert_eq!((ends.start, ends.goal), ((0, 0), (31, 31)));
    // A stroke from beside S across it leaves S on floor.
    drag(&mut game, &[(3, 0), (0, 3)], &mut solver);
    assert!(game.game().map().grid.is_walkable((0, 0)) || walls(&game).is_empty());
    drag(&mut game, &[(1, 1), (31, 31)], &mut solver);
    assert!(game.game().map().grid.is_walkable((31, 31)));

    // A drag from S moves it; from G onto a wall is refused, saying why.
    drag(&mut game, &[(0, 0), (4, 20)], &mut solver);
    assert_eq!(game.game().ends().start, (4, 20));
    assert_eq!(game.state().place(), game.game().start_place());
    drag(&mut game, &[(31, 31), (2, 2)], &mut solver);
    assert_eq!(game.game().ends().goal, (31, 31));
    assert!(
        game.note().contains("goal must be on floor"),
        "{}",
        game.note()
    );
}

#[test]
fn undo_takes_strokes_and_moves_of_s_back_one_at_a_time() {
    let mut solver = Requests::default();
    let mut game = blank(32, &mut solver);
    assert!(!game.game().can_undo_edit());
    assert!(!game.can_undo());
    drag(&mut game, &[(5, 10), (25, 10)], &mut solver);
    drag(&mut game, &[(0, 0), (4, 20)], &mut solver);
    assert!(game.game().can_undo_edit());
    assert!(game.can_undo(), "the shared Undo is offered after an edit");
    assert!(game.take_back(0.0, &mut solver));
    assert_eq!(game.game().ends().start, (0, 0));
    assert_eq!(walls(&game).len(), 21);
    assert!(game.take_back(0.0, &mut solver));
    assert!(walls(&game).is_empty());
    assert!(!game.take_back(0.0, &mut solver));
    assert!(!game.can_undo());
    assert_eq!(game.ui().mode, Mode::Walls, "still drawing walls");
}

#[test]
fn undo_takes_back_the_legs_walked_since_an_edit_first_then_the_edit() {
    let mut solver = Requests::default();
    let mut game = blank(32, &mut solver);
    drag(&mut game, &[(5, 10), (25, 10)], &mut solver);
    game.set_mode(Mode::Walk, &mut solver);
    // Two legs from the start (0, 0): right, then down.
    for key in ["ArrowRight", "ArrowDown"] {
        game.key(
            slide::app::game::Key {
                key,
                ctrl: false,
                shift: false,
                on_board: true,
            },
            0.0,
            &mut solver,
        );
    }
    assert_eq!(game.state().places().len(), 3);
    assert!(game.take_back(1_000.0, &mut solver));
    assert_eq!(game.state().places().len(), 2, "the last leg first");
    assert!(game.take_back(2_000.0, &mut solver));
    assert_eq!(game.state().places().len(), 1);
    assert_eq!(walls(&game).len(), 21, "the wall still stands");
    // Ctrl+Z, as the button: the edit goes once the legs have.
    game.key(
        slide::app::game::Key {
            key: "z",
            ctrl: true,
            shift: false,
            on_board: true,
        },
        3_000.0,
        &mut solver,
    );
    assert!(walls(&game).is_empty(), "then the wall");
    assert!(!game.can_undo());
}

#[test]
fn an_edit_of_a_maze_opens_a_gap_and_the_search_is_redone_on_the_new_map() {
    let mut solver = Requests::default();
    let mut game = RouteGame::on_map(Map::maze(10, 10, 3).unwrap());
    game.fit(600.0, 600.0);
    let (before_task, before) = search(&mut game, &mut solver);
    let before = before.found.unwrap();
    game.set_mode(Mode::Walls, &mut solver);
    let map = game.game().map().clone();
    // Erase a square in the middle: the maze's walls there go.
    let per = 600.0 / map.width() as f64;
    let (cx, cy) = (map.width() / 2, map.height() / 2);
    let wall = (0..map.width())
        .flat_map(|x| (0..map.height()).map(move |y| (x, y)))
        .filter(|&(x, y)| x.abs_diff(cx) < 10 && y.abs_diff(cy) < 10)
        .find(|&p| !map.grid.is_walkable(p))
        .expect("a maze has walls in its middle");
    let at = |p: Pixel| (p.0 as f64 * per + per / 2.0, p.1 as f64 * per + per / 2.0);
    let from = at(wall);
    game.pointer_down(from.0, from.1);
    game.lab_pointer_down(from);
    game.lab_pointer_move(at((wall.0 + 1, wall.1)));
    let to = at((wall.0 + 1, wall.1));
    game.pointer_up(to.0, to.1, 0.0, &mut solver);
    assert!(game.game().map().grid.is_walkable(wall));
    assert!(matches!(game.game().map().kind, MapKind::Drawn { .. }));
    let (after_task, after) = search(&mut game, &mut solver);
    let RouteMap::Grid { grid, .. } = &after_task.map else {
        panic!("a maze is searched across its pixels");
    };
    assert!(grid.is_walkable(wall));
    assert_ne!(after_task.map, before_task.map);
    assert!(after.found.unwrap().distance <= before.distance);
}

#[test]
fn an_edited_map_survives_a_save_and_saves_from_before_still_read() {
    let mut solver = Requests::default();
    let mut game = blank(64, &mut solver);
    drag(&mut game, &[(5, 10), (50, 40)], &mut solver);
    drag(&mut game, &[(63, 63), (60, 2)], &mut solver);
    let saved = game.save(0.0);
    let back = RouteGame::restore(&saved, 0.0).unwrap();
    assert_eq!(back.game().map().grid, game.game().map().grid);
    assert_eq!(back.game().map().kind, game.game().map().kind);
    assert_eq!(back.game().ends(), game.game().ends());
    let rules = game.game().write_rules().unwrap();
    assert!(rules.starts_with("drawn.64.64."), "{rules}");
    // A game with the walk's own search writes its rules as before the
    // lab, so older pages read them; and such rules read back here.
    let image = Map::image("plan.png", Grid::new(3, 2, vec![true; 6]).unwrap()).unwrap();
    let old = RouteGame::walking(image, Walk::Eight)
        .game()
        .write_rules()
        .unwrap();
    assert!(
        old.starts_with("image.3.2.") && old.contains(":8:octile:0-0:"),
        "{old}"
    );
    let rules = RouteFinding::read_rules(&old).unwrap();
    assert!(matches!(rules.map().kind, MapKind::Image { .. }));
    assert_eq!(rules.walk(), Walk::Eight);
}

#[test]
fn blank_maps_come_in_the_sizes_offered_and_no_others() {
    let mut solver = Requests::default();
    let mut game = RouteGame::on_map(Map::office());
    game.fit(600.0, 600.0);
    for side in slide::app::route::BLANK_SIDES {
        game.new_blank(side, &mut solver).unwrap();
        let map = game.game().map();
        assert_eq!((map.width(), map.height()), (side, side));
        assert!(walls(&game).is_empty());
        // Waypoints are the office's: a blank map is walked 8 ways.
        assert_eq!(game.game().walk(), Walk::Eight);
    }
    let error = game.new_blank(100, &mut solver).unwrap_err();
    assert_eq!(
        error,
        "a blank map is 32, 64, 128, 256 or 512 pixels a side, not 100"
    );
}

#[test]
fn walls_drawn_on_the_office_drop_the_waypoints_they_cover_and_walk_eight_ways() {
    let mut solver = Requests::default();
    let mut game = RouteGame::on_map(Map::office());
    game.fit(640.0, 400.0);
    assert_eq!(game.game().walk(), Walk::Waypoints);
    game.set_mode(Mode::Walls, &mut solver);
    assert_eq!(game.game().walk(), Walk::Eight);
    let graph = Map::office().waypoints.unwrap();
    let point = graph.point(1);
    let layout = *game.grid();
    let per = layout.width / game.game().map().width() as f64;
    let at = ((point.x + 0.5) * per, (point.y + 0.5) * per);
    game.pointer_down(at.0, at.1);
    game.lab_pointer_down(at);
    assert_eq!(game.ui().stroke.as_ref().unwrap().kind(), StrokeKind::Paint);
    game.pointer_up(at.0, at.1, 0.0, &mut solver);
    assert!(game.game().map().waypoints.is_none());
    assert!(matches!(
        &game.game().map().kind,
        MapKind::Drawn { name } if name == "office plan, edited"
    ));
}

#[test]
fn a_cancelled_pointer_drops_the_stroke_and_changes_nothing() {
    let mut solver = Requests::default();
    let mut game = blank(32, &mut solver);
    let first = css((5, 5));
    game.pointer_down(first.0, first.1);
    game.lab_pointer_down(first);
    game.lab_pointer_move(css((20, 5)));
    assert_eq!(game.ui().stroke.as_ref().unwrap().cells().len(), 16);
    game.lab_pointer_cancel();
    game.pointer_cancel();
    assert!(game.ui().stroke.is_none());
    assert!(walls(&game).is_empty());
}

#[test]
fn a_hint_leaves_drawing_walls_on_so_that_the_lab_paints_and_searches_in_turn() {
    let mut solver = Requests::default();
    let mut game = blank(32, &mut solver);
    let (_, first) = search(&mut game, &mut solver);
    assert_eq!(game.ui().mode, Mode::Walls);
    drag(&mut game, &[(16, 0), (16, 27)], &mut solver);
    let (_, second) = search(&mut game, &mut solver);
    assert!(second.found.unwrap().distance > first.found.unwrap().distance);
}

#[test]
fn the_largest_shared_moving_ai_maps_open_and_survive_a_save_within_its_limit() {
    for name in ["random512-10-0.map", "maze512-1-0.map", "Berlin_0_512.map"] {
        let text = common::moving_ai(name);
        let grid = slide::route::parse_map(&text).unwrap();
        let map = Map::opened(name, grid).unwrap();
        assert!(matches!(&map.kind, MapKind::Drawn { name: n } if n == name));
        let game = RouteGame::on_map(map);
        assert_eq!(game.game().walk(), Walk::Eight);
        let rules = game.game().write_rules().unwrap();
        assert!(
            rules.len() <= slide::app::route::IMAGE_SAVE_MAX_CHARS + 100,
            "{name}"
        );
        let back = RouteGame::restore(&game.save(0.0), 0.0).unwrap();
        assert_eq!(back.game().map().grid, game.game().map().grid, "{name}");
    }
}
