//! The built-in office: a floor plan drawn by the project as geometry
//! (walls, door gaps, furniture, labelled rooms), so that a page can draw
//! it crisply as vectors at any size, rasterised into a [`Grid`] for
//! searches over its pixels, with a hand-placed graph of [`Waypoints`] on
//! it for searches over waypoints.
//!
//! The office (620 x 380 pixels inside a 640 x 400 picture): a ring of
//! corridors round a core of washroom, kitchen and open-plan office, with
//! offices and the meeting room to the north and the lobby and two more
//! offices to the south. The front door is in the lobby's outer wall, at
//! the bottom left; the meeting room is at the top right. The ring gives
//! two ways round, and the kitchen and the meeting room have two doors
//! each, so the shortest route has rivals only a little longer.

use super::grid::{Grid, Pixel};
use super::waypoints::{Point, Waypoints};

/// How thick every wall is, in pixels.
const WALL: usize = 6;

/// An axis-aligned rectangle of whole pixels: the columns `x` to
/// `x + width - 1` and the rows `y` to `y + height - 1`. Drawn as a vector
/// shape, it is the rectangle from `(x, y)` to `(x + width, y + height)`,
/// which covers exactly those pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// The leftmost column.
    pub x: usize,
    /// The top row.
    pub y: usize,
    /// Columns across (at least 1).
    pub width: usize,
    /// Rows down (at least 1).
    pub height: usize,
}

impl Rect {
    /// The rectangle from corner `(x0, y0)` to corner `(x1, y1)`, the
    /// latter excluded: how plans are easiest to write and check by eye.
    const fn corners(x0: usize, y0: usize, x1: usize, y1: usize) -> Rect {
        Rect {
            x: x0,
            y: y0,
            width: x1 - x0,
            height: y1 - y0,
        }
    }

    /// Whether `pixel` is one of the rectangle's.
    pub fn contains(&self, (x, y): Pixel) -> bool {
        (self.x..self.x + self.width).contains(&x) && (self.y..self.y + self.height).contains(&y)
    }

    /// Every pixel of the rectangle, row by row.
    pub fn pixels(&self) -> impl Iterator<Item = Pixel> + '_ {
        (self.y..self.y + self.height)
            .flat_map(move |y| (self.x..self.x + self.width).map(move |x| (x, y)))
    }
}

/// What a piece of furniture is, so that a page can draw each kind its
/// own way; to a route, all are obstacles alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Furniture {
    /// A desk (or a reception desk).
    Desk,
    /// A meeting table.
    Table,
    /// A counter: the kitchen's island, the washroom's basins.
    Counter,
    /// A structural pillar.
    Pillar,
}

/// Something standing on the floor that no route may cross.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Obstacle {
    /// What it is: it decides only how the piece is drawn, never whether a
    /// route may cross it (no route crosses any obstacle).
    pub kind: Furniture,
    /// The floor it covers.
    pub rect: Rect,
}

/// A room: its short name, where to write it, and its floor.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    /// A short label ("Kitchen", "Office 2").
    pub name: String,
    /// The label's centre: on open floor of the room (not on furniture),
    /// so a page may write it there and a route may start there.
    pub label: Point,
    /// The floor between the room's walls (furniture included).
    pub floor: Rect,
}

/// A floor plan as geometry, with its waypoint graph: everything a page
/// needs to draw it and everything a search needs to cross it.
#[derive(Clone, Debug, PartialEq)]
pub struct FloorPlan {
    width: usize,
    height: usize,
    outline: Rect,
    walls: Vec<Rect>,
    doors: Vec<Rect>,
    obstacles: Vec<Obstacle>,
    rooms: Vec<Room>,
    points: Vec<Point>,
    connections: Vec<(usize, usize)>,
}

impl FloorPlan {
    /// The picture's width in pixels: the building and a margin outside.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The picture's height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The building's outer edge (the outside of its outer walls); nothing
    /// outside it can be walked on.
    pub fn outline(&self) -> Rect {
        self.outline
    }

    /// The walls, outer and inner, as rectangles that may overlap where
    /// walls meet. The door gaps are left out of them.
    pub fn walls(&self) -> &[Rect] {
        &self.walls
    }

    /// The door gaps, each the wall's thickness deep and the opening wide
    /// (at least 18 pixels): floor, for drawing thresholds. The first is
    /// the front door, in the outer wall.
    pub fn doors(&self) -> &[Rect] {
        &self.doors
    }

