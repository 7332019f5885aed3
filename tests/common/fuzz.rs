//! A small mutation fuzzer on the stable toolchain, for the text and byte
//! formats the project reads (see `tests/fuzzing_text_formats.rs`).
//!
//! A target is a check over one input: it returns `Ok` with a short
//! signature of what the code under test answered (which kind of value,
//! which error with its numbers and quotes taken out), or `Err` with the
//! property the answer broke (a round trip that changed the value). Each
//! target's run:
//!
//! 1. replays every file of its seed corpus (`tests/fuzz/<target>/`,
//!    the regression inputs of past findings among them) in full, then
//!    the seeds the test builds itself;
//! 2. until its time is up, takes an input of the live corpus, mutates it
//!    (bits and bytes, runs inserted, deleted, repeated or swapped, lines
//!    repeated thousands of times, splices with another input, numbers
//!    replaced by extremes such as -1, 2^32 + 4, 1e308 or NaN, words of the
//!    target's dictionary, a byte-order mark, control characters) and runs
//!    the check on it; an input whose signature is new joins the live
//!    corpus, so answers never seen before are explored further (a cheap
//!    stand-in for coverage feedback, which needs a nightly compiler).
//!
//! Every input runs on a thread with the stack a WebAssembly page has
//! (1 MiB), under `catch_unwind`: a panic, an `Err`, or an input that takes
//! longer than the bound (timed twice: a stall of the machine is not the
//! input's) is a finding. Fuzzing goes on past findings: each
//! replayed input that fails is reported, and each fault mutants find is
//! kept once (by its kind and message, or its place in the code for a
//! panic) with how many found it, up to 16 faults; at the end each is saved under `target/fuzz-findings/<target>/`
//! and the test fails naming the files and showing the inputs, escaped and
//! cut. An input that never returns is
//! reported by a watchdog (its thread is left behind). Before each input
//! runs it is written to `target/fuzz-findings/<target>/in-flight-<pid>`
//! (runs side by side leave each other's be while their process lives), so an
//! input that kills the whole process (a stack overflow aborts it) is
//! found there by the next run and saved as a finding (not run again, so
//! that the rest is); a replayed input runs on a thread named after it,
//! which the abort's message names.
//!
//! `SLIDE_FUZZ_SECONDS` is each target's time (`make fuzz`); without it,
//! each target runs `SLIDE_FUZZ_INPUTS` mutants (3,000 by default: `make
//! test`, the same inputs on every machine); `SLIDE_FUZZ_SEED` the seed of the mutations (19 by default, so that
//! the short runs are repeatable); `make fuzz` runs each target an hour.
#![allow(dead_code)]

use std::collections::HashSet;
use std::fs::{self, File};
use std::io::{Read, Write};
use std::os::unix::fs::FileExt;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Once};
use std::time::{Duration, Instant};

use slide::rng::SplitMix64;

/// What a check answers: `Ok(signature)` when the code under test kept
/// its promises, `Err(what broke)` otherwise.
pub type Outcome = Result<String, String>;

/// One format to fuzz.
pub struct Target {
    /// The target's name: its corpus folder under `tests/fuzz/` and its
    /// findings folder.
    pub name: &'static str,
    /// Words the mutations insert (keywords, separators of the format).
    pub dictionary: &'static [&'static str],
    /// Inputs the test builds, each with a name (valid examples from
    /// elsewhere in the project, regression inputs too large to keep as
    /// files), replayed after the corpus files and mutated like them.
    pub seeds: Vec<(String, Vec<u8>)>,
    /// The longest input a mutation makes, in bytes (corpus files may be
    /// longer).
    pub max_len: usize,
    /// How long one input may take.
    pub bound: Duration,
}

