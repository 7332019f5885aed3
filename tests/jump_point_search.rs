//! Jump point search and JPS+ (issue 23) on maps drawn to catch their
//! edge cases: corridors one pixel wide, straight and diagonal; corners
//! that may not be cut; start = goal; the goal in a dead end, or passed in
//! the middle of a jump; no route; the map's edges; maps wider than one
//! 64-bit word and not a multiple of it. Each is checked whole, through a
//! [`Router`] and in slices of one expansion, against A*'s length.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::sync::Arc;

use slide::route::{Algorithm, Grid, Moves, Pixel, Query, RouteSearch, RouteStep};

const SQRT2: f64 = std::f64::consts::SQRT_2;

/// A map drawn in text (see [`common::drawn_map`]), shared.
fn drawn(rows: &[&str]) -> Arc<Grid> {
    Arc::new(common::drawn_map(rows))
}

use common::{checked_route as route, eight_way_query as query};

/// The length both jump point searches find, checked against A*'s.
fn jump_length(grid: &Arc<Grid>, from: Pixel, to: Pixel) -> Option<f64> {
    let astar = route(grid, from, to, Algorithm::AStar).map(|r| r.distance);
    for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
        let found = route(grid, from, to, algorithm).map(|r| r.distance);
        match (found, astar) {
            (None, None) => {}
            (Some(found), Some(astar)) => {
                assert!(
                    (found - astar).abs() < 1e-9,
                    "{algorithm:?}: {found} vs A* {astar}"
                )
            }
            other => panic!("{algorithm:?}: {other:?}"),
        }
    }
    astar
}

fn assert_near(found: Option<f64>, expected: f64) {
    let found = found.expect("a route");
    assert!((found - expected).abs() < 1e-9, "{found} vs {expected}");
}

#[test]
fn a_winding_corridor_one_pixel_wide_is_followed_to_its_end() {
    let grid = drawn(&[
        "..........#",
        "#########.#",
        "..........#",
        ".##########",
        "...........",
    ]);
    assert_near(
        jump_length(&grid, (0, 0), (10, 4)),
        9.0 + 2.0 + 9.0 + 2.0 + 10.0,
    );
}

#[test]
fn a_diagonal_corridor_is_walked_diagonally() {
    // Each diagonal step has both pixels beside it open (a staircase two
    // pixels thick), so the walk is six diagonal steps.
    let grid = drawn(&[
        "..#####", //
        "...####", //
        "#...###", //
        "##...##", //
        "###...#", //
        "####...", //
        "#####..",
    ]);
    assert_near(jump_length(&grid, (0, 0), (6, 6)), 6.0 * SQRT2);
}

#[test]
fn corners_are_never_cut() {
    // The diagonal through the gap between two walls touching at a corner
    // is forbidden: around, four straight steps.
    let grid = drawn(&[
        ".#", //
        "..",
    ]);
    assert_near(jump_length(&grid, (0, 0), (1, 1)), 2.0);
    let grid = drawn(&[
        ".#.", //
        "#..", //
        "...",
    ]);
    assert_eq!(jump_length(&grid, (0, 0), (2, 2)), None);
    // Around a block: no diagonal step may clip its corners, so the
    // route goes straight along it (with cutting it would be 2 + 2√2).
    let grid = drawn(&[
        ".....", //
        ".##..", //
        ".##..", //
        ".....",
    ]);
    assert_near(jump_length(&grid, (0, 0), (3, 3)), 6.0);
}

#[test]
fn a_start_on_the_goal_is_a_route_of_no_steps() {
    let grid = drawn(&["...", ".#.", "..."]);
    for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
        let found = route(&grid, (2, 1), (2, 1), algorithm).unwrap();
        assert_eq!(found.pixels, vec![(2, 1)]);
        assert_eq!(found.distance, 0.0);
    }
}

