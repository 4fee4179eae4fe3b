//! One file per action. `configure` mounts them all.
use actix_web::dev::Service;
use actix_web::http::Method;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::web;

use crate::changes::Cache;
use crate::error::api_not_found;
use crate::state::AppState;

mod admin;
mod attendees;
mod auth;
mod bookings;
mod community;
mod get_event;
mod health;
pub(crate) mod list_events;
mod memberships;
mod metrics;
mod newsletter;
mod notifications;
mod payments;
mod recommendations;
pub(crate) mod stories;
mod submit_contact;
mod test_clock;
mod unsubscribe;
mod user;
mod venues;
mod waitlist;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(health::healthz))
        .route("/readyz", web::get().to(health::readyz))
        .route("/metrics", web::get().to(metrics::handle))
        .route(
            "/checkout/{id}",
            web::get().to(payments::checkout_page::show),
        )
        .route(
            "/checkout/{id}/pay",
            web::post().to(payments::checkout_page::pay),
        )
        .route(
            "/checkout/{id}/cancel",
            web::post().to(payments::checkout_page::cancel),
        )
        .service(
            web::scope("/api")
                .wrap_fn(|req, srv| {
                    // An admin's change shows on the overview at once (ADR 0009).
                    let admin_write = req.path().starts_with("/api/admin/")
                        && !matches!(*req.method(), Method::GET | Method::HEAD);
                    let state = req.app_data::<web::Data<AppState>>().cloned();
                    let response = srv.call(req);
                    async move {
                        let mut response = response.await?;
                        // Answers carry sessions, personal and special-category data or
                        // places that change by the second: no browser or proxy keeps one
                        // unless its handler says otherwise.
                        if !response.headers().contains_key(CACHE_CONTROL) {
                            response
                                .headers_mut()
                                .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
                        }
                        if admin_write
                            && response.status().is_success()
                            && let Some(state) = state
                        {
                            state.changes.changed(Cache::Overview);
                        }
                        Ok(response)
                    }
                })
                .service(web::resource("/events").route(web::get().to(list_events::handle)))
                // Before /events/{id}, which would otherwise take "summary" for an id.
                .service(
                    web::resource("/events/summary").route(web::get().to(list_events::summary)),
                )
                .service(web::resource("/events/{id}").route(web::get().to(get_event::handle)))
                .service(
                    web::resource("/events/{id}/attendees").route(web::get().to(attendees::handle)),
                )
                .service(
                    web::resource("/events/{id}/waitlist")
                        .route(web::get().to(waitlist::show::handle))
                        .route(web::post().to(waitlist::join::handle))
                        .route(web::delete().to(waitlist::leave::handle)),
                )
                .service(
                    web::resource("/events/{id}/waitlist/claim")
                        .route(web::post().to(waitlist::claim::handle)),
                )
                .service(web::resource("/venues").route(web::get().to(venues::handle)))
                .service(web::resource("/contact").route(web::post().to(submit_contact::handle)))
                .service(
                    web::resource("/newsletter")
                        .route(web::post().to(newsletter::subscribe::handle)),
                )
                .service(
                    web::resource("/newsletter/confirm")
                        .route(web::post().to(newsletter::confirm::handle)),
                )
                .service(web::resource("/blog-posts").route(web::get().to(stories::list::handle)))
                // Before /blog-posts/{id}, which would otherwise take "submit" for an id.
                .service(
                    web::resource("/blog-posts/submit")
                        // A story may be 20,000 characters of any script: more bytes than
                        // other forms' 64 KiB, within the body cap.
                        .app_data(
                            web::JsonConfig::default()
                                .limit(crate::error::MAX_BODY_BYTES)
                                .error_handler(crate::error::json_error_handler),
                        )
                        .route(web::post().to(stories::submit::handle)),
                )
                .service(
                    web::resource("/blog-posts/{id}").route(web::get().to(stories::show::handle)),
                )
                .service(
                    web::resource("/whatsapp-community").route(web::get().to(community::handle)),
                )
                .service(web::resource("/test/clock").route(web::post().to(test_clock::handle)))
                .service(
                    web::resource("/membership-plans")
                        .route(web::get().to(memberships::plans::handle)),
                )
                .service(
                    web::resource("/solidarity")
                        .route(web::get().to(memberships::solidarity::handle)),
                )
                .service(
                    web::resource("/auth/register").route(web::post().to(auth::register::handle)),
                )
                .service(
                    web::resource("/auth/register/confirm")
                        .route(web::post().to(auth::confirm_sign_up::handle)),
                )
                .service(web::resource("/auth/login").route(web::post().to(auth::login::handle)))
                .service(web::resource("/auth/logout").route(web::post().to(auth::logout::handle)))
                .service(web::resource("/auth/user").route(web::get().to(auth::current::handle)))
                .service(
                    web::resource("/auth/forgot-password")
                        .route(web::post().to(auth::forgot_password::handle)),
                )
                .service(
                    web::resource("/auth/reset-password")
                        .route(web::post().to(auth::reset_password::handle)),
                )
                .service(
                    web::resource("/auth/verify-email")
                        .route(web::post().to(auth::verify_email::handle)),
                )
                .service(
                    web::resource("/auth/resend-verification")
                        .route(web::post().to(auth::resend_verification::handle)),
                )
                .service(
                    web::resource("/user/preferences")
                        .route(web::get().to(user::get_preferences::handle))
                        .route(web::put().to(user::update_preferences::handle)),
                )
                .service(
                    web::resource("/user/language")
                        .route(web::put().to(user::set_language::handle)),
                )
                .service(
                    web::resource("/recommendations").route(web::get().to(recommendations::handle)),
                )
                .service(
                    web::resource("/user/profile")
                        .route(web::get().to(user::get_profile::handle))
                        .route(web::put().to(user::update_profile::handle)),
                )
                .service(
                    web::resource("/user/access-needs")
                        .route(web::get().to(user::get_access_needs::handle))
                        .route(web::put().to(user::update_access_needs::handle)),
                )
                .service(
                    web::resource("/user/change-password")
                        .route(web::post().to(user::change_password::handle)),
                )
                .service(web::resource("/user/export").route(web::get().to(user::export::handle)))
                .service(
                    web::resource("/user/delete")
                        .route(web::post().to(user::delete_account::handle)),
                )
                .service(
                    web::resource("/bookings")
                        .route(web::get().to(bookings::list::handle))
                        .route(web::post().to(bookings::create::handle)),
                )
                .service(
                    web::resource("/bookings/{id}/cancel")
                        .route(web::post().to(bookings::cancel::handle)),
                )
                .service(
                    web::resource("/bookings/{id}/access-needs")
                        .route(web::put().to(bookings::update_needs::handle)),
                )
                .service(
                    web::resource("/bookings/{id}/calendar.ics")
                        .route(web::get().to(bookings::calendar::handle)),
                )
                .service(
                    web::resource("/notifications")
                        .route(web::get().to(notifications::list::handle))
                        .route(web::delete().to(notifications::clear::handle)),
                )
                // Before /notifications/{id}, which would otherwise take "stream" for an id.
                .service(
                    web::resource("/notifications/stream")
                        .route(web::get().to(notifications::stream::handle)),
                )
                // Before /notifications/{id}, which would otherwise take "read-all" for an id.
                .service(
                    web::resource("/notifications/read-all")
                        .route(web::post().to(notifications::mark_all_read::handle)),
                )
                .service(
                    web::resource("/notifications/{id}")
                        .route(web::delete().to(notifications::delete::handle)),
                )
                .service(
                    web::resource("/notifications/{id}/read")
                        .route(web::post().to(notifications::mark_read::handle)),
                )
                .service(
                    web::resource("/create-checkout-session")
                        .route(web::post().to(payments::create_checkout::handle)),
                )
                .service(
                    web::resource("/confirm-payment")
                        .route(web::get().to(payments::confirm_payment::handle)),
                )
                .service(
                    web::resource("/cancel-payment")
                        .route(web::post().to(payments::cancel_payment::handle)),
                )
                .service(
                    web::resource("/stripe/webhook")
                        .route(web::post().to(payments::webhook::handle)),
                )
                .service(
                    web::resource("/memberships")
                        .route(web::get().to(memberships::list::handle))
                        .route(web::post().to(memberships::choose::handle)),
                )
                .service(
                    web::resource("/memberships/cancel")
                        .route(web::post().to(memberships::cancel::handle)),
                )
                .service(web::resource("/admin/login").route(web::post().to(admin::login::handle)))
                .service(
                    web::resource("/admin/check-auth")
                        .route(web::get().to(admin::check_auth::handle)),
                )
                .service(
                    web::resource("/admin/logout").route(web::post().to(admin::logout::handle)),
                )
                .service(
                    web::resource("/admin/audit-logs")
                        .route(web::get().to(admin::audit_logs::handle)),
                )
                .service(
                    web::resource("/admin/events")
                        .route(web::get().to(admin::events::list::handle))
                        .route(web::post().to(admin::events::create::handle)),
                )
                .service(
                    web::resource("/admin/events/{id}")
                        .route(web::patch().to(admin::events::update::handle)),
                )
                .service(
                    web::resource("/admin/venues")
                        .route(web::get().to(admin::venues::list))
                        .route(web::post().to(admin::venues::create)),
                )
                .service(
                    web::resource("/admin/venues/{id}")
                        .route(web::patch().to(admin::venues::update))
                        .route(web::delete().to(admin::venues::delete)),
                )
                .service(
                    web::resource("/admin/event-series")
                        .route(web::post().to(admin::events::series::handle)),
                )
                .service(
                    web::resource("/admin/leaders")
                        .route(web::get().to(admin::events::leaders::handle)),
                )
                .service(
                    web::resource("/admin/registers")
                        .route(web::get().to(admin::registers::list::handle)),
                )
                .service(
                    web::resource("/admin/events/{id}/register")
                        .route(web::get().to(admin::registers::show::handle)),
                )
                .service(
                    web::resource("/admin/events/{id}/register/{bookingId}")
                        .route(web::patch().to(admin::registers::mark::handle)),
                )
                .service(
                    web::resource("/admin/bookings")
                        .route(web::get().to(admin::bookings::list::handle)),
                )
                .service(
                    web::resource("/admin/bookings/{id}")
                        .route(web::patch().to(admin::bookings::update::handle)),
                )
                .service(
                    web::resource("/admin/bookings/{id}/cancel")
                        .route(web::post().to(admin::bookings::cancel::handle)),
                )
                .service(
                    web::resource("/admin/dashboard-stats")
                        .route(web::get().to(admin::dashboard_stats::handle)),
                )
                .service(
                    web::resource("/admin/users")
                        .route(web::get().to(admin::users_list::handle))
                        .route(web::post().to(admin::users_create::handle)),
                )
                // Before /admin/users/{id}, which would otherwise take "bulk-action".
                .service(
                    web::resource("/admin/users/bulk-action")
                        .route(web::post().to(admin::users_bulk_action::handle)),
                )
                .service(
                    web::resource("/admin/users/{id}")
                        .route(web::patch().to(admin::users_update::handle)),
                )
                .service(
                    web::resource("/admin/emails/preview")
                        .route(web::post().to(admin::emails_preview::handle)),
                )
                .service(
                    web::resource("/admin/send-bulk-email")
                        .route(web::post().to(admin::send_bulk_email::handle)),
                )
                .service(
                    web::resource("/admin/email-campaigns")
                        .route(web::get().to(admin::email_campaigns::handle)),
                )
                .service(
                    web::resource("/admin/export/{type}")
                        .route(web::get().to(admin::export::handle)),
                )
                .service(
                    web::resource("/admin/whatsapp-community")
                        .route(web::put().to(admin::community_update::handle)),
                )
                .service(
                    web::resource("/admin/blog-posts")
                        // Stories are longer than other forms (see /blog-posts/submit).
                        .app_data(
                            web::JsonConfig::default()
                                .limit(crate::error::MAX_BODY_BYTES)
                                .error_handler(crate::error::json_error_handler),
                        )
                        .route(web::get().to(admin::stories::list::handle))
                        .route(web::post().to(admin::stories::create::handle)),
                )
                .service(
                    web::resource("/admin/blog-posts/{id}")
                        .app_data(
                            web::JsonConfig::default()
                                .limit(crate::error::MAX_BODY_BYTES)
                                .error_handler(crate::error::json_error_handler),
                        )
                        .route(web::put().to(admin::stories::update::handle)),
                )
                .service(
                    web::resource("/admin/blog-posts/{id}/publish")
                        .route(web::post().to(admin::stories::publish::publish)),
                )
                .service(
                    web::resource("/admin/blog-posts/{id}/unpublish")
                        .route(web::post().to(admin::stories::publish::unpublish)),
                )
                .service(
                    web::resource("/admin/blog-posts/{id}/approve")
                        .route(web::post().to(admin::stories::approve::handle)),
                )
                .service(
                    web::resource("/admin/blog-posts/{id}/decline")
                        .route(web::post().to(admin::stories::decline::handle)),
                )
                .service(
                    web::resource("/unsubscribe")
                        .route(web::get().to(unsubscribe::show::handle))
                        .route(web::post().to(unsubscribe::confirm::handle)),
                )
                // Unknown API paths answer JSON, never the single-page app.
                .default_service(web::to(api_not_found)),
        );
}