impl Target {
    /// A target with no built seeds, inputs up to 64 KiB and a 2 s bound.
    pub fn new(name: &'static str, dictionary: &'static [&'static str]) -> Target {
        Target {
            name,
            dictionary,
            seeds: Vec::new(),
            max_len: 64 << 10,
            bound: Duration::from_secs(2),
        }
    }
}

/// The stack the page's WebAssembly has (rustc's default for wasm32):
/// recursion deep enough to overflow the page overflows here too.
const STACK: usize = 1 << 20;

/// How many inputs the live corpus holds at most.
const LIVE_MAX: usize = 4096;

/// How long each target runs after its corpus is replayed.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// For this long (`SLIDE_FUZZ_SECONDS`: `make fuzz`).
    Seconds(Duration),
    /// For this many mutants (`SLIDE_FUZZ_INPUTS`, else 3,000: `make
    /// test`). A count rather than a time keeps the short run the same on
    /// every machine, however loaded: the mutants depend only on the seed
    /// and the code, so it passes or fails alike everywhere.
    Inputs(u64),
}

/// The budget from `SLIDE_FUZZ_SECONDS`, else `SLIDE_FUZZ_INPUTS`, else
/// 3,000 mutants.
pub fn budget() -> Budget {
    let read = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.trim().parse::<f64>().ok())
    };
    if let Some(seconds) = read("SLIDE_FUZZ_SECONDS").filter(|s| s.is_finite() && *s >= 0.0) {
        return Budget::Seconds(Duration::from_secs_f64(seconds));
    }
    let inputs = read("SLIDE_FUZZ_INPUTS").filter(|n| n.is_finite() && *n >= 0.0);
    Budget::Inputs(inputs.map_or(3_000, |n| n as u64))
}

/// The mutations' seed, from `SLIDE_FUZZ_SEED`.
pub fn seed() -> u64 {
    std::env::var("SLIDE_FUZZ_SEED")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(19)
}

/// Where findings go: `target/fuzz-findings/<target>/`.
fn findings_dir(target: &str) -> PathBuf {
    let root = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    root.join("fuzz-findings").join(target)
}

/// The seed corpus folder of a target.
pub fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz")
        .join(target)
}

/// One finding: what broke, on which input, from where.
#[derive(Debug)]
struct Finding {
    kind: &'static str,
    message: String,
    origin: String,
    input: Vec<u8>,
    /// What tells it apart from other findings: its kind and [`gist`].
    key: String,
    /// How many inputs found it.
    count: u64,
}

impl Finding {
    fn new(kind: &'static str, message: String, origin: String, input: Vec<u8>) -> Finding {
        let key = format!("{kind}: {}", gist(kind, &message));
        Finding {
            kind,
            message,
            origin,
            input,
            key,
            count: 1,
        }
    }
}

/// The most findings of mutants a run collects before it stops.
const MAX_FINDINGS: usize = 16;

