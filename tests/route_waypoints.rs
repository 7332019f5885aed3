//! Route finding over waypoints: the nodes format read and refused with
//! reasons, and A* routes as short as Dijkstra's.
mod common;

use slide::route::{format_nodes, parse_nodes, Waypoints};

const FLOOR_PLAN: &str = include_str!("instances/floorplan_nodes.dat");

#[test]
fn the_floor_plans_shortest_route_runs_through_waypoints_3_4_7_and_8() {
    let plan = parse_nodes(FLOOR_PLAN).unwrap();
    assert_eq!(plan.len(), 10);
    let route = plan.shortest(0, plan.len() - 1).unwrap();
    assert_eq!(route.path, [0, 3, 4, 7, 8, 9]);
    // 103.94 + 49.24 + 85.00 + 19.03 + 65.30, worked out by hand.
    assert_eq!(format!("{:.2}", route.distance), "322.51");
    // The other ways are longer: left along the wall, or by waypoint 6.
    assert!(plan.length(&[0, 1, 2, 9]) > route.distance);
    assert!(plan.length(&[0, 6, 7, 8, 9]) > route.distance);
    assert!(plan.length(&[0, 3, 5, 7, 8, 9]) > route.distance);
}

/// Dijkstra's distances from `from`, in exact arithmetic's stead plain f64.
fn dijkstra(graph: &Waypoints, from: usize) -> Vec<f64> {
    let mut distance = vec![f64::INFINITY; graph.len()];
    let mut done = vec![false; graph.len()];
    distance[from] = 0.0;
    while let Some(at) = (0..graph.len())
        .filter(|&i| !done[i] && distance[i].is_finite())
        .min_by(|&a, &b| distance[a].total_cmp(&distance[b]))
    {
        done[at] = true;
        for &next in graph.neighbours(at) {
            let through = distance[at] + graph.point(at).distance(graph.point(next));
            if through < distance[next] {
                distance[next] = through;
            }
        }
    }
    distance
}

#[test]
fn routes_are_as_short_as_dijkstras_on_random_graphs_and_none_where_there_is_no_way() {
    for (graph, from, to) in common::random_graphs(5, 200, 25) {
        let expected = dijkstra(&graph, from)[to];
        match graph.shortest(from, to) {
            None => assert!(expected.is_infinite(), "a route Dijkstra found was missed"),
            Some(route) => {
                assert_eq!(route.path.first(), Some(&from));
                assert_eq!(route.path.last(), Some(&to));
                for leg in route.path.windows(2) {
                    assert!(
                        graph.neighbours(leg[0]).contains(&leg[1]),
                        "a leg off the graph"
                    );
                }
                assert!((route.distance - graph.length(&route.path)).abs() < 1e-9);
                // Shortest to within a thousandth of a pixel a leg.
                let slack = 0.001 * route.path.len() as f64;
                assert!(
                    route.distance >= expected - 1e-9 && route.distance <= expected + slack,
                    "{} against Dijkstra's {expected}",
                    route.distance
                );
            }
        }
    }
}

#[test]
fn a_route_from_a_waypoint_to_itself_is_that_waypoint() {
    let plan = parse_nodes(FLOOR_PLAN).unwrap();
    let route = plan.shortest(4, 4).unwrap();
    assert_eq!(route.path, [4]);
    assert_eq!(route.distance, 0.0);
}

#[test]
fn the_nodes_format_reads_back_what_it_writes() {
    let plan = parse_nodes(FLOOR_PLAN).unwrap();
    let text = format_nodes(&plan);
    assert_eq!(parse_nodes(&text).unwrap(), plan);
    // Connections listed on one side only are the same graph; comments
    // and blank lines are skipped.
    let one_sided = parse_nodes("# a corridor\n0 0 1\n\n3 4   # the goal\n").unwrap();
    let both = parse_nodes("0 0 1\n3 4 0\n").unwrap();
    assert_eq!(one_sided, both);
    assert_eq!(both.edges(), [(0, 1)]);
    assert_eq!(both.shortest(0, 1).unwrap().distance, 5.0);
}

#[test]
fn bad_nodes_text_is_refused_with_the_line_and_the_reason() {
    let refused = |text: &str| parse_nodes(text).unwrap_err().to_string();
    assert_eq!(
        refused("0 0 1\n12 x1 0\n"),
        "line 2: y 'x1' is not a number"
    );
    assert_eq!(
        refused("# header\n0 0 1\n5 5 0 7\n"),
        "line 3: waypoint 7 does not exist: there are 2, numbered 0 to 1"
    );
    assert_eq!(
        refused("0 0 1\n5 5 1\n"),
        "line 2: waypoint 1 cannot connect to itself"
    );
    assert_eq!(
        refused("0 0 1\n5 5 zero\n"),
        "line 2: 'zero' is not a waypoint's index (0, 1, 2 ...)"
    );
    assert_eq!(
        refused("0 0 1\n5 5 -1\n"),
        "line 2: '-1' is not a waypoint's index (0, 1, 2 ...)"
    );
    assert_eq!(
        refused("0 0 1\n7\n"),
        "line 2: a waypoint needs its x and y, then the waypoints it connects to"
    );
    assert_eq!(
        refused("-3 0 1\n5 5\n"),
        "line 1: x '-3' is not a pixel coordinate (0 to 1000000)"
    );
    assert_eq!(
        refused("# only a comment\n\n4 4\n"),
        "a route needs at least two waypoints, a start and a goal; this text has 1"
    );
    assert_eq!(parse_nodes("").unwrap_err().line, None);
    assert_eq!(
        refused("0 0 1\nNaN 5 0\n"),
        "line 2: x 'NaN' is not a pixel coordinate (0 to 1000000)"
    );
}
