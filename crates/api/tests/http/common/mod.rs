//! A real application over a temporary SQLite database (or, with [`TestApp::on_postgres`], a
//! PostgreSQL one) and a temporary frontend build.
#![allow(dead_code)]

pub mod process;

use actix_web::dev::{Service, ServiceResponse};
use actix_web::test;
use chrono::{Duration, Utc};
use playspace_api::config::Config;
use playspace_api::server::{app, state};
use playspace_domain::Event;
use playspace_ports::EventRepository;
use playspace_store::Store;
use playspace_test_support::templates;
use playspace_test_support::{EventBuilder, TempSqlite};

pub struct TestApp {
    pub store: Store,
    /// The SQLite database (unused but for the data directory when on PostgreSQL).
    pub db: TempSqlite,
    /// The PostgreSQL database, dropped with the app, when on PostgreSQL.
    pg: Option<PgDatabase>,
    frontend: Option<tempfile::TempDir>,
    rate_limits: bool,
}

/// Where a test app's data is, for reading it behind the app's back.
#[derive(Clone, Debug)]
enum DbAt {
    Sqlite(std::path::PathBuf),
    Postgres(String),
}

/// A database of its own in the cluster of `TEST_DATABASE_URL`.
struct PgDatabase {
    admin_url: String,
    name: String,
}

impl PgDatabase {
    fn url(&self) -> String {
        templates::with_database(&self.admin_url, &self.name)
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        use diesel::prelude::*;
        if let Ok(mut conn) = diesel::PgConnection::establish(&self.admin_url) {
            let drop = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name);
            let _ = diesel::sql_query(drop).execute(&mut conn);
        }
    }
}

thread_local! {
    /// The database of the newest [`TestApp`] made on this thread (each test makes one):
    /// [`register`] reads the link that finishes signing up from its outbox, so its callers
    /// need pass only the service.
    static NEWEST_DB: std::cell::Cell<Option<DbAt>> =
        const { std::cell::Cell::new(None) };
}

pub const INDEX_HTML: &str = "<!doctype html><html lang=\"en-GB\"><head><title>PlaySpace</title>\
<meta name=\"description\" content=\"Inclusive sport\" /><!--initial-data--></head>\
<body><div id=root></div></body></html>";

impl TestApp {
    /// A migrated empty database and a frontend build with index.html and one hashed asset.
    pub fn new() -> Self {
        Self::with_frontend(Some(Self::frontend_build()))
    }

