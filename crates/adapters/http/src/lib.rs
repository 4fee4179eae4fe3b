//! The set-up the HTTP API adapters share, so a fix to one (a timeout, a redirect policy, how
//! a key is kept out of logs) reaches both. Blocking reqwest: build, use and drop the client
//! outside async runtimes (reqwest's blocking client panics inside one).
use std::time::Duration;

use reqwest::blocking::Client;
use reqwest::header::HeaderValue;
use reqwest::{Url, redirect};

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Why an API client could not be built, naming the service. Never contains the key.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("the {0} API key is empty")]
    EmptyApiKey(&'static str),
    #[error("the {0} API key contains characters not allowed in an HTTP header")]
    InvalidApiKey(&'static str),
    #[error("invalid {0} base URL {1:?}: expected http(s)://host[:port][/path]")]
    InvalidBaseUrl(&'static str, String),
    #[error("could not build the HTTP client")]
    HttpClient(#[source] reqwest::Error),
}

/// A client for one API: where it lives and how to authenticate.
pub struct ApiClient {
    pub client: Client,
    /// Without a trailing slash, query or credentials.
    pub base_url: Url,
    /// `Bearer {key}`, marked sensitive so reqwest never logs it.
    pub authorization: HeaderValue,
    /// The key as used (surrounding whitespace removed), for redacting it from error text.
    pub api_key: String,
}

impl ApiClient {
    /// Checks the key and base URL of `service` and builds its client. Surrounding whitespace
    /// in the key is ignored (keys pasted into env files often carry a newline).
    pub fn new(
        service: &'static str,
        api_key: &str,
        base_url: &str,
        total_timeout: Duration,
    ) -> Result<Self, SetupError> {
        let api_key = api_key.trim().to_owned();
        if api_key.is_empty() {
            return Err(SetupError::EmptyApiKey(service));
        }
        let mut authorization = HeaderValue::from_str(&format!("Bearer {api_key}"))
            .map_err(|_| SetupError::InvalidApiKey(service))?;
        authorization.set_sensitive(true);

        let base_url = Url::parse(base_url.trim_end_matches('/'))
            .ok()
            .filter(|url| {
                matches!(url.scheme(), "http" | "https")
                    && url.host().is_some()
                    && !url.cannot_be_a_base()
                    && url.username().is_empty()
                    && url.password().is_none()
                    && url.query().is_none()
                    && url.fragment().is_none()
            })
            .ok_or_else(|| SetupError::InvalidBaseUrl(service, base_url.to_owned()))?;

        let client = Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(total_timeout)
            // A redirect would turn a POST into a GET; treat it as misconfiguration instead.
            .redirect(redirect::Policy::none())
            .user_agent(concat!("playspace/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(SetupError::HttpClient)?;
        Ok(Self {
            client,
            base_url,
            authorization,
            api_key,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn build(key: &str, url: &str) -> Result<ApiClient, SetupError> {
        ApiClient::new("Test", key, url, Duration::from_secs(1))
    }

    #[test]
    fn keys_are_trimmed_and_kept_out_of_debug_output() {
        let api = build(" sk_test_abc\n", "https://api.example.com/").unwrap();
        assert_eq!(api.api_key, "sk_test_abc");
        assert_eq!(api.base_url.as_str(), "https://api.example.com/");
        assert!(api.authorization.is_sensitive());
        assert!(!format!("{:?}", api.authorization).contains("sk_test_abc"));
    }

    #[test]
    fn setup_rejects_bad_keys_and_urls_naming_the_service() {
        let err = build("  \n", "https://h").err().unwrap();
        assert!(matches!(err, SetupError::EmptyApiKey("Test")));
        assert_eq!(err.to_string(), "the Test API key is empty");
        assert!(matches!(
            build("k\r\nX-Evil: 1", "https://h"),
            Err(SetupError::InvalidApiKey(_))
        ));
        for url in [
            "",
            "ftp://example.com",
            "not a url",
            "http://h/?q=1",
            "http://h/#f",
            "http://user:pw@h",
        ] {
            assert!(
                matches!(build("k", url), Err(SetupError::InvalidBaseUrl(_, _))),
                "{url:?} should be refused"
            );
        }
    }
}
