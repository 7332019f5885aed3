//! `slide tables DIR`: the solver's tables, gzipped, for the web build.

use std::path::Path;
use std::process::ExitCode;

use super::{checked_table_file, table_file};
use crate::app::workers::tables::TableSet;

/// Writes every game's sets of tables (the 4x4's and 5x5's pattern
/// databases, the peg layouts' fewest chain moves), gzip-compressed, into
/// `dir` for the web build (the browser's worker downloads and decompresses
/// them), unless up-to-date copies are there; older tables files there are
/// removed, so that the site does not ship them.
pub fn run(dir: &str) -> ExitCode {
    let mut current = Vec::new();
    // Every game's sets, from the list of games: the page's service worker
    // lists the files written here.
    for set in TableSet::all() {
        let source = match checked_table_file(set) {
            Ok(source) => source,
            Err(error) => {
                eprintln!(
                    "slide: cannot save the {} tables to {}: {error}",
                    set.name(),
                    table_file(set).display()
                );
                return ExitCode::FAILURE;
            }
        };
        let target = Path::new(dir).join(format!("{}.gz", set.file()));
        if let Err(error) = compress(&source, &target) {
            eprintln!("slide: cannot write {}: {error}", target.display());
            return ExitCode::FAILURE;
        }
        current.push(target);
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            // The folder holds only table files: any other gzipped file is
            // a set no game declares any more, or an older format's.
            let stale = path.extension().is_some_and(|e| e == "gz") && !current.contains(&path);
            if stale && std::fs::remove_file(&path).is_ok() {
                println!("removed {}", path.display());
            }
        }
    }
    ExitCode::SUCCESS
}

/// Writes `source` gzipped to `target`, unless `target` is newer.
fn compress(source: &Path, target: &Path) -> std::io::Result<()> {
    let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified());
    if let (Ok(target_time), Ok(source_time)) = (modified(target), modified(source)) {
        if target_time >= source_time {
            println!("{} is up to date", target.display());
            return Ok(());
        }
    }
    if let Some(folder) = target.parent() {
        std::fs::create_dir_all(folder)?;
    }
    let partial = target.with_extension("partial");
    let written = std::fs::File::create(&partial).and_then(|output| {
        let status = std::process::Command::new("gzip")
            .args(["-9", "-n", "-c"])
            .arg(source)
            .stdout(output)
            .status()?;
        if !status.success() {
            return Err(std::io::Error::other(format!("gzip failed ({status})")));
        }
        std::fs::rename(&partial, target)
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    } else {
        println!("wrote {}", target.display());
    }
    written
}
