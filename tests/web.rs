//! The exported JavaScript API, run in headless Chromium by
//! wasm-bindgen-test-runner (`make test`).
#![cfg(target_arch = "wasm32")]

use slide::api::{NearTables, PatternTables, Pegs, Puzzle, Route, RouteGrid};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn tiles(values: &[i32]) -> Vec<JsValue> {
    values.iter().map(|&v| JsValue::from(v)).collect()
}

fn message(error: wasm_bindgen::JsError) -> String {
    js_sys::Error::from(JsValue::from(error)).message().into()
}

#[wasm_bindgen_test]
fn a_new_puzzle_is_solved() {
    let puzzle = Puzzle::new(4, 4).unwrap();
    assert_eq!((puzzle.width(), puzzle.height()), (4, 4));
    assert!(puzzle.is_solved());
    assert_eq!(puzzle.tiles(), (1..16).chain([0]).collect::<Vec<u8>>());
}

#[wasm_bindgen_test]
fn bad_sizes_and_tiles_throw_clear_errors() {
    assert!(message(Puzzle::new(1, 4).err().unwrap()).contains("between 2 and 10"));
    let unsolvable = Puzzle::from_tiles(3, 3, tiles(&[1, 2, 3, 4, 5, 6, 8, 7, 0]));
    assert!(message(unsolvable.err().unwrap()).starts_with("this board is unsolvable"));
    let short = Puzzle::from_tiles(3, 3, tiles(&[1, 2, 3]));
    assert_eq!(
        message(short.err().unwrap()),
        "a 3x3 board needs 9 tiles (0 for the blank), found 3"
    );
    let not_numbers = Puzzle::from_tiles(2, 2, vec!["a".into(), 1.into(), 2.into(), 0.into()]);
    assert!(message(not_numbers.err().unwrap()).contains("'a' is not a tile number"));
    let fraction = Puzzle::from_tiles(2, 2, vec![1.5.into(), 2.into(), 3.into(), 0.into()]);
    assert!(message(fraction.err().unwrap()).contains("is not a tile number"));
    let parsed = Puzzle::parse("1 2 3\n4 5\n6 7 0");
    assert!(message(parsed.err().unwrap()).starts_with("line 2:"));
}

#[wasm_bindgen_test]
fn shuffles_are_seeded_and_never_solved() {
    let mut a = Puzzle::new(4, 4).unwrap();
    let mut b = Puzzle::new(4, 4).unwrap();
    a.shuffle(42.into()).unwrap();
    b.shuffle(JsValue::bigint_from_str("42")).unwrap();
    assert_eq!(a.tiles(), b.tiles());
    assert!(!a.is_solved());
    assert!(a.shuffle((-1).into()).is_err());
    assert!(a.shuffle("x".into()).is_err());
}

#[wasm_bindgen_test]
fn slides_count_tiles_and_undo_redo_restore() {
    let mut puzzle = Puzzle::new(4, 4).unwrap();
    assert_eq!(puzzle.slide(1), 0, "not in line with the blank");
    assert_eq!(puzzle.slide(13), 3, "a run of three");
    assert_eq!(puzzle.tiles()[12..], [0, 13, 14, 15]);
    assert_eq!(
        puzzle.push("right").unwrap(),
        0,
        "nothing left of the blank"
    );
    assert_eq!(puzzle.push("left").unwrap(), 1);
    assert!(puzzle.push("sideways").is_err());
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
    let mut puzzle = Puzzle::from_tiles(4, 4, tiles(&start)).unwrap();
    assert_eq!(puzzle.solve_path(), "rrdllldruuurdllddrurrd");
    let solution = puzzle.solve();
    assert_eq!(solution.len(), 22);
    assert_eq!(puzzle.distance(), 22);
    assert_eq!(puzzle.hint(), Some(solution[0]));
    // Following the hints solves it; solve() does not move anything itself.
    for &tile in &solution {
        assert_eq!(puzzle.hint(), Some(tile));
        assert_eq!(puzzle.slide(u32::from(tile)), 1);
    }
    assert!(puzzle.is_solved());
    assert_eq!(puzzle.hint(), None);
    assert!(puzzle.solve().is_empty());
}

#[wasm_bindgen_test]
fn the_hardest_8_puzzle_and_a_large_board_are_solved() {
    let mut hardest = Puzzle::from_tiles(3, 3, tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1])).unwrap();
    assert_eq!(hardest.solve().len(), 31);
    let mut large = Puzzle::new(7, 7).unwrap();
    large.shuffle(3.into()).unwrap();
    for tile in large.solve() {
        assert!(large.slide(u32::from(tile)) == 1);
    }
    assert!(large.is_solved());
    assert!(Puzzle::is_optimal_size(4, 4));
    assert!(!Puzzle::is_optimal_size(5, 5));
}

#[wasm_bindgen_test]
fn the_t_shape_is_played_hinted_and_solved_through_the_api() {
    let mut game = Pegs::new(Some("t".into())).unwrap();
    assert_eq!(game.pegs_left(), 5);
    assert_eq!(game.goal_hole(), 16);
    assert!(Pegs::layouts().contains(&"classic".to_string()));
    // The centre peg jumps right: d4 over e4 to f4.
    game.jump(16, 18).unwrap();
    assert_eq!(game.pegs_left(), 4);
    let hint = game.hint().expect("still winnable");
    assert_eq!(hint.len(), 2);
    let solution = game.solve().unwrap();
    assert_eq!(solution.len(), 6, "three jumps as pairs of holes");
    for pair in solution.chunks(2) {
        game.jump(pair[0].into(), pair[1].into()).unwrap();
    }
    assert!(game.is_won());
    assert_eq!(game.pegs(), vec![16]);
    assert!(game.undo());
    assert!(!game.is_won());
}

