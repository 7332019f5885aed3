//! Moves: single slides, runs, arrow pushes, blank steps, notations.
mod common;

use slide::sliding::{format_moves, parse_moves, Board, Dir, Move, MoveError, Notation};

fn board(width: usize, height: usize, tiles: &[u8]) -> Board {
    Board::from_tiles(width, height, tiles).unwrap()
}

#[test]
fn a_tile_next_to_the_blank_slides_into_it() {
    let start = Board::solved(3, 3).unwrap();
    let after = start.apply(Move::Slide(8)).unwrap();
    assert_eq!(after.tiles(), &[1, 2, 3, 4, 5, 6, 7, 0, 8]);
    assert_eq!(start.slide_length(&after), 1);
    // The original is untouched: apply is pure.
    assert!(start.is_solved());
}

#[test]
fn a_far_tile_slides_the_whole_run() {
    let start = Board::solved(4, 4).unwrap();
    let after = start.apply(Move::Slide(13)).unwrap();
    assert_eq!(after.tiles()[12..], [0, 13, 14, 15]);
    assert_eq!(start.slide_length(&after), 3);
    let after = start.apply(Move::Slide(4)).unwrap();
    assert_eq!(
        after.tiles(),
        &[1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12]
    );
    assert_eq!(start.slide_length(&after), 3);
}

#[test]
fn tiles_out_of_line_do_not_move() {
    let start = Board::solved(3, 3).unwrap();
    assert_eq!(
        start.apply(Move::Slide(1)),
        Err(MoveError::NotInLine { tile: 1 })
    );
    assert!(!start.can_slide(5));
    assert!(start.can_slide(3));
    assert_eq!(start.apply(Move::Slide(0)), Err(MoveError::BlankIsNotATile));
    assert_eq!(
        start.apply(Move::Slide(9)),
        Err(MoveError::NoSuchTile { tile: 9, max: 8 })
    );
    assert_eq!(
        MoveError::NotInLine { tile: 1 }.to_string(),
        "tile 1 cannot slide: it is not in the blank's row or column"
    );
}

#[test]
fn pushes_move_the_tile_next_to_the_blank_that_way() {
    let start = Board::solved(3, 3).unwrap();
    // The tile left of the blank (8) moves right.
    assert_eq!(
        start.apply(Move::Push(Dir::Right)).unwrap().tiles()[7..],
        [0, 8]
    );
    // The tile above the blank (6) moves down.
    assert_eq!(start.apply(Move::Push(Dir::Down)).unwrap().tile_at(8), 6);
    // Nothing is right of or below the blank to move left or up.
    assert_eq!(
        start.apply(Move::Push(Dir::Left)),
        Err(MoveError::OffBoard {
            blank_dir: Dir::Right
        })
    );
    assert_eq!(
        start.apply(Move::Push(Dir::Up)).unwrap_err().to_string(),
        "no tile lies below the blank"
    );
}

#[test]
fn blank_moves_are_the_opposite_of_tile_moves() {
    let start = Board::solved(3, 3).unwrap();
    for dir in Dir::ALL {
        assert_eq!(
            start.apply(Move::Blank(dir)),
            start.apply(Move::Push(dir.opposite()))
        );
    }
}

#[test]
fn the_seed_example_is_solved_by_its_blank_path() {
    let start = common::seed_example();
    let path = parse_moves("rrdllldruuurdllddrurrd", Notation::Blank).unwrap();
    assert_eq!(path.len(), 22);
    assert!(start.apply_path(&path).unwrap().is_solved());
    // The same moves written as the directions the tiles move.
    let tile_notation = format_moves(&path, Notation::Tile);
    assert_eq!(tile_notation, "llurrruldddlurruuldllu");
    assert_eq!(parse_moves(&tile_notation, Notation::Tile).unwrap(), path);
    // And as the tiles slid, one per move.
    let tiles = start.tiles_for_path(&path).unwrap();
    assert_eq!(tiles.len(), 22);
    let replayed = tiles
        .iter()
        .try_fold(start.clone(), |board, &tile| board.apply(Move::Slide(tile)))
        .unwrap();
    assert!(replayed.is_solved());
}

#[test]
fn notation_accepts_either_case_and_separators_and_rejects_other_letters() {
    assert_eq!(
        parse_moves("U, d L r", Notation::Blank).unwrap(),
        vec![Dir::Up, Dir::Down, Dir::Left, Dir::Right]
    );
    assert_eq!(
        parse_moves("udx", Notation::Blank),
        Err(MoveError::BadLetter {
            position: 3,
            letter: 'x'
        })
    );
    assert_eq!(
        MoveError::BadLetter {
            position: 3,
            letter: 'x'
        }
        .to_string(),
        "move 3: 'x' is not a direction (use u, d, l or r)"
    );
}

#[test]
fn paths_off_the_board_are_errors() {
    let start = Board::solved(2, 2).unwrap();
    assert_eq!(
        start.apply_path(&[Dir::Up, Dir::Up]),
        Err(MoveError::OffBoard { blank_dir: Dir::Up })
    );
    assert!(start.tiles_for_path(&[Dir::Right]).is_err());
}

#[test]
fn runs_work_on_rectangular_boards() {
    let start = board(5, 2, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
    let after = start.apply(Move::Slide(6)).unwrap();
    assert_eq!(after.tiles(), &[1, 2, 3, 4, 5, 0, 6, 7, 8, 9]);
    assert_eq!(start.slide_length(&after), 4);
    assert_eq!(start.tile_moved_by(Dir::Up), Some(5));
    assert_eq!(start.tile_moved_by(Dir::Down), None);
}
