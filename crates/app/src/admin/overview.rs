//! The overview tab: the spec's stat cards, the recent activity and the charts.
use playspace_domain::admin::RECENT_ACTIVITY;
use playspace_domain::stats::StatsWindows;
use playspace_ports::{AuditFilter, AuditRecord, Dashboard, RepoError};

use super::AdminDeps;

/// Everything the overview shows, and the periods its charts cover.
#[derive(Clone, Debug)]
pub struct Overview {
    pub windows: StatsWindows,
    pub figures: Dashboard,
    pub recent: Vec<AuditRecord>,
}

pub fn overview(deps: &AdminDeps) -> Result<Overview, RepoError> {
    let windows = StatsWindows::at(deps.clock.now());
    let figures = deps.dashboard.dashboard(&windows)?;
    let recent = deps
        .audit
        .latest(&AuditFilter::default(), RECENT_ACTIVITY)?;
    Ok(Overview {
        windows,
        figures,
        recent,
    })
}
