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
//! `commit`, `machine` (see [`machine`]), `time` (seconds since 1970),
//! `short`. The file is rewritten on each run.

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
    machine: String,
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
            machine: machine(),
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
            "{{\"part\":{},\"figure\":{},\"value\":{},\"unit\":{},\"target\":{},\"commit\":{},\"machine\":{},\"time\":{time},\"short\":{}}}",
            text(&self.part),
            text(figure),
            if value.is_finite() { value.to_string() } else { "null".into() },
            text(unit),
            target.map_or_else(|| "null".into(), text),
            text(&self.commit),
            text(&self.machine),
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

/// The machine measured, in the words of `e2e/measured.mjs` (the browser
/// benchmarks' figures say the same): the processor's name, its cores, and
/// the second- and third-level caches the first core sees, "a core" for
/// one it alone uses ("Intel(R) Xeon(R) Processor, 2 cores, L2 2 MiB a
/// core, L3 480 MiB"). One commit's figures have differed by half and more
/// from one of the project's machines to another (BENCHMARKS.md), so a
/// figure is only compared with one measured on the same machine. What the
/// system does not say (outside Linux) is left out.
fn machine() -> String {
    let name = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("model name"))
                .and_then(|rest| rest.split_once(':'))
                .map(|(_, name)| name.split_whitespace().collect::<Vec<_>>().join(" "))
        })
        .unwrap_or_else(|| "unknown processor".into());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut parts = vec![
        name,
        format!("{cores} core{}", if cores == 1 { "" } else { "s" }),
    ];
    let dir = PathBuf::from("/sys/devices/system/cpu/cpu0/cache");
    let read = |index: &str, file: &str| {
        std::fs::read_to_string(dir.join(index).join(file))
            .map_or_else(|_| String::new(), |s| s.trim().to_string())
    };
    let mut caches: Vec<(u32, String, bool)> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let index = entry.file_name().to_string_lossy().into_owned();
            index.strip_prefix("index")?.parse::<u32>().ok()?;
            let level: u32 = read(&index, "level").parse().ok()?;
            let size = read(&index, "size");
            if level < 2 || read(&index, "type") == "Instruction" || size.is_empty() {
                return None;
            }
            // A cache the first core alone uses is its own ("0"); one
            // shared is the machine's ("0-1").
            let shared = read(&index, "shared_cpu_list");
            let own = !shared.is_empty() && shared.bytes().all(|b| b.is_ascii_digit());
            Some((level, size, own))
        })
        .collect();
    caches.sort();
    for (level, size, own) in caches {
        parts.push(format!(
            "L{level} {}{}",
            sysfs_size(&size),
            if own { " a core" } else { "" }
        ));
    }
    parts.join(", ")
}

/// A size as Linux writes it in sysfs ("2048K") in the largest unit that
/// keeps it whole ("2 MiB"), as `e2e/measured.mjs` writes it.
fn sysfs_size(text: &str) -> String {
    let (digits, power) = [('K', 1), ('M', 2), ('G', 3)]
        .into_iter()
        .find_map(|(unit, power)| Some((text.strip_suffix(unit)?, power)))
        .unwrap_or((text, 0));
    let Some(mut bytes) = digits
        .parse::<u64>()
        .ok()
        .and_then(|count| count.checked_mul(1 << (10 * power)))
    else {
        return text.to_string();
    };
    let units = ["B", "KiB", "MiB", "GiB"];
    let mut unit = 0;
    while unit < units.len() - 1 && bytes >= 1024 && bytes % 1024 == 0 {
        bytes /= 1024;
        unit += 1;
    }
    format!("{bytes} {}", units[unit])
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
