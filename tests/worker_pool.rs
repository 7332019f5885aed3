//! The page-side coordinator of the solver workers, driven with scripted
//! worker replies: one id space for every game, a queue, the anytime
//! answer, the split search's rounds and batches, stale messages, and
//! workers that die.

use slide::app::pegs::solving::{PegsAnswer, PegsTask};
use slide::app::sliding::solving::{SlidingAnswer, SlidingTask, FIFTEEN, TWENTYFOUR};
use slide::app::workers::job::Aim;
use slide::app::workers::job::{Round, RoundDone};
use slide::app::workers::pool::{
    Out, Pool, ANYTIME_MS, ANYTIME_WITHOUT_TABLES_MS, HARD_GAP, SPLIT_AFTER_MS,
};
use slide::app::workers::protocol::{FromWorker, ToWorker};
use slide::app::workers::{Answer, Event, SolverQueue, Task};
use slide::pegs::{layout, Goal};
use slide::sliding::{Board, Dir};

fn fifteen() -> Task {
    Task::new(SlidingTask {
        board: Board::shuffled(4, 4, 1).unwrap(),
    })
}

fn pegs() -> Task {
    Task::new(PegsTask {
        board: layout("classic").unwrap().start,
        goal: Goal::CENTRE,
    })
}

fn sends(out: &[Out]) -> Vec<(usize, ToWorker)> {
    out.iter()
        .filter_map(|out| match out {
            Out::Send { worker, message } => Some((*worker, message.clone())),
            Out::Event(_) => None,
        })
        .collect()
}

fn events(out: &[Out]) -> Vec<Event> {
    out.iter()
        .filter_map(|out| match out {
            Out::Event(event) => Some(event.clone()),
            Out::Send { .. } => None,
        })
        .collect()
}

fn sliding_answer(moves: usize, optimal: bool) -> Answer {
    Answer::new(SlidingAnswer {
        moves: vec![Dir::Up; moves],
        optimal,
        bound: 0,
    })
}

fn answer(id: u64, answer: Answer, lower_bound: u32) -> Result<FromWorker, String> {
    Ok(FromWorker::Answer {
        id,
        answer,
        expanded: 100,
        lower_bound,
        elapsed_ms: 1.0,
        memory_bytes: 0.0,
    })
}

fn progress(id: u64, expanded: u64, bound: u32) -> Result<FromWorker, String> {
    Ok(FromWorker::Progress {
        id,
        expanded,
        bound: Some(bound),
        building: None,
    })
}

#[test]
fn requests_from_two_games_never_share_an_id() {
    // Each game used to number its requests from 1, so a Cancel meant for
    // one game's request could drop the other's: one pool, one id space.
    let mut pool = Pool::new(2);
    let sliding = pool.submit(fifteen(), 0.0);
    let peg = pool.submit(pegs(), 0.0);
    let again = pool.submit(fifteen(), 0.0);
    assert_ne!(sliding, peg);
    assert_ne!(peg, again);
    assert_ne!(sliding, again);
}

#[test]
fn cancelling_one_games_request_leaves_the_others_alone() {
    let mut pool = Pool::new(2);
    let sliding = pool.submit(fifteen(), 0.0);
    let peg = pool.submit(pegs(), 0.0);
    let out = pool.take_outbox();
    // The first request runs; the second waits its turn.
    assert!(sends(&out).iter().all(|(_, m)| !matches!(
        m,
        ToWorker::Solve { id, .. } if *id == peg
    )));
    // Cancelling the queued peg request sends nothing to the workers.
    pool.cancel(peg);
    assert_eq!(pool.take_outbox(), vec![]);
    // The sliding search goes on and is answered.
    pool.receive(0, answer(sliding, sliding_answer(40, true), 38), 10.0);
    let out = events(&pool.take_outbox());
    assert!(matches!(&out[..], [Event::Answered { id, .. }] if *id == sliding));

    // And the other way round: cancelling the running request starts the
    // queued one of the other game, untouched.
    let first = pool.submit(fifteen(), 20.0);
    let second = pool.submit(pegs(), 20.0);
    pool.take_outbox();
    pool.cancel(first);
    let out = sends(&pool.take_outbox());
    assert!(out
        .iter()
        .any(|(_, m)| matches!(m, ToWorker::Cancel { id } if *id == first)));
    assert!(!out
        .iter()
        .any(|(_, m)| matches!(m, ToWorker::Cancel { id } if *id == second)));
    assert!(out.iter().any(|(worker, m)| *worker == 0
        && matches!(m, ToWorker::Solve { id, aim: Aim::Best, .. } if *id == second)));
}

