//! The overview tab: the spec's stat cards, the recent activity and the charts.
use playspace_domain::admin::RECENT_ACTIVITY;
use playspace_domain::stats::StatsWindows;
use playspace_ports::{AuditFilter, AuditRecord, Dashboard, RepoError};

use super::AdminDeps;

/// The overview's cards and charts, and the periods they cover: the costly part (counts
/// over every booking), which the api may keep for a while (ADR 0009).
#[derive(Clone, Debug)]
pub struct OverviewFigures {
    pub windows: StatsWindows,
    pub figures: Dashboard,
}

pub fn overview_figures(deps: &AdminDeps) -> Result<OverviewFigures, RepoError> {
    let windows = StatsWindows::at(deps.clock.now());
    let figures = deps.dashboard.dashboard(&windows)?;
    Ok(OverviewFigures { windows, figures })
}

/// The latest audit entries the overview lists: one indexed read, always current.
pub fn recent_activity(deps: &AdminDeps) -> Result<Vec<AuditRecord>, RepoError> {
    deps.audit.latest(&AuditFilter::default(), RECENT_ACTIVITY)
}
