//! Rate-limit counts on both backends (ADR 0026): the conditional upsert counts up to the
//! limit and no further, exactly, however many callers race; old windows are swept.

use crate::common;

use playspace_ports::RateLimitCounts;
use playspace_store::Store;

on_both_backends!(
    hits_count_up_to_the_limit_and_no_further,
    windows_and_buckets_count_apart,
    concurrent_hits_give_an_exact_count,
    concurrent_hits_never_pass_the_limit,
    only_expired_windows_are_swept,
);

const W: i64 = 1_800_000_000;

fn hits_count_up_to_the_limit_and_no_further(store: &Store) {
    for _ in 0..3 {
        assert!(store.add_hit("b", W, Some(3), W + 1200).unwrap());
    }
    assert!(!store.add_hit("b", W, Some(3), W + 1200).unwrap());
    assert_eq!(store.hit_counts("b", W - 600, W).unwrap(), (0, 3));
    // A lower limit (the previous window still weighs) refuses sooner; none refuses nothing.
    assert!(!store.add_hit("b", W, Some(2), W + 1200).unwrap());
    assert!(!store.add_hit("c", W, Some(0), W + 1200).unwrap());
    assert_eq!(store.hit_counts("c", W - 600, W).unwrap(), (0, 0));
    // No limit: a failure is always counted.
    assert!(store.add_hit("b", W, None, W + 1200).unwrap());
    assert_eq!(store.hit_counts("b", W - 600, W).unwrap(), (0, 4));
}

fn windows_and_buckets_count_apart(store: &Store) {
    store.add_hit("b", W - 600, None, W + 600).unwrap();
    store.add_hit("b", W - 600, None, W + 600).unwrap();
    store.add_hit("b", W, None, W + 1200).unwrap();
    store.add_hit("other", W, None, W + 1200).unwrap();
    assert_eq!(store.hit_counts("b", W - 600, W).unwrap(), (2, 1));
    assert_eq!(store.hit_counts("other", W - 600, W).unwrap(), (0, 1));
    assert_eq!(store.hit_counts("none", W - 600, W).unwrap(), (0, 0));
}

fn race(store: &Store, threads: usize, each: usize, below: Option<i64>) -> usize {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let store = store.clone();
                scope.spawn(move || {
                    (0..each)
                        .filter(|_| store.add_hit("rush", W, below, W + 1200).unwrap())
                        .count()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    })
}

fn concurrent_hits_give_an_exact_count(store: &Store) {
    assert_eq!(race(store, 8, 25, None), 200);
    assert_eq!(store.hit_counts("rush", W - 600, W).unwrap(), (0, 200));
}

fn concurrent_hits_never_pass_the_limit(store: &Store) {
    assert_eq!(race(store, 8, 10, Some(30)), 30);
    assert_eq!(store.hit_counts("rush", W - 600, W).unwrap(), (0, 30));
}

fn only_expired_windows_are_swept(store: &Store) {
    store.add_hit("old", W - 1200, None, W).unwrap();
    store.add_hit("live", W, None, W + 1200).unwrap();
    assert_eq!(store.sweep_rate_limit_counts(W).unwrap(), 1);
    assert_eq!(store.hit_counts("old", W - 1200, W).unwrap(), (0, 0));
    assert_eq!(store.hit_counts("live", W - 600, W).unwrap(), (0, 1));
    assert_eq!(store.sweep_rate_limit_counts(W).unwrap(), 0);
}
