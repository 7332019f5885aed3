//! Games kept between visits: every game's save reads back to the same
//! game (rules, history, undo and redo, moves, clock, speed), and damaged,
//! old or foreign saves are refused with a reason.

mod common;

use common::{press, Requests};
use slide::app::game::Game;
use slide::app::pegs::{PegGame, PegSolitaire};
use slide::app::route::{Map, RouteFinding, RouteGame, Walk};
use slide::app::save::{read_runs, write_runs, MAX_STEPS};
use slide::app::sliding::{SlidingGame, SlidingPuzzle};
use slide::app::{Play, SaveFormat, Session};
use slide::pegs::{layout, Goal};
use slide::route::Grid;
use slide::sliding::{Board, Dir, Move};

/// Checks that `game` read back from its save is the same game: rules,
/// position, history (undo and redo), moves and speed.
fn assert_round_trip<G: SaveFormat>(game: &Session<G>, now: f64) -> Session<G>
where
    G::State: PartialEq,
{
    let text = game.save(now);
    let back = Session::<G>::restore(&text, now).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.save(now), text, "the save reads back to itself");
    assert_eq!(back.state(), game.state());
    assert_eq!(back.start(), game.start());
    assert_eq!(back.moves(), game.moves());
    assert_eq!(back.speed(), game.speed());
    assert_eq!(back.can_undo(), game.can_undo());
    assert_eq!(back.can_redo(), game.can_redo());
    back
}

#[test]
fn a_sliding_game_comes_back_with_its_moves_history_redo_and_speed() {
    let mut solver = Requests::default();
    let mut game = SlidingGame::new(SlidingPuzzle, Board::shuffled(4, 4, 7).unwrap());
    game.set_speed(12.0);
    for (i, key) in ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowUp", "ArrowLeft"]
        .iter()
        .enumerate()
    {
        game.key(common::board_key(key), 1000.0 * i as f64, &mut solver);
    }
    game.undo(5000.0);
    let moves = game.moves();
    let mut back = assert_round_trip(&game, 6000.0);
    assert_eq!(back.speed(), 12.0);
    // Undo and redo walk the same positions as the game saved.
    let mut original = game.clone();
    while original.undo(7000.0) {
        assert!(back.undo(7000.0));
        assert_eq!(back.state(), original.state());
        assert_eq!(back.moves(), original.moves());
    }
    assert!(!back.undo(7000.0));
    while original.redo(8000.0) {
        assert!(back.redo(8000.0));
        assert_eq!(back.state(), original.state());
    }
    assert!(back.moves() > moves, "the undone move was redone");
}

#[test]
fn a_run_of_tiles_slid_together_is_one_step_counting_each_tile() {
    let mut game = SlidingGame::new(SlidingPuzzle, Board::solved(4, 4).unwrap());
    // The blank is bottom right: tile 13 slides 14 and 15 along with it.
    game.play(Move::Slide(13), 0.0).unwrap();
    assert_eq!(game.moves(), 3);
    let back = assert_round_trip(&game, 0.0);
    assert_eq!(back.moves(), 3);
}

#[test]
fn the_clock_comes_back_stopped_at_its_time_and_counts_on_at_the_next_move() {
    let mut game = SlidingGame::new(SlidingPuzzle, Board::shuffled(3, 3, 2).unwrap());
    let mut solver = Requests::default();
    assert!(game.save(0.0).contains("clock none"));
    press(&mut game, "ArrowLeft", &mut solver);
    press(&mut game, "ArrowUp", &mut solver);
    // The first move started the clock at 0; 65 s later the page saves.
    let text = game.save(65_000.0);
    let mut back = SlidingGame::restore(&text, 1_000_000.0).unwrap();
    assert_eq!(back.status(1_000_000.0).time, "1:05");
    assert!(!back.is_clock_running(), "paused until the player moves");
    assert_eq!(back.status(1_500_000.0).time, "1:05");
    back.key(common::board_key("ArrowDown"), 1_500_000.0, &mut solver);
    assert!(back.is_clock_running());
    assert_eq!(back.status(1_510_000.0).time, "1:15");
}

