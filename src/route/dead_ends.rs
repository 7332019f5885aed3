//! A map's dead ends, cut away once per map: what the preprocessed search
//! [`super::Algorithm::JpsPlusPruned`] reads.
//!
//! Pixels are peeled off the map's move graph (8-connected, no corner
//! cutting) while they have at most one neighbour left: each peeled pixel
//! keeps the neighbour it was left with as its parent. What is peeled is a
//! forest of dead ends, each tree hanging from one pixel of the *core*
//! (what no peeling removes: the pixels on a cycle, and the paths between
//! cycles), or, in a part of the map without a cycle, from a root of its
//! own. A walk out of a tree passes its hanging pixel, and a shortest walk
//! between two core pixels never enters a tree (it would leave by the pixel
//! it entered by), so:
//!
//! - two pixels of one tree are joined by the tree's one path (up from
//!   each to where their ways meet), found without a search;
//! - otherwise the route climbs from the start to its tree's core pixel,
//!   runs the shortest way through the core, and descends to the goal: the
//!   middle found by JPS+ on the core alone (the peeled pixels as walls).
//!
//! Walling the peeled pixels keeps every move between core pixels: a
//! diagonal step between two core pixels needs both pixels beside it
//! walkable, and each of those has both ends of the step as neighbours, so
//! it is never left with one and never peeled.
//!
//! A perfect maze (maze512-1-0, one path between any two pixels) is one
//! tree and has no core at all: every query is two climbs. Open maps lose
//! only a few pockets and search as JPS+ does. Memory: the core as a grid
//! and its JPS+ table (17 bytes a pixel), and a parent and depth per pixel
//! (8 bytes): about 6.5 MB at 512 x 512; built in a few tens of ms.

use std::sync::Arc;

use super::grid::{Grid, Pixel};
use super::jps_plus::JumpTable;

/// No parent: a core pixel, a wall, or a tree's own root.
const NONE: u32 = u32::MAX;

/// A map's dead-end forest and its core.
pub struct DeadEnds {
    /// The map with every peeled pixel a wall.
    core: Arc<Grid>,
    /// The core's JPS+ table.
    table: Arc<JumpTable>,
    /// Each pixel's way up its tree, side by side so that a climb reads
    /// one place a step.
    up: Vec<Up>,
}

/// A pixel's way up its dead-end tree.
#[derive(Clone, Copy)]
struct Up {
    /// The neighbour towards the tree's root; [`NONE`] for core pixels,
    /// roots and walls.
    parent: u32,
    /// Steps up to the tree's root (0 for core pixels, roots and walls).
    depth: u32,
}

/// Where a query's two ends stand, once climbed out of their dead ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ends {
    /// Both in one tree (or one core pixel): the whole walk, start first.
    Tree(Vec<Pixel>),
    /// In different parts of the map: no route.
    Parted,
    /// Through the core: the walk from the start up to its core pixel
    /// (`head`, the start first), and from the goal's core pixel down to the
    /// goal (`tail`, the core pixel first). Each holds at least one pixel.
    Core { head: Vec<Pixel>, tail: Vec<Pixel> },
}

impl DeadEnds {
    /// Peels `grid`'s dead ends and builds its core's table.
    pub fn new(grid: &Grid) -> DeadEnds {
        let (width, height) = (grid.width, grid.height);
        let pixels = width * height;
        let mut degree = vec![0u8; pixels];
        let mut stack = Vec::new();
        for (at, degree) in degree.iter_mut().enumerate() {
            if !grid.open_at(at) {
                continue;
            }
            let mut neighbours = 0u8;
            grid.each_step((at % width, at / width), true, |_, _| neighbours += 1);
            *degree = neighbours;
            if neighbours <= 1 {
                stack.push(at as u32);
            }
        }
        let mut peeled = vec![false; pixels];
        let mut parent = vec![NONE; pixels];
        let mut order = Vec::new();
        while let Some(at) = stack.pop() {
            let at = at as usize;
            if peeled[at] {
                continue;
            }
            peeled[at] = true;
            order.push(at as u32);
            // At most one neighbour is left: the parent (none for a root).
            let mut left = NONE;
            grid.each_step((at % width, at / width), true, |(x, y), _| {
                let next = y * width + x;
                if !peeled[next] {
                    left = next as u32;
                }
            });
            if left != NONE {
                parent[at] = left;
                let next = left as usize;
                degree[next] -= 1;
                if degree[next] == 1 {
                    stack.push(left);
                }
            }
        }
        // Parents are peeled after their children: depths from the last.
        let mut up: Vec<Up> = parent
            .iter()
            .map(|&parent| Up { parent, depth: 0 })
            .collect();
        for &at in order.iter().rev() {
            let parent = up[at as usize].parent;
            if parent != NONE {
                up[at as usize].depth = up[parent as usize].depth + 1;
            }
        }
        let walkable = (0..pixels)
            .map(|at| u8::from(grid.open_at(at) && !peeled[at]))
            .collect();
        let core = Grid::from_bytes(width, height, walkable).expect("the core has the grid's size");
        let table = Arc::new(JumpTable::new(&core));
        DeadEnds {
            core: Arc::new(core),
            table,
            up,
        }
    }

