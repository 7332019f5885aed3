//! A beam search says how many layers ago its layers' lowest estimate last
//! fell: a 10x10's sort that goes round a plateau is given up by it rather
//! than at its limit of moves (the same answer, sooner).

use slide::search::{Beam, Problem, Step, Successor};

/// Places along a line, one move a place: the estimate falls from 10 to 5
/// at place 5, then stays there; no goal.
struct Plateau;

impl Problem for Plateau {
    type State = u32;
    type Move = ();

    fn heuristic(&self, &place: &u32) -> u32 {
        10 - place.min(5)
    }

    fn is_goal(&self, _: &u32) -> bool {
        false
    }

    fn successors(&self, &place: &u32, _: Option<()>, out: &mut Vec<Successor<u32, ()>>) {
        out.push(Successor {
            mv: (),
            state: place + 1,
            cost: 1,
        });
    }
}

#[test]
fn a_beams_stall_counts_the_layers_since_its_lowest_estimate_last_fell() {
    let key: fn(&u32) -> u64 = |&place| u64::from(place);
    let mut beam = Beam::new(Plateau, 0, 1, key);
    let mut stalls = Vec::new();
    for _ in 0..12 {
        // One state a layer: one expansion makes the next layer.
        assert!(matches!(beam.run(1), Step::Running));
        stalls.push(beam.stalled_for());
    }
    // The layers of places 1 to 5 each lower; then the plateau.
    assert_eq!(stalls, [0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
}
