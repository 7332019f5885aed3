//! Route finding's solver work: a route search's task (which map, between
//! which places, guided how), its answer and how they travel, and the job a
//! worker runs for it in slices.

use std::sync::Arc;

use crate::app::workers::job::{
    Aim, AnswerRecord, JobRunner, Solved, SolverWork, Started, Stepped, Task, TaskRecord,
    TimeSlice, CHUNK,
};
use crate::app::workers::protocol::NOT_HELD;
use crate::app::workers::record::{Record, Value};
use crate::app::workers::Answer;
use crate::route::{
    format_nodes, parse_nodes, Algorithm, Found, Grid, Heuristic, Moves, Query, RouteSearch,
    RouteStep, Router, Trace, Waypoints,
};

/// The game's id in worker messages: its save format's id, declared once
/// there and used by saves, links, the page and the workers alike.
pub const GAME: &str = <crate::app::route::RouteFinding as crate::app::save::SaveFormat>::ID;

/// A route search: on which map, between which places, guided how.
#[derive(Clone, Debug, PartialEq)]
pub struct RouteTask {
    /// The map and the moves allowed on it.
    pub map: RouteMap,
    /// Where the route starts: a waypoint's index, or a pixel's
    /// (`y * width + x`).
    pub from: u32,
    /// Where it ends, numbered the same way.
    pub to: u32,
    /// The estimate guiding the search.
    pub heuristic: Heuristic,
    /// The search across pixels (ignored on waypoints): with the moves,
    /// estimate and weight, a [`Query`]. Messages without one (older
    /// pages') ask for A*, or Theta* at any angle.
    pub algorithm: Algorithm,
    /// The estimate's weight, 1 to [`crate::route::MAX_WEIGHT`] (1 in
    /// messages without one).
    pub weight: f64,
    /// Whether the answer carries the search's record for the page to
    /// play back ([`Found::trace`]; the game shows every search it asks
    /// for). Without it, a search across pixels finds the route alone, a
    /// sixth quicker on open maps. Messages without it ask for it.
    pub trace: bool,
}

// Weights are checked numbers from 1 to MAX_WEIGHT (never NaN), so
// equality is an equivalence.
impl Eq for RouteTask {}

/// What a route is searched on.
#[derive(Clone, Debug, PartialEq)]
pub enum RouteMap {
    /// From waypoint to connected waypoint.
    Waypoints(Arc<Waypoints>),
    /// From pixel to pixel with these moves.
    Grid {
        /// The walkable pixels.
        grid: Arc<Grid>,
        /// Four or eight ways, or at any angle.
        moves: Moves,
    },
    /// A grid the worker was sent earlier and keeps, named by its
    /// [`Grid::fingerprint`]: how a task on the map a worker holds travels
    /// ([`TaskRecord::lean`]). The worker's runner puts the grid back
    /// ([`JobRunner::receive`]) before anything searches; a search asked
    /// of this map itself fails.
    Held {
        /// The grid's fingerprint.
        fingerprint: u64,
        /// Its size, checked against the grid held.
        width: usize,
        /// Its height.
        height: usize,
        /// Four or eight ways, or at any angle.
        moves: Moves,
    },
}

impl RouteTask {
    /// The search the task asks for, ready to run in slices.
    ///
    /// # Errors
    /// A start or goal off the map or on a wall, a waypoint that does not
    /// exist (the reason).
    pub fn search(&self) -> Result<RouteSearch, String> {
        self.search_keeping(&mut None)
    }

    /// [`RouteTask::search`], keeping in `kept` the router of the map
    /// searched across (its grid, and what the jump point searches make of
    /// it): one kept from an earlier task serves if the map is the same
    /// and it has what this search needs, else a new one is made and kept.
    /// So a worker's many searches on one map (the page's every hint, a
    /// bench's scenarios) build JPS+'s table once, and its landmarks once
    /// even across algorithms.
    ///
    /// # Errors
    /// As [`RouteTask::search`].
    pub fn search_keeping(&self, kept: &mut Option<Router>) -> Result<RouteSearch, String> {
        match &self.map {
            RouteMap::Waypoints(graph) => RouteSearch::waypoints(
                graph.clone(),
                self.from as usize,
                self.to as usize,
                self.heuristic,
            ),
            RouteMap::Grid { grid, moves } => {
                let width = grid.width();
                let pixel = |index: u32| (index as usize % width, index as usize / width);
                let query = self.query(*moves)?;
                if !kept
                    .as_ref()
                    .is_some_and(|router| router.serves(grid, &query))
                {
                    *kept = Some(Router::succeeding(grid.clone(), &query, kept.as_ref()));
                }
                let router = kept.as_ref().expect("a router was just kept");
                let (from, to) = (pixel(self.from), pixel(self.to));
                RouteSearch::routed_traced(router, from, to, &query, self.trace)
            }
            RouteMap::Held { .. } => Err(NOT_HELD.into()),
        }
    }

