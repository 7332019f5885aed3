//! Route searches run in slices, as the page's worker runs them: the same
//! answers however they are sliced, progress between slices, the places
//! expanded in order, and the resumable searches underneath (A*, Lazy
//! Theta*) agreeing with the ones that run to the end in one go.
mod common;

use std::sync::Arc;

use slide::route::grid::path_length;
use slide::route::{
    maze, parse_nodes, Found, Grid, Heuristic, Moves, Pixel, RouteSearch, RouteStep, Waypoints,
};
use slide::search::{
    astar, theta_star, weighted_astar, AnyAngle, AnyAngleStep, BestFirst, Problem, Solution, Step,
    Successor, ThetaStar, Unlimited,
};

const FLOOR_PLAN: &str = include_str!("instances/floorplan_nodes.dat");

/// The slice sizes tried, and one run to the end.
const SLICES: [u64; 3] = [1, 7, 1000];
const TO_THE_END: u64 = u64::MAX;

/// Runs `search` to its end in slices of `slice` expansions, checking that
/// each slice but the last expands at least one place and at most `slice`,
/// and that `expanded()` says so; the answer and how many slices it took.
fn run_in_slices(mut search: RouteSearch, slice: u64) -> (Option<Found>, usize) {
    let mut slices = 0;
    loop {
        let before = search.expanded();
        slices += 1;
        match search.run(slice) {
            RouteStep::Running => {
                let done = search.expanded() - before;
                assert!(
                    (1..=slice).contains(&done),
                    "a slice of {slice} expanded {done}"
                );
            }
            RouteStep::Done(found) => {
                if let Some(found) = &found {
                    assert_eq!(search.expanded(), found.expanded);
                }
                return (found, slices);
            }
        }
    }
}

/// The grid searches compared: every kind of moves with its estimate, and
/// 8-connected with Manhattan (which can overestimate, so pixels may be
/// expanded again) and with none.
const GRID_SEARCHES: [(Moves, Heuristic); 5] = [
    (Moves::Four, Heuristic::Manhattan),
    (Moves::Eight, Heuristic::Octile),
    (Moves::Eight, Heuristic::Manhattan),
    (Moves::Eight, Heuristic::Zero),
    (Moves::AnyAngle, Heuristic::Euclidean),
];

/// Random maps and a maze, shared.
fn grids() -> Vec<(Arc<Grid>, Pixel, Pixel)> {
    let made = maze(15, 10, 4).unwrap();
    let mut grids: Vec<_> = common::random_maps(41, 40, 30, 40)
        .into_iter()
        .map(|(grid, from, to)| (Arc::new(grid), from, to))
        .collect();
    grids.push((Arc::new(made.grid), made.start, made.goal));
    grids
}

fn grid_search(
    grid: &Arc<Grid>,
    from: Pixel,
    to: Pixel,
    moves: Moves,
    h: Heuristic,
) -> RouteSearch {
    RouteSearch::grid(grid.clone(), from, to, moves, h).unwrap()
}

#[test]
fn a_grid_search_run_in_slices_of_1_7_and_1000_finds_what_one_run_to_the_end_finds() {
    for (grid, from, to) in grids() {
        for (moves, heuristic) in GRID_SEARCHES {
            let search = || grid_search(&grid, from, to, moves, heuristic);
            let (whole, _) = run_in_slices(search(), TO_THE_END);
            for slice in SLICES {
                let (sliced, slices) = run_in_slices(search(), slice);
                assert_eq!(
                    sliced, whole,
                    "{moves:?} {heuristic:?} in slices of {slice}"
                );
                // As many slices as the expansions need, and at most one
                // more to take the goal off the open list.
                if let Some(found) = &whole {
                    let slices = slices as u64;
                    assert!(slices >= found.expanded.div_ceil(slice));
                    assert!(slices <= found.expanded / slice + 1);
                }
            }
        }
    }
}

#[test]
fn a_grid_search_in_slices_finds_the_route_grid_shortest_finds() {
    for (grid, from, to) in grids() {
        for (moves, heuristic) in GRID_SEARCHES {
            let (found, _) = run_in_slices(grid_search(&grid, from, to, moves, heuristic), 7);
            let route = grid.shortest(from, to, moves, heuristic).unwrap();
            let (Some(found), Some(route)) = (&found, &route) else {
                assert_eq!(found.is_none(), route.is_none());
                continue;
            };
            let places: Vec<u32> = route
                .pixels
                .iter()
                .map(|&(x, y)| (y * grid.width() + x) as u32)
                .collect();
            assert_eq!(found.places, places);
            assert_eq!(found.distance, route.distance);
            assert_eq!(found.expanded, route.expanded);
        }
    }
}