#[test]
fn a_peg_task_runs_on_one_worker_and_reports_no_bound() {
    let mut pool = Pool::new(4);
    let id = pool.submit(pegs(), 0.0);
    let out = sends(&pool.take_outbox());
    assert_eq!(out.len(), 1);
    assert!(matches!(
        &out[0],
        (0, ToWorker::Solve { aim: Aim::Best, .. })
    ));
    pool.receive(
        0,
        Ok(FromWorker::Progress {
            id,
            expanded: 500,
            bound: None,
            building: None,
        }),
        150.0,
    );
    let out = events(&pool.take_outbox());
    assert!(matches!(
        &out[..],
        [Event::Progress { progress, .. }] if progress.bound.is_none() && progress.workers == 1
    ));
    // Long past the split time: a peg search never splits.
    pool.receive(
        0,
        Ok(FromWorker::Progress {
            id,
            expanded: 9000,
            bound: None,
            building: None,
        }),
        5000.0,
    );
    assert!(sends(&pool.take_outbox()).is_empty());
    pool.receive(
        0,
        answer(id, Answer::new(PegsAnswer { jumps: None }), 0),
        5100.0,
    );
    assert!(matches!(
        &events(&pool.take_outbox())[..],
        [Event::Answered { answer, elapsed_ms, .. }] if *elapsed_ms == 5100.0 && answer.get() == Some(&PegsAnswer { jumps: None })
    ));
}

#[test]
fn a_4x4_task_gets_a_best_and_a_quick_search_and_the_quick_answer_shows_after_a_second() {
    let mut pool = Pool::new(2);
    let id = pool.submit(fifteen(), 0.0);
    let mut out = sends(&pool.take_outbox());
    // With the big tables in (without them, see the next test).
    let ready = Ok(FromWorker::Tables {
        set: FIFTEEN,
        ok: true,
        message: String::new(),
    });
    pool.receive(0, ready, 10.0);
    out.extend(sends(&pool.take_outbox()));
    assert!(out.contains(&(
        1,
        ToWorker::Solve {
            id,
            task: fifteen(),
            aim: Aim::Quick
        }
    )));
    assert!(out.contains(&(
        0,
        ToWorker::Solve {
            id,
            task: fifteen(),
            aim: Aim::Best
        }
    )));
    // The quick answer, a little above the lower bound: kept, not shown.
    pool.receive(1, answer(id, sliding_answer(50, false), 44), 20.0);
    assert!(events(&pool.take_outbox()).is_empty());
    pool.receive(0, progress(id, 1000, 44), 120.0);
    assert!(!events(&pool.take_outbox())
        .iter()
        .any(|e| matches!(e, Event::Provisional { .. })));
    pool.receive(0, progress(id, 2000, 46), ANYTIME_MS + 10.0);
    let out = pool.take_outbox();
    assert!(events(&out).iter().any(|e| matches!(
        e,
        Event::Provisional { id: shown, answer } if *shown == id && answer.moves() == Some(50)
    )));
}

#[test]
fn without_its_big_tables_a_4x4_shows_its_quick_answer_after_a_tenth_of_a_second() {
    let mut pool = Pool::new(2);
    let id = pool.submit(fifteen(), 0.0);
    pool.take_outbox();
    pool.receive(1, answer(id, sliding_answer(50, false), 44), 20.0);
    assert!(events(&pool.take_outbox()).is_empty());
    pool.receive(0, progress(id, 1000, 44), ANYTIME_WITHOUT_TABLES_MS + 10.0);
    assert!(events(&pool.take_outbox()).iter().any(|e| matches!(
        e,
        Event::Provisional { id: shown, answer } if *shown == id && answer.moves() == Some(50)
    )));
}

