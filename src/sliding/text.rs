//! Reading and writing boards as text.
//!
//! Three board formats, as in the project's example files:
//! - [`TextFormat::Rows`]: one line per row, 0 for the blank;
//! - [`TextFormat::Sized`]: a first line with the size (`4`, or `3x4` for 3
//!   columns and 4 rows), then the rows;
//! - [`TextFormat::Star`]: one line per row, `*` for the blank.
//!
//! Instance files hold one board per line: the tiles in row-major order,
//! optionally followed by the length of an optimal solution. A line is a
//! square board unless it starts with a `WxH` size.
//!
//! `#` starts a comment; blank lines separate boards. A byte-order mark
//! at the start is ignored.

use super::board::{check_size, split_size, Board, BoardError, SIDES};
use crate::quote::quote;
use crate::wording::count;

/// A way of writing a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextFormat {
    /// One line per row, right-aligned numbers, 0 for the blank.
    Rows,
    /// A size line (`4` or `WxH`), then the rows.
    Sized,
    /// One line per row, `*` for the blank.
    Star,
    /// One line: the tiles in row-major order, prefixed by `WxH` unless square.
    Line,
}

/// A board read from text, with what the text says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The board: every tile once, and solvable (the reader refuses anything else).
    pub board: Board,
    /// The optimal solution length the text claims, if it gives one.
    pub expected: Option<u32>,
    /// The 1-based line where the board starts.
    pub line: usize,
}

/// One board's worth of text: the board, or why it could not be read.
pub type Entry = Result<Instance, BoardError>;

