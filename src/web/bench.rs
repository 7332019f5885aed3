//! One solver worker for the browser benchmark (`e2e/bench.mjs`), driven
//! exactly as the page's pool drives its workers: started by the same
//! [`spawn`], sent [`ToWorker`] messages through the same codec
//! ([`ToWorker::to_record`], [`records::to_js`]) and read back through it
//! ([`records::from_js`], [`FromWorker::from_record`]). So the benchmark
//! follows the worker protocol by construction: a changed message changes
//! here with the page, and a new kind of reply fails to compile until it is
//! given a shape below.
//!
//! The replies reach the benchmark as plain objects whose fields are the
//! decoded message's (`kind`, `id`, `expanded`, `elapsedMs`, ...), with the
//! answer checked against the task it answers (`right`), so the benchmark
//! checks lengths without reading moves itself.
//!
//! Not API: the class is left out of the TypeScript declarations.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use wasm_bindgen::prelude::*;

use super::dom::object;
use super::pool::{spawn, News, OnNews, Slot};
use super::records;
use super::tables::TableService;
use crate::app::pegs::solving::{PegsAnswer, PegsTask};
use crate::app::route::solving::{RouteAnswer, RouteMap, RouteTask};
use crate::app::sliding::solving::{DrawnBoard, SlidingAnswer, SlidingTask};
use crate::app::workers::holdings::Holdings;
use crate::app::workers::protocol::{FromWorker, ToWorker};
use crate::app::workers::tables::TableSet;
use crate::app::workers::{Aim, Answer, RequestId, Task};
use crate::pegs::layout;
use crate::route::{parse_map, parse_scenarios, Algorithm, Grid, Heuristic, Moves};
use crate::sliding::near::solves;
use crate::sliding::Board;

/// The tasks sent and not yet answered, by request.
type Sent = Rc<RefCell<HashMap<RequestId, Task>>>;

/// A solver worker of the benchmark's own, beside the page's pool.
#[wasm_bindgen(js_name = "BenchWorker", skip_typescript)]
pub struct BenchWorker {
    slot: Slot,
    sent: Sent,
    /// What the worker holds of the tasks' large parts, as the page's pool
    /// keeps it: each map goes to the worker once.
    holdings: RefCell<Holdings>,
    /// The last map asked about, reused while the same one comes back, as
    /// the page's game reuses its map (so its fingerprint is worked out
    /// once).
    last_grid: RefCell<Option<Arc<Grid>>>,
}

#[wasm_bindgen(js_class = "BenchWorker")]
impl BenchWorker {
    /// Starts a worker; `on_reply` is called with each of its replies as a
    /// plain object (see the module's description), or with `{kind:
    /// "crashed", message}` when it dies or says what cannot be read.
    #[wasm_bindgen(constructor)]
    pub fn new(on_reply: js_sys::Function) -> Result<BenchWorker, JsError> {
        let sent: Sent = Rc::default();
        let tasks = sent.clone();
        let on_news: OnNews = Rc::new(move |_, news| {
            let reply = match news {
                News::Message(data) => {
                    match records::from_js(&data).and_then(|r| FromWorker::from_record(&r)) {
                        Ok(message) => describe(&message, &tasks),
                        Err(reason) => crashed(&format!("unreadable reply: {reason}")),
                    }
                }
                News::Crashed(reason) => crashed(&reason),
            };
            // The benchmark's callback throwing is the benchmark's failure.
            let _ = on_reply.call1(&JsValue::NULL, &reply);
        });
        let slot =
            spawn(0, &on_news, &TableService::new(1)).map_err(|reason| JsError::new(&reason))?;
        Ok(BenchWorker {
            slot,
            sent,
            holdings: RefCell::new(Holdings::new(1)),
            last_grid: RefCell::default(),
        })
    }

    /// Asks the worker to load a set of tables ("4x4", "5x5", "pegs") now;
    /// it replies `{kind: "tables", tables, ok, message}`.
    pub fn prepare(&self, tables: &str) -> Result<(), JsError> {
        let set = TableSet::named(tables)
            .ok_or_else(|| JsError::new(&format!("there are no {tables} tables")))?;
        self.post(&ToWorker::Prepare(set))
    }

    /// Asks for a sliding board's solution (`mode`: "best", "quick" or
    /// "mirror"), as request `id`.
    #[wasm_bindgen(js_name = "solveSliding")]
    pub fn solve_sliding(
        &self,
        id: f64,
        width: usize,
        height: usize,
        tiles: &[u8],
        mode: &str,
    ) -> Result<(), JsError> {
        let board = Board::from_tiles(width, height, tiles)
            .map_err(|e| JsError::new(&format!("the board: {e}")))?;
        self.solve(id, SlidingTask::task(board), mode)
    }

    /// Asks for a solution of the peg layout called `layout` ("classic",
    /// "diamond", ...) towards its goal, as request `id`.
    #[wasm_bindgen(js_name = "solvePegs")]
    pub fn solve_pegs(&self, id: f64, layout_id: &str) -> Result<(), JsError> {
        let layout = layout(layout_id)
            .ok_or_else(|| JsError::new(&format!("there is no layout called '{layout_id}'")))?;
        let task = Task::new(PegsTask {
            board: layout.start,
            goal: layout.goal,
        });
        self.solve(id, task, "best")
    }

