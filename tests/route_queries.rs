//! A grid query (algorithm, moves, estimate, weight) is checked when made:
//! the algorithms' names, which pairs of algorithm and moves make sense,
//! and which queries prove their route shortest.

use slide::route::{Algorithm, Heuristic, Moves, Query, MAX_WEIGHT};

#[test]
fn every_algorithm_is_read_back_from_its_name_and_the_names_are_kept() {
    for algorithm in Algorithm::ALL {
        assert_eq!(Algorithm::named(algorithm.name()), Some(algorithm));
    }
    let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(
        names,
        [
            "astar",
            "jps",
            "jps-plus",
            "jps-plus-pruned",
            "dijkstra",
            "best-first",
            "bfs",
            "bidirectional",
            "theta"
        ]
    );
    assert_eq!(Algorithm::named("A*"), None);
}

#[test]
fn jump_point_searches_need_eight_connected_moves() {
    for jump in [Algorithm::Jps, Algorithm::JpsPlus, Algorithm::JpsPlusPruned] {
        let error = Query::new(jump, Moves::Four, Heuristic::Octile, 1.0).unwrap_err();
        assert!(error.contains("needs 8-connected moves"), "{error}");
        assert!(Query::new(jump, Moves::Eight, Heuristic::Octile, 1.0).is_ok());
    }
}

#[test]
fn theta_star_and_any_angle_moves_bring_each_other() {
    let query = Query::new(Algorithm::Theta, Moves::Eight, Heuristic::Octile, 1.0).unwrap();
    assert_eq!(query.moves(), Moves::AnyAngle);
    let query = Query::astar(Moves::AnyAngle);
    assert_eq!(query.algorithm(), Algorithm::Theta);
    let error = Query::new(Algorithm::Dijkstra, Moves::AnyAngle, Heuristic::Zero, 1.0).unwrap_err();
    assert_eq!(error, "Dijkstra walks 4- or 8-connected, not at any angle");
}

#[test]
fn a_weight_outside_one_to_the_most_is_refused() {
    for weight in [0.5, MAX_WEIGHT + 0.1, f64::NAN, f64::INFINITY] {
        let made = Query::new(Algorithm::AStar, Moves::Eight, Heuristic::Octile, weight);
        assert!(made
            .unwrap_err()
            .starts_with("the weight must be from 1 to"));
    }
}

#[test]
fn only_optimal_algorithms_with_an_admissible_estimate_at_weight_one_prove_a_route_shortest() {
    let query = |a, m, h, w| Query::new(a, m, h, w).unwrap().proves_shortest();
    use Algorithm::*;
    for algorithm in [AStar, Jps, JpsPlus, Bidirectional] {
        assert!(
            query(algorithm, Moves::Eight, Heuristic::Octile, 1.0),
            "{algorithm:?}"
        );
        assert!(
            !query(algorithm, Moves::Eight, Heuristic::Octile, 1.5),
            "{algorithm:?}"
        );
        assert!(
            !query(algorithm, Moves::Eight, Heuristic::Manhattan, 1.0),
            "{algorithm:?}"
        );
    }
    assert!(query(Dijkstra, Moves::Eight, Heuristic::Manhattan, 2.0));
    assert!(query(Bfs, Moves::Four, Heuristic::Zero, 1.0));
    assert!(!query(Bfs, Moves::Eight, Heuristic::Zero, 1.0));
    assert!(!query(BestFirst, Moves::Eight, Heuristic::Octile, 1.0));
    assert!(!query(Theta, Moves::AnyAngle, Heuristic::Euclidean, 1.0));
}
