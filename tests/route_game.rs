//! Route finding as the page plays it: legs walked by clicks, keys and
//! swipes, the score against the shortest route, hints and the revealed
//! search, the waypoint editor, start and goal, with the solver's engine
//! and no page.
// Natively only: the shared test helpers answer through the engine there.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use common::{answered, press, solve_task, Requests};
use slide::app::game::Game;
use slide::app::route::solving::{RouteAnswer, RouteTask};
use slide::app::route::{
    steps_in_words, Leg, Map, Mode, RouteError, RouteFinding, RouteGame, Walk,
};
use slide::app::workers::job::Aim;
use slide::app::workers::protocol::{FromWorker, ToWorker};
use slide::app::workers::record::Record;
use slide::app::workers::Answer;
use slide::app::Play;
use slide::route::{parse_nodes, Grid, Heuristic};

/// Where a place is drawn, in CSS pixels on the game's layout.
fn css_of(game: &RouteGame, place: u32) -> (f64, f64) {
    let (x, y) = game.game().point(place);
    let grid = game.grid();
    (
        x * grid.width / game.game().map().width() as f64,
        y * grid.height / game.game().map().height() as f64,
    )
}

fn tap(game: &mut RouteGame, place: u32, solver: &mut Requests) {
    let (x, y) = css_of(game, place);
    game.pointer_down(x, y);
    game.pointer_up(x + 1.0, y, 0.0, solver);
}

fn office() -> RouteGame {
    let mut game = RouteGame::on_map(Map::office());
    game.fit(640.0, 400.0);
    game
}

fn maze(wide: usize, seed: u64) -> RouteGame {
    let mut game = RouteGame::on_map(Map::maze(wide, wide, seed).unwrap());
    game.fit(600.0, 600.0);
    game
}

/// Answers the newest request through a worker's engine.
fn answer(game: &mut RouteGame, solver: &mut Requests, now: f64) -> Answer {
    let (id, task) = solver.take();
    let answer = solve_task(&task);
    game.receive(&answered(id, answer.clone(), 12.0), now);
    answer
}

#[test]
fn walking_the_office_by_clicks_along_the_shortest_route_scores_the_shortest() {
    let mut game = office();
    let mut solver = Requests::default();
    assert_eq!(game.game().walk(), Walk::Waypoints);
    let shortest = game
        .game()
        .shortest()
        .expect("the office has a route")
        .clone();
    for &place in &shortest.places[1..] {
        tap(&mut game, place, &mut solver);
    }
    assert!(game.is_won());
    assert!((game.state().travelled() - shortest.distance).abs() < 1e-6);
    let status = game.status(1000.0);
    let solved = status.solved.expect("the goal is celebrated");
    assert!(
        solved.contains(&format!("Your route: {:.1}", shortest.distance)),
        "{solved}"
    );
    assert!(
        solved.contains(&format!("shortest: {:.1}", shortest.distance)),
        "{solved}"
    );
    assert!(solved.contains("the shortest!"), "{solved}");
    assert_eq!(
        status.moves,
        format!("Moves: {}", shortest.places.len() - 1)
    );
}

#[test]
fn a_leg_to_a_waypoint_not_joined_is_refused_with_the_reason_and_undo_takes_legs_back() {
    let mut game = office();
    let mut solver = Requests::default();
    let rules = game.game().clone();
    let graph = rules.map().waypoints.clone().unwrap();
    let start = rules.start_place();
    let apart = (0..graph.len() as u32)
        .find(|&p| p != start && !graph.neighbours(start as usize).contains(&(p as usize)))
        .expect("a waypoint not joined to the start");
    tap(&mut game, apart, &mut solver);
    assert_eq!(game.moves(), 0);
    assert!(
        game.message().contains("is not connected to waypoint"),
        "{}",
        game.message()
    );
    let next = graph.neighbours(start as usize)[0] as u32;
    tap(&mut game, next, &mut solver);
    assert_eq!(game.state().place(), next);
    assert!(game.state().travelled() > 0.0);
    assert!(game.undo(0.0));
    assert_eq!(game.state().place(), start);
    assert_eq!(game.state().travelled(), 0.0);
    assert_eq!(
        rules.apply(&rules.start(), Leg { to: start }),
        Err(RouteError::AlreadyThere)
    );
}

