//! Input quoted back in a message: cut short and made visible.
//!
//! Whatever the player typed, pasted, linked or saved may be a megabyte
//! long, or hold line breaks, a byte-order mark or other characters that
//! show as nothing. A message that quotes it must stay one short line that
//! a screen reader can read out, so every message that quotes input does
//! so through [`quote`].

/// The most characters of input a message quotes; longer input is cut,
/// and the cut shown by an ellipsis.
pub const QUOTE_CHARS: usize = 40;

/// `text` between single quotes, as an error message quotes it: at most
/// [`QUOTE_CHARS`] characters of it, then `…` if there were more, with
/// control and invisible characters written out as `\n`, `\t`, `\r` or
/// `\u{feff}` (each counting as one character of the limit).
///
/// ```
/// use slide::quote::quote;
/// assert_eq!(quote("4x4"), "'4x4'");
/// assert_eq!(quote("\u{feff}0 0"), "'\\u{feff}0 0'");
/// assert_eq!(quote(&"9".repeat(1_000_000)), format!("'{}…'", "9".repeat(40)));
/// ```
pub fn quote(text: &str) -> String {
    let mut out = String::from("'");
    let mut chars = text.chars();
    for c in chars.by_ref().take(QUOTE_CHARS) {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_invisible(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    if chars.next().is_some() {
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
