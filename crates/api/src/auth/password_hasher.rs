use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
use argon2::{Algorithm, Argon2, Params, Version};
use playspace_domain::Password;
use playspace_ports::{PasswordHasher, RepoError};

/// argon2id with OWASP's minimum: 19 MiB of memory, 2 passes, 1 lane.
pub struct Argon2Hasher {
    argon2: Argon2<'static>,
    /// A real hash of a random password, verified against when an email is unknown so that
    /// the answer takes as long as a wrong password does.
    dummy: String,
}

impl Argon2Hasher {
    pub fn new() -> Result<Self, RepoError> {
        let params = Params::new(19 * 1024, 2, 1, None)
            .map_err(|e| RepoError::Unavailable(e.to_string()))?;
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let dummy = argon2
            .hash_password(uuid_like_secret().as_bytes())
            .map_err(|e| RepoError::Unavailable(e.to_string()))?
            .to_string();
        Ok(Self { argon2, dummy })
    }
}

fn uuid_like_secret() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl PasswordHasher for Argon2Hasher {
    fn hash(&self, password: &Password) -> Result<String, RepoError> {
        self.argon2
            .hash_password(password.expose().as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|e| RepoError::Unavailable(format!("hashing failed: {e}")))
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        self.argon2
            .verify_password(password.as_bytes(), hash)
            .is_ok()
    }

    fn verify_dummy(&self, password: &str) -> bool {
        let _ = self
            .argon2
            .verify_password(password.as_bytes(), self.dummy.as_str());
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_with_argon2id_19_mib_2_passes_1_lane() {
        let hasher = Argon2Hasher::new().unwrap();
        let hash = hasher
            .hash(&Password::new("brisk-otter-42").unwrap())
            .unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(hasher.verify("brisk-otter-42", &hash));
        assert!(!hasher.verify("brisk-otter-43", &hash));
        assert!(
            !hasher.verify("brisk-otter-42", "!"),
            "unusable hashes never match"
        );
        assert!(!hasher.verify_dummy("anything"));
    }

    #[test]
    fn same_password_different_salts() {
        let hasher = Argon2Hasher::new().unwrap();
        let p = Password::new("brisk-otter-42").unwrap();
        assert_ne!(hasher.hash(&p).unwrap(), hasher.hash(&p).unwrap());
    }
}