#[test]
fn a_gap_measured_without_the_big_tables_does_not_split_a_4x4_at_once_when_they_are_at_hand() {
    let mut pool = Pool::new(2);
    pool.tables_at_hand(FIFTEEN);
    let id = pool.submit(fifteen(), 0.0);
    pool.take_outbox();
    // Far above its lower bound, but a bound of linear conflicts (the big
    // tables, kept on the device, are not in yet): they would exhaust such
    // rounds at their root.
    pool.receive(
        1,
        answer(id, sliding_answer(44 + HARD_GAP as usize, false), 44),
        5.0,
    );
    let rounds = |out: &[Out]| {
        sends(out)
            .iter()
            .filter(|(_, m)| matches!(m, ToWorker::Round { .. }))
            .count()
    };
    assert_eq!(rounds(&pool.take_outbox()), 0);
    // The plain search goes on, and splits when its time comes, from the
    // bound it reached.
    pool.receive(0, progress(id, 1000, 52), SPLIT_AFTER_MS + 10.0);
    let out = pool.take_outbox();
    assert_eq!(rounds(&out), 2, "{out:?}");
    assert!(sends(&out).iter().all(|(_, m)| match m {
        ToWorker::Round { round, .. } => round.bound == 52,
        _ => true,
    }));
}

#[test]
fn with_one_worker_the_quick_answer_comes_first_and_nothing_splits() {
    let mut pool = Pool::new(1);
    let id = pool.submit(fifteen(), 0.0);
    let out = sends(&pool.take_outbox());
    assert!(matches!(
        &out[..],
        [
            (0, ToWorker::Prepare(set)),
            (
                0,
                ToWorker::Solve {
                    aim: Aim::Quick,
                    ..
                }
            ),
            (0, ToWorker::Solve { aim: Aim::Best, .. })
        ] if *set == FIFTEEN
    ));
    pool.receive(0, answer(id, sliding_answer(52, false), 40), 5.0);
    assert!(
        events(&pool.take_outbox()).is_empty(),
        "the quick answer does not end it"
    );
    pool.receive(0, progress(id, 10_000, 44), SPLIT_AFTER_MS * 10.0);
    assert!(!sends(&pool.take_outbox())
        .iter()
        .any(|(_, m)| matches!(m, ToWorker::Round { .. })));
    pool.receive(0, answer(id, sliding_answer(46, true), 0), 3000.0);
    assert!(matches!(
        &events(&pool.take_outbox())[..],
        [Event::Answered { answer, .. }] if answer.moves() == Some(46)
    ));
}

#[test]
fn an_optimal_quick_answer_ends_the_request() {
    let mut pool = Pool::new(2);
    let id = pool.submit(fifteen(), 0.0);
    pool.take_outbox();
    pool.receive(1, answer(id, sliding_answer(44, true), 44), 3.0);
    let out = pool.take_outbox();
    assert!(matches!(&events(&out)[..], [Event::Answered { .. }]));
    assert!(sends(&out).contains(&(0, ToWorker::Cancel { id })));
}

/// The rounds a pool deals out until it stops asking: per round, the bound
/// and the branches each worker got, answering each batch with `reply`.
fn run_rounds(
    pool: &mut Pool,
    id: u64,
    mut pending: Vec<(usize, ToWorker)>,
    mut reply: impl FnMut(u32, &[u32]) -> (Option<Vec<Dir>>, u32),
    now: &mut f64,
) -> (Vec<(u32, Vec<u32>)>, Vec<Event>) {
    let mut rounds: Vec<(u32, Vec<u32>)> = Vec::new();
    let mut told = Vec::new();
    while let Some((worker, message)) = pending.pop() {
        let ToWorker::Round {
            round: Round {
                bound, branches, ..
            },
            ..
        } = message
        else {
            continue;
        };
        match rounds.last_mut() {
            Some((b, seen)) if *b == bound => seen.extend(&branches),
            _ => rounds.push((bound, branches.clone())),
        }
        let (found, next_bound) = reply(bound, &branches);
        *now += 5.0;
        pool.receive(
            worker,
            Ok(FromWorker::RoundDone {
                id,
                done: RoundDone {
                    bound,
                    found: found.map(|moves| SlidingAnswer::answer(moves, true, 0)),
                    next_bound,
                    expanded: 10,
                },
            }),
            *now,
        );
        let out = pool.take_outbox();
        pending.extend(sends(&out));
        told.extend(events(&out));
    }
    (rounds, told)
}