#[test]
fn arrow_keys_walk_a_maze_corridor_by_corridor_to_its_goal() {
    let mut game = maze(8, 11);
    let mut solver = Requests::default();
    assert_eq!(game.game().walk(), Walk::Four);
    let rules = game.game().clone();
    let width = rules.map().width() as u32;
    let shortest = rules
        .shortest()
        .expect("a perfect maze has a route")
        .clone();
    // Follow the shortest route's steps: each press runs one corridor, and
    // in a perfect maze the shortest route is the only one.
    let mut presses = 0;
    while !game.is_won() {
        let at = game.state().place();
        let i = shortest
            .places
            .iter()
            .position(|&p| p == at)
            .expect("on the route");
        let next = shortest.places[i + 1];
        let key = match next as i64 - at as i64 {
            1 => "ArrowRight",
            -1 => "ArrowLeft",
            d if d == width as i64 => "ArrowDown",
            _ => "ArrowUp",
        };
        assert!(press(&mut game, key, &mut solver));
        presses += 1;
        assert!(
            presses < shortest.places.len(),
            "a press walks at least one step"
        );
    }
    assert!((game.state().travelled() - shortest.distance).abs() < 1e-9);
    assert!(presses < shortest.places.len() / 2, "{presses} presses");
}

#[test]
fn with_four_moves_a_leg_runs_along_a_row_or_a_column_past_no_wall() {
    let open = vec![true; 10 * 10];
    let mut walls = open.clone();
    walls[5 * 10 + 5] = false;
    let map = Map::image("walls.png", Grid::new(10, 10, walls).unwrap()).unwrap();
    let rules = RouteFinding::new(map, Walk::Four);
    let start = rules.start();
    let place = |x: u32, y: u32| y * 10 + x;
    assert_eq!(start.place(), place(0, 0));
    let right = rules.apply(&start, Leg { to: place(7, 0) }).unwrap();
    assert_eq!(right.travelled(), 7.0);
    assert!(matches!(
        rules.apply(&start, Leg { to: place(3, 4) }),
        Err(RouteError::NotStraight(Walk::Four))
    ));
    let down = rules.apply(&start, Leg { to: place(0, 5) }).unwrap();
    assert_eq!(
        rules.apply(&down, Leg { to: place(9, 5) }),
        Err(RouteError::Blocked)
    );
    assert_eq!(
        rules.apply(&down, Leg { to: place(5, 5) }),
        Err(RouteError::Wall)
    );
    let eight = RouteFinding::new(rules.map().clone(), Walk::Eight);
    let diagonal = eight
        .apply(&eight.start(), Leg { to: place(4, 4) })
        .unwrap();
    assert!((diagonal.travelled() - 4.0 * 2f64.sqrt()).abs() < 1e-9);
    assert_eq!(
        eight.apply(&eight.start(), Leg { to: place(9, 9) }),
        Err(RouteError::Blocked)
    );
}

#[test]
fn solve_asks_the_worker_reveals_the_search_then_walks_the_route() {
    let mut game = maze(10, 3);
    let mut solver = Requests::default();
    game.set_speed(30.0);
    game.request_solve(0.0, &mut solver);
    assert!(game.is_searching());
    let answer = answer(&mut game, &mut solver, 100.0);
    let Some(RouteAnswer {
        found: Some(found),
        optimal: true,
    }) = answer.get()
    else {
        panic!("a proven shortest route: {answer:?}");
    };
    let shown = game.shown().expect("the answer is kept to be shown");
    assert_eq!(shown.progress(100.0), 0.0);
    assert_eq!(found.trace.len() as u64, found.expanded);
    assert!(shown.reveal_ms > 0.0, "the search is revealed first");
    let route = game.known_route().expect("the route is known");
    assert_eq!(route.first(), Some(&game.state().place()));
    let mut now = 100.0;
    while !game.is_won() && now < 120_000.0 {
        now += 20.0;
        game.tick(now);
    }
    assert!(game.is_won());
    assert!((game.state().travelled() - found.distance).abs() < 1e-9);
    let solved = game.status(now).solved.unwrap();
    assert!(solved.contains("the shortest!"), "{solved}");
}

