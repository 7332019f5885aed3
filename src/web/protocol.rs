//! The messages between the page and the solver worker, and their encoding
//! as plain JavaScript objects (what `postMessage` copies).

use wasm_bindgen::prelude::*;

use super::dom::{get, object};
use crate::sliding::{format_moves, parse_moves, Dir, Notation};

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToWorker {
    /// Solve a sliding-puzzle board.
    Solve {
        /// Matches replies to the request.
        id: u64,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// Tiles in row-major order, 0 for the blank.
        tiles: Vec<u8>,
    },
}

/// What the worker tells the page.
#[derive(Clone, Debug, PartialEq)]
pub enum FromWorker {
    /// The search is under way.
    Progress {
        /// The request.
        id: u64,
        /// Positions examined.
        expanded: u64,
        /// Current cost bound.
        bound: u32,
        /// Milliseconds since the search began.
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

impl ToWorker {
    /// Encodes the message.
    pub fn to_js(&self) -> JsValue {
        match self {
            ToWorker::Solve {
                id,
                width,
                height,
                tiles,
            } => object(&[
                ("kind", "solve".into()),
                ("id", (*id as f64).into()),
                ("width", (*width as f64).into()),
                ("height", (*height as f64).into()),
                ("tiles", js_sys::Uint8Array::from(tiles.as_slice()).into()),
            ])
            .into(),
        }
    }

    /// Decodes a message, or says what is wrong with it.
    pub fn from_js(value: &JsValue) -> Result<ToWorker, String> {
        match get(value, "kind").as_string().as_deref() {
            Some("solve") => Ok(ToWorker::Solve {
                id: number(value, "id")? as u64,
                width: number(value, "width")? as usize,
                height: number(value, "height")? as usize,
                tiles: js_sys::Uint8Array::new(&get(value, "tiles")).to_vec(),
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
            } => object(&[
                ("kind", "solution".into()),
                ("id", (*id as f64).into()),
                ("moves", format_moves(moves, Notation::Blank).into()),
                ("optimal", (*optimal).into()),
                ("expanded", (*expanded as f64).into()),
                ("elapsedMs", (*elapsed_ms).into()),
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
        let id = number(value, "id")? as u64;
        match get(value, "kind").as_string().as_deref() {
            Some("progress") => Ok(FromWorker::Progress {
                id,
                expanded: number(value, "expanded")? as u64,
                bound: number(value, "bound")? as u32,
                elapsed_ms: number(value, "elapsedMs")?,
            }),
            Some("solution") => {
                let letters = get(value, "moves").as_string().unwrap_or_default();
                Ok(FromWorker::Solution {
                    id,
                    moves: parse_moves(&letters, Notation::Blank).map_err(|e| e.to_string())?,
                    optimal: get(value, "optimal").as_bool().unwrap_or(false),
                    expanded: number(value, "expanded")? as u64,
                    elapsed_ms: number(value, "elapsedMs")?,
                })
            }
            Some("failed") => Ok(FromWorker::Failed {
                id,
                message: get(value, "message").as_string().unwrap_or_default(),
            }),
            Some(other) => Err(format!("unknown message kind '{other}'")),
            None => Err("the message has no kind".into()),
        }
    }
}
