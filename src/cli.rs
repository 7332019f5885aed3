//! The command line's file I/O, not the core: where the pattern databases
//! are kept between runs, and loading (or building and saving) them. The
//! CLI, the benchmarks and the tests use it; the browser's worker downloads
//! the tables instead.

pub mod blocks;
pub mod pegs;
pub mod route;
pub mod scenarios;
pub mod solve;
pub mod tables;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::app::pegs::solving::PEGS;
use crate::app::sliding::solving::{FIFTEEN, TWENTYFOUR};
use crate::app::workers::tables::TableSet;
use crate::sliding::pdb::BuildProgress;
use crate::sliding::{fifteen, twentyfour};

/// Where a set of tables is kept: the file its environment variable names
/// if set, else its file in `target/tables/` in the source tree.
pub fn table_file(set: TableSet) -> PathBuf {
    match std::env::var_os(set.0.env) {
        Some(path) => path.into(),
        None => table_dir().join(set.file()),
    }
}

/// [`table_file`] of `set`, checked by its game's check, and built and
/// saved there first (with a progress bar) if it is missing or damaged.
pub fn checked_table_file(set: TableSet) -> std::io::Result<PathBuf> {
    let path = table_file(set);
    let build = &set.0.build;
    cached(
        &path,
        set.0.description,
        build.how_long,
        // Only whether it reads matters here; the bytes stay in the file.
        |bytes| (build.check)(bytes).map(|()| Vec::new()),
        |progress| (build.build)(progress),
        Vec::clone,
    )?;
    Ok(path)
}

/// Where the 4x4 tables are kept: `$SLIDE_TABLES` if set, else
/// `target/tables/` in the source tree.
pub fn table_path() -> PathBuf {
    table_file(FIFTEEN)
}

/// Where the 5x5 tables are kept: `$SLIDE_TABLES_5X5` if set, else
/// `target/tables/` in the source tree.
pub fn table_path_5x5() -> PathBuf {
    table_file(TWENTYFOUR)
}

/// Where the table of the built-in peg layouts' fewest chain moves is kept:
/// `$SLIDE_TABLES_PEGS` if set, else `target/tables/` in the source tree.
pub fn table_path_pegs() -> PathBuf {
    table_file(PEGS)
}

fn table_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/tables")
}

/// The 4x4 tables from [`table_path`]; if the file is missing or damaged,
/// they are built (about a minute and a half on two cores, some 2 GB of
/// memory, said on standard error) and saved there for next time.
pub fn fifteen_tables() -> std::io::Result<Arc<fifteen::FifteenTables>> {
    cached(
        &table_path(),
        "4x4 pattern databases",
        "about a minute and a half",
        fifteen::FifteenTables::from_bytes,
        fifteen::FifteenTables::build_with,
        fifteen::FifteenTables::to_bytes,
    )
}

/// The 5x5 tables from [`table_path_5x5`], built and saved there first if
/// the file is missing or damaged (about twenty seconds).
pub fn twentyfour_tables() -> std::io::Result<Arc<twentyfour::TwentyFourTables>> {
    cached(
        &table_path_5x5(),
        "5x5 pattern databases",
        "about twenty seconds",
        twentyfour::TwentyFourTables::from_bytes,
        twentyfour::TwentyFourTables::build_with,
        twentyfour::TwentyFourTables::to_bytes,
    )
}

/// The built-in peg layouts' fewest chain moves from [`table_path_pegs`],
/// worked out and saved there first if the file is missing or damaged
/// (about two minutes, most of it the classic game's).
pub fn fewest_peg_table() -> std::io::Result<Arc<crate::pegs::FewestTable>> {
    cached(
        &table_path_pegs(),
        "table of the peg layouts' fewest moves",
        "about two minutes",
        crate::pegs::FewestTable::from_bytes,
        |progress| {
            crate::pegs::FewestTable::build(&mut |done, total| {
                progress(BuildProgress {
                    done: done as u64,
                    total: total as u64,
                })
            })
        },
        crate::pegs::FewestTable::to_bytes,
    )
}

/// Tables from `path`, or built by `build` (with a progress bar) and saved
/// there.
fn cached<T, E: std::fmt::Display>(
    path: &Path,
    name: &str,
    how_long: &str,
    read: impl Fn(&[u8]) -> Result<T, E>,
    build: impl Fn(&mut dyn FnMut(BuildProgress)) -> T,
    write: impl Fn(&T) -> Vec<u8>,
) -> std::io::Result<Arc<T>> {
    if let Ok(bytes) = std::fs::read(path) {
        match read(&bytes) {
            Ok(tables) => return Ok(Arc::new(tables)),
            Err(error) => eprintln!(
                "{} cannot be used ({error}); building it again",
                path.display()
            ),
        }
    }
    eprintln!(
        "building the {name} into {} (once; {how_long})",
        path.display()
    );
    // A bar of the build's steps with the time left, on a terminal only
    // (indicatif draws nothing when standard error is a file or a pipe, as
    // in tests), cleared at the end so that only the line above stays.
    let bar = indicatif::ProgressBar::new(0).with_message(format!("building the {name}"));
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {percent}% ({eta} left)")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    let tables = build(&mut |progress| {
        bar.set_length(progress.total);
        bar.set_position(progress.done);
    });
    bar.finish_and_clear();
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    // Written aside, then renamed: a reader never sees half a file.
    let partial = path.with_extension("partial");
    std::fs::write(&partial, write(&tables))?;
    std::fs::rename(&partial, path)?;
    Ok(Arc::new(tables))
}

/// The text of the file at `path`, or of standard input for `-`.
///
/// # Errors
/// Saying which could not be read, and why.
pub fn read_input(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
    }
}
