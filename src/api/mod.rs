//! The JavaScript API, for embedders and for tests: a [`Puzzle`] to shuffle,
//! slide, undo, hint and solve, [`Pegs`], a game of peg solitaire to
//! jump, undo, hint and solve, and route finding over a floor plan's
//! waypoints ([`Route`]) or a map's pixels ([`RouteGrid`]). Reachable from
//! the page as `window.wasmBindings.Puzzle` and so on.
//!
//! Arguments are checked before anything happens (`api/args.rs`): a value
//! of the wrong kind throws a `TypeError`, a number that is not a whole
//! number in range a `RangeError`, each naming the function and the
//! argument. Other bad input (an unsolvable board, malformed text) throws an
//! `Error` whose message says what is wrong; nothing here panics on input.
//!
//! `solve()` and `hint()` run synchronously: quick for 3x3 and for any
//! board by reduction, but an optimal 4x4 search can take a while, so pages
//! should call them from a Web Worker, as this game's own page does.

mod args;
mod blocks;

pub use blocks::Blocks;

use wasm_bindgen::prelude::*;

use std::ops::RangeInclusive;
use std::sync::Arc;

use args::{bytes, integer, list, optional_integer, optional_string, string, Arg};

use crate::app::history::History;
use crate::app::known::Known;
use crate::app::sliding::SlidingPuzzle;
use crate::pegs::{
    self, hole_name, layout as peg_layout, layouts as peg_layouts, Goal, Jump, PegBoard, PegSolver,
    HOLES,
};
use crate::route::grid::MAX_PIXELS;
use crate::route::{format_nodes, maze, parse_nodes, Grid, Moves, Waypoints};
use crate::search::Unlimited;
use crate::sliding::fifteen::{self, Tables};
use crate::sliding::twentyfour;
use crate::sliding::{
    format_moves, is_optimal_size, Board, Dir, Move, Notation, Solver, TextFormat, MAX_SIDE,
    MIN_SIDE,
};

/// A sliding puzzle with its undo history, its solver and the best solution
/// known.
#[wasm_bindgen]
pub struct Puzzle {
    history: History<Board>,
    solver: Solver,
    known: Option<Known<Board, Move>>,
}

/// The 4x4 pattern databases, which make 4x4 solving optimal in a blink.
/// Read them once from the file the build produces and give them to every
/// [`Puzzle`] that needs them ([`Puzzle::use_tables`]); they are shared,
/// not copied.
#[wasm_bindgen]
pub struct PatternTables {
    tables: Arc<Tables>,
}

#[wasm_bindgen]
impl PatternTables {
    /// Reads the tables' file, decompressed (the build serves it gzipped as
    /// `tables/` + [`PatternTables::file_name`] + `.gz`). Throws with the
    /// reason for a damaged file.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: JsValue) -> Result<PatternTables, JsValue> {
        let bytes = args::bytes(&bytes, Arg::new("PatternTables.fromBytes", "bytes"))?;
        let tables = Tables::from_bytes(&bytes).map_err(js_error)?;
        Ok(PatternTables {
            tables: Arc::new(tables),
        })
    }

    /// The name of the tables' file.
    #[wasm_bindgen(js_name = fileName)]
    pub fn file_name() -> String {
        fifteen::TABLE_FILE.to_string()
    }
}

/// The 5x5 pattern databases, which guide the near-optimal solver of 5x5
/// and larger boards (within a few percent of the shortest solution on a
/// 5x5, in well under a second). Read them once from the file the build
/// produces and give them to every [`Puzzle`] that needs them
/// ([`Puzzle::use_near_tables`]); they are shared, not copied.
#[wasm_bindgen]
pub struct NearTables {
    tables: Arc<twentyfour::Tables>,
}

#[wasm_bindgen]
impl NearTables {
    /// Reads the tables' file, decompressed (the build serves it gzipped as
    /// `tables/` + [`NearTables::file_name`] + `.gz`). Throws with the
    /// reason for a damaged file.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: JsValue) -> Result<NearTables, JsValue> {
        let bytes = args::bytes(&bytes, Arg::new("NearTables.fromBytes", "bytes"))?;
        let tables = twentyfour::Tables::from_bytes(&bytes).map_err(js_error)?;
        Ok(NearTables {
            tables: Arc::new(tables),
        })
    }

    /// The name of the tables' file.
    #[wasm_bindgen(js_name = fileName)]
    pub fn file_name() -> String {
        twentyfour::TABLE_FILE.to_string()
    }
}

