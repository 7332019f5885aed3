//! The Moving AI Lab's grid benchmark formats (N. Sturtevant, "Benchmarks
//! for Grid-Based Pathfinding", 2012): maps (`.map`) and scenario files
//! (`.map.scen`), the field's standard test of grid pathfinding.
//!
//! A map is a header and then its rows, one character a cell:
//!
//! ```text
//! type octile
//! height 3
//! width 4
//! map
//! @@@@
//! @..T
//! @@@@
//! ```
//!
//! `.`, `G` and `S` are walkable; `@`, `O`, `T` (trees) and `W` (water)
//! are not. Lines may end in CRLF (the street maps do).
//!
//! A scenario file is `version 1` and then one scenario a line, tab
//! separated: `bucket map width height start_x start_y goal_x goal_y
//! optimal_length`, x the column and y the row from 0 at the top left. The
//! optimal lengths are for 8-connected moves costing 1 and √2 with no
//! corner cutting, the rule of [`Grid::each_step`].

use super::grid::{check_size, Grid, Pixel, MAX_SIDE};
use crate::quote::quote;

/// Why a Moving AI text was refused: the line (1-based, counting every
/// line of the text) where that is known, and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovingAiError {
    /// The line at fault, if one is.
    pub line: Option<usize>,
    /// What is wrong, in lower case.
    pub reason: String,
}

/// Why a `.map` was refused.
pub type MapError = MovingAiError;

/// Why a `.map.scen` (or one of its scenarios on its map) was refused.
pub type ScenError = MovingAiError;

impl std::fmt::Display for MovingAiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for MovingAiError {}

fn at(line: usize, reason: String) -> MovingAiError {
    MovingAiError {
        line: Some(line),
        reason,
    }
}

/// The text's lines, numbered from 1, without their line endings (LF or
/// CRLF) and without a byte-order mark at the start.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.strip_suffix('\r').unwrap_or(line)))
}

/// Whether a map character is a walkable cell; `None` if it is not a map
/// character at all.
fn walkable(c: char) -> Option<bool> {
    match c {
        '.' | 'G' | 'S' => Some(true),
        '@' | 'O' | 'T' | 'W' => Some(false),
        _ => None,
    }
}

/// A header line's value: `name N` with N a side length.
fn side(line: usize, words: &[&str], name: &str) -> Result<usize, MovingAiError> {
    let [_, value] = words else {
        return Err(at(line, format!("'{name}' needs one number after it")));
    };
    match value.parse::<usize>() {
        Ok(n) => Ok(n),
        Err(_) => Err(at(
            line,
            format!("the {name} {} is not a whole number", quote(value)),
        )),
    }
}

/// Reads a Moving AI `.map` as a grid.
///
/// The header is `type octile`, then `height H` and `width W` (in either
/// order), then `map`; then exactly H rows of W cells. Blank lines after
/// the last row are ignored.
///
/// # Errors
/// With the line and the reason: a wrong or missing header line, a size
/// that is not a whole number, a size beyond [`MAX_SIDE`] a side or
/// [`MAX_PIXELS`](super::grid::MAX_PIXELS) in all (refused from the header, before anything of that
/// size is made), a row too short or too long, an unknown character, fewer
/// rows than the height, or more.
pub fn parse_map(text: &str) -> Result<Grid, MapError> {
    let mut lines = numbered_lines(text);
    let mut last = 0;
    let mut next = |what: &str| -> Result<(usize, &str), MovingAiError> {
        match lines.next() {
            Some((number, line)) => {
                last = number;
                Ok((number, line))
            }
            None => Err(MovingAiError {
                line: Some(last + 1),
                reason: format!("the map ends before {what}"),
            }),
        }
    };

    let (number, line) = next("its header 'type octile'")?;
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"type") {
        return Err(at(
            number,
            format!(
                "a Moving AI map starts with 'type octile', not {}",
                quote(line)
            ),
        ));
    }
    if words[1..] != ["octile"] {
        return Err(at(
            number,
            format!(
                "only octile maps are read ('type octile'), not {}",
                quote(line)
            ),
        ));
    }

    // Each side and the line that gives it.
    let (mut height, mut width) = (None, None);
    while height.is_none() || width.is_none() {
        let (number, line) = next("its height and width")?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first() {
            Some(&"height") if height.is_none() => {
                height = Some((side(number, &words, "height")?, number))
            }
            Some(&"width") if width.is_none() => {
                width = Some((side(number, &words, "width")?, number))
            }
            _ => {
                let wanted = match (height, width) {
                    (None, None) => "'height H' and 'width W'",
                    (None, Some(_)) => "'height H'",
                    _ => "'width W'",
                };
                return Err(at(
                    number,
                    format!("the header needs {wanted} here, not {}", quote(line)),
                ));
            }
        }
    }
    let ((height, height_line), (width, width_line)) =
        (height.unwrap_or((0, 0)), width.unwrap_or((0, 0)));
    // Refused from the header, before anything of its size is made; on
    // the line of the side at fault (the later one if it is both).
    let fault = if height == 0 || height > MAX_SIDE {
        height_line
    } else if width == 0 || width > MAX_SIDE {
        width_line
    } else {
        height_line.max(width_line)
    };
    check_size(width, height).map_err(|reason| at(fault, reason))?;

    let (number, line) = next("the line 'map'")?;
    if line.trim() != "map" {
        return Err(at(
            number,
            format!("the header ends with the line 'map', not {}", quote(line)),
        ));
    }

    // Sizes are within MAX_PIXELS here, so this allocation is bounded.
    let mut cells = Vec::with_capacity(width * height);
    for row in 0..height {
        let (number, line) = match next("all its rows") {
            Ok(found) => found,
            Err(_) => {
                return Err(at(
                    last + 1,
                    format!("the map has {row} rows, not {height}: too few rows"),
                ))
            }
        };
        let mut length = 0;
        for (column, c) in line.chars().enumerate() {
            length += 1;
            if column >= width {
                // Counted below, with the whole row's length.
                continue;
            }
            match walkable(c) {
                Some(open) => cells.push(open),
                None => {
                    return Err(at(
                        number,
                        format!(
                            "unknown character {} in column {} (walkable: . G S; blocked: @ O T W)",
                            quote(&c.to_string()),
                            column + 1
                        ),
                    ))
                }
            }
        }
        if length != width {
            let which = if length < width { "short" } else { "long" };
            return Err(at(
                number,
                format!(
                    "row {} is {length} cells long, not {width}: too {which}",
                    row + 1
                ),
            ));
        }
    }
    for (number, line) in lines {
        if !line.trim().is_empty() {
            return Err(at(
                number,
                format!("the map has more than its {height} rows: {}", quote(line)),
            ));
        }
    }
    Grid::new(width, height, cells).map_err(|reason| MovingAiError { line: None, reason })
}