    /// The furniture and pillars.
    pub fn obstacles(&self) -> &[Obstacle] {
        &self.obstacles
    }

    /// The rooms (the corridors are not rooms).
    pub fn rooms(&self) -> &[Room] {
        &self.rooms
    }

    /// The plan at one pixel a unit, [`FloorPlan::width`] x
    /// [`FloorPlan::height`]: walkable inside the outline except on walls
    /// and obstacles; door gaps are walkable.
    pub fn grid(&self) -> Grid {
        let mut walkable = vec![false; self.width * self.height];
        let mut paint = |rect: &Rect, value: bool| {
            for (x, y) in rect.pixels() {
                walkable[y * self.width + x] = value;
            }
        };
        paint(&self.outline, true);
        for wall in &self.walls {
            paint(wall, false);
        }
        for obstacle in &self.obstacles {
            paint(&obstacle.rect, false);
        }
        Grid::new(self.width, self.height, walkable).expect("a built-in plan fits a map")
    }

    /// The waypoint graph: waypoints at corridor junctions and turns, in
    /// doorways and in rooms, at whole pixels. Waypoint 0, the start, is
    /// just inside the front door; the last, the goal, is in the meeting
    /// room across the building, several legs away by any way round.
    /// Every connection is a straight line clear of
    /// walls and furniture on [`FloorPlan::grid`] (by
    /// [`Grid::line_of_sight`]).
    pub fn waypoints(&self) -> Waypoints {
        Waypoints::new(self.points.clone(), &self.connections)
            .expect("a built-in plan's connections name its waypoints")
    }
}

/// Walls being drawn: each run of wall with its door gaps cut out.
#[derive(Default)]
struct Walls {
    walls: Vec<Rect>,
    doors: Vec<Rect>,
}

impl Walls {
    /// A wall along the rows `y` to `y + WALL - 1`, from column `x0` to
    /// `x1` (excluded), with a door at each `(x, width)` of `gaps`, in
    /// order from the left.
    fn across(&mut self, y: usize, x0: usize, x1: usize, gaps: &[(usize, usize)]) {
        let mut from = x0;
        for &(x, width) in gaps {
            self.walls.push(Rect::corners(from, y, x, y + WALL));
            self.doors.push(Rect::corners(x, y, x + width, y + WALL));
            from = x + width;
        }
        self.walls.push(Rect::corners(from, y, x1, y + WALL));
    }

    /// A wall down the columns `x` to `x + WALL - 1`, from row `y0` to
    /// `y1` (excluded), with a door at each `(y, height)` of `gaps`, in
    /// order from the top.
    fn down(&mut self, x: usize, y0: usize, y1: usize, gaps: &[(usize, usize)]) {
        let mut from = y0;
        for &(y, height) in gaps {
            self.walls.push(Rect::corners(x, from, x + WALL, y));
            self.doors.push(Rect::corners(x, y, x + WALL, y + height));
            from = y + height;
        }
        self.walls.push(Rect::corners(x, from, x + WALL, y1));
    }
}

