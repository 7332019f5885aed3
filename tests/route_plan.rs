//! The built-in office: its geometry rasterised as promised, its waypoints
//! on the floor and joined by clear straight lines, every room reachable
//! from the front door, and a shortest waypoint route close to the
//! any-angle route over its pixels, with longer rivals round the ring.

use std::collections::VecDeque;

use slide::route::{
    format_nodes, office, parse_nodes, FloorPlan, Grid, Heuristic, Moves, Pixel, Point, Rect,
    Waypoints,
};

/// A waypoint's pixel: its coordinates rounded.
fn pixel(waypoints: &Waypoints, index: usize) -> Pixel {
    let point = waypoints.point(index);
    (point.x.round() as usize, point.y.round() as usize)
}

/// Whether waypoint `index` stands in `rect`.
fn stands_in(waypoints: &Waypoints, index: usize, rect: &Rect) -> bool {
    rect.contains(pixel(waypoints, index))
}

/// The room of the office named `name`'s floor.
fn floor(plan: &FloorPlan, name: &str) -> Rect {
    plan.rooms()
        .iter()
        .find(|room| room.name == name)
        .unwrap_or_else(|| panic!("the office has a room named {name}"))
        .floor
}

/// Every pixel an 8-connected walk from `from` reaches (diagonal steps by
/// the grid's corner rule), as a map of the grid's pixels row by row.
fn reachable(grid: &Grid, from: Pixel) -> Vec<bool> {
    let mut seen = vec![false; grid.width() * grid.height()];
    let mut queue = VecDeque::from([from]);
    seen[from.1 * grid.width() + from.0] = true;
    while let Some(at) = queue.pop_front() {
        grid.each_step(at, true, |next, _| {
            let slot = &mut seen[next.1 * grid.width() + next.0];
            if !*slot {
                *slot = true;
                queue.push_back(next);
            }
        });
    }
    seen
}

#[test]
fn the_office_is_640_by_400_pixels_with_eight_to_ten_labelled_rooms() {
    let plan = office();
    assert_eq!((plan.width(), plan.height()), (640, 400));
    let rooms = plan.rooms();
    assert!((8..=10).contains(&rooms.len()), "{} rooms", rooms.len());
    for room in rooms {
        assert!(!room.name.is_empty() && room.name.len() <= 10, "{room:?}");
        let far = (
            room.floor.x + room.floor.width - 1,
            room.floor.y + room.floor.height - 1,
        );
        assert!(plan.outline().contains((room.floor.x, room.floor.y)));
        assert!(plan.outline().contains(far));
    }
    for name in ["Lobby", "Meeting", "Kitchen", "WC"] {
        floor(&plan, name);
    }
}

#[test]
fn every_door_is_at_least_18_pixels_wide_and_the_first_is_in_the_outer_wall() {
    let plan = office();
    for door in plan.doors() {
        let (deep, wide) = (door.width.min(door.height), door.width.max(door.height));
        assert_eq!(deep, 6, "a door is a gap through a 6-pixel wall: {door:?}");
        assert!(wide >= 18, "{door:?} is too narrow to walk through");
    }
    let outline = plan.outline();
    let front = plan.doors()[0];
    assert_eq!(front.y + front.height, outline.y + outline.height);
}

#[test]
fn the_office_grid_is_walkable_inside_the_outline_except_on_walls_and_furniture() {
    let plan = office();
    let grid = plan.grid();
    assert_eq!((grid.width(), grid.height()), (640, 400));
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let blocked = !plan.outline().contains((x, y))
                || plan.walls().iter().any(|wall| wall.contains((x, y)))
                || plan.obstacles().iter().any(|o| o.rect.contains((x, y)));
            assert_eq!(grid.is_walkable((x, y)), !blocked, "pixel ({x}, {y})");
        }
    }
    // The doors are gaps: no wall or furniture stands in them.
    for door in plan.doors() {
        assert!(door.pixels().all(|p| grid.is_walkable(p)), "{door:?}");
    }
}

#[test]
fn every_waypoint_of_the_office_stands_on_a_walkable_pixel() {
    let plan = office();
    let (grid, waypoints) = (plan.grid(), plan.waypoints());
    assert!((15..=25).contains(&waypoints.len()), "{}", waypoints.len());
    for index in 0..waypoints.len() {
        assert!(
            grid.is_walkable(pixel(&waypoints, index)),
            "waypoint {index}"
        );
    }
}

#[test]
fn every_connection_of_the_office_is_a_clear_straight_line_on_its_grid() {
    let plan = office();
    let (grid, waypoints) = (plan.grid(), plan.waypoints());
    for (a, b) in waypoints.edges() {
        assert!(
            grid.line_of_sight(pixel(&waypoints, a), pixel(&waypoints, b)),
            "the connection {a}-{b} crosses a wall or furniture"
        );
    }
}

