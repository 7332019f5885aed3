//! The English board: holes, names, jumps, positions, symmetries, goals and
//! the invariants the solver prunes with.

use std::collections::HashSet;

use slide::pegs::class::single_peg_classes;
use slide::pegs::pagoda::{fibonacci, images, library, pagodas_for, LIBRARY_SIZE};
use slide::pegs::{
    all_jumps, cell_of, hole_at, hole_name, hole_named, position_class, symmetries_fixing,
    transform_hole, Goal, Jump, Pagoda, PegBoard, PegError, CENTRE, HOLES, JUMPS, SYMMETRIES,
};
use slide::rng::SplitMix64;

#[test]
fn holes_are_numbered_row_by_row_over_the_cross() {
    let lengths = [3, 3, 7, 7, 7, 3, 3];
    let mut hole = 0;
    for (row, &length) in lengths.iter().enumerate() {
        let first = if length == 3 { 2 } else { 0 };
        for col in 0..7 {
            let expected = (first..first + length).contains(&col).then_some(hole);
            assert_eq!(hole_at(row, col), expected, "row {row} col {col}");
            if let Some(h) = expected {
                assert_eq!(cell_of(h), (row, col));
                hole += 1;
            }
        }
    }
    assert_eq!(hole, HOLES);
    assert_eq!(cell_of(CENTRE), (3, 3));
    assert_eq!(hole_at(7, 3), None);
    assert_eq!(hole_at(3, 7), None);
}

#[test]
fn holes_have_chess_like_names() {
    assert_eq!(hole_name(CENTRE), "d4");
    assert_eq!(hole_name(0), "c1");
    assert_eq!(hole_name(6), "a3");
    assert_eq!(hole_name(32), "e7");
    assert_eq!(hole_name(40), "hole 40");
    for hole in 0..HOLES {
        assert_eq!(hole_named(&hole_name(hole)), Some(hole));
    }
    assert_eq!(hole_named("D4"), Some(CENTRE));
    assert_eq!(hole_named("a1"), None, "a corner off the cross");
    assert_eq!(hole_named("h4"), None);
    assert_eq!(hole_named("d44"), None);
    assert_eq!(hole_named(""), None);
}

#[test]
fn the_board_has_76_jumps_in_increasing_order() {
    let jumps = all_jumps();
    assert_eq!(jumps.len(), 76);
    assert_eq!(JUMPS, 76);
    assert!(jumps.windows(2).all(|pair| pair[0] < pair[1]));
    for jump in jumps {
        assert!(jump.is_on_board());
        let (from, to) = (usize::from(jump.from), usize::from(jump.to));
        assert_eq!(Jump::between(from, to), Some(*jump));
        assert_eq!(
            Jump::between(to, from),
            Some(jump.reversed()),
            "every jump can be made the other way"
        );
    }
    // Every pair of holes two apart in a line of the cross is a jump.
    let mut pairs = 0;
    for from in 0..HOLES {
        for to in 0..HOLES {
            if Jump::between(from, to).is_some() {
                pairs += 1;
            }
        }
    }
    assert_eq!(pairs, 76);
    assert_eq!(Jump::between(CENTRE, CENTRE), None);
    assert_eq!(Jump::between(0, 33), None);
    assert_eq!(Jump::between(6, 9), None, "three apart");
    assert_eq!(
        Jump::between(0, 10),
        None,
        "c1 to e3 is diagonal, not a jump"
    );
    let jump = Jump::between(hole_named("d2").unwrap(), CENTRE).unwrap();
    assert_eq!(jump.to_string(), "d2 over d3 to d4");
}

#[test]
fn boards_are_built_from_bits_and_reject_bits_off_the_board() {
    assert_eq!(PegBoard::empty().count(), 0);
    assert_eq!(PegBoard::full().count(), 33);
    assert_eq!(PegBoard::classic().count(), 32);
    assert!(!PegBoard::classic().has_peg(CENTRE));
    assert_eq!(
        PegBoard::from_bits(PegBoard::classic().bits()),
        Ok(PegBoard::classic())
    );
    assert_eq!(
        PegBoard::from_bits(1 << 33),
        Err(PegError::BitsOffBoard { bits: 1 << 33 })
    );
    assert!(PegBoard::from_bits(u64::MAX)
        .unwrap_err()
        .to_string()
        .contains("beyond the board"));
    assert_eq!(
        PegBoard::with_pegs(&[CENTRE]).unwrap(),
        PegBoard::empty().toggled(CENTRE)
    );
    assert_eq!(
        PegBoard::with_pegs(&[3, 99]),
        Err(PegError::NoSuchHole { hole: 99 })
    );
    // Off-board holes hold no peg and toggle nothing.
    assert!(!PegBoard::full().has_peg(33));
    assert_eq!(PegBoard::full().toggled(50), PegBoard::full());
    assert_eq!(PegBoard::full().toggled(CENTRE), PegBoard::classic());
    assert_eq!(PegBoard::classic().pegs().count(), 32);
}

