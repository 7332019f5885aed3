//! The messages between the page and the solver workers, and their encoding
//! as plain JavaScript objects (what `postMessage` copies).

use wasm_bindgen::prelude::*;

use super::dom::{get, object};
use crate::pegs::{Goal, Jump, PegBoard, HOLES};
use crate::sliding::{format_moves, parse_moves, Dir, Notation};

/// How a board should be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A shortest solution where the size allows (see `is_optimal_size`).
    Optimal,
    /// Any solution, fast (weighted search): for an answer to show while the
    /// optimal search runs.
    Quick,
}

/// What the page asks of a worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToWorker {
    /// Download the 4x4 tables now rather than on the first 4x4 request.
    Prepare,
    /// Solve a board.
    Solve {
        /// Matches replies to the request.
        id: u64,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// Tiles in row-major order, 0 for the blank.
        tiles: Vec<u8>,
        /// How.
        mode: Mode,
    },
    /// Search some branches of a split 4x4 search (see `search::split`) for
    /// one round, one after the other.
    Round {
        /// The search this round belongs to.
        id: u64,
        /// The 4x4 board the search started from.
        tiles: Vec<u8>,
        /// How deep the tree was split.
        depth: usize,
        /// Which branches (indices into the split).
        branches: Vec<u32>,
        /// The round's cost bound.
        bound: u32,
    },
    /// Solve a peg-solitaire position.
    Pegs {
        /// Matches replies to the request.
        id: u64,
        /// The pegs, one bit per hole.
        board: PegBoard,
        /// Where the last peg must end.
        goal: Goal,
    },
    /// Stop work on request `id` (0: whatever the worker is doing).
    Cancel {
        /// The request to drop.
        id: u64,
    },
}

/// What a worker tells the page.
#[derive(Clone, Debug, PartialEq)]
pub enum FromWorker {
    /// A search is under way.
    Progress {
        /// The request.
        id: u64,
        /// Positions examined for it so far (by this worker, in this job).
        expanded: u64,
        /// Current cost bound.
        bound: u32,
        /// Milliseconds since the job began.
        elapsed_ms: f64,
    },
    /// A solution.
    Solution {
        /// The request.
        id: u64,
        /// The blank's moves.
        moves: Vec<Dir>,
        /// Whether no shorter solution exists.
        optimal: bool,
        /// Positions examined.
        expanded: u64,
        /// Milliseconds the search took.
        elapsed_ms: f64,
        /// The worker's WebAssembly memory, in bytes.
        memory_bytes: f64,
        /// The start's heuristic estimate, a lower bound on the optimal
        /// length (0 when unknown).
        estimate: u32,
    },
    /// The answer to a peg-solitaire request.
    PegAnswer {
        /// The request.
        id: u64,
        /// The jumps of a solution, or `None`: the position is lost.
        jumps: Option<Vec<Jump>>,
        /// Positions examined.
        expanded: u64,
        /// Milliseconds the search took.
        elapsed_ms: f64,
        /// The worker's WebAssembly memory, in bytes.
        memory_bytes: f64,
    },
    /// A batch of branches is done for the round.
    RoundDone {
        /// The search.
        id: u64,
        /// The round's bound.
        bound: u32,
        /// The whole solution (the branch's moves included), if the round
        /// found one.
        found: Option<Vec<Dir>>,
        /// The smallest f above the bound met, or `u32::MAX`.
        next_bound: u32,
        /// Positions examined.
        expanded: u64,
    },
    /// The 4x4 tables are installed, or could not be.
    Tables {
        /// Whether they are.
        ok: bool,
        /// What went wrong, if anything.
        message: String,
    },
    /// The request could not be served.
    Failed {
        /// The request (0 if it could not be read).
        id: u64,
        /// Why, as a sentence for the player.
        message: String,
    },
}

fn number(value: &JsValue, key: &str) -> Result<f64, String> {
    get(value, key)
        .as_f64()
        .ok_or_else(|| format!("the message has no number '{key}'"))
}

fn tiles_of(value: &JsValue) -> Vec<u8> {
    js_sys::Uint8Array::new(&get(value, "tiles")).to_vec()
}

fn moves_of(value: &JsValue, key: &str) -> Result<Vec<Dir>, String> {
    let letters = get(value, key).as_string().unwrap_or_default();
    parse_moves(&letters, Notation::Blank).map_err(|e| e.to_string())
}

/// A goal as a number: the hole, or -1 for anywhere.
fn goal_code(goal: Goal) -> f64 {
    match goal {
        Goal::Hole(hole) => f64::from(hole),
        Goal::AnyHole => -1.0,
    }
}

