//! The search lab's settings without the page: the algorithm and the
//! weight the solver's worker is asked for, pairs that cannot be walked
//! refused or adjusted, and saves that carry them (older ones still read).
// Natively only: the shared test helpers answer through the engine there.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{solve_task, Requests};
use slide::app::route::solving::{RouteAnswer, RouteTask};
use slide::app::route::{Map, RouteFinding, RouteGame, Walk};
use slide::app::workers::job::Aim;
use slide::app::workers::protocol::ToWorker;
use slide::app::workers::record::Record;
use slide::app::{Play, SaveFormat};
use slide::route::{Algorithm, Heuristic, MAX_WEIGHT};

fn maze() -> RouteGame {
    let mut game = RouteGame::on_map(Map::maze(10, 10, 5).unwrap());
    game.fit(600.0, 600.0);
    game
}

fn asked(game: &mut RouteGame, solver: &mut Requests) -> RouteTask {
    game.request_hint(0.0, solver);
    let (_, task) = solver.take();
    task.get::<RouteTask>().unwrap().clone()
}

#[test]
fn the_worker_is_asked_for_the_algorithm_and_weight_chosen_and_they_travel() {
    let mut game = maze();
    let mut solver = Requests::default();
    game.set_walk(Walk::Eight, &mut solver).unwrap();
    game.set_search(Algorithm::Jps, 2.5, &mut solver).unwrap();
    let task = asked(&mut game, &mut solver);
    assert_eq!((task.algorithm, task.weight), (Algorithm::Jps, 2.5));
    // A weighted search proves nothing: its route is the best it gives.
    assert!(!task.proves_shortest());
    let message = ToWorker::Solve {
        id: 7,
        task: slide::app::workers::Task::new(task.clone()),
        aim: Aim::Best,
    };
    let record: Record = message.to_record();
    assert_eq!(ToWorker::from_record(&record).unwrap(), message);
    let answer = solve_task(&slide::app::workers::Task::new(task));
    assert!(answer.get::<RouteAnswer>().unwrap().found.is_some());
}

#[test]
fn a_message_from_an_older_page_without_algorithm_or_weight_asks_for_a_star() {
    let mut game = maze();
    let mut solver = Requests::default();
    let task = asked(&mut game, &mut solver);
    let message = ToWorker::Solve {
        id: 3,
        task: slide::app::workers::Task::new(task),
        aim: Aim::Best,
    };
    let mut record = message.to_record();
    record
        .fields
        .retain(|(name, _)| name != "algorithm" && name != "weight");
    let ToWorker::Solve { task, .. } = ToWorker::from_record(&record).unwrap() else {
        panic!("a solve message");
    };
    let task = task.get::<RouteTask>().unwrap();
    assert_eq!((task.algorithm, task.weight), (Algorithm::AStar, 1.0));
    assert!(task.proves_shortest());
}

#[test]
fn a_message_asking_jump_point_search_four_ways_is_refused_with_the_reason() {
    let mut game = maze();
    let mut solver = Requests::default();
    assert_eq!(game.game().walk(), Walk::Four);
    let task = asked(&mut game, &mut solver);
    let mut record = ToWorker::Solve {
        id: 3,
        task: slide::app::workers::Task::new(task),
        aim: Aim::Best,
    }
    .to_record();
    for (name, value) in &mut record.fields {
        if name == "algorithm" {
            *value = slide::app::workers::record::Value::Text("jps".into());
        }
    }
    let error = ToWorker::from_record(&record).unwrap_err();
    assert!(error.contains("needs 8-connected moves"), "{error}");
}

#[test]
fn jump_point_search_is_refused_four_ways_and_walking_four_ways_leaves_it_for_a_star() {
    let mut game = maze();
    let mut solver = Requests::default();
    let error = game
        .set_search(Algorithm::JpsPlus, 1.0, &mut solver)
        .unwrap_err();
    assert_eq!(error, "JPS+ (precomputed) needs 8-connected moves");
    assert_eq!(game.game().algorithm(), Algorithm::AStar);
    game.set_walk(Walk::Eight, &mut solver).unwrap();
    game.set_search(Algorithm::Jps, 1.0, &mut solver).unwrap();
    game.set_walk(Walk::Four, &mut solver).unwrap();
    assert_eq!(game.game().algorithm(), Algorithm::AStar);
}

#[test]
fn theta_star_walks_at_any_angle_and_another_search_there_walks_eight_ways() {
    let mut game = maze();
    let mut solver = Requests::default();
    game.set_search(Algorithm::Theta, 1.0, &mut solver).unwrap();
    assert_eq!(game.game().walk(), Walk::AnyAngle);
    game.set_search(Algorithm::Dijkstra, 1.0, &mut solver)
        .unwrap();
    assert_eq!(game.game().walk(), Walk::Eight);
    assert_eq!(game.game().algorithm(), Algorithm::Dijkstra);
    game.set_walk(Walk::AnyAngle, &mut solver).unwrap();
    assert_eq!(game.game().algorithm(), Algorithm::Theta);
    game.set_walk(Walk::Eight, &mut solver).unwrap();
    assert_eq!(game.game().algorithm(), Algorithm::AStar);
}