    /// The query of a search across pixels with `moves`.
    ///
    /// # Errors
    /// A pair the algorithm cannot walk (jump point search 4-connected), a
    /// weight out of range.
    fn query(&self, moves: Moves) -> Result<Query, String> {
        Query::new(self.algorithm, moves, self.heuristic, self.weight)
    }

    /// Whether the search's route is proven shortest: A* with an estimate
    /// that never overestimates for these moves. Any-angle routes (Lazy
    /// Theta*) are usually within a fraction of a percent, but not proven.
    pub fn proves_shortest(&self) -> bool {
        match &self.map {
            RouteMap::Waypoints(_) => self.heuristic.proves_shortest(None),
            RouteMap::Grid { moves, .. } | RouteMap::Held { moves, .. } => self
                .query(*moves)
                .is_ok_and(|query| query.proves_shortest()),
        }
    }
}

// Waypoints' coordinates are finite numbers (the nodes format and the
// editor refuse others), so equality is an equivalence.
impl Eq for RouteMap {}

impl TaskRecord for RouteTask {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "solve"
    }

    fn write(&self, record: Record) -> Record {
        let record = record
            .number("from", self.from)
            .number("to", self.to)
            .with("heuristic", Value::Text(self.heuristic.name().into()))
            .with("algorithm", Value::Text(self.algorithm.name().into()))
            .number("weight", self.weight)
            .with("trace", Value::Flag(self.trace));
        match &self.map {
            RouteMap::Waypoints(graph) => record
                .with("moves", Value::Text("waypoints".into()))
                .with("nodes", Value::Text(format_nodes(graph))),
            RouteMap::Grid { grid, moves } => record
                .with("moves", Value::Text(moves.name().into()))
                .number("width", grid.width() as f64)
                .number("height", grid.height() as f64)
                .with("walkable", Value::Bytes(grid.walkable_bytes())),
            RouteMap::Held {
                fingerprint,
                width,
                height,
                moves,
            } => record
                .with("moves", Value::Text(moves.name().into()))
                .number("width", *width as f64)
                .number("height", *height as f64)
                .with(
                    "heldMap",
                    Value::Words(vec![*fingerprint as u32, (*fingerprint >> 32) as u32]),
                ),
        }
    }

    fn held_key(&self) -> Option<u64> {
        match &self.map {
            RouteMap::Grid { grid, .. } => Some(grid.fingerprint()),
            RouteMap::Waypoints(_) | RouteMap::Held { .. } => None,
        }
    }

    fn lean(&self) -> Option<Task> {
        let RouteMap::Grid { grid, moves } = &self.map else {
            return None;
        };
        Some(Task::new(RouteTask {
            map: RouteMap::Held {
                fingerprint: grid.fingerprint(),
                width: grid.width(),
                height: grid.height(),
                moves: *moves,
            },
            ..self.clone()
        }))
    }
}

/// A route with how the search found it, or `None`: no way through.
#[derive(Clone, Debug, PartialEq)]
pub struct RouteAnswer {
    /// The route, its length and the places the search expanded; `None` when
    /// no route joins the start to the goal.
    pub found: Option<Found>,
    /// Whether the search proves it shortest (A* with an estimate that
    /// never overestimates; any-angle routes are not proven).
    pub optimal: bool,
}

impl AnswerRecord for RouteAnswer {
    fn game(&self) -> &'static str {
        GAME
    }

    fn kind(&self) -> &'static str {
        "solve"
    }

    fn write(&self, record: Record) -> Record {
        let record = record.with("optimal", Value::Flag(self.optimal));
        match &self.found {
            Some(found) => record
                .with("places", Value::Words(found.places.clone()))
                .number("distance", found.distance)
                .number("route_expanded", found.expanded as f64)
                .with("trace", Value::Words(found.trace.expanded.clone()))
                .with("trace_g", reals(&found.trace.expanded_g))
                .with("opened_ends", Value::Words(found.trace.opened_ends.clone()))
                .with("opened", Value::Words(found.trace.opened.clone()))
                .with("opened_g", reals(&found.trace.opened_g))
                .with("opened_h", reals(&found.trace.opened_h))
                .with("jump_points", Value::Flag(found.trace.jump_points))
                .with("two_sided", Value::Flag(found.trace.two_sided)),
            None => record.with("places", Value::Null),
        }
    }

    /// "No way through" is final too.
    fn is_optimal(&self) -> bool {
        self.optimal || self.found.is_none()
    }

    fn moves(&self) -> Option<usize> {
        self.found.as_ref().map(|f| f.places.len() - 1)
    }
}

