//! `/api/newsletter`: the blog's Subscribe box and the page its emailed link opens. No
//! sign-in: a subscriber is an address, and the confirmation link's signature is the proof.

pub mod confirm;
pub mod subscribe;