    /// The map with its dead ends walled.
    pub fn core(&self) -> &Arc<Grid> {
        &self.core
    }

    /// The core's JPS+ table.
    pub fn table(&self) -> &Arc<JumpTable> {
        &self.table
    }

    /// How many pixels are left in the core.
    pub fn core_pixels(&self) -> usize {
        self.core.walkable_count()
    }

    /// The bytes this holds, its core's table included (the core's own
    /// grid counted as one byte a pixel).
    pub fn bytes(&self) -> usize {
        let pixels = self.up.len();
        pixels * (4 + 4 + 1) + pixels * 16 + pixels / 8
    }

    /// Climbs from `from` and `to` (walkable pixels of the map this was
    /// built for) out of their dead ends.
    pub(crate) fn ends(&self, from: Pixel, to: Pixel) -> Ends {
        let width = self.core.width;
        let mut a = Climber::new(from, width);
        let mut b = Climber::new(to, width);
        let mut head = vec![from];
        let mut tail = vec![to];
        let depth = |climber: &Climber| self.up[climber.at as usize].depth;
        while depth(&a) > depth(&b) {
            head.push(a.climb(&self.up, width));
        }
        while depth(&b) > depth(&a) {
            tail.push(b.climb(&self.up, width));
        }
        while a.at != b.at && depth(&a) > 0 {
            head.push(a.climb(&self.up, width));
            tail.push(b.climb(&self.up, width));
        }
        let (a, b) = (a.at, b.at);
        tail.reverse();
        if a == b {
            head.pop();
            head.extend(tail);
            return Ends::Tree(head);
        }
        if self.core.open_at(a as usize) && self.core.open_at(b as usize) {
            Ends::Core { head, tail }
        } else {
            // A root of a tree with no core: a part of the map of its own.
            Ends::Parted
        }
    }
}

/// A pixel climbing its tree, its coordinates followed step by step (a
/// parent is a neighbour), not divided out of its index each step.
struct Climber {
    at: u32,
    pixel: Pixel,
}

impl Climber {
    fn new(pixel: Pixel, width: usize) -> Climber {
        Climber {
            at: (pixel.1 * width + pixel.0) as u32,
            pixel,
        }
    }

    /// One step up: the parent's pixel.
    #[inline]
    fn climb(&mut self, up: &[Up], width: usize) -> Pixel {
        let parent = up[self.at as usize].parent;
        self.at = parent;
        if width <= 2 {
            // A step of one index is no single move on so narrow a map.
            self.pixel = (parent as usize % width, parent as usize / width);
            return self.pixel;
        }
        let (x, y) = &mut self.pixel;
        // The parent is one of the eight pixels around.
        let step = parent as isize - (*y * width + *x) as isize;
        let w = width as isize;
        let dy = if step < -1 {
            -1
        } else if step > 1 {
            1
        } else {
            0
        };
        let dx = step - dy * w;
        *x = x.wrapping_add_signed(dx);
        *y = y.wrapping_add_signed(dy);
        self.pixel
    }
}

/// The whole walk: `head` up to the core, `middle` through it (from
/// `head`'s last pixel to `tail`'s first), `tail` down to the goal.
pub(crate) fn joined(mut head: Vec<Pixel>, middle: &[Pixel], tail: &[Pixel]) -> Vec<Pixel> {
    head.pop();
    head.extend_from_slice(middle);
    head.extend_from_slice(&tail[1..]);
    head
}