    /// [`TestApp::new`] over a PostgreSQL database; `None` (the test is skipped) when no
    /// PostgreSQL is configured, except under CI, where that is a failure.
    pub fn on_postgres() -> Option<Self> {
        let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") else {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "CI=true but TEST_DATABASE_URL is unset: run the tests through scripts/test"
            );
            eprintln!("TEST_DATABASE_URL unset: skipping PostgreSQL test");
            return None;
        };
        Some(Self::on_postgres_at(admin_url))
    }

    /// [`TestApp::new`] over a new database in the PostgreSQL cluster of `admin_url` (a
    /// private one, for a test that stops it).
    pub fn on_postgres_at(admin_url: String) -> Self {
        static SCHEMA: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let schema = SCHEMA.get_or_init(|| {
            templates::fingerprint(
                &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations/postgres"),
            )
        });
        let pg = PgDatabase {
            admin_url,
            name: playspace_test_support::unique_database_name(),
        };
        templates::postgres_from_template(&pg.admin_url, schema, &pg.name, |url| {
            Store::connect(url, 1).unwrap().migrate().unwrap();
        });
        let mut app = Self::with_frontend(Some(Self::frontend_build()));
        app.store = Store::connect(&pg.url(), 4).unwrap();
        NEWEST_DB.set(Some(DbAt::Postgres(pg.url())));
        app.pg = Some(pg);
        app
    }

    fn frontend_build() -> tempfile::TempDir {
        let frontend = tempfile::tempdir().unwrap();
        std::fs::write(frontend.path().join("index.html"), INDEX_HTML).unwrap();
        std::fs::create_dir(frontend.path().join("assets")).unwrap();
        std::fs::write(
            frontend.path().join("assets/index-abc123.js"),
            "console.log('hi')",
        )
        .unwrap();
        frontend
    }

    pub fn without_frontend() -> Self {
        Self::with_frontend(None)
    }

    /// The same application with rate limits off (`RATE_LIMITS=off`), for a test that makes
    /// more requests than the limits and ceilings allow and is about something else.
    pub fn without_rate_limits(mut self) -> Self {
        self.rate_limits = false;
        self
    }

    /// The temporary frontend build's directory (for files a test adds to it).
    pub fn frontend_path(&self) -> &std::path::Path {
        self.frontend.as_ref().expect("a frontend build").path()
    }

    fn with_frontend(frontend: Option<tempfile::TempDir>) -> Self {
        static SCHEMA: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let schema = SCHEMA.get_or_init(|| {
            templates::fingerprint(
                &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations/sqlite"),
            )
        });
        let db = templates::sqlite_from_template(schema, |url| {
            Store::connect(url, 1).unwrap().migrate().unwrap();
        });
        NEWEST_DB.set(Some(DbAt::Sqlite(db.path().join("test.db"))));
        let store = Store::connect(&db.url(), 4).unwrap();
        Self {
            store,
            db,
            pg: None,
            frontend,
            rate_limits: true,
        }
    }

    fn config(&self) -> Config {
        let frontend_dir = self
            .frontend
            .as_ref()
            .map_or_else(|| self.db.path().join("no-build"), |d| d.path().to_owned());
        let mut config = Config::from_lookup(|_| None).unwrap();
        config.database_url = self
            .pg
            .as_ref()
            .map_or_else(|| self.db.url(), PgDatabase::url);
        config.embedded_default = false;
        config.frontend_dir = Some(frontend_dir);
        config.data_dir = self.db.path().to_owned();
        config.rate_limits = self.rate_limits;
        config
    }

    /// The PostgreSQL database's URL, when on PostgreSQL.
    pub fn postgres_url(&self) -> Option<String> {
        self.pg.as_ref().map(PgDatabase::url)
    }

    /// The data directory of the app's services (its generated secrets are there).
    pub fn data_dir(&self) -> std::path::PathBuf {
        self.db.path().to_owned()
    }

    /// Inserts an event starting `days` from now.
    pub fn event(&self, days: i64, build: impl FnOnce(EventBuilder) -> EventBuilder) -> Event {
        let event = build(EventBuilder::new().starts_at(Utc::now() + Duration::days(days))).build();
        self.store.insert(&event).unwrap();
        event
    }

    pub async fn service(
        &self,
    ) -> impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    > {
        test::init_service(app(state(self.config(), self.store.clone()).unwrap())).await
    }

    /// The application's state, for driving background steps (sweeps, announcements).
    pub fn state(&self) -> playspace_api::AppState {
        state(self.config(), self.store.clone()).unwrap()
    }

    /// The application after `change` adjusts its state (clock, gateway, verifier...).
    pub async fn service_with(
        &self,
        change: impl FnOnce(&mut playspace_api::AppState),
    ) -> impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    > {
        let mut state = state(self.config(), self.store.clone()).unwrap();
        change(&mut state);
        test::init_service(app(state)).await
    }

    /// The application with its clock stopped at `now` (for expiry rules).
    pub async fn service_at(
        &self,
        now: chrono::DateTime<Utc>,
    ) -> impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    > {
        let mut state = state(self.config(), self.store.clone()).unwrap();
        state.clock = std::sync::Arc::new(playspace_test_support::FixedClock(now));
        test::init_service(app(state)).await
    }

    /// Rows of the outbox as (to, type, text body), oldest first.
    pub fn emails(&self) -> Vec<(String, String, String)> {
        outbox_at(&self.db_at())
    }

    fn db_at(&self) -> DbAt {
        self.pg.as_ref().map_or_else(
            || DbAt::Sqlite(self.db.path().join("test.db")),
            |pg| DbAt::Postgres(pg.url()),
        )
    }

    /// The token in the newest email of `kind` (the part after `token=`).
    pub fn token_from_email(&self, kind: &str) -> String {
        let (_, _, body) = self
            .emails()
            .into_iter()
            .rev()
            .find(|(_, t, _)| t == kind)
            .expect("email sent");
        token_in(&body)
    }
}

