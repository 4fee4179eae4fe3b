//! Stripe webhook signatures: `Stripe-Signature: t={unix seconds},v1={hex},v1={hex}`, where
//! each `v1` is HMAC-SHA256 of `"{t}.{raw body}"` keyed with the endpoint's `whsec_…` secret
//! (the whole string, as bytes).

use std::fmt;

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use playspace_ports::{GatewayEvent, GatewayEventKind, WebhookError, WebhookVerifier};
use serde_json::Value;
use sha2::Sha256;

use crate::session;

/// How far, in seconds and either way, a signature's timestamp may be from now; Stripe's
/// own libraries use the same default.
pub const TOLERANCE_SECS: u64 = 300;

type HmacSha256 = Hmac<Sha256>;

/// Why a [`StripeWebhookVerifier`] could not be built.
#[derive(Debug, thiserror::Error)]
pub enum WebhookSetupError {
    #[error("the Stripe webhook signing secret is empty")]
    EmptySecret,
}

/// Checks Stripe's webhook signatures and reads the events.
pub struct StripeWebhookVerifier {
    secret: Vec<u8>,
}

impl StripeWebhookVerifier {
    /// `secret` is the endpoint's signing secret (`whsec_…`). Surrounding whitespace is
    /// ignored.
    pub fn new(secret: impl AsRef<str>) -> Result<Self, WebhookSetupError> {
        let secret = key_bytes(secret.as_ref());
        if secret.is_empty() {
            return Err(WebhookSetupError::EmptySecret);
        }
        Ok(Self {
            secret: secret.to_vec(),
        })
    }
}

impl fmt::Debug for StripeWebhookVerifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StripeWebhookVerifier")
            .field("secret", &"<redacted>")
            .finish()
    }
}

impl WebhookVerifier for StripeWebhookVerifier {
    fn verify(
        &self,
        payload: &[u8],
        signature_header: &str,
        now: DateTime<Utc>,
    ) -> Result<GatewayEvent, WebhookError> {
        let header = parse_header(signature_header)?;
        let mac = signed_mac(&self.secret, header.timestamp, payload);
        // `verify_slice` compares in constant time; any one matching v1 passes (Stripe sends
        // several while a secret is being rolled).
        let matches = header
            .signatures
            .iter()
            .any(|signature| mac.clone().verify_slice(signature).is_ok());
        if !matches {
            return Err(WebhookError::BadSignature);
        }
        if now.timestamp().abs_diff(header.timestamp) > TOLERANCE_SECS {
            return Err(WebhookError::StaleTimestamp);
        }
        parse_event(payload)
    }
}

/// A valid `Stripe-Signature` header for `payload` signed with `secret` at `timestamp`:
/// what Stripe would send. For tests and the local checkout.
pub fn sign_payload(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let tag = signed_mac(key_bytes(secret), timestamp, payload)
        .finalize()
        .into_bytes();
    format!("t={timestamp},v1={}", to_hex(&tag))
}

fn key_bytes(secret: &str) -> &[u8] {
    secret.trim().as_bytes()
}

fn signed_mac(secret: &[u8], timestamp: i64, payload: &[u8]) -> HmacSha256 {
    let mut mac = <HmacSha256 as Mac>::new_from_slice(secret)
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac
}

#[derive(Debug, PartialEq, Eq)]
struct SignatureHeader {
    timestamp: i64,
    /// Decoded `v1` values; other schemes (`v0`...) are ignored.
    signatures: Vec<Vec<u8>>,
}

