//! Building pattern tables reports its progress: from 0 to the total known
//! beforehand, only growing, a thousandth of the work apart at most, from
//! the calling thread, without changing the tables built.

use slide::sliding::pdb::{BuildProgress, PatternTable};

/// What a build told its callback, in order.
fn reports_of<T>(
    build: impl FnOnce(&mut dyn FnMut(BuildProgress)) -> T,
) -> (T, Vec<BuildProgress>) {
    let mut reports = Vec::new();
    let built = build(&mut |progress| reports.push(progress));
    (built, reports)
}

/// Checks that `reports` go from 0 to `total`, only growing, at most about
/// a thousand of them.
fn check_reports(reports: &[BuildProgress], total: u64) {
    assert!(total > 0);
    assert!(reports.iter().all(|report| report.total == total));
    assert_eq!(reports.first().map(|r| r.done), Some(0), "{reports:?}");
    assert_eq!(reports.last().map(|r| r.done), Some(total), "{reports:?}");
    assert!(
        reports.windows(2).all(|pair| pair[0].done < pair[1].done),
        "progress only grows: {reports:?}"
    );
    // The start, the end, and one a thousandth of the work apart at most.
    assert!(reports.len() <= 1002, "{} reports", reports.len());
}

#[test]
fn a_3x3_table_reports_progress_that_grows_to_its_total_and_is_the_plain_build() {
    let tiles = [1, 2, 3, 4, 5, 6];
    let (table, reports) =
        reports_of(|progress| PatternTable::build_on_with(3, 3, &tiles, progress));
    check_reports(&reports, PatternTable::build_steps(3, 3, &tiles));
    // Large enough (120,960 search states, 60,480 entries) for the bar to
    // move in many steps, one every few thousand states.
    assert!(reports.len() > 20, "{} reports", reports.len());
    assert_eq!(table, PatternTable::build_on(3, 3, &tiles));
}

#[test]
fn a_4x4_table_reports_progress_with_the_same_table_as_the_plain_build() {
    let tiles = [13, 14, 15];
    let (table, reports) = reports_of(|progress| PatternTable::build_with(&tiles, progress));
    check_reports(&reports, PatternTable::build_steps(4, 4, &tiles));
    assert_eq!(table, PatternTable::build(&tiles));
}

#[test]
fn a_one_tile_table_reports_its_few_steps_and_is_the_plain_build() {
    let (table, reports) = reports_of(|progress| PatternTable::build_on_with(2, 3, &[5], progress));
    check_reports(&reports, PatternTable::build_steps(2, 3, &[5]));
    assert_eq!(table, PatternTable::build_on(2, 3, &[5]));
}

#[test]
fn the_steps_of_a_table_count_its_search_states_and_a_fifth_of_its_entries() {
    // One tile on the 2x3 board: each of its 6 cells leaves the 5 others
    // connected, so 6 states and 6 entries, a fifth of them a step.
    assert_eq!(PatternTable::build_steps(2, 3, &[5]), 6 + 1);
    // Two tiles on the 2x2 board: each pair of cells leaves 2 free cells,
    // apart (diagonal, 2 of the 6 pairs) or together, in 2 orders: 16
    // states and 12 entries.
    assert_eq!(PatternTable::build_steps(2, 2, &[1, 2]), 16 + 2);
}

#[test]
fn tables_built_together_report_their_progress_summed_from_the_calling_thread() {
    let patterns: [&[u8]; 3] = [&[1, 2, 3, 4], &[5, 6, 7, 8], &[9, 10, 11]];
    let caller = std::thread::current().id();
    let mut threads = Vec::new();
    let mut reports = Vec::new();
    let tables = PatternTable::build_all_on(4, 4, &patterns, &mut |progress| {
        threads.push(std::thread::current().id());
        reports.push(progress);
    });
    let total = patterns
        .iter()
        .map(|tiles| PatternTable::build_steps(4, 4, tiles))
        .sum();
    check_reports(&reports, total);
    assert!(threads.iter().all(|&thread| thread == caller));
    assert_eq!(tables.len(), patterns.len());
    for (table, tiles) in tables.iter().zip(patterns) {
        assert_eq!(*table, PatternTable::build(tiles));
    }
}