#[test]
fn the_trace_has_one_entry_an_expansion_starts_at_the_start_and_stays_on_walkable_pixels() {
    for (grid, from, to) in grids() {
        for (moves, heuristic) in GRID_SEARCHES {
            let (found, _) = run_in_slices(grid_search(&grid, from, to, moves, heuristic), 7);
            let Some(found) = found else {
                continue;
            };
            assert_eq!(found.trace.len() as u64, found.expanded);
            // The goal is taken off the open list, not expanded: a walk to
            // the start itself expands nothing.
            if from == to {
                assert!(found.trace.is_empty());
                continue;
            }
            assert_eq!(
                found.trace.expanded[0] as usize,
                from.1 * grid.width() + from.0
            );
            for &place in &found.trace.expanded {
                let pixel = (place as usize % grid.width(), place as usize / grid.width());
                assert!(grid.is_walkable(pixel), "{pixel:?} expanded on a wall");
                assert_ne!(pixel, to, "the goal expanded");
            }
            // With estimates that never overestimate, as with Lazy
            // Theta* (which never reopens), each pixel is expanded once.
            if heuristic != Heuristic::Manhattan || moves == Moves::Four {
                let mut seen = vec![false; grid.width() * grid.height()];
                for &place in &found.trace.expanded {
                    assert!(!seen[place as usize], "pixel {place} expanded twice");
                    seen[place as usize] = true;
                }
            }
        }
    }
}

#[test]
fn a_search_that_walls_part_from_the_goal_ends_with_none_and_its_count() {
    let grid = Arc::new(Grid::new(5, 1, vec![true, true, false, true, true]).unwrap());
    for (moves, heuristic) in GRID_SEARCHES {
        let mut search = grid_search(&grid, (0, 0), (4, 0), moves, heuristic);
        assert_eq!(search.run(1), RouteStep::Running);
        assert_eq!(search.expanded(), 1);
        assert_eq!(search.run(1000), RouteStep::Done(None));
        assert_eq!(search.expanded(), 2);
    }
}

#[test]
fn a_start_or_goal_that_cannot_be_stood_on_is_refused_with_the_reason() {
    let grid = Arc::new(Grid::new(3, 2, vec![true, true, false, true, true, true]).unwrap());
    let refused = |from, to| {
        RouteSearch::grid(grid.clone(), from, to, Moves::Eight, Heuristic::Octile)
            .err()
            .unwrap()
    };
    assert_eq!(
        refused((5, 0), (0, 0)),
        "the start (5, 0) is off the map, which is 3 x 2 pixels"
    );
    assert_eq!(refused((0, 0), (2, 0)), "the goal (2, 0) is on a wall");
    let plan = Arc::new(parse_nodes(FLOOR_PLAN).unwrap());
    let refused = |from, to| {
        RouteSearch::waypoints(plan.clone(), from, to, Heuristic::Euclidean)
            .err()
            .unwrap()
    };
    assert_eq!(
        refused(10, 0),
        "the start is waypoint 10, but there are only 10"
    );
    assert_eq!(
        refused(0, 12),
        "the goal is waypoint 12, but there are only 10"
    );
}

const HEURISTICS: [Heuristic; 4] = [
    Heuristic::Euclidean,
    Heuristic::Zero,
    Heuristic::Manhattan,
    Heuristic::Octile,
];

/// Random graphs and the floor plan, shared.
fn graphs() -> Vec<(Arc<Waypoints>, usize, usize)> {
    let plan = parse_nodes(FLOOR_PLAN).unwrap();
    let last = plan.len() - 1;
    let mut graphs: Vec<_> = common::random_graphs(43, 100, 40)
        .into_iter()
        .map(|(graph, from, to)| (Arc::new(graph), from, to))
        .collect();
    graphs.push((Arc::new(plan), 0, last));
    graphs
}

