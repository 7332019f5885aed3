//! `slide route`: over a floor plan's waypoints and over an image's pixels,
//! drawn onto a copy of the image; bad files and arguments refused with the
//! reason and the right exit status.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::slide;

const NODES: &str = "tests/instances/floorplan_nodes.dat";

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

/// A scratch folder for this test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("slide-route-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A white plan with a dark wall down the middle and a gap at the bottom.
fn plan(path: &std::path::Path) {
    let mut image = image::RgbaImage::from_pixel(40, 30, image::Rgba([255, 255, 255, 255]));
    for y in 0..24 {
        for x in 19..21 {
            image.put_pixel(x, y, image::Rgba([20, 20, 20, 255]));
        }
    }
    image.save(path).unwrap();
}

#[test]
fn the_floor_plans_route_is_printed_with_its_length() {
    let output = slide(&["route", NODES], "");
    assert!(output.status.success());
    assert_eq!(
        text(output.stdout),
        "0 (27, 273)\n3 (117, 221)\n4 (141, 178)\n7 (192, 110)\n8 (193, 91)\n9 (151, 41)\ndistance: 322.51\n"
    );
    // From standard input too; no route: said, and status 1.
    let output = slide(&["route", "-"], "0 0\n5 5\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(output.stdout), "No route.\n");
}

#[test]
fn bad_nodes_and_bad_arguments_are_refused_with_the_reason() {
    let output = slide(&["route", "-"], "0 0 1\n5 five 0\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(output.stderr),
        "slide: -: line 2: y 'five' is not a number\n"
    );
    let output = slide(&["route", "missing.dat"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(text(output.stderr).contains("cannot read missing.dat"));
    for (args, says) in [
        (&["route"][..], "give NODES"),
        (&["route", NODES, "plan.png"][..], "give NODES"),
        (
            &["route", "--grid", "p.png", "--from", "1;2", "--to", "3,4"][..],
            "'1;2' is not a pixel",
        ),
        (&["route", "--grid", "p.png", "--from", "1,2"][..], "--to"),
        (
            &[
                "route",
                "--grid",
                "p.png",
                "--from",
                "1,2",
                "--to",
                "3,4",
                "--connect",
                "6",
            ][..],
            "--connect",
        ),
        (&["route", "--from", "1,2", NODES][..], "--grid"),
    ] {
        let output = slide(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = text(output.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    // Every subcommand has its help.
    let output = slide(&["route", "--help"], "");
    assert!(output.status.success());
    assert!(text(output.stdout).contains("--connect"));
}

#[test]
fn routes_are_drawn_onto_a_copy_of_the_plan() {
    let dir = scratch("draw");
    let (plan_path, out) = (dir.join("plan.png"), dir.join("route.png"));
    plan(&plan_path);
    // Waypoints on either side of the wall, joined under it.
    let nodes = dir.join("nodes.dat");
    std::fs::write(&nodes, "5 5 1\n10 27 2\n30 27 3\n35 5\n").unwrap();
    let output = slide(
        &[
            "route",
            nodes.to_str().unwrap(),
            plan_path.to_str().unwrap(),
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(output.stderr));
    let drawn = image::open(&out).unwrap().to_rgba8();
    assert_eq!(drawn.dimensions(), (40, 30));
    // The route's colour along the leg under the wall.
    assert_eq!(drawn.get_pixel(20, 27).0, [220, 30, 30, 255]);
    // Over the pixels: any angle by default, shorter than 8-connected.
    let distance = |args: &[&str]| -> f64 {
        let output = slide(args, "");
        assert!(output.status.success(), "{}", text(output.stderr));
        let stdout = text(output.stdout);
        let line = stdout
            .lines()
            .find(|l| l.starts_with("distance: "))
            .unwrap();
        line["distance: ".len()..].parse().unwrap()
    };
    let grid = [
        "route",
        "--grid",
        plan_path.to_str().unwrap(),
        "--from",
        "5,5",
        "--to",
        "35,5",
    ];
    let any = distance(&[&grid[..], &[out.to_str().unwrap()]].concat());
    let eight = distance(&[&grid[..], &["--connect", "8"]].concat());
    let four = distance(&[&grid[..], &["--connect", "4"]].concat());
    assert!(any < eight && eight < four, "{any} {eight} {four}");
    let drawn = image::open(&out).unwrap().to_rgba8();
    // Just under the wall's end (row 24 is the first free one).
    assert_eq!(drawn.get_pixel(20, 24).0, [220, 30, 30, 255]);
    // A start on the wall, an image that is not one.
    let output = slide(
        &[
            "route",
            "--grid",
            plan_path.to_str().unwrap(),
            "--from",
            "19,3",
            "--to",
            "35,5",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(output.stderr),
        "slide: the start (19, 3) is on a wall\n"
    );
    let output = slide(
        &[
            "route",
            "--grid",
            nodes.to_str().unwrap(),
            "--from",
            "1,1",
            "--to",
            "2,2",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(output.stderr);
    assert!(stderr.contains("as an image"), "{stderr}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The path of one of the Moving AI files the tests read.
fn moving_ai_path(name: &str) -> String {
    let path = common::moving_ai_dir().join(name);
    path.to_str().expect("a path in UTF-8").to_string()
}

#[test]
fn a_moving_ai_map_is_routed_through_grid_with_any_algorithm() {
    let dir = scratch("map");
    let map = dir.join("corridor.map");
    std::fs::write(
        &map,
        "type octile\nheight 4\nwidth 5\nmap\n@@@@@\n@...@\n@@@.@\n@@@@@\n",
    )
    .unwrap();
    let map = map.to_str().unwrap();
    for algorithm in ["astar", "jps", "jps-plus", "dijkstra", "bidirectional"] {
        let output = slide(
            &[
                "route",
                "--grid",
                map,
                "--from",
                "1,1",
                "--to",
                "3,2",
                "--algorithm",
                algorithm,
            ],
            "",
        );
        assert!(output.status.success(), "{algorithm}");
        let out = text(output.stdout);
        // 8-connected by default on a .map, no corner cut: two straight
        // steps then one down (not a diagonal past the wall at (2, 2)).
        assert!(out.contains("distance: 3.00\n"), "{algorithm}: {out}");
    }
    // Drawn onto a picture of the map.
    let out = dir.join("route.png");
    let output = slide(
        &[
            "route",
            "--grid",
            map,
            "--from",
            "1,1",
            "--to",
            "3,2",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(output.status.success());
    assert_eq!(image::open(&out).unwrap().width(), 5);
    // A map with a bad row: its line and reason.
    std::fs::write(
        dir.join("bad.map"),
        "type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n",
    )
    .unwrap();
    let bad = dir.join("bad.map");
    let output = slide(
        &[
            "route",
            "--grid",
            bad.to_str().unwrap(),
            "--from",
            "0,0",
            "--to",
            "2,0",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(output.stderr),
        format!(
            "slide: {}: line 6: unknown character 'x' in column 2 (walkable: . G S; blocked: @ O T W)\n",
            bad.display()
        )
    );
    let output = slide(
        &[
            "route",
            "--grid",
            map,
            "--from",
            "1,1",
            "--to",
            "3,2",
            "--algorithm",
            "fast",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(output.stderr).contains("'fast' is not a search: give one of astar, jps,"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_scenario_of_arena_and_den312d_equals_its_optimal_length() {
    for name in ["arena", "den312d"] {
        let scen = moving_ai_path(&format!("{name}.map.scen"));
        for algorithm in ["astar", "jps"] {
            let output = slide(&["route", "--scen", &scen, "--algorithm", algorithm], "");
            let out = text(output.stdout);
            assert!(output.status.success(), "{name} {algorithm}: {out}");
            let total = if name == "arena" { 130 } else { 290 };
            assert!(
                out.contains(&format!("\nall {total} lengths equal the optimal\n")),
                "{out}"
            );
            assert!(
                out.contains(" ms a query\n") && out.contains(" a query\n"),
                "{out}"
            );
            // The summary only, without --verbose.
            assert_eq!(out.lines().count(), 4, "{out}");
        }
    }
}

/// A scenario file of `picked` lines of `name`'s, written to `dir`.
fn sample_of(dir: &std::path::Path, name: &str, picked: impl Fn(usize) -> bool) -> String {
    let text = common::moving_ai(&format!("{name}.map.scen"));
    let mut sample = String::from("version 1\n");
    for (i, line) in text.lines().skip(1).enumerate() {
        if picked(i) {
            sample.push_str(line);
            sample.push('\n');
        }
    }
    let path = dir.join(format!("{name}.sample.scen"));
    std::fs::write(&path, sample).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_sample_of_the_big_maps_scenarios_equals_their_optimal_lengths() {
    let dir = scratch("sample");
    for (name, every) in [
        ("lak303d", 97),
        ("8room_000", 211),
        ("maze512-1-0", 1201),
        ("random512-10-0", 173),
        ("Berlin_0_512", 181),
    ] {
        // Scenarios spread over every bucket, the hardest last.
        let scen = sample_of(&dir, name, |i| i % every == every - 1);
        let map = moving_ai_path(&format!("{name}.map"));
        let output = slide(
            &[
                "route",
                "--scen",
                &scen,
                "--map",
                &map,
                "--algorithm",
                "jps",
                "--verbose",
            ],
            "",
        );
        let out = text(output.stdout);
        assert!(output.status.success(), "{name}: {out}");
        assert!(out.contains("lengths equal the optimal\n"), "{name}: {out}");
        assert!(out.starts_with("line 2: ("), "{out}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_scenario_whose_optimal_length_is_wrong_fails_with_its_mismatch() {
    let scen = moving_ai_path("arena.map.scen");
    let dir = scratch("corrupt");
    let text_of_scen = std::fs::read_to_string(&scen).unwrap();
    // The third scenario, (31, 23) to (33, 23), said to be 2.5 long.
    let corrupted = text_of_scen.replacen(
        "31\t23\t33\t23\t2.00000000",
        "31\t23\t33\t23\t2.50000000",
        1,
    );
    assert_ne!(corrupted, text_of_scen);
    let path = dir.join("arena.map.scen");
    std::fs::write(&path, corrupted).unwrap();
    std::fs::copy(moving_ai_path("arena.map"), dir.join("arena.map")).unwrap();
    let output = slide(&["route", "--scen", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let out = text(output.stdout);
    assert!(
        out.contains("\nmismatch at line 4: (31, 23) to (33, 23): length 2.00000000, optimal 2.50000000\n1 of 130 lengths differ from the optimal\n"),
        "{out}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_scenario_files_and_their_maps_are_refused_with_their_line_and_reason() {
    let dir = scratch("bad-scen");
    let map = dir.join("tiny.map");
    std::fs::write(&map, "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n").unwrap();
    let run = |scen: &str, extra: &[&str]| {
        let path = dir.join("tiny.map.scen");
        std::fs::write(&path, scen).unwrap();
        let path = path.to_str().unwrap().to_string();
        let output = slide(&[&["route", "--scen", &path][..], extra].concat(), "");
        (output.status.code(), text(output.stderr), path)
    };
    let (code, stderr, path) = run("version 1\n0\ttiny.map\t3\t2\t0\t0\t1\t1\t1.4\n", &[]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        format!(
            "slide: {path}: line 2: the goal (1, 1) is on a wall ({})\n",
            map.display()
        )
    );
    let (code, stderr, path) = run("version 1\n0\ttiny.map\t3\t2\t0\t0\tx\t1\t1.4\n", &[]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        format!("slide: {path}: line 2: the goal x 'x' is not a whole number\n")
    );
    let (code, stderr, _) = run("version 1\n0\tother.map\t3\t2\t0\t0\t2\t1\t2.4\n", &[]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("cannot read the map ") && stderr.contains("other.map"),
        "{stderr}"
    );
    let (code, stderr, path) = run("version 1\n0\ttiny.map\t4\t2\t0\t0\t2\t1\t2.4\n", &[]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        format!(
            "slide: {path}: line 2: the scenario is for a 4 x 2 map, but the map is 3 x 2 ({})\n",
            map.display()
        )
    );
    // --map names the map instead; a usage error for stray files.
    let (code, stderr, _) = run(
        "version 1\n0\tmaps/x.map\t3\t2\t0\t0\t2\t1\t3.00000000\n",
        &["--map", map.to_str().unwrap()],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let (code, _, _) = run("version 1\n", &["extra.txt"]);
    assert_eq!(code, Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn scenarios_run_with_the_landmark_heuristic_equal_their_optimal_lengths() {
    let dir = scratch("landmarks");
    for (name, every) in [("maze512-1-0", 1201), ("random512-10-0", 401)] {
        let scen = sample_of(&dir, name, |i| i % every == every - 1);
        let map = moving_ai_path(&format!("{name}.map"));
        for algorithm in ["astar", "jps", "jps-plus"] {
            let output = slide(
                &[
                    "route",
                    "--scen",
                    &scen,
                    "--map",
                    &map,
                    "--algorithm",
                    algorithm,
                    "--heuristic",
                    "landmarks",
                ],
                "",
            );
            let out = text(output.stdout);
            assert!(output.status.success(), "{name} {algorithm}: {out}");
            assert!(out.contains("lengths equal the optimal\n"), "{name}: {out}");
            assert!(out.contains("preprocessing: "), "{name}: {out}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_unknown_heuristic_is_refused_with_the_names_there_are() {
    let scen = moving_ai_path("arena.map.scen");
    let output = slide(&["route", "--scen", &scen, "--heuristic", "ALT"], "");
    assert!(!output.status.success());
    let err = text(output.stderr);
    assert!(
        err.contains("'ALT' is not an estimate: give one of manhattan, octile, chebyshev, euclidean, zero, landmarks"),
        "{err}"
    );
    let output = slide(&["route", NODES, "--heuristic", "octile"], "");
    assert!(!output.status.success());
    assert!(text(output.stderr).contains("--heuristic is for --grid or --scen"));
}
