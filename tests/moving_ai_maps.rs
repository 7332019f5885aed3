//! The Moving AI Lab's `.map` and `.map.scen` files: read as grids and
//! scenarios, the shared benchmark maps whole, and every way a file can be
//! wrong refused with its line and reason.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moving_ai, MOVING_AI_MAPS};
use slide::route::movingai::{format_map, matches_optimal, tolerance};
use slide::route::{parse_map, parse_scenarios, Grid, MAX_SIDE};

const SMALL: &str = "type octile\nheight 3\nwidth 4\nmap\n@@@@\n@.GS\nOTW.\n";

fn error(text: &str) -> String {
    parse_map(text).unwrap_err().to_string()
}

fn scen_error(text: &str) -> String {
    parse_scenarios(text).unwrap_err().to_string()
}

#[test]
fn a_map_reads_as_its_walkable_and_blocked_cells() {
    let grid = parse_map(SMALL).unwrap();
    assert_eq!((grid.width(), grid.height()), (4, 3));
    let open: Vec<bool> = (0..3)
        .flat_map(|y| (0..4).map(move |x| (x, y)))
        .map(|p| grid.is_walkable(p))
        .collect();
    let expected = [
        false, false, false, false, false, true, true, true, false, false, false, true,
    ];
    assert_eq!(open, expected);
}

#[test]
fn crlf_line_endings_a_byte_order_mark_and_width_before_height_read_the_same() {
    let grid = parse_map(SMALL).unwrap();
    assert_eq!(parse_map(&SMALL.replace('\n', "\r\n")).unwrap(), grid);
    assert_eq!(parse_map(&format!("\u{feff}{SMALL}")).unwrap(), grid);
    let swapped = SMALL.replace("height 3\nwidth 4", "width 4\nheight 3");
    assert_eq!(parse_map(&swapped).unwrap(), grid);
    // Blank lines after the last row are ignored.
    assert_eq!(parse_map(&format!("{SMALL}\n\n")).unwrap(), grid);
}

#[test]
fn a_map_written_back_reads_as_the_same_grid() {
    let grid = parse_map(SMALL).unwrap();
    assert_eq!(parse_map(&format_map(&grid)).unwrap(), grid);
}

#[test]
fn a_wrong_header_is_refused_with_its_line() {
    assert_eq!(
        error("tipe octile\nheight 3\nwidth 4\nmap\n"),
        "line 1: a Moving AI map starts with 'type octile', not 'tipe octile'"
    );
    assert_eq!(
        error("type tile\nheight 3\nwidth 4\nmap\n"),
        "line 1: only octile maps are read ('type octile'), not 'type tile'"
    );
    assert_eq!(
        error("type octile\nheight three\nwidth 4\nmap\n"),
        "line 2: the height 'three' is not a whole number"
    );
    assert_eq!(
        error("type octile\nheight 3\ndepth 4\nmap\n"),
        "line 3: the header needs 'width W' here, not 'depth 4'"
    );
    assert_eq!(
        error("type octile\nheight 3\nwidth 4\nrows\n"),
        "line 4: the header ends with the line 'map', not 'rows'"
    );
    assert_eq!(
        error(""),
        "line 1: the map ends before its header 'type octile'"
    );
    assert_eq!(
        error("type octile\nheight 3\n"),
        "line 3: the map ends before its height and width"
    );
    assert_eq!(
        error("type octile\nheight 0\nwidth 4\nmap\n"),
        "line 2: a map needs at least one pixel"
    );
}

#[test]
fn rows_too_short_too_long_too_few_or_too_many_are_refused_with_their_line() {
    assert_eq!(
        error(&SMALL.replace("@.GS", "@.G")),
        "line 6: row 2 is 3 cells long, not 4: too short"
    );
    assert_eq!(
        error(&SMALL.replace("@.GS", "@.GS.")),
        "line 6: row 2 is 5 cells long, not 4: too long"
    );
    assert_eq!(
        error("type octile\nheight 3\nwidth 4\nmap\n@@@@\n@...\n"),
        "line 7: the map has 2 rows, not 3: too few rows"
    );
    assert_eq!(
        error(&format!("{SMALL}@@@@\n")),
        "line 8: the map has more than its 3 rows: '@@@@'"
    );
}

#[test]
fn an_unknown_character_is_refused_with_its_line_and_column() {
    assert_eq!(
        error(&SMALL.replace("@.GS", "@.x.")),
        "line 6: unknown character 'x' in column 3 (walkable: . G S; blocked: @ O T W)"
    );
    assert_eq!(
        error(&SMALL.replace("@.GS", "@.\t.")),
        "line 6: unknown character '\\t' in column 3 (walkable: . G S; blocked: @ O T W)"
    );
}

#[test]
fn a_huge_map_is_refused_from_its_header_before_anything_is_made() {
    let side = MAX_SIDE + 1;
    assert_eq!(
        error(&format!("type octile\nheight 2\nwidth {side}\nmap\n")),
        format!(
            "line 3: a map of {side} x 2 pixels is too large: at most {MAX_SIDE} pixels a side"
        )
    );
    // Within the sides but over the pixels, with no rows at all: the
    // header alone is enough to refuse it.
    assert!(error("type octile\nheight 4000\nwidth 4000\nmap\n")
        .contains("is too large: at most 2000000 pixels"));
    assert!(error(&format!(
        "type octile\nheight {}\nwidth 9\nmap\n",
        usize::MAX
    ))
    .contains("too large"));
}

