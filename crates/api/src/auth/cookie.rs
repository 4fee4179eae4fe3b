use actix_web::cookie::time::Duration as CookieDuration;
use actix_web::cookie::{Cookie, SameSite};

pub const SESSION_COOKIE: &str = "playspace_session";

/// The browser's copy of the token: HttpOnly (no script can read it), SameSite=Lax, Secure
/// over https. The browser never stores the token anywhere else.
pub fn session_cookie(token: &str, secure: bool, max_age_days: i64) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, token.to_owned())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(CookieDuration::days(max_age_days))
        .finish()
}

pub fn clear_session_cookie(secure: bool) -> Cookie<'static> {
    let mut cookie = session_cookie("", secure, 0);
    cookie.make_removal();
    cookie
}