/// Route finding's solver work, for the registry.
pub struct RouteWork;

impl SolverWork for RouteWork {
    fn game(&self) -> &'static str {
        GAME
    }

    fn read_task(&self, kind: &str, record: &Record) -> Result<Task, String> {
        match kind {
            "solve" => read_route_task(record).map(Task::new),
            other => Err(unknown_kind(other)),
        }
    }

    fn read_answer(&self, kind: &str, record: &Record) -> Result<Answer, String> {
        if kind != "solve" {
            return Err(unknown_kind(kind));
        }
        let optimal = record.flag("optimal")?;
        if record.is_null("places")? {
            return Ok(Answer::new(RouteAnswer {
                found: None,
                optimal,
            }));
        }
        let places = record.words("places")?.to_vec();
        if places.is_empty() {
            return Err("a route has at least its start".into());
        }
        Ok(Answer::new(RouteAnswer {
            found: Some(Found {
                places,
                distance: record.real("distance")?,
                expanded: record.whole("route_expanded")?,
                trace: read_trace(record)?,
            }),
            optimal,
        }))
    }

    fn runner(&self) -> Box<dyn JobRunner> {
        Box::new(RouteRunner::default())
    }

    fn examples(&self) -> Vec<(Task, Answer)> {
        let grid = Grid::new(2, 1, vec![true, true]).expect("a map");
        let task = RouteTask {
            map: RouteMap::Grid {
                grid: Arc::new(grid),
                moves: Moves::Four,
            },
            from: 0,
            to: 1,
            heuristic: Heuristic::Manhattan,
            algorithm: Algorithm::AStar,
            weight: 1.0,
            trace: true,
        };
        let found = Found {
            places: vec![0, 1],
            distance: 1.0,
            expanded: 1,
            trace: Trace {
                expanded: vec![0],
                expanded_g: vec![0.0],
                opened_ends: vec![1, 2],
                opened: vec![0, 1],
                opened_g: vec![0.0, 1.0],
                opened_h: vec![1.0, 0.0],
                jump_points: false,
                two_sided: false,
            },
        };
        let answer = Answer::new(RouteAnswer {
            found: Some(found),
            optimal: true,
        });
        // The same task as sent to a worker that holds its map.
        let lean = task.lean().expect("a task on a grid has a lean form");
        vec![(Task::new(task), answer.clone()), (lean, answer)]
    }
}

/// `f32` values as they travel: their bits, as words.
fn reals(values: &[f32]) -> Value {
    Value::Words(values.iter().map(|v| v.to_bits()).collect())
}

/// The `f32` values of words written by [`reals`].
fn read_reals(record: &Record, name: &str) -> Result<Vec<f32>, String> {
    Ok(record
        .words(name)?
        .iter()
        .map(|&w| f32::from_bits(w))
        .collect())
}

/// The search's record in an answer. Answers written before the trace
/// carried costs and openings have the expansions alone (`trace`): they
/// are read as such, with no open set and no costs.
fn read_trace(record: &Record) -> Result<Trace, String> {
    let expanded = record.words("trace")?.to_vec();
    if !record.fields.iter().any(|(name, _)| name == "opened") {
        return Ok(Trace::expansions_only(expanded));
    }
    let trace = Trace {
        expanded,
        expanded_g: read_reals(record, "trace_g")?,
        opened_ends: record.words("opened_ends")?.to_vec(),
        opened: record.words("opened")?.to_vec(),
        opened_g: read_reals(record, "opened_g")?,
        opened_h: read_reals(record, "opened_h")?,
        jump_points: record.flag("jump_points")?,
        // Answers written before bidirectional traces said so are one-sided.
        two_sided: record.fields.iter().any(|(name, _)| name == "two_sided")
            && record.flag("two_sided")?,
    };
    trace.check()?;
    Ok(trace)
}

fn unknown_kind(kind: &str) -> String {
    format!("route finding has no task called '{kind}'")
}

