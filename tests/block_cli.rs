//! `slide blocks`: a layout or a board file solved from the command line.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::slide;

#[test]
fn slide_blocks_solves_a_named_card_and_prints_its_moves_and_length() {
    let output = slide(&["blocks", "card-1"], "");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("rush-hour\nAA...B\n"), "{text}");
    assert!(
        text.contains(
            "Shortest solution: 8 moves (one piece slid any distance in a straight line)"
        ),
        "{text}"
    );
    assert_eq!(text.lines().last().unwrap().split(' ').count(), 8, "{text}");
}

#[test]
fn slide_blocks_counts_by_the_metric_asked_for() {
    let output = slide(&["blocks", "--metric", "path", "heng-dao-li-ma"], "");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Shortest solution: 81 moves"), "{text}");
}

#[test]
fn slide_blocks_reads_a_board_from_standard_input_and_shows_every_move_when_verbose() {
    let output = slide(
        &["blocks", "--verbose", "-"],
        "rush-hour\nXX.A\n...A\nBB..\n",
    );
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Shortest solution: 2 moves"), "{text}");
    assert!(text.contains("\n2. a1-c1\nrush-hour\n..XX\n"), "{text}");
}

#[test]
fn slide_blocks_says_when_the_piece_cannot_be_freed_or_the_board_is_bad() {
    let stuck = slide(&["blocks", "-"], "rush-hour\n..A\nXXA\n..A\n");
    assert_eq!(stuck.status.code(), Some(1));
    assert!(String::from_utf8(stuck.stdout)
        .unwrap()
        .ends_with("No solution.\n"));
    let bad = slide(&["blocks", "-"], "klotski\nAX\nX.\n");
    assert_eq!(bad.status.code(), Some(1));
    let error = String::from_utf8(bad.stderr).unwrap();
    assert_eq!(
        error,
        "slide: standard input: the cells marked 'X' do not make one rectangle\n"
    );
}
