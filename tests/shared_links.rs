//! Links to a position: every game's link opens the same position, and a
//! damaged link is refused with a reason, as a typed position would be.

mod common;

use common::{press, Requests};
use slide::app::pegs::PegGame;
use slide::app::route::{Leg, Map, RouteGame, Walk};
use slide::app::share::Link;
use slide::app::sliding::{SlidingGame, SlidingPuzzle};
use slide::app::{Play, SaveFormat, Session};
use slide::pegs::{layout, Goal};
use slide::route::Grid;
use slide::sliding::Board;

/// Opens `link` as the page does: its `rules` and `board` values, read
/// back from the query.
fn open<G: SaveFormat>(link: &Link) -> Result<Session<G>, String> {
    let query = link.query();
    let value = |name: &str| {
        query
            .trim_start_matches('?')
            .split('&')
            .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
            .map(str::to_string)
    };
    assert_eq!(value("game").as_deref(), Some(G::ID));
    Session::<G>::open_link(value("rules").as_deref(), &value("board").unwrap())
}

#[test]
fn a_sliding_link_names_the_size_and_tiles_and_opens_the_same_board() {
    let mut game = SlidingGame::new(SlidingPuzzle, Board::shuffled(4, 4, 5).unwrap());
    let mut solver = Requests::default();
    press(&mut game, "ArrowLeft", &mut solver);
    let link = game.share_link().unwrap();
    let tiles: Vec<String> = game.state().tiles().iter().map(u8::to_string).collect();
    assert_eq!(
        link.query(),
        format!("?game=sliding&board=4x4:{}", tiles.join("."))
    );
    let opened = open::<SlidingPuzzle>(&link).unwrap();
    assert_eq!(opened.state(), game.state());
    assert_eq!(opened.moves(), 0, "a new game from the shared position");
    assert!(!opened.can_undo());
}

#[test]
fn a_peg_link_keeps_the_layout_the_goal_and_the_position() {
    let mut solver = Requests::default();
    let mut game = PegGame::of_layout(&layout("plus").unwrap());
    game.set_goal(Goal::AnyHole, &mut solver);
    let jump = game.state().jumps()[0];
    game.play(jump, 0.0).unwrap();
    let link = game.share_link().unwrap();
    assert!(link.query().starts_with("?game=pegs&rules=plus:any&board="));
    let opened = open::<slide::app::pegs::PegSolitaire>(&link).unwrap();
    assert_eq!(opened.state(), game.state());
    assert_eq!(opened.game().goal(), Goal::AnyHole);
    // The layout's own start opens as that layout.
    let fresh = PegGame::of_layout(&layout("plus").unwrap());
    let opened = open::<slide::app::pegs::PegSolitaire>(&fresh.share_link().unwrap()).unwrap();
    assert_eq!(opened.layout_id(), Some("plus"));
}

#[test]
fn a_route_link_opens_the_walk_so_far_with_its_legs_to_undo() {
    let mut solver = Requests::default();
    let mut game = RouteGame::on_map(Map::maze(10, 10, 42).unwrap());
    press(&mut game, "ArrowRight", &mut solver);
    press(&mut game, "ArrowDown", &mut solver);
    let link = game.share_link().unwrap();
    assert!(
        link.query()
            .starts_with("?game=route&rules=maze.10.10.42:4:manhattan:"),
        "{}",
        link.query()
    );
    let mut opened = open::<slide::app::route::RouteFinding>(&link).unwrap();
    assert_eq!(opened.state(), game.state());
    assert_eq!(opened.moves(), game.moves());
    assert!(opened.undo(0.0), "the walk's legs can be undone");
    // The office, walked by waypoints.
    let mut office = RouteGame::on_map(Map::office());
    let next = office
        .game()
        .map()
        .waypoints
        .as_ref()
        .unwrap()
        .neighbours(0)[0] as u32;
    office.play(Leg { to: next }, 0.0).unwrap();
    let opened = open::<slide::app::route::RouteFinding>(&office.share_link().unwrap()).unwrap();
    assert_eq!(opened.state(), office.state());
    assert_eq!(opened.game().walk(), Walk::Waypoints);
}

