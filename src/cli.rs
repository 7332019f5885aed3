//! The command line's file I/O, not the core: where the 4x4 pattern
//! databases are kept between runs, and loading (or building and saving)
//! them. The CLI, the benchmarks and the tests use it; the browser's worker
//! downloads the tables instead.

use std::path::PathBuf;
use std::sync::Arc;

use crate::sliding::fifteen::{self, Tables};

/// Where the tables are kept: `$SLIDE_TABLES` if set, else
/// `target/tables/` in the source tree.
pub fn table_path() -> PathBuf {
    match std::env::var_os("SLIDE_TABLES") {
        Some(path) => path.into(),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("target/tables")
            .join(fifteen::TABLE_FILE),
    }
}

/// The 4x4 tables from [`table_path`]; if the file is missing or damaged,
/// they are built (about a minute and a half on two cores, some 2 GB of
/// memory, said on standard error) and saved there for next time.
pub fn fifteen_tables() -> std::io::Result<Arc<Tables>> {
    let path = table_path();
    if let Ok(bytes) = std::fs::read(&path) {
        match Tables::from_bytes(&bytes) {
            Ok(tables) => return Ok(Arc::new(tables)),
            Err(error) => eprintln!(
                "{} cannot be used ({error}); building it again",
                path.display()
            ),
        }
    }
    eprintln!(
        "building the 4x4 pattern databases into {} (once; about a minute and a half)",
        path.display()
    );
    let tables = Tables::build();
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    // Written aside, then renamed: a reader never sees half a file.
    let partial = path.with_extension("partial");
    std::fs::write(&partial, tables.to_bytes())?;
    std::fs::rename(&partial, &path)?;
    Ok(Arc::new(tables))
}
