//! Where the service sends requests of its own (webhooks): to the internet, never to this
//! machine or the private network it stands in (an organiser's hook must not reach the
//! hall's router, a database or a cloud's metadata service), unless the operator allows it
//! (`KARLCHEN_WEBHOOK_ALLOW_PRIVATE=1`, for a receiver in the club's own network).
//!
//! A name is checked where it is resolved for the connection itself ([`PublicResolver`]):
//! a name that pointed outside when the hook was registered and inside later (DNS
//! rebinding) is refused at delivery, since the addresses connected to are the ones
//! checked.

use std::net::{IpAddr, SocketAddr};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// Whether `ip` is an address of the public internet: not loopback, private, link-local,
/// unique-local, shared (carrier-grade NAT), unspecified, broadcast, multicast or reserved
/// for documentation. An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) counts as the
/// IPv4 address.
pub fn is_public(ip: IpAddr) -> bool {
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    };
    match ip {
        IpAddr::V4(a) => {
            let [first, second, third, _] = a.octets();
            !(a.is_loopback()
                || a.is_private()
                || a.is_link_local()
                || a.is_unspecified()
                || a.is_broadcast()
                || a.is_multicast()
                || a.is_documentation()
                // 0.0.0.0/8 ("this network"), 100.64.0.0/10 (shared, carrier-grade NAT),
                // 192.0.0.0/24 (protocol assignments), 198.18.0.0/15 (benchmarking),
                // 240.0.0.0/4 (reserved).
                || first == 0
                || (first == 100 && (64..128).contains(&second))
                || (first == 192 && second == 0 && third == 0)
                || (first == 198 && (18..20).contains(&second))
                || first >= 240)
        }
        IpAddr::V6(a) => {
            !(a.is_loopback()
                || a.is_unspecified()
                || a.is_multicast()
                || a.is_unique_local()
                || a.is_unicast_link_local()
                // 2001:db8::/32, documentation.
                || (a.segments()[0] == 0x2001 && a.segments()[1] == 0x0db8))
        }
    }
}

/// The IP address written as `url`'s host, if it is one rather than a name.
pub fn written_ip(url: &url::Url) -> Option<IpAddr> {
    match url.host()? {
        url::Host::Ipv4(ip) => Some(ip.into()),
        url::Host::Ipv6(ip) => Some(ip.into()),
        url::Host::Domain(_) => None,
    }
}

/// Whether a host name means this machine whatever DNS says (`localhost`, `*.localhost`).
pub fn is_local_name(host: &str) -> bool {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    host == "localhost" || host.ends_with(".localhost")
}

/// The system's resolver, keeping only public addresses: a name that resolves to none is
/// an error, and no connection is made.
#[derive(Debug, Default, Clone, Copy)]
pub struct PublicResolver;

impl Resolve for PublicResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            if is_local_name(&host) {
                return Err(refused(&host).into());
            }
            let found = tokio::net::lookup_host((host.as_str(), 0)).await?;
            let public: Vec<SocketAddr> = found.filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                return Err(refused(&host).into());
            }
            let addrs: Addrs = Box::new(public.into_iter());
            Ok(addrs)
        })
    }
}

fn refused(host: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::PermissionDenied,
        format!(
            "{host} resolves only to this machine or a private network \
             (KARLCHEN_WEBHOOK_ALLOW_PRIVATE=1 allows that)"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_public_internet_is_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.178.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:192.168.0.1",
            "2001:db8::1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in [
            "93.184.216.34",
            "1.1.1.1",
            "2a00:1450:4001:830::200e",
            "::ffff:8.8.8.8",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
        assert!(is_local_name("localhost") && is_local_name("api.LOCALHOST."));
        assert!(!is_local_name("localhost.example.org"));
    }
}