#[test]
fn a_goal_in_a_dead_end_is_found() {
    let grid = drawn(&[
        "......", //
        ".####.", //
        ".#..#.", //
        ".#.##.", //
        "......",
    ]);
    // In the pocket (2, 2)-(3, 2), whose only way in is (2, 3) from below
    // (no diagonal into it: each passes a wall's corner): down 4, left 3,
    // up 2, right 1.
    assert_near(jump_length(&grid, (5, 0), (3, 2)), 10.0);
}

#[test]
fn there_is_no_route_when_walls_part_the_start_from_the_goal() {
    let grid = drawn(&[
        "...#....", //
        "...#....", //
        "...#....",
    ]);
    assert_eq!(jump_length(&grid, (0, 1), (7, 1)), None);
}

#[test]
fn a_jump_stops_at_the_goal_it_passes() {
    // Open rows: no forced neighbour stops the jumps, only the goal.
    let grid = drawn(&["..........", "..........", ".........."]);
    assert_near(jump_length(&grid, (0, 1), (6, 1)), 6.0);
    // A diagonal jump whose straight look-ahead meets the goal.
    assert_near(jump_length(&grid, (0, 0), (8, 2)), 2.0 * SQRT2 + 6.0);
    // And the goal met mid-jump in a long row of a wide map.
    let grid = drawn(&[&".".repeat(200), &".".repeat(200)]);
    assert_near(jump_length(&grid, (199, 0), (3, 0)), 196.0);
    assert_near(jump_length(&grid, (0, 1), (150, 0)), 149.0 + SQRT2);
}

#[test]
fn routes_run_along_the_edges_of_the_map() {
    let grid = drawn(&[
        "........", //
        ".######.", //
        ".######.", //
        "........",
    ]);
    assert_near(jump_length(&grid, (0, 3), (7, 0)), 7.0 + 3.0);
    let column = drawn(&[".", ".", ".", ".", "."]);
    assert_near(jump_length(&column, (0, 4), (0, 0)), 4.0);
    let row = drawn(&["....."]);
    assert_near(jump_length(&row, (4, 0), (0, 0)), 4.0);
    let single = drawn(&["."]);
    assert_near(jump_length(&single, (0, 0), (0, 0)), 0.0);
}

#[test]
fn diagonal_runs_stop_at_every_edge_of_the_map_and_past_its_corners() {
    // Open maps, one a word wide and one past it, a pillar or two so that
    // the runs turn: diagonal runs from every pixel of the edges towards
    // every edge and corner (the runs test their steps with the rows'
    // lines of walls, and only a column left of the first is outside them).
    for (width, height) in [(6, 5), (64, 3), (70, 9)] {
        let mut rows: Vec<Vec<u8>> = vec![vec![b'.'; width]; height];
        rows[height / 2][width / 2] = b'#';
        rows[1][width - 2] = b'#';
        let rows: Vec<String> = rows
            .into_iter()
            .map(|row| String::from_utf8(row).unwrap())
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let grid = drawn(&rows);
        let corners = [
            (0, 0),
            (width - 1, 0),
            (0, height - 1),
            (width - 1, height - 1),
        ];
        let edges = (0..width)
            .flat_map(|x| [(x, 0), (x, height - 1)])
            .chain((0..height).flat_map(|y| [(0, y), (width - 1, y)]));
        for from in edges {
            for to in corners.into_iter().chain([(width / 2, 0), (0, height / 2)]) {
                jump_length(&grid, from, to).expect("an open map is connected");
            }
        }
    }
}

#[test]
fn maps_wider_than_a_word_and_not_a_multiple_of_it_are_scanned_whole() {
    for width in [63, 64, 65, 127, 128, 129, 200] {
        // A wall across the middle with one gap at the far end, and a
        // pillar whose corner forces a turn beyond the first word.
        let mut rows: Vec<String> = (0..7).map(|_| ".".repeat(width)).collect();
        rows[3] = format!("{}.", "#".repeat(width - 1));
        let mut pillar: Vec<u8> = rows[5].clone().into_bytes();
        pillar[width - 3] = b'#';
        rows[5] = String::from_utf8(pillar).unwrap();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let grid = drawn(&rows);
        let length = jump_length(&grid, (0, 0), (0, 6)).expect("a route through the gap");
        assert!(
            length > 2.0 * (width as f64 - 1.0),
            "width {width}: {length}"
        );
        jump_length(&grid, (width - 1, 6), (0, 4)).expect("back again");
        jump_length(&grid, (width - 2, 6), (width - 4, 4)).expect("past the pillar");
    }
}

