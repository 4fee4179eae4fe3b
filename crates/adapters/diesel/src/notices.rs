//! PostgreSQL's LISTEN/NOTIFY on a connection of its own, outside the pool (ADRs 0027,
//! 0028): the server's listener sends and hears change notices through it.
use diesel::connection::SimpleConnection;
use diesel::sql_types::Text;
use diesel::{Connection, PgConnection, RunQueryDsl};

/// The listening connections' `application_name`.
pub const APPLICATION_NAME: &str = "playspace-listener";

/// One listening connection. Errors are the connection's: drop it and connect again.
pub struct NoticeConnection {
    conn: PgConnection,
}

impl std::fmt::Debug for NoticeConnection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NoticeConnection")
    }
}

impl NoticeConnection {
    /// Connects to the PostgreSQL database at `url` and listens on `channels` (names made
    /// of letters and underscores, given by the code, never by a caller).
    pub fn listen(url: &str, channels: &[&str]) -> Result<Self, String> {
        let mut conn = PgConnection::establish(url).map_err(|e| e.to_string())?;
        // Named, so an operator can tell it from the pool's connections in pg_stat_activity.
        conn.batch_execute(&format!("SET application_name = '{APPLICATION_NAME}'"))
            .map_err(|e| e.to_string())?;
        for channel in channels {
            if !channel.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                return Err(format!("not a channel name: {channel}"));
            }
            conn.batch_execute(&format!("LISTEN {channel}"))
                .map_err(|e| e.to_string())?;
        }
        Ok(Self { conn })
    }

    /// Sends `payload` to every connection listening on `channel` (this one included).
    pub fn notify(&mut self, channel: &str, payload: &str) -> Result<(), String> {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<Text, _>(channel)
            .bind::<Text, _>(payload)
            .execute(&mut self.conn)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// The notices that have arrived, as (channel, payload), without waiting for more.
    pub fn arrived(&mut self) -> Result<Vec<(String, String)>, String> {
        self.conn
            .notifications_iter()
            .map(|n| n.map(|n| (n.channel, n.payload)).map_err(|e| e.to_string()))
            .collect()
    }

    /// A round trip, to learn whether the connection is still there.
    pub fn ping(&mut self) -> Result<(), String> {
        self.conn
            .batch_execute("SELECT 1")
            .map_err(|e| e.to_string())
    }
}
