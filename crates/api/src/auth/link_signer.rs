use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use playspace_ports::LinkSigner;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Signs link tokens with HMAC-SHA256 under a server secret of its own (not the session
/// secret): `base64url(subject).base64url(mac(purpose, 0, subject))`. The subject is
/// readable by whoever holds the link (it is theirs); only the server can make one.
pub struct HmacLinkSigner {
    key: Vec<u8>,
}

impl HmacLinkSigner {
    pub fn new(secret: &[u8]) -> Self {
        Self {
            key: secret.to_vec(),
        }
    }

    fn mac(&self, purpose: &str, subject: &[u8]) -> HmacSha256 {
        let mut mac = <HmacSha256 as Mac>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(purpose.as_bytes());
        mac.update(&[0]);
        mac.update(subject);
        mac
    }
}

impl LinkSigner for HmacLinkSigner {
    fn sign(&self, purpose: &str, subject: &str) -> String {
        let tag = self
            .mac(purpose, subject.as_bytes())
            .finalize()
            .into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(subject),
            URL_SAFE_NO_PAD.encode(tag)
        )
    }

    fn verify(&self, purpose: &str, token: &str) -> Option<String> {
        let (subject, tag) = token.split_once('.')?;
        let subject = URL_SAFE_NO_PAD.decode(subject).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        // verify_slice compares in constant time.
        self.mac(purpose, &subject).verify_slice(&tag).ok()?;
        String::from_utf8(subject).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signer() -> HmacLinkSigner {
        HmacLinkSigner::new(b"0123456789abcdef0123456789abcdef")
    }

    #[test]
    fn a_signed_subject_round_trips_for_its_purpose_only() {
        let token = signer().sign("unsubscribe", "user-1");
        assert!(
            token
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
            "URL-safe: {token}"
        );
        assert_eq!(
            signer().verify("unsubscribe", &token).as_deref(),
            Some("user-1")
        );
        assert_eq!(signer().verify("reset", &token), None);
        assert_eq!(
            HmacLinkSigner::new(b"another-secret-another-secret-xx").verify("unsubscribe", &token),
            None
        );
    }

    #[test]
    fn tampered_and_garbage_tokens_fail() {
        let token = signer().sign("unsubscribe", "user-1");
        let (_, tag) = token.split_once('.').unwrap();
        let other = format!("{}.{tag}", URL_SAFE_NO_PAD.encode("user-2"));
        assert_eq!(
            signer().verify("unsubscribe", &other),
            None,
            "other subject"
        );
        let mut flipped = token.clone().into_bytes();
        let last = flipped.len() - 1;
        flipped[last] = if flipped[last] == b'A' { b'B' } else { b'A' };
        assert_eq!(
            signer().verify("unsubscribe", &String::from_utf8(flipped).unwrap()),
            None
        );
        for garbage in [
            "",
            ".",
            "abc",
            "a.b.c",
            "%%%.%%%",
            &token[..token.len() - 4],
        ] {
            assert_eq!(signer().verify("unsubscribe", garbage), None, "{garbage}");
        }
    }
}