#[wasm_bindgen_test]
fn bad_peg_input_throws_clear_errors() {
    assert!(
        message(Pegs::new(Some("nope".into())).err().unwrap()).contains("no layout called 'nope'")
    );
    let bad = Pegs::parse("ooo ooo ooooooo oooqooo ooooooo ooo ooo");
    assert!(message(bad.err().unwrap()).contains("unknown character 'q'"));
    let mut game = Pegs::new(None).unwrap();
    assert!(message(game.jump(16, 18).err().unwrap()).contains("d4"));
    assert!(message(game.jump(0, 1).err().unwrap()).contains("is not a jump"));
    assert!(message(game.set_goal(40).err().unwrap()).contains("no hole 40"));
    // A lost position: two pegs far apart.
    let mut lost = Pegs::parse("o.. ... ....... ....... ....... ... ..o").unwrap();
    assert!(lost.is_stuck());
    assert_eq!(lost.hint(), None);
    assert!(!lost.is_winnable());
}

#[wasm_bindgen_test]
fn damaged_pattern_tables_are_refused_with_a_reason() {
    assert!(message(PatternTables::from_bytes(&[]).err().unwrap()).contains("empty table file"));
    assert!(
        message(PatternTables::from_bytes(&[1, 200, 0, 0, 0]).err().unwrap()).contains("truncated")
    );
    assert_eq!(PatternTables::file_name(), "fifteen-771-v4.pdb");
}

#[wasm_bindgen_test]
fn a_6x6_is_solved_stage_by_stage_and_damaged_near_tables_are_refused() {
    // Without the 5x5 tables the stages go down to a 4x4: still a solution.
    let mut puzzle = Puzzle::new(6, 6).unwrap();
    puzzle.shuffle(JsValue::from(3)).unwrap();
    let tiles = puzzle.solve();
    assert!(!tiles.is_empty());
    for tile in tiles {
        assert_eq!(puzzle.slide(u32::from(tile)), 1, "every tile given slides");
    }
    assert!(puzzle.is_solved());
    assert!(message(NearTables::from_bytes(&[]).err().unwrap()).contains("empty table file"));
    assert_eq!(NearTables::file_name(), "twentyfour-55554-v1.pdb");
}

fn get(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap()
}

#[wasm_bindgen_test]
fn routes_over_waypoints_and_pixels_are_found_and_bad_input_throws() {
    let plan = Route::from_nodes(include_str!("instances/floorplan_nodes.dat")).unwrap();
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
        message(Route::from_nodes("0 0 1\n5 5 0 7\n").err().unwrap()),
        "line 2: waypoint 7 does not exist: there are 2, numbered 0 to 1"
    );
    assert!(Route::from_nodes("0 0 1\n5 5 0\n")
        .unwrap()
        .shortest_between(0, 2)
        .is_err());
    assert!(Route::from_nodes("0 0\n5 5\n")
        .unwrap()
        .shortest()
        .is_null());

    // White but for a wall down the middle with a gap at the bottom.
    let (width, height) = (5usize, 4usize);
    let mut rgba = vec![255u8; width * height * 4];
    for y in 0..3 {
        rgba[(y * width + 2) * 4..(y * width + 2) * 4 + 3].fill(0);
    }
    let map = RouteGrid::from_rgba(width, height, &rgba, None).unwrap();
    assert!(!map.is_walkable(2, 0) && map.is_walkable(2, 3));
    let walk = map.shortest(0, 0, 4, 0, Some("4".into())).unwrap();
    assert_eq!(get(&walk, "distance").as_f64(), Some(10.0));
    let eight = map.shortest(0, 0, 4, 0, None).unwrap();
    assert!(get(&eight, "distance").as_f64().unwrap() < 10.0);
    let steps = js_sys::Array::from(&get(&eight, "path"));
    assert_eq!(
        js_sys::Array::from(&steps.get(0)).to_vec(),
        [JsValue::from(0), JsValue::from(0)]
    );
    assert_eq!(
        message(map.shortest(0, 0, 2, 0, None).err().unwrap()),
        "the goal (2, 0) is on a wall"
    );
    assert_eq!(
        message(map.shortest(0, 0, 4, 0, Some("6".into())).err().unwrap()),
        "moves must be \"4\", \"8\" or \"any\", not \"6\""
    );
    let any = map.shortest(0, 0, 4, 0, Some("any".into())).unwrap();
    let any_distance = get(&any, "distance").as_f64().unwrap();
    assert!(any_distance < get(&eight, "distance").as_f64().unwrap());
    assert!(any_distance >= 4.0);
    assert!(RouteGrid::from_gray(3, 3, &[255; 8], None).is_err());
    let maze = RouteGrid::maze(10, 10, JsValue::from(3)).unwrap();
    assert_eq!((maze.width(), maze.height()), (21, 21));
    assert!(!maze.shortest(1, 1, 19, 19, None).unwrap().is_null());
}
