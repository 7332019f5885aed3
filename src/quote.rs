//! Input quoted back in a message: cut short and made visible.
//!
//! Whatever the player typed, pasted, linked or saved may be a megabyte
//! long, or hold line breaks, a byte-order mark or other characters that
//! show as nothing. A message that quotes it must stay one short line that
//! a screen reader can read out, so every message that quotes input does
//! so through [`quote`].

/// The most characters a quote writes between its quotes (its ellipsis
/// aside); longer input is cut, and the cut shown by an ellipsis.
pub const QUOTE_CHARS: usize = 40;

/// `text` between single quotes, as an error message quotes it: at most
/// [`QUOTE_CHARS`] characters written, then `…` if any of `text` was left
/// out, with control and invisible characters written out as `\n`, `\t`,
/// `\r` or `\u{feff}` (each counting as the characters it is written
/// with, so that a quote of byte-order marks is no longer than one of
/// letters, and a message that quotes stays one short line).
///
/// ```
/// use slide::quote::quote;
/// assert_eq!(quote("4x4"), "'4x4'");
/// assert_eq!(quote("\u{feff}0 0"), "'\\u{feff}0 0'");
/// assert_eq!(quote(&"9".repeat(1_000_000)), format!("'{}…'", "9".repeat(40)));
/// assert_eq!(quote(&"\u{feff}".repeat(100)), format!("'{}…'", "\\u{feff}".repeat(5)));
/// ```
pub fn quote(text: &str) -> String {
    let mut out = String::from("'");
    let mut written = 0;
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        let escape = match c {
            '\n' => Some("\\n".to_string()),
            '\r' => Some("\\r".to_string()),
            '\t' => Some("\\t".to_string()),
            c if is_invisible(c) => Some(format!("\\u{{{:x}}}", c as u32)),
            _ => None,
        };
        // Escapes are ASCII: their length in bytes is their length in
        // characters.
        let width = escape.as_ref().map_or(1, String::len);
        if written + width > QUOTE_CHARS {
            break;
        }
        match escape {
            Some(escape) => out.push_str(&escape),
            None => out.push(c),
        }
        written += width;
        chars.next();
    }
    if chars.peek().is_some() {
        out.push('…');
    }
    out.push('\'');
    out
}

/// Characters that print as nothing, or move the text around: controls,
/// zero-width marks, bidirectional overrides and the byte-order mark.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00ad}'
                | '\u{034f}'
                | '\u{061c}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}
