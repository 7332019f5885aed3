//! How every message between the page and the workers travels: a kind and
//! named fields of a few plain types, which the browser copies as a plain
//! object (`kind` plus one property per field). Reading a field never
//! panics: it names the field at fault.

/// A field's value in a [`Record`].
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A number (ids, counts and times alike: exact up to 2^53).
    Number(f64),
    /// Text (a heuristic's or table set's name, a board on one line, a list of
    /// nodes), carried unchanged; a string in the browser.
    Text(String),
    /// Bytes (tiles, jumps).
    Bytes(Vec<u8>),
    /// 32-bit words (branch numbers).
    Words(Vec<u32>),
    /// True or false.
    Flag(bool),
    /// No value: an answer's "there is none" (no jumps, no route); `null` in
    /// the browser.
    Null,
}

/// A message as it travels: a kind and named fields.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    /// What kind of message it is.
    pub kind: String,
    /// Its fields, by name.
    pub fields: Vec<(String, Value)>,
}

impl Record {
    /// An empty record of kind `kind`.
    pub fn new(kind: &str) -> Record {
        Record {
            kind: kind.into(),
            fields: Vec::new(),
        }
    }

    /// `self` with one more field.
    pub fn with(mut self, name: &str, value: Value) -> Record {
        self.fields.push((name.into(), value));
        self
    }

    /// `self` with one more number field.
    pub fn number(self, name: &str, n: impl Into<f64>) -> Record {
        self.with(name, Value::Number(n.into()))
    }

    /// The value of the first field called `name`; an error naming the field
    /// and the message's kind when there is none.
    pub fn field(&self, name: &str) -> Result<&Value, String> {
        self.fields
            .iter()
            .find(|(field, _)| field == name)
            .map(|(_, value)| value)
            .ok_or_else(|| format!("the {} message has no field '{name}'", self.kind))
    }

    /// The message for a field that holds the wrong thing (`what` it should hold).
    pub fn wrong(&self, name: &str, what: &str) -> String {
        format!(
            "the field '{name}' of the {} message is not {what}",
            self.kind
        )
    }

    /// A whole number from 0 to 2^53.
    pub fn whole(&self, name: &str) -> Result<u64, String> {
        match self.field(name)? {
            Value::Number(n) if n.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(n) => {
                Ok(*n as u64)
            }
            _ => Err(self.wrong(name, "a whole number")),
        }
    }

    /// A whole number that fits in 32 bits.
    pub fn word(&self, name: &str) -> Result<u32, String> {
        u32::try_from(self.whole(name)?).map_err(|_| self.wrong(name, "a 32-bit number"))
    }

    /// The finite number in field `name`; NaN and the infinities are refused
    /// like a field that holds something else.
    pub fn real(&self, name: &str) -> Result<f64, String> {
        match self.field(name)? {
            Value::Number(n) if n.is_finite() => Ok(*n),
            _ => Err(self.wrong(name, "a number")),
        }
    }

    /// The text in field `name`; an error naming the field and the message's
    /// kind when it is missing or holds anything else.
    pub fn text(&self, name: &str) -> Result<&str, String> {
        match self.field(name)? {
            Value::Text(text) => Ok(text),
            _ => Err(self.wrong(name, "text")),
        }
    }

    /// True or false.
    pub fn flag(&self, name: &str) -> Result<bool, String> {
        match self.field(name)? {
            Value::Flag(flag) => Ok(*flag),
            _ => Err(self.wrong(name, "true or false")),
        }
    }

    /// The bytes in field `name`; an error naming the field and the message's
    /// kind when it is missing or holds anything else.
    pub fn bytes(&self, name: &str) -> Result<&[u8], String> {
        match self.field(name)? {
            Value::Bytes(bytes) => Ok(bytes),
            _ => Err(self.wrong(name, "a list of bytes")),
        }
    }

    /// The 32-bit words in field `name`; an error naming the field and the
    /// message's kind when it is missing or holds anything else.
    pub fn words(&self, name: &str) -> Result<&[u32], String> {
        match self.field(name)? {
            Value::Words(words) => Ok(words),
            _ => Err(self.wrong(name, "a list of 32-bit words")),
        }
    }

    /// Whether a field holds nothing.
    pub fn is_null(&self, name: &str) -> Result<bool, String> {
        Ok(matches!(self.field(name)?, Value::Null))
    }
}
