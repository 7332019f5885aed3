//! Pictures on the sliding puzzle's tiles: the centre crop to the board's
//! shape, each tile's piece of the picture, where the small number goes,
//! the size a player's image is kept at, and the stored settings (damaged
//! ones refused with a reason).

use slide::app::grid::ScreenRect;
use slide::app::sliding::picture::{
    built_in, centre_crop, check_data_url, downscaled, number_badge, Choice, Cutting, Settings,
    BUILT_IN, OWN_IMAGE_MAX_SIDE, STORAGE_KEY,
};

const SIZES: [(usize, usize); 10] = [
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 6),
    (7, 7),
    (8, 8),
    (9, 9),
    (10, 10),
    (4, 3),
    (5, 4),
];

fn rect(x: f64, y: f64, w: f64, h: f64) -> ScreenRect {
    ScreenRect { x, y, w, h }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

fn inside(inner: ScreenRect, outer: ScreenRect) -> bool {
    inner.x >= outer.x - 1e-9
        && inner.y >= outer.y - 1e-9
        && inner.x + inner.w <= outer.x + outer.w + 1e-9
        && inner.y + inner.h <= outer.y + outer.h + 1e-9
}

#[test]
fn a_wide_picture_on_a_square_board_loses_its_sides_equally() {
    let crop = centre_crop(1200.0, 900.0, 4, 4).unwrap();
    assert_eq!(crop, rect(150.0, 0.0, 900.0, 900.0));
}

#[test]
fn a_tall_picture_on_a_square_board_loses_its_top_and_bottom_equally() {
    let crop = centre_crop(300.0, 500.0, 3, 3).unwrap();
    assert_eq!(crop, rect(0.0, 100.0, 300.0, 300.0));
}

#[test]
fn a_four_by_three_board_takes_a_wider_crop_than_a_square_one() {
    let square = centre_crop(1000.0, 1000.0, 4, 4).unwrap();
    let wide = centre_crop(1000.0, 1000.0, 4, 3).unwrap();
    assert!(close(wide.w / wide.h, 4.0 / 3.0));
    assert!(close(wide.w, 1000.0) && close(wide.h, 750.0) && close(wide.y, 125.0));
    assert!(wide.w / wide.h > square.w / square.h);
}

#[test]
fn a_picture_of_the_boards_own_shape_is_shown_whole() {
    for (cols, rows) in SIZES {
        let (w, h) = (cols as f64 * 37.0, rows as f64 * 37.0);
        let crop = centre_crop(w, h, cols, rows).unwrap();
        assert!(close(crop.x, 0.0) && close(crop.y, 0.0), "{cols}x{rows}");
        assert!(close(crop.w, w) && close(crop.h, h), "{cols}x{rows}");
    }
}

#[test]
fn every_crop_has_the_boards_shape_is_centred_and_lies_in_the_image() {
    for (cols, rows) in SIZES {
        for (w, h) in [(1.0, 1.0), (512.0, 288.0), (288.0, 512.0), (1600.0, 1200.0)] {
            let crop = centre_crop(w, h, cols, rows).unwrap();
            assert!(close(crop.w * rows as f64, crop.h * cols as f64));
            assert!(inside(crop, rect(0.0, 0.0, w, h)));
            assert!(close(crop.x * 2.0 + crop.w, w) && close(crop.y * 2.0 + crop.h, h));
            // The largest such rectangle: it touches two opposite sides.
            assert!(close(crop.w, w) || close(crop.h, h));
        }
    }
}

#[test]
fn an_image_without_pixels_is_refused_with_a_reason() {
    for (w, h) in [(0.0, 600.0), (800.0, 0.0), (0.0, 0.0), (f64::NAN, 10.0)] {
        let error = centre_crop(w, h, 4, 4).unwrap_err();
        assert!(error.contains("no pixels"), "{error}");
        assert!(Cutting::new(w, h, 4, 4).is_err());
    }
    assert!(centre_crop(100.0, 100.0, 0, 4)
        .unwrap_err()
        .contains("no tiles"));
}

#[test]
fn the_tiles_pieces_cover_the_crop_exactly_in_goal_order() {
    for (cols, rows) in SIZES {
        let cutting = Cutting::new(1600.0, 1200.0, cols, rows).unwrap();
        let crop = cutting.crop;
        let mut area = 0.0;
        for cell in 0..cols * rows {
            let piece = cutting.source(cell).unwrap();
            assert!(inside(piece, crop), "{cols}x{rows} cell {cell}");
            let (row, col) = (cell / cols, cell % cols);
            assert!(close(piece.x, crop.x + col as f64 * crop.w / cols as f64));
            assert!(close(piece.y, crop.y + row as f64 * crop.h / rows as f64));
            area += piece.w * piece.h;
        }
        assert!((area - crop.w * crop.h).abs() < 1e-6);
        assert_eq!(cutting.source(cols * rows), None);
    }
}

#[test]
fn tile_one_shows_the_top_left_and_the_last_cell_the_bottom_right() {
    let cutting = Cutting::new(400.0, 300.0, 4, 3).unwrap();
    assert_eq!(cutting.source(0), Some(rect(0.0, 0.0, 100.0, 100.0)));
    assert_eq!(cutting.source(11), Some(rect(300.0, 200.0, 100.0, 100.0)));
}

#[test]
fn the_small_number_sits_in_the_top_left_corner_inside_the_tile() {
    for side in [20.0, 40.0, 90.0] {
        for digits in 1..=2 {
            let face = rect(10.0, 30.0, side, side * 0.96);
            let badge = number_badge(face, digits);
            assert!(inside(badge.backing, face), "{side} {digits}");
            assert!(badge.backing.x > face.x && badge.backing.y > face.y);
            // Small: at most about a third of the face high and wide
            // enough to leave most of the picture showing.
            assert!(badge.backing.h <= face.h * 0.35);
            assert!(badge.backing.w * badge.backing.h < face.w * face.h * 0.25);
            assert_eq!(badge.text, badge.backing.center());
            assert!(badge.font_size > 0.0);
        }
    }
    let one = number_badge(rect(0.0, 0.0, 60.0, 60.0), 1);
    let two = number_badge(rect(0.0, 0.0, 60.0, 60.0), 2);
    assert!(two.backing.w > one.backing.w);
}

#[test]
fn a_players_image_is_kept_at_most_512_pixels_on_its_longer_side() {
    assert_eq!(OWN_IMAGE_MAX_SIDE, 512);
    assert_eq!(downscaled(4000, 3000, 512), Ok((512, 384)));
    assert_eq!(downscaled(1000, 4000, 512), Ok((128, 512)));
    assert_eq!(downscaled(300, 200, 512), Ok((300, 200)));
    assert_eq!(downscaled(10_000, 1, 512), Ok((512, 1)));
    assert!(downscaled(0, 10, 512).unwrap_err().contains("no pixels"));
}

#[test]
fn every_built_in_picture_is_found_by_its_id_and_has_a_file_in_www() {
    assert!(BUILT_IN.len() >= 3);
    for picture in &BUILT_IN {
        assert_eq!(built_in(picture.id), Some(picture));
        assert_eq!(
            Choice::from_value(picture.id),
            Some(Choice::BuiltIn(picture))
        );
        let path = format!("{}/www/{}", env!("CARGO_MANIFEST_DIR"), picture.path);
        let svg = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(svg.contains("<svg") && svg.contains("viewBox"), "{path}");
    }
    assert_eq!(built_in("nothing"), None);
    assert_eq!(Choice::from_value("numbers"), Some(Choice::Numbers));
    assert_eq!(Choice::from_value("own"), Some(Choice::Own));
    assert_eq!(Choice::default(), Choice::Numbers);
}

#[test]
fn every_built_in_picture_is_kept_for_offline_play_by_the_service_worker() {
    let path = format!("{}/www/sw.js", env!("CARGO_MANIFEST_DIR"));
    let sw = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for picture in &BUILT_IN {
        assert!(
            sw.contains(&format!("'{}',", picture.path)),
            "www/sw.js does not list {}",
            picture.path
        );
    }
}

#[test]
fn settings_survive_being_stored_and_read_back() {
    let tiny_png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
    let all = [
        Settings::default(),
        Settings {
            choice: Choice::BuiltIn(&BUILT_IN[1]),
            numbers: true,
            own: None,
        },
        Settings {
            choice: Choice::Own,
            numbers: false,
            own: Some(tiny_png.into()),
        },
        Settings {
            choice: Choice::BuiltIn(&BUILT_IN[0]),
            numbers: true,
            own: Some(tiny_png.into()),
        },
    ];
    for settings in all {
        assert_eq!(Settings::parse(&settings.to_text()), Ok(settings.clone()));
    }
    assert_eq!(STORAGE_KEY, "slide.picture.v1");
}

#[test]
fn damaged_stored_settings_are_refused_with_a_reason() {
    let cases = [
        ("", "version"),
        ("{\"choice\":\"hills\"}", "version"),
        ("slide picture v0\nchoice hills\n", "version"),
        ("slide picture v1\n", "which picture"),
        ("slide picture v1\nchoice sunset\n", "no picture called"),
        (
            "slide picture v1\nchoice hills\nnumbers maybe\n",
            "on or off",
        ),
        (
            "slide picture v1\nchoice hills\ncolour red\n",
            "unknown line",
        ),
        ("slide picture v1\nchoice hills\nchoice mosaic\n", "twice"),
        ("slide picture v1\nchoice own\n", "none is kept"),
        (
            "slide picture v1\nchoice own\nimage http://example.com/a.png\n",
            "data URL",
        ),
        (
            "slide picture v1\nchoice own\nimage data:image/png;base64,\n",
            "empty",
        ),
        (
            "slide picture v1\nchoice own\nimage data:image/png;base64,ab$cd\n",
            "base64",
        ),
        (
            "slide picture v1\nchoice own\nimage data:text/html;base64,QUJD\n",
            "data URL",
        ),
    ];
    for (text, reason) in cases {
        let error = Settings::parse(text).unwrap_err();
        assert!(error.contains(reason), "{text:?}: {error}");
        assert!(error.starts_with(char::is_lowercase), "{error}");
    }
}

#[test]
fn a_kept_image_must_be_a_base64_image_data_url_of_sensible_size() {
    assert!(check_data_url("data:image/jpeg;base64,/9j/4AAQ").is_ok());
    assert!(check_data_url("data:image/webp;base64,UklGRg==").is_ok());
    assert!(check_data_url("data:image/png;base64,QUJD===").is_err());
    let huge = format!("data:image/png;base64,{}", "A".repeat(3_000_000));
    assert!(check_data_url(&huge).unwrap_err().contains("too large"));
}
