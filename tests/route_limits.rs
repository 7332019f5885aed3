//! Routes on hostile input (issue 19): long legs whose costs once wrapped,
//! coordinates and maps past the stated limits refused with the reason,
//! image bombs refused by their header, and the small things: a route that
//! stays put is 0 long, not -0, a byte-order mark is skipped, and a bad
//! word is quoted with its invisible characters shown.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]
mod common;

use common::slide;
use slide::route::{maze, parse_nodes, Grid, Moves, Point, Waypoints, MAX_SIDE};

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

/// A scratch folder for this test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("slide-route-limits-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_leg_of_millions_of_pixels_is_measured_or_refused_never_no_route() {
    // Five million pixels: past the limit, refused naming the line.
    let output = slide(&["route", "-"], "0 0 1\n5000000 0\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(output.stdout), "");
    assert_eq!(
        text(output.stderr),
        "slide: -: line 2: x '5000000' is not a pixel coordinate (0 to 1000000)\n"
    );
    // At the limit: measured.
    let output = slide(&["route", "-"], "0 0 1\n1000000 1000000\n");
    assert!(output.status.success());
    assert_eq!(
        text(output.stdout),
        "0 (0, 0)\n1 (1000000, 1000000)\ndistance: 1414213.56\n"
    );
}

#[test]
fn coordinates_that_are_not_finite_or_too_large_are_refused_naming_the_line() {
    for (word, text) in [
        ("1e308", "0 0 1\n1e308 1e308\n"),
        ("inf", "0 0 1\ninf 0\n"),
        ("NaN", "0 0 1\nNaN 0\n"),
    ] {
        let refused = parse_nodes(text).unwrap_err();
        assert_eq!(refused.line, Some(2), "{text}");
        assert_eq!(
            refused.reason,
            format!("x '{word}' is not a pixel coordinate (0 to 1000000)")
        );
    }
    // Graphs made otherwise (links, the editor, the JS API) are held to
    // the same bounds, negative ones included.
    for bad in [1e308, f64::NAN, f64::INFINITY, -1_000_001.0] {
        let points = vec![Point { x: 0.0, y: 0.0 }, Point { x: bad, y: 0.0 }];
        let refused = Waypoints::new(points, &[(0, 1)]).unwrap_err();
        assert!(refused.starts_with("waypoint 1 at "), "{refused}");
        assert!(
            refused.contains("from -1000000 to 1000000 pixels"),
            "{refused}"
        );
    }
}

#[test]
fn sixteen_waypoints_zigzagging_far_apart_route_at_once_with_the_right_length() {
    // Once ran forever: 15 legs of 299,999 pixels pass 2^32 thousandths.
    let text: String = (0..16)
        .map(|i| {
            let x = if i % 2 == 0 { 0 } else { 299_999 };
            let next = if i < 15 {
                format!(" {}", i + 1)
            } else {
                String::new()
            };
            format!("{x} 0{next}\n")
        })
        .collect();
    let route = parse_nodes(&text).unwrap().shortest(0, 15).unwrap();
    assert_eq!(route.path, (0..16).collect::<Vec<_>>());
    assert_eq!(route.distance, 15.0 * 299_999.0);
    let output = slide(&["route", "-"], &text);
    assert!(output.status.success());
    assert!(text_ends(output.stdout, "distance: 4499985.00\n"));
}

fn text_ends(bytes: Vec<u8>, end: &str) -> bool {
    text(bytes).ends_with(end)
}

#[test]
fn the_graph_that_froze_the_page_is_refused_and_its_scaled_copy_answers() {
    // Route.fromNodes('1686822 7783213 1 2\n621145 1716853 2\n75364
    // 7965197\n3877442 7521178\n').shortest() never returned.
    let text = "1686822 7783213 1 2\n621145 1716853 2\n75364 7965197\n3877442 7521178\n";
    let refused = parse_nodes(text).unwrap_err();
    assert_eq!(refused.line, Some(1));
    assert!(refused.reason.starts_with("x '1686822'"), "{refused}");
    // A tenth of the size fits the limits: the goal (waypoint 3) has no
    // connection, and the search says so.
    let scaled = "168682.2 778321.3 1 2\n62114.5 171685.3 2\n7536.4 796519.7\n387744.2 752117.8\n";
    let graph = parse_nodes(scaled).unwrap();
    assert_eq!(graph.shortest(0, 3), None);
    let route = graph.shortest(0, 2).unwrap();
    assert_eq!(route.path, vec![0, 2]);
}

#[test]
fn maps_longer_than_a_side_may_be_are_refused_with_the_limit() {
    // A 300,000 x 1 image map (in a crafted link) froze the page.
    let refused = Grid::new(300_000, 1, vec![true; 300_000]).unwrap_err();
    assert_eq!(
        refused,
        "a map of 300000 x 1 pixels is too large: at most 4096 pixels a side"
    );
    let refused = Grid::from_rgba(1, 300_000, &vec![255; 1_200_000], 128).unwrap_err();
    assert!(refused.contains("at most 4096 pixels a side"), "{refused}");
    assert!(Grid::new(MAX_SIDE, 1, vec![true; MAX_SIDE]).is_ok());
    let refused = maze(MAX_SIDE, 1, 1).err().unwrap();
    assert!(refused.contains("too large"), "{refused}");
}