#[test]
fn the_classic_start_has_four_jumps_into_the_centre() {
    let board = PegBoard::classic();
    let jumps = board.jumps();
    assert_eq!(jumps.len(), 4);
    assert!(jumps.iter().all(|jump| usize::from(jump.to) == CENTRE));
    assert!(!board.is_stuck());
    assert!(PegBoard::full().is_stuck());
    assert!(PegBoard::empty().is_stuck());
    let d2 = hole_named("d2").unwrap();
    assert_eq!(board.jumps_from(d2).len(), 1);
    assert!(board.jumps_from(CENTRE).is_empty());
    assert!(board.jumps_from(99).is_empty());
}

#[test]
fn jumps_are_found_by_bit_masks_exactly_as_by_checking_each() {
    let mut rng = SplitMix64::new(17);
    for _ in 0..3000 {
        let board = PegBoard::from_bits(rng.next_u64() & ((1 << 33) - 1)).unwrap();
        let expected: Vec<Jump> = all_jumps()
            .iter()
            .filter(|jump| {
                board.has_peg(jump.from.into())
                    && board.has_peg(jump.over.into())
                    && !board.has_peg(jump.to.into())
            })
            .copied()
            .collect();
        assert_eq!(board.jumps(), expected);
        assert_eq!(board.is_stuck(), expected.is_empty());
        for hole in 0..HOLES {
            let from_here: Vec<Jump> = expected
                .iter()
                .filter(|jump| usize::from(jump.from) == hole)
                .copied()
                .collect();
            assert_eq!(board.jumps_from(hole), from_here);
        }
    }
}

#[test]
fn applying_a_jump_moves_one_peg_and_removes_another() {
    let board = PegBoard::classic();
    let jump = board.jumps()[0];
    let after = board.apply(jump).unwrap();
    assert_eq!(after.count(), 31);
    assert!(!after.has_peg(jump.from.into()));
    assert!(!after.has_peg(jump.over.into()));
    assert!(after.has_peg(jump.to.into()));
    assert_eq!(board, PegBoard::classic(), "apply is pure");
}

#[test]
fn impossible_jumps_are_explained() {
    let d = |name: &str| hole_named(name).unwrap() as u8;
    let jump = |from, over, to| Jump {
        from: d(from),
        over: d(over),
        to: d(to),
    };
    let board = PegBoard::empty()
        .toggled(d("d4").into())
        .toggled(d("d5").into());
    let error = board.apply(jump("d3", "d4", "d5")).unwrap_err();
    assert_eq!(
        error,
        PegError::NoPegToMove {
            hole: d("d3").into()
        }
    );
    assert_eq!(error.to_string(), "there is no peg to jump with at d3");
    let error = board.apply(jump("d5", "d6", "d7")).unwrap_err();
    assert_eq!(error.to_string(), "there is no peg to jump over at d6");
    let error = board.apply(jump("d4", "d5", "d6")).unwrap();
    assert_eq!(error.count(), 1);
    let full = PegBoard::full();
    assert_eq!(
        full.apply(jump("d2", "d3", "d4")).unwrap_err().to_string(),
        "the hole to land in, d4, already holds a peg"
    );
    let not_a_jump = Jump {
        from: 0,
        over: 1,
        to: 5,
    };
    assert!(!full.can_jump(not_a_jump));
    assert!(matches!(
        full.apply(not_a_jump),
        Err(PegError::NotAJump { .. })
    ));
    let off_board = Jump {
        from: 200,
        over: 201,
        to: 202,
    };
    assert!(full
        .apply(off_board)
        .unwrap_err()
        .to_string()
        .contains("do not form a jump"));
    assert!(board.can_jump(jump("d4", "d5", "d6")));
}

#[test]
fn the_eight_symmetries_map_the_cross_onto_itself() {
    assert_eq!(SYMMETRIES, 8);
    let mut images = HashSet::new();
    for sym in 0..SYMMETRIES {
        let image: Vec<usize> = (0..HOLES).map(|hole| transform_hole(sym, hole)).collect();
        let distinct: HashSet<usize> = image.iter().copied().collect();
        assert_eq!(distinct.len(), HOLES, "symmetry {sym} is a permutation");
        assert_eq!(image[CENTRE], CENTRE);
        images.insert(image);
        // Jumps go to jumps.
        for jump in all_jumps() {
            let (from, to) = (
                transform_hole(sym, jump.from.into()),
                transform_hole(sym, jump.to.into()),
            );
            let mapped = Jump::between(from, to).unwrap();
            assert_eq!(
                usize::from(mapped.over),
                transform_hole(sym, jump.over.into())
            );
        }
    }
    assert_eq!(images.len(), 8, "the eight symmetries are distinct");
    assert_eq!(symmetries_fixing(CENTRE).len(), 8);
    assert_eq!(symmetries_fixing(hole_named("d1").unwrap()).len(), 2);
    assert_eq!(symmetries_fixing(hole_named("c3").unwrap()).len(), 2);
    assert_eq!(symmetries_fixing(hole_named("d3").unwrap()).len(), 2);
    assert_eq!(symmetries_fixing(hole_named("c1").unwrap()), vec![0]);
}

