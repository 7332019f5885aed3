//! A beam search keeps, of two states its key calls equal in one layer, the
//! one with the better estimate (a large board's stages key their states by
//! the stage's tiles alone, and the other tiles make the difference); and
//! the large boards it solves stage by stage are solved legally.
// Natively only: the large boards use the CLI's table cache.
#![cfg(not(target_arch = "wasm32"))]
mod common;

use slide::search::{Beam, Problem, Step, Successor};
use slide::sliding::near::{solves, Effort, NearJob, View};
use slide::sliding::Board;

/// A place and a penalty; the key is the place alone. From the start, two
/// moves reach place 1: 'a' with penalty 5 (generated first), 'b' with
/// penalty 1. Only place 1 with penalty 1 leads on, to the goal (place 2).
struct Fork;

impl Problem for Fork {
    type State = (u32, u32);
    type Move = char;

    fn heuristic(&self, &(place, penalty): &(u32, u32)) -> u32 {
        if place == 2 {
            0
        } else {
            10 - place + penalty
        }
    }

    fn is_goal(&self, &(place, _): &(u32, u32)) -> bool {
        place == 2
    }

    fn successors(
        &self,
        &(place, penalty): &(u32, u32),
        _last: Option<char>,
        out: &mut Vec<Successor<(u32, u32), char>>,
    ) {
        let mut push = |mv, state| out.push(Successor { mv, state, cost: 1 });
        match (place, penalty) {
            (0, _) => {
                push('a', (1, 5));
                push('b', (1, 1));
            }
            (1, 1) => push('g', (2, 0)),
            _ => {}
        }
    }
}

#[test]
fn of_two_states_with_one_key_a_beam_keeps_the_better_estimated() {
    let key: fn(&(u32, u32)) -> u64 = |&(place, _)| u64::from(place);
    let mut beam = Beam::new(Fork, (0, 0), 1, key);
    match beam.run(100) {
        Step::Found(solution) => assert_eq!(solution.moves, vec!['b', 'g']),
        _ => panic!("the beam lost the way through the better state"),
    }
}

#[test]
fn seeded_boards_from_6x6_to_10x10_are_solved_legally_and_no_shorter_than_manhattan() {
    for side in 6..=10 {
        for seed in [1000, 1001] {
            let board = Board::shuffled(side, side, seed).unwrap();
            let mut job = NearJob::new(
                &board,
                Some(common::tables_5x5()),
                Effort::QUICK,
                View::Plain,
            );
            let moves = loop {
                if let Some(moves) = job.run(50_000) {
                    break moves;
                }
            };
            assert!(solves(&board, &moves), "{side}x{side}, seed {seed}");
            assert!(
                moves.len() >= common::manhattan(&board) as usize,
                "{side}x{side}, seed {seed}"
            );
        }
    }
}
