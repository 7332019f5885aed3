//! Board contrast: every piece of the board that carries meaning stands at
//! least 3:1 (WCAG relative luminance ratio) against what surrounds it, in
//! the light and the dark colour scheme, with the colours read from the
//! page's stylesheet as it defines them (so the test follows the CSS).

use std::collections::HashMap;

use slide::app::contrast::{
    contrast_ratio, relative_luminance, Colour, FAINT_WAYPOINTS, MIN_CONTRAST,
};

/// The custom properties `www/style.css` gives `:root` in one scheme: the
/// light scheme's are those outside any `prefers-color-scheme: dark` block,
/// the dark scheme's the same overridden by those inside, later
/// declarations winning as in the browser.
fn palette(dark: bool) -> HashMap<String, Colour> {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/style.css"))
        .expect("the stylesheet can be read");
    let css = strip_comments(&css);
    let mut headers: Vec<String> = Vec::new();
    let mut text = String::new();
    let mut colours = HashMap::new();
    for c in css.chars() {
        match c {
            '{' => {
                headers.push(text.trim().to_string());
                text.clear();
            }
            '}' => {
                declare(&headers, &text, dark, &mut colours);
                headers.pop();
                text.clear();
            }
            ';' => {
                declare(&headers, &text, dark, &mut colours);
                text.clear();
            }
            _ => text.push(c),
        }
    }
    colours
}

/// Records `declaration` if it sets a colour custom property on `:root` in
/// the scheme asked for.
fn declare(
    headers: &[String],
    declaration: &str,
    dark: bool,
    colours: &mut HashMap<String, Colour>,
) {
    if headers.last().map(String::as_str) != Some(":root") {
        return;
    }
    let in_dark = headers
        .iter()
        .any(|h| h.starts_with("@media") && h.contains("prefers-color-scheme: dark"));
    let other_media = headers
        .iter()
        .any(|h| h.starts_with("@media") && !h.contains("prefers-color-scheme: dark"));
    if other_media || (in_dark && !dark) {
        return;
    }
    let Some((name, value)) = declaration.trim().split_once(':') else {
        return;
    };
    let (name, value) = (name.trim(), value.trim());
    if name.starts_with("--") && value.starts_with('#') {
        let colour = Colour::parse_hex(value).unwrap_or_else(|e| panic!("{name}: {e}"));
        colours.insert(name.to_string(), colour);
    }
}

fn strip_comments(css: &str) -> String {
    let mut out = String::new();
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("*/").expect("every comment is closed");
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    out
}

/// The opaque colour of property `name`.
fn solid(palette: &HashMap<String, Colour>, name: &str) -> [u8; 3] {
    let colour = palette
        .get(name)
        .unwrap_or_else(|| panic!("the stylesheet defines {name}"));
    assert_eq!(colour.alpha, 1.0, "{name} is opaque");
    colour.rgb
}

/// Property `name` as drawn over `under`.
fn over(palette: &HashMap<String, Colour>, name: &str, under: [u8; 3]) -> [u8; 3] {
    palette
        .get(name)
        .unwrap_or_else(|| panic!("the stylesheet defines {name}"))
        .over(under)
}

/// Every pair of colours the board draws one against the other, as
/// (what, the piece's colour, what surrounds it).
fn pairs(p: &HashMap<String, Colour>) -> Vec<(&'static str, [u8; 3], [u8; 3])> {
    let page = solid(p, "--bg");
    let board = solid(p, "--board");
    let tile = solid(p, "--tile");
    let accent = solid(p, "--accent");
    let ink = solid(p, "--ink");
    let floor = tile;
    let closed = over(p, "--closed", floor);
    let open = over(p, "--open", floor);
    let faint_ink = Colour {
        alpha: FAINT_WAYPOINTS,
        ..Colour::opaque(solid(p, "--ink"))
    };
    vec![
        // The board on the page (pegs' cross, the sliding board).
        ("the board against the page", board, page),
        // Pegs.
        ("an empty hole against the board", solid(p, "--hole"), board),
        ("a peg against the board", tile, board),
        (
            "the selected or hinted peg's ring against the board",
            accent,
            board,
        ),
        (
            "a jump's target (covering its hole) against the board",
            accent,
            board,
        ),
        (
            "the goal hole's ring against the board",
            solid(p, "--home"),
            board,
        ),
        // Sliding tiles.
        ("a tile against the board", tile, board),
        (
            "a tile at home against the board",
            solid(p, "--home"),
            board,
        ),
        ("the hinted tile's ring against the board", accent, board),
        // Route finding.
        ("a wall against the floor", board, floor),
        ("a waypoint against the floor", solid(p, "--ink"), floor),
        (
            "a faint waypoint or connection against the floor",
            faint_ink.over(floor),
            floor,
        ),
        ("the closed set against the floor", closed, floor),
        ("the open set against the floor", open, floor),
        (
            "the solver's route against the floor",
            solid(p, "--route"),
            floor,
        ),
        (
            "the solver's route's casing against the closed set",
            floor,
            closed,
        ),
        (
            "the solver's route's casing against the open set",
            floor,
            open,
        ),
        // The walk, the walker and hints: amber on a casing of the ink.
        ("the walked route's casing against the floor", ink, floor),
        (
            "the walked route's casing against the closed set",
            ink,
            closed,
        ),
        ("the walked route against the open set", accent, open),
        ("the walked route against its casing", accent, ink),
        (
            "the start's marker against the floor",
            solid(p, "--route"),
            floor,
        ),
        (
            "the goal's marker against the floor",
            solid(p, "--goal"),
            floor,
        ),
        ("the markers' rim against the closed set", floor, closed),
        (
            "the hinted waypoint's ring (on its casing) against the floor",
            ink,
            floor,
        ),
        ("the hinted waypoint's ring against its casing", accent, ink),
    ]
}