#[test]
fn a_search_still_running_after_250_ms_is_split_into_rounds_over_every_worker() {
    let mut pool = Pool::new(3);
    let task = fifteen();
    let branch_count = task.branches(8) as u32;
    let id = pool.submit(task, 0.0);
    pool.take_outbox();
    pool.receive(1, answer(id, sliding_answer(50, false), 44), 2.0);
    pool.receive(0, progress(id, 5000, 46), 100.0);
    assert!(!sends(&pool.take_outbox())
        .iter()
        .any(|(_, m)| matches!(m, ToWorker::Round { .. })));
    pool.receive(0, progress(id, 9000, 48), SPLIT_AFTER_MS + 1.0);
    let out = sends(&pool.take_outbox());
    // The plain search stops; every worker gets a batch of the round at the
    // bound the plain search had reached.
    assert!(out.contains(&(0, ToWorker::Cancel { id })));
    let rounds: Vec<_> = out
        .iter()
        .filter_map(|(worker, m)| match m {
            ToWorker::Round { round, .. } => Some((*worker, round.bound)),
            _ => None,
        })
        .collect();
    assert_eq!(rounds.len(), 3);
    assert!(rounds.iter().all(|&(_, bound)| bound == 48));
    let mut workers: Vec<_> = rounds.iter().map(|&(w, _)| w).collect();
    workers.sort();
    assert_eq!(workers, vec![0, 1, 2]);

    // Rounds: nothing at 48 (one batch saw 50 exceed it, the others 52: the
    // next round is at 50), nothing at 50 but 54 and 56, then the goal at
    // 54 in the batch with the last branch.
    let mut now = SPLIT_AFTER_MS + 1.0;
    let mut replies = 0;
    let reply = |bound: u32, branches: &[u32]| {
        replies += 1;
        match bound {
            48 if replies == 1 => (None, 50),
            48 => (None, 52),
            50 if branches[0] == 0 => (None, 54),
            50 => (None, 56),
            _ if branches.contains(&(branch_count - 1)) => (Some(vec![Dir::Up; 54]), u32::MAX),
            _ => (None, 58),
        }
    };
    let (dealt, told) = run_rounds(&mut pool, id, out, reply, &mut now);
    let bounds: Vec<u32> = dealt.iter().map(|(bound, _)| *bound).collect();
    assert_eq!(bounds, vec![48, 50, 54]);
    // Every branch exactly once in each full round.
    for (_, branches) in &dealt[..2] {
        let mut branches = branches.clone();
        branches.sort();
        assert_eq!(branches, (0..branch_count).collect::<Vec<_>>());
    }
    // The goal found ended it, as optimal, with the progress of every
    // worker told on the way.
    let answered: Vec<_> = told
        .iter()
        .filter(|e| matches!(e, Event::Answered { .. }))
        .collect();
    assert!(
        matches!(&answered[..], [Event::Answered { answer, .. }] if matches!(answer.get(), Some(SlidingAnswer { moves, optimal: true, .. }) if moves.len() == 54)),
        "{told:?}"
    );
    assert!(told.iter().any(|e| matches!(
        e,
        Event::Progress { progress, .. } if progress.workers == 3 && progress.bound.is_some()
    )));
}

