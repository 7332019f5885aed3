//! Helpers for the words a game's [`super::SaveFormat`] writes: a bitmap
//! as its runs (a floor plan's walls) and text as one escaped word (a file
//! name). Every word they write is made of characters that need no escaping
//! in a link, and reads back exactly.

use crate::quote::quote;

/// Writes a row-by-row bitmap as its runs: the length of the first run of
/// `false`, then of `true`, and so on, alternately (a first run may be
/// empty), in base 36 separated by `-`. A floor plan's runs are few, so
/// this is short where the bitmap is not.
pub fn write_runs(bits: impl IntoIterator<Item = bool>) -> String {
    let mut runs: Vec<u64> = vec![0];
    let mut current = false;
    for bit in bits {
        if bit != current {
            runs.push(0);
            current = bit;
        }
        *runs.last_mut().expect("there is always a run") += 1;
    }
    runs.iter()
        .map(|&run| base36(run))
        .collect::<Vec<_>>()
        .join("-")
}

/// Reads runs written by [`write_runs`] back into `count` bits.
///
/// # Errors
/// A run that is not a number, or runs that do not add up to `count`.
pub fn read_runs(text: &str, count: usize) -> Result<Vec<bool>, String> {
    let mut bits = Vec::with_capacity(count);
    let mut current = false;
    for run in text.split('-') {
        let run = u64::from_str_radix(run, 36)
            .ok()
            .and_then(|run| usize::try_from(run).ok())
            .filter(|&run| run <= count - bits.len().min(count))
            .ok_or_else(|| format!("{run} is not a run of pixels on this map", run = quote(run)))?;
        bits.extend(std::iter::repeat_n(current, run));
        current = !current;
    }
    if bits.len() != count {
        return Err(format!(
            "the map's runs cover {}, not {count}",
            crate::wording::count(bits.len() as u64, "pixel", "pixels")
        ));
    }
    Ok(bits)
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("base-36 digits are ASCII")
}

/// Escapes text (a file name) so that it is one word of unreserved
/// characters: letters, digits, `_` and `-` stand, anything else becomes
/// `%` and its UTF-8 bytes in hexadecimal.
pub fn escape(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-' {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Reads text written by [`escape`].
///
/// # Errors
/// A `%` not followed by two hexadecimal digits, or bytes that are not
/// UTF-8.
pub fn unescape(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text
                .get(i + 1..i + 3)
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
                .ok_or_else(|| format!("{text} is not an escaped name", text = quote(text)))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| format!("{text} is not an escaped name", text = quote(text)))
}