#[test]
fn jump_point_searches_walk_only_eight_connected() {
    for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
        let error = Query::new(algorithm, Moves::Four, Moves::Four.estimate(), 1.0).unwrap_err();
        assert!(error.contains("needs 8-connected moves"), "{error}");
        assert!(Query::new(algorithm, Moves::AnyAngle, Moves::Eight.estimate(), 1.0).is_err());
    }
}

#[test]
fn jump_point_search_expands_far_fewer_pixels_than_a_star_in_the_open() {
    let side = 300;
    let grid = Arc::new(Grid::new(side, side, vec![true; side * side]).unwrap());
    let (from, to) = ((0, 0), (side - 1, side / 2));
    let astar = route(&grid, from, to, Algorithm::AStar).unwrap();
    let jps = route(&grid, from, to, Algorithm::Jps).unwrap();
    assert!((astar.distance - jps.distance).abs() < 1e-9);
    assert!(
        jps.expanded * 20 < astar.expanded,
        "{} vs {}",
        jps.expanded,
        astar.expanded
    );
}

#[test]
fn a_map_changed_between_sliced_searches_is_searched_as_it_now_is() {
    // Sliced jump point searches reuse the bits and the jump table of the
    // map searched last: a changed map (a new grid) must not get them.
    let open = drawn(&["......", "......", "......"]);
    let walled = drawn(&["...#..", "...#..", "......"]);
    for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
        for (grid, expected) in [(&open, 5.0), (&walled, 3.0 + 3.0 * SQRT2), (&open, 5.0)] {
            let mut search =
                RouteSearch::grid_query(grid.clone(), (0, 0), (5, 0), &query(algorithm)).unwrap();
            let found = loop {
                if let RouteStep::Done(found) = search.run(2) {
                    break found.unwrap();
                }
            };
            assert!(
                (found.distance - expected).abs() < 1e-9,
                "{algorithm:?}: {}",
                found.distance
            );
        }
    }
}

#[test]
fn a_corridor_s_bends_are_turned_without_being_expanded() {
    // A corridor one pixel wide that bends eleven times: JPS follows it
    // from the start to the goal in one jump, so only the start is
    // expanded, and the walk drawn goes through every bend.
    let grid = drawn(&[
        ".#...#...#...", //
        ".#.#.#.#.#.#.", //
        ".#.#.#.#.#.#.", //
        "...#...#...#.",
    ]);
    // Six legs of 3 pixels down or up, six of 2 across.
    assert_near(jump_length(&grid, (0, 0), (12, 0)), 30.0);
    let jps = route(&grid, (0, 0), (12, 0), Algorithm::Jps).unwrap();
    assert_eq!(jps.expanded, 1, "only the start is expanded");
    assert_eq!(jps.pixels.len(), 31, "one pixel a step");
    // The goal in the corridor's middle, and the way back from the spur
    // at its end.
    assert_near(jump_length(&grid, (0, 0), (6, 2)), 16.0);
    assert_near(jump_length(&grid, (12, 3), (0, 0)), 33.0);
}

#[test]
fn a_corridor_ending_in_a_dead_end_is_given_up_at_once() {
    // Right of the start, the corridor bends twice and ends at the map's
    // edge; left of it, a dead end at once.
    let grid = drawn(&[
        "......#", //
        "#####.#", //
        "......#",
    ]);
    let jps = route(&grid, (3, 0), (1, 0), Algorithm::Jps).unwrap();
    assert_eq!(
        jps.expanded, 1,
        "the corridor's end is never put on the list"
    );
    assert_near(jump_length(&grid, (3, 0), (1, 0)), 2.0);
    assert_near(jump_length(&grid, (3, 0), (0, 2)), 9.0);
}