/// Sends a GET and returns status, headers and body text.
pub async fn get(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    uri: &str,
) -> (u16, actix_web::http::header::HeaderMap, String) {
    let response =
        test::call_service(service, test::TestRequest::get().uri(uri).to_request()).await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = test::read_body(response).await;
    (status, headers, String::from_utf8_lossy(&body).into_owned())
}

pub async fn get_json(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    uri: &str,
) -> (u16, serde_json::Value) {
    let (status, headers, body) = get(service, uri).await;
    let body = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}"));
    (status, checked_request_id(&headers, body))
}

/// Every JSON error body names its request (ADR 0031): the JSON helpers here check its
/// `requestId` against the answer's `x-request-id` for every test's errors, then remove it,
/// so tests compare the rest (which is the same from one request to the next).
pub fn checked_request_id(
    headers: &actix_web::http::header::HeaderMap,
    mut body: serde_json::Value,
) -> serde_json::Value {
    if let Some(fields) = body.as_object_mut()
        && fields.contains_key("error")
        && fields.contains_key("code")
    {
        let id = fields.remove("requestId");
        let header = headers.get("x-request-id").map(|v| v.to_str().unwrap());
        assert!(header.is_some(), "every answer carries x-request-id");
        assert_eq!(
            id.as_ref().and_then(serde_json::Value::as_str),
            header,
            "an error body names its request"
        );
    }
    body
}

/// Sends a JSON POST from `peer` and returns status, headers and the parsed body.
pub async fn post_json(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    uri: &str,
    peer: &str,
    body: &serde_json::Value,
) -> (u16, actix_web::http::header::HeaderMap, serde_json::Value) {
    let request = test::TestRequest::post()
        .uri(uri)
        .peer_addr(peer.parse().unwrap())
        .set_json(body)
        .to_request();
    let response = test::call_service(service, request).await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = test::read_body(response).await;
    let body = serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null);
    (status, headers.clone(), checked_request_id(&headers, body))
}

/// Sends a request with a JSON body and optional bearer token; returns status, headers, body.
pub async fn send(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    request: test::TestRequest,
    token: Option<&str>,
) -> (u16, actix_web::http::header::HeaderMap, serde_json::Value) {
    send_from(service, request, token, "10.1.1.1").await
}

/// [`send`] from the network address `ip`.
pub async fn send_from(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    request: test::TestRequest,
    token: Option<&str>,
    ip: &str,
) -> (u16, actix_web::http::header::HeaderMap, serde_json::Value) {
    let request = match token {
        Some(token) => request.insert_header(("Authorization", format!("Bearer {token}"))),
        None => request,
    };
    let response = test::call_service(
        service,
        request
            .peer_addr(format!("{ip}:4000").parse().unwrap())
            .to_request(),
    )
    .await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = test::read_body(response).await;
    let body = serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null);
    (status, headers.clone(), checked_request_id(&headers, body))
}

/// A complete, valid sign-up payload for `email`.
pub fn sign_up(email: &str) -> serde_json::Value {
    serde_json::json!({
        "firstName": "Ana", "lastName": "Silva", "email": email, "phone": "07700 900123",
        "password": "brisk-otter-42", "dateOfBirth": "1990-05-17", "gender": "non-binary",
        "address": "1 Mare Street", "city": "London", "postcode": "E8 4RP",
        "emergencyContactName": "Jo Silva", "emergencyContactPhone": "07700 900456",
        "medicalConditions": "Asthma", "fitnessLevel": "beginner", "sportsInterests": ["Football"],
        "howDidYouHear": "friend", "marketingConsent": false, "accessibilityNeeds": "Step-free access"
    })
}