#[test]
fn a_peg_game_comes_back_with_its_layout_goal_and_jumps() {
    let mut solver = Requests::default();
    let mut game = PegGame::of_layout(&layout("classic").unwrap());
    game.set_goal(Goal::AnyHole, &mut solver);
    let jumps = game.state().jumps();
    game.play(jumps[0], 0.0).unwrap();
    let next = game.state().jumps()[1];
    game.play(next, 100.0).unwrap();
    let back = assert_round_trip(&game, 200.0);
    assert_eq!(back.game().goal(), Goal::AnyHole);
    assert_eq!(back.layout_id(), Some("classic"));
    assert_eq!(back.moves(), 2);
}

#[test]
fn an_edited_peg_start_and_a_restart_are_kept() {
    let mut solver = Requests::default();
    let mut game = PegGame::of_layout(&layout("cross").unwrap());
    // An edit starts a new game from the edited position.
    let edited = slide::pegs::parse("... .o. ..ooo.. ...o... ...o... ... ..o").unwrap();
    game.new_game(edited, &mut solver);
    let jump = game.state().jumps()[0];
    game.play(jump, 0.0).unwrap();
    game.restart(10.0, &mut solver);
    assert_eq!(game.state(), &edited);
    let mut back = assert_round_trip(&game, 20.0);
    assert_eq!(back.layout_id(), None, "the player's own start");
    assert!(back.undo(30.0), "the restart is a step undo takes back");
    assert_eq!(back.moves(), 1);
}

fn office() -> RouteGame {
    RouteGame::on_map(Map::office())
}

#[test]
fn a_route_walk_comes_back_on_the_office_and_on_a_maze() {
    let mut solver = Requests::default();
    let mut game = office();
    let rules = game.game().clone();
    let shortest = rules.shortest().unwrap().clone();
    for &place in &shortest.places[1..3] {
        game.play(slide::app::route::Leg { to: place }, 0.0)
            .unwrap();
    }
    let back = assert_round_trip(&game, 0.0);
    assert_eq!(back.state().travelled(), game.state().travelled());
    assert_eq!(back.game().walk(), Walk::Waypoints);

    let mut maze = RouteGame::on_map(Map::maze(8, 8, 11).unwrap());
    maze.set_heuristic(slide::route::Heuristic::Zero, &mut solver);
    press(&mut maze, "ArrowRight", &mut solver);
    press(&mut maze, "ArrowDown", &mut solver);
    let back = assert_round_trip(&maze, 0.0);
    assert_eq!(back.game().heuristic(), slide::route::Heuristic::Zero);
    assert_eq!(back.game().map().kind, maze.game().map().kind);
}

#[test]
fn edited_waypoints_and_moved_ends_are_kept() {
    let mut solver = Requests::default();
    let mut game = office();
    // Three of the office's waypoints in a row, as the player's own.
    let graph = game.game().map().waypoints.clone().unwrap();
    let first = graph.neighbours(0)[0];
    let second = *graph.neighbours(first).iter().find(|&&n| n != 0).unwrap();
    let point = |i: usize| graph.point(i);
    let nodes = format!(
        "{} {} 1\n{} {} 0 2\n{} {} 1\n",
        point(0).x,
        point(0).y,
        point(first).x,
        point(first).y,
        point(second).x,
        point(second).y
    );
    game.load_nodes(&nodes, &mut solver).unwrap();
    let back = assert_round_trip(&game, 0.0);
    assert_eq!(
        back.game().map().waypoints.as_ref().unwrap().len(),
        3,
        "the edited waypoints, not the office's"
    );
    assert_eq!(back.game().ends(), game.game().ends());
    // The office's own waypoints are not written out.
    assert!(
        office()
            .save(0.0)
            .lines()
            .nth(1)
            .unwrap()
            .split(':')
            .count()
            == 5
    );
}

#[test]
fn a_map_from_an_image_keeps_its_walls() {
    let mut walkable = vec![true; 30 * 20];
    for y in 0..15 {
        walkable[y * 30 + 10] = false;
    }
    let map = Map::image("my plan (1).png", Grid::new(30, 20, walkable).unwrap()).unwrap();
    let mut game = RouteGame::walking(map, Walk::Eight);
    let mut solver = Requests::default();
    press(&mut game, "ArrowDown", &mut solver);
    let back = assert_round_trip(&game, 0.0);
    assert_eq!(back.game().map().grid, game.game().map().grid);
    assert_eq!(back.game().map().kind, game.game().map().kind);
}

