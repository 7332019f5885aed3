//! The solver workers, without the browser: what the page asks of them and
//! what they answer ([`protocol`]), the page-side coordinator that shares
//! requests out among them ([`pool`]), and what each worker runs
//! ([`engine`]).
//!
//! Everything here is plain Rust, tested natively by running a pool and its
//! engines in one process; `web` only moves the messages between the page
//! and real Web Workers.

pub mod engine;
pub mod pool;
pub mod protocol;

pub use protocol::{Answer, Event, RequestId, SearchProgress, Solver, Task};
