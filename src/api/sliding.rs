//! The sliding puzzle for JavaScript: [`Puzzle`] and the pattern tables
//! that make its solver optimal or near-optimal.

use wasm_bindgen::prelude::*;

use std::sync::Arc;

use super::args::{integer, list, string, Arg};

use crate::app::history::History;
use crate::app::known::KnownSolution;
use crate::app::sliding::SlidingPuzzle;
use crate::search::Unlimited;
use crate::sliding::fifteen::{self, FifteenTables};
use crate::sliding::twentyfour;
use crate::sliding::{
    format_moves, is_optimal_size, Board, Dir, Move, Notation, Solver, TextFormat, SIDES,
};

use super::{js_error, read_seed, ANY};

/// A sliding puzzle with its undo history, its solver and the best solution
/// known.
#[wasm_bindgen]
pub struct Puzzle {
    history: History<Board>,
    solver: Solver,
    known: Option<KnownSolution<Board, Move>>,
}

/// The 4x4 pattern databases, which make 4x4 solving optimal in a blink.
/// Read them once from the file the build produces and give them to every
/// [`Puzzle`] that needs them ([`Puzzle::use_tables`]); they are shared,
/// not copied.
#[wasm_bindgen]
pub struct PatternTables {
    tables: Arc<FifteenTables>,
}

#[wasm_bindgen]
impl PatternTables {
    /// Reads the tables' file, decompressed (the build serves it gzipped as
    /// `tables/` + [`PatternTables::file_name`] + `.gz`). Throws with the
    /// reason for a damaged file.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: JsValue) -> Result<PatternTables, JsValue> {
        let bytes = super::args::bytes(&bytes, Arg::new("PatternTables.fromBytes", "bytes"))?;
        let tables = FifteenTables::from_bytes(&bytes).map_err(js_error)?;
        Ok(PatternTables {
            tables: Arc::new(tables),
        })
    }

    /// The name of the 4x4's tables' file, served gzipped under `tables/`
    /// with `.gz` added; the name changes with the format or the partition.
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
    tables: Arc<twentyfour::TwentyFourTables>,
}

#[wasm_bindgen]
impl NearTables {
    /// Reads the tables' file, decompressed (the build serves it gzipped as
    /// `tables/` + [`NearTables::file_name`] + `.gz`). Throws with the
    /// reason for a damaged file.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: JsValue) -> Result<NearTables, JsValue> {
        let bytes = super::args::bytes(&bytes, Arg::new("NearTables.fromBytes", "bytes"))?;
        let tables = twentyfour::TwentyFourTables::from_bytes(&bytes).map_err(js_error)?;
        Ok(NearTables {
            tables: Arc::new(tables),
        })
    }

    /// The name of the 5x5's tables' file, served gzipped under `tables/`
    /// with `.gz` added; the name changes with the format or the partition.
    #[wasm_bindgen(js_name = fileName)]
    pub fn file_name() -> String {
        twentyfour::TABLE_FILE.to_string()
    }
}

/// A board's width or height.
fn side(value: &JsValue, arg: Arg) -> Result<usize, JsValue> {
    integer(value, arg, SIDES)
}

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

    /// Number of columns: 2 to 10.
    pub fn width(&self) -> usize {
        self.board().width()
    }

    /// Number of rows: 2 to 10.
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

    /// A proven lower bound on the moves to the goal: no solution from the
    /// current board is shorter. It is [`Puzzle::distance`] once `solve()`
    /// (or `hint()`, `distance()`) has found a shortest solution through
    /// this board; otherwise the best bound the puzzle's tables give
    /// (Manhattan distance plus linear conflicts on every size, the pattern
    /// databases on a 4x4 or 5x5 given them, raised to the parity every
    /// solution's length has). 0 exactly when solved. Does not search:
    /// instant at every size. `distance() / lowerBound()` tells how close
    /// a near-optimal solution is to the shortest.
    #[wasm_bindgen(js_name = lowerBound)]
    pub fn lower_bound(&self) -> u32 {
        let known = self
            .known
            .as_ref()
            .and_then(|known| known.bound_from(self.board()))
            .unwrap_or(0);
        known.max(self.solver.lower_bound(self.board()))
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
        let known = KnownSolution::follow(&SlidingPuzzle, self.board(), moves, plan.optimal)
            .expect("the solver's solutions solve the board")
            .with_bound(self.solver.lower_bound(self.board()));
        self.known = Some(known);
        plan.moves
    }
}