#[test]
fn a_ring_of_corridors_without_a_junction_ends_its_search() {
    // The start on a ring one pixel wide: every jump point on it is a
    // bend, so a jump would go round it for ever if nothing stopped it.
    let ring = [
        "#######", //
        "#.....#", //
        "#.###.#", //
        "#.###.#", //
        "#.....#", //
        "#######", //
        "...#...",
    ];
    let grid = drawn(&ring);
    assert_near(jump_length(&grid, (3, 1), (3, 4)), 7.0);
    assert_near(jump_length(&grid, (2, 1), (1, 2)), 2.0);
    // The goal below the ring, walled off from it.
    assert_eq!(jump_length(&grid, (3, 1), (0, 6)), None);
}

/// A jump point's ways on are read from what the jump reaching it saw
/// (its forced neighbours, the wall ahead): at a junction facing a wall
/// the search turns to each open side and no further; with the way ahead
/// open it also steps past a forced neighbour diagonally, and not when the
/// wall ahead would make that step cut a corner.
#[test]
fn a_junction_facing_a_wall_turns_to_each_side_and_diagonally_only_past_an_open_way_ahead() {
    let facing = drawn(&[
        "#####.####",
        "#####.####",
        "......####",
        "#####.####",
        "#####.####",
    ]);
    assert_near(jump_length(&facing, (0, 2), (5, 0)), 7.0);
    assert_near(jump_length(&facing, (0, 2), (5, 4)), 7.0);
    assert_near(jump_length(&facing, (5, 0), (0, 2)), 7.0);
    let open_ahead = drawn(&["###.......", "..........", "##########"]);
    assert_near(jump_length(&open_ahead, (0, 1), (9, 0)), 8.0 + SQRT2);
    let walled_ahead = drawn(&["###.......", "....######", "##########"]);
    assert_near(jump_length(&walled_ahead, (0, 1), (9, 0)), 10.0);
    assert_near(jump_length(&walled_ahead, (9, 0), (0, 1)), 10.0);
}

/// The straight jumps read the word holding their start without a branch
/// on their direction and go on word by word only past its end: perfect
/// mazes (corridors one pixel wide, a bend or junction every few pixels)
/// a word wide and more, drawn as they are and moved one pixel right and
/// down, put bends, junctions, dead ends and goals on both sides of every
/// word's end, in rows and in columns, reached going either way.
#[test]
fn mazes_with_bends_at_the_ends_of_words_are_routed_as_a_star_routes_them() {
    use slide::rng::SplitMix64;
    for (wide, high) in [(31, 33), (32, 31), (63, 32), (64, 65)] {
        for shift in [0, 1] {
            let seed = (wide * 100 + high) as u64 * 2 + shift as u64;
            let maze = slide::route::maze(wide, high, seed).unwrap();
            let (width, height) = (maze.grid.width() + shift, maze.grid.height() + shift);
            let walkable = (0..width * height)
                .map(|i| {
                    let (x, y) = (i % width, i / width);
                    x >= shift && y >= shift && maze.grid.is_walkable((x - shift, y - shift))
                })
                .collect();
            let grid = Arc::new(Grid::new(width, height, walkable).unwrap());
            let mut rng = SplitMix64::new(seed);
            let mut open = || loop {
                let at = (
                    rng.below(width as u64) as usize,
                    rng.below(height as u64) as usize,
                );
                if grid.is_walkable(at) {
                    break at;
                }
            };
            let (start, goal) = (
                (maze.start.0 + shift, maze.start.1 + shift),
                (maze.goal.0 + shift, maze.goal.1 + shift),
            );
            jump_length(&grid, start, goal).expect("a perfect maze is connected");
            for _ in 0..6 {
                let (from, to) = (open(), open());
                jump_length(&grid, from, to).expect("a perfect maze is connected");
            }
        }
    }
}
