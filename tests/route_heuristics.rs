//! The route estimates in one place: their names in saves and messages,
//! their labels, and which of them prove a route shortest with which moves.

use slide::route::{Heuristic, Moves};

#[test]
fn every_estimate_and_every_kind_of_moves_is_read_back_from_its_name() {
    for heuristic in Heuristic::ALL {
        assert_eq!(Heuristic::named(heuristic.name()), Some(heuristic));
    }
    for moves in Moves::ALL {
        assert_eq!(Moves::named(moves.name()), Some(moves));
    }
    assert_eq!(Heuristic::named("Manhattan"), None);
    assert_eq!(Moves::named("waypoints"), None);
}

#[test]
fn the_names_old_saves_hold_are_kept() {
    let names: Vec<&str> = Heuristic::ALL.iter().map(|h| h.name()).collect();
    assert_eq!(
        names,
        [
            "manhattan",
            "octile",
            "chebyshev",
            "euclidean",
            "zero",
            "landmarks"
        ]
    );
    let names: Vec<&str> = Moves::ALL.iter().map(|m| m.name()).collect();
    assert_eq!(names, ["4", "8", "any"]);
}

#[test]
fn only_dijkstra_has_no_label() {
    for heuristic in Heuristic::ALL {
        assert_eq!(heuristic.label().is_none(), heuristic == Heuristic::Zero);
    }
}

#[test]
fn each_kind_of_moves_best_estimate_never_overestimates() {
    for moves in Moves::ALL {
        assert!(moves.estimate().is_admissible(Some(moves)), "{moves:?}");
    }
}

#[test]
fn a_route_is_proven_shortest_only_by_a_star_with_an_estimate_that_never_overestimates() {
    use Heuristic::{Chebyshev, Euclidean, Manhattan, Octile, Zero};
    let proven = |heuristic: Heuristic, moves: Option<Moves>| heuristic.proves_shortest(moves);
    for heuristic in Heuristic::ALL {
        assert!(proven(heuristic, Some(Moves::Four)), "{heuristic:?} on 4");
        assert!(
            !proven(heuristic, Some(Moves::AnyAngle)),
            "{heuristic:?} at any angle"
        );
    }
    assert!(!proven(Manhattan, Some(Moves::Eight)));
    for heuristic in [Octile, Chebyshev, Euclidean, Zero] {
        assert!(proven(heuristic, Some(Moves::Eight)), "{heuristic:?} on 8");
    }
    // Between waypoints a leg is a straight line at any slant, which
    // Manhattan and octile distances overestimate.
    assert!(!proven(Manhattan, None));
    assert!(!proven(Octile, None));
    assert!(proven(Euclidean, None));
    assert!(proven(Chebyshev, None));
    assert!(proven(Zero, None));
}

#[test]
fn chebyshev_never_overestimates_and_is_looser_than_octile_with_diagonals() {
    use slide::route::Grid;
    let open = Grid::new(40, 30, vec![true; 40 * 30]).unwrap();
    for to in [(39, 29), (10, 29), (39, 3), (0, 0)] {
        let octile = open.shortest((0, 0), to, Moves::Eight, Heuristic::Octile);
        let chebyshev = open.shortest((0, 0), to, Moves::Eight, Heuristic::Chebyshev);
        let (octile, chebyshev) = (octile.unwrap().unwrap(), chebyshev.unwrap().unwrap());
        assert!(
            (octile.distance - chebyshev.distance).abs() < 1e-9,
            "{to:?}"
        );
        assert!(chebyshev.expanded >= octile.expanded, "{to:?}");
    }
}