#[test]
fn hint_shows_the_next_leg_from_where_the_walker_stands() {
    let mut game = office();
    let mut solver = Requests::default();
    let first = game.game().map().waypoints.clone().unwrap().neighbours(0)[0] as u32;
    tap(&mut game, first, &mut solver);
    game.request_hint(0.0, &mut solver);
    let (_, task) = {
        let (id, task) = solver.take();
        let answer = solve_task(&task);
        game.receive(&answered(id, answer, 5.0), 5.0);
        (id, task)
    };
    let Some(task) = task.get::<RouteTask>() else {
        panic!("a route task");
    };
    assert_eq!(
        task.from, first,
        "the hint is asked from where the walker stands"
    );
    let hint = game.hint().expect("a hint");
    let message = game.message();
    assert!(
        message.starts_with(&format!("Hint: walk to waypoint {} — ", hint.mv.to)),
        "{message}"
    );
    assert!(message.contains("to the goal"));
    // Following it is legal.
    tap(&mut game, hint.mv.to, &mut solver);
    assert_eq!(game.state().place(), hint.mv.to);
}

#[test]
fn the_waypoint_editor_adds_joins_moves_and_deletes_waypoints() {
    let mut game = office();
    let mut solver = Requests::default();
    let count = game.game().map().waypoints.as_ref().unwrap().len();
    game.set_mode(Mode::Edit, &mut solver);
    assert!(game.message().starts_with("Editing waypoints"));
    // A tap on open floor beside the start adds a waypoint joined to
    // nothing (none selected); a tap on the start then the new one joins them.
    // Open floor 30 to 40 pixels from the start, in its sight.
    let start = game.game().point(0);
    let map = game.game().map().grid.clone();
    let beside = (0..360)
        .flat_map(|deg| [30.0, 35.0, 40.0].map(|r| (deg, r)))
        .map(|(deg, r): (i32, f64)| {
            let a = f64::from(deg).to_radians();
            (
                (start.0 + r * a.cos()).floor() + 0.5,
                (start.1 + r * a.sin()).floor() + 0.5,
            )
        })
        .find(|&(x, y)| {
            let pixel = (x as usize, y as usize);
            map.is_walkable(pixel) && map.line_of_sight((start.0 as usize, start.1 as usize), pixel)
        })
        .expect("open floor near the start");
    let grid = *game.grid();
    let css = |p: (f64, f64), game: &RouteGame| {
        (
            p.0 * grid.width / game.game().map().width() as f64,
            p.1 * grid.height / game.game().map().height() as f64,
        )
    };
    let (x, y) = css(beside, &game);
    game.pointer_down(x, y);
    game.pointer_up(x, y, 0.0, &mut solver);
    let graph = game.game().map().waypoints.clone().unwrap();
    assert_eq!(graph.len(), count + 1);
    assert_eq!(game.ui().selected, Some(count));
    tap(&mut game, 0, &mut solver);
    let graph = game.game().map().waypoints.clone().unwrap();
    assert!(graph.neighbours(0).contains(&count), "joined to the start");
    // Dragging it moves it.
    let (x0, y0) = css(beside, &game);
    game.pointer_down(x0, y0);
    game.pointer_up(x0, y0 - 20.0, 0.0, &mut solver);
    let moved = game.game().map().waypoints.clone().unwrap().point(count);
    assert!(moved.y < beside.1 - 5.0, "{moved:?}: {}", game.message());
    // The start cannot be deleted; the new waypoint can.
    game.ui_mut().selected = Some(0);
    assert!(press(&mut game, "Delete", &mut solver));
    assert!(game.message().contains("cannot be deleted"));
    game.ui_mut().selected = Some(count);
    assert!(press(&mut game, "Delete", &mut solver));
    assert_eq!(game.game().map().waypoints.as_ref().unwrap().len(), count);
    // Export: the start first, the goal last, and it reads back.
    let text = game.game().export_nodes().unwrap();
    let read = parse_nodes(&text).unwrap();
    assert_eq!(read.len(), count);
    let mut copy = office();
    copy.load_nodes(&text, &mut solver).unwrap();
    assert_eq!(
        copy.game().shortest().map(|f| f.distance),
        game.game().shortest().map(|f| f.distance)
    );
    let error = copy.load_nodes("10 10 1\n", &mut solver).unwrap_err();
    assert!(error.contains("at least two waypoints"), "{error}");
}