fn read_route_task(record: &Record) -> Result<RouteTask, String> {
    let map = match record.text("moves")? {
        "waypoints" => RouteMap::Waypoints(Arc::new(
            parse_nodes(record.text("nodes")?)
                .map_err(|error| format!("the field 'nodes': {error}"))?,
        )),
        moves => {
            let Some(moves) = Moves::named(moves) else {
                return Err(record.wrong("moves", "'waypoints', '4', '8' or 'any'"));
            };
            let (width, height) = (record.whole("width")?, record.whole("height")?);
            if record.field("walkable").is_err() && record.field("heldMap").is_ok() {
                // A map the worker holds (see `RouteMap::Held`).
                let &[low, high] = record.words("heldMap")? else {
                    return Err(record.wrong("heldMap", "two 32-bit words"));
                };
                RouteMap::Held {
                    fingerprint: u64::from(low) | u64::from(high) << 32,
                    width: width as usize,
                    height: height as usize,
                    moves,
                }
            } else {
                let walkable = record.bytes("walkable")?.to_vec();
                let grid = Grid::from_bytes(width as usize, height as usize, walkable)
                    .map_err(|error| format!("the map of the {} message: {error}", record.kind))?;
                RouteMap::Grid {
                    grid: Arc::new(grid),
                    moves,
                }
            }
        }
    };
    let heuristic = Heuristic::named(record.text("heuristic")?)
        .ok_or_else(|| record.wrong("heuristic", "a heuristic's name"))?;
    // Older pages' messages name no algorithm nor weight: A* (Theta* at any
    // angle) at weight 1, what they ran.
    let algorithm = if record.field("algorithm").is_ok() {
        Algorithm::named(record.text("algorithm")?)
            .ok_or_else(|| record.wrong("algorithm", "an algorithm's name"))?
    } else {
        Algorithm::AStar
    };
    let weight = if record.field("weight").is_ok() {
        record.real("weight")?
    } else {
        1.0
    };
    let trace = record.field("trace").is_err() || record.flag("trace")?;
    let task = RouteTask {
        map,
        from: record.word("from")?,
        to: record.word("to")?,
        heuristic,
        algorithm,
        weight,
        trace,
    };
    if let RouteMap::Grid { moves, .. } | RouteMap::Held { moves, .. } = &task.map {
        task.query(*moves)?;
    }
    Ok(task)
}

/// Route finding's state in one worker: the search under way, if any;
/// `optimal` if it proves its route shortest; the router of the map
/// searched last, kept for the next search on the same map; and the grid
/// of the last task that carried one, for the tasks sent without it.
#[derive(Default)]
pub struct RouteRunner {
    job: Option<(Box<RouteSearch>, bool)>,
    router: Option<Router>,
    held: Option<Arc<Grid>>,
}

impl JobRunner for RouteRunner {
    fn game(&self) -> &'static str {
        GAME
    }

    fn receive(&mut self, task: Task) -> Result<Task, String> {
        let Some(route) = task.get::<RouteTask>() else {
            return Ok(task);
        };
        match &route.map {
            RouteMap::Grid { grid, .. } => {
                self.held = Some(grid.clone());
                Ok(task)
            }
            &RouteMap::Held {
                fingerprint,
                width,
                height,
                moves,
            } => {
                let grid = self
                    .held
                    .as_ref()
                    .filter(|grid| {
                        (grid.width(), grid.height()) == (width, height)
                            && grid.fingerprint() == fingerprint
                    })
                    .ok_or(NOT_HELD)?;
                Ok(Task::new(RouteTask {
                    map: RouteMap::Grid {
                        grid: grid.clone(),
                        moves,
                    },
                    ..route.clone()
                }))
            }
            RouteMap::Waypoints(_) => Ok(task),
        }
    }

    fn start(&mut self, task: &Task, _: Aim) -> Result<Started, String> {
        self.job = None;
        let task: &RouteTask = task.get().ok_or("not a route task")?;
        let search = task.search_keeping(&mut self.router)?;
        self.job = Some((Box::new(search), task.proves_shortest()));
        Ok(Started::Running)
    }

    fn step(&mut self, slice: &TimeSlice<'_>) -> Stepped {
        let Some((mut search, optimal)) = self.job.take() else {
            return Stepped::Failed("no job is under way".into());
        };
        loop {
            match search.run(CHUNK) {
                RouteStep::Running => {
                    if slice.is_over() {
                        let expanded = search.expanded();
                        self.job = Some((search, optimal));
                        return Stepped::Running {
                            expanded,
                            bound: None,
                        };
                    }
                }
                RouteStep::Done(found) => {
                    let expanded = found.as_ref().map_or(search.expanded(), |f| f.expanded);
                    let answer = Answer::new(RouteAnswer { found, optimal });
                    return Stepped::Solved(Solved::new(answer, expanded));
                }
            }
        }
    }

    fn cancel(&mut self) {
        self.job = None;
    }
}