fn check_scheme(dark: bool) {
    let palette = palette(dark);
    let scheme = if dark { "dark" } else { "light" };
    let failures: Vec<String> = pairs(&palette)
        .into_iter()
        .filter_map(|(what, a, b)| {
            let ratio = contrast_ratio(a, b);
            (ratio < MIN_CONTRAST).then(|| format!("{what}: {ratio:.2}:1"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "in the {scheme} scheme, below {MIN_CONTRAST}:1:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_meaningful_piece_of_the_board_stands_three_to_one_in_the_light_scheme() {
    check_scheme(false);
}

#[test]
fn every_meaningful_piece_of_the_board_stands_three_to_one_in_the_dark_scheme() {
    check_scheme(true);
}

#[test]
fn the_dark_scheme_overrides_the_light_one_where_the_stylesheet_says() {
    let (light, dark) = (palette(false), palette(true));
    // The board is lifted off the dark page (issue 20 measured 1.1:1).
    assert_ne!(light["--board"], dark["--board"]);
    // Properties the dark scheme leaves alone keep the light value.
    assert_eq!(light["--route"], dark["--route"]);
}

#[test]
fn the_search_pictures_sets_are_told_apart_from_each_other_and_the_route_by_hue() {
    for dark in [false, true] {
        let p = palette(dark);
        let floor = solid(&p, "--tile");
        let hues = [
            ("closed", over(&p, "--closed", floor)),
            ("open", over(&p, "--open", floor)),
            ("route", solid(&p, "--route")),
            ("walk", solid(&p, "--accent")),
        ];
        for (i, (a, ca)) in hues.iter().enumerate() {
            for (b, cb) in &hues[i + 1..] {
                let (ha, hb) = (hue(*ca), hue(*cb));
                let apart = (ha - hb).abs().min(360.0 - (ha - hb).abs());
                assert!(apart >= 40.0, "{a} and {b} are {apart:.0} degrees apart");
            }
        }
    }
}

/// The hue of an sRGB colour, in degrees.
fn hue(rgb: [u8; 3]) -> f64 {
    let [r, g, b] = rgb.map(|c| f64::from(c) / 255.0);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    if max == min {
        return 0.0;
    }
    let d = max - min;
    let h = if max == r {
        ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        (b - r) / d + 2.0
    } else {
        (r - g) / d + 4.0
    };
    h * 60.0
}

#[test]
fn relative_luminance_runs_from_black_to_white() {
    assert_eq!(relative_luminance([0, 0, 0]), 0.0);
    assert!((relative_luminance([255, 255, 255]) - 1.0).abs() < 1e-12);
    // Green counts most, blue least.
    assert!(relative_luminance([0, 255, 0]) > relative_luminance([255, 0, 0]));
    assert!(relative_luminance([255, 0, 0]) > relative_luminance([0, 0, 255]));
}

#[test]
fn contrast_ratio_is_twenty_one_for_black_on_white_and_one_for_a_colour_on_itself() {
    assert!((contrast_ratio([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
    assert_eq!(
        contrast_ratio([255, 255, 255], [0, 0, 0]),
        contrast_ratio([0, 0, 0], [255, 255, 255])
    );
    assert_eq!(contrast_ratio([90, 120, 200], [90, 120, 200]), 1.0);
    // A known pair: #767676 on white is WCAG's 4.54:1.
    let ratio = contrast_ratio([0x76, 0x76, 0x76], [255, 255, 255]);
    assert!((ratio - 4.54).abs() < 0.01, "{ratio}");
}

#[test]
fn a_see_through_colour_blends_with_what_is_under_it() {
    let half_black = Colour::parse_hex("#00000080").unwrap();
    assert_eq!(half_black.over([255, 255, 255]), [127, 127, 127]);
    assert_eq!(
        Colour::parse_hex("#123456").unwrap().over([0, 0, 0]),
        [0x12, 0x34, 0x56]
    );
    let clear = Colour::parse_hex("#ff000000").unwrap();
    assert_eq!(clear.over([1, 2, 3]), [1, 2, 3]);
}

#[test]
fn colours_that_are_not_hex_are_refused_with_a_reason() {
    assert!(Colour::parse_hex("rgb(1, 2, 3)").unwrap_err().contains("#"));
    assert!(Colour::parse_hex("#12345").is_err());
    assert!(Colour::parse_hex("#12345g")
        .unwrap_err()
        .contains("hexadecimal"));
    assert_eq!(
        Colour::parse_hex(" #0a0B0c ").unwrap(),
        Colour::opaque([10, 11, 12])
    );
}
