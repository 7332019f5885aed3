//! The page's one download of each table file, shared by every worker
//! (`app::workers::downloads`).

use slide::app::sliding::solving::{FIFTEEN, TWENTYFOUR};
use slide::app::workers::downloads::{cut_short, progress_text, start_text, Action, Downloads};

fn deliver(worker: usize, last: bool) -> Action {
    Action::Deliver {
        worker,
        set: FIFTEEN,
        last,
    }
}

#[test]
fn a_file_wanted_by_every_worker_at_once_is_fetched_once_and_moved_to_the_last() {
    let mut downloads = Downloads::new(3);
    assert_eq!(
        downloads.wanted(0, FIFTEEN.file()),
        vec![Action::Fetch(FIFTEEN)]
    );
    assert_eq!(downloads.wanted(1, FIFTEEN.file()), vec![]);
    assert_eq!(downloads.wanted(2, FIFTEEN.file()), vec![]);
    // Asking twice while it downloads changes nothing.
    assert_eq!(downloads.wanted(1, FIFTEEN.file()), vec![]);
    assert_eq!(
        downloads.loaded(FIFTEEN),
        vec![deliver(0, false), deliver(1, false), deliver(2, true)]
    );
    assert!(!downloads.holds(FIFTEEN));
}

#[test]
fn the_bytes_are_held_until_the_other_workers_have_asked_for_them() {
    let mut downloads = Downloads::new(2);
    assert_eq!(
        downloads.wanted(0, FIFTEEN.file()),
        vec![Action::Fetch(FIFTEEN)]
    );
    assert_eq!(downloads.loaded(FIFTEEN), vec![deliver(0, false)]);
    assert!(downloads.holds(FIFTEEN));
    // The second worker asks once the first has them: no second fetch.
    assert_eq!(downloads.wanted(1, FIFTEEN.file()), vec![deliver(1, true)]);
    assert!(!downloads.holds(FIFTEEN));
}

#[test]
fn a_worker_asking_after_everyone_had_the_bytes_gets_them_fetched_again() {
    let mut downloads = Downloads::new(1);
    downloads.wanted(0, FIFTEEN.file());
    assert_eq!(downloads.loaded(FIFTEEN), vec![deliver(0, true)]);
    // A fresh worker in place of one that died: read again (from the
    // browser's cache, where the first fetch put the file).
    assert_eq!(
        downloads.wanted(0, FIFTEEN.file()),
        vec![Action::Fetch(FIFTEEN)]
    );
}

#[test]
fn a_worker_replaced_while_the_file_downloads_gets_it_only_if_the_fresh_one_asks() {
    let mut downloads = Downloads::new(2);
    downloads.wanted(0, FIFTEEN.file());
    downloads.wanted(1, FIFTEEN.file());
    // Worker 1 died; its fresh replacement has not asked.
    downloads.worker_replaced(1);
    assert_eq!(downloads.loaded(FIFTEEN), vec![deliver(0, false)]);
    // When it asks, it gets the bytes held for it.
    assert_eq!(downloads.wanted(1, FIFTEEN.file()), vec![deliver(1, true)]);
}

#[test]
fn a_failed_download_is_refused_to_every_worker_waiting_and_to_those_asking_later() {
    let mut downloads = Downloads::new(2);
    downloads.wanted(0, FIFTEEN.file());
    downloads.wanted(1, FIFTEEN.file());
    let refuse = |worker| Action::Refuse {
        worker,
        set: FIFTEEN,
        reason: "HTTP 500".into(),
    };
    assert_eq!(
        downloads.failed(FIFTEEN, "HTTP 500"),
        vec![refuse(0), refuse(1)]
    );
    // Not fetched again in this visit.
    assert_eq!(downloads.wanted(0, FIFTEEN.file()), vec![refuse(0)]);
    // The workers refused say they have no tables: no cached copy to
    // forget, since none came.
    assert_eq!(downloads.unreadable(FIFTEEN, "HTTP 500"), vec![]);
}