/// Each named test, `async fn name(app: TestApp)` in the calling module, once over SQLite
/// (`sqlite::name`) and once over PostgreSQL (`postgres::name`, skipped without
/// TEST_DATABASE_URL). The calling module imports `TestApp`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(#[actix_web::test] async fn $name() { super::$name(super::TestApp::new()).await; })+
        }
        mod postgres {
            $(#[actix_web::test] async fn $name() {
                if let Some(app) = super::TestApp::on_postgres() { super::$name(app).await; }
            })+
        }
    };
}

/// The type of a test service, for helper functions: `service: &svc!()`.
#[macro_export]
macro_rules! svc {
    () => {
        impl actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
            Error = actix_web::Error,
        >
    };
}

/// Rows of the outbox of the database at `path` as (to, type, text body), oldest first.
fn outbox_at(at: &DbAt) -> Vec<(String, String, String)> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        to_email: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        email_type: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        text_body: String,
    }
    let query = diesel::sql_query(
        "SELECT to_email, email_type, text_body FROM email_deliveries ORDER BY created_at, id",
    );
    let rows: Vec<Row> = match at {
        DbAt::Sqlite(path) => {
            let mut conn = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
            query.load(&mut conn).unwrap()
        }
        DbAt::Postgres(url) => {
            let mut conn = diesel::PgConnection::establish(url).unwrap();
            query.load(&mut conn).unwrap()
        }
    };
    rows.into_iter()
        .map(|r| (r.to_email, r.email_type, r.text_body))
        .collect()
}

/// The token of the newest link that finishes signing up `email`, from the newest app's
/// outbox; None when none was sent.
pub fn sign_up_link(email: &str) -> Option<String> {
    let path = NEWEST_DB.take().expect("a TestApp on this thread");
    NEWEST_DB.set(Some(path.clone()));
    sign_up_link_in(&path, email)
}

/// [`sign_up_link`] from the outbox of the database at `url` (`sqlite://` or PostgreSQL).
pub fn sign_up_link_at(url: &str, email: &str) -> Option<String> {
    let at = url.strip_prefix("sqlite://").map_or_else(
        || DbAt::Postgres(url.to_owned()),
        |path| DbAt::Sqlite(path.into()),
    );
    sign_up_link_in(&at, email)
}

/// [`sign_up_link`] from the outbox of the database at `path`.
fn sign_up_link_in(at: &DbAt, email: &str) -> Option<String> {
    let address = playspace_domain::Email::parse(email).unwrap();
    let (_, _, body) = outbox_at(at)
        .into_iter()
        .rev()
        .find(|(to, kind, _)| kind == "signup_confirm" && to == address.as_str())?;
    Some(token_in(&body))
}