fn goal_of(value: &JsValue) -> Result<Goal, String> {
    let code = number(value, "goal")?;
    if code < 0.0 {
        Ok(Goal::AnyHole)
    } else if code < HOLES as f64 {
        Ok(Goal::Hole(code as u8))
    } else {
        Err(format!("there is no hole {code} on the board"))
    }
}

/// Jumps as the holes they go from and to, two bytes each.
fn encode_jumps(jumps: &[Jump]) -> JsValue {
    let bytes: Vec<u8> = jumps.iter().flat_map(|j| [j.from, j.to]).collect();
    js_sys::Uint8Array::from(bytes.as_slice()).into()
}

fn decode_jumps(value: &JsValue) -> Result<Vec<Jump>, String> {
    js_sys::Uint8Array::new(value)
        .to_vec()
        .chunks(2)
        .map(|pair| match pair {
            [from, to] => Jump::between(usize::from(*from), usize::from(*to))
                .ok_or_else(|| format!("{from} to {to} is not a jump")),
            _ => Err("a jump is missing its landing hole".into()),
        })
        .collect()
}

impl ToWorker {
    /// Encodes the message.
    pub fn to_js(&self) -> JsValue {
        match self {
            ToWorker::Prepare => object(&[("kind", "prepare".into())]),
            ToWorker::Solve {
                id,
                width,
                height,
                tiles,
                mode,
            } => object(&[
                ("kind", "solve".into()),
                ("id", (*id as f64).into()),
                ("width", (*width as f64).into()),
                ("height", (*height as f64).into()),
                ("tiles", js_sys::Uint8Array::from(tiles.as_slice()).into()),
                (
                    "mode",
                    match mode {
                        Mode::Optimal => "optimal",
                        Mode::Quick => "quick",
                    }
                    .into(),
                ),
            ]),
            ToWorker::Round {
                id,
                tiles,
                depth,
                branches,
                bound,
            } => object(&[
                ("kind", "round".into()),
                ("id", (*id as f64).into()),
                ("width", 4.into()),
                ("height", 4.into()),
                ("tiles", js_sys::Uint8Array::from(tiles.as_slice()).into()),
                ("depth", (*depth as f64).into()),
                (
                    "branches",
                    js_sys::Uint32Array::from(branches.as_slice()).into(),
                ),
                ("bound", (*bound).into()),
            ]),
            ToWorker::Pegs { id, board, goal } => object(&[
                ("kind", "pegs".into()),
                ("id", (*id as f64).into()),
                ("board", (board.bits() as f64).into()),
                ("goal", goal_code(*goal).into()),
            ]),
            ToWorker::Cancel { id } => {
                object(&[("kind", "cancel".into()), ("id", (*id as f64).into())])
            }
        }
        .into()
    }

    /// Decodes a message, or says what is wrong with it.
    pub fn from_js(value: &JsValue) -> Result<ToWorker, String> {
        match get(value, "kind").as_string().as_deref() {
            Some("prepare") => Ok(ToWorker::Prepare),
            Some("solve") => Ok(ToWorker::Solve {
                id: number(value, "id")? as u64,
                width: number(value, "width")? as usize,
                height: number(value, "height")? as usize,
                tiles: tiles_of(value),
                mode: match get(value, "mode").as_string().as_deref() {
                    Some("quick") => Mode::Quick,
                    _ => Mode::Optimal,
                },
            }),
            Some("round") => Ok(ToWorker::Round {
                id: number(value, "id")? as u64,
                tiles: tiles_of(value),
                depth: number(value, "depth")? as usize,
                branches: js_sys::Uint32Array::new(&get(value, "branches")).to_vec(),
                bound: number(value, "bound")? as u32,
            }),
            Some("pegs") => Ok(ToWorker::Pegs {
                id: number(value, "id")? as u64,
                board: PegBoard::from_bits(number(value, "board")? as u64)
                    .map_err(|e| e.to_string())?,
                goal: goal_of(value)?,
            }),
            Some("cancel") => Ok(ToWorker::Cancel {
                id: number(value, "id")? as u64,
            }),
            Some(other) => Err(format!("unknown message kind '{other}'")),
            None => Err("the message has no kind".into()),
        }
    }
}

