//! Screen geometry, animation frames and input reading.

use slide::app::anim::ease;
use slide::app::grid::BoardLayout;
use slide::app::input::{arrow, shared_key, swipe_dir, SharedKey};
use slide::app::sliding::tile_places;
use slide::sliding::{Board, Dir, Move};

#[test]
fn cells_cover_their_fraction_of_the_box() {
    let grid = BoardLayout {
        width: 400.0,
        height: 300.0,
        cols: 4,
        rows: 3,
    };
    let cell = grid.to_px(2.0, 1.0);
    assert_eq!(
        (cell.x, cell.y, cell.w, cell.h),
        (100.0, 200.0, 100.0, 100.0)
    );
    assert_eq!(grid.from_px(150.0, 250.0), Some((2, 1)));
    assert_eq!(grid.from_px(0.0, 0.0), Some((0, 0)));
    assert_eq!(grid.from_px(399.9, 299.9), Some((2, 3)));
    assert_eq!(grid.from_px(400.0, 10.0), None);
    assert_eq!(grid.from_px(-1.0, 10.0), None);
    // Every cell's centre maps back to the cell.
    for row in 0..3 {
        for col in 0..4 {
            let (x, y) = grid.to_px(row as f64, col as f64).center();
            assert_eq!(grid.from_px(x, y), Some((row, col)));
        }
    }
}

#[test]
fn fitting_keeps_cells_square() {
    let grid = BoardLayout::fit(4, 4, 500.0, 300.0);
    assert_eq!((grid.width, grid.height), (300.0, 300.0));
    let grid = BoardLayout::fit(5, 3, 500.0, 500.0);
    assert_eq!((grid.width, grid.height), (500.0, 300.0));
}

#[test]
fn easing_runs_from_zero_to_one_and_decelerates() {
    assert_eq!(ease(0.0), 0.0);
    assert_eq!(ease(1.0), 1.0);
    assert_eq!(ease(-3.0), 0.0);
    assert_eq!(ease(7.0), 1.0);
    assert!(ease(0.5) > 0.5);
}

#[test]
fn a_run_of_tiles_slides_together() {
    let from = Board::solved(4, 4).unwrap();
    let to = from.apply(Move::Slide(13)).unwrap();
    let half = tile_places(&from, &to, 0.5);
    let moving: Vec<_> = half.iter().filter(|p| p.moving).collect();
    assert_eq!(moving.len(), 3);
    let offset = moving[0].col - (moving[0].tile as usize - 13) as f64;
    for place in &moving {
        assert_eq!(place.row, 3.0);
        assert!((place.col - (place.tile as usize - 13) as f64 - offset).abs() < 1e-12);
    }
    // At the ends, tiles sit in their cells.
    for place in tile_places(&from, &to, 1.0) {
        let cell = to.cell_of(place.tile).unwrap();
        assert_eq!(
            (place.row, place.col),
            ((cell / 4) as f64, (cell % 4) as f64)
        );
    }
    for place in tile_places(&from, &to, 0.0) {
        let cell = from.cell_of(place.tile).unwrap();
        assert_eq!(
            (place.row, place.col),
            ((cell / 4) as f64, (cell % 4) as f64)
        );
    }
}

#[test]
fn keys_map_to_directions_and_shared_actions() {
    assert_eq!(arrow("ArrowLeft"), Some(Dir::Left));
    assert_eq!(arrow("ArrowUp"), Some(Dir::Up));
    assert_eq!(arrow("d"), Some(Dir::Right));
    assert_eq!(arrow("S"), Some(Dir::Down));
    assert_eq!(arrow("q"), None);
    assert_eq!(shared_key("z", true, false), Some(SharedKey::Undo));
    assert_eq!(shared_key("Z", true, true), Some(SharedKey::Redo));
    assert_eq!(shared_key("y", true, false), Some(SharedKey::Redo));
    assert_eq!(shared_key("h", false, false), Some(SharedKey::Hint));
    assert_eq!(shared_key("H", false, false), Some(SharedKey::Hint));
    assert_eq!(shared_key("h", true, false), None);
    assert_eq!(shared_key("z", false, false), None);
    assert_eq!(shared_key("q", false, false), None);
}

#[test]
fn swipes_need_distance_and_a_clear_direction() {
    assert_eq!(swipe_dir(40.0, 3.0, 20.0), Some(Dir::Right));
    assert_eq!(swipe_dir(-2.0, -50.0, 20.0), Some(Dir::Up));
    assert_eq!(swipe_dir(5.0, 5.0, 20.0), None);
    assert_eq!(swipe_dir(30.0, 30.0, 20.0), None);
}

#[test]
fn a_tile_that_slides_home_is_shown_home_once_its_slide_ends() {
    // One slide from solved: 8 slides left into its own cell.
    let from = Board::parse("1 2 3\n4 5 6\n7 0 8").unwrap();
    let to = from.apply(Move::Slide(8)).unwrap();
    assert!(to.is_solved());
    let eight = |t: f64| {
        tile_places(&from, &to, t)
            .into_iter()
            .find(|place| place.tile == 8)
            .unwrap()
    };
    assert!(!eight(0.0).home, "not home before it moves");
    assert!(!eight(0.5).home, "not home mid-slide");
    // The frame that ends the move (and every frame drawn after it, which
    // keeps the same old and new boards at t = 1) shows the new colours:
    // every tile of a solved board is home, the one that slid last too.
    assert!(eight(1.0).home);
    assert!(tile_places(&from, &to, 1.0).iter().all(|place| place.home));
    // A tile that stays home is home all along; one that leaves is not.
    assert!(tile_places(&from, &to, 0.3)
        .iter()
        .filter(|place| place.tile != 8)
        .all(|place| place.home));
    let away = to.apply(Move::Slide(8)).unwrap();
    let leaving = tile_places(&to, &away, 1.0)
        .into_iter()
        .find(|place| place.tile == 8)
        .unwrap();
    assert!(!leaving.home);
}
