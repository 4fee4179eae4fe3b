//! `/api/unsubscribe`: the page an unsubscribe link opens asks here whose address it is (and
//! which list: marketing, session alerts or the newsletter) and confirms. No sign-in: the signed token is
//! the proof.

pub mod confirm;
pub mod show;
