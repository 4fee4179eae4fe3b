//! Fitting `MAX_CONNECTIONS` to the process's descriptor limit. Past the limit nothing can
//! open a file or a socket: not the database, not a built file, not a new visitor. Capping
//! connections below it keeps descriptors for the rest, and a connection over the cap waits
//! in the kernel's queue instead of failing.

/// Descriptors the process needs besides its connections: the database pool (SQLite keeps
/// the file, its WAL and its shared memory open per connection), the listener, each
/// worker's runtime, the log, and a margin.
pub fn reserved(pool_size: u32) -> u64 {
    64 + 3 * u64::from(pool_size)
}

/// Each connection: its socket, and a file while a built file is being sent on it.
const PER_CONNECTION: u64 = 2;

/// Descriptors `connections` connections need, with the reserve.
pub fn needed(connections: usize, pool_size: u32) -> u64 {
    u64::try_from(connections)
        .unwrap_or(u64::MAX)
        .saturating_mul(PER_CONNECTION)
        .saturating_add(reserved(pool_size))
}

/// The most connections a descriptor limit of `limit` leaves room for (at least 2).
pub fn connections_within(limit: u64, pool_size: u32) -> usize {
    let room = limit.saturating_sub(reserved(pool_size)) / PER_CONNECTION;
    usize::try_from(room).unwrap_or(usize::MAX).max(2)
}

/// At start-up: raises the process's soft descriptor limit towards its hard limit when
/// `requested` connections need more (as Go and nginx do), and returns how many connections
/// to serve: `requested`, or fewer when even the hard limit is too low (with a warning).
#[cfg(target_os = "linux")]
pub fn fit_connections(requested: usize, pool_size: u32) -> usize {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let want = needed(requested, pool_size);
    let limits = getrlimit(Resource::Nofile);
    let soft = limits.current.unwrap_or(u64::MAX);
    if soft >= want {
        return requested;
    }
    let raised = limits.maximum.map_or(want, |hard| hard.min(want));
    let soft = if raised > soft
        && setrlimit(
            Resource::Nofile,
            Rlimit {
                current: Some(raised),
                maximum: limits.maximum,
            },
        )
        .is_ok()
    {
        tracing::info!(from = soft, to = raised, "raised the open-file limit");
        raised
    } else {
        soft
    };
    if soft >= want {
        return requested;
    }
    let fitted = connections_within(soft, pool_size).min(requested);
    tracing::warn!(
        requested,
        serving = fitted,
        open_file_limit = soft,
        "MAX_CONNECTIONS lowered to fit the open-file limit (raise it, e.g. LimitNOFILE in systemd)"
    );
    fitted
}

/// Elsewhere the limit is the operator's to set.
#[cfg(not(target_os = "linux"))]
pub fn fit_connections(requested: usize, _pool_size: u32) -> usize {
    requested
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_connection_is_counted_twice_beside_a_reserve_for_the_pool() {
        assert_eq!(reserved(4), 76);
        assert_eq!(needed(1_000, 4), 2_076);
        // The probe's limit of 1,024: 474 connections leave the database and files room.
        assert_eq!(connections_within(1_024, 4), 474);
        assert!(needed(connections_within(1_024, 4), 4) <= 1_024);
        assert_eq!(connections_within(1_024, 16), 456);
        assert_eq!(connections_within(10, 4), 2, "never none");
        assert_eq!(needed(usize::MAX, 4), u64::MAX);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_limit_with_room_is_kept_as_asked() {
        let limits = rustix::process::getrlimit(rustix::process::Resource::Nofile);
        let soft = limits.current.unwrap_or(u64::MAX);
        let fits = connections_within(soft, 4);
        assert_eq!(fit_connections(fits.min(100), 4), fits.min(100));
    }
}