    /// Asks for the shortest route on a map of `width` x `height` pixels
    /// (`walkable`: one byte a pixel, 0 for a wall) from pixel `from` to
    /// pixel `to` (`y * width + x`), with `moves` "4", "8" or "any" and a
    /// heuristic's name ("octile", "euclidean", ...), as request `id`: the
    /// page's A* (Theta* at any angle).
    #[wasm_bindgen(js_name = "solveRoute")]
    #[allow(clippy::too_many_arguments)]
    pub fn solve_route(
        &self,
        id: f64,
        width: usize,
        height: usize,
        walkable: &[u8],
        from: u32,
        to: u32,
        moves: &str,
        heuristic: &str,
    ) -> Result<(), JsError> {
        self.solve_route_with(
            id, width, height, walkable, from, to, moves, heuristic, "astar", None,
        )
    }

    /// As [`BenchWorker::solve_route`], with the search named `algorithm`
    /// ("astar", "jps", "jps-plus", ...: [`Algorithm::name`]); with `trace`
    /// false, the route alone, without the search's record for playback
    /// (which the page's game always asks for).
    #[wasm_bindgen(js_name = "solveRouteWith")]
    #[allow(clippy::too_many_arguments)]
    pub fn solve_route_with(
        &self,
        id: f64,
        width: usize,
        height: usize,
        walkable: &[u8],
        from: u32,
        to: u32,
        moves: &str,
        heuristic: &str,
        algorithm: &str,
        trace: Option<bool>,
    ) -> Result<(), JsError> {
        let moves = Moves::named(moves)
            .ok_or_else(|| JsError::new(&format!("there are no moves called '{moves}'")))?;
        let heuristic = Heuristic::named(heuristic)
            .ok_or_else(|| JsError::new(&format!("there is no heuristic called '{heuristic}'")))?;
        let algorithm = Algorithm::named(algorithm)
            .ok_or_else(|| JsError::new(&format!("there is no search called '{algorithm}'")))?;
        let grid =
            Grid::from_bytes(width, height, walkable.to_vec()).map_err(|e| JsError::new(&e))?;
        let grid = {
            let mut last = self.last_grid.borrow_mut();
            match &*last {
                Some(same) if **same == grid => same.clone(),
                _ => last.insert(Arc::new(grid)).clone(),
            }
        };
        let task = Task::new(RouteTask {
            map: RouteMap::Grid { grid, moves },
            from,
            to,
            heuristic,
            algorithm,
            weight: 1.0,
            trace: trace.unwrap_or(true),
        });
        self.solve(id, task, "best")
    }

    /// A Moving AI `.map`'s text read as `{width, height, walkable}`
    /// (`walkable` one byte a pixel, 0 for a wall), by the parser the CLI
    /// uses; for the benchmark's Moving AI scenarios, which it reads from
    /// disk and hands to the page (they are not shipped).
    #[wasm_bindgen(js_name = "movingAiMap")]
    pub fn moving_ai_map(text: &str) -> Result<JsValue, JsError> {
        let grid = parse_map(text).map_err(|e| JsError::new(&e.to_string()))?;
        let walkable = js_sys::Uint8Array::from(&grid.walkable_bytes()[..]);
        Ok(object(&[
            ("width", (grid.width() as f64).into()),
            ("height", (grid.height() as f64).into()),
            ("walkable", walkable.into()),
        ])
        .into())
    }

    /// A Moving AI `.map.scen`'s scenarios, five numbers each (start x,
    /// start y, goal x, goal y, optimal length) one after another.
    #[wasm_bindgen(js_name = "movingAiScenarios")]
    pub fn moving_ai_scenarios(text: &str) -> Result<Vec<f64>, JsError> {
        let scenarios = parse_scenarios(text).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(scenarios
            .iter()
            .flat_map(|s| {
                [
                    s.start.0 as f64,
                    s.start.1 as f64,
                    s.goal.0 as f64,
                    s.goal.1 as f64,
                    s.optimal,
                ]
            })
            .collect())
    }

    /// Drops request `id`.
    pub fn cancel(&self, id: f64) -> Result<(), JsError> {
        self.sent.borrow_mut().remove(&request(id)?);
        self.post(&ToWorker::Cancel { id: request(id)? })
    }

    /// Ends the worker.
    pub fn terminate(&self) {
        self.slot.worker.terminate();
    }
}

impl BenchWorker {
    fn solve(&self, id: f64, task: Task, mode: &str) -> Result<(), JsError> {
        let aim = Aim::named(mode)
            .ok_or_else(|| JsError::new(&format!("there is no mode called '{mode}'")))?;
        let id = request(id)?;
        self.sent.borrow_mut().insert(id, task.clone());
        self.post(&ToWorker::Solve { id, task, aim })
    }

