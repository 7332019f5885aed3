//! Reading and writing peg-solitaire boards as text.
//!
//! A board is written as its seven rows of 3, 3, 7, 7, 7, 3 and 3 holes,
//! `o` for a peg and `.` for an empty hole, the short rows indented by two
//! spaces:
//!
//! ```text
//!   ...
//!   ...
//! .......
//! ..ooo..
//! ...o...
//!   .o.
//!   ...
//! ```
//!
//! or on one line, as seven groups (`... ... ....... ..ooo.. ...o... .o. ...`)
//! or as all 33 holes in a row. When reading, `O`, `x`, `X`, `*` and `1` are
//! pegs too and `_`, `-` and `0` empty holes; spaces and tabs within a row are
//! ignored (so the indentation is optional); `#` starts a comment and blank
//! lines are skipped; a byte-order mark at the start is ignored.

use super::board::PegBoard;
use super::error::PegError;
use super::geometry::{HOLES, ROW_LENGTHS, SIDE};

/// Reads one board in any of the module's forms.
pub fn parse(text: &str) -> Result<PegBoard, PegError> {
    // A byte-order mark some editors put first is not part of the board.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text
        .lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .filter(|line| !line.trim().is_empty())
        .collect();
    match lines.as_slice() {
        [] => Err(PegError::Empty),
        [line] => parse_line(line),
        rows if rows.len() == SIDE => parse_rows(rows),
        _ => Err(PegError::LineCount { lines: lines.len() }),
    }
}

/// Writes the board as seven rows, the short ones indented by two spaces,
/// without a final newline.
pub fn format(board: PegBoard) -> String {
    rows(board)
        .iter()
        .enumerate()
        .map(|(row, cells)| {
            if ROW_LENGTHS[row] < SIDE {
                format!("  {cells}")
            } else {
                cells.clone()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes the board on one line, its rows separated by spaces.
pub fn format_line(board: PegBoard) -> String {
    rows(board).join(" ")
}

/// Each row's holes as `o` and `.`.
fn rows(board: PegBoard) -> Vec<String> {
    let mut hole = 0;
    ROW_LENGTHS
        .iter()
        .map(|&length| {
            let row = (hole..hole + length)
                .map(|h| if board.has_peg(h) { 'o' } else { '.' })
                .collect();
            hole += length;
            row
        })
        .collect()
}

/// Whether a character stands for a peg (`Some(true)`), an empty hole
/// (`Some(false)`) or neither.
fn cell(character: char) -> Option<bool> {
    match character {
        'o' | 'O' | 'x' | 'X' | '*' | '1' => Some(true),
        '.' | '_' | '-' | '0' => Some(false),
        _ => None,
    }
}

/// The row (0-based) of the `index`-th hole in reading order.
fn row_of(index: usize) -> usize {
    let mut end = 0;
    for (row, &length) in ROW_LENGTHS.iter().enumerate() {
        end += length;
        if index < end {
            return row;
        }
    }
    SIDE - 1
}

/// One line: seven groups of holes, one per row, or the 33 holes in a row
/// however they are spaced.
fn parse_line(line: &str) -> Result<PegBoard, PegError> {
    let groups: Vec<&str> = line.split_whitespace().collect();
    if groups.len() == SIDE {
        return parse_rows(&groups);
    }
    let cells: Vec<char> = groups.iter().flat_map(|group| group.chars()).collect();
    let mut bits = 0u64;
    for (index, &character) in cells.iter().enumerate() {
        let is_peg = cell(character).ok_or(PegError::UnknownCharacter {
            character,
            row: row_of(index) + 1,
        })?;
        if is_peg && index < HOLES {
            bits |= 1 << index;
        }
    }
    if cells.len() != HOLES {
        return Err(PegError::HoleCount { found: cells.len() });
    }
    PegBoard::from_bits(bits)
}

/// Seven rows, one per string, with whitespace ignored.
fn parse_rows(rows: &[&str]) -> Result<PegBoard, PegError> {
    debug_assert_eq!(rows.len(), SIDE);
    let mut bits = 0u64;
    let mut hole = 0;
    for (row, text) in rows.iter().enumerate() {
        let mut found = 0;
        for character in text.chars().filter(|c| !c.is_whitespace()) {
            let is_peg = cell(character).ok_or(PegError::UnknownCharacter {
                character,
                row: row + 1,
            })?;
            if is_peg && found < ROW_LENGTHS[row] {
                bits |= 1 << (hole + found);
            }
            found += 1;
        }
        if found != ROW_LENGTHS[row] {
            return Err(PegError::RowLength {
                row: row + 1,
                found,
                expected: ROW_LENGTHS[row],
            });
        }
        hole += found;
    }
    PegBoard::from_bits(bits)
}

/// A board shows itself in the seven-row text format (kept here, beside the
/// format, so that the board's module needs nothing of this one).
impl std::fmt::Display for PegBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&format(*self))
    }
}
