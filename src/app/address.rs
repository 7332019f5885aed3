//! The page's address: what each of its parameters asks for, clamped to
//! the limits the page states, and one sentence for each parameter the
//! page cannot honour as written, so that a link never shows something
//! else without a word.
//!
//! | parameter | honoured                       | otherwise                            |
//! |-----------|--------------------------------|--------------------------------------|
//! | `game`    | a game's id                    | the game last shown, and a sentence  |
//! | `size`    | `WxH`, each side 2 to 10       | sides clamped into 2 to 10           |
//! | `seed`    | a whole number below 2^64      | a random deal                        |
//! | `layout`  | a layout's id or name          | the classic game                     |
//! | `map`     | `office`, `maze-N`             | N clamped to the mazes offered       |
//! | `moves`   | a way to walk's id             | the map's own way to walk            |
//! | `board`   | a position, with `game`/`rules`| the game saved, and a sentence       |
//!
//! A query longer than [`MAX_QUERY_CHARS`] is not read at all (a link to
//! the longest position a game writes is far shorter).

use crate::pegs::{layouts, Layout};
use crate::quote::quote;
use crate::sliding::board::{clamp_side, split_size, MAX_SIDE, MIN_SIDE};

use super::route::Walk;
use super::wording::group_thousands;

/// The longest query (`?…`, in characters) the page reads: a route walked
/// over some 20,000 waypoints fits, and nothing a game writes is longer.
pub const MAX_QUERY_CHARS: usize = 200_000;

/// What a parameter asks for, as far as it can be honoured, and the
/// sentence that says where it was not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading<T> {
    /// What the page does.
    pub value: T,
    /// Why that is not what the address said, if it is not.
    pub note: Option<String>,
}

impl<T> Reading<T> {
    fn honoured(value: T) -> Reading<T> {
        Reading { value, note: None }
    }

    fn noted(value: T, note: String) -> Reading<T> {
        Reading {
            value,
            note: Some(note),
        }
    }
}

/// Whether a query is short enough to read.
///
/// # Errors
/// A sentence saying how long it is and how long a query may be.
pub fn check_query(query: &str) -> Result<(), String> {
    let length = query.chars().count();
    if length > MAX_QUERY_CHARS {
        return Err(format!(
            "The address is {} characters long, more than the {} the page reads, so it was ignored.",
            group_thousands(length as u64),
            group_thousands(MAX_QUERY_CHARS as u64)
        ));
    }
    Ok(())
}

/// The game a page opened at an address shows, as an index into `games`
/// (each game's id and the parameters of its own address, such as
/// `sliding` with `size` and `seed`, in the page's order); `present` names
/// the parameters the address carries. In order: the game `?game=` names
/// (`wanted`), the game a shared position belongs to (`linked`), the first
/// game whose own parameters the address carries (so the README's
/// `?size=4x4&seed=3` shows the sliding puzzle whatever game was shown
/// last), the game shown `last`, and else the first game.
pub fn game_shown(
    games: &[(&str, &[&str])],
    present: &[&str],
    wanted: Option<&str>,
    linked: Option<&str>,
    last: Option<&str>,
) -> usize {
    let index_of = |id: &str| games.iter().position(|&(game, _)| game == id);
    wanted
        .and_then(index_of)
        .or_else(|| linked.and_then(index_of))
        .or_else(|| {
            games
                .iter()
                .position(|(_, own)| own.iter().any(|name| present.contains(name)))
        })
        .or_else(|| last.and_then(index_of))
        .unwrap_or(0)
}

/// The sentence for `?game=` naming no game: `shown` is the name of the
/// game shown instead (in lower case, as in running text), `resumed`
/// whether it is the player's saved game.
pub fn unknown_game(wanted: &str, shown: &str, resumed: bool) -> String {
    let whose = if resumed { "your" } else { "a new" };
    format!(
        "There is no game called {}; showing {whose} {shown}.",
        quote(wanted)
    )
}

/// The sentence for a link that gives a game's rules (or names a game
/// with nothing else) but no position: most likely cut short.
pub fn cut_link(resumed: bool) -> String {
    let what = if resumed {
        "your saved game"
    } else {
        "a new game"
    };
    format!("The link has no position (it may have been cut short); showing {what}.")
}

/// The sentence for parameters the page does not read at all (a cut
/// `boa…`, a misspelt name): `None` if every name is `known`.
pub fn unread<'a>(names: impl IntoIterator<Item = &'a str>, known: &[&str]) -> Option<String> {
    let unread: Vec<String> = names
        .into_iter()
        .filter(|name| !known.contains(name))
        .map(quote)
        .collect();
    match unread.as_slice() {
        [] => None,
        [one] => Some(format!(
            "The address's {one} is not something the page reads, so it was ignored."
        )),
        many => Some(format!(
            "The address's {} are not things the page reads, so they were ignored.",
            many.join(", ")
        )),
    }
}

