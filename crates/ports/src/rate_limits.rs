use crate::RepoError;

/// Rate-limit counts kept where every server sharing the database sees them (ADR 0026). A
/// count is kept per `bucket` (a keyed hash naming the limit and the caller, never the
/// caller's address or email in clear) and fixed window (`window_start`, Unix seconds).
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait RateLimitCounts: Send + Sync {
    /// Adds one hit to the window's count, atomically, unless the count has already reached
    /// `below` (then nothing changes): whether the hit was counted. `None` always counts.
    /// `expires_at` (Unix seconds) is when the row may be swept.
    fn add_hit(
        &self,
        bucket: &str,
        window_start: i64,
        below: Option<i64>,
        expires_at: i64,
    ) -> Result<bool, RepoError>;

    /// The counts of the windows starting at `previous` and `current` (0 where none).
    fn hit_counts(
        &self,
        bucket: &str,
        previous: i64,
        current: i64,
    ) -> Result<(i64, i64), RepoError>;

    /// Deletes the counts whose `expires_at` is at or before `now`: how many.
    fn sweep_rate_limit_counts(&self, now: i64) -> Result<usize, RepoError>;
}
