//! Contact messages against both backends.

use crate::common;

use playspace_domain::ContactForm;
use playspace_ports::{ContactRepository, RepoError};
use playspace_store::Store;
use playspace_test_support::test_now;

on_both_backends!(stores_a_message_once);

fn stores_a_message_once(store: &Store) {
    let message = ContactForm {
        first_name: "Ana".into(),
        last_name: "Silva".into(),
        email: "ana@example.org".into(),
        subject: "feedback".into(),
        message: "Lovely session, thank you — the quiet room helped.".into(),
    }
    .validate(test_now())
    .unwrap();
    store.insert(&message).unwrap();
    assert_eq!(store.insert(&message), Err(RepoError::Conflict));
}
