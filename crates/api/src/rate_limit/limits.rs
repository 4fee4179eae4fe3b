//! What is limited, and how much: the limits themselves, apart from where their counts are
//! kept (`counts.rs`). "Per address" means per [`super::client_key`]: an IPv4
//! address, or an IPv6 /64 network, which one host controls whole.
use std::time::Duration;

/// A named limit: at most `max` hits per `window` for one key.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub name: &'static str,
    pub max: usize,
    pub window: Duration,
}

/// Contact messages per address.
pub const CONTACT_PER_IP: Limit = Limit {
    name: "contact-ip",
    max: 5,
    window: Duration::from_secs(600),
};

/// Story submissions per address: a person shares a story now and then, not a dozen.
pub const STORY_PER_IP: Limit = Limit {
    name: "story-ip",
    max: 5,
    window: Duration::from_secs(3600),
};

/// Newsletter sign-ups per address: enough for a typo or two, too few to sign up a
/// list of other people's addresses (each gets a confirmation email).
pub const NEWSLETTER_PER_IP: Limit = Limit {
    name: "newsletter-ip",
    max: 5,
    window: Duration::from_secs(900),
};

/// Newsletter confirmations per address: the links are signed, so this only slows down
/// someone replaying many of them.
pub const NEWSLETTER_CONFIRM_PER_IP: Limit = Limit {
    name: "newsletter-confirm-ip",
    max: 20,
    window: Duration::from_secs(900),
};

/// Login attempts per address: enough for typos, too few for guessing.
pub const LOGIN_PER_IP: Limit = Limit {
    name: "login-ip",
    max: 20,
    window: Duration::from_secs(900),
};
/// Wrong passwords for one account, from anywhere: past this, the account is under attack
/// and only addresses that have not failed against it may try (see `PasswordGuesses`).
pub(crate) const WRONG_PASSWORDS_PER_ACCOUNT: Limit = Limit {
    name: "wrong-password-account",
    max: 10,
    window: Duration::from_secs(900),
};
/// Wrong passwords for one account from one address: one is enough to be held back while
/// the account is under attack.
pub(crate) const WRONG_PASSWORDS_PER_ACCOUNT_AND_IP: Limit = Limit {
    name: "wrong-password-account-ip",
    max: 1,
    window: Duration::from_secs(900),
};
/// Password re-entries by a signed-in person (admin login, password change, erasure): only
/// the session's holder can spend these, so a stolen session cannot guess at speed.
pub const REAUTH_PER_USER: Limit = Limit {
    name: "reauth-user",
    max: 10,
    window: Duration::from_secs(900),
};
/// Sign-ups per address, so nobody can probe which emails have accounts at scale.
pub const REGISTER_PER_IP: Limit = Limit {
    name: "register-ip",
    max: 10,
    window: Duration::from_secs(3600),
};
pub const FORGOT_PER_IP: Limit = Limit {
    name: "forgot-ip",
    max: 10,
    window: Duration::from_secs(900),
};
/// Verification emails a signed-in person can ask for again.
pub const VERIFY_RESEND_PER_USER: Limit = Limit {
    name: "verify-resend-user",
    max: 3,
    window: Duration::from_secs(3600),
};

/// Unsubscribe confirmations per address: the links are signed, so this only slows down
/// someone replaying many of them.
pub const UNSUBSCRIBE_PER_IP: Limit = Limit {
    name: "unsubscribe-ip",
    max: 20,
    window: Duration::from_secs(900),
};

/// Writes anyone may make without signing in, each under two limits: one per address,
/// and one ceiling for everyone together, so that a crowd of addresses (a botnet, or the
/// 65,536 /64 networks of one /48) cannot flood the team's inbox, the review queue or
/// other people's mailboxes. The ceilings sit well above what the site ever sees from real
/// people (a few of each a day, a few dozen sign-ups on a busy day), and their windows are
/// ten minutes, so a refused person is truthfully told to try again in a few minutes.
#[derive(Clone, Copy, Debug)]
pub struct AnonymousWrite {
    pub per_address: Limit,
    pub everyone: Limit,
}

/// The ceilings' window: short, so the wait a refused person is told stays a few minutes.
const CEILING_WINDOW: Duration = Duration::from_secs(600);

/// Contact messages: each lands in the team's inbox; 10 in ten minutes is far more than
/// ever arrive (a handful a day).
pub const CONTACT_MESSAGES: AnonymousWrite = AnonymousWrite {
    per_address: CONTACT_PER_IP,
    everyone: Limit {
        name: "contact-all",
        max: 10,
        window: CEILING_WINDOW,
    },
};

/// Stories sent without signing in (signed-in members are only limited per address): each
/// waits in the review queue, which also holds at most
/// `playspace_domain::story::MAX_PENDING_ANONYMOUS_STORIES` of them.
pub const ANONYMOUS_STORIES: AnonymousWrite = AnonymousWrite {
    per_address: STORY_PER_IP,
    everyone: Limit {
        name: "story-all",
        max: 10,
        window: CEILING_WINDOW,
    },
};

/// Newsletter sign-ups: each may email a confirmation link to an address typed by anyone.
pub const NEWSLETTER_SIGN_UPS: AnonymousWrite = AnonymousWrite {
    per_address: NEWSLETTER_PER_IP,
    everyone: Limit {
        name: "newsletter-all",
        max: 20,
        window: CEILING_WINDOW,
    },
};

/// Account sign-ups: each sends a welcome and a verification email. 30 in ten minutes is
/// a sign-up every 20 seconds, more than a launch day or a stall at Pride brings.
pub const SIGN_UPS: AnonymousWrite = AnonymousWrite {
    per_address: REGISTER_PER_IP,
    everyone: Limit {
        name: "register-all",
        max: 30,
        window: CEILING_WINDOW,
    },
};

/// Password reset requests: each may email a link to an account's owner.
pub const PASSWORD_RESETS: AnonymousWrite = AnonymousWrite {
    per_address: FORGOT_PER_IP,
    everyone: Limit {
        name: "forgot-all",
        max: 20,
        window: CEILING_WINDOW,
    },
};

/// Every anonymous write, for the tests that hold the ceilings above normal use.
pub const ANONYMOUS_WRITES: [AnonymousWrite; 5] = [
    CONTACT_MESSAGES,
    ANONYMOUS_STORIES,
    NEWSLETTER_SIGN_UPS,
    SIGN_UPS,
    PASSWORD_RESETS,
];