#[test]
fn bitmap_runs_read_back_and_wrong_counts_are_refused() {
    let bits: Vec<bool> = (0..1000).map(|i| (i / 7) % 3 == 0 || i % 97 == 0).collect();
    let text = write_runs(bits.iter().copied());
    assert_eq!(read_runs(&text, bits.len()).unwrap(), bits);
    assert!(read_runs(&text, bits.len() + 1).is_err());
    assert!(read_runs("zzzzzzzzzzzzzz", 10).is_err());
    assert!(read_runs("3-x", 10).is_err());
}

#[test]
fn a_long_history_keeps_only_its_last_steps_and_still_reads_back() {
    let mut game = SlidingGame::new(SlidingPuzzle, Board::solved(3, 3).unwrap());
    let mut solver = Requests::default();
    for i in 0..(MAX_STEPS + 300) {
        let key = if i % 2 == 0 { "ArrowDown" } else { "ArrowUp" };
        press(&mut game, key, &mut solver);
    }
    let text = game.save(0.0);
    assert!(text.lines().count() < MAX_STEPS + 10, "bounded");
    assert!(text.contains("\ngap "));
    let mut back = SlidingGame::restore(&text, 0.0).unwrap();
    assert_eq!(back.state(), game.state());
    assert_eq!(back.moves(), game.moves());
    let mut steps = 0;
    while back.undo(0.0) {
        steps += 1;
    }
    assert_eq!(steps, MAX_STEPS + 1, "the kept steps, then the start");
    assert_eq!(back.state(), game.start());
}

fn sliding_save() -> String {
    let mut game = SlidingGame::new(SlidingPuzzle, Board::shuffled(3, 3, 9).unwrap());
    game.play(Move::Push(Dir::Left), 0.0)
        .or_else(|_| game.play(Move::Push(Dir::Right), 0.0))
        .unwrap();
    game.save(0.0)
}

#[test]
fn a_damaged_save_is_refused_with_a_reason() {
    let refused = |text: &str| SlidingGame::restore(text, 0.0).unwrap_err();
    assert_eq!(refused(""), "the save is empty");
    assert_eq!(refused("{\"tiles\": [1,2,3]}"), "this is not a saved game");
    let good = sliding_save();
    // Each line damaged in turn.
    let damaged = good.replace("rules ", "rules nonsense");
    assert!(
        refused(&damaged).contains("no rules"),
        "{}",
        refused(&damaged)
    );
    let damaged = good.replace("speed 6", "speed fast");
    assert!(refused(&damaged).contains("'fast' is not a speed"));
    let damaged = good.replace("clock ", "clock x");
    assert!(refused(&damaged).contains("not a time"));
    let damaged = good.replace("start 3x3:", "start 3x3:9.");
    assert!(
        refused(&damaged).contains("the start"),
        "{}",
        refused(&damaged)
    );
    let damaged = good.replace("\nat 1", "\nat 7");
    assert!(
        refused(&damaged).contains("not a step"),
        "{}",
        refused(&damaged)
    );
    let damaged = good.replace("\nat 1\n", "\n");
    assert_eq!(refused(&damaged), "the save ends before its 'at' line");
    let damaged = good.replace("\nat 1", "\nsurprise\nat 1");
    assert!(refused(&damaged).contains("'surprise' is not a save entry"));
    // Cut short anywhere, it is refused, never read wrong.
    for cut in 0..good.len() {
        let _ = SlidingGame::restore(&good[..cut], 0.0);
    }
}

#[test]
fn a_history_with_an_illegal_move_is_refused() {
    let mut game = SlidingGame::new(SlidingPuzzle, Board::solved(3, 3).unwrap());
    game.play(Move::Slide(8), 0.0).unwrap();
    let good = game.save(0.0);
    assert!(good.contains("\nmove 8\n"), "{good}");
    // Tile 1 is nowhere near the blank.
    let illegal = good.replace("\nmove 8\n", "\nmove 1\n");
    let error = SlidingGame::restore(&illegal, 0.0).unwrap_err();
    assert!(error.contains("the move '1' is not legal"), "{error}");
    // A peg jump over an empty hole.
    let pegs = PegGame::of_layout(&layout("classic").unwrap());
    let text = pegs.save(0.0).replace("at 0", "move 0-2\nat 1");
    let error = PegGame::restore(&text, 0.0).unwrap_err();
    assert!(error.contains("not legal"), "{error}");
    // A route leg through walls.
    let text = office().save(0.0).replace("at 0", "move 9999\nat 1");
    assert!(RouteGame::restore(&text, 0.0).is_err());
}

