use playspace_domain::admin::CAMPAIGNS_SHOWN;
use playspace_ports::{CampaignSummary, RepoError};

use super::AdminDeps;

/// The newest campaigns with where their emails are (delivered, failed, pending).
pub fn email_campaigns(deps: &AdminDeps) -> Result<Vec<CampaignSummary>, RepoError> {
    deps.bulk_email.campaigns(CAMPAIGNS_SHOWN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::Mocks;

    #[test]
    fn asks_for_the_newest_fifty() {
        let mut m = Mocks::new();
        m.bulk_email
            .expect_campaigns()
            .withf(|limit| *limit == 50)
            .times(1)
            .returning(|_| Ok(vec![]));
        assert!(email_campaigns(&m.deps()).unwrap().is_empty());
    }
}