/// An `Error` with the message of a refusal from the core.
fn js_error(error: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&error.to_string()).into()
}

/// Reads a seed: a whole number from 0 to 2^53, or a BigInt from 0 to
/// 2^64 - 1.
fn read_seed(seed: &JsValue, arg: Arg) -> Result<u64, JsValue> {
    const WANTED: &str = "a whole number from 0 to 2^53, or a BigInt from 0 to 2^64 - 1";
    if seed.is_bigint() {
        return u64::try_from(seed.clone()).map_err(|_| arg.range_error(WANTED, seed));
    }
    let Some(n) = seed.as_f64() else {
        return Err(arg.type_error("a number or a BigInt", seed));
    };
    if n.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(&n) {
        Ok(n as u64)
    } else {
        Err(arg.range_error(WANTED, seed))
    }
}

/// A board's width or height.
fn side(value: &JsValue, arg: Arg) -> Result<usize, JsValue> {
    integer(value, arg, MIN_SIDE..=MAX_SIDE)
}

/// Any count or coordinate the core checks itself (a tile that may not
/// exist, a pixel that may be off the map).
const ANY: RangeInclusive<u32> = 0..=u32::MAX;

#[wasm_bindgen]
impl Puzzle {
    /// A solved puzzle of `width` x `height` (each from 2 to 10).
    #[wasm_bindgen(constructor)]
    pub fn new(width: JsValue, height: JsValue) -> Result<Puzzle, JsValue> {
        let width = side(&width, Arg::new("new Puzzle", "width"))?;
        let height = side(&height, Arg::new("new Puzzle", "height"))?;
        Ok(Puzzle::from_board(
            Board::solved(width, height).map_err(js_error)?,
        ))
    }

    /// A puzzle from its tiles in row-major order (an array or a typed
    /// array), 0 for the blank. Throws if the size is out of range, the
    /// tiles are not each of `0..width*height` exactly once, or the
    /// position is unsolvable.
    #[wasm_bindgen(js_name = fromTiles)]
    pub fn from_tiles(width: JsValue, height: JsValue, tiles: JsValue) -> Result<Puzzle, JsValue> {
        const FUNCTION: &str = "Puzzle.fromTiles";
        let width = side(&width, Arg::new(FUNCTION, "width"))?;
        let height = side(&height, Arg::new(FUNCTION, "height"))?;
        let last = (width * height - 1) as i64;
        let tiles = list(&tiles, Arg::new(FUNCTION, "tiles"))?
            .iter()
            .enumerate()
            .map(|(i, tile)| integer(tile, Arg::new(FUNCTION, &format!("tiles[{i}]")), 0..=last))
            .collect::<Result<Vec<i64>, JsValue>>()?;
        Ok(Puzzle::from_board(
            Board::from_tiles(width, height, &tiles).map_err(js_error)?,
        ))
    }

    /// A puzzle from text in any of the formats the game reads (rows with 0
    /// or `*` for the blank, optionally after a size line). Throws with the
    /// line and the problem if the text is not one valid, solvable board.
    pub fn parse(text: JsValue) -> Result<Puzzle, JsValue> {
        let text = string(&text, Arg::new("Puzzle.parse", "text"))?;
        Ok(Puzzle::from_board(Board::parse(&text).map_err(js_error)?))
    }

    fn from_board(board: Board) -> Puzzle {
        Puzzle {
            history: History::new(board),
            solver: Solver::default(),
            known: None,
        }
    }

    /// Solves 4x4 boards with these pattern databases from now on (without
    /// them, `solve()` on a hard 4x4 can take minutes).
    #[wasm_bindgen(js_name = useTables)]
    pub fn use_tables(&mut self, tables: &PatternTables) {
        self.solver = self
            .solver
            .clone()
            .with_fifteen(Some(Arc::clone(&tables.tables)));
    }

    /// Solves boards of 5x5 and up with these pattern databases from now on
    /// (without them, `solve()` still answers near-optimally, but its
    /// solutions are longer).
    #[wasm_bindgen(js_name = useNearTables)]
    pub fn use_near_tables(&mut self, tables: &NearTables) {
        self.solver = self
            .solver
            .clone()
            .with_5x5(Some(Arc::clone(&tables.tables)));
        self.known = None;
    }

