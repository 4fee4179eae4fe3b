//! Password guessing against one account, throttled without letting anyone lock the owner
//! out.
use std::sync::Arc;

use super::counts::RateLimiter;
use super::limits::{WRONG_PASSWORDS_PER_ACCOUNT, WRONG_PASSWORDS_PER_ACCOUNT_AND_IP};

/// Failures count per account, and once an account has too many, only the addresses
/// that failed against it are held back (each until its failure leaves the window). The
/// owner, signing in from anywhere that has not just failed, always gets their try.
/// Blocking, as the limiter is: use it on the blocking pool.
pub struct PasswordGuesses {
    limiter: Arc<RateLimiter>,
    account: Option<String>,
    account_and_ip: String,
}

impl PasswordGuesses {
    /// `account` is the address as typed; a key is kept only for a valid one, so junk input
    /// never reaches the table. `ip` is the caller's [`super::client_key`].
    pub fn new(limiter: Arc<RateLimiter>, account: &str, ip: &str) -> Self {
        let account = playspace_domain::Email::parse(account)
            .ok()
            .map(|email| email.as_str().to_owned());
        let account_and_ip = format!("{}\n{ip}", account.as_deref().unwrap_or_default());
        Self {
            limiter,
            account,
            account_and_ip,
        }
    }

    /// Refuses a try, with the seconds to wait, while the account is under attack and this
    /// address is one that has failed against it.
    pub fn admit(&self) -> Result<(), u64> {
        let Some(account) = &self.account else {
            return Ok(());
        };
        match (
            self.limiter.refuses(WRONG_PASSWORDS_PER_ACCOUNT, account),
            self.limiter
                .refuses(WRONG_PASSWORDS_PER_ACCOUNT_AND_IP, &self.account_and_ip),
        ) {
            (Some(_), Some(wait)) => Err(wait),
            _ => Ok(()),
        }
    }

    pub fn failed(&self) {
        if let Some(account) = &self.account {
            self.limiter.record(WRONG_PASSWORDS_PER_ACCOUNT, account);
            self.limiter
                .record(WRONG_PASSWORDS_PER_ACCOUNT_AND_IP, &self.account_and_ip);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::counts::tests::limiter;
    use super::*;

    #[test]
    fn failures_from_many_addresses_never_lock_the_owner_out() {
        let (limiter, fake) = limiter();
        let limiter = Arc::new(limiter);
        let owner = "Owner@Example.org";
        for i in 0..50 {
            let attacker = PasswordGuesses::new(limiter.clone(), owner, &format!("10.0.0.{i}"));
            if attacker.admit().is_ok() {
                attacker.failed();
            }
        }
        // The account is under attack: an address that failed against it is held back...
        assert!(
            PasswordGuesses::new(limiter.clone(), "owner@example.org", "10.0.0.3")
                .admit()
                .is_err()
        );
        // ...but the owner, from an address that has not failed, still gets their try.
        assert!(
            PasswordGuesses::new(limiter.clone(), owner, "192.168.1.20")
                .admit()
                .is_ok()
        );
        // Another account is untouched, and junk never becomes a key.
        assert!(
            PasswordGuesses::new(limiter.clone(), "someone@example.org", "10.0.0.3")
                .admit()
                .is_ok()
        );
        let junk = PasswordGuesses::new(limiter, &"x".repeat(60_000), "10.0.0.3");
        let before = fake.rows().len();
        junk.failed();
        assert!(junk.admit().is_ok());
        assert_eq!(fake.rows().len(), before);
    }

    #[test]
    fn an_account_not_under_attack_lets_a_typo_through() {
        let (limiter, _) = limiter();
        let owner = PasswordGuesses::new(Arc::new(limiter), "ana@example.org", "10.0.0.1");
        for _ in 0..WRONG_PASSWORDS_PER_ACCOUNT.max - 1 {
            owner.failed();
            assert!(owner.admit().is_ok());
        }
    }
}