#[test]
fn an_old_version_or_another_games_save_is_refused() {
    let good = sliding_save();
    let old = good.replacen("slide-save 1", "slide-save 0", 1);
    assert_eq!(
        SlidingGame::restore(&old, 0.0).unwrap_err(),
        "the save is of version '0', and this version of the game reads version 1"
    );
    assert_eq!(
        PegGame::restore(&good, 0.0).unwrap_err(),
        "the save is of the game 'sliding', not 'pegs'"
    );
    let pegs = PegGame::of_layout(&layout("t").unwrap()).save(0.0);
    assert!(RouteGame::restore(&pegs, 0.0).is_err());
    let damaged = pegs.replace("rules t:16", "rules nowhere:16");
    assert_eq!(
        PegGame::restore(&damaged, 0.0).unwrap_err(),
        "line 2: there is no layout called 'nowhere'"
    );
}

#[test]
fn route_rules_that_do_not_fit_the_map_are_refused() {
    let good = RouteGame::on_map(Map::maze(6, 6, 3).unwrap()).save(0.0);
    let rules = good.lines().nth(1).unwrap().trim_start_matches("rules ");
    assert!(RouteFinding::read_rules(rules).is_ok());
    for (bad, why) in [
        (rules.replace("maze.6.6.3", "castle"), "not a map"),
        (rules.replace(":4:", ":5:"), "not a way to walk"),
        (rules.replace(":4:", ":waypoints:"), "no waypoints"),
        (rules.replace("manhattan", "psychic"), "not an estimate"),
        (rules.replace(":1,1-", ":0,0-"), "on a wall"),
    ] {
        let error = RouteFinding::read_rules(&bad).unwrap_err();
        assert!(error.contains(why), "{bad}: {error}");
    }
}

#[test]
fn a_game_that_cannot_be_kept_says_why_when_read() {
    // A photograph-like image: its runs are too many to keep.
    let (width, height) = (600, 500);
    let walkable: Vec<bool> = (0..width * height)
        .map(|i| (i % width + i / width) % 2 == 0)
        .collect();
    let map = Map::image("noise.png", Grid::new(width, height, walkable).unwrap()).unwrap();
    let game = RouteGame::walking(map, Walk::Eight);
    let text = game.save(0.0);
    assert!(text.len() < 200, "nothing but the reason is written");
    let error = RouteGame::restore(&text, 0.0).unwrap_err();
    assert!(error.contains("too detailed to keep"), "{error}");
    // The rules of a peg game are not a route's.
    assert!(PegSolitaire::read_rules("classic:16").is_ok());
    assert!(PegSolitaire::read_rules("classic:99").is_err());
    assert!(SlidingPuzzle.read_state("3x3:1.2.3.4.5.6.7.8.0").is_ok());
    assert!(SlidingPuzzle
        .apply(&Board::solved(3, 3).unwrap(), Move::Slide(1))
        .is_err());
}

#[test]
fn a_clock_beyond_99_59_59_reads_back_as_99_59_59() {
    let mut game = SlidingGame::new(SlidingPuzzle, Board::shuffled(3, 3, 2).unwrap());
    let mut solver = Requests::default();
    press(&mut game, "ArrowLeft", &mut solver);
    let text = game.save(1000.0);
    let clock = text.lines().find(|l| l.starts_with("clock ")).unwrap();
    for far in ["1e22", "360000000", "1.7976931348623157e308"] {
        let damaged = text.replace(clock, &format!("clock {far}"));
        let back = SlidingGame::restore(&damaged, 0.0).unwrap();
        assert_eq!(back.status(0.0).time, "99:59:59", "{far}");
    }
    let within = text.replace(clock, "clock 359999000");
    assert_eq!(
        SlidingGame::restore(&within, 0.0).unwrap().status(0.0).time,
        "99:59:59"
    );
}

#[test]
fn a_damaged_save_quotes_at_most_a_few_dozen_characters_of_it() {
    let huge = "9".repeat(900_000);
    let save = sliding_save();
    let speed = save.lines().find(|l| l.starts_with("speed ")).unwrap();
    let text = save.replace(speed, &format!("speed {huge}"));
    let reason = SlidingGame::restore(&text, 0.0).unwrap_err();
    assert!(reason.len() < 100, "{reason}");
    assert!(
        reason.contains(&format!("'{}…'", "9".repeat(40))),
        "{reason}"
    );
}