#[test]
fn setting_the_start_and_goal_restarts_the_walk_between_them() {
    let mut game = maze(6, 2);
    let mut solver = Requests::default();
    press(&mut game, "ArrowRight", &mut solver);
    assert!(game.moves() > 0 || game.message().contains("wall"));
    game.set_mode(Mode::SetGoal, &mut solver);
    assert_eq!(game.message(), "Click where the route should end.");
    // The maze cell (3, 3) is at pixel (7, 7).
    let rules = game.game().clone();
    let goal = 7 * rules.map().width() as u32 + 7;
    tap(&mut game, goal, &mut solver);
    assert_eq!(game.ui().mode, Mode::Walk);
    assert_eq!(game.moves(), 0);
    assert_eq!(game.game().ends().goal, (7, 7));
    assert_eq!(game.game().goal_place(), goal);
    // On a wall, refused.
    game.set_mode(Mode::SetStart, &mut solver);
    tap(&mut game, 0, &mut solver);
    assert!(
        game.message().contains("not on a wall"),
        "{}",
        game.message()
    );
    assert_eq!(game.ui().mode, Mode::SetStart);
}

#[test]
fn walks_written_as_text_read_back_and_bad_ones_are_refused() {
    let game = office();
    let rules = game.game().clone();
    let shortest = rules.shortest().unwrap().clone();
    let mut walker = rules.start();
    for &place in &shortest.places[1..] {
        walker = rules.apply(&walker, Leg { to: place }).unwrap();
    }
    let text = rules.format_position(&walker);
    assert_eq!(rules.parse_position(&text).unwrap(), walker);
    assert!(rules.parse_position("").is_err());
    assert!(rules
        .parse_position("zero")
        .unwrap_err()
        .contains("not a place"));
    let last = shortest.places.last().unwrap();
    let error = rules
        .parse_position(&format!("{} {last}", shortest.places[0]))
        .unwrap_err();
    assert!(error.starts_with("leg 1:"), "{error}");
}

#[test]
fn estimates_and_moves_change_what_the_worker_is_asked_and_whether_it_proves_shortest() {
    let mut game = maze(6, 9);
    let mut solver = Requests::default();
    game.set_walk(Walk::Eight, &mut solver).unwrap();
    assert_eq!(game.game().heuristic(), Heuristic::Octile);
    game.set_heuristic(Heuristic::Manhattan, &mut solver);
    game.request_hint(0.0, &mut solver);
    let (_, task) = solver.take();
    let Some(route) = task.get::<RouteTask>() else {
        panic!("a route task");
    };
    assert_eq!(route.heuristic, Heuristic::Manhattan);
    assert!(
        !route.proves_shortest(),
        "Manhattan overestimates diagonals"
    );
    let error = game.set_walk(Walk::Waypoints, &mut solver).unwrap_err();
    assert!(error.contains("no waypoints"), "{error}");
    // The task and its answer travel to a worker and back unchanged.
    let message = ToWorker::Solve {
        id: 4,
        task: task.clone(),
        aim: Aim::Best,
    };
    let record: Record = message.to_record();
    assert_eq!(ToWorker::from_record(&record).unwrap(), message);
    let answer = solve_task(&task);
    let reply = FromWorker::Answer {
        id: 4,
        answer,
        expanded: 10,
        lower_bound: 0,
        elapsed_ms: 3.0,
        memory_bytes: 0.0,
    };
    assert_eq!(FromWorker::from_record(&reply.to_record()).unwrap(), reply);
}

#[test]
fn an_image_with_fewer_than_two_light_pixels_is_refused() {
    let dark = Grid::new(4, 4, vec![false; 16]).unwrap();
    let error = Map::image("night.png", dark).unwrap_err();
    assert!(error.contains("fewer than two light pixels"), "{error}");
}