#[test]
fn a_waypoint_search_run_in_slices_of_1_7_and_1000_finds_what_one_run_to_the_end_finds() {
    for (graph, from, to) in graphs() {
        for heuristic in HEURISTICS {
            let search = || RouteSearch::waypoints(graph.clone(), from, to, heuristic).unwrap();
            let (whole, _) = run_in_slices(search(), TO_THE_END);
            for slice in SLICES {
                let (sliced, _) = run_in_slices(search(), slice);
                assert_eq!(sliced, whole, "{heuristic:?} in slices of {slice}");
            }
            let Some(found) = whole else {
                continue;
            };
            assert_eq!(found.places.first(), Some(&(from as u32)));
            assert_eq!(found.places.last(), Some(&(to as u32)));
            let path: Vec<usize> = found.places.iter().map(|&i| i as usize).collect();
            assert_eq!(found.distance, graph.length(&path));
            assert_eq!(found.trace.len() as u64, found.expanded);
            if from != to {
                assert_eq!(found.trace.expanded[0], from as u32);
            }
            assert!(found
                .trace
                .expanded
                .iter()
                .all(|&i| (i as usize) < graph.len()));
        }
    }
}

#[test]
fn waypoints_searched_with_no_estimate_give_the_distance_the_straight_line_gives() {
    for (graph, from, to) in graphs() {
        let found = |heuristic| {
            run_in_slices(
                RouteSearch::waypoints(graph.clone(), from, to, heuristic).unwrap(),
                7,
            )
            .0
        };
        let euclidean = found(Heuristic::Euclidean);
        let zero = found(Heuristic::Zero);
        let (Some(euclidean), Some(zero)) = (euclidean.clone(), zero.clone()) else {
            assert_eq!(euclidean.is_none(), zero.is_none());
            continue;
        };
        // Equal but for ties between routes within the rounding of legs.
        let slack = 0.001 * (zero.places.len() + euclidean.places.len()) as f64;
        assert!(
            (zero.distance - euclidean.distance).abs() <= slack,
            "Dijkstra {} against the straight line {}",
            zero.distance,
            euclidean.distance
        );
        // No estimate, no guidance: never fewer expansions.
        assert!(zero.expanded >= euclidean.expanded);
        // The straight line is what Waypoints::shortest uses.
        let route = graph.shortest(from, to).unwrap();
        assert_eq!(euclidean.distance, route.distance);
        assert_eq!(euclidean.expanded, route.expanded);
        // Estimates that may overestimate never find a shorter route.
        for heuristic in [Heuristic::Manhattan, Heuristic::Octile] {
            let other = found(heuristic).expect("the same graph is connected");
            assert!(other.distance >= euclidean.distance - slack);
        }
    }
}

/// A grid as a search problem written here, apart from the library's:
/// straight steps cost 2 and diagonal ones 3, the estimate is the octile
/// distance in those units, and the states may be numbered densely or not
/// (then the search keeps them in a hash table).
struct Steps<'a> {
    grid: &'a Grid,
    goal: Pixel,
    diagonals: bool,
    dense: bool,
}

impl Problem for Steps<'_> {
    type State = Pixel;
    type Move = Pixel;

    fn heuristic(&self, &(x, y): &Pixel) -> u32 {
        let (dx, dy) = (x.abs_diff(self.goal.0), y.abs_diff(self.goal.1));
        if self.diagonals {
            (2 * dx.max(dy) + dx.min(dy)) as u32
        } else {
            (2 * (dx + dy)) as u32
        }
    }

    fn is_goal(&self, &pixel: &Pixel) -> bool {
        pixel == self.goal
    }

    fn successors(&self, &pixel: &Pixel, _: Option<Pixel>, out: &mut Vec<Successor<Pixel, Pixel>>) {
        self.grid
            .each_step(pixel, self.diagonals, |next, diagonal| {
                out.push(Successor {
                    mv: next,
                    state: next,
                    cost: if diagonal { 3 } else { 2 },
                });
            });
    }

    fn dense_states(&self) -> Option<usize> {
        self.dense.then_some(self.grid.width() * self.grid.height())
    }

    fn dense_index(&self, &(x, y): &Pixel) -> usize {
        y * self.grid.width() + x
    }
}

/// Runs `search` to its end in slices of `slice`: the solution, if any.
fn best_first_in_slices<P: Problem>(
    search: &mut BestFirst<P>,
    slice: u64,
) -> Option<Solution<P::Move>>
where
    P::State: Eq + std::hash::Hash,
{
    loop {
        let before = search.progress().expanded;
        match search.run(slice) {
            Step::Running => assert!(search.progress().expanded - before <= slice),
            Step::Found(solution) => return Some(solution),
            Step::Exhausted(_) => return None,
        }
    }
}