    fn board(&self) -> &Board {
        self.history.current()
    }

    /// Replaces the board with a random solvable one of the same size, fixed
    /// by `seed` (a number or a BigInt): the same seed gives the same board.
    /// Never the solved board. Clears the undo history.
    pub fn shuffle(&mut self, seed: JsValue) -> Result<(), JsValue> {
        let seed = read_seed(&seed, Arg::new("Puzzle.shuffle", "seed"))?;
        let board = Board::shuffled(self.width(), self.height(), seed).map_err(js_error)?;
        self.history = History::new(board);
        self.known = None;
        Ok(())
    }

    /// The tiles in row-major order, 0 for the blank.
    pub fn tiles(&self) -> Vec<u8> {
        self.board().tiles().to_vec()
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.board().width()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.board().height()
    }

    /// Slides `tile` towards the blank, with the tiles between them if it is
    /// further along the blank's row or column. Returns how many tiles moved:
    /// 0 (and nothing changes) if the tile is not in line with the blank or
    /// does not exist. Throws if `tile` is not a whole number from 0 to
    /// 2^32 - 1.
    pub fn slide(&mut self, tile: JsValue) -> Result<usize, JsValue> {
        let tile = integer(&tile, Arg::new("Puzzle.slide", "tile"), ANY)?;
        let Ok(tile) = u8::try_from(tile) else {
            return Ok(0);
        };
        Ok(self.play(Move::Slide(tile)))
    }

    /// Slides the tile next to the blank in `direction` ("up", "down", "left"
    /// or "right", as the arrow keys do). Returns 1, or 0 if no tile lies on
    /// that side of the blank. Throws on any other direction.
    pub fn push(&mut self, direction: JsValue) -> Result<usize, JsValue> {
        let direction = string(&direction, Arg::new("Puzzle.push", "direction"))?;
        let dir = match direction.to_ascii_lowercase().as_str() {
            "up" => Dir::Up,
            "down" => Dir::Down,
            "left" => Dir::Left,
            "right" => Dir::Right,
            _ => {
                return Err(js_error(format!(
                    "'{direction}' is not a direction: use up, down, left or right"
                )))
            }
        };
        Ok(self.play(Move::Push(dir)))
    }

    fn play(&mut self, mv: Move) -> usize {
        match self.board().apply(mv) {
            Ok(next) => {
                let moved = self.board().slide_length(&next);
                self.history.push(next);
                moved
            }
            Err(_) => 0,
        }
    }

    /// Takes back the last slide; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.history.undo()
    }

    /// Replays the last slide taken back; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.history.redo()
    }

    /// Whether the tiles are in order with the blank bottom-right.
    #[wasm_bindgen(js_name = isSolved)]
    pub fn is_solved(&self) -> bool {
        self.board().is_solved()
    }

    /// The tiles to slide, one per move and in order, to solve the puzzle:
    /// a shortest solution where [`Puzzle::is_optimal_size`] holds, one
    /// within a few percent of the shortest on 5x5 and larger boards (given
    /// [`NearTables`]), a correct one otherwise. Empty when solved. Does not change the puzzle.
    pub fn solve(&mut self) -> Vec<u8> {
        let moves = self.known_moves();
        self.board()
            .tiles_for_path(&moves)
            .expect("solver moves stay on the board")
    }

    /// The same solution as the blank's moves, one letter each (u, d, l, r).
    #[wasm_bindgen(js_name = solvePath)]
    pub fn solve_path(&mut self) -> String {
        format_moves(&self.known_moves(), Notation::Blank)
    }

    /// The next tile of the solution `solve()` gives; undefined when solved.
    /// Following hints reuses the solution, so later hints are instant.
    pub fn hint(&mut self) -> Option<u8> {
        let moves = self.known_moves();
        let first = *moves.first()?;
        self.board().tile_moved_by(first)
    }

    /// How many moves the solution `solve()` gives takes: the distance to the
    /// goal where the size allows optimal solving.
    pub fn distance(&mut self) -> usize {
        self.known_moves().len()
    }

    /// Whether `solve()` returns shortest solutions for boards of this size
    /// (each side from 2 to 10).
    #[wasm_bindgen(js_name = isOptimalSize)]
    pub fn is_optimal_size(width: JsValue, height: JsValue) -> Result<bool, JsValue> {
        let width = side(&width, Arg::new("Puzzle.isOptimalSize", "width"))?;
        let height = side(&height, Arg::new("Puzzle.isOptimalSize", "height"))?;
        Ok(is_optimal_size(width, height))
    }

    /// The board as rows of numbers, 0 for the blank.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.board().to_text(TextFormat::Rows)
    }

    fn known_moves(&mut self) -> Vec<Dir> {
        let blank = |moves: &[Move]| {
            moves
                .iter()
                .map(|mv| match mv {
                    Move::Blank(dir) => *dir,
                    _ => unreachable!("known solutions are the solver's blank moves"),
                })
                .collect()
        };
        if let Some(moves) = self.known.as_ref().and_then(|k| k.remaining(self.board())) {
            return blank(moves);
        }
        let plan = match self.solver.solve(self.board(), &mut Unlimited) {
            Ok(plan) => plan,
            Err(never) => unreachable!("an unlimited search is never interrupted: {never}"),
        };
        let moves = plan.moves.iter().map(|&dir| Move::Blank(dir)).collect();
        let known = Known::follow(&SlidingPuzzle, self.board(), moves, plan.optimal)
            .expect("the solver's solutions solve the board");
        self.known = Some(known);
        plan.moves
    }
}