/// The part after `token=` in an email body.
fn token_in(body: &str) -> String {
    let start = body.find("token=").unwrap() + "token=".len();
    body[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

/// Signs `email` up with [`sign_up`] and finishes it with the emailed link and the form's
/// password, as a person does; returns (token, user id).
pub async fn register(service: &svc!(), email: &str) -> (String, String) {
    register_with(service, sign_up(email)).await
}

/// [`register`] with a whole sign-up form.
pub async fn register_with(service: &svc!(), form: serde_json::Value) -> (String, String) {
    let request = test::TestRequest::post()
        .uri("/api/auth/register")
        .set_json(&form);
    let (status, _, body) = send(service, request, None).await;
    assert_eq!(status, 202, "{body}");
    let email = form["email"].as_str().unwrap();
    let link = sign_up_link(email).expect("a link to finish signing up");
    let request = test::TestRequest::post()
        .uri("/api/auth/register/confirm")
        .set_json(serde_json::json!({"token": link, "password": form["password"]}));
    let (status, _, body) = send(service, request, None).await;
    assert_eq!(status, 201, "{body}");
    (
        body["token"].as_str().unwrap().to_owned(),
        body["user"]["id"].as_str().unwrap().to_owned(),
    )
}

impl TestApp {
    /// Runs SQL on the test database (for set-up a public endpoint cannot do).
    pub fn sql(&self, statement: &str) {
        use diesel::prelude::*;
        match self.db_at() {
            DbAt::Sqlite(path) => {
                let mut conn = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
                diesel::sql_query(statement).execute(&mut conn).unwrap();
            }
            DbAt::Postgres(url) => {
                let mut conn = diesel::PgConnection::establish(&url).unwrap();
                diesel::sql_query(statement).execute(&mut conn).unwrap();
            }
        }
    }

    /// Gives the person `role` (user, moderator or admin) directly in the database.
    pub fn set_role(&self, user_id: &str, role: &str) {
        self.sql(&format!(
            "UPDATE users SET role = '{role}' WHERE id = '{user_id}'"
        ));
    }

    /// Rows of the audit trail as (action, resource type, resource id), oldest first
    /// (SQLite apps only).
    pub fn audit(&self) -> Vec<(String, String, Option<String>)> {
        use diesel::prelude::*;
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::Text)]
            action: String,
            #[diesel(sql_type = diesel::sql_types::Text)]
            resource_type: String,
            #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
            resource_id: Option<String>,
        }
        let path = self.db.path().join("test.db");
        let mut conn = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
        diesel::sql_query(
            "SELECT action, resource_type, resource_id FROM audit_logs ORDER BY created_at, id",
        )
        .load::<Row>(&mut conn)
        .unwrap()
        .into_iter()
        .map(|r| (r.action, r.resource_type, r.resource_id))
        .collect()
    }
}

/// The password [`sign_up`] uses.
pub const PASSWORD: &str = "brisk-otter-42";

