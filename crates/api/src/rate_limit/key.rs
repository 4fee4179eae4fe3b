//! Whose request it is, for per-address limits: the visitor's address by the one rule of
//! crate::client_address (the TCP peer, or behind a trusted proxy the address it vouches
//! for), counted per [`address_key`].
use std::net::{IpAddr, Ipv6Addr};

use crate::client_address::client_addr;

/// The visitor's address as it is recorded (sessions, the audit trail): exactly as
/// connected or forwarded.
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    client_addr(req).map_or_else(|| "unknown".to_owned(), |ip| ip.to_string())
}

/// The key per-address limits count under (see [`address_key`]).
pub fn client_key(req: &actix_web::HttpRequest) -> String {
    client_addr(req).map_or_else(|| "unknown".to_owned(), address_key)
}

/// One key per party that controls an address: an IPv4 address as it is; an IPv6 address
/// by its /64 network, since every host is given a whole /64 and may use any address in
/// it (counting each address apart would give one client 2^64 quotas); an IPv4-mapped
/// IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket sees an IPv4 client) as the
/// IPv4 address, so both spellings share one count.
pub fn address_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let network = Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX));
                format!("{network}/64")
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> String {
        address_key(text.parse().unwrap())
    }

    #[test]
    fn ipv4_addresses_are_their_own_keys() {
        assert_eq!(key("192.0.2.1"), "192.0.2.1");
        assert_ne!(key("192.0.2.1"), key("192.0.2.2"));
    }

    #[test]
    fn every_address_of_an_ipv6_64_shares_one_key() {
        let first = key("2001:db8:1:2::1");
        assert_eq!(first, "2001:db8:1:2::/64");
        for same in [
            "2001:db8:1:2::ffff",
            "2001:db8:1:2:ffff:ffff:ffff:ffff",
            "2001:0db8:0001:0002:1234:5678:9abc:def0",
        ] {
            assert_eq!(key(same), first, "{same}");
        }
        // The next /64, even within the same /48 or /56, is another client.
        assert_eq!(key("2001:db8:1:3::1"), "2001:db8:1:3::/64");
        assert_eq!(key("::1"), "::/64");
    }

    #[test]
    fn an_ipv4_mapped_address_is_the_ipv4_address() {
        assert_eq!(key("::ffff:192.0.2.1"), "192.0.2.1");
        assert_eq!(key("::ffff:192.0.2.1"), key("192.0.2.1"));
        assert_ne!(key("::ffff:192.0.2.1"), key("::ffff:192.0.2.2"));
    }

    #[test]
    fn the_request_key_is_the_peer_s() {
        let req = actix_web::test::TestRequest::default()
            .peer_addr("[2001:db8::7]:443".parse().unwrap())
            .to_http_request();
        assert_eq!(client_key(&req), "2001:db8::/64");
        assert_eq!(client_ip(&req), "2001:db8::7");
        let none = actix_web::test::TestRequest::default().to_http_request();
        assert_eq!(client_key(&none), "unknown");
    }
}