/// What tells findings apart: for a panic, its place in the code; for
/// anything else, its message up to the first quote or colon, numbers left
/// out. So one fault found by many inputs is reported once.
fn gist(kind: &str, message: &str) -> String {
    if kind == "panic" {
        if let Some(at) = message.rfind(" at ") {
            return message[at + 4..].to_string();
        }
    }
    let mut out = String::new();
    for c in message.chars() {
        match c {
            '\'' | '"' | ':' => break,
            '0'..='9' => {
                if !out.ends_with('#') {
                    out.push('#');
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Runs `check` on `target`'s corpus and then on mutations of it for the
/// budget, and fails the test with every finding.
///
/// # Panics
/// With the findings, if there are any.
pub fn fuzz(target: Target, check: fn(&[u8]) -> Outcome) {
    install_quiet_hook();
    let budget = budget();
    let seed = seed() ^ fnv(target.name.as_bytes());
    let dir = findings_dir(target.name);
    fs::create_dir_all(&dir).expect("the findings folder can be made");

    // Replayed first: what killed the last run, the corpus files (sorted,
    // so the order is repeatable), then the built seeds.
    let mut replay: Vec<(String, Vec<u8>)> = Vec::new();
    // Each run writes its input in flight to a file named after its
    // process: a file whose process is gone was left by a run that died,
    // while one whose process lives belongs to a run going on beside this
    // one (in another terminal, or `make test` during `make fuzz`), and is
    // left alone.
    let in_flight_path = dir.join(format!("in-flight-{}", std::process::id()));
    let mut crashed_before = None;
    for (path, origin, input) in left_in_flight(&dir) {
        let saved = save_finding(&dir, "killed-the-process", &input);
        let _ = fs::remove_file(&path);
        let said = format!(
            "the previous run of '{}' died while running {origin} (saved as {})",
            target.name,
            saved.display()
        );
        // Said at once, past the test's capture: a run that dies again
        // before its report would say nothing else.
        let _ = writeln!(std::io::stderr(), "{said}");
        crashed_before = Some(match crashed_before {
            Some(earlier) => format!("{earlier}; {said}"),
            None => said,
        });
    }
    let mut files: Vec<PathBuf> = fs::read_dir(corpus_dir(target.name))
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    for path in files.iter().filter(|p| p.is_file()) {
        let mut bytes = Vec::new();
        File::open(path)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().unwrap().to_string_lossy();
        replay.push((format!("corpus file {name}"), bytes));
    }
    let corpus_files = replay.len();
    replay.extend(target.seeds.iter().cloned());

    // Mutants run on one thread of the page's stack size, handed over one
    // at a time; each replayed input on a thread of its own named after
    // it, so that a stack overflow, which aborts the process, names it.
    // The watchdog here waits for each answer.
    let runner = Runner::start(format!("fuzz-{}", target.name), check);
    let in_flight = File::create(&in_flight_path).expect("the in-flight file can be made");
    let mut record = Vec::new();
    let mut findings: Vec<Finding> = Vec::new();
    let mut mutant_findings = 0;
    let mut signatures: HashSet<String> = HashSet::new();
    let mut live: Vec<Vec<u8>> = Vec::new();
    let mut runs = 0u64;
    let mut mutants = 0u64;
    let mut slowest = (Duration::ZERO, String::new());
    // Answers over the bound that were within it when timed again.
    let mut stalls = 0u64;
    let started = Instant::now();
    let mut mutator = Mutator::new(seed, target.dictionary, target.max_len);
    let mut replaying = replay.into_iter();

    loop {
        let (origin, input) = match replaying.next() {
            Some(next) => next,
            None => {
                let spent = match budget {
                    Budget::Seconds(time) => started.elapsed() >= time,
                    Budget::Inputs(count) => mutants >= count,
                };
                if spent || mutant_findings >= MAX_FINDINGS {
                    break;
                }
                mutants += 1;
                if live.is_empty() {
                    live.push(Vec::new());
                }
                (format!("mutant {runs}"), mutator.mutate(&live))
            }
        };
        record.clear();
        record.extend_from_slice(&(input.len() as u64).to_le_bytes());
        record.extend_from_slice(&(origin.len() as u64).to_le_bytes());
        record.extend_from_slice(&input);
        record.extend_from_slice(origin.as_bytes());
        in_flight
            .write_all_at(&record, 0)
            .expect("the in-flight file can be written");
        let wait = target.bound * 3 + Duration::from_secs(2);
        let answer = if origin.starts_with("mutant ") {
            runner.run(input.clone(), wait)
        } else {
            let name = format!("fuzz-{} on {origin}", target.name);
            Runner::start(name, check).run(input.clone(), wait)
        };
        runs += 1;
        let (outcome, elapsed) = match answer {
            Some(answer) => answer,
            None => {
                findings.push(Finding::new(
                    "hang",
                    format!(
                        "still running after {:.1} s (the bound is {:.1} s); its thread is left behind",
                        wait.as_secs_f64(),
                        target.bound.as_secs_f64()
                    ),
                    origin,
                    input,
                ));
                break;
            }
        };
        // A slow answer is timed once more before it counts: a shared
        // machine can stall any input for seconds (a build beside the
        // fuzzer), and only an input slow twice is slow itself.
        let elapsed = match &outcome {
            Ok(_) if elapsed > target.bound => {
                let again = if origin.starts_with("mutant ") {
                    runner.run(input.clone(), wait)
                } else {
                    let name = format!("fuzz-{} on {origin}, again", target.name);
                    Runner::start(name, check).run(input.clone(), wait)
                };
                match again {
                    Some((_, second)) if second <= target.bound => {
                        stalls += 1;
                        second
                    }
                    Some((_, second)) => elapsed.min(second),
                    None => wait,
                }
            }
            _ => elapsed,
        };
        if elapsed > slowest.0 {
            slowest = (elapsed, origin.clone());
        }
        let finding = match outcome {
            Err(panic) if panic.starts_with(PANIC_MARK) => {
                Some(("panic", panic[PANIC_MARK.len()..].to_string()))
            }
            Err(broken) => Some(("broken", broken)),
            Ok(_) if elapsed > target.bound => Some((
                "slow",
                format!(
                    "took {:.2} s (the shorter of two runs), over the bound of {:.1} s",
                    elapsed.as_secs_f64(),
                    target.bound.as_secs_f64()
                ),
            )),
            Ok(signature) => {
                // Inputs longer than a mutation makes are replayed, not
                // mutated: copying them would slow every run down.
                if signatures.insert(signature) && input.len() <= target.max_len {
                    if live.len() >= LIVE_MAX {
                        let at = mutator.below(live.len());
                        live.swap_remove(at);
                    }
                    live.push(input.clone());
                }
                None
            }
        };
        // Fuzzing goes on past a finding (each is reported once, with how
        // many inputs found it), so that one run shows every fault it meets.
        // Replayed inputs are reported one by one: each is a case to check.
        if let Some((kind, message)) = finding {
            let mutant = origin.starts_with("mutant ");
            let finding = Finding::new(kind, message, origin, input);
            match findings.iter_mut().find(|f| mutant && f.key == finding.key) {
                Some(known) => known.count += 1,
                None if mutant => {
                    mutant_findings += 1;
                    findings.push(finding);
                }
                None => findings.push(finding),
            }
        }
    }
    drop(runner);
    // Nothing is in flight any more (an input that hung is a finding of
    // this run, reported below).
    drop(in_flight);
    let _ = fs::remove_file(&in_flight_path);

    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "fuzz {}: {runs} inputs in {seconds:.1} s ({:.0}/s), {corpus_files} corpus files replayed, \
         {} answers seen, live corpus {}, slowest {:.1} ms ({}), {stalls} slow answers fast when \
         timed again, seed {}",
        target.name,
        runs as f64 / seconds.max(1e-9),
        signatures.len(),
        live.len(),
        slowest.0.as_secs_f64() * 1e3,
        slowest.1,
        seed,
    );
    if findings.is_empty() && crashed_before.is_none() {
        return;
    }
    let mut report = format!("fuzz target '{}' found:\n", target.name);
    if let Some(note) = crashed_before {
        report.push_str(&format!("- {note}\n"));
    }
    for finding in &findings {
        let saved = save_finding(&dir, finding.kind, &finding.input);
        let times = match finding.count {
            1 => String::new(),
            n => format!(" ({n} inputs, the first)"),
        };
        report.push_str(&format!(
            "- {}{times} on {} ({} bytes, saved as {}): {}\n  input: {}\n",
            finding.kind,
            finding.origin,
            finding.input.len(),
            saved.display(),
            finding.message,
            escaped(&finding.input, 240)
        ));
    }
    panic!("{report}");
}

/// A thread that runs a check on the inputs it is given, one at a time.
struct Runner {
    inputs: mpsc::SyncSender<Vec<u8>>,
    answers: mpsc::Receiver<(Outcome, Duration)>,
}

impl Runner {
    /// Starts a thread called `name`, with the page's stack, that runs
    /// `check` under `catch_unwind` and answers with its outcome (a panic
    /// is `Err` with its message and place) and how long it took.
    fn start(name: String, check: fn(&[u8]) -> Outcome) -> Runner {
        let (inputs, received) = mpsc::sync_channel::<Vec<u8>>(0);
        let (to_watch, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name(name)
            .stack_size(STACK)
            .spawn(move || {
                IN_FUZZ.with(|flag| flag.set(true));
                for input in received {
                    let started = Instant::now();
                    let outcome = panic::catch_unwind(AssertUnwindSafe(|| check(&input)));
                    let elapsed = started.elapsed();
                    // The hook kept the panic's message and place on this
                    // thread.
                    let outcome = outcome.unwrap_or_else(|payload| {
                        Err(PANIC_MARK.to_string()
                            + &LAST_PANIC
                                .with(|last| last.take())
                                .unwrap_or_else(|| panic_text(&payload)))
                    });
                    if to_watch.send((outcome, elapsed)).is_err() {
                        break;
                    }
                }
            })
            .expect("a fuzzing thread starts");
        Runner { inputs, answers }
    }

    /// The outcome of `input` and how long it took, or `None` if there
    /// was none within `wait` (the thread is then left behind).
    fn run(&self, input: Vec<u8>, wait: Duration) -> Option<(Outcome, Duration)> {
        self.inputs.send(input).ok()?;
        self.answers.recv_timeout(wait).ok()
    }
}

/// What starts the `Err` of an outcome that is a panic.
const PANIC_MARK: &str = "\u{0}panic: ";

/// What runs that died left in flight in `dir`: each file, the input it
/// was running when its process died, and where that input came from. A
/// file of a process still running is a live run's, and is not listed.
fn left_in_flight(dir: &Path) -> Vec<(PathBuf, String, Vec<u8>)> {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|path| {
        path.file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("in-flight"))
    });
    paths.sort();
    paths
        .into_iter()
        .filter(|path| !run_is_alive(path))
        .filter_map(|path| {
            let (origin, input) = read_in_flight(&path)?;
            Some((path, origin, input))
        })
        .collect()
}

/// Whether the run that writes the in-flight file at `path`
/// (`in-flight-<pid>`) still runs, as the system's process table
/// (`/proc`) says. Where there is no `/proc`, or the name carries no
/// process, every file left is taken for a dead run's.
fn run_is_alive(path: &Path) -> bool {
    let pid = path
        .file_name()
        .and_then(|name| name.to_str())
        .and_then(|name| name.strip_prefix("in-flight-"))
        .and_then(|pid| pid.parse::<u32>().ok());
    match pid {
        Some(pid) if pid != std::process::id() => Path::new(&format!("/proc/{pid}")).exists(),
        _ => false,
    }
}

/// What an earlier run left in flight: the input it was running when the
/// process died, and where that input came from.
fn read_in_flight(path: &Path) -> Option<(String, Vec<u8>)> {
    let bytes = fs::read(path).ok()?;
    let number = |at: usize| -> Option<usize> {
        Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?) as usize)
    };
    let (length, origin_length) = (number(0)?, number(8)?);
    let input = bytes.get(16..16 + length)?.to_vec();
    let origin = bytes.get(16 + length..16 + length + origin_length)?;
    Some((String::from_utf8_lossy(origin).into_owned(), input))
}

/// Saves a finding's input as `<kind>-<hash>`; its path.
fn save_finding(dir: &Path, kind: &str, input: &[u8]) -> PathBuf {
    let path = dir.join(format!("{kind}-{:016x}", fnv(input)));
    fs::write(&path, input).expect("a finding can be saved");
    path
}

/// The input as one line of printable ASCII, cut after `most` characters.
pub fn escaped(input: &[u8], most: usize) -> String {
    let text: String = input.escape_ascii().to_string();
    if text.len() > most {
        let cut: String = text.chars().take(most).collect();
        format!("\"{cut}\"… ({} more characters)", text.len() - cut.len())
    } else {
        format!("\"{text}\"")
    }
}

/// FNV-1a: a stable hash for file names and seeds.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn panic_text(payload: &Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

thread_local! {
    /// Whether this thread runs fuzz inputs (whose panics are findings,
    /// reported once at the end, not printed as they happen).
    static IN_FUZZ: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The last panic's message and place on this thread.
    static LAST_PANIC: std::cell::Cell<Option<String>> = const { std::cell::Cell::new(None) };
}

/// A panic hook that keeps the fuzzing threads' panics (message and
/// place) for the report and leaves every other thread's to the hook
/// there was.
fn install_quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if IN_FUZZ.with(|flag| flag.get()) {
                let message = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".into());
                let place = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|last| last.set(Some(format!("{message}{place}"))));
            } else {
                previous(info);
            }
        }));
    });
}

