//! What the native benchmarks share: their arguments, and their figures
//! written as JSON lines for the summary table (`e2e/bench-summary.mjs`).
//!
//! Arguments: a number of runs, and `--short` for the short form `make
//! test` runs (one run, a few instances, answers checked, times not
//! compared). Cargo adds `--bench`, which is ignored.
//!
//! Figures go to `target/bench/native-<part>.jsonl`, or
//! `target/bench/short/native-<part>.jsonl` for the short form, one object
//! a line: `part`, `figure`, `value`, `unit`, `target` (text or null),
//! `commit`, `time` (seconds since 1970), `short`. The file is rewritten on
//! each run.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// How a benchmark was asked to run.
pub struct Args {
    /// The short form: one run, a few instances.
    pub short: bool,
    /// How many runs to take the median of (1 for the short form).
    pub runs: usize,
}

/// Reads the arguments; `default_runs` without a number.
pub fn args(default_runs: usize) -> Args {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let short = args.iter().any(|arg| arg == "--short");
    let runs = args
        .iter()
        .filter(|arg| !arg.starts_with('-'))
        .find_map(|arg| arg.parse().ok())
        .unwrap_or(default_runs)
        .max(1);
    Args {
        short,
        runs: if short { 1 } else { runs },
    }
}

/// The median of `values` (the upper one of an even count).
#[allow(dead_code)] // Not every benchmark takes medians.
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Where one benchmark's figures go.
pub struct Report {
    part: String,
    short: bool,
    commit: String,
    out: BufWriter<File>,
}

impl Report {
    /// Starts the figures of `part` ("solve", "pegs", ...), replacing those
    /// of its last run.
    pub fn new(part: &str, short: bool) -> Report {
        let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench");
        if short {
            dir.push("short");
        }
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let path = dir.join(format!("native-{part}.jsonl"));
        let file = File::create(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Report {
            part: format!("native {part}"),
            short,
            commit: commit(),
            out: BufWriter::new(file),
        }
    }

    /// Writes one figure: `value` in `unit`, beside its target if it has
    /// one (the words of BENCHMARKS.md, "≤ 2 s").
    pub fn figure(&mut self, figure: &str, value: f64, unit: &str, target: Option<&str>) {
        let time = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let line = format!(
            "{{\"part\":{},\"figure\":{},\"value\":{},\"unit\":{},\"target\":{},\"commit\":{},\"time\":{time},\"short\":{}}}",
            text(&self.part),
            text(figure),
            if value.is_finite() { value.to_string() } else { "null".into() },
            text(unit),
            target.map_or_else(|| "null".into(), text),
            text(&self.commit),
            self.short
        );
        writeln!(self.out, "{line}")
            .and_then(|()| self.out.flush())
            .expect("the figures can be written");
    }
}

/// The commit measured (`git describe --always --dirty`), or "unknown"
/// outside a git checkout.
fn commit() -> String {
    Command::new("git")
        .args(["describe", "--always", "--dirty"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// `s` as a JSON string.
fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
