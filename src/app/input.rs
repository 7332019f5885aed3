//! Reading input: keys and gestures to actions. Nothing here changes state.

use crate::sliding::Dir;

/// What a key or gesture asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Slide the tile next to the blank in this direction.
    Push(Dir),
    /// Take back the last move.
    Undo,
    /// Replay the move taken back.
    Redo,
    /// Show the best next move.
    Hint,
}

/// The action a key press asks for (`key` as in `KeyboardEvent.key`).
///
/// Arrow keys (and W A S D) slide the tile next to the blank in the arrow's
/// direction. Ctrl (or Cmd) with Z undoes, with Shift+Z or Y redoes; H hints.
pub fn key_action(key: &str, ctrl: bool, shift: bool) -> Option<Action> {
    if ctrl {
        return match key {
            "z" | "Z" if shift => Some(Action::Redo),
            "z" | "Z" => Some(Action::Undo),
            "y" | "Y" => Some(Action::Redo),
            _ => None,
        };
    }
    match key {
        "ArrowUp" | "w" | "W" => Some(Action::Push(Dir::Up)),
        "ArrowDown" | "s" | "S" => Some(Action::Push(Dir::Down)),
        "ArrowLeft" | "a" | "A" => Some(Action::Push(Dir::Left)),
        "ArrowRight" | "d" | "D" => Some(Action::Push(Dir::Right)),
        "h" | "H" => Some(Action::Hint),
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

/// What a key asks of the peg-solitaire board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PegAction {
    /// Move the cursor to the next hole this way.
    Cursor(Dir),
    /// Click the hole under the cursor: select a peg, or jump to it.
    Choose,
    /// Drop the selection.
    Deselect,
    /// Take back the last jump.
    Undo,
    /// Replay the jump taken back.
    Redo,
    /// Show a winning jump.
    Hint,
}

/// The action a key press asks of the peg board (`key` as in
/// `KeyboardEvent.key`): arrows (and W A S D) move the cursor, Enter or
/// Space chooses, Escape deselects, Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y
/// redoes, H hints.
pub fn peg_key_action(key: &str, ctrl: bool, shift: bool) -> Option<PegAction> {
    match key_action(key, ctrl, shift) {
        Some(Action::Push(dir)) => Some(PegAction::Cursor(dir)),
        Some(Action::Undo) => Some(PegAction::Undo),
        Some(Action::Redo) => Some(PegAction::Redo),
        Some(Action::Hint) => Some(PegAction::Hint),
        None if ctrl => None,
        None => match key {
            "Enter" | " " | "Spacebar" => Some(PegAction::Choose),
            "Escape" => Some(PegAction::Deselect),
            _ => None,
        },
    }
}