/// Numbers a mutation puts in place of a number: the edges of the integer
/// types the formats read into, floats that are not finite or overflow,
/// and spellings a parser might half accept.
const EXTREMES: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "7",
    "33",
    "99",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295",
    "4294967296",
    "4294967300",
    "9007199254740992",
    "9007199254740993",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "10000000000000000000000",
    "1e308",
    "1e400",
    "-1e308",
    "1e-400",
    "5e-324",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "Infinity",
    "+5",
    "0x10",
    "1_000",
    "5.5",
    ".5",
    "5.",
    "1e3",
    "٣",
    "１",
];

/// Byte strings a mutation inserts: a byte-order mark, control and
/// separator characters, multi-byte and invalid UTF-8.
const ODD: &[&[u8]] = &[
    b"\xEF\xBB\xBF",
    b"\0",
    b"\r",
    b"\r\n",
    b"\n",
    b"\t",
    b" ",
    b"\x0B",
    b"\x0C",
    b"\x1B",
    b"\x7F",
    b"#",
    b"%",
    b"%00",
    b"%FF",
    b"%2",
    b"&",
    b"=",
    b"+",
    b"\xC2\xA0",
    b"\xE2\x80\xA8",
    b"\xE2\x80\x8F",
    b"\xE3\x80\x80",
    b"\xC3\xA9",
    b"\xF0\x9F\x98\x80",
    b"\xFF",
    b"\xC3",
    b"\xED\xA0\x80",
];

