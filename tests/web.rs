//! The exported JavaScript API, run in headless Chromium by
//! wasm-bindgen-test-runner (`make test`).
#![cfg(target_arch = "wasm32")]

use slide::api::{Blocks, NearTables, PatternTables, Pegs, Puzzle, Route, RouteGrid};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn tiles(values: &[i32]) -> JsValue {
    values
        .iter()
        .map(|&v| JsValue::from(v))
        .collect::<js_sys::Array>()
        .into()
}

fn js(n: impl Into<JsValue>) -> JsValue {
    n.into()
}

fn message(error: JsValue) -> String {
    js_sys::Error::from(error).message().into()
}

#[wasm_bindgen_test]
fn a_new_puzzle_is_solved() {
    let puzzle = Puzzle::new(js(4), js(4)).unwrap();
    assert_eq!((puzzle.width(), puzzle.height()), (4, 4));
    assert!(puzzle.is_solved());
    assert_eq!(puzzle.tiles(), (1..16).chain([0]).collect::<Vec<u8>>());
}

#[wasm_bindgen_test]
fn bad_sizes_and_tiles_throw_clear_errors() {
    assert!(message(Puzzle::new(js(1), js(4)).err().unwrap()).contains("from 2 to 10, not 1"));
    let unsolvable = Puzzle::from_tiles(js(3), js(3), tiles(&[1, 2, 3, 4, 5, 6, 8, 7, 0]));
    assert!(message(unsolvable.err().unwrap()).starts_with("this board is unsolvable"));
    let short = Puzzle::from_tiles(js(3), js(3), tiles(&[1, 2, 3]));
    assert_eq!(
        message(short.err().unwrap()),
        "a 3x3 board needs 9 tiles (0 for the blank), found 3"
    );
    let not_numbers = js_sys::Array::of4(&js("a"), &js(1), &js(2), &js(0));
    let not_numbers = Puzzle::from_tiles(js(2), js(2), not_numbers.into());
    assert_eq!(
        message(not_numbers.err().unwrap()),
        "Puzzle.fromTiles: 'tiles[0]' must be a number, not the string \"a\""
    );
    let fraction = js_sys::Array::of4(&js(1.5), &js(2), &js(3), &js(0));
    let fraction = Puzzle::from_tiles(js(2), js(2), fraction.into());
    assert!(message(fraction.err().unwrap()).contains("'tiles[0]' must be a whole number"));
    let parsed = Puzzle::parse(js("1 2 3\n4 5\n6 7 0"));
    assert!(message(parsed.err().unwrap()).starts_with("line 2:"));
}

#[wasm_bindgen_test]
fn shuffles_are_seeded_and_never_solved() {
    let mut a = Puzzle::new(js(4), js(4)).unwrap();
    let mut b = Puzzle::new(js(4), js(4)).unwrap();
    a.shuffle(js(42)).unwrap();
    b.shuffle(JsValue::bigint_from_str("42")).unwrap();
    assert_eq!(a.tiles(), b.tiles());
    assert!(!a.is_solved());
    assert!(a.shuffle(js(-1)).is_err());
    assert!(a.shuffle(js("x")).is_err());
}

#[wasm_bindgen_test]
fn slides_count_tiles_and_undo_redo_restore() {
    let mut puzzle = Puzzle::new(js(4), js(4)).unwrap();
    assert_eq!(puzzle.slide(js(1)), Ok(0), "not in line with the blank");
    assert_eq!(puzzle.slide(js(13)), Ok(3), "a run of three");
    assert_eq!(puzzle.tiles()[12..], [0, 13, 14, 15]);
    assert_eq!(
        puzzle.push(js("right")).unwrap(),
        0,
        "nothing left of the blank"
    );
    assert_eq!(puzzle.push(js("left")).unwrap(), 1);
    assert!(puzzle.push(js("sideways")).is_err());
    assert!(puzzle.undo());
    assert!(puzzle.undo());
    assert!(puzzle.is_solved());
    assert!(!puzzle.undo());
    assert!(puzzle.redo());
    assert_eq!(puzzle.tiles()[12..], [0, 13, 14, 15]);
}

