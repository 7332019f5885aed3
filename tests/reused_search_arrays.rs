//! A best-first search made in the arrays of an earlier one
//! ([`BestFirst::with_scratch`]), and a [`Router`] that hands its arrays
//! from each query to the next, answer exactly as fresh searches do: the
//! arrays are left as the earlier search filled them, and nothing of it may
//! leak into the next answer.
#![cfg(not(target_arch = "wasm32"))]

use std::sync::Arc;

use slide::rng::SplitMix64;
use slide::route::{Algorithm, Grid, Moves, Pixel, Query, Router};
use slide::search::{BestFirst, Problem, Scratch, Solution, Step, Successor};

/// Walks on the numbers below 200 by steps of 1 (cost 3) and 7 (cost 5),
/// either way, towards `goal`; numbered densely or hashed.
struct Line {
    goal: u32,
    dense: bool,
}

impl Problem for Line {
    type State = u32;
    type Move = i32;
    fn heuristic(&self, n: &u32) -> u32 {
        // Five for every seven, never more than the cost left.
        n.abs_diff(self.goal) * 5 / 7
    }
    fn is_goal(&self, n: &u32) -> bool {
        *n == self.goal
    }
    fn successors(&self, &n: &u32, _: Option<i32>, out: &mut Vec<Successor<u32, i32>>) {
        for (step, cost) in [(1, 3), (-1, 3), (7, 5), (-7, 5)] {
            let next = i64::from(n) + i64::from(step);
            if (0..200).contains(&next) {
                out.push(Successor {
                    mv: step,
                    state: next as u32,
                    cost,
                });
            }
        }
    }
    fn dense_states(&self) -> Option<usize> {
        self.dense.then_some(200)
    }
    fn dense_index(&self, &n: &u32) -> usize {
        n as usize
    }
}

fn finish(search: &mut BestFirst<Line>) -> Option<Solution<i32>> {
    loop {
        match search.run(u64::MAX) {
            Step::Running => continue,
            Step::Found(solution) => return Some(solution),
            Step::Exhausted(_) => return None,
        }
    }
}

fn same(a: &Option<Solution<i32>>, b: &Option<Solution<i32>>) -> bool {
    a.as_ref().map(|s| (&s.moves, s.cost, s.expanded))
        == b.as_ref().map(|s| (&s.moves, s.cost, s.expanded))
}

#[test]
fn a_search_in_an_earlier_searchs_arrays_finds_what_a_fresh_one_finds() {
    for dense in [true, false] {
        let mut rng = SplitMix64::new(23);
        let mut scratch = Scratch::default();
        for _ in 0..300 {
            let (start, goal) = (rng.below(200) as u32, rng.below(200) as u32);
            let weight = [1.0, 1.5, 3.0][rng.below(3) as usize];
            let mut fresh = BestFirst::new(Line { goal, dense }, start, weight);
            let expected = finish(&mut fresh);
            let mut reused = BestFirst::with_scratch(Line { goal, dense }, start, weight, scratch);
            let found = finish(&mut reused);
            assert!(
                same(&found, &expected),
                "dense {dense}, {start} to {goal}, weight {weight}"
            );
            scratch = reused.into_scratch();
        }
    }
}

#[test]
fn arrays_pass_between_problems_numbered_and_hashed() {
    let mut scratch = Scratch::default();
    for (round, dense) in [true, false, true, false].into_iter().enumerate() {
        let (start, goal) = (round as u32 * 31, 199 - round as u32 * 17);
        let expected = finish(&mut BestFirst::new(Line { goal, dense }, start, 1.0));
        let mut reused = BestFirst::with_scratch(Line { goal, dense }, start, 1.0, scratch);
        assert!(same(&finish(&mut reused), &expected), "round {round}");
        scratch = reused.into_scratch();
    }
}

/// A 96 x 80 map, a quarter of it walls in short random strokes.
fn strewn(seed: u64) -> Arc<Grid> {
    let (width, height) = (96, 80);
    let mut walkable = vec![true; width * height];
    let mut rng = SplitMix64::new(seed);
    for _ in 0..400 {
        let (mut x, mut y) = (
            rng.below(width as u64) as usize,
            rng.below(height as u64) as usize,
        );
        let across = rng.below(2) == 0;
        for _ in 0..6 {
            walkable[y * width + x] = false;
            if across {
                x = (x + 1).min(width - 1);
            } else {
                y = (y + 1).min(height - 1);
            }
        }
    }
    Arc::new(Grid::new(width, height, walkable).unwrap())
}

#[test]
fn a_router_answers_a_run_of_queries_as_fresh_searches_do() {
    let grid = strewn(5);
    let open: Vec<Pixel> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&pixel| grid.is_walkable(pixel))
        .collect();
    let mut rng = SplitMix64::new(11);
    for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
        let query = Query::new(algorithm, Moves::Eight, Moves::Eight.estimate(), 1.0).unwrap();
        let router = Router::new(grid.clone(), &query);
        for _ in 0..200 {
            let from = open[rng.below(open.len() as u64) as usize];
            let to = open[rng.below(open.len() as u64) as usize];
            assert_eq!(
                router.route(from, to, &query).unwrap(),
                grid.route(from, to, &query).unwrap(),
                "{algorithm:?} from {from:?} to {to:?}"
            );
        }
    }
}