/// Writes `grid` as a Moving AI `.map` (walls as `@`, walkable cells as
/// `.`), which [`parse_map`] reads back as the same grid.
pub fn format_map(grid: &Grid) -> String {
    let (width, height) = (grid.width(), grid.height());
    let mut out = format!("type octile\nheight {height}\nwidth {width}\nmap\n");
    out.reserve((width + 1) * height);
    for y in 0..height {
        for x in 0..width {
            out.push(if grid.is_walkable((x, y)) { '.' } else { '@' });
        }
        out.push('\n');
    }
    out
}

/// One scenario of a `.map.scen`: a start, a goal and the length of the
/// shortest route between them on the named map.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The line of the scenario file it was read from (1-based).
    pub line: usize,
    /// Its bucket: scenarios grouped by length, about 10 per bucket.
    pub bucket: u32,
    /// The map's file name as the scenario file gives it (the directory
    /// part, if any, is the benchmark's, not a place on this disk).
    pub map: String,
    /// The map's size, as the scenario file gives it.
    pub width: usize,
    /// The map's height, as the scenario file gives it.
    pub height: usize,
    /// Where the route starts: column, row.
    pub start: Pixel,
    /// Where the route ends.
    pub goal: Pixel,
    /// The shortest route's length (straight steps 1, diagonal ones √2,
    /// no corner cutting).
    pub optimal: f64,
}

impl Scenario {
    /// The map's file name without any directory (`maps/dao/arena.map`
    /// gives `arena.map`): where to look for it beside the scenario file.
    pub fn map_file_name(&self) -> &str {
        self.map.rsplit(['/', '\\']).next().unwrap_or(&self.map)
    }

    /// Checks the scenario against the map it is run on.
    ///
    /// # Errors
    /// With the scenario's line: the map's size disagreeing with the one
    /// the scenario gives, or its start or goal off the map or on a wall.
    pub fn check(&self, grid: &Grid) -> Result<(), ScenError> {
        if (grid.width(), grid.height()) != (self.width, self.height) {
            return Err(at(
                self.line,
                format!(
                    "the scenario is for a {} x {} map, but the map is {} x {}",
                    self.width,
                    self.height,
                    grid.width(),
                    grid.height()
                ),
            ));
        }
        for (pixel, what) in [(self.start, "start"), (self.goal, "goal")] {
            let (x, y) = pixel;
            if x >= grid.width() || y >= grid.height() {
                return Err(at(
                    self.line,
                    format!(
                        "the {what} ({x}, {y}) is off the map, which is {} x {}",
                        grid.width(),
                        grid.height()
                    ),
                ));
            }
            if !grid.is_walkable(pixel) {
                return Err(at(self.line, format!("the {what} ({x}, {y}) is on a wall")));
            }
        }
        Ok(())
    }
}