#[wasm_bindgen_test]
fn solve_and_hint_give_the_optimal_22_moves_of_the_seed_example() {
    let start = [1, 7, 2, 4, 6, 0, 14, 3, 13, 10, 11, 8, 5, 9, 15, 12];
    let mut puzzle = Puzzle::from_tiles(js(4), js(4), tiles(&start)).unwrap();
    assert_eq!(puzzle.solve_path(), "rrdllldruuurdllddrurrd");
    let solution = puzzle.solve();
    assert_eq!(solution.len(), 22);
    assert_eq!(puzzle.distance(), 22);
    assert_eq!(puzzle.hint(), Some(solution[0]));
    // Following the hints solves it; solve() does not move anything itself.
    for &tile in &solution {
        assert_eq!(puzzle.hint(), Some(tile));
        assert_eq!(puzzle.slide(js(tile)), Ok(1));
    }
    assert!(puzzle.is_solved());
    assert_eq!(puzzle.hint(), None);
    assert!(puzzle.solve().is_empty());
}

#[wasm_bindgen_test]
fn the_lower_bound_never_exceeds_the_distance_and_meets_it_once_solved_optimally() {
    let mut hardest =
        Puzzle::from_tiles(js(3), js(3), tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1])).unwrap();
    let before = hardest.lower_bound();
    assert!(before > 0 && before <= 31 && before % 2 == 1, "{before}");
    assert_eq!(hardest.distance(), 31);
    assert_eq!(hardest.lower_bound(), 31);
    let mut large = Puzzle::new(js(6), js(6)).unwrap();
    large.shuffle(js(5)).unwrap();
    let bound = large.lower_bound();
    assert!(bound > 0 && bound <= large.distance() as u32);
}

#[wasm_bindgen_test]
fn the_hardest_8_puzzle_and_a_large_board_are_solved() {
    let mut hardest =
        Puzzle::from_tiles(js(3), js(3), tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1])).unwrap();
    assert_eq!(hardest.solve().len(), 31);
    let mut large = Puzzle::new(js(7), js(7)).unwrap();
    large.shuffle(js(3)).unwrap();
    for tile in large.solve() {
        assert_eq!(large.slide(js(tile)), Ok(1));
    }
    assert!(large.is_solved());
    assert_eq!(large.lower_bound(), 0);
    assert_eq!(Puzzle::is_optimal_size(js(4), js(4)), Ok(true));
    assert_eq!(Puzzle::is_optimal_size(js(5), js(5)), Ok(false));
}

#[wasm_bindgen_test]
fn the_t_shape_is_played_hinted_and_solved_through_the_api() {
    let mut game = Pegs::new(js("t")).unwrap();
    assert_eq!(game.pegs_left(), 5);
    assert_eq!(game.goal_hole(), 16);
    assert!(Pegs::layouts().contains(&"classic".to_string()));
    // The centre peg jumps right: d4 over e4 to f4.
    game.jump(js(16), js(18)).unwrap();
    assert_eq!(game.pegs_left(), 4);
    let hint = game.hint().expect("still winnable");
    assert_eq!(hint.len(), 2);
    let solution = game.solve().unwrap();
    assert_eq!(solution.len(), 6, "three jumps as pairs of holes");
    for pair in solution.chunks(2) {
        game.jump(js(pair[0]), js(pair[1])).unwrap();
    }
    assert!(game.is_won());
    assert_eq!(game.pegs(), vec![16]);
    assert!(game.undo());
    assert!(!game.is_won());
}

