//! Card payments: start a checkout, the return and cancel pages' calls, the Stripe webhook,
//! and the local checkout page.
pub mod cancel_payment;
pub mod checkout_page;
pub mod confirm_payment;
pub mod create_checkout;
pub mod webhook;