/// A game of peg solitaire on the English 33-hole board, with its undo
/// history and a solver that remembers the positions it found lost.
///
/// Holes are numbered 0 to 32 row by row (rows of 3, 3, 7, 7, 7, 3, 3 holes;
/// 16 is the centre). Jumps are given and returned as pairs of holes, from
/// and to: `solve()` returns `[from, to, from, to, ...]`.
#[wasm_bindgen]
pub struct Pegs {
    history: History<PegBoard>,
    solver: PegSolver,
}

#[wasm_bindgen]
impl Pegs {
    /// The start of a layout (`"classic"` when none is given: 32 pegs, the
    /// centre empty), with its goal. Throws for an unknown layout.
    #[wasm_bindgen(constructor)]
    pub fn new(layout: JsValue) -> Result<Pegs, JsValue> {
        let layout = optional_string(&layout, Arg::new("new Pegs", "layout"))?;
        let id = layout.as_deref().unwrap_or("classic");
        let layout = peg_layout(id).ok_or_else(|| {
            js_error(format!(
                "there is no layout called '{id}': try one of {}",
                Pegs::layouts().join(", ")
            ))
        })?;
        Ok(Pegs::from_board(layout.start, layout.goal))
    }

    /// A position in the text format (seven rows of `o` for a peg and `.` for
    /// an empty hole, or the one-line form), to finish with one peg in the
    /// centre. Throws with the reason for malformed text.
    pub fn parse(text: JsValue) -> Result<Pegs, JsValue> {
        let text = string(&text, Arg::new("Pegs.parse", "text"))?;
        let board = pegs::parse(&text).map_err(js_error)?;
        Ok(Pegs::from_board(board, Goal::CENTRE))
    }

    fn from_board(board: PegBoard, goal: Goal) -> Pegs {
        Pegs {
            history: History::new(board),
            solver: PegSolver::new(goal),
        }
    }

    /// The names of the layouts `new` accepts.
    pub fn layouts() -> Vec<String> {
        peg_layouts().iter().map(|l| l.id.to_string()).collect()
    }

    fn board(&self) -> PegBoard {
        *self.history.current()
    }

    /// The holes holding pegs, in increasing order.
    pub fn pegs(&self) -> Vec<u8> {
        self.board().pegs().map(|hole| hole as u8).collect()
    }

    /// How many pegs are left.
    #[wasm_bindgen(js_name = pegsLeft)]
    pub fn pegs_left(&self) -> u32 {
        self.board().count()
    }

    /// The hole the last peg must end in, or -1 when any hole will do.
    #[wasm_bindgen(js_name = goalHole)]
    pub fn goal_hole(&self) -> i32 {
        self.solver.goal().hole().map_or(-1, |hole| hole as i32)
    }

    /// Sets the goal: a hole from 0 to 32, or -1 for any hole.
    #[wasm_bindgen(js_name = setGoal)]
    pub fn set_goal(&mut self, hole: JsValue) -> Result<(), JsValue> {
        let hole = integer(
            &hole,
            Arg::new("Pegs.setGoal", "hole"),
            -1..=LAST_HOLE as i8,
        )?;
        let goal = match u8::try_from(hole) {
            Ok(hole) => Goal::Hole(hole),
            Err(_) => Goal::AnyHole,
        };
        if goal != self.solver.goal() {
            self.solver = PegSolver::new(goal);
        }
        Ok(())
    }

