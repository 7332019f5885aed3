//! Building boards: sizes, permutations, solvability, errors.

use slide::sliding::{Board, BoardError};

#[test]
fn solved_boards_have_every_size_from_2x2_to_10x10() {
    for width in 2..=10 {
        for height in 2..=10 {
            let board = Board::solved(width, height).unwrap();
            assert!(board.is_solved());
            assert_eq!(board.cells(), width * height);
            assert_eq!(board.blank(), width * height - 1);
            assert_eq!(board.tile_at(0), 1);
        }
    }
}

#[test]
fn sizes_out_of_range_are_refused_with_the_range() {
    for (width, height) in [(1, 4), (4, 1), (11, 3), (0, 0), (3, 11)] {
        let error = Board::solved(width, height).unwrap_err();
        assert_eq!(error, BoardError::Size { width, height });
        assert!(error.to_string().contains("between 2 and 10"), "{error}");
    }
}

#[test]
fn wrong_tile_count_is_refused() {
    let error = Board::from_tiles(3, 3, &[1u8, 2, 3, 4, 5, 6, 7, 0]).unwrap_err();
    assert_eq!(
        error,
        BoardError::TileCount {
            width: 3,
            height: 3,
            found: 8
        }
    );
    assert_eq!(
        error.to_string(),
        "a 3x3 board needs 9 tiles (0 for the blank), found 8"
    );
}

#[test]
fn tiles_out_of_range_are_refused() {
    let error = Board::from_tiles(2, 2, &[1i64, 2, 9, 0]).unwrap_err();
    assert_eq!(error, BoardError::TileOutOfRange { tile: 9, max: 3 });
    let error = Board::from_tiles(2, 2, &[1i64, -2, 3, 0]).unwrap_err();
    assert_eq!(error, BoardError::TileOutOfRange { tile: -2, max: 3 });
    assert!(error.to_string().starts_with("tile -2 is out of range"));
}

#[test]
fn repeated_tiles_name_the_missing_one() {
    let error = Board::from_tiles(3, 3, &[1u8, 2, 3, 4, 5, 5, 7, 8, 0]).unwrap_err();
    assert_eq!(
        error,
        BoardError::Duplicate {
            tile: 5,
            missing: 6
        }
    );
    assert_eq!(
        error.to_string(),
        "tile 5 appears more than once, and tile 6 is missing"
    );
    let error = Board::from_tiles(2, 2, &[1u8, 0, 3, 0]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the board has more than one blank, and tile 2 is missing"
    );
}

#[test]
fn unsolvable_boards_are_refused() {
    // The seed example: the 8-puzzle with tiles 7 and 8 swapped.
    let error = Board::from_tiles(3, 3, &[1u8, 2, 3, 4, 5, 6, 8, 7, 0]).unwrap_err();
    assert_eq!(error, BoardError::Unsolvable);
    assert!(error.to_string().starts_with("this board is unsolvable"));
}

#[test]
fn error_messages_are_lower_case_sentences() {
    let errors = [
        Board::solved(1, 1).unwrap_err(),
        Board::from_tiles(2, 2, &[1u8]).unwrap_err(),
        Board::from_tiles(2, 2, &[1u8, 2, 3, 4]).unwrap_err(),
        Board::from_tiles(2, 2, &[1u8, 1, 3, 0]).unwrap_err(),
        Board::from_tiles(2, 2, &[2u8, 1, 3, 0]).unwrap_err(),
    ];
    for error in errors {
        let text = error.to_string();
        assert!(text.chars().next().unwrap().is_lowercase(), "{text}");
        assert!(!text.ends_with('.'), "{text}");
    }
}

#[test]
fn accessors_describe_the_board() {
    let board = Board::from_tiles(3, 2, &[1u8, 2, 3, 4, 0, 5]).unwrap();
    assert_eq!((board.width(), board.height()), (3, 2));
    assert_eq!(board.blank(), 4);
    assert_eq!(board.cell_of(5), Some(5));
    assert_eq!(board.cell_of(9), None);
    assert_eq!(board.row_col(4), (1, 1));
    assert_eq!(board.goal_cell(5), 4);
    assert_eq!(board.goal_cell(0), 5);
    assert!(!board.is_solved());
    assert_eq!(board.to_string(), "1 2 3\n4 0 5");
}
