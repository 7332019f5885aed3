//! Sliding-block boards as text.
//!
//! A board is drawn row by row: `.` an empty cell, `X` the piece to free,
//! and any other letter or digit a piece, all of whose cells carry the same
//! label and fill one rectangle. Rows go on lines of their own or on one
//! line separated by `/`; a single line of 36 cells with no `/` is read as
//! 6 rows of 6 (the usual way Rush Hour cards are written). Spaces are
//! ignored. The puzzle may be named first, on a line of its own or before
//! a `:` (`klotski`, `rush-hour`); otherwise a board whose every piece is a
//! car or truck (one cell wide, 2 or more long) is Rush Hour and any other
//! is Klotski.
//!
//! ```
//! use slide::blocks::{format, parse, Style};
//! let board = parse("klotski\nBXXC\nBXXC\nDEEF\nDGHF\nI..J").unwrap();
//! assert_eq!(board.style(), Style::Klotski);
//! assert_eq!(parse(&format(&board)).unwrap(), board);
//! ```

use super::board::{Board, Piece, Style};
use super::error::BlockError;

/// The label of the piece to free.
pub const TARGET: char = 'X';

/// Reads a board, or says what is wrong with the text.
pub fn parse(text: &str) -> Result<Board, BlockError> {
    let text = text.trim_start_matches('\u{feff}').trim();
    let mut lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    let mut style = None;
    if let Some(first) = lines.first().copied() {
        let (head, rest) = match first.split_once(':') {
            Some((head, rest)) => (head, Some(rest)),
            None => (first, None),
        };
        let named = Style::from_id(head);
        match (named, rest) {
            (Some(named), Some(rest)) => {
                style = Some(named);
                lines[0] = rest.trim();
                if lines[0].is_empty() {
                    lines.remove(0);
                }
            }
            (Some(named), None) => {
                style = Some(named);
                lines.remove(0);
            }
            (None, Some(_)) => {
                return Err(BlockError::UnknownStyle { line: head.into() });
            }
            (None, None) => {}
        }
    }
    let rows: Vec<Vec<char>> = match lines.as_slice() {
        [] => return Err(BlockError::Empty),
        [line] if !line.contains('/') => {
            let cells: Vec<char> = line.chars().filter(|c| *c != ' ').collect();
            if cells.len() == 36 {
                cells.chunks(6).map(<[char]>::to_vec).collect()
            } else {
                vec![cells]
            }
        }
        [line] => line
            .split('/')
            .map(|row| row.chars().filter(|c| *c != ' ').collect())
            .collect(),
        lines => lines
            .iter()
            .map(|row| row.chars().filter(|c| *c != ' ').collect())
            .collect(),
    };
    let expected = rows[0].len();
    if expected == 0 {
        return Err(BlockError::Empty);
    }
    for (i, row) in rows.iter().enumerate() {
        if row.len() != expected {
            return Err(BlockError::Ragged {
                row: i + 1,
                found: row.len(),
                expected,
            });
        }
    }
    let (height, width) = (rows.len(), expected);
    if width > usize::from(u8::MAX) || height > usize::from(u8::MAX) {
        return Err(BlockError::Size {
            width: u8::MAX,
            height: u8::MAX,
        });
    }
    // Each label's bounding box, in reading order of first appearance.
    let mut labels: Vec<(char, usize, usize, usize, usize, usize)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch == '.' {
                continue;
            }
            if !ch.is_ascii_alphanumeric() {
                return Err(BlockError::BadChar { found: ch });
            }
            match labels.iter_mut().find(|entry| entry.0 == ch) {
                Some(entry) => {
                    entry.1 = entry.1.min(r);
                    entry.2 = entry.2.min(c);
                    entry.3 = entry.3.max(r);
                    entry.4 = entry.4.max(c);
                    entry.5 += 1;
                }
                None => labels.push((ch, r, c, r, c, 1)),
            }
        }
    }
    let mut pieces = Vec::with_capacity(labels.len());
    for &(label, top, left, bottom, right, cells) in &labels {
        let (rows_n, cols_n) = (bottom - top + 1, right - left + 1);
        if rows_n * cols_n != cells {
            return Err(BlockError::NotRectangle { label });
        }
        pieces.push(Piece {
            row: top as u8,
            col: left as u8,
            rows: rows_n as u8,
            cols: cols_n as u8,
            target: label == TARGET,
        });
    }
    let style = style.unwrap_or_else(|| {
        let vehicles = pieces
            .iter()
            .all(|piece| piece.rows.min(piece.cols) == 1 && piece.rows != piece.cols);
        if vehicles && !pieces.is_empty() {
            Style::RushHour
        } else {
            Style::Klotski
        }
    });
    Board::new(style, width as u8, height as u8, pieces)
}

/// The labels pieces are written with, the piece to free apart.
fn label(n: usize) -> char {
    const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWYZ0123456789abcdefghijklmnopqrstuvwxyz";
    char::from(LABELS[n % LABELS.len()])
}

/// The board's rows, each piece labelled (`X` the piece to free, the others
/// `A`, `B`, … in the order their top-left cells are read).
fn grid(board: &Board) -> Vec<String> {
    let (width, height) = (usize::from(board.width()), usize::from(board.height()));
    let mut cells = vec!['.'; width * height];
    let mut order: Vec<&Piece> = board.pieces().iter().collect();
    crate::order::sort_by_rank(&mut order, |piece| {
        u32::from(piece.row) << 8 | u32::from(piece.col)
    });
    let mut next = 0;
    for piece in order {
        let ch = if piece.target {
            TARGET
        } else {
            next += 1;
            label(next - 1)
        };
        for r in piece.row..piece.row + piece.rows {
            for c in piece.col..piece.col + piece.cols {
                cells[usize::from(r) * width + usize::from(c)] = ch;
            }
        }
    }
    cells
        .chunks(width)
        .map(|row| row.iter().collect())
        .collect()
}

/// The board on lines: the puzzle's name, then one line a row; [`parse`]
/// reads it back.
pub fn format(board: &Board) -> String {
    let mut text = board.style().id().to_string();
    for row in grid(board) {
        text.push('\n');
        text.push_str(&row);
    }
    text
}

/// The board on one line, `style:row/row/…`; [`parse`] reads it back.
pub fn format_line(board: &Board) -> String {
    format!("{}:{}", board.style().id(), grid(board).join("/"))
}
