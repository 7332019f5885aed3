//! Which search finds a route across a grid, and everything asked of one
//! query: the algorithm, the moves, the estimate and its weight. The one
//! place that knows each algorithm's name (in the CLI, saves, links and
//! worker messages), its label on the page, and which ones prove their
//! route shortest.

use super::heuristic::{Heuristic, Moves};

/// A search across a grid's pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// A* on f = g + w * h: shortest with an estimate that never
    /// overestimates and a weight of 1.
    AStar,
    /// Jump point search (Harabor and Grastien, 2011), online: A* over
    /// jump points found by scanning the grid's rows as bits. 8-connected
    /// only; shortest.
    Jps,
    /// Jump point search over distances precomputed once per map (JPS+):
    /// 8-connected only; shortest.
    JpsPlus,
    /// JPS+ on what is left of the map once its dead ends are cut away
    /// ([`super::dead_ends`], once per map): a start or goal in a dead end
    /// climbs out of it, and two pixels of one dead-end tree are joined
    /// without a search. 8-connected only; shortest.
    JpsPlusPruned,
    /// Dijkstra's search: no estimate; shortest.
    Dijkstra,
    /// Greedy best-first: the estimate alone; fast, not shortest.
    BestFirst,
    /// Breadth-first: fewest steps, a diagonal step counted as a straight
    /// one; shortest only with 4-connected moves.
    Bfs,
    /// A* from both ends at once, meeting in the middle; shortest.
    Bidirectional,
    /// Lazy Theta*: straight lines at any angle between pixels that see
    /// each other; not proven shortest.
    Theta,
}

impl Algorithm {
    /// Every algorithm, in the order the page and the CLI offer them.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::AStar,
        Algorithm::Jps,
        Algorithm::JpsPlus,
        Algorithm::JpsPlusPruned,
        Algorithm::Dijkstra,
        Algorithm::BestFirst,
        Algorithm::Bfs,
        Algorithm::Bidirectional,
        Algorithm::Theta,
    ];

    /// The algorithm's name in the CLI (`--algorithm`), saves, links and
    /// worker messages: lower case, never changed (old saves hold it).
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::AStar => "astar",
            Algorithm::Jps => "jps",
            Algorithm::JpsPlus => "jps-plus",
            Algorithm::JpsPlusPruned => "jps-plus-pruned",
            Algorithm::Dijkstra => "dijkstra",
            Algorithm::BestFirst => "best-first",
            Algorithm::Bfs => "bfs",
            Algorithm::Bidirectional => "bidirectional",
            Algorithm::Theta => "theta",
        }
    }

    /// The algorithm of a name written by [`Algorithm::name`].
    pub fn named(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The algorithm in the page's words.
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::AStar => "A*",
            Algorithm::Jps => "Jump point search",
            Algorithm::JpsPlus => "JPS+ (precomputed)",
            Algorithm::JpsPlusPruned => "JPS+ without dead ends (precomputed)",
            Algorithm::Dijkstra => "Dijkstra",
            Algorithm::BestFirst => "Best-first",
            Algorithm::Bfs => "Breadth-first",
            Algorithm::Bidirectional => "Bidirectional A*",
            Algorithm::Theta => "Theta* (any angle)",
        }
    }

    /// Whether the algorithm walks only 8-connected (jump point searches).
    pub fn needs_eight(self) -> bool {
        matches!(
            self,
            Algorithm::Jps | Algorithm::JpsPlus | Algorithm::JpsPlusPruned
        )
    }

    /// Whether the algorithm reads something computed once per map (its
    /// time reported apart from the queries'): JPS+'s table, the dead ends.
    pub fn precomputes(self) -> bool {
        matches!(self, Algorithm::JpsPlus | Algorithm::JpsPlusPruned)
    }

    /// Whether the estimate (and its weight) guides this algorithm at all:
    /// not Dijkstra's or breadth-first's.
    pub fn uses_estimate(self) -> bool {
        !matches!(self, Algorithm::Dijkstra | Algorithm::Bfs)
    }
}

/// The most weight a query's estimate may carry: beyond it a weighted A*
/// is a greedy best-first search in all but name.
pub const MAX_WEIGHT: f64 = 10.0;

/// Everything one grid search is asked: checked, so that every query a
/// search is given makes sense.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Query {
    algorithm: Algorithm,
    moves: Moves,
    heuristic: Heuristic,
    weight: f64,
}

impl Query {
    /// A query of `algorithm` walking with `moves`, guided by `heuristic`
    /// weighted by `weight` (1 for plain A*). Theta* walks at any angle,
    /// and walking at any angle is Theta*'s: either one brings the other
    /// (old saves and links name only the moves).
    ///
    /// # Errors
    /// A jump point search with other than 8-connected moves, another
    /// algorithm at any angle, or a weight below 1, above [`MAX_WEIGHT`] or
    /// not a number.
    pub fn new(
        algorithm: Algorithm,
        moves: Moves,
        heuristic: Heuristic,
        weight: f64,
    ) -> Result<Query, String> {
        if !(1.0..=MAX_WEIGHT).contains(&weight) {
            return Err(format!(
                "the weight must be from 1 to {MAX_WEIGHT}, not {weight}"
            ));
        }
        let (algorithm, moves) = match (algorithm, moves) {
            (Algorithm::Theta, _) | (Algorithm::AStar, Moves::AnyAngle) => {
                (Algorithm::Theta, Moves::AnyAngle)
            }
            (other, Moves::AnyAngle) => {
                return Err(format!(
                    "{} walks 4- or 8-connected, not at any angle",
                    other.label()
                ))
            }
            (jump, Moves::Four) if jump.needs_eight() => {
                return Err(format!("{} needs 8-connected moves", jump.label()))
            }
            pair => pair,
        };
        Ok(Query {
            algorithm,
            moves,
            heuristic,
            weight,
        })
    }

    /// Plain A* with `moves` and the tightest estimate that never
    /// overestimates for them (Theta* at any angle).
    pub fn astar(moves: Moves) -> Query {
        Query::new(Algorithm::AStar, moves, moves.estimate(), 1.0)
            .expect("A* with the moves' own estimate is always a query")
    }

    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The moves.
    pub fn moves(&self) -> Moves {
        self.moves
    }

    /// The estimate (ignored by [`Algorithm::uses_estimate`]'s exceptions,
    /// and at any angle, which always uses the straight line).
    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    /// The estimate's weight (1 for plain A*).
    pub fn weight(&self) -> f64 {
        self.weight
    }

    /// Whether the route this query finds is proven shortest: the optimal
    /// algorithms with an estimate that never overestimates, at weight 1
    /// (breadth-first only 4-connected).
    pub fn proves_shortest(&self) -> bool {
        let admissible = self.heuristic.is_admissible(Some(self.moves)) && self.weight == 1.0;
        match self.algorithm {
            Algorithm::Dijkstra => true,
            Algorithm::Bfs => self.moves == Moves::Four,
            Algorithm::AStar
            | Algorithm::Jps
            | Algorithm::JpsPlus
            | Algorithm::JpsPlusPruned
            | Algorithm::Bidirectional => admissible,
            Algorithm::BestFirst | Algorithm::Theta => false,
        }
    }
}