/// `?size=WxH` for the sliding puzzle: each side clamped into the sides a
/// board may have ([`crate::sliding::SIDES`]); text that is not a size gives
/// `default`.
pub fn size(text: &str, default: (usize, usize)) -> Reading<(usize, usize)> {
    let side = |text: &str| -> Option<u128> {
        let text = text.trim();
        // Digits only: a side of `1e400` or `-3` is not a size at all.
        (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse::<u128>().unwrap_or(u128::MAX))
    };
    let parsed = split_size(text).and_then(|(w, h)| Some((side(w)?, side(h)?)));
    let Some((w, h)) = parsed else {
        return Reading::noted(
            default,
            format!(
                "The size {} is not written WxH (such as 4x4), so a {}x{} is dealt.",
                quote(text),
                default.0,
                default.1
            ),
        );
    };
    let (width, height) = (clamp_side(w), clamp_side(h));
    if (width as u128, height as u128) == (w, h) {
        Reading::honoured((width, height))
    } else {
        Reading::noted(
            (width, height),
            format!(
                "Boards are {MIN_SIDE} to {MAX_SIDE} tiles a side, so {} became {width}x{height}.",
                quote(text)
            ),
        )
    }
}

/// `?seed=N`: `None` (a random deal) if it is not a whole number that fits.
pub fn seed(text: &str) -> Reading<Option<u64>> {
    match text.trim().parse::<u64>() {
        Ok(seed) => Reading::honoured(Some(seed)),
        Err(_) => Reading::noted(
            None,
            format!(
                "The seed {} is not a whole number from 0 to {}, so the deal is random.",
                quote(text),
                group_thousands(u64::MAX)
            ),
        ),
    }
}

/// `?layout=ID` for peg solitaire: a layout's id, or its id or name in any
/// case (`T`); otherwise the classic game (`default`).
pub fn layout(text: &str, default: Layout) -> Reading<Layout> {
    let wanted = text.trim();
    let found = layouts()
        .iter()
        .find(|layout| layout.id == wanted)
        .or_else(|| {
            layouts().iter().find(|layout| {
                layout.id.eq_ignore_ascii_case(wanted) || layout.name.eq_ignore_ascii_case(wanted)
            })
        });
    match found {
        Some(layout) => Reading::honoured(*layout),
        None => Reading::noted(
            default,
            format!(
                "There is no peg layout called {}; showing the {} game.",
                quote(text),
                default.name.to_lowercase()
            ),
        ),
    }
}

/// What `?map=` asks route finding to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapChoice {
    /// The office floor plan.
    Office,
    /// A maze of this many cells a side.
    Maze(usize),
}

/// `?map=office` or `?map=maze-N`, where `sizes` are the mazes the page
/// offers, smallest first: a maze of another size is the nearest offered
/// (clamped to the smallest and the largest); anything else the office.
pub fn map(text: &str, sizes: &[usize]) -> Reading<MapChoice> {
    let wanted = text.trim();
    if wanted == "office" {
        return Reading::honoured(MapChoice::Office);
    }
    let cells = wanted
        .strip_prefix("maze-")
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .map(|n| n.parse::<u128>().unwrap_or(u128::MAX));
    let (Some(cells), Some(&smallest), Some(&largest)) = (cells, sizes.first(), sizes.last())
    else {
        return Reading::noted(
            MapChoice::Office,
            format!(
                "There is no map called {}; showing the office.",
                quote(text)
            ),
        );
    };
    if sizes.iter().any(|&size| size as u128 == cells) {
        return Reading::honoured(MapChoice::Maze(cells as usize));
    }
    let nearest = sizes
        .iter()
        .copied()
        .min_by_key(|&size| (size as u128).abs_diff(cells))
        .unwrap_or(largest);
    Reading::noted(
        MapChoice::Maze(nearest),
        format!(
            "Mazes here are {smallest} to {largest} cells a side ({}), so {} shows the {nearest} by {nearest} maze.",
            sizes
                .iter()
                .map(|size| format!("maze-{size}"))
                .collect::<Vec<_>>()
                .join(", "),
            quote(text)
        ),
    )
}

/// `?moves=ID` for route finding: a way to walk, or `None` (the map's own)
/// with a sentence naming the ways there are.
pub fn walk(text: &str) -> Reading<Option<Walk>> {
    match Walk::named(text.trim()) {
        Some(walk) => Reading::honoured(Some(walk)),
        None => Reading::noted(
            None,
            format!(
                "There is no way to walk called {} (there are {}); walking the map's own way.",
                quote(text),
                Walk::ALL
                    .iter()
                    .map(|walk| format!("'{}'", walk.id()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
    }
}