impl FromWorker {
    /// Encodes the message.
    pub fn to_js(&self) -> JsValue {
        match self {
            FromWorker::Progress {
                id,
                expanded,
                bound,
                elapsed_ms,
            } => object(&[
                ("kind", "progress".into()),
                ("id", (*id as f64).into()),
                ("expanded", (*expanded as f64).into()),
                ("bound", (*bound).into()),
                ("elapsedMs", (*elapsed_ms).into()),
            ]),
            FromWorker::Solution {
                id,
                moves,
                optimal,
                expanded,
                elapsed_ms,
                memory_bytes,
                estimate,
            } => object(&[
                ("kind", "solution".into()),
                ("estimate", (*estimate).into()),
                ("id", (*id as f64).into()),
                ("moves", format_moves(moves, Notation::Blank).into()),
                ("optimal", (*optimal).into()),
                ("expanded", (*expanded as f64).into()),
                ("elapsedMs", (*elapsed_ms).into()),
                ("memoryBytes", (*memory_bytes).into()),
            ]),
            FromWorker::RoundDone {
                id,
                bound,
                found,
                next_bound,
                expanded,
            } => object(&[
                ("kind", "round".into()),
                ("id", (*id as f64).into()),
                ("bound", (*bound).into()),
                (
                    "found",
                    found.as_ref().map_or(JsValue::NULL, |moves| {
                        format_moves(moves, Notation::Blank).into()
                    }),
                ),
                ("nextBound", f64::from(*next_bound).into()),
                ("expanded", (*expanded as f64).into()),
            ]),
            FromWorker::PegAnswer {
                id,
                jumps,
                expanded,
                elapsed_ms,
                memory_bytes,
            } => object(&[
                ("kind", "pegs".into()),
                ("id", (*id as f64).into()),
                (
                    "jumps",
                    jumps.as_deref().map_or(JsValue::NULL, encode_jumps),
                ),
                ("expanded", (*expanded as f64).into()),
                ("elapsedMs", (*elapsed_ms).into()),
                ("memoryBytes", (*memory_bytes).into()),
            ]),
            FromWorker::Tables { ok, message } => object(&[
                ("kind", "tables".into()),
                ("ok", (*ok).into()),
                ("message", message.as_str().into()),
            ]),
            FromWorker::Failed { id, message } => object(&[
                ("kind", "failed".into()),
                ("id", (*id as f64).into()),
                ("message", message.as_str().into()),
            ]),
        }
        .into()
    }

    /// Decodes a message, or says what is wrong with it.
    pub fn from_js(value: &JsValue) -> Result<FromWorker, String> {
        let kind = get(value, "kind").as_string();
        if kind.as_deref() == Some("tables") {
            return Ok(FromWorker::Tables {
                ok: get(value, "ok").as_bool().unwrap_or(false),
                message: get(value, "message").as_string().unwrap_or_default(),
            });
        }
        let id = number(value, "id")? as u64;
        match kind.as_deref() {
            Some("progress") => Ok(FromWorker::Progress {
                id,
                expanded: number(value, "expanded")? as u64,
                bound: number(value, "bound")? as u32,
                elapsed_ms: number(value, "elapsedMs")?,
            }),
            Some("solution") => Ok(FromWorker::Solution {
                id,
                moves: moves_of(value, "moves")?,
                optimal: get(value, "optimal").as_bool().unwrap_or(false),
                expanded: number(value, "expanded")? as u64,
                elapsed_ms: number(value, "elapsedMs")?,
                memory_bytes: number(value, "memoryBytes").unwrap_or(0.0),
                estimate: number(value, "estimate").unwrap_or(0.0) as u32,
            }),
            Some("round") => Ok(FromWorker::RoundDone {
                id,
                bound: number(value, "bound")? as u32,
                found: if get(value, "found").is_null() {
                    None
                } else {
                    Some(moves_of(value, "found")?)
                },
                next_bound: number(value, "nextBound")?.min(f64::from(u32::MAX)) as u32,
                expanded: number(value, "expanded")? as u64,
            }),
            Some("pegs") => Ok(FromWorker::PegAnswer {
                id,
                jumps: match get(value, "jumps") {
                    jumps if jumps.is_null() => None,
                    jumps => Some(decode_jumps(&jumps)?),
                },
                expanded: number(value, "expanded")? as u64,
                elapsed_ms: number(value, "elapsedMs")?,
                memory_bytes: number(value, "memoryBytes").unwrap_or(0.0),
            }),
            Some("failed") => Ok(FromWorker::Failed {
                id,
                message: get(value, "message").as_string().unwrap_or_default(),
            }),
            Some(other) => Err(format!("unknown message kind '{other}'")),
            None => Err("the message has no kind".into()),
        }
    }
}