    /// Jumps the peg in hole `from` to hole `to`, removing the peg between.
    /// Throws, changing nothing, if that is not a legal jump.
    pub fn jump(&mut self, from: JsValue, to: JsValue) -> Result<(), JsValue> {
        let from = integer(&from, Arg::new("Pegs.jump", "from"), 0..=LAST_HOLE)?;
        let to = integer(&to, Arg::new("Pegs.jump", "to"), 0..=LAST_HOLE)?;
        let jump = Jump::between(from, to).ok_or_else(|| {
            js_error(format!(
                "{} to {} is not a jump: a peg jumps two holes along a row or column",
                hole_name(from),
                hole_name(to)
            ))
        })?;
        let next = self.board().apply(jump).map_err(js_error)?;
        self.history.push(next);
        Ok(())
    }

    /// The legal jumps, as pairs `[from, to, from, to, ...]`.
    #[wasm_bindgen(js_name = legalJumps)]
    pub fn legal_jumps(&self) -> Vec<u8> {
        flatten(&self.board().jumps())
    }

    /// Takes back the last jump; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.history.undo()
    }

    /// Replays the last jump taken back; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.history.redo()
    }

    /// Whether the goal is met.
    #[wasm_bindgen(js_name = isWon)]
    pub fn is_won(&self) -> bool {
        self.solver.goal().is_met(self.board())
    }

    /// Whether no jump is left.
    #[wasm_bindgen(js_name = isStuck)]
    pub fn is_stuck(&self) -> bool {
        self.board().is_stuck()
    }

    /// The jumps of a solution from here, as pairs `[from, to, ...]` (empty
    /// when the goal is met), or `undefined` when the goal cannot be reached.
    /// Synchronous: usually milliseconds, but call it from a worker if the
    /// page must never wait.
    pub fn solve(&mut self) -> Option<Vec<u8>> {
        let board = self.board();
        let solution = self
            .solver
            .solve(board, &mut Unlimited)
            .expect("an unlimited search is never interrupted")?;
        Some(flatten(&solution.moves))
    }

    /// A jump that keeps the game winnable, as `[from, to]`, or `undefined`
    /// when there is none (the position is lost or already won).
    pub fn hint(&mut self) -> Option<Vec<u8>> {
        self.solve()
            .filter(|jumps| !jumps.is_empty())
            .map(|jumps| jumps[..2].to_vec())
    }

    /// Whether the goal can still be reached.
    #[wasm_bindgen(js_name = isWinnable)]
    pub fn is_winnable(&mut self) -> bool {
        self.solve().is_some()
    }

    /// A hole's name: column letter and row number, `d4` for the centre.
    #[wasm_bindgen(js_name = holeName)]
    pub fn hole_name_of(hole: JsValue) -> Result<String, JsValue> {
        let hole = integer(&hole, Arg::new("Pegs.holeName", "hole"), 0..=LAST_HOLE)?;
        Ok(hole_name(hole))
    }

    /// The position in the text format (seven rows).
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        pegs::format(self.board())
    }
}

/// The highest hole number.
const LAST_HOLE: usize = HOLES - 1;

fn flatten(jumps: &[Jump]) -> Vec<u8> {
    jumps.iter().flat_map(|j| [j.from, j.to]).collect()
}

/// A floor plan's waypoints (the nodes format: `x y n1 n2 ...` a line, the
/// first the start and the last the goal) and the shortest route through
/// them.
///
/// ```js
/// const plan = Route.fromNodes(text);          // throws: "line 3: ..."
/// const { path, distance } = plan.shortest();  // [0, 3, 4, 7, 8, 9], 322.51...
/// ```
#[wasm_bindgen]
pub struct Route {
    waypoints: Waypoints,
}

#[wasm_bindgen]
impl Route {
    /// Reads a nodes text; throws an `Error` with the line and the reason
    /// if it is malformed.
    #[wasm_bindgen(js_name = fromNodes)]
    pub fn from_nodes(text: JsValue) -> Result<Route, JsValue> {
        let text = string(&text, Arg::new("Route.fromNodes", "text"))?;
        parse_nodes(&text)
            .map(|waypoints| Route { waypoints })
            .map_err(js_error)
    }

