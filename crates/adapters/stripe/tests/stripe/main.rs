//! The Stripe adapters: the gateway against a local HTTP server, webhook signatures.
//! One test binary for the crate: each module was a `tests/*.rs` file of its own, and
//! linking one binary instead of one per file is most of what the test build saves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod gateway;
mod webhook;
