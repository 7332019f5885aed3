//! Counts in the page's and the CLI's messages: one wording helper makes
//! the noun agree with the number ("1 move", "2 moves") and groups
//! thousands, and each game's messages say it through that helper.

use slide::app::game::Game;
use slide::app::pegs::PegSolitaire;
use slide::app::records::{best_text, Best};
use slide::app::route::{steps_in_words, Map, RouteFinding, Walk};
use slide::app::sliding::SlidingPuzzle;
use slide::app::wording::{count, noun, Noun};
use slide::pegs::{layouts, Goal, PegError};
use slide::sliding::{Board, Move};

const MOVE: Noun = Noun {
    one: "move",
    many: "moves",
};

#[test]
fn a_count_of_one_is_singular_and_every_other_count_plural() {
    assert_eq!(count(1, "move", "moves"), "1 move");
    assert_eq!(count(2, "move", "moves"), "2 moves");
    assert_eq!(count(0, "move", "moves"), "0 moves");
    assert_eq!(noun(1, "leg", "legs"), "leg");
    assert_eq!(noun(7, "leg", "legs"), "legs");
    assert_eq!(MOVE.count(1), "1 move");
    assert_eq!(MOVE.of(3), "moves");
}

#[test]
fn large_counts_are_grouped_in_thousands() {
    assert_eq!(count(1_191, "move", "moves"), "1,191 moves");
    assert_eq!(
        count(12_345_678, "position", "positions"),
        "12,345,678 positions"
    );
}

#[test]
fn a_sliding_hint_and_win_say_one_move_and_two_moves() {
    let board = Board::parse("1 2 3\n4 5 6\n7 0 8").unwrap();
    let puzzle = SlidingPuzzle;
    let one = puzzle.hint_text(&board, Move::Slide(8), 1, true, 1);
    assert_eq!(one, "Hint: slide 8 — 1 move to go");
    let two = puzzle.hint_text(&board, Move::Slide(8), 2, true, 2);
    assert_eq!(two, "Hint: slide 8 — 2 moves to go");
    let solved = Board::parse("1 2 3\n4 5 6\n7 8 0").unwrap();
    assert!(puzzle
        .won_text(&solved, 1, "0:01")
        .starts_with("Solved in 1 move,"));
    assert!(puzzle
        .won_text(&solved, 2, "0:01")
        .starts_with("Solved in 2 moves,"));
}

#[test]
fn a_board_with_a_short_row_counts_its_tiles_in_the_singular_or_plural() {
    let one = Board::parse("1 2\n3").unwrap_err().to_string();
    assert!(one.contains("this row has 1 tile but"), "{one}");
    let two = Board::parse("1 2 3\n4 5\n6 7 0").unwrap_err().to_string();
    assert!(two.contains("this row has 2 tiles but"), "{two}");
}

#[test]
fn a_single_number_is_not_a_board_in_the_singular() {
    let one = Board::parse("5").unwrap_err().to_string();
    assert!(one.contains("1 number does not make"), "{one}");
    let two = Board::parse("5 6").unwrap_err().to_string();
    assert!(two.contains("2 numbers do not make"), "{two}");
}

#[test]
fn a_peg_hint_and_a_short_row_count_jumps_and_holes_in_the_singular_or_plural() {
    let rules = PegSolitaire::new(Goal::AnyHole);
    let board = layouts()[0].start;
    let jump = board.jumps()[0];
    let one = rules.hint_text(&board, jump, 1, true, 0);
    assert!(one.ends_with("— 1 jump to the goal"), "{one}");
    let two = rules.hint_text(&board, jump, 2, true, 0);
    assert!(two.ends_with("— 2 jumps to the goal"), "{two}");
    let row = |found| {
        PegError::RowLength {
            row: 1,
            found,
            expected: 3,
        }
        .to_string()
    };
    assert_eq!(row(1), "row 1 has 1 hole, expected 3");
    assert_eq!(row(2), "row 1 has 2 holes, expected 3");
}

#[test]
fn a_route_hint_and_goal_count_legs_and_steps_in_the_singular_or_plural() {
    let rules = RouteFinding::new(Map::office(), Walk::Waypoints);
    let walker = rules.start();
    let one = rules.won_text(&walker, 1, "0:03");
    assert!(one.starts_with("Goal! 1 leg, 0:03."), "{one}");
    let two = rules.won_text(&walker, 2, "0:03");
    assert!(two.starts_with("Goal! 2 legs, 0:03."), "{two}");
    assert_eq!(steps_in_words(1, 0), "1 step right");
    assert_eq!(steps_in_words(-2, 0), "2 steps left");
}

#[test]
fn the_best_score_counts_its_moves_in_the_singular_or_plural() {
    let best = |moves| {
        best_text(
            Best {
                moves,
                time_ms: 61_000,
            },
            MOVE,
        )
    };
    assert_eq!(best(1), "Best: 1 move · 1:01");
    assert_eq!(best(2), "Best: 2 moves · 1:01");
}