    fn post(&self, message: &ToWorker) -> Result<(), JsError> {
        let message = self.holdings.borrow_mut().outgoing(0, message.clone());
        self.slot
            .worker
            .post_message(&records::to_js(&message.to_record()))
            .map_err(|e| JsError::new(&format!("the worker could not be reached: {e:?}")))
    }
}

/// A request id from JavaScript: a whole number from 1 to 2^53.
fn request(id: f64) -> Result<RequestId, JsError> {
    if id.fract() == 0.0 && (1.0..=9_007_199_254_740_992.0).contains(&id) {
        Ok(id as RequestId)
    } else {
        Err(JsError::new(&format!("{id} is not a request id")))
    }
}

fn crashed(message: &str) -> JsValue {
    object(&[("kind", "crashed".into()), ("message", message.into())]).into()
}

/// A reply as the benchmark reads it.
fn describe(message: &FromWorker, sent: &Sent) -> JsValue {
    let entries: Vec<(&str, JsValue)> = match message {
        FromWorker::Ready => vec![("kind", "ready".into())],
        FromWorker::Tables { set, ok, message } => vec![
            ("kind", "tables".into()),
            ("tables", set.name().into()),
            ("ok", (*ok).into()),
            ("message", message.as_str().into()),
        ],
        FromWorker::Progress {
            id,
            expanded,
            bound,
            building,
        } => vec![
            ("kind", "progress".into()),
            ("id", (*id as f64).into()),
            ("expanded", (*expanded as f64).into()),
            ("bound", bound.map_or(JsValue::NULL, JsValue::from)),
            ("building", building.map_or(JsValue::NULL, JsValue::from)),
        ],
        FromWorker::Answer {
            id,
            answer,
            expanded,
            lower_bound,
            elapsed_ms,
            memory_bytes,
        } => {
            let task = sent.borrow_mut().remove(id);
            let mut entries = vec![
                ("kind", "answer".into()),
                ("id", (*id as f64).into()),
                ("expanded", (*expanded as f64).into()),
                ("lowerBound", (*lower_bound).into()),
                ("elapsedMs", (*elapsed_ms).into()),
                ("memoryBytes", (*memory_bytes).into()),
                ("optimal", answer.is_optimal().into()),
                ("right", task.is_some_and(|t| answers(answer, &t)).into()),
            ];
            entries.extend(answer_fields(answer));
            entries
        }
        FromWorker::RoundDone { id, done } => vec![
            ("kind", "round".into()),
            ("id", (*id as f64).into()),
            ("bound", done.bound.into()),
            (
                "found",
                done.found
                    .as_ref()
                    .and_then(Answer::moves)
                    .map_or(JsValue::NULL, |moves| (moves as f64).into()),
            ),
            ("nextBound", done.next_bound.into()),
            ("expanded", (done.expanded as f64).into()),
        ],
        FromWorker::Failed { id, message } => {
            sent.borrow_mut().remove(id);
            vec![
                ("kind", "failed".into()),
                ("id", (*id as f64).into()),
                ("message", message.as_str().into()),
            ]
        }
    };
    object(&entries).into()
}

/// An answer's own fields: `length` (moves, jumps or chains; null for "no
/// solution"), and for routes `distance`, `places`, `routeExpanded` and
/// `trace` (the number of places expanded the trace lists).
fn answer_fields(answer: &Answer) -> Vec<(&'static str, JsValue)> {
    let length = |n: Option<usize>| n.map_or(JsValue::NULL, |n| (n as f64).into());
    if let Some(DrawnBoard { distance, .. }) = answer.get() {
        return vec![("length", (*distance).into())];
    }
    let Some(RouteAnswer { found, .. }) = answer.get() else {
        // Sliding moves, peg jumps or chains.
        return vec![("length", length(answer.moves()))];
    };
    match found {
        Some(found) => vec![
            ("length", length(Some(found.places.len()))),
            ("distance", found.distance.into()),
            ("places", length(Some(found.places.len()))),
            ("routeExpanded", (found.expanded as f64).into()),
            ("trace", length(Some(found.trace.len()))),
        ],
        None => vec![("length", JsValue::NULL), ("distance", JsValue::NULL)],
    }
}

/// Whether `answer` answers `task`: a sliding solution solves the board, a
/// peg solution's jumps reach the goal; a route starts and ends where it
/// was asked to. "No solution" is never right here: every task the
/// benchmark sends has one.
fn answers(answer: &Answer, task: &Task) -> bool {
    if let (Some(SlidingAnswer { moves, .. }), Some(SlidingTask { board })) =
        (answer.get(), task.get())
    {
        solves(board, moves)
    } else if let (Some(PegsAnswer { jumps: Some(jumps) }), Some(PegsTask { board, goal })) =
        (answer.get(), task.get())
    {
        board.apply_all(jumps).is_ok_and(|end| goal.is_met(end))
    } else if let (
        Some(RouteAnswer {
            found: Some(found), ..
        }),
        Some(task),
    ) = (answer.get(), task.get::<RouteTask>())
    {
        found.places.first() == Some(&task.from) && found.places.last() == Some(&task.to)
    } else {
        false
    }
}
