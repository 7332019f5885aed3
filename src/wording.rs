//! Small pieces of wording shared by every message: the games', the
//! rules' errors and the command line's (counts with their nouns in the
//! singular or plural, thousands grouped). Platform-free, with no
//! dependencies, so the rules use it as well as the games.

/// `1234567` as `1,234,567`.
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `text` with its first letter in upper case: the core's lower-case error
/// messages, as the start of a sentence on the page.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `n` things, the noun agreeing with the number and the number grouped in
/// thousands: `count(1, "move", "moves")` is `1 move`, `count(1234, "move",
/// "moves")` is `1,234 moves`. Every message that counts something says it
/// through this, so none says "1 moves".
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group_thousands(n), noun(n, one, many))
}

/// The noun alone, agreeing with `n`: `one` for exactly 1, `many` otherwise
/// (English says "0 moves").
pub fn noun<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// A counted noun that a game names once for all its messages (the moves of
/// sliding, the jumps of pegs, the legs of a route).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noun {
    /// The singular: `move`.
    pub one: &'static str,
    /// The plural: `moves`.
    pub many: &'static str,
}

impl Noun {
    /// `n` of this noun, as [`count`] says it.
    pub fn count(self, n: u64) -> String {
        count(n, self.one, self.many)
    }

    /// The noun alone, agreeing with `n`.
    pub fn of(self, n: u64) -> &'static str {
        noun(n, self.one, self.many)
    }

    /// The noun agreeing with a rate that may be fractional: "1 move/s",
    /// but "1.5 moves/s" and "2 moves/s".
    pub fn per(self, rate: f64) -> &'static str {
        if rate == 1.0 {
            self.one
        } else {
            self.many
        }
    }
}
