//! Links to a position: what the Share button puts in the address, and
//! how a link opened is read back, checked as strictly as a position typed
//! in.
//!
//! A link names the game, its rules when it has any, and the position, each
//! written by the game's [`Keep`] words:
//!
//! ```text
//! ?game=sliding&board=4x4:1.2.3.4.5.6.7.8.9.10.11.12.13.14.0.15
//! ?game=pegs&rules=classic:16&board=ooooooooooooooo.ooooooooooooooooo
//! ?game=route&rules=maze.10.10.42:4:manhattan:0-0:1,1-19,19&board=1,1.1,5
//! ```
//!
//! The words need no escaping (see [`Keep`]); anything else is escaped
//! anyway, so a link is always a valid address.

use super::history::{Clock, History};
use super::save::Keep;
use super::session::{Session, Snapshot, DEFAULT_SPEED};

/// The parts of a link to a position, in the order they are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The game's id (`game=`).
    pub game: String,
    /// The rules, if the game has any to say (`rules=`).
    pub rules: Option<String>,
    /// The position (`board=`), in the game's own text format, not yet read.
    pub board: String,
}

impl Link {
    /// The link's query, from `?` on, ready to append to the page's address.
    pub fn query(&self) -> String {
        let mut query = format!("?game={}", escape_component(&self.game));
        if let Some(rules) = &self.rules {
            query.push_str(&format!("&rules={}", escape_component(rules)));
        }
        query.push_str(&format!("&board={}", escape_component(&self.board)));
        query
    }
}

/// Escapes a query value: characters that are safe in a query stand (the
/// words [`Keep`] writes use only those), anything else is percent-escaped.
fn escape_component(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~:,;!*'()/@".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

impl<G: Keep> Session<G> {
    /// The link to the current position.
    ///
    /// # Errors
    /// A lower-case reason when the game cannot be shared (a map from the
    /// player's own image).
    pub fn share_link(&self) -> Result<Link, String> {
        let game = self.game();
        if let Some(reason) = game.unshareable() {
            return Err(reason);
        }
        let rules = game.write_rules()?;
        Ok(Link {
            game: G::ID.into(),
            rules: (!rules.is_empty()).then_some(rules),
            board: game.write_state(self.state()),
        })
    }

    /// A new game from a link's rules (`None`: the link gave none) and
    /// position.
    ///
    /// # Errors
    /// A lower-case reason: the rules or the position cannot be read, or
    /// the position is not one the rules allow.
    pub fn open_link(rules: Option<&str>, board: &str) -> Result<Session<G>, String> {
        let game = G::read_rules(rules.unwrap_or("").trim())?;
        let board = board.trim();
        if board.is_empty() {
            return Err("the link has no position".into());
        }
        let state = game.read_state(board)?;
        // A position that carries its moves (a route) is replayed from the
        // start, so that Undo and Restart work as in a game played here.
        let mut states = vec![Snapshot {
            state: game.start_of(&state),
            moves: 0,
            last: None,
            assisted: false,
        }];
        for mv in game.moves_to(&state) {
            let before = states.last().expect("the start is always there");
            let after = game
                .apply(&before.state, mv)
                .map_err(|e| format!("the position's moves are not legal: {e}"))?;
            let moves = before.moves + game.move_cost(&before.state, &after, before.last, mv);
            states.push(Snapshot {
                state: after,
                moves,
                last: Some(mv),
                assisted: false,
            });
        }
        if states.last().map(|s| &s.state) != Some(&state) {
            return Err("the position's moves do not lead to it".into());
        }
        let at = states.len() - 1;
        let history = History::from_states(states, at).ok_or("the history is empty")?;
        let mut session = Session::resumed(game, history, Clock::default(), DEFAULT_SPEED);
        // A position someone else chose (it may be nearly solved) does not
        // count for the best scores, as a typed one does not.
        session.set_ranked(false);
        Ok(session)
    }
}
