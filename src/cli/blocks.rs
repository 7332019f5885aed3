//! `slide blocks`: a sliding-block puzzle solved from the command line,
//! its report written as text so that it is tested without a process.

use std::process::ExitCode;
use std::time::Instant;

use crate::blocks::{format, layout, layouts, parse, solve_fully, Board, Metric};
use crate::quote::quote;
use crate::wording::count;

/// The layouts, one a line: id and name.
pub fn list() -> String {
    layouts()
        .iter()
        .map(|layout| format!("{:18} {}\n", layout.id, layout.name))
        .collect()
}

/// The board `source` names: a built-in layout's id, or else the text of
/// a board (read from a file by the caller).
///
/// # Errors
/// The text's fault, lower-case.
pub fn board_of(source: &str, text: Option<&str>) -> Result<Board, String> {
    if let Some(found) = layout(source) {
        return Ok(found.board());
    }
    match text {
        Some(text) => parse(text).map_err(|error| error.to_string()),
        None => Err(format!(
            "there is no layout called {}: `slide blocks --list` lists them",
            quote(source)
        )),
    }
}

/// Solves `board` in moves of `metric` and reports it: the board, then the
/// shortest solution's length and moves (`from-to` in cell names, columns
/// a, b, … and rows 1, 2, … from the top left), with the board after every
/// move when `verbose`; `None` when the piece cannot be freed.
pub fn report(board: &Board, metric: Metric, verbose: bool) -> (String, bool) {
    let mut out = format!("{}\n", format(board));
    let clock = Instant::now();
    let solution = solve_fully(board, metric);
    let elapsed = clock.elapsed().as_secs_f64();
    let Some(moves) = solution else {
        out.push_str("No solution.\n");
        return (out, false);
    };
    out.push_str(&format!(
        "Shortest solution: {} ({}) in {:.3} s\n",
        count(moves.len() as u64, "move", "moves"),
        metric.describe(),
        elapsed
    ));
    let names: Vec<String> = moves.iter().map(|mv| mv.name()).collect();
    out.push_str(&names.join(" "));
    out.push('\n');
    if verbose {
        let mut now = board.clone();
        for (n, mv) in moves.iter().enumerate() {
            now = now
                .apply(*mv, metric)
                .expect("the solver's moves are legal");
            out.push_str(&format!("\n{}. {}\n{}\n", n + 1, mv.name(), format(&now)));
        }
    }
    (out, true)
}

/// The command: lists the layouts (`list`), or solves `source` (a layout's
/// id, a file, or `-` for standard input; standard input when `None`) in
/// moves of `metric` and prints [`report`]. Status 1 when the board cannot
/// be read or the piece cannot be freed.
pub fn run(source: Option<&str>, metric: &str, verbose: bool, list: bool) -> ExitCode {
    if list {
        print!("{}", self::list());
        return ExitCode::SUCCESS;
    }
    let source = source.unwrap_or("-");
    let metric = Metric::from_id(metric).unwrap_or_default();
    let text = if layout(source).is_some() {
        None
    } else {
        match super::read_input(source) {
            Ok(text) => Some(text),
            Err(message) => {
                eprintln!(
                    "slide: {message} (nor is it a layout: `slide blocks --list` lists them)"
                );
                return ExitCode::FAILURE;
            }
        }
    };
    match board_of(source, text.as_deref()) {
        Ok(board) => {
            let (text, solved) = report(&board, metric, verbose);
            print!("{text}");
            if solved {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(message) => {
            let source = if source == "-" {
                "standard input"
            } else {
                source
            };
            eprintln!("slide: {source}: {message}");
            ExitCode::FAILURE
        }
    }
}
