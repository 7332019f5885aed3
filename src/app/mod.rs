//! The games as the page plays them, without the page: undo history, clock,
//! hints, auto-solve, animation frames, screen geometry and input reading,
//! for the sliding puzzle (`sliding`) and peg solitaire (`pegs`).
//!
//! Platform-free so that everything the page does short of drawing and
//! listening is tested natively; `web` binds it to the DOM.

pub mod anim;
pub mod history;
pub mod input;
pub mod known;
pub mod layout;
pub mod pegs;
pub mod sliding;
pub mod wording;