/// CRC-32 (as PNG chunks carry), bit by bit.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The start of a PNG stating `width` x `height` gray pixels: signature,
/// header and a first scrap of data. Decoding it would need the whole
/// image in memory (at 8 bits a pixel, 484 MB for 22,000 x 22,000, then 4
/// bytes a pixel as RGBA); its size is refused before that.
fn png_bomb(width: u32, height: u32) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut chunk = |kind: &[u8], data: &[u8]| {
        png.extend((data.len() as u32).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend(data);
        png.extend(&body);
        png.extend(crc32(&body).to_be_bytes());
    };
    let mut header = Vec::new();
    header.extend(width.to_be_bytes());
    header.extend(height.to_be_bytes());
    header.extend([8, 0, 0, 0, 0]); // 8-bit gray, deflate, no interlace
    chunk(b"IHDR", &header);
    // A zlib stream's start: one empty stored block, not the last.
    chunk(b"IDAT", &[0x78, 0x01, 0x00, 0x00, 0x00, 0xff, 0xff]);
    chunk(b"IEND", &[]);
    png
}

#[test]
fn an_image_bomb_is_refused_by_its_header_before_it_is_decoded() {
    let dir = scratch("bomb");
    let bomb = dir.join("bomb.png");
    std::fs::write(&bomb, png_bomb(22_000, 22_000)).unwrap();
    let bomb = bomb.to_str().unwrap();
    let output = slide(
        &["route", "--grid", bomb, "--from", "0,0", "--to", "5,5"],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(output.stderr),
        format!("slide: {bomb}: a map of 22000 x 22000 pixels is too large: at most 4096 pixels a side\n")
    );
    // Within the sides but past the pixels a map may have.
    let wide = dir.join("wide.png");
    std::fs::write(&wide, png_bomb(4_000, 4_000)).unwrap();
    let output = slide(
        &[
            "route",
            "--grid",
            wide.to_str().unwrap(),
            "--from",
            "0,0",
            "--to",
            "5,5",
        ],
        "",
    );
    assert!(text(output.stderr).contains("at most 2000000 pixels"));
    // A plan to draw on has its own, larger, limit.
    let out = dir.join("out.png");
    let output = slide(
        &[
            "route",
            "tests/instances/floorplan_nodes.dat",
            bomb,
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let said = text(output.stderr);
    assert!(
        said.contains("22000 x 22000 pixels is too large to draw on"),
        "{said}"
    );
    assert!(!out.exists());
}

#[test]
fn a_route_that_stays_put_is_zero_long_not_minus_zero() {
    let grid = Grid::new(3, 3, vec![true; 9]).unwrap();
    for moves in [Moves::Four, Moves::Eight, Moves::AnyAngle] {
        let route = grid
            .shortest((1, 1), (1, 1), moves, moves.estimate())
            .unwrap()
            .unwrap();
        assert!(route.distance == 0.0 && route.distance.is_sign_positive());
    }
    let graph = parse_nodes("5 5 1\n6 6\n").unwrap();
    assert!(graph.shortest(0, 0).unwrap().distance.is_sign_positive());
    let dir = scratch("still");
    let plan = dir.join("plan.png");
    image::RgbaImage::from_pixel(8, 8, image::Rgba([255, 255, 255, 255]))
        .save(&plan)
        .unwrap();
    let output = slide(
        &[
            "route",
            "--grid",
            plan.to_str().unwrap(),
            "--from",
            "2,2",
            "--to",
            "2,2",
        ],
        "",
    );
    assert!(output.status.success());
    assert!(text_ends(output.stdout, "distance: 0.00\n"));
}

#[test]
fn a_nodes_file_starting_with_a_byte_order_mark_is_read() {
    let graph = parse_nodes("\u{feff}27 273 1\n21 128\n").unwrap();
    assert_eq!(graph.point(0), Point { x: 27.0, y: 273.0 });
    let output = slide(&["route", "-"], "\u{feff}0 0 1\n3 4\n");
    assert!(output.status.success());
    assert!(text_ends(output.stdout, "distance: 5.00\n"));
}

#[test]
fn a_bad_word_is_quoted_with_its_invisible_characters_shown_and_cut_short() {
    // A byte-order mark in the middle, a zero-width space, a tab-like
    // control: each written out.
    let refused = parse_nodes("0 0 1\n2\u{200b} 3\n").unwrap_err();
    assert_eq!(refused.reason, "x '2\\u{200b}' is not a number");
    let refused = parse_nodes("0 0 1\n2 3\u{feff}\n").unwrap_err();
    assert_eq!(refused.reason, "y '3\\u{feff}' is not a number");
    let refused = parse_nodes("0 0 1\n2 3 1\u{7}\n").unwrap_err();
    assert_eq!(
        refused.reason,
        "'1\\u{7}' is not a waypoint's index (0, 1, 2 ...)"
    );
    // A long word: its first 40 characters and an ellipsis.
    let long = "9".repeat(5_000) + "x";
    let refused = parse_nodes(&format!("0 0 1\n{long} 3\n")).unwrap_err();
    assert_eq!(
        refused.reason,
        format!("x '{}…' is not a number", "9".repeat(40))
    );
}

#[test]
fn a_bad_pixel_on_the_command_line_is_quoted_with_its_invisible_characters_shown() {
    let output = slide(
        &[
            "route",
            "--grid",
            "plan.png",
            "--from",
            "1,\u{200b}2",
            "--to",
            "3,4",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let said = text(output.stderr);
    assert!(said.contains("'1,\\u{200b}2' is not a pixel"), "{said}");
}
