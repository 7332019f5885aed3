//! The search picture's colours, as a colour-blind player sees them: the
//! closed set, the open set, the solver's route and the walker stay apart
//! under simulated protanopia, deuteranopia and tritanopia (Machado,
//! Oliveira and Fernandes, 2009, at full severity), in the light and the
//! dark scheme, with the colours read from the page's stylesheet; the
//! sets stand apart from the walls and the floor too (a maze's corridors
//! are one pixel wide), and from each other in lightness, not in hue
//! alone; jump points, diamonds ringed in white, stand out on both sets
//! by lightness.

use std::collections::HashMap;

use slide::app::contrast::{contrast_ratio, Colour};

/// The `:root` colour properties of one scheme (the dark one overrides).
fn palette(dark: bool) -> HashMap<String, Colour> {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/style.css"))
        .expect("the stylesheet can be read");
    let mut colours = HashMap::new();
    let mut in_dark = false;
    let mut depth = 0usize;
    let mut dark_depth = None;
    let mut text = String::new();
    let mut block = Vec::<String>::new();
    let mut in_comment = false;
    let chars: Vec<char> = css.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if in_comment {
            if c == '*' && chars.get(i + 1) == Some(&'/') {
                in_comment = false;
                i += 1;
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'*') {
            in_comment = true;
            i += 1;
        } else if c == '{' {
            let header = text.trim().to_string();
            if header.contains("prefers-color-scheme: dark") {
                in_dark = true;
                dark_depth = Some(depth);
            }
            block.push(header);
            depth += 1;
            text.clear();
        } else if c == '}' || c == ';' {
            let root = block.last().map(String::as_str) == Some(":root");
            let other_media = block
                .iter()
                .any(|h| h.starts_with("@media") && !h.contains("prefers-color-scheme: dark"));
            if root && !other_media && (dark || !in_dark) {
                if let Some((name, value)) = text.trim().split_once(':') {
                    let (name, value) = (name.trim(), value.trim());
                    if name.starts_with("--") && value.starts_with('#') {
                        colours.insert(name.to_string(), Colour::parse_hex(value).unwrap());
                    }
                }
            }
            text.clear();
            if c == '}' {
                block.pop();
                depth -= 1;
                if dark_depth == Some(depth) {
                    in_dark = false;
                    dark_depth = None;
                }
            }
        } else {
            text.push(c);
        }
        i += 1;
    }
    colours
}

/// Machado et al.'s matrices (linear RGB), full severity.
const SIMULATIONS: [(&str, [[f64; 3]; 3]); 4] = [
    (
        "full colour vision",
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
    ),
    (
        "protanopia",
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
    ),
    (
        "deuteranopia",
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
    ),
    (
        "tritanopia",
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ],
    ),
];

fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// CIELAB (D65) of linear RGB.
fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = 0.4124 * r + 0.3576 * g + 0.1805 * b;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The colour difference (CIE 1976) of two colours as seen through `m`.
fn seen_apart(m: &[[f64; 3]; 3], a: [u8; 3], b: [u8; 3]) -> f64 {
    let see = |rgb: [u8; 3]| {
        let l = rgb.map(linear);
        lab(m.map(|row| (row[0] * l[0] + row[1] * l[1] + row[2] * l[2]).clamp(0.0, 1.0)))
    };
    let (a, b) = (see(a), see(b));
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// How far apart (CIE 1976 ΔE) two colours must look: well past the 2.3
/// of a just-noticeable difference, enough to name them apart at a glance.
const APART: f64 = 25.0;

fn pieces(dark: bool) -> Vec<(&'static str, [u8; 3])> {
    let p = palette(dark);
    let floor = p["--tile"].rgb;
    vec![
        ("the closed set", p["--closed"].over(floor)),
        ("the open set", p["--open"].over(floor)),
        ("the solver's route", p["--route"].rgb),
        ("the walker", p["--accent"].rgb),
    ]
}

#[test]
fn the_sets_the_route_and_the_walker_stay_apart_for_every_kind_of_colour_blindness() {
    let mut failures = Vec::new();
    for dark in [false, true] {
        let pieces = pieces(dark);
        for (i, (a, ca)) in pieces.iter().enumerate() {
            for (b, cb) in &pieces[i + 1..] {
                for (vision, m) in &SIMULATIONS {
                    let apart = seen_apart(m, *ca, *cb);
                    if apart < APART {
                        failures.push(format!(
                            "{} scheme, {vision}: {a} and {b} are {apart:.0} apart",
                            if dark { "dark" } else { "light" }
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn jump_points_stand_three_to_one_on_both_sets_in_both_schemes() {
    for dark in [false, true] {
        let p = palette(dark);
        let floor = p["--tile"].rgb;
        let jump = p["--jump"].rgb;
        // The white ring around a diamond filled with a set's colour, and
        // around it the sets of the places beside.
        for set in ["--closed", "--open"] {
            let ratio = contrast_ratio(jump, p[set].over(floor));
            assert!(ratio >= 3.0, "jump points on {set}: {ratio:.2}:1");
        }
        // On an ink casing, which stands on the floor the diamonds may sit
        // on.
        assert!(contrast_ratio(p["--ink"].rgb, floor) >= 3.0);
    }
}

#[test]
fn the_old_palette_fails_the_simulation_so_the_check_has_teeth() {
    // The search picture before this round: a purple open set beside a
    // blue closed set, and a green route beside a red goal.
    let floor = [0xf6, 0xec, 0xd9];
    let closed = Colour::parse_hex("#1f4fb8e6").unwrap().over(floor);
    let open = Colour::parse_hex("#8e2480e6").unwrap().over(floor);
    let protanopia = &SIMULATIONS[1].1;
    assert!(seen_apart(protanopia, closed, open) < APART);
}

#[test]
fn the_sets_stand_apart_from_the_walls_and_the_floor_for_every_kind_of_colour_blindness() {
    // On a maze, corridors one pixel wide run between walls: a set that
    // looks like a wall hides the search.
    let mut failures = Vec::new();
    for dark in [false, true] {
        let p = palette(dark);
        let floor = p["--tile"].rgb;
        let sets = [
            ("the closed set", p["--closed"].over(floor)),
            ("the open set", p["--open"].over(floor)),
        ];
        for (set, colour) in sets {
            for (what, against) in [("the walls", p["--board"].rgb), ("the floor", floor)] {
                for (vision, m) in &SIMULATIONS {
                    let apart = seen_apart(m, colour, against);
                    if apart < APART {
                        failures.push(format!(
                            "{} scheme, {vision}: {set} and {what} are {apart:.0} apart",
                            if dark { "dark" } else { "light" }
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// How far apart in lightness (a contrast ratio) the open and the closed
/// set must be: hue alone is hard to see on a pixel or two, whatever one's
/// colour vision.
const SETS_LIGHTNESS: f64 = 2.0;

#[test]
fn the_open_and_closed_sets_differ_in_lightness_so_that_a_set_one_pixel_wide_shows() {
    for dark in [false, true] {
        let p = palette(dark);
        let floor = p["--tile"].rgb;
        let ratio = contrast_ratio(p["--closed"].over(floor), p["--open"].over(floor));
        assert!(
            ratio >= SETS_LIGHTNESS,
            "{} scheme: the sets are {ratio:.2}:1 apart",
            if dark { "dark" } else { "light" }
        );
    }
    // The sets before this round differed in hue alone, and the check
    // tells.
    let floor = [0xf6, 0xec, 0xd9];
    let closed = Colour::parse_hex("#214ea8e6").unwrap().over(floor);
    let open = Colour::parse_hex("#b01e1ef6").unwrap().over(floor);
    assert!(contrast_ratio(closed, open) < SETS_LIGHTNESS);
}

#[test]
fn the_open_sets_marks_stand_on_their_floor_rim_and_the_rim_on_the_walls() {
    // Where the map's pixels are drawn small, each open place is a square
    // of the open colour on a rim of the floor's.
    for dark in [false, true] {
        let p = palette(dark);
        let floor = p["--tile"].rgb;
        let open = p["--open"].rgb;
        assert!(contrast_ratio(open, floor) >= 3.0);
        assert!(contrast_ratio(floor, p["--board"].rgb) >= 3.0);
    }
}
