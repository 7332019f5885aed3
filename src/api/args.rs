//! Reading the arguments JavaScript passes to the API.
//!
//! wasm-bindgen's own conversions trust their caller: a `u32` parameter
//! turns `NaN` into 0 and `2**32 + 4` into 4, a `u8` keeps the low byte of
//! 256, and a number where a `&str` is expected makes the glue read memory
//! at a bogus address, which traps. So every exported function that takes
//! a number, a string or bytes takes a `JsValue` and reads it here, before
//! doing anything: a value of the wrong kind throws a `TypeError`, a number
//! that is not a whole number in the argument's range a `RangeError`, and
//! either names the function and the argument, as in
//! `Pegs.jump: 'from' must be a whole number from 0 to 32, not 4294967300`.

use std::fmt::Display;
use std::ops::RangeInclusive;

use wasm_bindgen::{JsCast, JsValue};

/// An argument of an exported function: the function as JavaScript calls
/// it (`"Pegs.jump"`, `"new Puzzle"`) and the argument's name.
#[derive(Clone, Copy)]
pub(super) struct Arg<'a> {
    function: &'a str,
    name: &'a str,
}

impl<'a> Arg<'a> {
    pub(super) fn new(function: &'a str, name: &'a str) -> Arg<'a> {
        Arg { function, name }
    }

    pub(super) fn type_error(self, wanted: &str, value: &JsValue) -> JsValue {
        js_sys::TypeError::new(&self.message(wanted, value)).into()
    }

    pub(super) fn range_error(self, wanted: &str, value: &JsValue) -> JsValue {
        js_sys::RangeError::new(&self.message(wanted, value)).into()
    }

    /// "`function`: '`name`' must be `wanted`, not `value`".
    fn message(self, wanted: &str, value: &JsValue) -> String {
        format!(
            "{}: '{}' must be {wanted}, not {}",
            self.function,
            self.name,
            describe(value)
        )
    }
}

/// A whole number in `range`. Anything but a number (a string, a BigInt,
/// `undefined`) is a `TypeError`; `NaN`, infinities, fractions and numbers
/// outside the range are a `RangeError`. The range's ends must lie within
/// ±2^53, where every whole number is exact.
pub(super) fn integer<T>(value: &JsValue, arg: Arg, range: RangeInclusive<T>) -> Result<T, JsValue>
where
    T: Copy + Display + TryFrom<i64>,
    i64: TryFrom<T>,
{
    let (low, high) = (*range.start(), *range.end());
    let wanted = || format!("a whole number from {low} to {high}");
    let Some(n) = value.as_f64() else {
        return Err(arg.type_error("a number", value));
    };
    let (Ok(low), Ok(high)) = (i64::try_from(low), i64::try_from(high)) else {
        unreachable!("argument ranges fit in 64 bits");
    };
    // NaN and the infinities have no zero fraction, so they fail here too.
    if n.fract() != 0.0 || n < low as f64 || n > high as f64 {
        return Err(arg.range_error(&wanted(), value));
    }
    T::try_from(n as i64).map_err(|_| arg.range_error(&wanted(), value))
}

/// As [`integer`], or `None` for `undefined` or `null`.
pub(super) fn optional_integer<T>(
    value: &JsValue,
    arg: Arg,
    range: RangeInclusive<T>,
) -> Result<Option<T>, JsValue>
where
    T: Copy + Display + TryFrom<i64>,
    i64: TryFrom<T>,
{
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    integer(value, arg, range).map(Some)
}

/// A string; anything else is a `TypeError`.
pub(super) fn string(value: &JsValue, arg: Arg) -> Result<String, JsValue> {
    value
        .as_string()
        .ok_or_else(|| arg.type_error("a string", value))
}

/// As [`string`], or `None` for `undefined` or `null`.
pub(super) fn optional_string(value: &JsValue, arg: Arg) -> Result<Option<String>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    string(value, arg).map(Some)
}

/// Bytes: a `Uint8Array`, a `Uint8ClampedArray` (an `ImageData`'s `data`)
/// or an array of whole numbers from 0 to 255. Anything else, a string
/// included, is a `TypeError`; an array element that is not a byte is
/// refused as `'name[i]'`.
pub(super) fn bytes(value: &JsValue, arg: Arg) -> Result<Vec<u8>, JsValue> {
    if let Some(array) = value.dyn_ref::<js_sys::Uint8Array>() {
        return Ok(array.to_vec());
    }
    if let Some(array) = value.dyn_ref::<js_sys::Uint8ClampedArray>() {
        return Ok(array.to_vec());
    }
    if js_sys::Array::is_array(value) {
        let elements = js_sys::Array::from(value);
        let mut bytes = Vec::with_capacity(elements.length() as usize);
        for (i, element) in elements.iter().enumerate() {
            let name = format!("{}[{i}]", arg.name);
            bytes.push(integer(&element, Arg::new(arg.function, &name), 0..=255u8)?);
        }
        return Ok(bytes);
    }
    Err(arg.type_error(
        "a Uint8Array, a Uint8ClampedArray or an array of bytes",
        value,
    ))
}

/// The elements of an array or of a typed array (a `Uint8Array`, ...), for
/// the caller to read one by one; anything else is a `TypeError`.
pub(super) fn list(value: &JsValue, arg: Arg) -> Result<Vec<JsValue>, JsValue> {
    let typed = js_sys::ArrayBuffer::is_view(value) && !value.is_instance_of::<js_sys::DataView>();
    if js_sys::Array::is_array(value) || typed {
        return Ok(js_sys::Array::from(value).to_vec());
    }
    Err(arg.type_error("an array", value))
}

/// A value as an error message shows it: numbers as JavaScript writes them,
/// strings quoted and cut to a few dozen characters, anything else by kind.
fn describe(value: &JsValue) -> String {
    const SHOWN: usize = 24;
    if let Some(text) = value.as_string() {
        let mut shown: String = text.chars().take(SHOWN).collect();
        if text.chars().nth(SHOWN).is_some() {
            shown.push('…');
        }
        return format!("the string {shown:?}");
    }
    if value.as_f64().is_some() {
        let number: &js_sys::Number = value.unchecked_ref();
        return number
            .to_string_with_radix(10)
            .map_or_else(|_| "a number".to_string(), String::from);
    }
    if value.is_undefined() {
        "undefined".to_string()
    } else if value.is_null() {
        "null".to_string()
    } else if let Some(flag) = value.as_bool() {
        flag.to_string()
    } else if value.is_bigint() {
        "a BigInt".to_string()
    } else if value.is_symbol() {
        "a symbol".to_string()
    } else if value.is_function() {
        "a function".to_string()
    } else if js_sys::Array::is_array(value) {
        "an array".to_string()
    } else {
        "an object".to_string()
    }
}