#[test]
fn a_found_solution_ends_the_split_search_as_optimal_and_stops_the_others() {
    let mut pool = Pool::new(2);
    let task = fifteen();
    let id = pool.submit(task, 0.0);
    pool.take_outbox();
    // Hard: the quick answer is far above its lower bound, so the search
    // splits at once, from that bound.
    pool.receive(
        1,
        answer(id, sliding_answer(44 + HARD_GAP as usize, false), 44),
        5.0,
    );
    let out = sends(&pool.take_outbox());
    let batches: Vec<_> = out
        .iter()
        .filter_map(|(w, m)| match m {
            ToWorker::Round {
                round: Round {
                    bound, branches, ..
                },
                ..
            } => Some((*w, *bound, branches.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(batches.len(), 2, "{out:?}");
    assert!(batches.iter().all(|(_, bound, _)| *bound == 44));
    // Worker 1 finds the goal in its first batch.
    pool.receive(
        batches[1].0,
        Ok(FromWorker::RoundDone {
            id,
            done: RoundDone {
                bound: 44,
                found: Some(SlidingAnswer::answer(vec![Dir::Left; 44], true, 0)),
                next_bound: u32::MAX,
                expanded: 777,
            },
        }),
        30.0,
    );
    let out = pool.take_outbox();
    assert!(matches!(
        &events(&out)[..],
        [Event::Answered { answer, .. }] if matches!(answer.get(), Some(SlidingAnswer { moves, optimal: true, .. }) if moves.len() == 44)
    ));
    assert!(sends(&out).contains(&(batches[0].0, ToWorker::Cancel { id })));
    // A late reply from the other worker changes nothing.
    pool.receive(
        batches[0].0,
        Ok(FromWorker::RoundDone {
            id,
            done: RoundDone {
                bound: 44,
                found: None,
                next_bound: 46,
                expanded: 1,
            },
        }),
        31.0,
    );
    assert_eq!(pool.take_outbox(), vec![]);
}

#[test]
fn stale_messages_change_nothing() {
    let mut pool = Pool::new(2);
    let old = pool.submit(fifteen(), 0.0);
    pool.cancel(old);
    let id = pool.submit(fifteen(), 10.0);
    pool.take_outbox();
    // Answers and progress for the cancelled request, and a round done for
    // a round never dealt, are ignored.
    pool.receive(0, answer(old, sliding_answer(40, true), 40), 20.0);
    pool.receive(0, progress(old, 10, 40), 30.0);
    pool.receive(
        1,
        Ok(FromWorker::RoundDone {
            id,
            done: RoundDone {
                bound: 12,
                found: Some(SlidingAnswer::answer(vec![], true, 0)),
                next_bound: 0,
                expanded: 0,
            },
        }),
        40.0,
    );
    assert_eq!(pool.take_outbox(), vec![]);
}

#[test]
fn a_worker_that_dies_fails_its_request_with_a_sentence_and_gets_the_tables_again() {
    let mut pool = Pool::new(2);
    pool.prepare(&fifteen());
    assert_eq!(
        sends(&pool.take_outbox()),
        vec![(0, ToWorker::Prepare(FIFTEEN))]
    );
    pool.receive(
        0,
        Ok(FromWorker::Tables {
            set: FIFTEEN,
            ok: true,
            message: String::new(),
        }),
        1.0,
    );
    let out = pool.take_outbox();
    assert_eq!(sends(&out), vec![(1, ToWorker::Prepare(FIFTEEN))]);
    assert_eq!(events(&out), vec![Event::TablesReady(FIFTEEN)]);
    // Asking again does not load them again.
    pool.prepare(&fifteen());
    assert_eq!(pool.take_outbox(), vec![]);

    let id = pool.submit(fifteen(), 10.0);
    pool.take_outbox();
    pool.worker_failed(0, "out of memory", 20.0);
    let out = pool.take_outbox();
    assert!(sends(&out).contains(&(0, ToWorker::Prepare(FIFTEEN))));
    let failed = events(&out);
    assert!(
        matches!(&failed[..], [Event::Failed { id: f, message }]
            if *f == id && message.contains("stopped unexpectedly") && message.contains("ask again")),
        "{failed:?}"
    );
    // The other worker's part of the request is stopped too.
    assert!(sends(&out).contains(&(1, ToWorker::Cancel { id })));

    // An idle worker's death is only noted; an unreadable reply counts as a
    // death.
    pool.receive(1, Err("the message has no kind".into()), 30.0);
    let out = pool.take_outbox();
    assert!(sends(&out).contains(&(1, ToWorker::Prepare(FIFTEEN))));
    assert!(matches!(&events(&out)[..], [Event::Note(note)] if note.contains("restarted")));

    // The next request is served as usual.
    let next = pool.submit(fifteen(), 40.0);
    assert!(sends(&pool.take_outbox())
        .iter()
        .any(|(_, m)| matches!(m, ToWorker::Solve { id, .. } if *id == next)));
}

#[test]
fn tables_that_fail_are_said_once_and_the_4x4_still_splits_with_the_small_tier() {
    let mut pool = Pool::new(2);
    pool.prepare(&fifteen());
    pool.take_outbox();
    let failed = Ok(FromWorker::Tables {
        set: FIFTEEN,
        ok: false,
        message: "HTTP 404".into(),
    });
    pool.receive(0, failed.clone(), 1.0);
    pool.receive(1, failed, 2.0);
    let out = events(&pool.take_outbox());
    assert!(matches!(&out[..], [Event::Note(note)] if note.contains("HTTP 404")));
    let id = pool.submit(fifteen(), 10.0);
    pool.take_outbox();
    pool.receive(0, progress(id, 100_000, 50), 10.0 + SPLIT_AFTER_MS * 4.0);
    assert!(sends(&pool.take_outbox())
        .iter()
        .any(|(_, m)| matches!(m, ToWorker::Round { .. })));
}

#[test]
fn a_worker_failure_message_fails_the_request_it_names() {
    let mut pool = Pool::new(2);
    let id = pool.submit(pegs(), 0.0);
    pool.take_outbox();
    pool.receive(
        0,
        Ok(FromWorker::Failed {
            id,
            message: "the search ended without a solution".into(),
        }),
        5.0,
    );
    assert!(matches!(
        &events(&pool.take_outbox())[..],
        [Event::Failed { id: f, .. }] if *f == id
    ));
}

/// A 5x5 (or larger) sliding task, and its solve messages on two workers
/// once the 5x5 tables are in.
fn near_task_sends(width: usize, height: usize) -> (Pool, u64, Task, Vec<(usize, ToWorker)>) {
    let mut pool = Pool::new(2);
    let task = Task::new(SlidingTask {
        board: Board::shuffled(width, height, 1).unwrap(),
    });
    let id = pool.submit(task.clone(), 0.0);
    let mut out = sends(&pool.take_outbox());
    let ready = Ok(FromWorker::Tables {
        set: TWENTYFOUR,
        ok: true,
        message: String::new(),
    });
    for worker in 0..2 {
        pool.receive(worker, ready.clone(), 10.0);
    }
    out.extend(sends(&pool.take_outbox()));
    (pool, id, task, out)
}

/// A square board of `side` sent to two workers, checked to go as the
/// second view asks: the quick answer and the plain search on the first
/// worker, the second view (a 5x5 from the goal's side, a larger board's
/// mirror image) on the other.
fn second_view_sends(side: usize) -> (Pool, u64) {
    let (pool, id, task, out) = near_task_sends(side, side);
    let solve = |aim| ToWorker::Solve {
        id,
        task: task.clone(),
        aim,
    };
    assert!(out.contains(&(0, solve(Aim::Quick))), "{side}x{side}");
    assert!(out.contains(&(0, solve(Aim::Best))), "{side}x{side}");
    assert!(out.contains(&(1, solve(Aim::Mirror))), "{side}x{side}");
    (pool, id)
}

#[test]
fn on_two_workers_a_5x5_is_searched_from_both_sides_and_the_shorter_answer_kept() {
    let (mut pool, id) = second_view_sends(5);
    pool.receive(0, answer(id, sliding_answer(130, false), 90), 20.0);
    assert!(events(&pool.take_outbox()).iter().any(|e| matches!(
        e,
        Event::Provisional { answer, .. } if answer.moves() == Some(130)
    )));
    // The second view answers first: shown, the plain search goes on.
    pool.receive(1, answer(id, sliding_answer(104, false), 90), 900.0);
    let shown = events(&pool.take_outbox());
    assert!(shown.iter().any(|e| matches!(
        e,
        Event::Provisional { answer, .. } if answer.moves() == Some(104)
    )));
    assert!(!shown.iter().any(|e| matches!(e, Event::Answered { .. })));
    // The plain search's longer answer ends the request with the shorter.
    pool.receive(0, answer(id, sliding_answer(106, false), 90), 1000.0);
    assert!(events(&pool.take_outbox()).iter().any(|e| matches!(
        e,
        Event::Answered { answer, .. } if answer.moves() == Some(104)
    )));
}

#[test]
fn on_two_workers_a_larger_square_board_is_searched_in_its_mirror_image_too() {
    // The mirror image gains on 6x6 to 10x10 as the 5x5's goal side does
    // (issue 24 point 3), so it runs beside the plain search on two workers.
    for side in 6..=10 {
        second_view_sends(side);
    }
}

#[test]
fn on_two_workers_a_board_that_is_not_square_gets_no_second_search() {
    // A board that is not square has no mirror image of its own shape.
    let (_, _, _, out) = near_task_sends(6, 8);
    assert!(!out.iter().any(|(_, message)| matches!(
        message,
        ToWorker::Solve {
            aim: Aim::Mirror,
            ..
        }
    )));
    assert!(out.iter().any(|(worker, message)| *worker == 0
        && matches!(message, ToWorker::Solve { aim: Aim::Best, .. })));
}