#[test]
fn the_canonical_form_is_the_same_for_all_eight_images() {
    let mut rng = SplitMix64::new(5);
    for depth in 0..200 {
        let board = PegBoard::classic().after_random_jumps(&mut rng, depth % 31);
        let canonical = board.canonical();
        let mut smallest = u64::MAX;
        for sym in 0..SYMMETRIES {
            let image = board.transformed(sym);
            assert_eq!(image.count(), board.count());
            assert_eq!(image.canonical(), canonical);
            assert_eq!(image.jumps().len(), board.jumps().len());
            smallest = smallest.min(image.bits());
            // Each symmetry is undone by one of the eight.
            assert!((0..SYMMETRIES).any(|back| image.transformed(back) == board));
        }
        assert_eq!(canonical, smallest);
        assert_eq!(
            board.transformed(8 + 3),
            board.transformed(3),
            "taken modulo 8"
        );
    }
    // Rotating a quarter turn four times is the identity.
    let board = PegBoard::classic().after_random_jumps(&mut rng, 9);
    let turned = (0..4).fold(board, |b, _| b.transformed(1));
    assert_eq!(turned, board);
}

#[test]
fn goals_say_what_they_want() {
    let single = PegBoard::empty().toggled(CENTRE);
    assert!(Goal::CENTRE.is_met(single));
    assert!(Goal::AnyHole.is_met(single));
    let d1 = hole_named("d1").unwrap();
    let elsewhere = PegBoard::empty().toggled(d1);
    assert!(!Goal::CENTRE.is_met(elsewhere));
    assert!(Goal::AnyHole.is_met(elsewhere));
    assert!(Goal::Hole(d1 as u8).is_met(elsewhere));
    assert!(!Goal::AnyHole.is_met(PegBoard::empty()));
    assert!(!Goal::AnyHole.is_met(PegBoard::classic()));
    assert!(!Goal::Hole(40).is_met(single));
    assert_eq!(Goal::CENTRE.describe(), "one peg in the centre");
    assert_eq!(Goal::Hole(d1 as u8).describe(), "one peg at d1");
    assert_eq!(Goal::AnyHole.describe(), "one peg anywhere");
    assert_eq!(Goal::AnyHole.to_string(), "one peg anywhere");
    assert!(Goal::Hole(40).describe().contains("not on the board"));
    assert_eq!(Goal::default(), Goal::CENTRE);
}

#[test]
fn jumps_never_change_the_position_class() {
    let mut rng = SplitMix64::new(9);
    for _ in 0..2000 {
        let board = PegBoard::from_bits(rng.next_u64() & ((1 << 33) - 1)).unwrap();
        for jump in board.jumps() {
            assert_eq!(
                position_class(board.apply(jump).unwrap()),
                position_class(board)
            );
        }
    }
    // The classic start can only end at the centre or the four holes three
    // away from it in its row and column.
    let start = position_class(PegBoard::classic());
    let ends: Vec<String> = (0..HOLES)
        .filter(|&hole| position_class(PegBoard::empty().toggled(hole)) == start)
        .map(hole_name)
        .collect();
    assert_eq!(ends, ["d1", "a4", "d4", "g4", "d7"]);
    // A single peg falls in one of 9 of the 16 classes (by its row and
    // column modulo 3): positions in the other 7 can never end with one peg.
    assert_eq!(single_peg_classes().count_ones(), 9);
}

/// Whether no jump raises the pagoda function's total.
fn is_pagoda(pagoda: &Pagoda) -> bool {
    all_jumps().iter().all(|jump| {
        pagoda.weight(jump.from.into()) + pagoda.weight(jump.over.into())
            >= pagoda.weight(jump.to.into())
    })
}

#[test]
fn pagoda_functions_never_grow_along_a_game() {
    let mut functions = library();
    assert_eq!(functions.len(), LIBRARY_SIZE);
    functions.extend(library().iter().flat_map(images));
    functions.extend((0..HOLES).flat_map(|hole| pagodas_for(hole, LIBRARY_SIZE)));
    functions.extend((0..HOLES).filter_map(fibonacci));
    for pagoda in &functions {
        assert!(is_pagoda(pagoda), "{pagoda:?}");
    }
    let mut rng = SplitMix64::new(3);
    for _ in 0..300 {
        let depth = rng.below(31) as usize;
        let board = PegBoard::classic().after_random_jumps(&mut rng, depth);
        for jump in board.jumps() {
            let after = board.apply(jump).unwrap();
            for pagoda in &functions {
                assert!(pagoda.value(after) <= pagoda.value(board));
            }
        }
    }
    // Weights that a jump would increase are refused.
    let mut weights = [0; HOLES];
    weights[CENTRE] = 1;
    assert_eq!(Pagoda::new(weights), None);
    assert!(Pagoda::product([0, 1, 1, 2, 1, 1, 0], [0, 1, 1, 2, 1, 1, 0]).is_some());
    assert!(Pagoda::product([0, 0, 1, 0, 0, 0, 0], [1; 7]).is_none());
}
