//! Reading keys and gestures the same way in every game. Nothing here
//! changes state: the games turn what is read into moves.

use crate::sliding::Dir;

/// What a key asks of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SharedKey {
    /// Take back the last move.
    Undo,
    /// Replay the move taken back.
    Redo,
    /// Show the best next move.
    Hint,
    /// Finish the auto-solve at once.
    SkipToEnd,
}

/// The shared meaning of a key press (`key` as in `KeyboardEvent.key`):
/// Ctrl (or Cmd) with Z undoes, with Shift+Z or Y redoes; H hints; End
/// skips to the end of an auto-solve.
pub fn shared_key(key: &str, ctrl: bool, shift: bool) -> Option<SharedKey> {
    if ctrl {
        return match key {
            "z" | "Z" if shift => Some(SharedKey::Redo),
            "z" | "Z" => Some(SharedKey::Undo),
            "y" | "Y" => Some(SharedKey::Redo),
            _ => None,
        };
    }
    match key {
        "h" | "H" => Some(SharedKey::Hint),
        "End" => Some(SharedKey::SkipToEnd),
        _ => None,
    }
}

/// The direction of an arrow key, or of W A S D.
pub fn arrow(key: &str) -> Option<Dir> {
    match key {
        "ArrowUp" | "w" | "W" => Some(Dir::Up),
        "ArrowDown" | "s" | "S" => Some(Dir::Down),
        "ArrowLeft" | "a" | "A" => Some(Dir::Left),
        "ArrowRight" | "d" | "D" => Some(Dir::Right),
        _ => None,
    }
}

/// The direction of a swipe that moved (`dx`, `dy`) pixels, if it went far
/// enough (`min_distance`) and clearly more one way than the other; short or
/// diagonal gestures are taps or nothing.
pub fn swipe_dir(dx: f64, dy: f64, min_distance: f64) -> Option<Dir> {
    let (ax, ay) = (dx.abs(), dy.abs());
    if ax.max(ay) < min_distance {
        return None;
    }
    // Within about 27 degrees of an axis.
    if ax >= 2.0 * ay {
        Some(if dx > 0.0 { Dir::Right } else { Dir::Left })
    } else if ay >= 2.0 * ax {
        Some(if dy > 0.0 { Dir::Down } else { Dir::Up })
    } else {
        None
    }
}
