use diesel::prelude::*;
use playspace_domain::ContactMessage;
use playspace_ports::{ContactRepository, RepoError};

use crate::Store;
use crate::convert::{repo_error, to_db_time};
use crate::schema::contact_messages;

#[derive(Insertable)]
#[diesel(table_name = contact_messages)]
struct NewContactMessage<'a> {
    id: String,
    first_name: &'a str,
    last_name: &'a str,
    email: &'a str,
    subject: &'a str,
    message: &'a str,
    created_at: chrono::NaiveDateTime,
}

impl ContactRepository for Store {
    fn insert(&self, m: &ContactMessage) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        diesel::insert_into(contact_messages::table)
            .values(NewContactMessage {
                id: m.id.to_string(),
                first_name: &m.first_name,
                last_name: &m.last_name,
                email: m.email.as_str(),
                subject: m.subject,
                message: &m.message,
                created_at: to_db_time(m.created_at),
            })
            .execute(&mut *conn)
            .map(|_| ())
            .map_err(repo_error)
    }
}
