//! Reading and writing boards in the three text formats and instance files.
mod common;

use slide::sliding::{parse_all, Board, BoardError, TextFormat};

const ROWS: &str = "1 7 2 4\n6 0 14 3\n13 10 11 8\n5 9 15 12\n";
const SIZED: &str = "4\n 1  7  2  4\n 6  0 14  3\n13 10 11  8\n 5  9 15 12\n";
const STAR: &str = "1 7 2 4\n6 * 14 3\n13 10 11 8\n5 9 15 12\n";

#[test]
fn the_three_formats_of_the_seed_example_read_the_same_board() {
    let expected = common::seed_example();
    for text in [ROWS, SIZED, STAR] {
        assert_eq!(Board::parse(text).unwrap(), expected, "{text}");
    }
}

#[test]
fn the_seed_examples_file_reads_three_boards_then_the_errors() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/instances/seed_examples.txt"
    ))
    .unwrap();
    let entries = parse_all(&text);
    for entry in &entries[..3] {
        assert_eq!(entry.as_ref().unwrap().board, common::seed_example());
    }
    assert_eq!(
        entries[3].as_ref().unwrap_err().root(),
        &BoardError::Unsolvable
    );
    assert_eq!(entries[3].as_ref().unwrap_err().line(), Some(23));
}

#[test]
fn writing_then_reading_gives_the_board_back() {
    for (width, height) in [(3, 3), (4, 4), (10, 10), (3, 5), (7, 2)] {
        let board = Board::shuffled(width, height, 7).unwrap();
        for format in [
            TextFormat::Rows,
            TextFormat::Sized,
            TextFormat::Star,
            TextFormat::Line,
        ] {
            let text = board.to_text(format);
            assert_eq!(Board::parse(&text).unwrap(), board, "{format:?}\n{text}");
        }
    }
}

#[test]
fn written_formats_look_like_the_examples() {
    let board = common::seed_example();
    assert_eq!(board.to_text(TextFormat::Sized), SIZED.trim_end());
    assert_eq!(board.to_text(TextFormat::Star), STAR.trim_end());
    assert_eq!(
        board.to_text(TextFormat::Line),
        "1 7 2 4 6 0 14 3 13 10 11 8 5 9 15 12"
    );
    assert_eq!(
        Board::solved(3, 2).unwrap().to_text(TextFormat::Line),
        "3x2 1 2 3 4 5 0"
    );
}

#[test]
fn instance_files_read_with_their_lengths() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/instances/korf100.txt"
    ))
    .unwrap();
    let entries = parse_all(&text);
    assert_eq!(entries.len(), 100);
    let total: u32 = entries
        .iter()
        .map(|e| e.as_ref().unwrap().expected.unwrap())
        .sum();
    assert_eq!(total, 5305);
    assert_eq!(entries[99].as_ref().unwrap().line, 100);
    // Two 3x3 instances with lengths look like two rows of ten numbers.
    let eights = common::instances("eight_31.txt");
    assert_eq!(eights.len(), 2);
    assert!(eights
        .iter()
        .all(|(board, length)| board.width() == 3 && *length == 31));
}

#[test]
fn comments_and_blank_lines_separate_boards() {
    let text = "# two boards\n1 2\n3 0\n\n# another\n2 0\n1 3 # trailing comment\n";
    let boards: Vec<Board> = parse_all(text)
        .into_iter()
        .map(|e| e.unwrap().board)
        .collect();
    assert_eq!(boards.len(), 2);
    assert!(boards[0].is_solved());
    assert_eq!(boards[1].tiles(), &[2, 0, 1, 3]);
}

#[test]
fn rectangular_boards_read_in_every_format() {
    let board = Board::parse("1 2 3\n4 0 5").unwrap();
    assert_eq!((board.width(), board.height()), (3, 2));
    let board = Board::parse("3x2\n1 2 3\n4 0 5").unwrap();
    assert_eq!((board.width(), board.height()), (3, 2));
    let board = Board::parse("3x2 1 2 3 4 0 5").unwrap();
    assert_eq!((board.width(), board.height()), (3, 2));
    // The size is read as the address and the page read it, `×` included.
    let board = Board::parse("3×2\n1 2 3\n4 0 5").unwrap();
    assert_eq!((board.width(), board.height()), (3, 2));
}

fn error_of(text: &str) -> String {
    Board::parse(text).unwrap_err().to_string()
}

#[test]
fn malformed_text_gets_a_precise_message() {
    assert_eq!(error_of(""), "no board found: the text holds no tiles");
    assert_eq!(
        error_of("# only a comment\n"),
        "no board found: the text holds no tiles"
    );
    assert_eq!(
        error_of("1 2 3\n4 5\n6 7 0"),
        "line 2: this row has 2 tiles but the first row has 3; every row needs the same number"
    );
    assert_eq!(
        error_of("1 2 3\n4 x 6\n7 8 0"),
        "line 2: 'x' is not a tile number: tiles are whole numbers, 0 or * for the blank"
    );
    assert_eq!(
        error_of("1 2 3\n4 5 5\n7 8 0"),
        "tile 5 appears more than once, and tile 6 is missing"
    );
    assert_eq!(
        error_of("1 2 3\n4 5 6\n7 8 9"),
        "line 1: tile 9 is out of range: tiles are numbered 0 (the blank) to 8"
    );
    assert_eq!(
        error_of("4\n1 2 3 4\n5 6 7 8\n9 10 11 12"),
        "line 1: the size line announces 4 rows, but 3 follow"
    );
    assert_eq!(
        error_of("four\n1 2\n3 0"),
        "line 1: 'four' is not a board size (write 4 for 4x4, or WxH such as 3x4)"
    );
    assert_eq!(
        error_of("11\n1 2\n3 0"),
        "a 11x11 board is not supported: width and height must each be between 2 and 10"
    );
    assert!(error_of("1 2 3 4 5 6 7").contains("7 numbers do not make a square board"));
    assert_eq!(
        error_of("1 2 3 4 5 6 7 8 0 abc"),
        "line 1: 'abc' after the tiles is not a solution length"
    );
    assert_eq!(
        error_of("1 2 3\n4 5 6\n8 7 0").split(": ").next(),
        Some("this board is unsolvable")
    );
    assert_eq!(
        error_of("1 2\n3 0\n\n1 2\n3 0"),
        "the text holds 2 boards where one was expected"
    );
}

#[test]
fn one_bad_board_does_not_hide_the_others() {
    let entries = parse_all("1 2\n3 0\n\n1 1\n3 0\n\n2 0\n1 3\n");
    assert_eq!(entries.len(), 3);
    assert!(entries[0].is_ok());
    assert_eq!(entries[1].as_ref().unwrap_err().line(), Some(4));
    assert!(entries[2].is_ok());
}
