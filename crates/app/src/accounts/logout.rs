use playspace_domain::SessionId;
use playspace_ports::RepoError;

use super::AccountDeps;

/// Ends one session: its token stops working at once.
pub fn logout(deps: &AccountDeps, session: SessionId) -> Result<(), RepoError> {
    deps.sessions.revoke(session, deps.clock.now())
}