#[wasm_bindgen_test]
fn a_rush_hour_card_is_hinted_solved_and_undone_through_the_api_and_bad_input_throws() {
    let mut game = Blocks::new(js("card-1")).unwrap();
    assert_eq!(game.style(), "rush-hour");
    assert!(Blocks::layouts().contains(&"heng-dao-li-ma".to_string()));
    let solution = game.solve().expect("card 1 can be solved");
    assert_eq!(solution.len(), 8, "card 1's published count");
    assert_eq!(game.hint().as_deref(), Some(solution[0].as_str()));
    for mv in &solution {
        let (from, to) = mv.split_once('-').expect("moves are written from-to");
        game.play(js(from), js(to)).unwrap();
    }
    assert!(game.is_won());
    assert_eq!(game.hint(), None);
    assert!(game.undo());
    assert!(!game.is_won());
    assert!(
        message(Blocks::new(js("card-99")).err().unwrap()).contains("no layout called 'card-99'")
    );
    assert!(Blocks::parse(js("klotski\nAX\nX.")).is_err());
    let before = game.to_text();
    assert!(game.play(js("z9"), js("a1")).is_err());
    assert!(game.play(js(9), js("a1")).is_err());
    assert_eq!(game.to_text(), before, "a refused move changes nothing");
}

#[wasm_bindgen_test]
fn pegs_hints_follow_the_solution_found_until_the_player_leaves_it() {
    let mut game = Pegs::new(JsValue::UNDEFINED).unwrap();
    let solution = game.solve().expect("the classic board is winnable");
    assert_eq!(solution.len(), 2 * 31, "31 jumps as pairs of holes");
    assert_eq!(game.hint().unwrap(), solution[..2].to_vec());
    game.jump(js(solution[0]), js(solution[1])).unwrap();
    assert_eq!(game.solve().unwrap(), solution[2..].to_vec());
    assert_eq!(game.hint().unwrap(), solution[2..4].to_vec());
    // A new goal forgets the solution: its last peg ended in the centre.
    game.set_goal(js(-1)).unwrap();
    let anywhere = game.solve().expect("still winnable with any hole");
    assert_eq!(anywhere.len(), 2 * 30);
    assert!(game.undo());
    assert_eq!(game.pegs_left(), 32);
}

#[wasm_bindgen_test]
fn bad_peg_input_throws_clear_errors() {
    assert!(message(Pegs::new(js("nope")).err().unwrap()).contains("no layout called 'nope'"));
    let bad = Pegs::parse(js("ooo ooo ooooooo oooqooo ooooooo ooo ooo"));
    assert!(message(bad.err().unwrap()).contains("unknown character 'q'"));
    let mut game = Pegs::new(JsValue::UNDEFINED).unwrap();
    assert!(message(game.jump(js(16), js(18)).err().unwrap()).contains("d4"));
    assert!(message(game.jump(js(0), js(1)).err().unwrap()).contains("is not a jump"));
    assert!(message(game.set_goal(js(40)).err().unwrap()).contains("from -1 to 32, not 40"));
    // A lost position: two pegs far apart.
    let mut lost = Pegs::parse(js("o.. ... ....... ....... ....... ... ..o")).unwrap();
    assert!(lost.is_stuck());
    assert_eq!(lost.hint(), None);
    assert!(!lost.is_winnable());
}

#[wasm_bindgen_test]
fn damaged_pattern_tables_are_refused_with_a_reason() {
    let bytes = |bytes: &[u8]| JsValue::from(js_sys::Uint8Array::from(bytes));
    assert!(
        message(PatternTables::from_bytes(bytes(&[])).err().unwrap()).contains("empty table file")
    );
    assert!(message(
        PatternTables::from_bytes(bytes(&[1, 200, 0, 0, 0]))
            .err()
            .unwrap()
    )
    .contains("truncated"));
    assert_eq!(PatternTables::file_name(), "fifteen-bottom-v5.pdb");
}

#[wasm_bindgen_test]
fn a_6x6_is_solved_stage_by_stage_and_damaged_near_tables_are_refused() {
    // Without the 5x5 tables the stages go down to a 4x4: still a solution.
    let mut puzzle = Puzzle::new(js(6), js(6)).unwrap();
    puzzle.shuffle(js(3)).unwrap();
    let tiles = puzzle.solve();
    assert!(!tiles.is_empty());
    for tile in tiles {
        assert_eq!(puzzle.slide(js(tile)), Ok(1), "every tile given slides");
    }
    assert!(puzzle.is_solved());
    let empty = JsValue::from(js_sys::Uint8Array::new_with_length(0));
    assert!(message(NearTables::from_bytes(empty).err().unwrap()).contains("empty table file"));
    assert_eq!(NearTables::file_name(), "twentyfour-55554-v1.pdb");
}