    /// How many waypoints there are.
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> usize {
        self.waypoints.len()
    }

    /// The shortest route from the first waypoint to the last, as
    /// `{ path, distance }` (`path`: the waypoints' indices, start to goal;
    /// `distance`: its length in pixels), or `null` if they are not
    /// connected.
    pub fn shortest(&self) -> JsValue {
        self.route(0, self.waypoints.len() - 1)
    }

    /// The same between waypoints `from` and `to`; throws a `RangeError`
    /// if either does not exist.
    #[wasm_bindgen(js_name = shortestBetween)]
    pub fn shortest_between(&self, from: JsValue, to: JsValue) -> Result<JsValue, JsValue> {
        let last = self.waypoints.len() - 1;
        let from = integer(&from, Arg::new("Route.shortestBetween", "from"), 0..=last)?;
        let to = integer(&to, Arg::new("Route.shortestBetween", "to"), 0..=last)?;
        Ok(self.route(from, to))
    }

    /// The shortest route between two waypoints that exist, as a
    /// `{ path, distance, expanded }` object or `null`.
    fn route(&self, from: usize, to: usize) -> JsValue {
        match self.waypoints.shortest(from, to) {
            Some(route) => {
                let path: js_sys::Array = route.path.iter().map(|&i| JsValue::from(i)).collect();
                route_object(path.into(), route.distance, route.expanded)
            }
            None => JsValue::NULL,
        }
    }

    /// The waypoints in the nodes format.
    #[wasm_bindgen(js_name = toNodes)]
    pub fn to_nodes(&self) -> String {
        format_nodes(&self.waypoints)
    }
}

/// `{ path, distance, expanded }`.
fn route_object(path: JsValue, distance: f64, expanded: u64) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in [
        ("path", path),
        ("distance", JsValue::from(distance)),
        ("expanded", JsValue::from(expanded as f64)),
    ] {
        js_sys::Reflect::set(&object, &JsValue::from_str(key), &value)
            .expect("a plain object takes any key");
    }
    object.into()
}

/// A map as a grid of pixels, walkable where the image is light, and the
/// shortest walk across it.
///
/// ```js
/// const map = RouteGrid.fromRgba(width, height, imageData.data);   // threshold 128
/// const walk = map.shortest(0, 0, width - 1, height - 1, "8");     // or "4"
/// // walk: { path: [[0, 0], [1, 1], ...], distance, expanded } or null
/// ```
#[wasm_bindgen]
pub struct RouteGrid {
    grid: Grid,
}

#[wasm_bindgen]
impl RouteGrid {
    /// From RGBA pixels (an `ImageData`'s `data`): pixels whose lightness is
    /// at least `threshold` (0 to 255, 128 if not given) are walkable,
    /// transparent ones are walls. Throws if the bytes are not
    /// `width * height * 4`.
    #[wasm_bindgen(js_name = fromRgba)]
    pub fn from_rgba(
        width: JsValue,
        height: JsValue,
        rgba: JsValue,
        threshold: JsValue,
    ) -> Result<RouteGrid, JsValue> {
        const FUNCTION: &str = "RouteGrid.fromRgba";
        let (width, height, threshold) = image_size(FUNCTION, &width, &height, &threshold)?;
        let rgba = bytes(&rgba, Arg::new(FUNCTION, "rgba"))?;
        Grid::from_rgba(width, height, &rgba, threshold)
            .map(|grid| RouteGrid { grid })
            .map_err(js_error)
    }

    /// From a gray image, one byte a pixel; as [`RouteGrid::from_rgba`].
    #[wasm_bindgen(js_name = fromGray)]
    pub fn from_gray(
        width: JsValue,
        height: JsValue,
        gray: JsValue,
        threshold: JsValue,
    ) -> Result<RouteGrid, JsValue> {
        const FUNCTION: &str = "RouteGrid.fromGray";
        let (width, height, threshold) = image_size(FUNCTION, &width, &height, &threshold)?;
        let gray = bytes(&gray, Arg::new(FUNCTION, "gray"))?;
        Grid::from_gray(width, height, &gray, threshold)
            .map(|grid| RouteGrid { grid })
            .map_err(js_error)
    }

