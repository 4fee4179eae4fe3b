/// The error contract of every repository.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RepoError {
    /// The record asked for does not exist (or is not visible to the caller).
    #[error("not found")]
    NotFound,
    /// A uniqueness or capacity rule held by the store refused the write.
    #[error("conflict")]
    Conflict,
    /// The store could not answer: connection, pool, I/O or unexpected database error.
    /// The text is for logs only and must never reach a client.
    #[error("store unavailable: {0}")]
    Unavailable(String),
}