impl Board {
    /// Reads exactly one board in any of the formats.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let mut entries = parse_all(text);
        match entries.len() {
            0 => Err(BoardError::Empty),
            1 => entries
                .pop()
                .expect("one entry")
                .map(|instance| instance.board)
                .map_err(without_line_if_whole_board),
            count => match entries.into_iter().find_map(Result::err) {
                Some(error) => Err(error),
                None => Err(BoardError::SeveralBoards { count }),
            },
        }
    }

    /// Writes the board in a format [`Board::parse`] reads back.
    pub fn to_text(&self, format: TextFormat) -> String {
        match format {
            TextFormat::Rows => self.to_string(),
            TextFormat::Sized => format!("{}\n{}", size_label(self), self),
            TextFormat::Star => self
                .tiles()
                .chunks(self.width())
                .map(|row| {
                    row.iter()
                        .map(|&t| {
                            if t == 0 {
                                "*".to_string()
                            } else {
                                t.to_string()
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
                .join("\n"),
            TextFormat::Line => {
                let tiles = self
                    .tiles()
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" ");
                if self.width() == self.height() {
                    tiles
                } else {
                    format!("{}x{} {}", self.width(), self.height(), tiles)
                }
            }
        }
    }
}

fn size_label(board: &Board) -> String {
    if board.width() == board.height() {
        board.width().to_string()
    } else {
        format!("{}x{}", board.width(), board.height())
    }
}

/// A line of text split into tokens, with its 1-based number.
struct Line<'a> {
    number: usize,
    tokens: Vec<&'a str>,
}

/// Reads every board in a text: a file of instances, or one or more boards in
/// the row formats separated by blank lines. Each board is read on its own, so
/// one malformed board does not hide the others.
pub fn parse_all(text: &str) -> Vec<Entry> {
    // A byte-order mark some editors put first is not part of the board.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut entries = Vec::new();
    let mut paragraph: Vec<Line> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let content = raw.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = content
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.is_empty() {
            read_paragraph(&paragraph, &mut entries);
            paragraph.clear();
        } else {
            paragraph.push(Line {
                number: index + 1,
                tokens,
            });
        }
    }
    read_paragraph(&paragraph, &mut entries);
    entries
}

fn read_paragraph(lines: &[Line], entries: &mut Vec<Entry>) {
    let Some(first) = lines.first() else {
        return;
    };
    if first.tokens.len() == 1 && lines.len() > 1 {
        entries.push(read_sized(lines));
        return;
    }
    let width = first.tokens.len();
    let could_be_rows = SIDES.contains(&lines.len()) && SIDES.contains(&width);
    if !could_be_rows {
        entries.extend(lines.iter().map(read_instance_line));
        return;
    }
    let rows = read_rows(lines, width, first.number);
    if rows.is_ok() {
        entries.push(rows);
        return;
    }
    // Lines of an instance file can look like the rows of one board (ten
    // 3x3 instances with their lengths are ten rows of ten numbers). Read
    // them as instances when every line has an instance's count and at least
    // one reads as such; otherwise the rows reading's error is the one that
    // explains what is wrong.
    let instance_like = lines
        .iter()
        .all(|line| square_side(line.tokens.len()).is_some());
    if instance_like {
        let per_line: Vec<Entry> = lines.iter().map(read_instance_line).collect();
        if per_line.iter().any(Result::is_ok) {
            entries.extend(per_line);
            return;
        }
    }
    entries.push(rows);
}

fn read_sized(lines: &[Line]) -> Entry {
    let header = &lines[0];
    let (width, height) = parse_size(header.tokens[0]).ok_or_else(|| {
        syntax(
            header.number,
            format!(
                "{} is not a board size (write 4 for 4x4, or WxH such as 3x4)",
                quote(header.tokens[0])
            ),
        )
    })?;
    check_size(width, height).map_err(|e| at_line(header.number, e))?;
    let rows = &lines[1..];
    if rows.len() != height {
        return Err(syntax(
            header.number,
            format!(
                "the size line announces {}, but {} follow",
                count(height as u64, "row", "rows"),
                rows.len()
            ),
        ));
    }
    read_rows(rows, width, header.number)
}

/// Parses `4` (square) or `WxH` (the separators of [`split_size`], the one
/// reading of a size the address, the page and the text format share).
fn parse_size(token: &str) -> Option<(usize, usize)> {
    match split_size(token) {
        Some((w, h)) => Some((w.parse().ok()?, h.parse().ok()?)),
        None => token.parse().ok().map(|side| (side, side)),
    }
}

fn read_rows(lines: &[Line], width: usize, start: usize) -> Entry {
    let mut values = Vec::with_capacity(width * lines.len());
    for line in lines {
        if line.tokens.len() != width {
            return Err(syntax(
                line.number,
                format!(
                    "this row has {} but the first row has {width}; every row needs the same number",
                    count(line.tokens.len() as u64, "tile", "tiles")
                ),
            ));
        }
        for token in &line.tokens {
            values.push(parse_tile(token, line.number)?);
        }
    }
    let board = Board::from_tiles(width, lines.len(), &values).map_err(|e| at_line(start, e))?;
    Ok(Instance {
        board,
        expected: None,
        line: start,
    })
}

/// Errors about a whole board (unsolvable, a tile repeated, the wrong count)
/// point at no particular line when the text holds one board.
fn without_line_if_whole_board(error: BoardError) -> BoardError {
    match error {
        BoardError::AtLine { error, .. }
            if matches!(
                *error,
                BoardError::Unsolvable
                    | BoardError::Duplicate { .. }
                    | BoardError::TileCount { .. }
                    | BoardError::Size { .. }
            ) =>
        {
            *error
        }
        other => other,
    }
}

/// Attaches a line number to an error that has none.
fn at_line(line: usize, error: BoardError) -> BoardError {
    match error {
        BoardError::AtLine { .. } => error,
        other => BoardError::AtLine {
            line,
            error: Box::new(other),
        },
    }
}

fn syntax(line: usize, reason: String) -> BoardError {
    at_line(line, BoardError::Syntax { reason })
}

fn read_instance_line(line: &Line) -> Entry {
    let at_line = |error| at_line(line.number, error);
    let prefix = line.tokens[0].trim_end_matches(':');
    let size = Some(prefix)
        .filter(|token| token.contains(['x', 'X']))
        .and_then(parse_size);
    let (size, tiles) = match size {
        Some(size) => (Some(size), &line.tokens[1..]),
        None => (None, &line.tokens[..]),
    };
    // A size out of range is refused before the tiles are counted against
    // it (a side as large as the text can spell would overflow the count).
    if let Some((w, h)) = size {
        check_size(w, h).map_err(at_line)?;
    }
    let (width, height, with_length) = match size {
        Some((w, h)) if tiles.len() == w * h => (w, h, false),
        Some((w, h)) if tiles.len() == w * h + 1 => (w, h, true),
        Some((w, h)) => {
            return Err(at_line(BoardError::TileCount {
                width: w,
                height: h,
                found: tiles.len(),
            }))
        }
        None => match square_side(tiles.len()) {
            Some((side, with_length)) => (side, side, with_length),
            None => {
                return Err(syntax(
                    line.number,
                    format!(
                        "{} {} not make a square board (with or without a solution \
                         length after the tiles); give the rows one per line, or start the \
                         line with the size, such as 3x4",
                        count(tiles.len() as u64, "number", "numbers"),
                        if tiles.len() == 1 { "does" } else { "do" }
                    ),
                ))
            }
        },
    };
    let tile_count = width * height;
    let values = tiles[..tile_count]
        .iter()
        .map(|token| parse_tile(token, line.number))
        .collect::<Result<Vec<_>, _>>()?;
    let expected = if with_length {
        let token = tiles[tile_count];
        Some(token.parse::<u32>().map_err(|_| {
            syntax(
                line.number,
                format!("{} after the tiles is not a solution length", quote(token)),
            )
        })?)
    } else {
        None
    };
    let board = Board::from_tiles(width, height, &values).map_err(at_line)?;
    Ok(Instance {
        board,
        expected,
        line: line.number,
    })
}

/// For a token count, the side of the square board it fills, and whether one
/// extra number (a solution length) follows the tiles. `k*k` and `k*k + 1`
/// never coincide for k >= 2, so the answer is unique.
fn square_side(count: usize) -> Option<(usize, bool)> {
    SIDES.clone().find_map(|side| {
        if count == side * side {
            Some((side, false))
        } else if count == side * side + 1 {
            Some((side, true))
        } else {
            None
        }
    })
}

fn parse_tile(token: &str, line: usize) -> Result<i64, BoardError> {
    if token == "*" || token == "_" {
        return Ok(0);
    }
    token.parse::<i64>().map_err(|_| {
        at_line(
            line,
            BoardError::NotATile {
                value: token.to_string(),
            },
        )
    })
}
