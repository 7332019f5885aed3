//! The solver workers, without the browser: what a game provides to be
//! solved ([`job`]), how messages travel ([`record`]) and what they are
//! ([`protocol`]), the table sets ([`tables`]), the page-side coordinator
//! that shares requests out among the workers ([`pool`]) and knows what
//! each holds of the tasks' large parts ([`holdings`]), what each
//! worker runs ([`engine`]), and the page's one download of each table file
//! for them all ([`downloads`]). None of them names a game: the list of games
//! is [`crate::app::games`].
//!
//! Everything here is plain Rust, tested natively by running a pool and its
//! engines in one process; `web` only moves the messages between the page
//! and real Web Workers.

pub mod downloads;
pub mod engine;
pub mod holdings;
pub mod job;
pub mod pool;
pub mod protocol;
pub mod record;
pub mod tables;

pub use job::{Aim, Answer, Task};
pub use protocol::{Event, RequestId, SearchProgress, SolverQueue};
