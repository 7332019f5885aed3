//! The worker messages' records as plain JavaScript objects (what
//! `postMessage` copies): `kind` plus one property per field, byte lists as
//! `Uint8Array`, word lists as `Uint32Array`. Written once for every message;
//! what the fields mean is `app::workers::protocol`'s business.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::dom::object;
use crate::app::workers::record::{Record, Value};

/// The record as a plain object.
pub fn to_js(record: &Record) -> JsValue {
    let object = object(&[("kind", record.kind.as_str().into())]);
    for (name, value) in &record.fields {
        let value: JsValue = match value {
            Value::Number(n) => (*n).into(),
            Value::Text(text) => text.as_str().into(),
            Value::Bytes(bytes) => js_sys::Uint8Array::from(bytes.as_slice()).into(),
            Value::Words(words) => js_sys::Uint32Array::from(words.as_slice()).into(),
            Value::Flag(flag) => (*flag).into(),
            Value::Null => JsValue::NULL,
        };
        // Setting a property of a fresh plain object cannot fail.
        let _ = js_sys::Reflect::set(&object, &JsValue::from_str(name), &value);
    }
    object.into()
}

/// A plain object as a record, or what is wrong with it.
pub fn from_js(value: &JsValue) -> Result<Record, String> {
    if !value.is_object() {
        return Err("the message is not an object".into());
    }
    let kind = js_sys::Reflect::get(value, &"kind".into())
        .ok()
        .and_then(|kind| kind.as_string())
        .ok_or("the message has no kind")?;
    let keys = js_sys::Reflect::own_keys(value).map_err(|_| "the message cannot be read")?;
    let mut fields = Vec::new();
    for key in keys.iter() {
        let Some(name) = key.as_string().filter(|name| name != "kind") else {
            continue;
        };
        let field = js_sys::Reflect::get(value, &key).unwrap_or(JsValue::UNDEFINED);
        let field = if let Some(n) = field.as_f64() {
            Value::Number(n)
        } else if let Some(text) = field.as_string() {
            Value::Text(text)
        } else if let Some(flag) = field.as_bool() {
            Value::Flag(flag)
        } else if let Some(bytes) = field.dyn_ref::<js_sys::Uint8Array>() {
            Value::Bytes(bytes.to_vec())
        } else if let Some(words) = field.dyn_ref::<js_sys::Uint32Array>() {
            Value::Words(words.to_vec())
        } else if field.is_null() || field.is_undefined() {
            Value::Null
        } else {
            return Err(format!("the field '{name}' is of no type a message has"));
        };
        fields.push((name, field));
    }
    Ok(Record { kind, fields })
}
