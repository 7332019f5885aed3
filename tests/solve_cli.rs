//! `slide solve`: boards of every size from a file or standard input, with
//! expected lengths checked: exactly where solutions are optimal, as a ratio
//! where they are near-optimal.
// Natively only: they run the command line.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::slide;

#[test]
fn a_5x5_instance_is_compared_with_its_optimum_as_a_ratio() {
    let korf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/instances/korf24_10.txt"
    ))
    .unwrap();
    let first = korf.lines().next().unwrap();
    let output = slide(&["solve", "--budget", "0.2", "-"], first);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    let line = stdout.lines().next().unwrap();
    assert!(line.starts_with("board 1 (line 1, 5x5): "), "{line}");
    assert!(line.contains("not proven optimal"), "{line}");
    let ratio: f64 = line.rsplit("ratio ").next().unwrap().parse().unwrap();
    assert!((1.0..1.4).contains(&ratio), "{line}");
}

#[test]
fn a_solution_shorter_than_the_stated_optimum_is_an_error() {
    // A 5x5 one move from the goal, stated to need 30; a 3x3 two moves from
    // it, stated to need 4 (an optimal size), then rightly 2.
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24 30";
    let output = slide(&["solve", "-"], board);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(!output.status.success());
    assert!(
        stdout.contains("expected 30: SHORTER THAN THE OPTIMUM"),
        "{stdout}"
    );
    let output = slide(&["solve", "-"], "1 2 3 4 5 6 0 7 8 4");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(!output.status.success());
    assert!(stdout.contains("SHORTER THAN THE OPTIMUM"), "{stdout}");
    let output = slide(&["solve", "-"], "1 2 3 4 5 6 0 7 8 2");
    assert!(output.status.success());
}

#[test]
fn the_time_budget_is_checked() {
    for bad in ["0", "-1", "soon", "NaN"] {
        let output = slide(&["solve", "--budget", bad, "-"], "1 2 3 4 5 6 0 7 8");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(stderr.contains("is not a time budget"), "{stderr}");
    }
}

#[test]
fn boards_from_6x6_to_10x10_are_solved_near_optimally() {
    let mut text = String::new();
    for side in 6..=10 {
        let board = slide::sliding::Board::shuffled(side, side, 7).unwrap();
        text.push_str(&board.to_text(slide::sliding::TextFormat::Rows));
        text.push_str("\n\n");
    }
    let output = slide(&["solve", "--budget", "0.1", "-"], &text);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    for side in 6..=10 {
        assert!(stdout.contains(&format!("{side}x{side}): ")), "{stdout}");
    }
    assert!(stdout.contains("5 of 5 boards solved"));
}

#[test]
fn a_near_optimal_solution_is_shown_with_a_proven_lower_bound_and_the_ratio_to_it() {
    let korf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/instances/korf24_10.txt"
    ))
    .unwrap();
    let two: String = korf
        .lines()
        .take(2)
        .map(|line| format!("{line}\n"))
        .collect();
    let output = slide(&["solve", "--budget", "0.2", "-"], &two);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    let mut ratios = Vec::new();
    for (line, instance) in stdout
        .lines()
        .filter(|line| line.starts_with("board "))
        .zip(korf.lines())
    {
        let optimal: u32 = instance.rsplit(' ').next().unwrap().parse().unwrap();
        let field = |after: &str, end: char| -> f64 {
            let rest = &line[line.find(after).unwrap() + after.len()..];
            rest[..rest.find(end).unwrap()].parse().unwrap()
        };
        let length = field(": ", ' ');
        let bound = field("lower bound ", ' ');
        let ratio = field("length / bound ", ')');
        // Proven: never above the optimum, of its parity.
        assert!(bound <= f64::from(optimal), "{line}");
        assert_eq!(bound as u32 % 2, optimal % 2, "{line}");
        assert!((ratio - length / bound).abs() < 0.001, "{line}");
        ratios.push(ratio);
    }
    assert_eq!(ratios.len(), 2, "{stdout}");
    let summary = stdout.lines().last().unwrap();
    let mean = (ratios[0] + ratios[1]) / 2.0;
    let worst = ratios[0].max(ratios[1]);
    // The summary's figures, from the unrounded ratios.
    let figures = &summary[summary.find("length / lower bound: mean ").expect(summary) + 27..];
    let (said_mean, said_worst) = figures.split_once(", worst ").unwrap();
    let said_worst = said_worst.split(';').next().unwrap();
    assert!(
        (said_mean.parse::<f64>().unwrap() - mean).abs() < 0.0015,
        "{summary}"
    );
    assert!(
        (said_worst.parse::<f64>().unwrap() - worst).abs() < 0.0015,
        "{summary}"
    );
    // Optimal solutions are their own bound: nothing to add.
    let output = slide(&["solve", "-"], "1 2 3 4 5 6 0 7 8");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(!stdout.contains("lower bound"), "{stdout}");
}

#[test]
fn a_larger_square_board_keeps_its_mirror_images_answer_where_that_is_shorter() {
    use slide::search::Unlimited;
    use slide::sliding::near::{Effort, View};
    // A 6x6 whose mirror image's search finds a shorter way than the
    // board's own (204 moves against 212): the command line searches both,
    // as the page's two workers do, and keeps the shorter.
    let board = slide::sliding::Board::shuffled(6, 6, 1015).unwrap();
    let solver = common::solver();
    let length = |view| {
        let mut job = solver.start_with(&board, Effort::BEST, view);
        job.finish(&mut Unlimited).unwrap().moves.len()
    };
    let (plain, mirror) = (length(View::Plain), length(View::Mirror));
    assert!(
        mirror < plain,
        "{mirror} against {plain}: pick another board"
    );
    let output = slide(
        &["solve", "--budget", "120", "-"],
        &board.to_text(slide::sliding::TextFormat::Rows),
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    let line = stdout
        .lines()
        .find(|line| line.starts_with("board 1"))
        .unwrap();
    let said: usize = line[line.find("): ").unwrap() + 3..]
        .split(' ')
        .next()
        .unwrap()
        .replace(',', "")
        .parse()
        .unwrap();
    assert!(said <= mirror, "{line}");
}
