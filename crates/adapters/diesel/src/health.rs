use diesel::RunQueryDsl;
use playspace_ports::{HealthCheck, RepoError};

use crate::Store;
use crate::convert::repo_error;

impl HealthCheck for Store {
    fn ping(&self) -> Result<(), RepoError> {
        let mut conn = self.conn()?;
        diesel::sql_query("SELECT 1")
            .execute(&mut *conn)
            .map(|_| ())
            .map_err(repo_error)
    }
}
