//! Whose request it is: the one rule for a visitor's network address, read by the
//! per-address rate limits (crate::rate_limit::client_key) and recorded with sessions and
//! the audit trail (crate::auth::client_info).
//!
//! The address is the TCP peer's, unless the peer is one of `TRUSTED_PROXIES`: then it is
//! the right-most address in `X-Forwarded-For` that is not itself trusted. Each trusted
//! proxy appends (or sets) the address it was connected from, so walking from the right
//! through trusted hops reaches the first address a trusted proxy vouches for; anything to
//! its left was written by the client and is never read. A malformed entry met on the way
//! gives the peer. (actix's `realip_remote_addr` trusts any header and is not used.)
use std::net::{IpAddr, SocketAddr};

use actix_web::HttpRequest;
use actix_web::http::header::HeaderValue;

use crate::state::AppState;

/// One address, or a network of them (`10.0.0.0/8`, `fd00::/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Network {
    base: IpAddr,
    prefix: u8,
}

impl Network {
    fn contains(&self, ip: IpAddr) -> bool {
        match (self.base, ip.to_canonical()) {
            (IpAddr::V4(base), IpAddr::V4(ip)) => {
                masked(u128::from(base.to_bits()), self.prefix, 32)
                    == masked(u128::from(ip.to_bits()), self.prefix, 32)
            }
            (IpAddr::V6(base), IpAddr::V6(ip)) => {
                masked(base.to_bits(), self.prefix, 128) == masked(ip.to_bits(), self.prefix, 128)
            }
            _ => false,
        }
    }
}

/// `bits` (an address `width` bits wide) with all but its first `prefix` bits cleared.
fn masked(bits: u128, prefix: u8, width: u8) -> u128 {
    let host_bits = u32::from(width.saturating_sub(prefix));
    bits.checked_shr(host_bits)
        .unwrap_or(0)
        .checked_shl(host_bits)
        .unwrap_or(0)
}

/// `TRUSTED_PROXIES`: the addresses whose `X-Forwarded-For` is believed. Empty (the
/// default) believes no header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Network>);

impl TrustedProxies {
    /// A comma-separated list of addresses and CIDR ranges (`127.0.0.1,::1,10.0.0.0/8`);
    /// the error names the entry that is neither.
    pub fn parse(text: &str) -> Result<Self, String> {
        text.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(parse_network)
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(ip))
    }

    /// The client's address for a connection from `peer` carrying the `X-Forwarded-For`
    /// header lines `forwarded_for` (in the order received).
    pub fn client<'a>(
        &self,
        peer: IpAddr,
        forwarded_for: impl IntoIterator<Item = &'a str>,
    ) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        // Several header lines are one list, in order (RFC 9110, 5.3).
        let lines: Vec<&str> = forwarded_for.into_iter().collect();
        let mut client = peer;
        for entry in lines.iter().rev().flat_map(|line| line.rsplit(',')) {
            let entry = entry.trim();
            if entry.is_empty() {
                continue;
            }
            let Some(ip) = parse_forwarded(entry) else {
                return peer;
            };
            if !self.trusts(ip) {
                return ip;
            }
            // Every hop so far is trusted: the furthest one is the best answer yet.
            client = ip;
        }
        client
    }
}

fn parse_network(entry: &str) -> Result<Network, String> {
    let invalid = || format!("{entry:?} is not an IP address or a CIDR range");
    let (address, prefix) = match entry.split_once('/') {
        Some((address, prefix)) => (address, Some(prefix)),
        None => (entry, None),
    };
    let base: IpAddr = address.parse().map_err(|_| invalid())?;
    let width = if base.is_ipv4() { 32 } else { 128 };
    let prefix = match prefix {
        None => width,
        Some(prefix) => prefix
            .parse::<u8>()
            .ok()
            .filter(|&p| p <= width)
            .ok_or_else(invalid)?,
    };
    // An IPv4-mapped range (`::ffff:10.0.0.0/104`) is its IPv4 range (`10.0.0.0/8`).
    let (base, prefix, width) = match base {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => (
                IpAddr::V4(v4),
                prefix.checked_sub(96).ok_or_else(invalid)?,
                32,
            ),
            None => (base, prefix, width),
        },
        IpAddr::V4(_) => (base, prefix, width),
    };
    let bits = match base {
        IpAddr::V4(v4) => u128::from(v4.to_bits()),
        IpAddr::V6(v6) => v6.to_bits(),
    };
    if masked(bits, prefix, width) != bits {
        return Err(format!(
            "{entry:?} has bits set past its /{prefix}: write the network's first address"
        ));
    }
    Ok(Network { base, prefix })
}

