//! `slide route --scen FILE.map.scen`: runs every scenario of a Moving AI
//! scenario file on its map with one algorithm, and checks each route's
//! length against the file's optimal length (within
//! [`crate::route::movingai::tolerance`]), as `slide solve` checks the
//! expected lengths of an instance file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use super::read_input;
use crate::app::wording::count;
use crate::route::movingai::matches_optimal;
use crate::route::{
    parse_map, parse_scenarios, Algorithm, Grid, Heuristic, Moves, Query, Router, Scenario,
};

/// A scenario whose route's length is not the file's optimal one.
struct Mismatch<'a> {
    scenario: &'a Scenario,
    /// The route's length; `None` if the search found no route.
    length: Option<f64>,
}

/// The scenarios of the file at `scen` and the grid of their map (`map`, or
/// the map the scenarios name, beside the scenario file).
///
/// # Errors
/// The reason, naming the file and the line: a file that cannot be read
/// or is not a Moving AI file, scenarios naming different maps (without
/// `map`), a scenario that does not fit its map.
pub fn load(scen: &str, map: Option<&str>) -> Result<(Vec<Scenario>, Grid, PathBuf), String> {
    let text = read_input(scen)?;
    let scenarios = parse_scenarios(&text).map_err(|error| format!("{scen}: {error}"))?;
    let map_path = match map {
        Some(map) => PathBuf::from(map),
        None => {
            let name = scenarios[0].map_file_name();
            if let Some(other) = scenarios.iter().find(|s| s.map_file_name() != name) {
                return Err(format!(
                    "{scen}: line {}: the scenario is on the map {}, the ones before on {name}: \
                     give the map with --map",
                    other.line,
                    other.map_file_name()
                ));
            }
            let folder = if scen == "-" {
                Path::new(".")
            } else {
                Path::new(scen).parent().unwrap_or(Path::new("."))
            };
            folder.join(name)
        }
    };
    let shown = map_path.display().to_string();
    let map_text = std::fs::read_to_string(&map_path)
        .map_err(|error| format!("cannot read the map {shown}: {error}"))?;
    let grid = parse_map(&map_text).map_err(|error| format!("{shown}: {error}"))?;
    for scenario in &scenarios {
        scenario
            .check(&grid)
            .map_err(|error| format!("{scen}: {error} ({shown})"))?;
    }
    Ok((scenarios, grid, map_path))
}

/// Runs `slide route --scen SCEN [--map MAP] [--algorithm A] [--heuristic
/// H] [--verbose]` (`heuristic` by default the moves' own):
/// status 0 when every length equals the optimal (for an algorithm that
/// proves its routes shortest; the others' lengths are compared and said,
/// not failed), 1 on any mismatch or a file that cannot be used.
pub fn run(
    scen: &str,
    map: Option<&str>,
    algorithm: Algorithm,
    heuristic: Option<Heuristic>,
    verbose: bool,
) -> ExitCode {
    let (scenarios, grid, map_path) = match load(scen, map) {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    // The benchmark's moves: 8-connected, no corner cutting; Theta* walks
    // at any angle (shorter than the files' lengths).
    let moves = if algorithm == Algorithm::Theta {
        Moves::AnyAngle
    } else {
        Moves::Eight
    };
    let heuristic = heuristic.unwrap_or(moves.estimate());
    let query = match Query::new(algorithm, moves, heuristic, 1.0) {
        Ok(query) => query,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let (width, height) = (grid.width(), grid.height());
    let clock = Instant::now();
    let router = Router::new(Arc::new(grid), &query);
    let preprocessing = clock.elapsed().as_secs_f64();

    let mut mismatches = Vec::new();
    // For algorithms not proven shortest: how far their lengths stray.
    let (mut longest_ratio, mut shortest_ratio) = (1.0f64, 1.0f64);
    let (mut seconds, mut expanded) = (0.0, 0u64);
    for scenario in &scenarios {
        let clock = Instant::now();
        let route = router.route(scenario.start, scenario.goal, &query);
        let took = clock.elapsed().as_secs_f64();
        seconds += took;
        let route = match route {
            Ok(route) => route,
            Err(message) => {
                // Checked against the map above: never for these scenarios.
                eprintln!("slide: {scen}: line {}: {message}", scenario.line);
                return ExitCode::FAILURE;
            }
        };
        let length = route.as_ref().map(|route| route.distance);
        expanded += route.as_ref().map_or(0, |route| route.expanded);
        let equal = length.is_some_and(|length| matches_optimal(length, scenario.optimal));
        if verbose {
            let (sx, sy) = scenario.start;
            let (gx, gy) = scenario.goal;
            println!(
                "line {}: ({sx}, {sy}) to ({gx}, {gy}): {}, optimal {:.8}{}, {} expanded, {:.3} ms",
                scenario.line,
                length.map_or("no route".to_string(), |l| format!("length {l:.8}")),
                scenario.optimal,
                if equal { "" } else { " (differs)" },
                route.as_ref().map_or(0, |route| route.expanded),
                took * 1e3
            );
        }
        if let (Some(length), false) = (length, equal) {
            if scenario.optimal > 0.0 {
                longest_ratio = longest_ratio.max(length / scenario.optimal);
                shortest_ratio = shortest_ratio.min(length / scenario.optimal);
            }
        }
        if !equal {
            mismatches.push(Mismatch { scenario, length });
        }
    }

    let total = scenarios.len();
    println!(
        "{scen}: {} on {} ({width} x {height}), {}",
        count(total as u64, "scenario", "scenarios"),
        map_path.display(),
        algorithm.name()
    );
    let proven = query.proves_shortest();
    if mismatches.is_empty() {
        println!(
            "all {} equal the optimal",
            count(total as u64, "length", "lengths")
        );
    } else if proven {
        for mismatch in &mismatches {
            let s = mismatch.scenario;
            println!(
                "mismatch at line {}: ({}, {}) to ({}, {}): {}, optimal {:.8}",
                s.line,
                s.start.0,
                s.start.1,
                s.goal.0,
                s.goal.1,
                mismatch
                    .length
                    .map_or("no route".to_string(), |l| format!("length {l:.8}")),
                s.optimal
            );
        }
        println!(
            "{} of {total} lengths differ from the optimal",
            mismatches.len()
        );
    } else {
        println!(
            "{} of {total} lengths equal the optimal; {} is not proven shortest, the others are \
             from {:+.2} % to {:+.2} % of it",
            total - mismatches.len(),
            algorithm.label(),
            (shortest_ratio - 1.0) * 100.0,
            (longest_ratio - 1.0) * 100.0
        );
    }
    if algorithm.precomputes() || heuristic == Heuristic::Landmarks {
        println!("preprocessing: {:.3} ms", preprocessing * 1e3);
    }
    println!(
        "time: {:.3} ms in all, {:.4} ms a query",
        seconds * 1e3,
        seconds * 1e3 / total as f64
    );
    println!(
        "expanded: {} in all, {:.1} a query",
        count(expanded, "pixel", "pixels"),
        expanded as f64 / total as f64
    );
    let failed = proven && !mismatches.is_empty() || mismatches.iter().any(|m| m.length.is_none());
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