#[test]
fn the_office_starts_at_the_front_door_and_ends_in_the_meeting_room() {
    let plan = office();
    let waypoints = plan.waypoints();
    let goal = waypoints.len() - 1;
    assert!(stands_in(&waypoints, 0, &floor(&plan, "Lobby")));
    // Within a few steps of the front door's middle.
    let front = plan.doors()[0];
    let middle = Point {
        x: (front.x + front.width / 2) as f64,
        y: (front.y + front.height / 2) as f64,
    };
    assert!(waypoints.point(0).distance(middle) < 25.0);
    assert!(stands_in(&waypoints, goal, &floor(&plan, "Meeting")));
    // Every waypoint can be walked to from the start.
    for index in 1..waypoints.len() {
        assert!(waypoints.shortest(0, index).is_some(), "waypoint {index}");
    }
}

#[test]
fn the_offices_shortest_waypoint_route_has_several_legs_and_is_within_a_quarter_of_the_any_angle_route(
) {
    let plan = office();
    let (grid, waypoints) = (plan.grid(), plan.waypoints());
    let goal = waypoints.len() - 1;
    let route = waypoints.shortest(0, goal).unwrap();
    let legs = route.path.len() - 1;
    assert!(legs >= 4, "{:?}", route.path);
    let any_angle = grid
        .shortest(
            pixel(&waypoints, 0),
            pixel(&waypoints, goal),
            Moves::AnyAngle,
            Heuristic::Euclidean,
        )
        .unwrap()
        .unwrap();
    // The waypoints' legs are lines of sight on the same grid, so they are
    // one of the walks the any-angle search weighs.
    assert!(route.distance >= any_angle.distance - 1e-9);
    assert!(
        route.distance <= 1.25 * any_angle.distance,
        "{:.2} against {:.2} at any angle",
        route.distance,
        any_angle.distance
    );
}

#[test]
fn the_offices_shortest_route_crosses_the_kitchen_and_enters_the_meeting_room_by_its_west_door() {
    let plan = office();
    let waypoints = plan.waypoints();
    let route = waypoints.shortest(0, waypoints.len() - 1).unwrap();
    assert_eq!(route.path, [0, 1, 2, 11, 12, 13, 14, 20, 21, 22, 24]);
    assert_eq!(format!("{:.2}", route.distance), "685.66");
    let kitchen = floor(&plan, "Kitchen");
    assert!(route
        .path
        .iter()
        .any(|&w| stands_in(&waypoints, w, &kitchen)));
}

#[test]
fn without_the_kitchen_the_route_goes_round_the_ring_and_is_longer() {
    let plan = office();
    let waypoints = plan.waypoints();
    let goal = waypoints.len() - 1;
    let best = waypoints.shortest(0, goal).unwrap();
    // The same waypoints with the kitchen's connections left out.
    let kitchen = floor(&plan, "Kitchen");
    let edges: Vec<(usize, usize)> = waypoints
        .edges()
        .into_iter()
        .filter(|&(a, b)| {
            !stands_in(&waypoints, a, &kitchen) && !stands_in(&waypoints, b, &kitchen)
        })
        .collect();
    let ring = Waypoints::new(waypoints.points().to_vec(), &edges).unwrap();
    let round = ring.shortest(0, goal).unwrap();
    assert!(round.distance > best.distance, "{round:?} against {best:?}");
    assert!(!round
        .path
        .iter()
        .any(|&w| stands_in(&waypoints, w, &kitchen)));
}

#[test]
fn the_plans_walls_leave_every_room_reachable_from_the_entrance() {
    let plan = office();
    let (grid, waypoints) = (plan.grid(), plan.waypoints());
    let reached = reachable(&grid, pixel(&waypoints, 0));
    for room in plan.rooms() {
        let label = (room.label.x as usize, room.label.y as usize);
        assert!(room.floor.contains(label), "{}'s label is in it", room.name);
        assert!(
            reached[label.1 * grid.width() + label.0],
            "{} cannot be walked to from the entrance",
            room.name
        );
    }
    // And nothing outside the building, though the front door opens on it.
    for (index, _) in reached.iter().enumerate().filter(|(_, &seen)| seen) {
        let at = (index % grid.width(), index / grid.width());
        assert!(plan.outline().contains(at), "{at:?} is outside");
    }
}

#[test]
fn the_nodes_text_of_the_office_round_trips() {
    let waypoints = office().waypoints();
    let text = format_nodes(&waypoints);
    assert_eq!(parse_nodes(&text).unwrap(), waypoints);
}
