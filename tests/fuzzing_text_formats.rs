//! Fuzzing every text and byte format the project reads: each format's
//! reader must answer every input with a value or a reason (never a
//! panic), within a bound, and a value written back must read back the
//! same. The engine is `tests/common/fuzz.rs`; each target's seed corpus,
//! with the regression inputs of issue 19 (`issue19-*`), is
//! `tests/fuzz/<target>/`. `make test` runs each target a couple of
//! seconds, `make fuzz` an hour (`FUZZ_SECONDS`). Native only: the engine
//! runs inputs on threads and writes files.
#![cfg(not(target_arch = "wasm32"))]

mod common;
#[path = "common/fuzz.rs"]
mod fuzz;

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fuzz::{fuzz, Outcome, Target};
use slide::app::blocks::SlidingBlocks;
use slide::app::pegs::solving::{FewestAnswer, FewestTask, PegsAnswer, PegsTask, PEGS};
use slide::app::pegs::PegSolitaire;
use slide::app::records::Records;
use slide::app::route::solving::RouteAnswer;
use slide::app::route::solving::{RouteMap, RouteTask};
use slide::app::route::{Map, RouteFinding, RouteGame, Walk};
use slide::app::sliding::picture::Settings;
use slide::app::sliding::solving::{
    DrawTask, DrawnBoard, SlidingAnswer, SlidingTask, FIFTEEN, TWENTYFOUR,
};
use slide::app::sliding::{parse_size, SlidingPuzzle};
use slide::app::workers::engine::{Engine, HostStep};
use slide::app::workers::job::Aim;
use slide::app::workers::job::{Round, RoundDone};
use slide::app::workers::protocol::{FromWorker, ToWorker};
use slide::app::workers::record::{Record, Value};
use slide::app::workers::{Answer, Task};
use slide::app::{Play, SaveFormat, Session};
use slide::pegs::{layout, FewestTable, Goal, Jump};
use slide::route::movingai::format_map;
use slide::route::{
    format_nodes, parse_map, parse_nodes, parse_scenarios, Algorithm, Found, Grid, Heuristic,
    Moves, Query, RouteStep, Waypoints,
};
use slide::search::Progress;
use slide::sliding::pdb::{pack_tables, unpack_tables, PatternTable};
use slide::sliding::{format_moves, parse_all, parse_moves, Board, Dir, Notation, TextFormat};

/// When saves are read and written (milliseconds on the page's clock).
const NOW: f64 = 1_000_000.0;

