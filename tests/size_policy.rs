//! The sliding puzzle's size policy is one range of sides, and every place
//! that checks or clamps a size (a board built, a size chosen or typed,
//! the address) agrees with it.

use slide::app::address;
use slide::app::sliding::parse_size;
use slide::sliding::{Board, MAX_SIDE, MIN_SIDE, SIDES};

#[test]
fn a_board_and_a_size_typed_take_exactly_the_sides_in_the_range() {
    for side in 0..=MAX_SIDE + 2 {
        let allowed = SIDES.contains(&side);
        assert_eq!(Board::solved(side, 3).is_ok(), allowed, "a {side}x3 board");
        assert_eq!(Board::solved(3, side).is_ok(), allowed, "a 3x{side} board");
        assert_eq!(
            parse_size(&format!("{side}x3")).is_ok(),
            allowed,
            "{side}x3 typed"
        );
        assert_eq!(
            parse_size(&format!("3×{side}")).is_ok(),
            allowed,
            "3×{side} typed"
        );
    }
    assert_eq!((*SIDES.start(), *SIDES.end()), (MIN_SIDE, MAX_SIDE));
}

#[test]
fn the_address_clamps_a_size_into_the_range_and_says_so() {
    for side in 0..=MAX_SIDE + 2 {
        let reading = address::size(&format!("{side}x{side}"), (4, 4));
        let clamped = side.clamp(MIN_SIDE, MAX_SIDE);
        assert_eq!(reading.value, (clamped, clamped), "?size={side}x{side}");
        assert_eq!(
            reading.note.is_some(),
            !SIDES.contains(&side),
            "?size={side}x{side}"
        );
    }
    // Far beyond any side, and not a size at all.
    assert_eq!(
        address::size("99999999999999999999999x2", (4, 4)).value,
        (MAX_SIDE, 2)
    );
    assert_eq!(address::size("big", (4, 4)).value, (4, 4));
}