/// Signs up `email` with `role` and opens an admin session; returns (token, user id).
pub async fn admin_with_role(
    app: &TestApp,
    service: &svc!(),
    email: &str,
    role: &str,
) -> (String, String) {
    let (token, id) = register(service, email).await;
    app.set_role(&id, role);
    let (status, _, body) = send(
        service,
        test::TestRequest::post()
            .uri("/api/admin/login")
            .set_json(serde_json::json!({ "password": PASSWORD })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    (token, id)
}

/// Everyone an admin-only endpoint refuses, with the answer each gets: (token, status, code)
/// for the signed out, a member, an admin without an admin session, and a moderator.
pub async fn refused_callers(
    app: &TestApp,
    service: &svc!(),
) -> Vec<(Option<String>, u16, &'static str)> {
    let (member, _) = register(service, "member@example.org").await;
    let (no_session, no_session_id) = register(service, "admin2@example.org").await;
    app.set_role(&no_session_id, "admin");
    let (moderator, _) = admin_with_role(app, service, "leader@example.org", "moderator").await;
    vec![
        (None, 401, "unauthenticated"),
        (Some(member), 403, "forbidden"),
        (Some(no_session), 401, "admin_session_required"),
        (Some(moderator), 403, "forbidden"),
    ]
}

/// A signed-up admin with an open admin session; returns (token, user id).
pub async fn admin(app: &TestApp, service: &svc!()) -> (String, String) {
    admin_with_role(app, service, "admin@example.org", "admin").await
}

/// The `venue` an event made by `EventBuilder::location` carries in every event DTO: its
/// venue made from the old-style line, nothing about it checked yet.
pub fn unchecked_venue_json(event: &Event) -> serde_json::Value {
    let v = &event.venue;
    serde_json::json!({
        "id": v.id.to_string(),
        "name": v.name,
        "address": v.address,
        "postcode": "",
        "borough": v.borough,
        "mapUrl": null,
        "nearestStepFreeStation": null,
        "transportNotes": null,
        "access": {
            "stepFree": "unknown", "accessibleToilet": "unknown", "changingPlaces": "unknown",
            "genderNeutralChanging": "unknown", "privateChangingCubicles": "unknown",
            "quietSpace": "unknown", "hearingLoop": "unknown", "accessibleParking": "unknown",
            "lift": "unknown", "assistanceDogs": "unknown"
        },
        "accessCheckedAt": null,
    })
}

/// A new venue ("Victoria Park" in "Tower Hamlets", step-free) made through the admin API
/// by the holder of `token` (an admin); returns its id.
pub async fn venue(service: &svc!(), token: &str, name: &str, borough: &str) -> String {
    let (status, _, body) = send(
        service,
        test::TestRequest::post()
            .uri("/api/admin/venues")
            .set_json(serde_json::json!({
                "name": name,
                "address": format!("1 High Street, {borough}"),
                "postcode": "E9 5PF",
                "borough": borough,
                "access": {"stepFree": "yes"},
            })),
        Some(token),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    body["venue"]["id"].as_str().unwrap().to_owned()
}

/// Books `event_id` for cash as the holder of `token`; returns the booking's id.
pub async fn book_cash(service: &svc!(), token: &str, event_id: &str) -> String {
    let (status, _, body) = send(
        service,
        test::TestRequest::post()
            .uri("/api/bookings")
            .set_json(serde_json::json!({ "eventId": event_id, "accessibilityRequirements": "Step-free access" })),
        Some(token),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    body["id"].as_str().unwrap().to_owned()
}

/// Books and pays `event_id` by card at the local checkout; returns the checkout session id.
pub async fn book_card(service: &svc!(), token: &str, event_id: &str) -> String {
    let (status, _, body) = send(
        service,
        test::TestRequest::post()
            .uri("/api/create-checkout-session")
            .set_json(serde_json::json!({ "eventId": event_id })),
        Some(token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let session = body["sessionId"].as_str().unwrap().to_owned();
    let response = test::call_service(
        service,
        test::TestRequest::post()
            .uri(&format!("/checkout/{session}/pay"))
            .to_request(),
    )
    .await;
    assert_eq!(response.status().as_u16(), 303);
    let (status, _, body) = send(
        service,
        test::TestRequest::get().uri(&format!("/api/confirm-payment?session_id={session}")),
        Some(token),
    )
    .await;
    assert_eq!(
        (status, &body["booking"]["paymentStatus"]),
        (200, &serde_json::json!("paid")),
        "{body}"
    );
    session
}

/// Rows of the notifications table as (user id, title), oldest first.
pub fn notifications(app: &TestApp) -> Vec<(String, String)> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        user_id: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        title: String,
    }
    let path = app.db.path().join("test.db");
    let mut conn = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    diesel::sql_query("SELECT user_id, title FROM notifications ORDER BY created_at, id")
        .load::<Row>(&mut conn)
        .unwrap()
        .into_iter()
        .map(|r| (r.user_id, r.title))
        .collect()
}

/// A real server on 127.0.0.1 (a free port), one worker, over this test's database, for the
/// tests that need sockets: slow clients, closed connections, connection caps. It runs on
/// its own thread and stops when dropped.
pub struct RealServer {
    pub addr: std::net::SocketAddr,
    pub state: playspace_api::AppState,
    handle: actix_web::dev::ServerHandle,
    /// The database, for the links the server emails.
    db: DbAt,
}

impl TestApp {
    /// A [`RealServer`] after `change` adjusts its configuration (rate limits are off: the
    /// tests that use it sign up many people from one address).
    pub fn real_server(&self, change: impl FnOnce(&mut Config)) -> RealServer {
        let mut config = self.config();
        config.rate_limits = false;
        change(&mut config);
        let state = state(config, self.store.clone()).unwrap();
        let served = state.clone();
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let (server, addr) =
                    playspace_api::server::http_server(served, 1, "127.0.0.1:0".parse().unwrap())
                        .unwrap();
                sender.send((server.handle(), addr)).unwrap();
                server.await
            })
        });
        let (handle, addr) = receiver.recv().unwrap();
        RealServer {
            addr,
            state,
            handle,
            db: self.db_at(),
        }
    }
}

impl Drop for RealServer {
    fn drop(&mut self) {
        // The stop is sent at once; its future only waits for it to finish.
        drop(self.handle.stop(false));
    }
}