    /// A seeded perfect maze of `wide` x `high` cells (`2 * wide + 1` by
    /// `2 * high + 1` pixels; its start is (1, 1), its goal the pixel
    /// diagonally in from the bottom-right corner).
    pub fn maze(wide: JsValue, high: JsValue, seed: JsValue) -> Result<RouteGrid, JsValue> {
        // Past this a side alone has more pixels than a map may: `maze`
        // refuses such sizes, and they cannot overflow its arithmetic.
        let cells = 1..=MAX_PIXELS;
        let wide = integer(&wide, Arg::new("RouteGrid.maze", "wide"), cells.clone())?;
        let high = integer(&high, Arg::new("RouteGrid.maze", "high"), cells)?;
        let seed = read_seed(&seed, Arg::new("RouteGrid.maze", "seed"))?;
        maze(wide, high, seed)
            .map(|made| RouteGrid { grid: made.grid })
            .map_err(js_error)
    }

    /// The width in pixels.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// The height in pixels.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// The map's pixels, row by row: 1 walkable, 0 a wall (to draw the
    /// map, or to hand it to a worker).
    pub fn walkable(&self) -> Vec<u8> {
        self.grid.walkable_bytes()
    }

    /// Whether the pixel at (`x`, `y`) is on the map and walkable.
    #[wasm_bindgen(js_name = isWalkable)]
    pub fn is_walkable(&self, x: JsValue, y: JsValue) -> Result<bool, JsValue> {
        let x = integer(&x, Arg::new("RouteGrid.isWalkable", "x"), ANY)?;
        let y = integer(&y, Arg::new("RouteGrid.isWalkable", "y"), ANY)?;
        Ok(self.grid.is_walkable((x as usize, y as usize)))
    }

    /// The shortest walk from (`from_x`, `from_y`) to (`to_x`, `to_y`) with
    /// `moves` `"4"` (up, down, left, right), `"8"` (diagonals too; the
    /// default) or `"any"` (straight lines in any direction between the
    /// pixels where the route turns), as `{ path, distance, expanded }`
    /// (`path`: `[x, y]` pairs, start to goal; for `"any"`, the start, the
    /// turns and the goal), or `null` if walls part them. Throws if the start or
    /// the goal is off the map or on a wall, or `moves` is neither.
    pub fn shortest(
        &self,
        from_x: JsValue,
        from_y: JsValue,
        to_x: JsValue,
        to_y: JsValue,
        moves: JsValue,
    ) -> Result<JsValue, JsValue> {
        const FUNCTION: &str = "RouteGrid.shortest";
        let [from_x, from_y, to_x, to_y] = [
            (&from_x, "fromX"),
            (&from_y, "fromY"),
            (&to_x, "toX"),
            (&to_y, "toY"),
        ]
        .map(|(value, name)| integer(value, Arg::new(FUNCTION, name), ANY).map(|n| n as usize));
        let (from, to) = ((from_x?, from_y?), (to_x?, to_y?));
        let moves = optional_string(&moves, Arg::new(FUNCTION, "moves"))?;
        let moves = match moves.as_deref() {
            Some("8") | None => Moves::Eight,
            Some("4") => Moves::Four,
            Some("any") => Moves::AnyAngle,
            Some(other) => {
                return Err(js_error(format!(
                    "moves must be \"4\", \"8\" or \"any\", not \"{other}\""
                )))
            }
        };
        let found = self
            .grid
            .shortest(from, to, moves, moves.estimate())
            .map_err(js_error)?;
        Ok(match found {
            Some(walk) => {
                let path: js_sys::Array = walk
                    .pixels
                    .iter()
                    .map(|&(x, y)| -> JsValue {
                        [JsValue::from(x), JsValue::from(y)]
                            .into_iter()
                            .collect::<js_sys::Array>()
                            .into()
                    })
                    .collect();
                route_object(path.into(), walk.distance, walk.expanded)
            }
            None => JsValue::NULL,
        })
    }
}

/// An image's width, height and threshold (0 to 255, 128 if not given).
fn image_size(
    function: &str,
    width: &JsValue,
    height: &JsValue,
    threshold: &JsValue,
) -> Result<(usize, usize, u8), JsValue> {
    let width = integer(width, Arg::new(function, "width"), ANY)?;
    let height = integer(height, Arg::new(function, "height"), ANY)?;
    let threshold = optional_integer(threshold, Arg::new(function, "threshold"), 0..=u8::MAX)?;
    Ok((width as usize, height as usize, threshold.unwrap_or(128)))
}
