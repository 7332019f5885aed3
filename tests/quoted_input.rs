//! Messages that quote input quote a few dozen characters of it, with an
//! ellipsis, and show the characters that print as nothing: a megabyte
//! `board=` or token is never echoed back whole.
// Runs the command line, which the WebAssembly build has not.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::slide;
use slide::app::pegs::PegSolitaire;
use slide::app::route::RouteFinding;
use slide::app::sliding::SlidingPuzzle;
use slide::app::Session;
use slide::quote::{quote, QUOTE_CHARS};
use slide::route::parse_nodes;
use slide::sliding::Board;

/// The longest message a quoted megabyte may make.
const SHORT: usize = 200;

#[test]
fn quote_cuts_to_forty_characters_and_shows_invisible_ones() {
    assert_eq!(QUOTE_CHARS, 40);
    assert_eq!(quote("4x4"), "'4x4'");
    assert_eq!(quote(&"é".repeat(40)), format!("'{}'", "é".repeat(40)));
    assert_eq!(quote(&"é".repeat(41)), format!("'{}…'", "é".repeat(40)));
    assert_eq!(quote("a\nb\tc\r"), "'a\\nb\\tc\\r'");
    assert_eq!(quote("\u{feff}27"), "'\\u{feff}27'");
    assert_eq!(quote("\u{202e}evil\u{200b}"), "'\\u{202e}evil\\u{200b}'");
    assert_eq!(quote("\u{1b}[2J"), "'\\u{1b}[2J'");
}

#[test]
fn a_quote_of_invisible_characters_is_no_longer_than_one_of_letters() {
    // Each written out counts as the characters it is written with: forty
    // byte-order marks once made a quote of 322 characters, and a message
    // of over 400 (found by `make fuzz`).
    assert_eq!(
        quote(&"\u{feff}".repeat(100)),
        format!("'{}…'", "\\u{feff}".repeat(5))
    );
    assert_eq!(quote(&"\n".repeat(20)), format!("'{}'", "\\n".repeat(20)));
    assert_eq!(quote(&"\n".repeat(21)), format!("'{}…'", "\\n".repeat(20)));
    // An escape that would pass the limit is left out whole, not cut.
    assert_eq!(
        quote(&format!("{}\u{200b}", "a".repeat(35))),
        format!("'{}…'", "a".repeat(35))
    );
    for text in [
        "\u{feff}".repeat(1000),
        "\u{10ffff}".repeat(1000),
        "\t".repeat(1000),
        format!("a{}", "\u{202e}".repeat(1000)),
    ] {
        let quoted = quote(&text);
        assert!(quoted.chars().count() <= QUOTE_CHARS + 3, "{quoted}");
    }
    let size_line = format!("\n{}\n1 2 3\n4 5 6\n7 8 0\n", "\u{feff}".repeat(60));
    let reason = Board::parse(&size_line).unwrap_err().to_string();
    assert!(reason.chars().count() < SHORT, "{reason}");
    assert!(reason.contains("is not a board size"), "{reason}");
}

#[test]
fn a_megabyte_board_in_a_link_is_refused_with_a_short_message() {
    let huge = "1".repeat(1_000_000);
    for board in [huge.clone(), format!("4x4:{huge}"), format!("{huge}:1.2")] {
        let reason = Session::<SlidingPuzzle>::open_link(None, &board).unwrap_err();
        assert!(
            reason.len() < SHORT,
            "{}",
            &reason[..SHORT.min(reason.len())]
        );
        assert!(reason.contains('…'), "{reason}");
    }
    let reason = Session::<PegSolitaire>::open_link(Some(&huge), "o").unwrap_err();
    assert!(
        reason.len() < SHORT,
        "{}",
        &reason[..SHORT.min(reason.len())]
    );
    let reason = Session::<RouteFinding>::open_link(Some(&huge), "0").unwrap_err();
    assert!(
        reason.len() < SHORT,
        "{}",
        &reason[..SHORT.min(reason.len())]
    );
}

#[test]
fn a_megabyte_token_in_a_board_or_a_nodes_file_is_quoted_short() {
    let huge = "7".repeat(1_000_000);
    let reason = Board::parse(&format!("3\n1 2 3\n4 5 {huge}\nx 8 0\n"))
        .unwrap_err()
        .to_string();
    assert!(
        reason.len() < SHORT,
        "{}",
        &reason[..SHORT.min(reason.len())]
    );
    let reason = parse_nodes(&format!("0 0 1\nx{huge} 5\n"))
        .unwrap_err()
        .to_string();
    assert!(
        reason.len() < SHORT,
        "{}",
        &reason[..SHORT.min(reason.len())]
    );
}

#[test]
fn the_cli_does_not_print_a_five_megabyte_token_back() {
    let token = "q".repeat(5_000_000);
    let output = slide(&["solve", "-"], &format!("3\n1 2 3\n4 {token} 6\n7 8 0\n"));
    let said = String::from_utf8_lossy(&output.stdout) + String::from_utf8_lossy(&output.stderr);
    assert!(said.len() < 1000, "{} bytes", said.len());
    assert!(
        said.contains("cannot be read") && said.contains('…'),
        "{said}"
    );
}