#[test]
fn the_resumable_astar_gives_the_same_solution_as_astar_on_random_grids() {
    for (grid, from, to) in common::random_maps(47, 60, 25, 40) {
        for (diagonals, dense) in [(false, true), (true, true), (true, false)] {
            let problem = Steps {
                grid: &grid,
                goal: to,
                diagonals,
                dense,
            };
            let whole = astar(&problem, from, &mut Unlimited).unwrap();
            let weighted = weighted_astar(&problem, from, 1.5, &mut Unlimited).unwrap();
            for slice in [1, 7, 1000, TO_THE_END] {
                let mut search = BestFirst::new(&problem, from, 1.0);
                assert_eq!(best_first_in_slices(&mut search, slice), whole);
                let mut search = BestFirst::new(&problem, from, 1.5);
                assert_eq!(best_first_in_slices(&mut search, slice), weighted);
            }
            // The trace: one entry an expansion, by dense index, for
            // problems that number their states; none for the others.
            let mut search = BestFirst::new(&problem, from, 1.0).with_trace();
            let solution = best_first_in_slices(&mut search, 7);
            let trace = search.take_trace();
            if !dense {
                assert_eq!(trace, None);
                continue;
            }
            let (Some(trace), Some(solution)) = (trace, solution) else {
                continue;
            };
            assert_eq!(trace.len() as u64, solution.expanded);
            if from != to {
                assert_eq!(trace.expanded[0] as usize, problem.dense_index(&from));
            }
        }
    }
}

#[test]
fn a_finished_search_stays_finished() {
    let grid = Grid::new(4, 1, vec![true; 4]).unwrap();
    let problem = Steps {
        grid: &grid,
        goal: (3, 0),
        diagonals: false,
        dense: true,
    };
    let mut search = BestFirst::new(&problem, (0, 0), 1.0);
    assert!(matches!(search.run(100), Step::Found(solution) if solution.cost == 6));
    assert_eq!(search.run(100), Step::Exhausted(u32::MAX));
    assert_eq!(search.progress().expanded, 3);
}

/// The same grid for any-angle routes, written here apart from the
/// library's: 8-connected neighbours, the grid's own lines of sight.
struct Sight<'a> {
    grid: &'a Grid,
    goal: Pixel,
}

impl AnyAngle for Sight<'_> {
    type Point = Pixel;

    fn points(&self) -> usize {
        self.grid.width() * self.grid.height()
    }

    fn index(&self, (x, y): Pixel) -> usize {
        y * self.grid.width() + x
    }

    fn point(&self, index: usize) -> Pixel {
        (index % self.grid.width(), index / self.grid.width())
    }

    fn neighbours(&self, pixel: Pixel, out: &mut Vec<Pixel>) {
        self.grid.each_step(pixel, true, |next, _| out.push(next));
    }

    fn line_of_sight(&self, a: Pixel, b: Pixel) -> bool {
        self.grid.line_of_sight(a, b)
    }

    fn distance(&self, a: Pixel, b: Pixel) -> f64 {
        path_length(&[a, b])
    }

    fn heuristic(&self, point: Pixel) -> f64 {
        path_length(&[point, self.goal])
    }

    fn is_goal(&self, point: Pixel) -> bool {
        point == self.goal
    }
}

#[test]
fn the_resumable_theta_star_gives_the_same_route_as_theta_star_on_random_grids() {
    for (grid, from, to) in common::random_maps(53, 60, 25, 40) {
        let sight = Sight {
            grid: &grid,
            goal: to,
        };
        let whole = theta_star(&sight, from, &mut Unlimited).unwrap();
        for slice in [1, 7, 1000, TO_THE_END] {
            let mut search = ThetaStar::new(&sight, from).with_trace();
            let path = loop {
                match search.run(slice) {
                    AnyAngleStep::Running => {}
                    AnyAngleStep::Found(path) => break Some(path),
                    AnyAngleStep::Exhausted => break None,
                }
            };
            assert_eq!(path, whole);
            let trace = search.take_trace().unwrap();
            assert_eq!(trace.len() as u64, search.progress().expanded);
            if let Some(path) = &path {
                assert_eq!(path.expanded, search.progress().expanded);
            }
            if from != to && !trace.is_empty() {
                assert_eq!(trace.expanded[0] as usize, sight.index(from));
            }
        }
    }
}