#[test]
fn weights_outside_one_to_the_most_are_refused_and_waypoints_search_by_a_star() {
    let mut game = maze();
    let mut solver = Requests::default();
    for weight in [0.5, MAX_WEIGHT + 1.0, f64::NAN] {
        let error = game
            .set_search(Algorithm::AStar, weight, &mut solver)
            .unwrap_err();
        assert!(
            error.starts_with("the weight must be from 1 to 10"),
            "{error}"
        );
    }
    let mut office = RouteGame::on_map(Map::office());
    let error = office
        .set_search(Algorithm::Bfs, 1.0, &mut solver)
        .unwrap_err();
    assert!(
        error.starts_with("on waypoints the search is A*"),
        "{error}"
    );
}

#[test]
fn saves_carry_the_algorithm_and_weight_and_refuse_a_pair_that_cannot_be_walked() {
    let mut game = maze();
    let mut solver = Requests::default();
    game.set_walk(Walk::Eight, &mut solver).unwrap();
    game.set_heuristic(Heuristic::Chebyshev, &mut solver);
    game.set_search(Algorithm::Jps, 1.5, &mut solver).unwrap();
    let rules = game.game().write_rules().unwrap();
    assert!(rules.contains(":8:chebyshev,jps,1.5:"), "{rules}");
    let back = RouteFinding::read_rules(&rules).unwrap();
    assert_eq!(back.algorithm(), Algorithm::Jps);
    assert_eq!(back.weight(), 1.5);
    assert_eq!(back.heuristic(), Heuristic::Chebyshev);
    let restored = RouteGame::restore(&game.save(0.0), 0.0).unwrap();
    assert_eq!(restored.game().algorithm(), Algorithm::Jps);

    for (bad, why) in [
        (rules.replace(":8:", ":4:"), "needs 8-connected moves"),
        (
            rules.replace("jps,1.5", "jps,99"),
            "the weight must be from 1",
        ),
        (rules.replace("jps,1.5", "teleport,1"), "is not a search"),
        (rules.replace("jps,1.5", "jps"), "is not a search"),
        (rules.replace("jps,1.5", "jps,heavy"), "is not a weight"),
    ] {
        let error = RouteFinding::read_rules(&bad).unwrap_err();
        assert!(error.contains(why), "{bad}: {error}");
    }
}

#[test]
fn a_new_map_keeps_the_search_chosen_where_its_walk_allows_it() {
    let mut game = maze();
    let mut solver = Requests::default();
    game.set_search(Algorithm::BestFirst, 3.0, &mut solver)
        .unwrap();
    game.load_map(Map::maze(20, 20, 2).unwrap(), &mut solver);
    assert_eq!(
        (game.game().algorithm(), game.game().weight()),
        (Algorithm::BestFirst, 3.0)
    );
    game.new_blank(64, &mut solver).unwrap();
    assert_eq!(game.game().walk(), Walk::Four);
    assert_eq!(game.game().algorithm(), Algorithm::BestFirst);
}

#[test]
fn a_link_asks_for_a_search_and_one_that_cannot_be_run_is_refused_with_a_sentence() {
    let maze = Map::maze(10, 10, 5).unwrap();
    let eight = RouteFinding::new(maze.clone(), Walk::Eight);
    let (rules, note) = eight.searching_as_linked(Some("jps-plus"), Some("2"));
    assert_eq!(note, None);
    assert_eq!(
        (rules.algorithm(), rules.weight()),
        (Algorithm::JpsPlus, 2.0)
    );

    let four = RouteFinding::new(maze, Walk::Four);
    let (rules, note) = four.searching_as_linked(Some("jps"), None);
    assert_eq!(rules.algorithm(), Algorithm::AStar);
    assert_eq!(
        note.unwrap(),
        "The link's search cannot be run: Jump point search needs 8-connected moves; searching with A* instead."
    );
    let (_, note) = four.searching_as_linked(Some("teleport"), None);
    assert!(note
        .unwrap()
        .contains("there is no search called 'teleport' (there are 'astar', 'jps'"));
    let (_, note) = four.searching_as_linked(None, Some("11"));
    assert!(note
        .unwrap()
        .contains("the weight must be from 1 to 10, not 11"));
    let (same, note) = four.searching_as_linked(None, None);
    assert_eq!((same.algorithm(), note), (Algorithm::AStar, None));
}

#[test]
fn the_rule_at_walls_shown_follows_the_walk_and_waypoints_have_none() {
    assert_eq!(Walk::Waypoints.corner_rule(), None);
    assert_eq!(
        Walk::Eight.corner_rule(),
        Some("Diagonal steps never cut a wall's corner.")
    );
    assert!(Walk::Four.corner_rule().unwrap().contains("no diagonals"));
    assert!(Walk::AnyAngle.corner_rule().unwrap().contains("corner"));
    // Each says what the grid does: eight ways, no step between two walls
    // that touch at a corner.
    let grid = slide::route::Grid::new(2, 2, vec![true, false, false, true]).unwrap();
    let mut steps = Vec::new();
    grid.each_step((0, 0), true, |to, _| steps.push(to));
    assert!(steps.is_empty(), "no diagonal past a wall's corner");
}