#[test]
fn a_file_a_worker_cannot_read_is_forgotten_from_the_cache_and_refused_later() {
    let mut downloads = Downloads::new(2);
    downloads.wanted(0, FIFTEEN.file());
    downloads.loaded(FIFTEEN);
    assert!(downloads.holds(FIFTEEN));
    assert_eq!(
        downloads.unreadable(FIFTEEN, "a table is damaged"),
        vec![Action::Forget(FIFTEEN)]
    );
    assert!(!downloads.holds(FIFTEEN));
    assert_eq!(
        downloads.wanted(1, FIFTEEN.file()),
        vec![Action::Refuse {
            worker: 1,
            set: FIFTEEN,
            reason: "a table is damaged".into(),
        }]
    );
}

#[test]
fn each_file_is_downloaded_on_its_own_and_unknown_files_are_ignored() {
    let mut downloads = Downloads::new(2);
    assert_eq!(
        downloads.wanted(0, FIFTEEN.file()),
        vec![Action::Fetch(FIFTEEN)]
    );
    assert_eq!(
        downloads.wanted(0, TWENTYFOUR.file()),
        vec![Action::Fetch(TWENTYFOUR)]
    );
    assert_eq!(downloads.wanted(1, "no-such-file.pdb"), vec![]);
    assert_eq!(
        downloads.loaded(TWENTYFOUR),
        vec![Action::Deliver {
            worker: 0,
            set: TWENTYFOUR,
            last: false
        }]
    );
    assert!(!downloads.holds(FIFTEEN));
}

#[test]
fn the_player_is_told_how_much_of_the_file_has_come() {
    assert_eq!(
        progress_text(FIFTEEN, 6_100_000, Some(14_637_548)),
        "Getting the 4x4 solver ready: 6.1 of 14.6 MB"
    );
    assert_eq!(
        progress_text(FIFTEEN, 260_000, None),
        "Getting the 4x4 solver ready: 0.3 MB"
    );
    assert_eq!(
        progress_text(FIFTEEN, 0, None),
        "Getting the 4x4 solver ready…"
    );
    assert_eq!(
        start_text(FIFTEEN, Some(14_637_548)),
        "Getting the 4x4 solver ready: 14.6 MB to download."
    );
    assert_eq!(
        cut_short(6_100_000, 14_637_548),
        "the download was cut short at 6.1 of 14.6 MB"
    );
}

#[test]
fn a_file_the_page_fetches_before_any_worker_asks_is_held_for_each_worker_once() {
    let mut downloads = Downloads::new(2);
    assert_eq!(downloads.early(FIFTEEN), vec![Action::Fetch(FIFTEEN)]);
    // Already coming: asking early again, or a worker asking, fetches nothing.
    assert_eq!(downloads.early(FIFTEEN), vec![]);
    assert_eq!(downloads.wanted(0, FIFTEEN.file()), vec![]);
    assert_eq!(downloads.loaded(FIFTEEN), vec![deliver(0, false)]);
    assert!(downloads.holds(FIFTEEN));
    assert_eq!(downloads.wanted(1, FIFTEEN.file()), vec![deliver(1, true)]);
    assert!(!downloads.holds(FIFTEEN));
    // Everyone had it: an early call no longer fetches (a fresh worker asks).
    assert_eq!(downloads.early(FIFTEEN), vec![]);
}

#[test]
fn a_file_fetched_early_before_any_worker_asked_is_held_for_all() {
    let mut downloads = Downloads::new(2);
    downloads.early(FIFTEEN);
    assert_eq!(downloads.loaded(FIFTEEN), vec![]);
    assert!(downloads.holds(FIFTEEN));
    assert_eq!(downloads.wanted(1, FIFTEEN.file()), vec![deliver(1, false)]);
    assert_eq!(downloads.wanted(0, FIFTEEN.file()), vec![deliver(0, true)]);
}