/// An answer read off a raw connection.
#[derive(Debug)]
pub struct RawAnswer {
    pub status: u16,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl RawAnswer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

impl RealServer {
    /// A new connection whose reads give up after `timeout`.
    pub fn connect(&self, timeout: std::time::Duration) -> std::net::TcpStream {
        let stream = std::net::TcpStream::connect(self.addr).unwrap();
        stream.set_read_timeout(Some(timeout)).unwrap();
        stream.set_nodelay(true).unwrap();
        stream
    }

    /// Sends `head` (the request line and headers, without the blank line) and `body` on a
    /// new connection with `Connection: close`, and reads the answer to its end.
    pub fn request(&self, head: &str, body: &str) -> RawAnswer {
        request_at(self.addr, head, body)
    }

    /// Signs up `email` over the socket and finishes it with the emailed link; returns its
    /// token.
    pub fn register(&self, email: &str) -> String {
        let form = sign_up(email);
        let answer = self.request(
            "POST /api/auth/register HTTP/1.1\r\nContent-Type: application/json",
            &form.to_string(),
        );
        assert_eq!(answer.status, 202, "{}", answer.body);
        let link = sign_up_link_in(&self.db, email).expect("a link to finish signing up");
        let answer = self.request(
            "POST /api/auth/register/confirm HTTP/1.1\r\nContent-Type: application/json",
            &serde_json::json!({"token": link, "password": form["password"]}).to_string(),
        );
        assert_eq!(answer.status, 201, "{}", answer.body);
        answer.json()["token"].as_str().unwrap().to_owned()
    }

    /// Server-side sockets of this server's connections that hold a descriptor (accepted
    /// and not yet closed), from /proc/net/tcp: those in the kernel's queue, and those the
    /// server has closed, have none.
    pub fn open_connections(&self) -> usize {
        let port = format!("{:04X}", self.addr.port());
        std::fs::read_to_string("/proc/net/tcp")
            .unwrap()
            .lines()
            .skip(1)
            .filter(|line| {
                let fields: Vec<&str> = line.split_whitespace().collect();
                let local_port = fields[1].rsplit(':').next().unwrap();
                // 0A is LISTEN; the inode is 0 for a socket no descriptor refers to.
                local_port == port && fields[3] != "0A" && fields[9] != "0"
            })
            .count()
    }

    /// Waits (up to `within`) until `condition` holds; false if it never did.
    pub fn eventually(&self, within: std::time::Duration, condition: impl Fn() -> bool) -> bool {
        let until = std::time::Instant::now() + within;
        while std::time::Instant::now() < until {
            if condition() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        condition()
    }
}

/// Sends `head` (the request line and headers, without the blank line) and `body` to the
/// server at `addr` on a new connection with `Connection: close`, and reads the answer.
pub fn request_at(addr: std::net::SocketAddr, head: &str, body: &str) -> RawAnswer {
    try_request_at(addr, head, body).expect("an answer")
}

/// [`request_at`], `None` when the connection fails, or ends or times out (10 s) before an
/// answer.
pub fn try_request_at(addr: std::net::SocketAddr, head: &str, body: &str) -> Option<RawAnswer> {
    use std::io::Write;
    let mut stream = std::net::TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .ok()?;
    stream.set_nodelay(true).ok()?;
    write!(
        stream,
        "{head}\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    read_answer(&mut stream)
}

/// Reads one HTTP/1.1 answer (with `Content-Length`, or to the end of the connection).
/// `None` when the connection ends or times out before a whole head arrives.
pub fn read_answer(stream: &mut std::net::TcpStream) -> Option<RawAnswer> {
    use std::io::Read;
    let mut data = Vec::new();
    let mut buf = [0u8; 4096];
    let head_end = loop {
        if let Some(at) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return None,
            Ok(n) => data.extend_from_slice(&buf[..n]),
        }
    };
    let head = String::from_utf8_lossy(&data[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = data[head_end + 4..].to_vec();
    let length = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse::<usize>().ok());
    loop {
        if length.is_some_and(|length| body.len() >= length) {
            break;
        }
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => body.extend_from_slice(&buf[..n]),
        }
    }
    Some(RawAnswer {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}