fn parse_header(header: &str) -> Result<SignatureHeader, WebhookError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    let mut saw_v1 = false;
    for item in header.split(',') {
        let Some((key, value)) = item.split_once('=') else {
            continue;
        };
        match key.trim() {
            "t" => {
                let parsed = value
                    .trim()
                    .parse::<i64>()
                    .map_err(|_| WebhookError::MalformedHeader)?;
                // Two timestamps: which one was signed is anyone's guess.
                if timestamp.replace(parsed).is_some() {
                    return Err(WebhookError::MalformedHeader);
                }
            }
            "v1" => {
                saw_v1 = true;
                // A v1 that is not 64 hex digits can never match; it does not spoil the
                // others.
                if let Some(bytes) = from_hex(value.trim()).filter(|bytes| bytes.len() == 32) {
                    signatures.push(bytes);
                }
            }
            _ => {}
        }
    }
    match timestamp {
        Some(timestamp) if saw_v1 => Ok(SignatureHeader {
            timestamp,
            signatures,
        }),
        _ => Err(WebhookError::MalformedHeader),
    }
}

fn parse_event(payload: &[u8]) -> Result<GatewayEvent, WebhookError> {
    let bad = |why: &str| WebhookError::BadPayload(why.to_owned());
    let event: Value = serde_json::from_slice(payload).map_err(|_| bad("not JSON"))?;
    let id = event
        .get("id")
        .and_then(Value::as_str)
        .filter(|id| !id.is_empty())
        .ok_or_else(|| bad("event without an id"))?;
    let kind = event
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| bad("event without a type"))?;
    let object = event
        .get("data")
        .and_then(|data| data.get("object"))
        .filter(|object| object.is_object())
        .ok_or_else(|| bad("event without data.object"))?;
    let kind = match kind {
        "checkout.session.completed" => GatewayEventKind::Completed,
        "checkout.session.async_payment_succeeded" => GatewayEventKind::AsyncPaymentSucceeded,
        "checkout.session.async_payment_failed" => GatewayEventKind::AsyncPaymentFailed,
        "checkout.session.expired" => GatewayEventKind::Expired,
        _ => GatewayEventKind::Other,
    };
    let session = if kind == GatewayEventKind::Other {
        session::lenient(object)
    } else {
        session::strict(object).map_err(WebhookError::BadPayload)?
    };
    Ok(GatewayEvent {
        id: id.to_owned(),
        kind,
        session,
    })
}

fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        out.push(char::from(DIGITS[usize::from(byte >> 4)]));
        out.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    out
}

/// Lower- or upper-case hex; `None` unless every character is a hex digit and they pair up.
fn from_hex(text: &str) -> Option<Vec<u8>> {
    let digits = text.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    digits
        .chunks_exact(2)
        .map(|pair| {
            let high = char::from(pair[0]).to_digit(16)?;
            let low = char::from(pair[1]).to_digit(16)?;
            u8::try_from(high * 16 + low).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(from_hex(&to_hex(&bytes)), Some(bytes));
        assert_eq!(from_hex("ABcd"), Some(vec![0xab, 0xcd]));
        assert_eq!(from_hex("abc"), None);
        assert_eq!(from_hex("zz"), None);
        assert_eq!(from_hex("+1"), None);
        assert_eq!(from_hex(""), Some(vec![]));
    }

    #[test]
    fn header_parsing_keeps_v1_and_ignores_other_schemes() {
        let v1 = "ab".repeat(32);
        let header = parse_header(&format!(" t = 12 , v0={v1},v1={v1}, v1=short,junk")).unwrap();
        assert_eq!(header.timestamp, 12);
        assert_eq!(header.signatures, vec![vec![0xab; 32]]);
        for bad in [
            format!("v1={v1}"),
            "t=12".to_owned(),
            format!("t=12,v0={v1}"),
            format!("t=x,v1={v1}"),
            format!("t=1,t=2,v1={v1}"),
            String::new(),
        ] {
            assert_eq!(
                parse_header(&bad),
                Err(WebhookError::MalformedHeader),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn setup_refuses_an_empty_secret_and_debug_redacts() {
        assert!(StripeWebhookVerifier::new(" \n").is_err());
        let verifier = StripeWebhookVerifier::new("whsec_abc").unwrap();
        let debug = format!("{verifier:?}");
        assert!(!debug.contains("whsec_abc"), "{debug}");
        assert!(debug.contains("redacted"), "{debug}");
    }
}