#[test]
fn enter_sets_the_goal_where_the_walker_stands_without_a_pointer() {
    let mut game = maze(6, 4);
    let mut solver = Requests::default();
    let start = game.state().place();
    press(&mut game, "ArrowDown", &mut solver);
    if game.state().place() == start {
        press(&mut game, "ArrowRight", &mut solver);
    }
    let here = game.state().place();
    assert_ne!(here, start, "one of the two ways from the corner is open");
    game.set_mode(Mode::SetGoal, &mut solver);
    assert!(press(&mut game, "Enter", &mut solver));
    assert_eq!(game.game().goal_place(), here);
    assert_eq!(game.moves(), 0, "a new walk from the start");
    assert_eq!(game.ui().mode, Mode::Walk);
}

#[test]
fn a_hint_on_a_maze_says_how_many_steps_and_which_way_not_pixel_coordinates() {
    let mut game = maze(8, 3);
    let mut solver = Requests::default();
    assert_eq!(game.game().walk(), Walk::Four);
    game.request_hint(0.0, &mut solver);
    answer(&mut game, &mut solver, 5.0);
    let hint = game.hint().expect("a hint");
    let message = game.message();
    let from = game.state().place();
    let width = game.game().map().width() as i64;
    let (across, down) = (
        i64::from(hint.mv.to) % width - i64::from(from) % width,
        i64::from(hint.mv.to) / width - i64::from(from) / width,
    );
    assert!(
        message.starts_with(&format!("Hint: {} — ", steps_in_words(across, down))),
        "{message}"
    );
    assert!(!message.contains('('), "no coordinates: {message}");
    assert!(
        message.ends_with(&format!(
            " {} to the goal",
            if hint.remaining == 1 { "leg" } else { "legs" }
        )),
        "{message}"
    );
    // A leg on a maze runs along a row or a column.
    assert!(across == 0 || down == 0);
    assert!(message.contains(" steps ") || message.contains(" step "));
}

#[test]
fn steps_are_worded_by_count_and_direction() {
    assert_eq!(steps_in_words(3, 0), "3 steps right");
    assert_eq!(steps_in_words(0, -1), "1 step up");
    assert_eq!(steps_in_words(0, 4), "4 steps down");
    assert_eq!(steps_in_words(-2, -2), "2 steps up and left");
    assert_eq!(
        steps_in_words(5, 2),
        "5 steps right and 2 down, in a straight line"
    );
}

#[test]
fn an_any_angle_route_is_never_called_the_shortest_since_that_search_does_not_prove_it() {
    let rules = RouteFinding::new(Map::maze(8, 8, 3).unwrap(), Walk::AnyAngle);
    assert!(!rules.shortest_is_proven());
    let found = rules.shortest().expect("the maze has a route").clone();
    let text: Vec<String> = found
        .places
        .iter()
        .map(|&place| {
            let (x, y) = rules.point(place);
            format!("{},{}", x.floor(), y.floor())
        })
        .collect();
    let walker = rules.parse_position(&text.join(" ")).unwrap();
    assert!((walker.travelled() - found.distance).abs() < 1e-6);
    let won = rules.won_text(&walker, (found.places.len() - 1) as u32, "0:09");
    assert!(!won.contains("shortest"), "{won}");
    assert!(won.contains("the search's best:"), "{won}");
    assert!(won.ends_with("— as short as the search's!"), "{won}");
    // Walking on rows and columns, the search is proven: "the shortest".
    let four = RouteFinding::new(Map::maze(8, 8, 3).unwrap(), Walk::Four);
    assert!(four.shortest_is_proven());
    let found = four.shortest().unwrap().clone();
    let text: Vec<String> = found
        .places
        .iter()
        .map(|&place| {
            let (x, y) = four.point(place);
            format!("{},{}", x.floor(), y.floor())
        })
        .collect();
    let walker = four.parse_position(&text.join(" ")).unwrap();
    let won = four.won_text(&walker, 3, "0:09");
    assert!(won.ends_with("— the shortest!"), "{won}");
}
