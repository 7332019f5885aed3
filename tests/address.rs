//! The page's address: every parameter the page cannot honour as written
//! says so in one sentence, stated limits are clamped rather than ignored,
//! and an address too long to read is refused by its length.

use slide::app::address::{
    check_query, cut_link, game_shown, layout, map, seed, size, unknown_game, unread, walk,
    MapChoice, MAX_QUERY_CHARS,
};
use slide::app::route::Walk;
use slide::pegs;

#[test]
fn a_game_that_does_not_exist_is_named_with_what_is_shown_instead() {
    assert_eq!(
        unknown_game("PEGS", "sliding puzzle", true),
        "There is no game called 'PEGS'; showing your sliding puzzle."
    );
    assert_eq!(
        unknown_game(&"x".repeat(1_000_000), "peg solitaire", false),
        format!(
            "There is no game called '{}…'; showing a new peg solitaire.",
            "x".repeat(40)
        )
    );
}

#[test]
fn sizes_are_clamped_to_the_boards_there_are() {
    let read = size("10000x10000", (4, 4));
    assert_eq!(read.value, (10, 10));
    assert_eq!(
        read.note.as_deref(),
        Some("Boards are 2 to 10 tiles a side, so '10000x10000' became 10x10.")
    );
    assert_eq!(size("1x3", (4, 4)).value, (2, 3));
    assert_eq!(
        size("99999999999999999999999999999999999999999x5", (4, 4)).value,
        (10, 5)
    );
    let fine = size("3x4", (4, 4));
    assert_eq!((fine.value, fine.note), ((3, 4), None));
    let bad = size("huge", (4, 4));
    assert_eq!(bad.value, (4, 4));
    assert_eq!(
        bad.note.as_deref(),
        Some("The size 'huge' is not written WxH (such as 4x4), so a 4x4 is dealt.")
    );
    assert!(size("1e400x3", (4, 4)).note.is_some());
}

#[test]
fn a_seed_that_is_not_a_whole_number_that_fits_deals_at_random_and_says_so() {
    assert_eq!(seed("42").value, Some(42));
    assert_eq!(seed("42").note, None);
    for text in ["1e400", "-1", "18446744073709551616", "4.5", ""] {
        let read = seed(text);
        assert_eq!(read.value, None, "{text}");
        assert!(
            read.note.unwrap().contains("so the deal is random"),
            "{text}"
        );
    }
}

#[test]
fn maze_sizes_are_clamped_to_the_mazes_offered() {
    let sizes = [10, 20, 40];
    let huge = map("maze-100000", &sizes);
    assert_eq!(huge.value, MapChoice::Maze(40));
    assert_eq!(
        huge.note.as_deref(),
        Some("Mazes here are 10 to 40 cells a side (maze-10, maze-20, maze-40), so 'maze-100000' shows the 40 by 40 maze.")
    );
    assert_eq!(map("maze-3", &sizes).value, MapChoice::Maze(10));
    assert_eq!(map("maze-18", &sizes).value, MapChoice::Maze(20));
    assert_eq!(map("maze-20", &sizes).note, None);
    assert_eq!(map("office", &sizes).value, MapChoice::Office);
    let unknown = map("moon", &sizes);
    assert_eq!(unknown.value, MapChoice::Office);
    assert_eq!(
        unknown.note.as_deref(),
        Some("There is no map called 'moon'; showing the office.")
    );
}

#[test]
fn a_way_to_walk_that_does_not_exist_names_those_that_do() {
    assert_eq!(walk("8").value, Some(Walk::Eight));
    let read = walk("99");
    assert_eq!(read.value, None);
    assert_eq!(
        read.note.as_deref(),
        Some("There is no way to walk called '99' (there are 'waypoints', '4', '8', 'any'); walking the map's own way.")
    );
}

#[test]
fn a_layout_is_found_by_its_id_or_name_in_any_case_or_said_to_be_missing() {
    let classic = pegs::layout("classic").unwrap();
    let t = layout("T", classic);
    assert_eq!(t.value.id, pegs::layout("t").unwrap().id);
    assert_eq!(t.note, None);
    let missing = layout("hexagon", classic);
    assert_eq!(missing.value.id, "classic");
    assert_eq!(
        missing.note.as_deref(),
        Some("There is no peg layout called 'hexagon'; showing the classic game.")
    );
}

#[test]
fn a_link_cut_before_its_position_and_names_not_read_are_said() {
    assert_eq!(
        cut_link(true),
        "The link has no position (it may have been cut short); showing your saved game."
    );
    assert_eq!(
        unread(["game", "rules", "boa"], &["game", "rules", "board"]).as_deref(),
        Some("The address's 'boa' is not something the page reads, so it was ignored.")
    );
    assert_eq!(unread(["game", "board"], &["game", "board"]), None);
}

#[test]
fn an_address_too_long_to_read_is_refused_by_its_length() {
    assert!(check_query(&"a".repeat(MAX_QUERY_CHARS)).is_ok());
    let refused = check_query(&format!("?board={}", "1".repeat(1_000_000))).unwrap_err();
    assert_eq!(
        refused,
        "The address is 1,000,007 characters long, more than the 200,000 the page reads, so it was ignored."
    );
}

#[test]
fn a_link_with_a_games_own_parameters_shows_that_game_whatever_was_shown_last() {
    let games: [(&str, &[&str]); 3] = [
        ("sliding", &["size", "seed"]),
        ("pegs", &["layout"]),
        ("route", &["map", "moves"]),
    ];
    // The README's short link after pegs or Route was the last game shown.
    assert_eq!(
        game_shown(&games, &["size", "seed"], None, None, Some("pegs")),
        0
    );
    assert_eq!(game_shown(&games, &["seed"], None, None, Some("route")), 0);
    assert_eq!(game_shown(&games, &["map"], None, None, Some("sliding")), 2);
    assert_eq!(
        game_shown(&games, &["layout"], None, None, Some("route")),
        1
    );
    // Without a game's parameters, the game shown last comes back.
    assert_eq!(game_shown(&games, &[], None, None, Some("route")), 2);
    assert_eq!(game_shown(&games, &[], None, None, None), 0);
    assert_eq!(game_shown(&games, &[], None, None, Some("chess")), 0);
    // A game named, or the game of a shared position, wins over them.
    assert_eq!(
        game_shown(&games, &["size"], Some("route"), None, Some("pegs")),
        2
    );
    assert_eq!(
        game_shown(&games, &["size"], None, Some("pegs"), Some("route")),
        1
    );
    // A game named that does not exist falls back on the parameters.
    assert_eq!(
        game_shown(&games, &["size"], Some("chess"), None, Some("pegs")),
        0
    );
}