fn get(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap()
}

#[wasm_bindgen_test]
fn routes_over_waypoints_and_pixels_are_found_and_bad_input_throws() {
    let plan = Route::from_nodes(js(include_str!("instances/floorplan_nodes.dat"))).unwrap();
    assert_eq!(plan.count(), 10);
    let route = plan.shortest();
    let path: Vec<f64> = js_sys::Array::from(&get(&route, "path"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(path, [0.0, 3.0, 4.0, 7.0, 8.0, 9.0]);
    let distance = get(&route, "distance").as_f64().unwrap();
    assert!((distance - 322.51).abs() < 0.005, "{distance}");
    assert_eq!(
        message(Route::from_nodes(js("0 0 1\n5 5 0 7\n")).err().unwrap()),
        "line 2: waypoint 7 does not exist: there are 2, numbered 0 to 1"
    );
    assert!(Route::from_nodes(js("0 0 1\n5 5 0\n"))
        .unwrap()
        .shortest_between(js(0), js(2))
        .is_err());
    assert!(Route::from_nodes(js("0 0\n5 5\n"))
        .unwrap()
        .shortest()
        .is_null());

    // White but for a wall down the middle with a gap at the bottom.
    let (width, height) = (5usize, 4usize);
    let mut rgba = vec![255u8; width * height * 4];
    for y in 0..3 {
        rgba[(y * width + 2) * 4..(y * width + 2) * 4 + 3].fill(0);
    }
    let rgba = JsValue::from(js_sys::Uint8ClampedArray::from(&rgba[..]));
    let map = RouteGrid::from_rgba(js(width), js(height), rgba, JsValue::UNDEFINED).unwrap();
    assert_eq!(map.is_walkable(js(2), js(0)), Ok(false));
    assert_eq!(map.is_walkable(js(2), js(3)), Ok(true));
    let walk = |to_x: i32, moves: JsValue| map.shortest(js(0), js(0), js(to_x), js(0), moves);
    let four = walk(4, js("4")).unwrap();
    assert_eq!(get(&four, "distance").as_f64(), Some(10.0));
    let eight = walk(4, JsValue::UNDEFINED).unwrap();
    assert!(get(&eight, "distance").as_f64().unwrap() < 10.0);
    let steps = js_sys::Array::from(&get(&eight, "path"));
    assert_eq!(
        js_sys::Array::from(&steps.get(0)).to_vec(),
        [JsValue::from(0), JsValue::from(0)]
    );
    assert_eq!(
        message(walk(2, JsValue::NULL).err().unwrap()),
        "the goal (2, 0) is on a wall"
    );
    assert_eq!(
        message(walk(4, js("6")).err().unwrap()),
        "moves must be \"4\", \"8\" or \"any\", not \"6\""
    );
    let any = walk(4, js("any")).unwrap();
    let any_distance = get(&any, "distance").as_f64().unwrap();
    assert!(any_distance < get(&eight, "distance").as_f64().unwrap());
    assert!(any_distance >= 4.0);
    let gray = JsValue::from(js_sys::Uint8Array::from(&[255; 8][..]));
    assert!(RouteGrid::from_gray(js(3), js(3), gray, JsValue::UNDEFINED).is_err());
    let maze = RouteGrid::maze(js(10), js(10), js(3)).unwrap();
    assert_eq!((maze.width(), maze.height()), (21, 21));
    let solved = maze.shortest(js(1), js(1), js(19), js(19), JsValue::UNDEFINED);
    assert!(!solved.unwrap().is_null());
}

/// Which error a refused argument throws.
#[derive(Debug, PartialEq)]
enum Thrown {
    Type,
    Range,
}

/// Asserts that `result` threw a `TypeError` or `RangeError` (as `kind`
/// says) with exactly `expected` as its message.
fn assert_refused<T>(result: Result<T, JsValue>, kind: Thrown, expected: &str) {
    let Err(error) = result else {
        panic!("the argument should be refused: {expected}");
    };
    let thrown = if error.is_instance_of::<js_sys::TypeError>() {
        Some(Thrown::Type)
    } else if error.is_instance_of::<js_sys::RangeError>() {
        Some(Thrown::Range)
    } else {
        None
    };
    assert_eq!(thrown, Some(kind), "{}", message(error.clone()));
    assert_eq!(message(error), expected);
}

fn white_grid(width: usize, height: usize) -> RouteGrid {
    let rgba = JsValue::from(js_sys::Uint8Array::from(
        &vec![255u8; width * height * 4][..],
    ));
    RouteGrid::from_rgba(js(width), js(height), rgba, JsValue::UNDEFINED).unwrap()
}

#[wasm_bindgen_test]
fn route_from_nodes_refuses_a_number_for_its_text_with_a_type_error() {
    assert_refused(
        Route::from_nodes(js(12345)),
        Thrown::Type,
        "Route.fromNodes: 'text' must be a string, not 12345",
    );
}

#[wasm_bindgen_test]
fn new_pegs_refuses_a_number_for_its_layout_with_a_type_error() {
    assert_refused(
        Pegs::new(js(123)),
        Thrown::Type,
        "new Pegs: 'layout' must be a string, not 123",
    );
    assert!(Pegs::new(JsValue::NULL).is_ok(), "null is no layout given");
}

#[wasm_bindgen_test]
fn grid_shortest_refuses_a_number_for_its_moves_with_a_type_error() {
    let grid = white_grid(10, 10);
    assert_refused(
        grid.shortest(js(1), js(1), js(9), js(9), js(8)),
        Thrown::Type,
        "RouteGrid.shortest: 'moves' must be a string, not 8",
    );
    assert!(grid.shortest(js(1), js(1), js(9), js(9), js("8")).is_ok());
}

#[wasm_bindgen_test]
fn shortest_between_refuses_nan_rather_than_routing_from_waypoint_0() {
    let plan = Route::from_nodes(js(include_str!("instances/floorplan_nodes.dat"))).unwrap();
    assert_refused(
        plan.shortest_between(js(f64::NAN), js(1)),
        Thrown::Range,
        "Route.shortestBetween: 'from' must be a whole number from 0 to 9, not NaN",
    );
    assert_refused(
        plan.shortest_between(js(0), js(10)),
        Thrown::Range,
        "Route.shortestBetween: 'to' must be a whole number from 0 to 9, not 10",
    );
}

#[wasm_bindgen_test]
fn jump_refuses_a_hole_past_2_to_the_32_rather_than_wrapping_it() {
    let mut game = Pegs::new(JsValue::UNDEFINED).unwrap();
    assert_refused(
        game.jump(js(2f64.powi(32) + 4.0), js(16)),
        Thrown::Range,
        "Pegs.jump: 'from' must be a whole number from 0 to 32, not 4294967300",
    );
    assert_eq!(game.pegs_left(), 32, "nothing jumped");
    assert_refused(
        game.jump(js(4), js("16")),
        Thrown::Type,
        "Pegs.jump: 'to' must be a number, not the string \"16\"",
    );
}

#[wasm_bindgen_test]
fn set_goal_refuses_nan_rather_than_setting_hole_0() {
    let mut game = Pegs::new(JsValue::UNDEFINED).unwrap();
    assert_refused(
        game.set_goal(js(f64::NAN)),
        Thrown::Range,
        "Pegs.setGoal: 'hole' must be a whole number from -1 to 32, not NaN",
    );
    assert_eq!(game.goal_hole(), 16, "the goal is unchanged");
    game.set_goal(js(-1)).unwrap();
    assert_eq!(game.goal_hole(), -1);
}

#[wasm_bindgen_test]
fn from_rgba_refuses_a_threshold_of_256_rather_than_making_black_walkable() {
    let black = || JsValue::from(js_sys::Uint8Array::from(&[0u8, 0, 0, 255][..]));
    assert_refused(
        RouteGrid::from_rgba(js(1), js(1), black(), js(256)),
        Thrown::Range,
        "RouteGrid.fromRgba: 'threshold' must be a whole number from 0 to 255, not 256",
    );
    let map = RouteGrid::from_rgba(js(1), js(1), black(), js(255)).unwrap();
    assert_eq!(map.is_walkable(js(0), js(0)), Ok(false));
}

#[wasm_bindgen_test]
fn from_rgba_refuses_a_string_for_its_pixels_with_a_type_error() {
    assert_refused(
        RouteGrid::from_rgba(js(1), js(1), js("abcd"), JsValue::UNDEFINED),
        Thrown::Type,
        "RouteGrid.fromRgba: 'rgba' must be a Uint8Array, a Uint8ClampedArray or an array \
         of bytes, not the string \"abcd\"",
    );
    let bytes = js_sys::Array::of4(&js(255), &js(255), &js(255), &js(256));
    assert_refused(
        RouteGrid::from_rgba(js(1), js(1), bytes.into(), JsValue::UNDEFINED),
        Thrown::Range,
        "RouteGrid.fromRgba: 'rgba[3]' must be a whole number from 0 to 255, not 256",
    );
    let bytes = js_sys::Array::of4(&js(255), &js(255), &js(255), &js(255));
    assert!(RouteGrid::from_rgba(js(1), js(1), bytes.into(), JsValue::UNDEFINED).is_ok());
}

/// A call of an exported function with one argument left open.
type Call<'a> = Box<dyn Fn(JsValue) -> Result<(), JsValue> + 'a>;

#[wasm_bindgen_test]
fn every_number_argument_refuses_strings_nan_fractions_and_bigints() {
    let plan = Route::from_nodes(js("0 0 1\n5 5\n")).unwrap();
    let grid = white_grid(3, 3);
    let gray = || JsValue::from(js_sys::Uint8Array::from(&[255u8][..]));
    let undefined = JsValue::UNDEFINED;
    // Each call with `bad` in one number argument, the others valid.
    let calls: Vec<(&str, Call)> = vec![
        (
            "new Puzzle: 'width'",
            Box::new(|bad| Puzzle::new(bad, js(3)).map(drop)),
        ),
        (
            "new Puzzle: 'height'",
            Box::new(|bad| Puzzle::new(js(3), bad).map(drop)),
        ),
        (
            "Puzzle.fromTiles: 'width'",
            Box::new(|bad| Puzzle::from_tiles(bad, js(2), tiles(&[1, 2, 3, 0])).map(drop)),
        ),
        (
            "Puzzle.fromTiles: 'tiles[2]'",
            Box::new(|bad| {
                let list = js_sys::Array::of4(&js(1), &js(2), &bad, &js(0));
                Puzzle::from_tiles(js(2), js(2), list.into()).map(drop)
            }),
        ),
        (
            "Puzzle.slide: 'tile'",
            Box::new(|bad| Puzzle::new(js(3), js(3)).unwrap().slide(bad).map(drop)),
        ),
        (
            "Puzzle.isOptimalSize: 'height'",
            Box::new(|bad| Puzzle::is_optimal_size(js(3), bad).map(drop)),
        ),
        (
            "Pegs.jump: 'from'",
            Box::new(|bad| Pegs::new(JsValue::UNDEFINED).unwrap().jump(bad, js(16))),
        ),
        (
            "Pegs.setGoal: 'hole'",
            Box::new(|bad| Pegs::new(JsValue::UNDEFINED).unwrap().set_goal(bad)),
        ),
        (
            "Pegs.holeName: 'hole'",
            Box::new(|bad| Pegs::hole_name_of(bad).map(drop)),
        ),
        (
            "Route.shortestBetween: 'to'",
            Box::new(|bad| plan.shortest_between(js(0), bad).map(drop)),
        ),
        (
            "RouteGrid.fromGray: 'width'",
            Box::new(|bad| RouteGrid::from_gray(bad, js(1), gray(), JsValue::UNDEFINED).map(drop)),
        ),
        (
            "RouteGrid.fromGray: 'threshold'",
            Box::new(|bad| RouteGrid::from_gray(js(1), js(1), gray(), bad).map(drop)),
        ),
        (
            "RouteGrid.maze: 'high'",
            Box::new(|bad| RouteGrid::maze(js(2), bad, js(1)).map(drop)),
        ),
        (
            "RouteGrid.isWalkable: 'x'",
            Box::new(|bad| grid.is_walkable(bad, js(0)).map(drop)),
        ),
        (
            "RouteGrid.shortest: 'toY'",
            Box::new(|bad| {
                grid.shortest(js(0), js(0), js(2), bad, undefined.clone())
                    .map(drop)
            }),
        ),
    ];
    for (argument, call) in &calls {
        for (bad, kind, shown) in [
            (js("1"), Thrown::Type, "the string \"1\""),
            (JsValue::bigint_from_str("1"), Thrown::Type, "a BigInt"),
            (js(true), Thrown::Type, "true"),
            (js(f64::NAN), Thrown::Range, "NaN"),
            (js(1.5), Thrown::Range, "1.5"),
            (js(f64::INFINITY), Thrown::Range, "Infinity"),
            (js(-2), Thrown::Range, "-2"),
        ] {
            let error = call(bad).expect_err(argument);
            let text = message(error.clone());
            let thrown = if kind == Thrown::Type {
                error.is_instance_of::<js_sys::TypeError>()
            } else {
                error.is_instance_of::<js_sys::RangeError>()
            };
            assert!(thrown, "{argument}: {kind:?} expected, got {text}");
            assert!(text.starts_with(argument), "{text}");
            assert!(text.ends_with(&format!(", not {shown}")), "{text}");
        }
    }
}

#[wasm_bindgen_test]
fn every_string_and_bytes_argument_refuses_other_kinds_with_a_type_error() {
    let mut puzzle = Puzzle::new(js(3), js(3)).unwrap();
    assert_refused(
        puzzle.push(js(1)),
        Thrown::Type,
        "Puzzle.push: 'direction' must be a string, not 1",
    );
    assert_refused(
        Puzzle::parse(JsValue::UNDEFINED),
        Thrown::Type,
        "Puzzle.parse: 'text' must be a string, not undefined",
    );
    assert_refused(
        Pegs::parse(JsValue::NULL),
        Thrown::Type,
        "Pegs.parse: 'text' must be a string, not null",
    );
    assert_refused(
        Puzzle::from_tiles(js(2), js(2), js("1230")),
        Thrown::Type,
        "Puzzle.fromTiles: 'tiles' must be an array, not the string \"1230\"",
    );
    assert_refused(
        puzzle.shuffle(js("seven")),
        Thrown::Type,
        "Puzzle.shuffle: 'seed' must be a number or a BigInt, not the string \"seven\"",
    );
    assert_refused(
        puzzle.shuffle(js(0.5)),
        Thrown::Range,
        "Puzzle.shuffle: 'seed' must be a whole number from 0 to 2^53, or a BigInt from 0 \
         to 2^64 - 1, not 0.5",
    );
    assert_refused(
        PatternTables::from_bytes(js_sys::Object::new().into()),
        Thrown::Type,
        "PatternTables.fromBytes: 'bytes' must be a Uint8Array, a Uint8ClampedArray or an \
         array of bytes, not an object",
    );
    assert_refused(
        NearTables::from_bytes(js(7)),
        Thrown::Type,
        "NearTables.fromBytes: 'bytes' must be a Uint8Array, a Uint8ClampedArray or an \
         array of bytes, not 7",
    );
    let long = "a".repeat(100);
    assert_refused(
        RouteGrid::from_gray(js(1), js(1), js(long.as_str()), JsValue::UNDEFINED),
        Thrown::Type,
        "RouteGrid.fromGray: 'gray' must be a Uint8Array, a Uint8ClampedArray or an array \
         of bytes, not the string \"aaaaaaaaaaaaaaaaaaaaaaaa…\"",
    );
    // A typed array of tiles is still a list of tiles.
    let typed = JsValue::from(js_sys::Uint8Array::from(&[1u8, 2, 3, 0][..]));
    assert!(Puzzle::from_tiles(js(2), js(2), typed).is_ok());
}