#[test]
fn a_scenario_file_reads_as_its_scenarios() {
    let text = "version 1\n0\tmaps/arena.map\t49\t49\t19\t26\t19\t29\t3.00000000\n\n\
                3\tarena.map\t49\t49\t1\t2\t3\t4\t0\r\n";
    let scenarios = parse_scenarios(text).unwrap();
    assert_eq!(scenarios.len(), 2);
    let first = &scenarios[0];
    assert_eq!(
        (first.line, first.bucket, first.width, first.height),
        (2, 0, 49, 49)
    );
    assert_eq!(
        (first.start, first.goal, first.optimal),
        ((19, 26), (19, 29), 3.0)
    );
    assert_eq!(first.map_file_name(), "arena.map");
    assert_eq!(scenarios[1].line, 4);
    assert_eq!(scenarios[1].optimal, 0.0);
}

#[test]
fn every_fault_of_a_scenario_file_is_refused_with_its_line() {
    let good = "0\tarena.map\t49\t49\t19\t26\t19\t29\t3.0";
    assert_eq!(
        scen_error(&format!("version 2\n{good}\n")),
        "line 1: a Moving AI scenario file starts with 'version 1', not 'version 2'"
    );
    assert_eq!(
        scen_error("version 1\n"),
        "the scenario file has no scenarios"
    );
    assert!(scen_error(&format!("version 1\n{good}\t7\n"))
        .starts_with("line 2: a scenario has 9 fields (bucket, map,"));
    assert_eq!(
        scen_error("version 1\n0\tarena.map\t49\t49\t19\tsix\t19\t29\t3\n"),
        "line 2: the start y 'six' is not a whole number"
    );
    assert_eq!(
        scen_error("version 1\n0\tarena.map\t49\t49\t19\t-1\t19\t29\t3\n"),
        "line 2: the start y '-1' is not a whole number"
    );
    assert_eq!(
        scen_error("version 1\n0\tarena.map\t49\t49\t19\t6\t19\t29\tNaN\n"),
        "line 2: the optimal length 'NaN' is not a number from 0"
    );
    assert_eq!(
        scen_error("version 1\n0\tarena.map\t49\t49\t19\t6\t49\t29\t3\n"),
        "line 2: the goal (49, 29) is off the scenario's 49 x 49 map"
    );
    assert_eq!(
        scen_error("version 1\n0\tarena.map\t9999\t49\t19\t6\t4\t29\t3\n"),
        format!("line 2: a map of 9999 x 49 cells cannot be read: 1 to {MAX_SIDE} a side")
    );
}

#[test]
fn a_scenario_is_checked_against_its_maps_size_and_walls() {
    let grid = parse_map(SMALL).unwrap();
    let check = |line: &str| {
        let scenarios = parse_scenarios(&format!("version 1\n{line}\n")).unwrap();
        scenarios[0].check(&grid).map_err(|e| e.to_string())
    };
    assert_eq!(check("0\tsmall.map\t4\t3\t1\t1\t3\t2\t2.41421356"), Ok(()));
    assert_eq!(
        check("0\tsmall.map\t5\t3\t1\t1\t3\t2\t2.4"),
        Err("line 2: the scenario is for a 5 x 3 map, but the map is 4 x 3".into())
    );
    assert_eq!(
        check("0\tsmall.map\t4\t3\t0\t0\t3\t2\t2.4"),
        Err("line 2: the start (0, 0) is on a wall".into())
    );
    assert_eq!(
        check("0\tsmall.map\t4\t3\t1\t1\t2\t2\t2.4"),
        Err("line 2: the goal (2, 2) is on a wall".into())
    );
}

#[test]
fn the_tolerance_allows_the_step_costs_rounding_and_nothing_like_a_corner_cut() {
    assert!(matches_optimal(3.0, 3.0));
    assert!(matches_optimal(1000.0 + 2e-4, 1000.0));
    assert!(!matches_optimal(1000.01, 1000.0));
    // Cutting one corner saves 2 - √2 ≈ 0.59 pixel.
    assert!(tolerance(5000.0) < 0.01);
}

#[test]
fn the_shared_benchmark_maps_and_scenarios_all_read_and_agree() {
    for name in MOVING_AI_MAPS {
        let (map, scen) = (
            moving_ai(&format!("{name}.map")),
            moving_ai(&format!("{name}.map.scen")),
        );
        let grid: Grid = parse_map(&map).unwrap_or_else(|e| panic!("{name}.map: {e}"));
        let scenarios = parse_scenarios(&scen).unwrap_or_else(|e| panic!("{name}.map.scen: {e}"));
        for scenario in &scenarios {
            assert_eq!(scenario.map_file_name(), format!("{name}.map"));
            scenario
                .check(&grid)
                .unwrap_or_else(|e| panic!("{name}.map.scen: {e}"));
        }
    }
}
