//! The classic starting figures of the English board, each with its goal.
//!
//! | id | pegs | goal |
//! |----|------|------|
//! | `classic` | 32 | one peg in the centre |
//! | `t` | 5 | one peg in the centre |
//! | `cross` | 6 | one peg in the centre |
//! | `plus` | 9 | one peg in the centre |
//! | `fireplace` | 16 | one peg in the centre |
//! | `arrow` | 17 | one peg in the centre |
//! | `pyramid` | 16 | one peg in the centre |
//! | `diamond` | 24 | one peg in the centre |

use super::board::PegBoard;
use super::geometry::HOLES;
use super::goal::Goal;

/// A named starting position and the goal to reach from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// A short lower-case name for links and files.
    pub id: &'static str,
    /// The name to show the player, capitalised, a few words.
    pub name: &'static str,
    /// The starting position.
    pub start: PegBoard,
    /// The goal; the start can always reach it (each layout is tested solvable).
    pub goal: Goal,
}

/// Every layout, the classic game first; each can reach its goal.
pub fn layouts() -> &'static [Layout] {
    &LAYOUTS
}

/// The layout called `id`, if there is one.
pub fn layout(id: &str) -> Option<Layout> {
    LAYOUTS.iter().find(|layout| layout.id == id).copied()
}

/// A board drawn in the text format (`o` peg, `.` empty, whitespace
/// ignored), read at compile time.
const fn picture(text: &str) -> PegBoard {
    let bytes = text.as_bytes();
    let mut bits = 0u64;
    let mut hole = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'o' => {
                bits |= 1 << hole;
                hole += 1;
            }
            b'.' => hole += 1,
            b' ' | b'\n' => {}
            _ => panic!("layouts are drawn with o and ."),
        }
        i += 1;
    }
    assert!(hole == HOLES, "a layout has 33 holes");
    match PegBoard::from_bits(bits) {
        Ok(board) => board,
        Err(_) => panic!("a layout has 33 holes"),
    }
}

const LAYOUTS: [Layout; 8] = [
    Layout {
        id: "classic",
        name: "Classic",
        start: PegBoard::classic(),
        goal: Goal::CENTRE,
    },
    Layout {
        id: "t",
        name: "T",
        start: picture(
            "  ...
               ...
             .......
             ..ooo..
             ...o...
               .o.
               ...",
        ),
        goal: Goal::CENTRE,
    },
    Layout {
        id: "cross",
        name: "Cross",
        start: picture(
            "  ...
               .o.
             ..ooo..
             ...o...
             ...o...
               ...
               ...",
        ),
        goal: Goal::CENTRE,
    },
    Layout {
        id: "plus",
        name: "Plus",
        start: picture(
            "  ...
               .o.
             ...o...
             .ooooo.
             ...o...
               .o.
               ...",
        ),
        goal: Goal::CENTRE,
    },
    Layout {
        id: "fireplace",
        name: "Fireplace",
        // Often drawn without the peg at d5 (15 pegs), but that figure lies in
        // another position class than the centre and cannot end there; the
        // peg below the hearth makes it solvable with the 16 pegs the
        // problem is usually given.
        start: picture(
            "  ooo
               ooo
             .ooooo.
             .oo.oo.
             ...o...
               ...
               ...",
        ),
        goal: Goal::CENTRE,
    },
    Layout {
        id: "arrow",
        name: "Up arrow",
        start: picture(
            "  .o.
               ooo
             .ooooo.
             ...o...
             ...o...
               ooo
               ooo",
        ),
        goal: Goal::CENTRE,
    },
    Layout {
        id: "pyramid",
        name: "Pyramid",
        start: picture(
            "  ...
               .o.
             ..ooo..
             .ooooo.
             ooooooo
               ...
               ...",
        ),
        goal: Goal::CENTRE,
    },
    Layout {
        id: "diamond",
        name: "Diamond",
        start: picture(
            "  .o.
               ooo
             .ooooo.
             ooo.ooo
             .ooooo.
               ooo
               .o.",
        ),
        goal: Goal::CENTRE,
    },
];
