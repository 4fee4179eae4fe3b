use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use playspace_domain::{Session, SessionId};
use playspace_ports::{RepoError, TokenIssuer};
use serde::{Deserialize, Serialize};

const AUDIENCE: &str = "playspace";

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The session id: the token is only a pointer to a revocable session.
    sid: String,
    aud: String,
    iat: i64,
    exp: i64,
}

/// HS256 tokens. Only HS256 is accepted (no "none", no algorithm confusion) and only for
/// our audience; expiry is checked against the injected clock.
pub struct JwtIssuer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl JwtIssuer {
    pub fn new(secret: &[u8]) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256];
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "aud"]);
        // Checked below against the clock port, so tests can move time.
        validation.validate_exp = false;
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
        }
    }
}

impl TokenIssuer for JwtIssuer {
    fn issue(&self, session: &Session) -> Result<String, RepoError> {
        let claims = Claims {
            sid: session.id.to_string(),
            aud: AUDIENCE.into(),
            iat: session.created_at.timestamp(),
            exp: session.expires_at.timestamp(),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| RepoError::Unavailable(e.to_string()))
    }

    fn verify(&self, token: &str, now: DateTime<Utc>) -> Option<SessionId> {
        let data = decode::<Claims>(token, &self.decoding, &self.validation).ok()?;
        if data.claims.exp <= now.timestamp() {
            return None;
        }
        data.claims.sid.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use chrono::Duration;
    use playspace_domain::UserId;

    fn issuer() -> JwtIssuer {
        JwtIssuer::new(b"0123456789abcdef0123456789abcdef")
    }

    fn session() -> Session {
        Session::start(UserId::new(), Utc::now(), None, None)
    }

    #[test]
    fn round_trips_the_session_id() {
        let s = session();
        let token = issuer().issue(&s).unwrap();
        assert_eq!(issuer().verify(&token, Utc::now()), Some(s.id));
    }

    #[test]
    fn expired_tampered_foreign_and_unsigned_tokens_fail() {
        let s = session();
        let token = issuer().issue(&s).unwrap();
        assert_eq!(issuer().verify(&token, s.expires_at), None, "expired");
        assert_eq!(
            JwtIssuer::new(b"another-secret-another-secret-xx").verify(&token, Utc::now()),
            None,
            "other key"
        );

        let parts: Vec<&str> = token.split('.').collect();
        let mut payload: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
        payload["sid"] = serde_json::json!(SessionId::new().to_string());
        let forged = format!(
            "{}.{}.{}",
            parts[0],
            URL_SAFE_NO_PAD.encode(payload.to_string()),
            parts[2]
        );
        assert_eq!(
            issuer().verify(&forged, Utc::now()),
            None,
            "tampered payload"
        );

        let none_header = URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#);
        assert_eq!(
            issuer().verify(&format!("{none_header}.{}.", parts[1]), Utc::now()),
            None,
            "alg none"
        );

        payload["sid"] = serde_json::json!(s.id.to_string());
        payload["aud"] = serde_json::json!("someone-else");
        let claims: Claims = serde_json::from_value(payload).unwrap();
        let other_aud = encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
        )
        .unwrap();
        assert_eq!(
            issuer().verify(&other_aud, Utc::now()),
            None,
            "wrong audience"
        );

        let hs512 = encode(
            &Header::new(Algorithm::HS512),
            &Claims {
                aud: AUDIENCE.into(),
                ..claims
            },
            &EncodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
        )
        .unwrap();
        assert_eq!(
            issuer().verify(&hs512, Utc::now()),
            None,
            "algorithm not allowed"
        );
        let _ = Duration::zero();
    }
}
