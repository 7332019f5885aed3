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
    assert_eq!(names, ["manhattan", "octile", "euclidean", "zero"]);
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
    use Heuristic::{Euclidean, Manhattan, Octile, Zero};
    let proven = |heuristic: Heuristic, moves: Option<Moves>| heuristic.proves_shortest(moves);
    for heuristic in Heuristic::ALL {
        assert!(proven(heuristic, Some(Moves::Four)), "{heuristic:?} on 4");
        assert!(
            !proven(heuristic, Some(Moves::AnyAngle)),
            "{heuristic:?} at any angle"
        );
    }
    assert!(!proven(Manhattan, Some(Moves::Eight)));
    for heuristic in [Octile, Euclidean, Zero] {
        assert!(proven(heuristic, Some(Moves::Eight)), "{heuristic:?} on 8");
    }
    // Between waypoints a leg is a straight line at any slant, which
    // Manhattan and octile distances overestimate.
    assert!(!proven(Manhattan, None));
    assert!(!proven(Octile, None));
    assert!(proven(Euclidean, None));
    assert!(proven(Zero, None));
}
