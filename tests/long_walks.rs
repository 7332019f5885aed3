//! Walks as long as a save or a link can make them: nothing that reads,
//! replays, compares or drops a walk recurses along it, so a walk of a
//! million legs loads (a walk of 20,000 once overflowed the WebAssembly
//! stack and kept the page from starting at every reload), and a save of
//! the largest size the page reads loads.

use slide::app::address::MAX_QUERY_CHARS;
use slide::app::route::{Leg, Map, RouteFinding, RouteGame};
use slide::app::save::MAX_SAVE_BYTES;
use slide::app::{Play, SaveFormat, Session};

/// The office game and two waypoints joined by a leg: the start and the
/// first waypoint of the shortest route.
fn office_and_leg() -> (RouteGame, u32, u32) {
    let game = RouteGame::on_map(Map::office());
    let shortest = game
        .game()
        .shortest()
        .expect("the office has a route")
        .clone();
    (game, shortest.places[0], shortest.places[1])
}

/// A walk of `legs` legs back and forth between `a` (the start) and `b`,
/// as a link's position writes it.
fn back_and_forth(a: u32, b: u32, legs: usize) -> String {
    let mut places = vec![a.to_string()];
    for leg in 0..legs {
        places.push(if leg % 2 == 0 { b } else { a }.to_string());
    }
    places.join(".")
}

/// Runs `f` on a thread with the stack a browser's WebAssembly has (1 MB,
/// less than a test thread's 2 MB), so that a recursion along the walk
/// would overflow here too.
fn on_a_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("the thread ran to its end (its panic, if any, is printed above)")
}

#[test]
fn a_route_walk_of_a_million_legs_opens_from_a_link_and_is_dropped() {
    on_a_small_stack(|| {
        let (game, a, b) = office_and_leg();
        let rules = game.game().write_rules().unwrap();
        let board = back_and_forth(a, b, 1_000_000);
        let opened = Session::<RouteFinding>::open_link(Some(&rules), &board)
            .expect("a long walk is a walk");
        assert_eq!(opened.moves(), 1_000_000);
        assert_eq!(opened.state().places().len(), 1_000_001);
        // Undo steps back through the million positions' history.
        let mut back = opened.clone();
        assert!(back.undo(0.0));
        assert_eq!(back.moves(), 999_999);
        // Comparing and printing walk along it too.
        assert_ne!(back.state(), opened.state());
        assert!(format!("{:?}", back.state()).len() > 1_000_000);
        drop(opened);
        drop(back);
    });
}

#[test]
fn a_long_walk_is_saved_and_read_back_without_recursing() {
    on_a_small_stack(|| {
        let (mut game, a, b) = office_and_leg();
        for leg in 0..200_000 {
            let to = if leg % 2 == 0 { b } else { a };
            game.play(Leg { to }, 0.0).unwrap();
        }
        let text = game.save(0.0);
        assert!(text.len() < MAX_SAVE_BYTES, "{} bytes", text.len());
        let back = Session::<RouteFinding>::restore(&text, 0.0).unwrap();
        assert_eq!(back.moves(), 200_000);
        assert_eq!(back.state(), game.state());
    });
}

/// A save of about `bytes` bytes: a route walked back and forth, whose
/// first step kept is written whole (`gap`).
fn save_of_about(bytes: usize) -> String {
    let (game, a, b) = office_and_leg();
    let rules = game.game().write_rules().unwrap();
    let template = |legs: usize| {
        format!(
            "slide-save 1 route\nrules {rules}\nspeed 6\nclock none\nstart {a}\ngap {legs} {} {}\nat 1\n",
            back_and_forth(a, b, legs),
            if legs % 2 == 0 { a } else { b }
        )
    };
    // Each leg writes two or three characters: find the most legs that fit.
    let per_leg = (template(1000).len() - template(0).len()) as f64 / 1000.0;
    let mut legs = ((bytes - template(0).len()) as f64 / per_leg) as usize;
    while template(legs).len() > bytes {
        legs -= 1;
    }
    // Blank lines are skipped: they make up the last few bytes.
    let text = template(legs);
    let padding = "\n".repeat(bytes - text.len());
    text + &padding
}

#[test]
fn a_save_of_the_largest_size_read_loads_and_one_byte_more_is_refused_by_its_size() {
    on_a_small_stack(|| {
        let largest = save_of_about(MAX_SAVE_BYTES);
        assert_eq!(largest.len(), MAX_SAVE_BYTES);
        let game = Session::<RouteFinding>::restore(&largest, 0.0)
            .unwrap_or_else(|e| panic!("the largest save loads: {e}"));
        assert!(game.state().places().len() > 300_000);

        let mut too_long = largest.clone();
        too_long.push_str(&" ".repeat(MAX_SAVE_BYTES + 1 - largest.len()));
        let refused = Session::<RouteFinding>::restore(&too_long, 0.0).unwrap_err();
        assert_eq!(
            refused,
            "the save is 1,000,001 bytes long, more than the 1,000,000 a save may take"
        );
    });
}

#[test]
fn a_link_of_the_longest_address_read_opens() {
    on_a_small_stack(|| {
        let (game, a, b) = office_and_leg();
        let rules = game.game().write_rules().unwrap();
        let overhead = format!("?game=route&rules={rules}&board=").len();
        let mut legs = (MAX_QUERY_CHARS - overhead) / 2;
        while back_and_forth(a, b, legs).len() + overhead > MAX_QUERY_CHARS {
            legs -= 1;
        }
        let board = back_and_forth(a, b, legs);
        let query = format!("?game=route&rules={rules}&board={board}");
        assert!(slide::app::address::check_query(&query).is_ok());
        let opened = Session::<RouteFinding>::open_link(Some(&rules), &board).unwrap();
        assert_eq!(opened.moves() as usize, legs);
        assert!(slide::app::address::check_query(&format!("{query}.{a}")).is_err());
    });
}
