//! Sliding-block rules: moves by metric, Rush Hour's axes, the goal, and
//! the text format.

use slide::blocks::{format, format_line, layout, layouts, parse, BlockMove, Cell, Metric, Style};

fn mv(from: &str, to: &str) -> BlockMove {
    BlockMove {
        from: Cell::named(from).unwrap(),
        to: Cell::named(to).unwrap(),
    }
}

#[test]
fn a_klotski_piece_slides_any_distance_in_a_straight_line_as_one_move() {
    let board = parse("klotski:A.../A.../..../..../XX..").unwrap();
    let after = board.apply(mv("a1", "a3"), Metric::Straight).unwrap();
    assert_eq!(after.pieces()[0].cell(), Cell::new(2, 0));
    assert!(board.apply(mv("a1", "b3"), Metric::Straight).is_err());
}

#[test]
fn along_any_path_a_piece_turns_corners_in_one_move() {
    let board = parse("klotski:A.../B.../C.../..../XX..").unwrap();
    // A 1x1 goes right, down and back left round nothing: b1 to d4.
    assert!(board.apply(mv("a1", "d4"), Metric::AnyPath).is_ok());
    assert!(board.apply(mv("a1", "d4"), Metric::Straight).is_err());
}

#[test]
fn a_single_step_moves_one_cell_only() {
    let board = parse("klotski:A.../A.../..../..../XX..").unwrap();
    assert!(board.apply(mv("a1", "a2"), Metric::Step).is_ok());
    assert!(board.apply(mv("a1", "a3"), Metric::Step).is_err());
}

#[test]
fn a_rush_hour_vehicle_moves_only_along_its_length() {
    let board = layout("card-1").unwrap().board();
    // The green car at a1-b1 is horizontal: it may go right, never down.
    assert!(board.apply(mv("a1", "b1"), Metric::Straight).is_ok());
    let truck = parse("rush-hour:....../A...../A..XX./A...../....../......").unwrap();
    assert!(truck.apply(mv("a2", "a4"), Metric::Straight).is_ok());
    assert!(truck.apply(mv("a2", "b2"), Metric::Straight).is_err());
}

#[test]
fn a_move_from_a_cell_where_no_piece_starts_is_refused_in_words() {
    let board = layout("heng-dao-li-ma").unwrap().board();
    let error = board.apply(mv("b2", "b3"), Metric::Straight).unwrap_err();
    assert_eq!(error.to_string(), "no piece starts at b2");
    let error = board.apply(mv("a5", "a1"), Metric::Straight).unwrap_err();
    assert!(error
        .to_string()
        .starts_with("the piece at a5 cannot get to a1"));
}

#[test]
fn the_piece_is_free_in_the_middle_of_klotskis_bottom_edge_and_at_rush_hours_right_edge() {
    assert!(parse("klotski:..../..../..../.XX./.XX.").unwrap().is_won());
    assert!(!parse("klotski:..../..../.XX./.XX./....").unwrap().is_won());
    assert!(parse("rush-hour:....../....../....XX/....../....../......")
        .unwrap()
        .is_won());
}

#[test]
fn every_layout_reads_back_from_its_own_text() {
    for layout in layouts() {
        let board = layout.board();
        assert_eq!(parse(&format(&board)).unwrap(), board, "{}", layout.id);
        assert_eq!(parse(&format_line(&board)).unwrap(), board, "{}", layout.id);
    }
}

#[test]
fn a_board_without_a_name_is_rush_hour_when_every_piece_is_a_vehicle() {
    let card = parse("AA...OP..Q.OPXXQ.OP..Q..B...CCB.RRR.").unwrap();
    assert_eq!(card.style(), Style::RushHour);
    let klotski = parse("BXXC\nBXXC\nDEEF\nDGHF\nI..J").unwrap();
    assert_eq!(klotski.style(), Style::Klotski);
}

#[test]
fn bad_boards_are_refused_with_lower_case_reasons() {
    let cases = [
        ("", "there is no board in the text"),
        ("klotski:AA../A.X.", "the cells marked 'A' do not make one rectangle"),
        ("klotski:AB../AX", "row 2 has 2 cells but the first row has 4"),
        ("klotski:A#../..X.", "'#' is not a cell: write . for an empty cell and a letter or digit for each piece"),
        ("klotski:A.../....", "no piece is marked X, the piece to free"),
        ("tetris:XX..", "'tetris' is not a puzzle: write klotski or rush-hour"),
        ("rush-hour:X.../X.../..AA", "the piece to free (X) must lie across its row, to drive out on the right"),
        ("rush-hour:XX../A.../....", "the piece at a2 is not a car or a truck: in rush hour every piece is one cell wide and 2 or more long"),
    ];
    for (text, message) in cases {
        assert_eq!(parse(text).unwrap_err().to_string(), message, "{text:?}");
    }
}

#[test]
fn cells_and_moves_have_names_that_read_back() {
    let m = mv("b4", "b2");
    assert_eq!(m.name(), "b4-b2");
    assert_eq!(BlockMove::named("b4-b2"), Some(m));
    assert_eq!(BlockMove::named("b4"), None);
}