/// What an answer says, for telling answers apart: its first line with
/// numbers and quoted input taken out (all between the first quote and the
/// last, since the input may hold quotes itself), so that the same refusal
/// of other inputs counts once.
fn signature(what: &str) -> String {
    let line = what.lines().next().unwrap_or("");
    let line = match (line.find('\''), line.rfind('\'')) {
        (Some(first), Some(last)) if first < last => {
            format!("{}'…'{}", &line[..first], &line[last + 1..])
        }
        _ => line.to_string(),
    };
    let mut out = String::new();
    for c in line.chars().take(160) {
        if c.is_ascii_digit() {
            if !out.ends_with('#') {
                out.push('#');
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The longest message a refusal may be: messages quote the input, cut
/// (issue 19: a 1 MB link put a million characters into the page's live
/// region).
const MAX_MESSAGE: usize = 400;

/// A refusal's signature, or `Err` if its message is too long to show.
fn refusal(message: &str) -> Outcome {
    let length = message.chars().count();
    if length > MAX_MESSAGE {
        return Err(format!(
            "a message of {length} characters (at most {MAX_MESSAGE}): {}",
            fuzz::escaped(message.as_bytes(), 160)
        ));
    }
    Ok(signature(message))
}

/// `Err` unless `with` (the input after a byte-order mark) reads as
/// `without` (the input alone) does.
fn same_without_bom<T: PartialEq + std::fmt::Debug, E: std::fmt::Display>(
    with: &Result<T, E>,
    without: &Result<T, E>,
) -> Result<(), String> {
    match (with, without) {
        (Ok(a), Ok(b)) if a == b => Ok(()),
        (Err(_), Err(_)) => Ok(()),
        (with, without) => Err(format!(
            "a byte-order mark changes the answer: {} with it, {} without",
            answer_text(with),
            answer_text(without)
        )),
    }
}

fn answer_text<T: std::fmt::Debug, E: std::fmt::Display>(answer: &Result<T, E>) -> String {
    let text = match answer {
        Ok(value) => format!("{value:?}"),
        Err(error) => format!("'{error}'"),
    };
    fuzz::escaped(text.as_bytes(), 120)
}

/// The text after a byte-order mark it starts with (one: a second would
/// be garbage, not a mark).
fn after_bom(text: &str) -> Option<&str> {
    text.strip_prefix('\u{feff}')
        .filter(|rest| !rest.starts_with('\u{feff}'))
}

fn text(input: &[u8]) -> String {
    String::from_utf8_lossy(input).into_owned()
}

/// `Err` naming the input's value and what came back, unless they agree.
fn same<T: PartialEq + std::fmt::Debug>(what: &str, before: &T, after: &T) -> Result<(), String> {
    if before == after {
        Ok(())
    } else {
        let show = |value: &T| fuzz::escaped(format!("{value:?}").as_bytes(), 300);
        Err(format!(
            "{what} changed the value: {} became {}",
            show(before),
            show(after)
        ))
    }
}

// ---- sliding boards ------------------------------------------------------

fn check_sliding_boards(input: &[u8]) -> Outcome {
    let text = text(input);
    if let Some(rest) = after_bom(&text) {
        same_without_bom(&Board::parse(&text), &Board::parse(rest))?;
    }
    let mut answers = Vec::new();
    let write_back = |board: &Board| -> Result<(), String> {
        for format in [
            TextFormat::Rows,
            TextFormat::Sized,
            TextFormat::Star,
            TextFormat::Line,
        ] {
            let written = board.to_text(format);
            let back = Board::parse(&written)
                .map_err(|e| format!("{format:?} text {written:?} is refused: {e}"))?;
            same(&format!("writing in {format:?}"), board, &back)?;
        }
        Ok(())
    };
    for entry in parse_all(&text).iter().take(64) {
        match entry {
            Ok(instance) => {
                write_back(&instance.board)?;
                answers.push("board".to_string());
            }
            Err(error) => answers.push(refusal(&error.to_string())?),
        }
    }
    match Board::parse(&text) {
        Ok(board) => write_back(&board)?,
        Err(error) => answers.push(refusal(&error.to_string())?),
    }
    // Moves typed in or sent by a worker.
    for notation in [Notation::Blank, Notation::Tile] {
        match parse_moves(&text, notation) {
            Ok(moves) => {
                let back = parse_moves(&format_moves(&moves, notation), notation)
                    .map_err(|e| format!("written moves are refused: {e}"))?;
                same("writing moves", &moves, &back)?;
            }
            Err(error) => answers.push(refusal(&error.to_string())?),
        }
    }
    answers.sort();
    answers.dedup();
    Ok(answers.join(" | "))
}

/// Every board the project's instance files hold, and a few written in
/// each format.
fn sliding_seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds = Vec::new();
    for name in [
        "eight_31.txt",
        "fifteen_80_sample.txt",
        "korf100.txt",
        "korf24_10.txt",
        "seed_examples.txt",
    ] {
        let path = format!("{}/tests/instances/{name}", env!("CARGO_MANIFEST_DIR"));
        seeds.push((
            format!("tests/instances/{name}"),
            std::fs::read(path).unwrap(),
        ));
    }
    for (width, height, seed) in [(3, 3, 1), (4, 4, 2), (3, 5, 3), (10, 10, 4)] {
        let board = Board::shuffled(width, height, seed).unwrap();
        for format in [
            TextFormat::Rows,
            TextFormat::Sized,
            TextFormat::Star,
            TextFormat::Line,
        ] {
            seeds.push((
                format!("a {width}x{height} board in {format:?}"),
                board.to_text(format).into_bytes(),
            ));
        }
    }
    seeds.push(("moves".into(), b"rrdllldruuurdllddrurrd".to_vec()));
    seeds
}

#[test]
fn sliding_board_texts_are_read_or_refused_and_written_back_the_same() {
    let mut target = Target::new(
        "sliding_boards",
        &[
            "#", "\n", "\n\n", " ", ",", "*", "_", "x", "X", "×", "4", "3x4", "0", "15", "255",
            "256", "-1", "uldr", "UDLR", "4x4 ", "2x2", "100x1",
        ],
    );
    // Boards are small: longer inputs only slow the search down.
    target.max_len = 16 << 10;
    target.seeds = sliding_seeds();
    fuzz(target, check_sliding_boards);
}

// ---- peg boards ----------------------------------------------------------

fn check_peg_boards(input: &[u8]) -> Outcome {
    let text = text(input);
    if let Some(rest) = after_bom(&text) {
        same_without_bom(&slide::pegs::parse(&text), &slide::pegs::parse(rest))?;
    }
    match slide::pegs::parse(&text) {
        Ok(board) => {
            for (how, written) in [
                ("rows", slide::pegs::format(board)),
                ("one line", slide::pegs::format_line(board)),
            ] {
                let back = slide::pegs::parse(&written)
                    .map_err(|e| format!("the board written as {how} is refused: {e}"))?;
                same(&format!("writing as {how}"), &board, &back)?;
            }
            Ok("board".into())
        }
        Err(error) => refusal(&error.to_string()),
    }
}

#[test]
fn peg_board_texts_are_read_or_refused_and_written_back_the_same() {
    let mut target = Target::new(
        "peg_boards",
        &[
            "o", ".", "O", "x", "X", "*", "1", "_", "-", "0", "#", "  ", "\t", "\n", "...", "ooo",
            ".......", "ooooooo",
        ],
    );
    for id in ["classic", "cross", "t", "arrow", "fireplace", "pyramid"] {
        if let Some(layout) = layout(id) {
            target.seeds.push((
                format!("layout {id}"),
                slide::pegs::format(layout.start).into_bytes(),
            ));
            target.seeds.push((
                format!("layout {id} on one line"),
                slide::pegs::format_line(layout.start).into_bytes(),
            ));
        }
    }
    fuzz(target, check_peg_boards);
}

// ---- waypoint nodes ------------------------------------------------------

/// The shortest distance from `from` to `to` by a plain Dijkstra in
/// floating point, or `None` if they are not connected: the oracle the
/// route search is held to.
fn dijkstra(graph: &Waypoints, from: usize, to: usize) -> Option<f64> {
    let mut best = vec![f64::INFINITY; graph.len()];
    let mut done = vec![false; graph.len()];
    let mut queue = std::collections::BinaryHeap::new();
    best[from] = 0.0;
    // Distances are finite and at least 0: their bits order as they do.
    queue.push(std::cmp::Reverse((0u64, from)));
    while let Some(std::cmp::Reverse((bits, at))) = queue.pop() {
        if done[at] {
            continue;
        }
        done[at] = true;
        let distance = f64::from_bits(bits);
        if at == to {
            return Some(distance);
        }
        for &next in graph.neighbours(at) {
            let through = distance + graph.point(at).distance(graph.point(next));
            if through < best[next] {
                best[next] = through;
                queue.push(std::cmp::Reverse((through.to_bits(), next)));
            }
        }
    }
    None
}

fn check_waypoint_nodes(input: &[u8]) -> Outcome {
    let text = text(input);
    if let Some(rest) = after_bom(&text) {
        same_without_bom(&parse_nodes(&text), &parse_nodes(rest))?;
    }
    let graph = match parse_nodes(&text) {
        Ok(graph) => graph,
        Err(error) => return refusal(&error.to_string()),
    };
    let written = format_nodes(&graph);
    let back =
        parse_nodes(&written).map_err(|e| format!("the graph written back is refused: {e}"))?;
    same("writing the nodes back", &graph, &back)?;
    // The route the page and `slide route` look for: first to last.
    let (from, to) = (0, graph.len() - 1);
    let deadline = Instant::now() + Duration::from_millis(1500);
    let mut monitor = |_: &Progress| {
        if Instant::now() > deadline {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let route = graph.shortest_with(from, to, &mut monitor).map_err(|p| {
        format!(
            "the route search of {} waypoints was still running after 1.5 s ({} expanded)",
            graph.len(),
            p.expanded
        )
    })?;
    let expected = dijkstra(&graph, from, to);
    match (route, expected) {
        (None, None) => Ok("no route".into()),
        (None, Some(distance)) => Err(format!(
            "the search says there is no route, but one of {distance:?} pixels joins the start and the goal"
        )),
        (Some(route), None) => Err(format!(
            "the search found a route ({:?}) where the start and the goal are not connected",
            route.path
        )),
        (Some(route), Some(distance)) => {
            let path = &route.path;
            let connected = path.windows(2).all(|leg| graph.neighbours(leg[0]).contains(&leg[1]));
            if path.first() != Some(&from) || path.last() != Some(&to) || !connected {
                return Err(format!("the route {path:?} is not a walk from start to goal"));
            }
            // Shortest to within a thousandth of a pixel a leg.
            let slack = 0.001 * path.len() as f64 + distance * 1e-9;
            if route.distance > distance + slack || route.distance < distance - slack {
                return Err(format!(
                    "the route is {:?} pixels long, but the shortest is {distance:?}",
                    route.distance
                ));
            }
            Ok(format!("route of {} legs", path.len().min(4)))
        }
    }
}

#[test]
fn waypoint_nodes_files_are_read_or_refused_written_back_and_searched_right() {
    let mut target = Target::new(
        "waypoint_nodes",
        &[
            "#", "\n", " ", "\t", "0", "1", "2", "-1", "1e308", "0.5", "\u{feff}", "0 0 1\n",
            "5000000 ", "299999 ",
        ],
    );
    let plan = slide::route::plan::office().waypoints();
    target.seeds.push((
        "the office's waypoints".into(),
        format_nodes(&plan).into_bytes(),
    ));
    let path = format!(
        "{}/tests/instances/floorplan_nodes.dat",
        env!("CARGO_MANIFEST_DIR")
    );
    target.seeds.push((
        "tests/instances/floorplan_nodes.dat".into(),
        std::fs::read(path).unwrap(),
    ));
    for (index, (graph, _, _)) in common_graphs().into_iter().enumerate() {
        target.seeds.push((
            format!("random graph {index}"),
            format_nodes(&graph).into_bytes(),
        ));
    }
    fuzz(target, check_waypoint_nodes);
}

/// The walkable cells of `grid`, row by row.
fn open_cells(grid: &Grid) -> Vec<(usize, usize)> {
    (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&p| grid.is_walkable(p))
        .collect()
}

fn check_moving_ai_map(input: &[u8]) -> Outcome {
    let text = text(input);
    if let Some(rest) = after_bom(&text) {
        same_without_bom(&parse_map(&text), &parse_map(rest))?;
    }
    let grid = match parse_map(&text) {
        Ok(grid) => grid,
        Err(error) => return refusal(&error.to_string()),
    };
    let back = parse_map(&format_map(&grid))
        .map_err(|e| format!("the map written back is refused: {e}"))?;
    same("writing the map back", &grid, &back)?;
    // The optimal searches agree on the route from the first walkable cell
    // to the last (inputs are at most 64 KiB: a search is quick).
    let open = open_cells(&grid);
    let (Some(&from), Some(&to)) = (open.first(), open.last()) else {
        return Ok("no walkable cell".into());
    };
    let mut lengths = Vec::new();
    for algorithm in [Algorithm::Dijkstra, Algorithm::AStar, Algorithm::Jps] {
        let query = Query::new(algorithm, Moves::Eight, Heuristic::Octile, 1.0)
            .map_err(|e| format!("{}: {e}", algorithm.name()))?;
        let route = grid
            .route(from, to, &query)
            .map_err(|e| format!("{}: {e}", algorithm.name()))?;
        lengths.push((algorithm.name(), route.map(|r| r.distance)));
    }
    let (_, expected) = lengths[0];
    for &(name, length) in &lengths[1..] {
        let agree = match (expected, length) {
            (Some(a), Some(b)) => (a - b).abs() <= 1e-6 * a.max(1.0),
            (a, b) => a.is_none() && b.is_none(),
        };
        if !agree {
            return Err(format!(
                "{name} finds {length:?} from {from:?} to {to:?}, Dijkstra {expected:?}"
            ));
        }
    }
    Ok(if expected.is_some() {
        "route"
    } else {
        "no route"
    }
    .into())
}

#[test]
fn moving_ai_maps_are_read_or_refused_written_back_and_searched_alike() {
    let mut target = Target::new(
        "moving_ai_maps",
        &[
            "type octile\n",
            "height ",
            "width ",
            "map\n",
            "\r\n",
            "\n",
            ".",
            "@",
            "T",
            "G",
            "S",
            "O",
            "W",
            "4097",
            "0",
            "\u{feff}",
        ],
    );
    for name in ["arena.map", "den312d.map"] {
        let bytes = common::moving_ai(name).into_bytes();
        target
            .seeds
            .push((format!("the Moving AI map {name}"), bytes));
    }
    target.seeds.push((
        "a maze".into(),
        format_map(&slide::route::maze(7, 15, 11).unwrap().grid).into_bytes(),
    ));
    fuzz(target, check_moving_ai_map);
}

fn check_moving_ai_scenarios(input: &[u8]) -> Outcome {
    let text = text(input);
    if let Some(rest) = after_bom(&text) {
        same_without_bom(&parse_scenarios(&text), &parse_scenarios(rest))?;
    }
    let scenarios = match parse_scenarios(&text) {
        Ok(scenarios) => scenarios,
        Err(error) => return refusal(&error.to_string()),
    };
    // Checked against a map of the corpus' size (6 x 5): an answer, never
    // a panic, whatever the scenario says.
    let grid =
        parse_map("type octile\nheight 5\nwidth 6\nmap\n@@@@@@\n@..T.@\n@.@@.@\n@....@\n@@@@@@\n")
            .map_err(|e| e.to_string())?;
    let mut fitting = 0;
    for scenario in &scenarios {
        if scenario.check(&grid).is_ok() {
            fitting += 1;
            let query = Query::astar(Moves::Eight);
            grid.route(scenario.start, scenario.goal, &query)
                .map_err(|e| format!("a scenario that fits the map is refused: {e}"))?;
        }
    }
    Ok(format!("scenarios, {} fitting", fitting.min(2)))
}

#[test]
fn moving_ai_scenario_files_are_read_or_refused_and_checked_against_a_map() {
    let mut target = Target::new(
        "moving_ai_scenarios",
        &[
            "version 1\n",
            "\t",
            "\n",
            "\r\n",
            "room.map",
            "0",
            "5",
            "6",
            "-1",
            "1e308",
            "NaN",
            "4.82842712",
            "\u{feff}",
        ],
    );
    let bytes = common::moving_ai("arena.map.scen").into_bytes();
    target
        .seeds
        .push(("the Moving AI scenarios of arena".into(), bytes));
    fuzz(target, check_moving_ai_scenarios);
}

/// A few seeded random graphs, as `tests/route_waypoints.rs` searches.
fn common_graphs() -> Vec<(Waypoints, usize, usize)> {
    use slide::route::Point;
    let mut rng = slide::rng::SplitMix64::new(19);
    let mut graphs = Vec::new();
    for _ in 0..6 {
        let count = 2 + rng.below(12) as usize;
        let points: Vec<Point> = (0..count)
            .map(|_| Point {
                x: rng.below(500) as f64,
                y: rng.below(500) as f64,
            })
            .collect();
        let edges: Vec<(usize, usize)> = (0..rng.below(3 * count as u64))
            .map(|_| {
                (
                    rng.below(count as u64) as usize,
                    rng.below(count as u64) as usize,
                )
            })
            .filter(|(a, b)| a != b)
            .collect();
        graphs.push((Waypoints::new(points, &edges).unwrap(), 0, count - 1));
    }
    graphs
}

// ---- saved games ---------------------------------------------------------

/// Reads `text` as a save of game `G`; a save read is written again, and
/// what is written must read back and write the same.
fn restore_and_save<G: SaveFormat>(text: &str) -> Outcome {
    match Session::<G>::restore(text, NOW) {
        Ok(session) => {
            let time = session.status(NOW).time;
            if time.chars().count() > 12 {
                return Err(format!("the clock of a {} save shows '{time}'", G::ID));
            }
            let written = session.save(NOW);
            if written.lines().any(|line| line.starts_with("unkept ")) {
                return Ok(format!("{} unkept", G::ID));
            }
            let back = Session::<G>::restore(&written, NOW).map_err(|e| {
                format!(
                    "the {} save written from this one is refused: {e}; it was {}",
                    G::ID,
                    fuzz::escaped(written.as_bytes(), 300)
                )
            })?;
            same(
                &format!("a {} save read and written", G::ID),
                &written,
                &back.save(NOW),
            )?;
            Ok(format!("{} save", G::ID))
        }
        Err(error) => refusal(&error),
    }
}

fn check_saved_games(input: &[u8]) -> Outcome {
    // The page keeps each game's save under its own key, and reads it as
    // that game's: any text may be under any key.
    let text = text(input);
    let mut answers = vec![
        restore_and_save::<SlidingPuzzle>(&text)?,
        restore_and_save::<PegSolitaire>(&text)?,
        restore_and_save::<RouteFinding>(&text)?,
        restore_and_save::<SlidingBlocks>(&text)?,
    ];
    // What else the page reads from storage as it starts: the best scores
    // (damaged lines skipped) and the tiles' picture settings.
    let records = Records::parse(&text);
    same(
        "best scores read and written",
        &records,
        &Records::parse(&records.to_text()),
    )?;
    match Settings::parse(&text) {
        Ok(settings) => {
            let back = Settings::parse(&settings.to_text())
                .map_err(|e| format!("picture settings written again are refused: {e}"))?;
            same("picture settings read and written", &settings, &back)?;
            answers.push("picture settings".into());
        }
        Err(error) => answers.push(refusal(&error)?),
    }
    Ok(answers.join(" | "))
}

/// A route save whose current position is a walk of `legs` legs back and
/// forth between the office's start waypoint and a neighbour, kept whole
/// in the save's `gap` line (issue 19: such a save overflowed the page's
/// stack).
fn long_walk_save(legs: usize) -> String {
    let game = RouteGame::walking(Map::office(), Walk::Waypoints);
    let fresh = game.save(NOW);
    let (start, next) = long_walk_ends(&game);
    let mut lines: Vec<String> = fresh
        .lines()
        .filter(|line| !line.starts_with("at "))
        .map(str::to_string)
        .collect();
    let walk: Vec<String> = (0..=legs)
        .map(|i| if i % 2 == 0 { start } else { next }.to_string())
        .collect();
    let last = walk.last().unwrap().clone();
    lines.push(format!("gap {legs} {} {last}", walk.join(".")));
    lines.push("at 1".into());
    lines.join("\n") + "\n"
}

/// The office's start waypoint and one of its neighbours.
fn long_walk_ends(game: &RouteGame) -> (usize, usize) {
    let start = game.state().places()[0] as usize;
    let graph = game.game().map().waypoints.clone().unwrap();
    (start, graph.neighbours(start)[0])
}

#[test]
fn saved_games_are_read_or_refused_and_written_back_the_same() {
    let mut target = Target::new(
        "saved_games",
        &[
            "slide-save 1 sliding\n",
            "slide-save 1 pegs\n",
            "slide-save 1 route\n",
            "slide-save 1 blocks\n",
            "klotski:",
            "rush-hour:",
            "rules ",
            "speed ",
            "clock ",
            "clock none",
            "par ",
            " shortest",
            " found",
            "unranked\n",
            "variant ",
            "settled both",
            "start ",
            "gap ",
            "move ",
            "auto ",
            "restart\n",
            "at ",
            "unkept ",
            "slide best scores v1\n",
            "\t",
            "slide picture v1\n",
            "choice ",
            "numbers on",
            "image data:image/png;base64,",
            "office",
            "maze.",
            "image.",
            ":waypoints:",
            ":4:",
            ":8:",
            ":any:",
            "euclidean",
            "manhattan",
            "octile",
            "zero",
            "classic:16",
            "-:any",
            ":chains",
            "4x4:",
            ".",
            "-",
            "%",
        ],
    );
    let mut records = Records::new();
    records.offer("sliding 4x4 any", 48, 74_000.0);
    records.offer("pegs classic 16", 18, 300_500.0);
    target
        .seeds
        .push(("best scores".into(), records.to_text().into_bytes()));
    target.seeds.push((
        "picture settings".into(),
        Settings::default().to_text().into_bytes(),
    ));
    // Issue 19: a walk of 20,000 legs overflowed the page's stack; native
    // frames are smaller, and 200,000 legs overflow a native thread of the
    // same size.
    for legs in [20_000, 200_000] {
        target.seeds.push((
            format!("issue 19: a route walk of {legs} legs in a save"),
            long_walk_save(legs).into_bytes(),
        ));
    }
    fuzz(target, check_saved_games);
}

// ---- shared links and address parameters ---------------------------------

/// Percent-decodes a query value as `URLSearchParams` does (`+` is a
/// space, a `%` without two hexadecimal digits stands as it is, bytes that
/// are not UTF-8 become U+FFFD).
fn decode_component(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => match text
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                Some(byte) if text.as_bytes()[i + 1].is_ascii_hexdigit() => {
                    out.push(byte);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The first value of each parameter of a query (`?a=1&b=2`), decoded.
fn query_value(query: &str, name: &str) -> Option<String> {
    query
        .strip_prefix('?')
        .unwrap_or(query)
        .split('&')
        .map(|pair| pair.split_once('=').unwrap_or((pair, "")))
        .find(|(key, _)| decode_component(key) == name)
        .map(|(_, value)| decode_component(value))
}

/// Opens a link's position in game `G`; a position opened is shared
/// again, and that link must open the same position and share the same.
fn open_and_share<G: SaveFormat>(rules: Option<&str>, board: &str) -> Outcome
where
    G::State: PartialEq + std::fmt::Debug,
{
    match Session::<G>::open_link(rules, board) {
        Ok(session) => {
            let link = match session.share_link() {
                Ok(link) => link,
                Err(reason) => return refusal(&reason),
            };
            let query = link.query();
            let (rules, board) = (query_value(&query, "rules"), query_value(&query, "board"));
            same("a link written and read back", &link.rules, &rules)?;
            same(
                "a link written and read back",
                &Some(link.board.clone()),
                &board,
            )?;
            let back = Session::<G>::open_link(rules.as_deref(), board.as_deref().unwrap_or(""))
                .map_err(|e| format!("the link {query} shared from this one is refused: {e}"))?;
            same(
                "a position shared and opened",
                session.state(),
                back.state(),
            )?;
            same(
                "a link shared and opened",
                &link,
                &back.share_link().unwrap(),
            )?;
            Ok(format!("{} opened", G::ID))
        }
        Err(error) => refusal(&error),
    }
}

fn check_shared_links(input: &[u8]) -> Outcome {
    let query = text(input);
    let value = |name: &str| query_value(&query, name);
    let mut answers = Vec::new();
    let (rules, board) = (value("rules"), value("board"));
    let opened = match value("game").as_deref() {
        Some("sliding") => Some(open_and_share::<SlidingPuzzle>(
            rules.as_deref(),
            board.as_deref().unwrap_or(""),
        )?),
        Some("pegs") => Some(open_and_share::<PegSolitaire>(
            rules.as_deref(),
            board.as_deref().unwrap_or(""),
        )?),
        Some("route") => Some(open_and_share::<RouteFinding>(
            rules.as_deref(),
            board.as_deref().unwrap_or(""),
        )?),
        Some("blocks") => Some(open_and_share::<SlidingBlocks>(
            rules.as_deref(),
            board.as_deref().unwrap_or(""),
        )?),
        Some(_) => Some("another game".into()),
        None => None,
    };
    answers.extend(opened);
    // The address's own parameters, read as the screens read them.
    let seed = value("seed")
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(1);
    if let Some(size) = value("size") {
        match parse_size(&size) {
            Ok((width, height)) => {
                Board::shuffled(width, height, seed)
                    .map_err(|e| format!("the size {size} is read but no board is dealt: {e}"))?;
                answers.push("size".into());
            }
            Err(error) => answers.push(refusal(&error.to_string())?),
        }
    }
    if let Some(id) = value("layout") {
        answers.push(format!("layout {}", layout(&id).is_some()));
    }
    if let Some(id) = value("moves") {
        answers.push(format!("walk {}", Walk::named(&id).is_some()));
    }
    Ok(answers.join(" | "))
}

#[test]
fn shared_links_and_address_parameters_open_or_are_refused_and_share_the_same() {
    let mut target = Target::new(
        "shared_links",
        &[
            "?",
            "&",
            "=",
            "%",
            "%25",
            "%26",
            "%3D",
            "+",
            "game=",
            "game=sliding",
            "game=pegs",
            "game=route",
            "game=blocks",
            "&rules=",
            "&board=",
            "&size=",
            "&seed=",
            "&layout=",
            "&moves=",
            "&map=",
            "maze.",
            "office",
            "image.",
            ":",
            ",",
            ".",
            "-",
            "4x4:",
            "classic:16",
            ":waypoints:",
            ":4:",
            ":any:",
            "manhattan",
            "euclidean",
        ],
    );
    // Issue 19: a walk of 20,000 legs in a link (80 KB), and a board of a
    // million characters.
    let game = RouteGame::walking(Map::office(), Walk::Waypoints);
    let (start, next) = long_walk_ends(&game);
    let rules = game.share_link().unwrap().rules.unwrap();
    for legs in [20_000, 200_000] {
        let walk: Vec<String> = (0..=legs)
            .map(|i| if i % 2 == 0 { start } else { next }.to_string())
            .collect();
        target.seeds.push((
            format!("issue 19: a route walk of {legs} legs in a link"),
            format!("?game=route&rules={rules}&board={}", walk.join(".")).into_bytes(),
        ));
    }
    target.seeds.push((
        "issue 19: a 1 MB board= link".into(),
        format!("?game=sliding&board={}", "1".repeat(1 << 20)).into_bytes(),
    ));
    target.seeds.push((
        "issue 19: a 1 MB board= link of tiles".into(),
        format!("?game=sliding&board=4x4:{}", "1.".repeat(1 << 19)).into_bytes(),
    ));
    fuzz(target, check_shared_links);
}

// ---- the worker protocol's messages --------------------------------------

/// A record as text, for the corpus: its kind on the first line, then a
/// field a line: name, type and value (text escaped as Rust escapes it).
fn record_text(record: &Record) -> String {
    let mut out = format!("kind {}\n", record.kind);
    for (name, value) in &record.fields {
        let value = match value {
            Value::Number(n) => format!("number {n:?}"),
            Value::Text(t) => format!("text {}", t.escape_default()),
            Value::Bytes(b) => format!(
                "bytes {}",
                b.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
            ),
            Value::Words(w) => format!(
                "words {}",
                w.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
            ),
            Value::Flag(f) => format!("flag {f}"),
            Value::Null => "null".into(),
        };
        out.push_str(&format!("{name} {value}\n"));
    }
    out
}

/// Reads [`record_text`]'s text, as leniently as it can: a line it cannot
/// read is left out (the decoders must cope with fields missing).
fn read_record(text: &str) -> Record {
    let mut record = Record::default();
    for line in text.lines() {
        let mut parts = line.splitn(3, ' ');
        let (name, kind, value) = (
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
        );
        if name == "kind" {
            record.kind = [kind, value].join(" ").trim_end().to_string();
            continue;
        }
        let value = match kind {
            "number" => match value.parse::<f64>() {
                Ok(n) => Value::Number(n),
                Err(_) => continue,
            },
            "text" => Value::Text(unescape(value)),
            "bytes" => Value::Bytes(value.split(' ').filter_map(|b| b.parse().ok()).collect()),
            "words" => Value::Words(value.split(' ').filter_map(|w| w.parse().ok()).collect()),
            "flag" => Value::Flag(value == "true"),
            "null" => Value::Null,
            _ => continue,
        };
        record.fields.push((name.to_string(), value));
    }
    record
}

/// Undoes `escape_default` (`\n`, `\t`, `\\`, `\'`, `\"`, `\u{..}`), leaving
/// anything else as it is.
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('u') if chars.peek() == Some(&'{') => {
                chars.next();
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(c);
                }
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

fn check_worker_messages(input: &[u8]) -> Outcome {
    let record = read_record(&text(input));
    let mut answers = Vec::new();
    match ToWorker::from_record(&record) {
        Ok(message) => {
            let back = ToWorker::from_record(&message.to_record())
                .map_err(|e| format!("a message to a worker, written again, is refused: {e}"))?;
            same("a message to a worker written again", &message, &back)?;
            // A route task sets up its search, and runs a few slices of it,
            // as a worker would.
            if let Some(task) = match &message {
                ToWorker::Solve { task, .. } => task.get::<RouteTask>(),
                _ => None,
            } {
                match task.search() {
                    Ok(mut search) => {
                        for _ in 0..20 {
                            if let RouteStep::Done(_) = search.run(5_000) {
                                break;
                            }
                        }
                        answers.push("route search".to_string());
                    }
                    Err(error) => answers.push(signature(&error)),
                }
                answers.push(served_by_a_worker_holding_the_seeds_map(message.clone()));
            }
            answers.push(format!("to {}", record.kind));
        }
        Err(error) => answers.push(signature(&error)),
    }
    match FromWorker::from_record(&record) {
        Ok(message) => {
            let back = FromWorker::from_record(&message.to_record())
                .map_err(|e| format!("a message from a worker, written again, is refused: {e}"))?;
            same("a message from a worker written again", &message, &back)?;
            answers.push(format!("from {}", record.kind));
        }
        Err(error) => answers.push(signature(&error)),
    }
    Ok(answers.join(" | "))
}

/// The map of the route seeds of [`worker_seeds`].
fn seeds_grid() -> Arc<Grid> {
    Arc::new(Grid::new(5, 4, (0..20).map(|i| i % 7 != 3).collect()).unwrap())
}

/// What a worker's engine that was sent [`seeds_grid`] before (so that a
/// route task sent without its map, naming that one, is served) answers
/// `message` with, a few slices at most.
fn served_by_a_worker_holding_the_seeds_map(message: ToWorker) -> String {
    let mut engine = Engine::new();
    let before = Task::new(RouteTask {
        map: RouteMap::Grid {
            grid: seeds_grid(),
            moves: Moves::Four,
        },
        from: 0,
        to: 0,
        heuristic: Heuristic::Manhattan,
        algorithm: Algorithm::AStar,
        weight: 1.0,
        trace: true,
    });
    let mut next = engine.handle(
        ToWorker::Solve {
            id: 1,
            task: before,
            aim: Aim::Best,
        },
        0.0,
    );
    // A clock that moves on 100 ms a reading ends every slice at its first
    // look at it.
    let time = std::cell::Cell::new(0.0);
    let clock = || {
        time.set(time.get() + 100.0);
        time.get()
    };
    while next == HostStep::Step {
        next = engine.step(&clock, 0.0);
    }
    engine.take_outbox();
    next = engine.handle(message, clock());
    for _ in 0..20 {
        if next != HostStep::Step {
            break;
        }
        next = engine.step(&clock, 0.0);
    }
    let replies: Vec<String> = engine
        .take_outbox()
        .iter()
        .map(|reply| match reply {
            FromWorker::Failed { message, .. } => signature(message),
            other => other.to_record().kind,
        })
        .collect();
    format!("served: {}", replies.join(", "))
}

/// One message of each kind, each game and each map, both ways.
fn worker_seeds() -> Vec<(String, Vec<u8>)> {
    let classic = layout("classic").unwrap();
    let grid = seeds_grid();
    let office = Arc::new(slide::route::plan::office().waypoints());
    let route = |map: RouteMap, heuristic| {
        Task::new(RouteTask {
            map,
            from: 0,
            to: 19,
            heuristic,
            algorithm: Algorithm::AStar,
            weight: 1.0,
            trace: true,
        })
    };
    let solve = |id, task, aim| ToWorker::Solve { id, task, aim };
    let to = vec![
        ToWorker::Prepare(FIFTEEN),
        ToWorker::Prepare(PEGS),
        solve(
            1,
            Task::new(SlidingTask {
                board: Board::shuffled(4, 4, 7).unwrap(),
            }),
            Aim::Best,
        ),
        solve(
            2,
            Task::new(SlidingTask {
                board: Board::shuffled(3, 5, 1).unwrap(),
            }),
            Aim::Quick,
        ),
        solve(
            3,
            Task::new(PegsTask {
                board: classic.start,
                goal: Goal::CENTRE,
            }),
            Aim::Best,
        ),
        solve(
            4,
            Task::new(FewestTask {
                board: classic.start,
                goal: Goal::AnyHole,
            }),
            Aim::Mirror,
        ),
        solve(
            5,
            Task::new(DrawTask {
                width: 4,
                height: 4,
                range: 30..=40,
                seed: 9,
            }),
            Aim::Best,
        ),
        solve(
            6,
            route(
                RouteMap::Grid {
                    grid: grid.clone(),
                    moves: Moves::Four,
                },
                Heuristic::Manhattan,
            ),
            Aim::Best,
        ),
        solve(
            7,
            route(
                RouteMap::Grid {
                    grid: grid.clone(),
                    moves: Moves::Eight,
                },
                Heuristic::Octile,
            ),
            Aim::Best,
        ),
        solve(
            8,
            route(
                RouteMap::Grid {
                    grid: grid.clone(),
                    moves: Moves::AnyAngle,
                },
                Heuristic::Euclidean,
            ),
            Aim::Quick,
        ),
        solve(
            9,
            route(RouteMap::Waypoints(office), Heuristic::Euclidean),
            Aim::Best,
        ),
        // On the map the worker holds, sent without it.
        solve(
            12,
            route(
                RouteMap::Grid {
                    grid: grid.clone(),
                    moves: Moves::Eight,
                },
                Heuristic::Octile,
            )
            .lean()
            .unwrap(),
            Aim::Best,
        ),
        ToWorker::Round {
            id: 10,
            task: SlidingTask::task(Board::shuffled(4, 4, 3).unwrap()),
            round: Round {
                depth: 8,
                branches: vec![0, 1, 2, 449],
                bound: 52,
            },
        },
        ToWorker::Cancel { id: 11 },
    ];
    let answer = |id, answer| FromWorker::Answer {
        id,
        answer,
        expanded: 1234,
        lower_bound: 20,
        elapsed_ms: 12.5,
        memory_bytes: 1048576.0,
    };
    let jumps: Vec<Jump> = classic.start.jumps().into_iter().take(1).collect();
    let from = vec![
        FromWorker::Ready,
        FromWorker::Tables {
            set: TWENTYFOUR,
            ok: false,
            message: "404".into(),
        },
        FromWorker::Progress {
            id: 1,
            expanded: 5000,
            bound: Some(40),
            building: None,
        },
        FromWorker::Progress {
            id: 1,
            expanded: 5000,
            bound: None,
            building: None,
        },
        answer(
            1,
            Answer::new(SlidingAnswer {
                moves: vec![Dir::Left, Dir::Up],
                optimal: true,
                bound: 0,
            }),
        ),
        answer(2, Answer::new(PegsAnswer { jumps: Some(jumps) })),
        answer(3, Answer::new(PegsAnswer { jumps: None })),
        answer(4, Answer::new(FewestAnswer { chains: None })),
        answer(
            5,
            Answer::new(RouteAnswer {
                found: Some(Found {
                    places: vec![0, 1, 6],
                    distance: 2.0,
                    expanded: 3,
                    trace: {
                        let mut trace = slide::route::Trace::default();
                        trace.open(0, 0.0, 2.0);
                        for (place, g) in [(0, 0.0), (1, 1.0), (6, 2.0)] {
                            trace.expand(place, g);
                            trace.open(place + 1, g + 1.0, 1.0);
                        }
                        trace
                    },
                }),
                optimal: true,
            }),
        ),
        answer(
            6,
            Answer::new(RouteAnswer {
                found: None,
                optimal: true,
            }),
        ),
        answer(
            7,
            Answer::new(DrawnBoard {
                board: Board::shuffled(3, 3, 2).unwrap(),
                distance: 12,
            }),
        ),
        FromWorker::RoundDone {
            id: 8,
            done: RoundDone {
                bound: 50,
                found: Some(SlidingAnswer::answer(vec![Dir::Down], true, 0)),
                next_bound: 52,
                expanded: 99,
            },
        },
        FromWorker::RoundDone {
            id: 8,
            done: RoundDone {
                bound: 50,
                found: None,
                next_bound: u32::MAX,
                expanded: 99,
            },
        },
        FromWorker::Failed {
            id: 9,
            message: "the board is unsolvable".into(),
        },
    ];
    let mut seeds: Vec<(String, Vec<u8>)> = to
        .iter()
        .map(|m| {
            (
                format!("{m:?}").chars().take(60).collect(),
                record_text(&m.to_record()).into_bytes(),
            )
        })
        .collect();
    seeds.extend(from.iter().map(|m| {
        (
            format!("{m:?}").chars().take(60).collect(),
            record_text(&m.to_record()).into_bytes(),
        )
    }));
    seeds
}

#[test]
fn worker_messages_are_decoded_or_refused_and_encoded_back_the_same() {
    let mut target = Target::new(
        "worker_messages",
        &[
            "kind ",
            "number ",
            "text ",
            "bytes ",
            "words ",
            "flag true",
            "null",
            "\n",
            " ",
            "id number ",
            "game text ",
            "sliding",
            "pegs",
            "fewest",
            "route",
            "draw",
            "moves text ",
            "waypoints",
            "nodes text ",
            "\\n",
            "width number ",
            "height number ",
            "tiles bytes ",
            "walkable bytes ",
            "from number ",
            "to number ",
            "heuristic text ",
            "algorithm text ",
            "weight number ",
            "mode text best",
            "branches words ",
            "bound number ",
            "places words ",
            "trace words ",
            "jumps bytes ",
            "chains bytes 255",
            "goal number -1",
        ],
    );
    target.seeds = worker_seeds();
    fuzz(target, check_worker_messages);
}

// ---- the tables' bytes ---------------------------------------------------

fn check_table_bytes(input: &[u8]) -> Outcome {
    let mut answers = Vec::new();
    match PatternTable::from_bytes(input) {
        Ok(table) => {
            same(
                "a pattern table's bytes read and written",
                &input.to_vec(),
                &table.to_bytes(),
            )?;
            answers.push("pattern table".to_string());
        }
        Err(error) => answers.push(signature(&error.to_string())),
    }
    match unpack_tables(input) {
        Ok(tables) => {
            same(
                "a tables file read and written",
                &input.to_vec(),
                &pack_tables(&tables),
            )?;
            answers.push(format!("{} tables", tables.len()));
        }
        Err(error) => answers.push(signature(&error.to_string())),
    }
    for table in [
        FewestTable::from_bytes(input),
        FewestTable::from_text(&text(input)),
    ] {
        match table {
            Ok(table) => {
                let back = FewestTable::from_bytes(&table.to_bytes())
                    .map_err(|e| format!("a fewest-moves table written again is refused: {e}"))?;
                same("a fewest-moves table read and written", &table, &back)?;
                answers.push(format!("fewest table of {}", table.len().min(3)));
            }
            Err(error) => answers.push(signature(&error)),
        }
    }
    // The 4x4 and 5x5 solvers' files: far larger than any input here, so
    // these are refused; what matters is how.
    if let Err(error) = slide::sliding::fifteen::FifteenTables::from_bytes(input) {
        answers.push(signature(&error.to_string()));
    }
    if let Err(error) = slide::sliding::twentyfour::TwentyFourTables::from_bytes(input) {
        answers.push(signature(&error.to_string()));
    }
    Ok(answers.join(" | "))
}

#[test]
fn table_bytes_are_read_or_refused_and_written_back_the_same() {
    let mut target = Target::new(
        "table_bytes",
        &[
            "slide pegs fewest 1\n",
            "# ",
            "\n",
            " any ",
            " 16 ",
            "-",
            "\u{1}",
            "\u{0}\u{0}\u{0}",
        ],
    );
    let small = PatternTable::build_on(3, 3, &[1, 2, 3]);
    let other = PatternTable::build_on(2, 3, &[4, 5]);
    target.seeds = vec![
        ("a 3x3 pattern table".into(), small.to_bytes()),
        ("a 2x3 pattern table".into(), other.to_bytes()),
        ("two tables packed".into(), pack_tables(&[small, other])),
    ];
    let fewest =
        std::fs::read(fuzz::corpus_dir("table_bytes").join("fewest-one-jump.txt")).unwrap();
    let table = FewestTable::from_text(&text(&fewest)).unwrap();
    target
        .seeds
        .push(("a fewest-moves table's bytes".into(), table.to_bytes()));
    fuzz(target, check_table_bytes);
}

#[test]
fn the_harness_reports_a_panic_with_the_input_saved() {
    // The engine itself: a check that panics on one corpus input must fail
    // naming it, with the input saved (a guard against a harness that
    // swallows what it should report).
    let outcome = std::panic::catch_unwind(|| {
        let mut target = Target::new("harness_self_check", &[]);
        target.seeds = vec![("a poisoned input".into(), b"boom".to_vec())];
        fuzz(target, |input| {
            assert!(input != b"boom", "the poisoned input");
            Ok(String::new())
        });
    });
    let message = outcome
        .err()
        .and_then(|p| p.downcast_ref::<String>().cloned())
        .expect("the harness fails on a panicking input");
    assert!(message.contains("panic on a poisoned input"), "{message}");
    assert!(message.contains("\"boom\""), "{message}");
    assert!(message.contains("the poisoned input"), "{message}");
}