/// The mutation engine: stacked random mutations of inputs drawn from a
/// corpus, with the project's seedable generator.
pub struct Mutator {
    rng: SplitMix64,
    dictionary: &'static [&'static str],
    max_len: usize,
}

impl Mutator {
    /// A mutator whose choices are fixed by `seed`.
    pub fn new(seed: u64, dictionary: &'static [&'static str], max_len: usize) -> Mutator {
        Mutator {
            rng: SplitMix64::new(seed),
            dictionary,
            max_len,
        }
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.below(n as u64) as usize
        }
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    /// A run length: mostly short, sometimes long.
    fn run_length(&mut self, most: usize) -> usize {
        let most = most.max(1);
        let cap = match self.below(8) {
            0 => most,
            1..=2 => 64.min(most),
            _ => 8.min(most),
        };
        1 + self.below(cap)
    }

    /// A mutation of one of `corpus`'s inputs: one to eight mutations
    /// stacked, sometimes spliced with another input.
    ///
    /// # Panics
    /// If the corpus is empty.
    pub fn mutate(&mut self, corpus: &[Vec<u8>]) -> Vec<u8> {
        let mut data = corpus[self.below(corpus.len())].clone();
        let count = 1 << self.below(4);
        for _ in 0..count {
            self.mutate_once(&mut data, corpus);
        }
        data
    }

    fn mutate_once(&mut self, data: &mut Vec<u8>, corpus: &[Vec<u8>]) {
        let len = data.len();
        match self.below(18) {
            // A bit flipped.
            0 if len > 0 => {
                let at = self.below(len);
                data[at] ^= 1 << self.below(8);
            }
            // A byte set to anything.
            1 if len > 0 => {
                let at = self.below(len);
                data[at] = self.below(256) as u8;
            }
            // A byte set to a printable character.
            2 if len > 0 => {
                let at = self.below(len);
                data[at] = b' ' + self.below(95) as u8;
            }
            // A run deleted.
            3 if len > 0 => {
                let at = self.below(len);
                let run = self.run_length(len - at);
                data.drain(at..at + run);
            }
            // Random bytes inserted.
            4 => {
                let run = self.run_length(32);
                let bytes: Vec<u8> = (0..run).map(|_| self.below(256) as u8).collect();
                self.insert(data, &bytes);
            }
            // A run repeated, a few or very many times.
            5 if len > 0 => {
                let at = self.below(len);
                let run = self.run_length(len - at);
                let most = if self.chance(4) { 100_000 } else { 4 };
                let room = self.max_len.saturating_sub(len) / run;
                let times = 1 + self.below(most.min(room.max(1)));
                let piece = data[at..at + run].repeat(times);
                self.insert_at(data, at, &piece);
            }
            // A whole line repeated, a few or very many times.
            6 if len > 0 => {
                let lines = line_spans(data);
                let (start, end) = lines[self.below(lines.len())];
                let mut line = data[start..end].to_vec();
                if !line.ends_with(b"\n") {
                    line.push(b'\n');
                }
                let most = if self.chance(3) { 30_000 } else { 3 };
                let room = self.max_len.saturating_sub(len) / line.len();
                let times = 1 + self.below(most.min(room.max(1)));
                let piece = line.repeat(times);
                self.insert_at(data, end, &piece);
            }
            // A line deleted or two lines swapped.
            7 if len > 0 => {
                let lines = line_spans(data);
                let (a, b) = (self.below(lines.len()), self.below(lines.len()));
                let pieces: Vec<Vec<u8>> =
                    lines.iter().map(|&(s, e)| data[s..e].to_vec()).collect();
                let mut order: Vec<usize> = (0..pieces.len()).collect();
                if self.chance(2) {
                    order.remove(a);
                } else {
                    order.swap(a, b);
                }
                *data = order.iter().flat_map(|&i| pieces[i].clone()).collect();
            }
            // A number replaced by an extreme.
            8 | 9 => {
                let numbers = number_spans(data);
                let extreme = EXTREMES[self.below(EXTREMES.len())].as_bytes();
                match numbers.get(self.below(numbers.len().max(1))) {
                    Some(&(start, end)) if !numbers.is_empty() => {
                        data.splice(start..end, extreme.iter().copied());
                    }
                    _ => self.insert(data, extreme),
                }
            }
            // A number moved by a little.
            10 => {
                let numbers = number_spans(data);
                if let Some(&(start, end)) = numbers.get(self.below(numbers.len().max(1))) {
                    if let Ok(n) = std::str::from_utf8(&data[start..end])
                        .unwrap_or("")
                        .parse::<i128>()
                    {
                        let delta = self.below(5) as i128 - 2;
                        let text = (n + delta).to_string();
                        data.splice(start..end, text.bytes());
                    }
                }
            }
            // A word of the format.
            11 | 12 if !self.dictionary.is_empty() => {
                let word = self.dictionary[self.below(self.dictionary.len())].as_bytes();
                self.insert(data, word);
            }
            // A byte-order mark, control or separator character.
            13 => {
                let odd = ODD[self.below(ODD.len())];
                if self.chance(4) {
                    self.insert_at(data, 0, odd);
                } else {
                    self.insert(data, odd);
                }
            }
            // Spliced with another input: a run of it inserted, or its tail
            // in place of this one's.
            14 | 15 if !corpus.is_empty() => {
                let other = &corpus[self.below(corpus.len())];
                if other.is_empty() {
                    return;
                }
                let from = self.below(other.len());
                if self.chance(2) {
                    let run = self.run_length(other.len() - from);
                    let piece = other[from..from + run].to_vec();
                    self.insert(data, &piece);
                } else {
                    let at = self.below(len + 1);
                    data.truncate(at);
                    let room = self.max_len.saturating_sub(data.len());
                    data.extend(other[from..].iter().take(room));
                }
            }
            // Cut short.
            16 if len > 0 => data.truncate(self.below(len)),
            // Two runs swapped.
            17 if len > 1 => {
                let a = self.below(len);
                let b = self.below(len);
                let (a, b) = (a.min(b), a.max(b));
                let run = self.run_length((b - a).max(1)).min(len - b);
                for i in 0..run.min(b - a) {
                    data.swap(a + i, b + i);
                }
            }
            _ => {
                let odd = ODD[self.below(ODD.len())];
                self.insert(data, odd);
            }
        }
    }

    fn insert(&mut self, data: &mut Vec<u8>, piece: &[u8]) {
        let at = self.below(data.len() + 1);
        self.insert_at(data, at, piece);
    }

    /// Inserts `piece` at `at`, cut to keep the input within the longest.
    fn insert_at(&mut self, data: &mut Vec<u8>, at: usize, piece: &[u8]) {
        let room = self.max_len.saturating_sub(data.len());
        let piece = &piece[..piece.len().min(room)];
        data.splice(at..at, piece.iter().copied());
    }
}

/// Each line's span, its line break included (at least one span).
fn line_spans(data: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, &byte) in data.iter().enumerate() {
        if byte == b'\n' {
            spans.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < data.len() || spans.is_empty() {
        spans.push((start, data.len()));
    }
    spans
}

/// The spans of runs of digits, with a sign before them and a fraction
/// or exponent after them.
fn number_spans(data: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < data.len() {
        if data[i].is_ascii_digit() {
            let mut start = i;
            if start > 0 && (data[start - 1] == b'-' || data[start - 1] == b'+') {
                start -= 1;
            }
            while i < data.len() && (data[i].is_ascii_digit() || b".eE".contains(&data[i])) {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}
