//! How a walk may move and the estimate that guides its search: the one
//! place that knows each estimate's name (in saves, links, worker messages
//! and the CLI), its label on the page, and for which moves it never
//! overestimates, which is what makes an A* route provably shortest.

/// Which steps a walk across the grid may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    /// Up, down, left and right.
    Four,
    /// Those and the four diagonals (a diagonal step only where both pixels
    /// beside it are walkable).
    Eight,
    /// Straight lines in any direction between pixels that see each other
    /// (every pixel the line crosses or touches walkable), by Lazy Theta*
    /// ([`crate::search::theta_star`]): no zigzags, never longer than an
    /// 8-connected walk. The estimate is always the straight line.
    AnyAngle,
}

impl Moves {
    /// The tightest estimate for these moves that never overestimates:
    /// Manhattan for 4, octile for 8, the straight line at any angle.
    pub fn estimate(self) -> Heuristic {
        match self {
            Moves::Four => Heuristic::Manhattan,
            Moves::Eight => Heuristic::Octile,
            Moves::AnyAngle => Heuristic::Euclidean,
        }
    }

    /// Every kind of moves, in the order the page offers them.
    pub const ALL: [Moves; 3] = [Moves::Four, Moves::Eight, Moves::AnyAngle];

    /// The moves' name in worker messages and the CLI: `4`, `8` or `any`.
    pub fn name(self) -> &'static str {
        match self {
            Moves::Four => "4",
            Moves::Eight => "8",
            Moves::AnyAngle => "any",
        }
    }

    /// The moves of a name written by [`Moves::name`].
    pub fn named(name: &str) -> Option<Moves> {
        Moves::ALL.into_iter().find(|moves| moves.name() == name)
    }
}

/// The estimate guiding the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Steps across plus steps down: exact on an open 4-connected grid;
    /// with diagonals it can overestimate, so the route found may then be
    /// longer than the shortest (shown for comparison).
    Manhattan,
    /// Diagonal steps as far as both differ, then straight ones: exact on
    /// an open 8-connected grid, never over the true length with either
    /// kind of moves.
    Octile,
    /// The longer of steps across and steps down (a diagonal step counted
    /// as a straight one): never over the true length with any moves, but
    /// looser than octile with diagonals, so the search expands more.
    Chebyshev,
    /// The straight line: never over the true length, but looser than
    /// Manhattan and octile, so the search expands more.
    Euclidean,
    /// None at all: Dijkstra's search, every pixel nearer than the goal.
    Zero,
    /// Octile, raised by differential heuristics ("landmarks", see
    /// [`super::landmarks`]): walking distances from a few pixels measured
    /// once per map, whose differences bound the distance left. Never over
    /// the true length with 4- or 8-connected moves, and on a maze close to
    /// it. A [`super::Router`] measures them once for many queries; a
    /// single query ([`super::Grid::route`]) measures them itself, which
    /// costs far more than the search. Between waypoints it is the
    /// straight line.
    Landmarks,
}

impl Heuristic {
    /// Every estimate, in the order the page offers them.
    pub const ALL: [Heuristic; 6] = [
        Heuristic::Manhattan,
        Heuristic::Octile,
        Heuristic::Chebyshev,
        Heuristic::Euclidean,
        Heuristic::Zero,
        Heuristic::Landmarks,
    ];

    /// The estimate's name in saves, links, worker messages and the CLI:
    /// lower case, one word, never changed (old saves hold it).
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Manhattan => "manhattan",
            Heuristic::Octile => "octile",
            Heuristic::Chebyshev => "chebyshev",
            Heuristic::Euclidean => "euclidean",
            Heuristic::Zero => "zero",
            Heuristic::Landmarks => "landmarks",
        }
    }

    /// The estimate of a name written by [`Heuristic::name`].
    pub fn named(name: &str) -> Option<Heuristic> {
        Heuristic::ALL.into_iter().find(|h| h.name() == name)
    }

    /// The estimate in the page's words, in a sentence's middle:
    /// `Manhattan`, `octile`, `straight line`; `None` for no estimate
    /// (the search is then Dijkstra's, which the page names instead).
    pub fn label(self) -> Option<&'static str> {
        match self {
            Heuristic::Manhattan => Some("Manhattan"),
            Heuristic::Octile => Some("octile"),
            Heuristic::Chebyshev => Some("Chebyshev"),
            Heuristic::Euclidean => Some("straight line"),
            Heuristic::Zero => None,
            Heuristic::Landmarks => Some("landmarks"),
        }
    }

    /// Whether the estimate never exceeds the true distance left when
    /// walking with `moves` across pixels, or from waypoint to waypoint in
    /// straight legs (`None`): then A* finds a shortest route. Manhattan
    /// overestimates a diagonal step, and on waypoints Manhattan and octile
    /// both overestimate a slantwise leg.
    pub fn is_admissible(self, moves: Option<Moves>) -> bool {
        match (self, moves) {
            (Heuristic::Chebyshev | Heuristic::Euclidean | Heuristic::Zero, _) => true,
            // Measured 8-connected: no walk at any angle is bounded by it.
            (Heuristic::Landmarks, Some(Moves::AnyAngle)) => false,
            (Heuristic::Landmarks, _) => true,
            (Heuristic::Manhattan, Some(Moves::Four)) => true,
            (Heuristic::Octile, Some(Moves::Four | Moves::Eight)) => true,
            (Heuristic::Manhattan | Heuristic::Octile, _) => false,
        }
    }

    /// Whether a search with this estimate and `moves` (`None`: on
    /// waypoints) proves its route shortest: A* with an admissible
    /// estimate. Routes at any angle (Lazy Theta*) are usually within a
    /// fraction of a percent of the shortest, but not proven.
    pub fn proves_shortest(self, moves: Option<Moves>) -> bool {
        moves != Some(Moves::AnyAngle) && self.is_admissible(moves)
    }
}
