//! Pattern tables towards a goal with the blank in one region (`BlankGoal`):
//! on the 3x3, exhaustively, the table towards the blank's real home never
//! exceeds the true distance and is often above the table with the blank
//! anywhere, while the one towards another region would overestimate; the
//! goal survives the file and a damaged one is refused; the 4x4 tables are
//! refused unless each view gets the table towards its own blank home.
// Natively only: they use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use std::collections::HashMap;

use slide::sliding::duplicates::{Duplicates, DEPTH};
use slide::sliding::fifteen::FifteenTables;
use slide::sliding::pdb::{unpack_tables, BlankGoal, PatternTable};

/// Tiles 4-8 of the 3x3 (its bottom two rows): home, they shut the corner
/// cell 8, the blank's home, off from the top row.
const PATTERN: [u8; 5] = [4, 5, 6, 7, 8];

fn table(blank: BlankGoal) -> PatternTable {
    PatternTable::build_goal_on_with(3, 3, &PATTERN, blank, &mut |_| {})
}

/// Every position of the 3x3 reachable from the goal (tiles by cell, 0 the
/// blank) with its exact distance, by breadth-first search.
fn distances() -> HashMap<[u8; 9], u32> {
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let mut distance = HashMap::from([(goal, 0)]);
    let mut layer = vec![goal];
    let mut d = 0;
    while !layer.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for tiles in &layer {
            let blank = tiles.iter().position(|&t| t == 0).unwrap();
            let (r, c) = (blank / 3, blank % 3);
            let mut neighbors = Vec::new();
            if r > 0 {
                neighbors.push(blank - 3);
            }
            if r < 2 {
                neighbors.push(blank + 3);
            }
            if c > 0 {
                neighbors.push(blank - 1);
            }
            if c < 2 {
                neighbors.push(blank + 1);
            }
            for n in neighbors {
                let mut moved = *tiles;
                moved.swap(blank, n);
                if let std::collections::hash_map::Entry::Vacant(entry) = distance.entry(moved) {
                    entry.insert(d);
                    next.push(moved);
                }
            }
        }
        layer = next;
    }
    distance
}

/// The pattern tiles' cells in `tiles`, in the table's order.
fn placement(table: &PatternTable, tiles: &[u8; 9]) -> Vec<u8> {
    table
        .tiles()
        .iter()
        .map(|&t| tiles.iter().position(|&x| x == t).unwrap() as u8)
        .collect()
}

#[test]
fn a_table_towards_the_blanks_corner_never_exceeds_the_distance_and_often_beats_the_blank_anywhere()
{
    let (corner, anywhere) = (table(BlankGoal::Near(8)), table(BlankGoal::Anywhere));
    assert_eq!(corner.blank_goal_cells(), 1 << 8);
    assert_eq!(anywhere.blank_goal_cells(), 0b1_0000_0111);
    let distances = distances();
    assert_eq!(distances.len(), 181_440);
    let mut above = 0;
    for (tiles, &distance) in &distances {
        let near = u32::from(corner.lookup(&placement(&corner, tiles)));
        let any = u32::from(anywhere.lookup(&placement(&anywhere, tiles)));
        assert!(near <= distance, "{tiles:?}: {near} > {distance}");
        assert!(any <= near, "{tiles:?}: {any} > {near}");
        above += usize::from(near > any);
    }
    assert!(above > distances.len() / 10, "{above}");
}

#[test]
fn a_table_towards_another_region_than_the_blanks_home_would_overestimate() {
    let top = table(BlankGoal::Near(0));
    assert_eq!(top.blank_goal_cells(), 0b111);
    let over = distances()
        .iter()
        .filter(|(tiles, &distance)| u32::from(top.lookup(&placement(&top, tiles))) > distance)
        .count();
    assert!(over > 0);
}

#[test]
fn a_tables_blank_goal_survives_its_file_and_a_damaged_one_is_refused() {
    let (corner, anywhere) = (table(BlankGoal::Near(8)), table(BlankGoal::Anywhere));
    let bytes = corner.to_bytes();
    let read = PatternTable::from_bytes(&bytes).unwrap();
    assert_eq!(read, corner);
    assert_eq!(read.blank_goal(), BlankGoal::Near(8));
    // The blank anywhere keeps the format it had (version 4, no goal byte),
    // so files written before stay readable; a goal takes version 5.
    assert_eq!(anywhere.to_bytes()[8], 4);
    assert_eq!(bytes[8], 5);
    assert_eq!(bytes.len(), anywhere.to_bytes().len() + 1);
    // The goal cell is the byte after the pattern's size.
    for (cell, reason) in [(3, "not a free cell"), (9, "not a free cell")] {
        let mut damaged = bytes.clone();
        damaged[12] = cell;
        let error = PatternTable::from_bytes(&damaged).unwrap_err();
        assert!(error.to_string().contains(reason), "{error}");
    }
    let error = PatternTable::from_bytes(&bytes[..12]).unwrap_err();
    assert!(error.to_string().contains("truncated"), "{error}");
}

#[test]
fn the_4x4_tables_are_refused_unless_each_view_gets_the_table_towards_its_blank_home() {
    let tables = common::tables();
    let both = unpack_tables(&tables.to_bytes()).unwrap();
    assert_eq!(both.len(), 2);
    let corner = both
        .iter()
        .find(|t| t.blank_goal() == BlankGoal::Near(15))
        .unwrap();
    let top = both
        .iter()
        .find(|t| t.blank_goal() == BlankGoal::Near(0))
        .unwrap();
    // Either order is read.
    for pair in [
        vec![corner.clone(), top.clone()],
        vec![top.clone(), corner.clone()],
    ] {
        assert!(FifteenTables::from_tables(pair, Duplicates::build(DEPTH)).is_ok());
    }
    for pair in [
        vec![corner.clone(), corner.clone()],
        vec![top.clone(), top.clone()],
    ] {
        let error = FifteenTables::from_tables(pair, Duplicates::build(DEPTH))
            .err()
            .unwrap();
        assert!(error.to_string().contains("partition"), "{error}");
    }
}