/// The built-in office, 640 x 400 pixels (see the module's description).
pub fn office() -> FloorPlan {
    // Rows, top to bottom: the outer wall (10-16), north rooms (16-110),
    // wall, north corridor (116-146), wall, the core (152-248), wall,
    // south corridor (254-284), wall, south rooms (290-384), the outer
    // wall (384-390). The west and east corridors (16-54 and 586-624) join
    // the north and south ones round the core.
    let mut w = Walls::default();
    // The front door first, as FloorPlan::doors promises.
    w.across(384, 10, 630, &[(56, 40)]);
    w.across(10, 10, 630, &[]);
    w.down(10, 16, 384, &[]);
    w.down(624, 16, 384, &[]);
    // North rooms onto the north corridor; the meeting room has a door at
    // each end.
    w.across(
        110,
        16,
        624,
        &[(110, 22), (240, 22), (360, 22), (420, 24), (590, 24)],
    );
    w.down(146, 16, 110, &[]);
    w.down(282, 16, 110, &[]);
    w.down(400, 16, 110, &[]);
    // The core: the washroom opens west, the kitchen north and south (a
    // short cut across the ring), the open-plan office south and east.
    w.across(146, 54, 586, &[(294, 22)]);
    w.across(248, 54, 586, &[(236, 22), (350, 22)]);
    w.down(54, 152, 248, &[(190, 22)]);
    w.down(170, 152, 248, &[]);
    w.down(330, 152, 248, &[]);
    w.down(580, 152, 248, &[(190, 22)]);
    // South rooms onto the south corridor; the lobby's opening is wide.
    w.across(284, 16, 624, &[(96, 40), (200, 22), (440, 22)]);
    w.down(150, 290, 384, &[]);
    w.down(380, 290, 384, &[]);

    let room = |name: &str, label: (f64, f64), floor: Rect| Room {
        name: name.into(),
        label: Point {
            x: label.0,
            y: label.1,
        },
        floor,
    };
    let rooms = vec![
        room("Office 1", (81.0, 90.0), Rect::corners(16, 16, 146, 110)),
        room("Office 2", (217.0, 90.0), Rect::corners(152, 16, 282, 110)),
        room("Office 3", (344.0, 90.0), Rect::corners(288, 16, 400, 110)),
        room("Meeting", (511.0, 96.0), Rect::corners(406, 16, 624, 110)),
        room("WC", (100.0, 232.0), Rect::corners(60, 152, 170, 248)),
        room("Kitchen", (253.0, 166.0), Rect::corners(176, 152, 330, 248)),
        room(
            "Open plan",
            (458.0, 238.0),
            Rect::corners(336, 152, 580, 248),
        ),
        room("Lobby", (84.0, 300.0), Rect::corners(16, 290, 150, 384)),
        room(
            "Office 4",
            (265.0, 368.0),
            Rect::corners(156, 290, 380, 384),
        ),
        room(
            "Office 5",
            (505.0, 368.0),
            Rect::corners(386, 290, 624, 384),
        ),
    ];

    let thing = |kind: Furniture, x0: usize, y0: usize, x1: usize, y1: usize| Obstacle {
        kind,
        rect: Rect::corners(x0, y0, x1, y1),
    };
    use Furniture::{Counter, Desk, Pillar, Table};
    let obstacles = vec![
        thing(Desk, 30, 36, 90, 58),
        thing(Desk, 176, 36, 236, 58),
        thing(Desk, 310, 36, 370, 58),
        thing(Table, 456, 40, 566, 80),
        // The basins against the washroom's east wall.
        thing(Counter, 150, 160, 170, 216),
        // The kitchen's island, across the straight line between its doors.
        thing(Counter, 196, 188, 296, 206),
        // Two rows of desks with an aisle between them.
        thing(Desk, 370, 172, 414, 190),
        thing(Desk, 440, 172, 484, 190),
        thing(Desk, 510, 172, 554, 190),
        thing(Desk, 370, 210, 414, 228),
        thing(Desk, 440, 210, 484, 228),
        thing(Desk, 510, 210, 554, 228),
        // The reception desk and two pillars in the lobby, one of them in
        // the way from the front door to the lobby's opening.
        thing(Desk, 24, 314, 70, 330),
        thing(Pillar, 88, 322, 100, 334),
        thing(Pillar, 118, 340, 130, 352),
        thing(Desk, 190, 330, 250, 352),
        thing(Desk, 300, 330, 360, 352),
        thing(Desk, 420, 320, 480, 342),
        thing(Desk, 530, 320, 590, 342),
    ];

    // The waypoints, by name so that the connections below read as a
    // description of the plan.
    const START: usize = 0;
    const LOBBY: usize = 1;
    const LOBBY_DOOR: usize = 2;
    const SOUTH_AT_LOBBY: usize = 3;
    const SOUTH_WEST: usize = 4;
    const WEST_AT_WC: usize = 5;
    const WC: usize = 6;
    const NORTH_WEST: usize = 7;
    const NORTH_AT_OFFICE_1: usize = 8;
    const OFFICE_1: usize = 9;
    const SOUTH_AT_KITCHEN: usize = 10;
    const KITCHEN_SOUTH_DOOR: usize = 11;
    const KITCHEN: usize = 12;
    const KITCHEN_NORTH_DOOR: usize = 13;
    const NORTH_AT_KITCHEN: usize = 14;
    const SOUTH_AT_OPEN_PLAN: usize = 15;
    const OPEN_PLAN: usize = 16;
    const EAST_AT_OPEN_PLAN: usize = 17;
    const SOUTH_EAST: usize = 18;
    const NORTH_EAST: usize = 19;
    const NORTH_AT_MEETING: usize = 20;
    const MEETING_WEST_DOOR: usize = 21;
    const MEETING_WEST: usize = 22;
    const MEETING_EAST: usize = 23;
    const GOAL: usize = 24;
    let places: [(usize, f64, f64); 25] = [
        (START, 76.0, 368.0),
        (LOBBY, 112.0, 318.0),
        (LOBBY_DOOR, 116.0, 287.0),
        (SOUTH_AT_LOBBY, 116.0, 269.0),
        (SOUTH_WEST, 35.0, 269.0),
        (WEST_AT_WC, 35.0, 201.0),
        (WC, 100.0, 201.0),
        (NORTH_WEST, 35.0, 131.0),
        (NORTH_AT_OFFICE_1, 121.0, 131.0),
        (OFFICE_1, 121.0, 80.0),
        (SOUTH_AT_KITCHEN, 247.0, 269.0),
        (KITCHEN_SOUTH_DOOR, 247.0, 251.0),
        (KITCHEN, 313.0, 216.0),
        (KITCHEN_NORTH_DOOR, 305.0, 149.0),
        (NORTH_AT_KITCHEN, 305.0, 131.0),
        (SOUTH_AT_OPEN_PLAN, 361.0, 269.0),
        (OPEN_PLAN, 361.0, 200.0),
        (EAST_AT_OPEN_PLAN, 605.0, 201.0),
        (SOUTH_EAST, 605.0, 269.0),
        (NORTH_EAST, 602.0, 131.0),
        (NORTH_AT_MEETING, 432.0, 131.0),
        (MEETING_WEST_DOOR, 432.0, 113.0),
        (MEETING_WEST, 443.0, 30.0),
        (MEETING_EAST, 590.0, 30.0),
        (GOAL, 511.0, 28.0),
    ];
    let points = places
        .iter()
        .enumerate()
        .map(|(index, &(name, x, y))| {
            debug_assert_eq!(index, name, "the waypoints are listed in order");
            Point { x, y }
        })
        .collect();
    let connections = vec![
        (START, LOBBY),
        (LOBBY, LOBBY_DOOR),
        (LOBBY_DOOR, SOUTH_AT_LOBBY),
        // Straight across the corridor, as one walks from door to door.
        (LOBBY_DOOR, KITCHEN_SOUTH_DOOR),
        (SOUTH_AT_LOBBY, SOUTH_WEST),
        (SOUTH_AT_LOBBY, SOUTH_AT_KITCHEN),
        (SOUTH_WEST, WEST_AT_WC),
        (WEST_AT_WC, WC),
        (WEST_AT_WC, NORTH_WEST),
        (NORTH_WEST, NORTH_AT_OFFICE_1),
        (NORTH_AT_OFFICE_1, OFFICE_1),
        (NORTH_AT_OFFICE_1, NORTH_AT_KITCHEN),
        (SOUTH_AT_KITCHEN, KITCHEN_SOUTH_DOOR),
        (SOUTH_AT_KITCHEN, SOUTH_AT_OPEN_PLAN),
        (KITCHEN_SOUTH_DOOR, KITCHEN),
        (KITCHEN, KITCHEN_NORTH_DOOR),
        (KITCHEN_NORTH_DOOR, NORTH_AT_KITCHEN),
        (NORTH_AT_KITCHEN, NORTH_AT_MEETING),
        (SOUTH_AT_OPEN_PLAN, OPEN_PLAN),
        (SOUTH_AT_OPEN_PLAN, SOUTH_EAST),
        (OPEN_PLAN, EAST_AT_OPEN_PLAN),
        (SOUTH_EAST, EAST_AT_OPEN_PLAN),
        (EAST_AT_OPEN_PLAN, NORTH_EAST),
        (NORTH_EAST, NORTH_AT_MEETING),
        (NORTH_EAST, MEETING_EAST),
        (NORTH_AT_MEETING, MEETING_WEST_DOOR),
        (MEETING_WEST_DOOR, MEETING_WEST),
        (MEETING_WEST, GOAL),
        (MEETING_EAST, GOAL),
    ];

    FloorPlan {
        width: 640,
        height: 400,
        outline: Rect::corners(10, 10, 630, 390),
        walls: w.walls,
        doors: w.doors,
        obstacles,
        rooms,
        points,
        connections,
    }
}
