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
