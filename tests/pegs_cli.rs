//! `slide pegs`: solving a board from a file or standard input.
// Natively only: they run the command line.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::slide;

const T_SHAPE: &str = "  ...\n  ...\n.......\n..ooo..\n...o...\n  .o.\n  ...\n";

#[test]
fn a_file_is_solved_board_by_board() {
    let path = std::env::temp_dir().join(format!("slide-pegs-{}.txt", std::process::id()));
    std::fs::write(&path, format!("# the T shape\n{T_SHAPE}")).unwrap();
    let output = slide(&["pegs", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("5 pegs, goal: one peg in the centre\n  ...\n"));
    for number in 1..=4 {
        assert!(stdout.contains(&format!("jump {number}: ")), "{stdout}");
    }
    assert!(!stdout.contains("jump 5"));
    assert!(stdout.contains("\n  ...\n  ...\n.......\n...o...\n.......\n  ...\n  ...\n"));
    assert!(stdout.contains("solved in 4 jumps"));
}

#[test]
fn standard_input_and_other_goals_are_read() {
    let output = slide(
        &["pegs", "--anywhere", "-"],
        "... ... ....... ..ooo.. ...o... .o. ...",
    );
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("goal: one peg anywhere"));
    let output = slide(
        &["pegs", "--at", "d1", "-"],
        "... .o. ...o... ....... ....... ... ...",
    );
    assert!(output.status.success(), "{output:?}");
    assert!(String::from_utf8(output.stdout)
        .unwrap()
        .contains("jump 1: d3 over d2 to d1"));
}

#[test]
fn no_solution_and_bad_input_fail() {
    let output = slide(&["pegs", "-"], "... ... ....... ..oo... ....... ... ...");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8(output.stdout)
        .unwrap()
        .ends_with("No solution.\n"));
    let output = slide(
        &["pegs", "-"],
        "  ...\n  ...\n.......\n..ooo.\n...o...\n  .o.\n  ...\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "slide: standard input: row 4 has 6 holes, expected 7\n"
    );
    let output = slide(&["pegs", "/no/such/file"], "");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(slide(&["pegs"], "").status.code(), Some(2));
    assert_eq!(
        slide(&["pegs", "--at", "z9", "-"], "").status.code(),
        Some(2)
    );
}

#[test]
fn with_chains_the_fewest_moves_are_found_a_chain_of_jumps_counting_as_one() {
    // The plus: six moves to the centre when a chain counts as one, the
    // last a chain of several jumps.
    let plus = slide::pegs::layout("plus").unwrap();
    let output = slide(&["pegs", "--chains", "-"], &slide::pegs::format(plus.start));
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("move 6: "), "{stdout}");
    assert!(!stdout.contains("move 7"));
    assert!(stdout.contains("solved in 6 moves (a chain of jumps counting as one)"));
    assert!(stdout
        .lines()
        .any(|line| line.starts_with("move ") && line.matches('-').count() > 1));
    // No solution, with chains as without.
    let output = slide(
        &["pegs", "--chains", "-"],
        "... ... ....... ..oo... ....... ... ...",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8(output.stdout)
        .unwrap()
        .ends_with("No solution.\n"));
}