#[test]
fn a_map_from_the_players_image_cannot_be_shared_and_says_so() {
    let map = Map::image("plan.png", Grid::new(8, 8, vec![true; 64]).unwrap()).unwrap();
    let game = RouteGame::on_map(map);
    let error = game.share_link().unwrap_err();
    assert!(error.contains("cannot be shared"), "{error}");
}

#[test]
fn a_damaged_sliding_link_is_refused_with_the_reason_a_typed_board_gets() {
    let refused = |board: &str| SlidingGame::open_link(None, board).unwrap_err();
    assert_eq!(refused(""), "the link has no position");
    assert!(refused("4x4").contains("not a board"));
    assert!(
        refused("11x11:1.2").contains("11x11"),
        "{}",
        refused("11x11:1.2")
    );
    // The same reasons as "Type in a board" gives.
    for (board, typed) in [
        ("3x3:1.2.3.4.5.6.7.7.0", "1 2 3\n4 5 6\n7 7 0"),
        ("3x3:2.1.3.4.5.6.7.8.0", "2 1 3\n4 5 6\n7 8 0"),
        ("3x3:1.2.3.4.5.6.7.8.9", "1 2 3\n4 5 6\n7 8 9"),
    ] {
        let typed = Board::parse(typed).unwrap_err().to_string();
        // A typed board's reason may name its line as well.
        assert!(typed.ends_with(&refused(board)), "{board}: {typed}");
    }
    assert!(refused("3x3:1.2.3.4.5.6.7.8").contains("needs 9 tiles"));
    assert!(refused("3x3:1.2.x.4.5.6.7.8.0").contains("'x' is not a tile number"));
    assert!(SlidingGame::open_link(Some("anything"), "3x3:1.2.3.4.5.6.7.8.0").is_err());
}

#[test]
fn a_damaged_peg_or_route_link_is_refused_with_the_reason() {
    use slide::app::pegs::PegSolitaire;
    use slide::app::route::RouteFinding;
    let classic = "oooooooooooooooo.oooooooooooooooo";
    assert!(Session::<PegSolitaire>::open_link(Some("classic:16"), classic).is_ok());
    for (rules, board, why) in [
        (None, classic, "not peg-solitaire rules"),
        (Some("classic:16"), "ooo", "not a peg-solitaire position"),
        (Some("castle:16"), classic, "no layout called 'castle'"),
        (Some("classic:40"), classic, "not a goal"),
    ] {
        let error = Session::<PegSolitaire>::open_link(rules, board).unwrap_err();
        assert!(error.contains(why), "{rules:?} {board}: {error}");
    }
    let game = RouteGame::on_map(Map::maze(6, 6, 1).unwrap());
    let link = game.share_link().unwrap();
    let rules = link.rules.as_deref();
    assert!(Session::<RouteFinding>::open_link(rules, &link.board).is_ok());
    for (board, why) in [
        ("500,500", "not a place"),
        ("3,1", "begins at the start"),
        ("1,1.1,2.9,2", "leg 2"),
    ] {
        let error = Session::<RouteFinding>::open_link(rules, board).unwrap_err();
        assert!(error.contains(why), "{board}: {error}");
    }
    let error = Session::<RouteFinding>::open_link(Some("maze.6.6"), "1,1").unwrap_err();
    assert!(error.contains("not route rules"), "{error}");
}

#[test]
fn a_link_needs_no_escaping_and_escapes_what_would_break_it() {
    let link = Link {
        game: "sliding".into(),
        rules: Some("a b&c".into()),
        board: "3x3:1.2".into(),
    };
    assert_eq!(link.query(), "?game=sliding&rules=a%20b%26c&board=3x3:1.2");
}
