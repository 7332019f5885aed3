//! The built-in office floor plan (a stand-in until the drawn plan lands).

use super::grid::Grid;
use super::waypoints::{Point, Waypoints};

/// An office floor plan.
#[derive(Clone, Debug)]
pub struct FloorPlan {
    width: usize,
    height: usize,
}

/// The built-in office.
pub fn office() -> FloorPlan {
    FloorPlan {
        width: 640,
        height: 400,
    }
}

impl FloorPlan {
    /// The plan's walkable pixels.
    pub fn grid(&self) -> Grid {
        let (w, h) = (self.width, self.height);
        let mut open = vec![true; w * h];
        for y in 0..h {
            for x in 0..w {
                let border = x < 6 || y < 6 || x >= w - 6 || y >= h - 6;
                let wall = (300..306).contains(&x) && !(180..220).contains(&y);
                if border || wall {
                    open[y * w + x] = false;
                }
            }
        }
        Grid::new(w, h, open).expect("the sizes agree")
    }

    /// The plan's waypoints: the first the entrance, the last the goal.
    pub fn waypoints(&self) -> Waypoints {
        let points = [
            (40.0, 40.0),
            (150.0, 200.0),
            (303.0, 200.0),
            (450.0, 200.0),
            (600.0, 360.0),
        ]
        .map(|(x, y)| Point { x, y })
        .to_vec();
        Waypoints::new(points, &[(0, 1), (1, 2), (2, 3), (3, 4)]).expect("the edges exist")
    }
}
