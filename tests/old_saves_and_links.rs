//! Saves and links made by an earlier build (tests/fixtures/old_saves_and_links,
//! written before issue 21's rework) still open: each game's id, the key
//! its save is kept under, its save format and its link words are read as
//! they were written, so that renaming a game, or changing its words,
//! without reading the old ones is caught here.

use std::path::Path;

use slide::app::pegs::PegSolitaire;
use slide::app::route::RouteFinding;
use slide::app::sliding::SlidingPuzzle;
use slide::app::startup::save_key;
use slide::app::{Play, SaveFormat, Session};

const FIXTURES: &str = "tests/fixtures/old_saves_and_links";

/// One line of `links.txt`: the browser key, the save's name, the query.
struct Fixture {
    key: String,
    name: String,
    query: String,
}

fn fixtures() -> Vec<Fixture> {
    let text = std::fs::read_to_string(Path::new(FIXTURES).join("links.txt")).unwrap();
    text.lines()
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let mut next = || parts.next().expect("three fields a line").to_string();
            Fixture {
                key: next(),
                name: next(),
                query: next(),
            }
        })
        .collect()
}

/// A query's value of `name`, as the page reads it (the fixtures' values
/// need no unescaping).
fn value(query: &str, name: &str) -> Option<String> {
    query
        .trim_start_matches('?')
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
        .map(str::to_string)
}

/// Opens every fixture of game `G` (those whose link names `G::ID`) as the
/// page would, and checks it reads back to the very words it was written
/// in; returns how many it opened.
fn open_all<G: SaveFormat>() -> usize
where
    G::State: PartialEq + std::fmt::Debug,
{
    let mut opened = 0;
    for fixture in fixtures() {
        if value(&fixture.query, "game").as_deref() != Some(G::ID) {
            continue;
        }
        assert_eq!(
            save_key(G::ID),
            fixture.key,
            "{}: the browser key",
            fixture.name
        );
        let path = Path::new(FIXTURES).join(format!("{}.save", fixture.name));
        let text = std::fs::read_to_string(&path).unwrap();
        let saved = Session::<G>::restore(&text, 0.0)
            .unwrap_or_else(|e| panic!("{}: the save is refused: {e}", fixture.name));
        assert_eq!(
            saved.save(0.0),
            text,
            "{}: the save reads back to itself",
            fixture.name
        );
        let linked = Session::<G>::open_link(
            value(&fixture.query, "rules").as_deref(),
            &value(&fixture.query, "board").expect("a position"),
        )
        .unwrap_or_else(|e| panic!("{}: the link is refused: {e}", fixture.name));
        assert_eq!(
            linked.state(),
            saved.state(),
            "{}: the link's position",
            fixture.name
        );
        assert_eq!(
            linked.share_link().unwrap().query(),
            fixture.query,
            "{}: the link reads back to itself",
            fixture.name
        );
        opened += 1;
    }
    opened
}

#[test]
fn saves_and_links_made_before_the_rework_open_in_every_game() {
    let sliding = open_all::<SlidingPuzzle>();
    let pegs = open_all::<PegSolitaire>();
    let route = open_all::<RouteFinding>();
    assert_eq!((sliding, pegs, route), (2, 1, 2));
    // Every fixture belongs to a game of today's: an id renamed leaves its
    // old saves to no game.
    assert_eq!(sliding + pegs + route, fixtures().len());
}

#[test]
fn an_old_save_keeps_its_moves_undo_and_speed() {
    let text = std::fs::read_to_string(Path::new(FIXTURES).join("sliding-4x4.save")).unwrap();
    let mut game = Session::<SlidingPuzzle>::restore(&text, 0.0).unwrap();
    assert_eq!(game.speed(), 12.0);
    assert!(game.can_redo(), "the move undone before saving");
    let moves = game.moves();
    assert!(moves > 0);
    assert!(game.undo(0.0));
    assert!(game.moves() < moves);
}
