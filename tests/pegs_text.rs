//! Reading and writing peg-solitaire boards as text.

use slide::pegs::{format, format_line, hole_named, parse, PegBoard, PegError};
use slide::rng::SplitMix64;

/// The peg-solitaire part of the project's seed examples: the T shape as
/// seven rows, then on one line.
fn seed_t_shape() -> (String, String) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/instances/seed_examples.txt"
    ))
    .unwrap();
    let section = text
        .split("# Peg solitaire")
        .nth(1)
        .expect("the seed examples end with a peg-solitaire board");
    let (rows, line) = section
        .split_once("# The same board on one line")
        .expect("the board is given twice");
    (
        format!("# Peg solitaire{rows}"),
        format!("# The same board{line}"),
    )
}

fn t_shape() -> PegBoard {
    let holes = ["c4", "d4", "e4", "d5", "d6"].map(|name| hole_named(name).unwrap());
    PegBoard::with_pegs(&holes).unwrap()
}

#[test]
fn the_seed_t_shape_reads_the_same_in_both_forms() {
    let (rows, line) = seed_t_shape();
    assert_eq!(parse(&rows).unwrap(), t_shape());
    assert_eq!(parse(&line).unwrap(), t_shape());
}

#[test]
fn boards_are_written_as_in_the_seed_examples() {
    let written = format(t_shape());
    assert_eq!(
        written,
        "  ...\n  ...\n.......\n..ooo..\n...o...\n  .o.\n  ..."
    );
    assert_eq!(
        format_line(t_shape()),
        "... ... ....... ..ooo.. ...o... .o. ..."
    );
    assert_eq!(t_shape().to_string(), written);
    let (rows, _) = seed_t_shape();
    let board_lines: Vec<&str> = rows
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .collect();
    assert_eq!(board_lines.join("\n"), written);
}

#[test]
fn written_boards_read_back() {
    let mut rng = SplitMix64::new(1);
    for _ in 0..500 {
        let board = PegBoard::from_bits(rng.next_u64() & ((1 << 33) - 1)).unwrap();
        assert_eq!(parse(&format(board)).unwrap(), board);
        assert_eq!(parse(&format_line(board)).unwrap(), board);
    }
    assert_eq!(parse(&format(PegBoard::full())).unwrap(), PegBoard::full());
    assert_eq!(
        parse(&format(PegBoard::empty())).unwrap(),
        PegBoard::empty()
    );
}

#[test]
fn other_peg_and_hole_characters_and_spacing_are_accepted() {
    let classic = PegBoard::classic();
    let variants = [
        // Short rows without indentation, spaces between holes, comments.
        "ooo\nooo\nooooooo\nooo.ooo # the centre is empty\nooooooo\nooo\nooo\n",
        "  o o o\n  o o o\no o o o o o o\no o o . o o o\no o o o o o o\n  o o o\n  o o o",
        "XXX\nXXX\nXXXXXXX\nXXX_XXX\nXXXXXXX\nXXX\nXXX",
        "\n# a comment first\n\n  ***\n  ***\n*******\n***-***\n*******\n  ***\n  ***\n\n",
        // One line: seven groups, or all 33 holes.
        "OOO OOO OOOOOOO OOO.OOO OOOOOOO OOO OOO",
        "1111111111111110111111111111111111",
    ];
    for text in &variants[..5] {
        assert_eq!(parse(text).unwrap(), classic, "{text}");
    }
    assert_eq!(
        parse(&"1".repeat(16)).unwrap_err(),
        PegError::HoleCount { found: 16 }
    );
    let all_in_a_row = format!("{}0{}", "1".repeat(16), "1".repeat(16));
    assert_eq!(parse(&all_in_a_row).unwrap(), classic);
    assert_eq!(
        parse("ooooooooooooooooo oooooooooooooooo").unwrap(),
        PegBoard::full()
    );
}

#[test]
fn a_row_with_the_wrong_number_of_holes_is_named() {
    let ragged = "  ...\n  ...\n.......\n..ooo.\n...o...\n  .o.\n  ...";
    let error = parse(ragged).unwrap_err();
    assert_eq!(
        error,
        PegError::RowLength {
            row: 4,
            found: 6,
            expected: 7
        }
    );
    assert_eq!(error.to_string(), "row 4 has 6 holes, expected 7");
    let short_row_too_long = "  ....\n  ...\n.......\n..ooo..\n...o...\n  .o.\n  ...";
    assert_eq!(
        parse(short_row_too_long).unwrap_err().to_string(),
        "row 1 has 4 holes, expected 3"
    );
    let one_line = "... ... ...... ..ooo.. ...o... .o. ...";
    assert_eq!(
        parse(one_line).unwrap_err().to_string(),
        "row 3 has 6 holes, expected 7"
    );
}

#[test]
fn unknown_characters_are_named_with_their_row() {
    let text = "  ...\n  .q.\n.......\n..ooo..\n...o...\n  .o.\n  ...";
    let error = parse(text).unwrap_err();
    assert_eq!(
        error,
        PegError::UnknownCharacter {
            character: 'q',
            row: 2
        }
    );
    assert_eq!(
        error.to_string(),
        "unknown character 'q' in row 2: use o for a peg and . for an empty hole"
    );
    assert_eq!(
        parse("... ... ....... ..o?o.. ...o... .o. ...")
            .unwrap_err()
            .to_string(),
        "unknown character '?' in row 4: use o for a peg and . for an empty hole"
    );
    let mut long = ".".repeat(33);
    long.replace_range(30..31, "é");
    assert_eq!(
        parse(&long).unwrap_err(),
        PegError::UnknownCharacter {
            character: 'é',
            row: 7
        }
    );
}

#[test]
fn wrong_numbers_of_holes_or_lines_are_explained() {
    assert_eq!(parse("").unwrap_err(), PegError::Empty);
    assert_eq!(
        parse("# only a comment\n\n").unwrap_err().to_string(),
        "no board in the text"
    );
    let error = parse("... ... ....... ..ooo.. ...o... .o.").unwrap_err();
    assert_eq!(error, PegError::HoleCount { found: 30 });
    assert!(error
        .to_string()
        .starts_with("the line has 30 holes, expected 33"));
    let error = parse("...\n...\n.......\n..ooo..\n...o...\n.o.").unwrap_err();
    assert_eq!(error, PegError::LineCount { lines: 6 });
    assert!(error.to_string().contains("found 6 lines"));
    let two_boards = format!(
        "{}\n\n{}",
        format(PegBoard::classic()),
        format_line(PegBoard::full())
    );
    assert_eq!(
        parse(&two_boards).unwrap_err(),
        PegError::LineCount { lines: 8 }
    );
}