/// Reads a Moving AI scenario file.
///
/// The first line is `version 1` (or `version 1.0`); then one scenario a
/// line of nine fields separated by tabs (or spaces); blank lines are
/// ignored. A start or goal beyond the scenario's own width and height is
/// refused here; against the map itself, see [`Scenario::check`].
///
/// # Errors
/// With the line and the reason: a wrong version line, a line without its
/// nine fields, a field that is not a number (a bucket, size or
/// coordinate not a whole number, a length not a finite number from 0), a
/// size beyond [`MAX_SIDE`], a start or goal off the scenario's map; and
/// without a line, a file with no scenarios.
pub fn parse_scenarios(text: &str) -> Result<Vec<Scenario>, ScenError> {
    let mut lines = numbered_lines(text);
    let version = lines.next();
    let version_ok = version.is_some_and(|(_, line)| {
        let words: Vec<&str> = line.split_whitespace().collect();
        matches!(words[..], ["version", n] if n.parse::<f64>() == Ok(1.0))
    });
    if !version_ok {
        let line = version.map_or("", |(_, line)| line);
        return Err(at(
            1,
            format!(
                "a Moving AI scenario file starts with 'version 1', not {}",
                quote(line)
            ),
        ));
    }
    let mut scenarios = Vec::new();
    for (number, line) in lines {
        let fields: Vec<&str> = if line.contains('\t') {
            line.split('\t').map(str::trim).collect()
        } else {
            line.split_whitespace().collect()
        };
        if fields.iter().all(|f| f.is_empty()) {
            continue;
        }
        let [bucket, map, width, height, sx, sy, gx, gy, optimal] = fields[..] else {
            return Err(at(
                number,
                format!(
                    "a scenario has 9 fields (bucket, map, width, height, start x, start y, \
                     goal x, goal y, optimal length), not {}",
                    fields.len()
                ),
            ));
        };
        let whole = |word: &str, name: &str| {
            word.parse::<usize>().map_err(|_| {
                at(
                    number,
                    format!("the {name} {} is not a whole number", quote(word)),
                )
            })
        };
        let bucket = u32::try_from(whole(bucket, "bucket")?)
            .map_err(|_| at(number, format!("the bucket {} is too large", quote(bucket))))?;
        let (width, height) = (whole(width, "width")?, whole(height, "height")?);
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(at(
                number,
                format!("a map of {width} x {height} cells cannot be read: 1 to {MAX_SIDE} a side"),
            ));
        }
        let start = (whole(sx, "start x")?, whole(sy, "start y")?);
        let goal = (whole(gx, "goal x")?, whole(gy, "goal y")?);
        let optimal = match optimal.parse::<f64>() {
            Ok(value) if value.is_finite() && value >= 0.0 => value,
            _ => {
                return Err(at(
                    number,
                    format!(
                        "the optimal length {} is not a number from 0",
                        quote(optimal)
                    ),
                ))
            }
        };
        for ((x, y), what) in [(start, "start"), (goal, "goal")] {
            if x >= width || y >= height {
                return Err(at(
                    number,
                    format!("the {what} ({x}, {y}) is off the scenario's {width} x {height} map"),
                ));
            }
        }
        if map.is_empty() {
            return Err(at(number, "the scenario names no map".into()));
        }
        scenarios.push(Scenario {
            line: number,
            bucket,
            map: map.to_string(),
            width,
            height,
            start,
            goal,
            optimal,
        });
    }
    if scenarios.is_empty() {
        return Err(MovingAiError {
            line: None,
            reason: "the scenario file has no scenarios".into(),
        });
    }
    Ok(scenarios)
}

/// How far a route's length may be from a scenario's optimal length and
/// still count as equal to it.
///
/// Searches here add whole step costs, 985 a straight step and 1393 a
/// diagonal one, for 1 and √2: 1393 / 985 is off √2 by under 3.7e-7 of a
/// pixel a diagonal step, so the route found is shortest for those costs
/// and can be longer in true length than the shortest by at most that much
/// per diagonal step of either route: under 1e-6 per pixel of length. The
/// files write lengths with 8 decimals. The tolerance is thus 1e-6 of the
/// length, plus 1e-4 for the rounding of short ones (as the benchmark's
/// own checker allows). A search that cuts corners or misses the shortest
/// route is off by far more on these maps (up to 18 % on the maze).
pub fn tolerance(optimal: f64) -> f64 {
    1e-4 + 1e-6 * optimal
}

/// Whether a route of `length` matches a scenario's `optimal` length,
/// within [`tolerance`].
pub fn matches_optimal(length: f64, optimal: f64) -> bool {
    (length - optimal).abs() <= tolerance(optimal)
}