/// One `X-Forwarded-For` entry: an address, or an address with a port (`192.0.2.1:4711`,
/// `[2001:db8::1]:4711`), as some proxies write it.
fn parse_forwarded(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

/// The visitor's address for `req` by the rule above, under the server's
/// `TRUSTED_PROXIES` (none when the request has no state: trust nothing). `None` when the
/// connection has no peer address (only in tests).
pub fn client_addr(req: &HttpRequest) -> Option<IpAddr> {
    let peer = req.peer_addr()?.ip();
    let Some(state) = req.app_data::<actix_web::web::Data<AppState>>() else {
        return Some(peer);
    };
    let trusted = &state.config.trusted_proxies;
    if trusted.is_empty() {
        return Some(peer);
    }
    let mut lines = Vec::new();
    for value in req.headers().get_all("x-forwarded-for") {
        // A header that is not text is malformed: the peer.
        let Some(line) = HeaderValue::to_str(value).ok() else {
            return Some(peer);
        };
        lines.push(line);
    }
    Some(trusted.client(peer, lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn trusted(list: &str) -> TrustedProxies {
        TrustedProxies::parse(list).unwrap()
    }

    #[test]
    fn the_list_takes_addresses_and_cidr_ranges_of_both_families() {
        let proxies = trusted(" 127.0.0.1,::1,10.0.0.0/8 , fd00::/8,");
        for yes in [
            "127.0.0.1",
            "::1",
            "10.0.0.1",
            "10.255.255.255",
            "fd12:3456::1",
        ] {
            assert!(proxies.trusts(ip(yes)), "{yes}");
        }
        for no in ["127.0.0.2", "11.0.0.1", "::2", "fe80::1", "2001:db8::1"] {
            assert!(!proxies.trusts(ip(no)), "{no}");
        }
        // A dual-stack socket's spelling of an IPv4 peer is that IPv4 address.
        assert!(proxies.trusts(ip("::ffff:127.0.0.1")));
        assert!(proxies.trusts(ip("::ffff:10.1.2.3")));
        assert!(trusted("::ffff:10.0.0.0/104").trusts(ip("10.9.9.9")));
        assert!(trusted("0.0.0.0/0").trusts(ip("192.0.2.1")));
        assert!(!trusted("0.0.0.0/0").trusts(ip("2001:db8::1")));
        assert!(trusted("").is_empty());
        assert!(!trusted("").trusts(ip("127.0.0.1")));
    }

    #[test]
    fn a_list_entry_that_is_not_an_address_or_a_range_is_refused() {
        for bad in [
            "localhost",
            "10.0.0.0/33",
            "::/129",
            "10.0.0.0/",
            "10.0.0.0/x",
            "10.0.0.1/8",
            "fd00::1/8",
            "127.0.0.1:80",
            "::ffff:10.0.0.0/8",
        ] {
            let error = TrustedProxies::parse(&format!("127.0.0.1,{bad}")).unwrap_err();
            assert!(error.contains(&format!("{bad:?}")), "{bad}: {error}");
        }
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_its_header_says() {
        let proxies = trusted("127.0.0.1");
        assert_eq!(
            proxies.client(ip("198.51.100.9"), ["203.0.113.7"]),
            ip("198.51.100.9")
        );
        assert_eq!(
            TrustedProxies::default().client(ip("127.0.0.1"), ["203.0.113.7"]),
            ip("127.0.0.1"),
            "nothing trusted: never the header"
        );
    }

    #[test]
    fn a_trusted_peer_gives_the_right_most_untrusted_address() {
        let proxies = trusted("127.0.0.1, 10.0.0.0/8");
        let peer = ip("127.0.0.1");
        assert_eq!(proxies.client(peer, ["203.0.113.7"]), ip("203.0.113.7"));
        // What the client wrote itself sits to the left of what the proxy added.
        assert_eq!(
            proxies.client(peer, ["1.2.3.4, 5.6.7.8, 203.0.113.7"]),
            ip("203.0.113.7"),
            "spoofed left-most entries are ignored"
        );
        // Through a chain of trusted proxies, their own addresses are skipped.
        assert_eq!(
            proxies.client(peer, ["1.2.3.4, 203.0.113.7, 10.0.0.5, 10.1.1.1"]),
            ip("203.0.113.7")
        );
        // Several header lines are one list.
        assert_eq!(
            proxies.client(peer, ["1.2.3.4", "203.0.113.7, 10.0.0.5"]),
            ip("203.0.113.7")
        );
        // No header, or only trusted hops: the furthest trusted address.
        assert_eq!(proxies.client(peer, []), peer);
        assert_eq!(proxies.client(peer, [""]), peer);
        assert_eq!(proxies.client(peer, ["10.0.0.5, 10.1.1.1"]), ip("10.0.0.5"));
    }

    #[test]
    fn ipv6_clients_and_proxies() {
        let proxies = trusted("::1, fd00::/8");
        assert_eq!(
            proxies.client(ip("::1"), ["2001:db8::1, 2001:db8:1:2::7, fd00::3"]),
            ip("2001:db8:1:2::7")
        );
        assert_eq!(
            proxies.client(ip("::1"), ["[2001:db8::9]:4711"]),
            ip("2001:db8::9"),
            "with a port"
        );
        assert_eq!(
            proxies.client(ip("::ffff:127.0.0.1"), ["2001:db8::9"]),
            ip("::ffff:127.0.0.1"),
            "::1 trusts only itself"
        );
        assert_eq!(
            trusted("127.0.0.1").client(ip("::ffff:127.0.0.1"), ["192.0.2.1:80"]),
            ip("192.0.2.1")
        );
    }

    #[test]
    fn a_malformed_entry_on_the_way_gives_the_peer() {
        let proxies = trusted("127.0.0.1, 10.0.0.0/8");
        let peer = ip("127.0.0.1");
        for header in [
            "unknown",
            "203.0.113.7 10.0.0.1",
            "_hidden",
            "203.0.113.7, x",
        ] {
            assert_eq!(proxies.client(peer, [header]), peer, "{header}");
        }
        // Left of the client's address nothing is read, well formed or not.
        assert_eq!(
            proxies.client(peer, ["garbage, 203.0.113.7, 10.0.0.5"]),
            ip("203.0.113.7")
        );
    }

    #[test]
    fn a_request_without_a_server_state_trusts_no_header() {
        let req = actix_web::test::TestRequest::default()
            .peer_addr("127.0.0.1:443".parse().unwrap())
            .insert_header(("X-Forwarded-For", "203.0.113.7"))
            .to_http_request();
        assert_eq!(client_addr(&req), Some(ip("127.0.0.1")));
        let none = actix_web::test::TestRequest::default().to_http_request();
        assert_eq!(client_addr(&none), None);
    }
}
