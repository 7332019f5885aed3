//! The games as the page plays them, without the page.
//!
//! - [`game`]: the one interface a game implements ([`game::Game`]): its
//!   rules, how it reads pointer and keys, its wording.
//! - [`session`]: the mid end written once over it: undo history, clock,
//!   solver requests and answers, hints, the auto-solve, animation timing.
//! - [`play`]: the object-safe face of a session that the page drives.
//! - [`sliding`], [`pegs`], [`route`] and [`blocks`]: the four games, each
//!   one folder: its rules glue, input rules, animation places, wording,
//!   save format and solver work (and the sliding puzzle's Shuffle at a
//!   difficulty and tile pictures, route finding's comparison of searches).
//! - [`games`]: the one list of games, a line a game.
//! - [`address`]: the page's address parameters, clamped, each one the
//!   page cannot honour said in a sentence.
//! - [`save`] and [`share`]: games kept in the browser between visits
//!   (the [`save::SaveFormat`] words every game writes) and links to a position.
//! - [`startup`]: saves that cannot be used set aside, and a start that
//!   did not finish undone at the next.
//! - [`workers`]: the solver workers' protocol, the pool that shares
//!   requests among them, and what each worker runs.
//! - [`par`] and [`records`]: the shortest solution a won game is compared
//!   with, and the player's best scores.
//! - [`viewport`]: zooming and panning a board (route maps on a phone).
//! - [`known`], [`history`], [`anim`], [`nudge`], [`grid`], [`input`],
//!   [`wording`]: the pieces the session and the games share.
//! - [`contrast`]: the arithmetic that checks the board's colours stand
//!   out (WCAG contrast ratios).
//!
//! Platform-free, so that everything the page does short of drawing and
//! listening is tested natively; `web` binds it to the DOM.

pub mod address;
pub mod anim;
pub mod blocks;
pub mod contrast;
pub mod game;
pub mod games;
pub mod grid;
pub mod history;
pub mod input;
pub mod known;
pub mod nudge;
pub mod par;
pub mod pegs;
pub mod play;
pub mod records;
pub mod route;
pub mod save;
pub mod session;
pub mod share;
pub mod sliding;
pub mod startup;
pub mod viewport;
/// The wording helpers live beside the rules (errors count in words too),
/// at [`crate::wording`]; the games reach them here as well.
pub use crate::wording;
pub mod workers;

pub use game::Game;
pub use play::Play;
pub use save::SaveFormat;
pub use session::Session;
