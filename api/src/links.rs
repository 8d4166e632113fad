//! The address printed links and QR codes carry: what a phone in the hall opens.
//!
//! The organiser often runs the service on the laptop he prints from, and reaches it as
//! `localhost`: a link built from his browser's host would point every phone at itself.
//! So the address is, in this order:
//!
//! 1. `KARLCHEN_PUBLIC_URL` when set ([`PublicUrl`]): the organiser's word.
//! 2. The host the organiser's browser reached, unless that is a loopback name.
//! 3. This machine's address in the hall's network (the default route's interface) with the
//!    port the request came in on, when the service listens on every interface: phones on
//!    the same Wi-Fi reach it. The print pages say which address they chose.
//! 4. Otherwise the loopback host as it was, and every print page warns that no phone will
//!    open it ([`LinkBase::Loopback`]).

use std::net::{IpAddr, SocketAddr};

use anyhow::{Context, bail};

/// The service's address as phones and other machines reach it (`KARLCHEN_PUBLIC_URL`):
/// `http(s)://host[:port]`, without a path, since every page is served from the root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// Takes `text` (a trailing `/` is dropped), refusing what is not an origin.
    pub fn parse(text: &str) -> anyhow::Result<PublicUrl> {
        let text = text.trim();
        let url = url::Url::parse(text).with_context(|| {
            format!(
                "KARLCHEN_PUBLIC_URL must be an address like https://doko.example.org, got {text:?}"
            )
        })?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
            bail!(
                "KARLCHEN_PUBLIC_URL must start with http:// or https:// and name a host, got {text:?}"
            );
        }
        if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
            bail!(
                "KARLCHEN_PUBLIC_URL must be the service's root (no path, query or #), got {text:?}"
            );
        }
        if !url.username().is_empty() || url.password().is_some() {
            bail!("KARLCHEN_PUBLIC_URL must not hold a user name or password");
        }
        Ok(PublicUrl(url.origin().ascii_serialization()))
    }

    /// `scheme://host[:port]`, without a trailing `/`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Where printed links point, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkBase {
    /// `KARLCHEN_PUBLIC_URL`.
    Configured(String),
    /// The host the organiser's browser reached.
    Requested(String),
    /// This machine's network address: the organiser reached it as a loopback name.
    Network(String),
    /// A loopback name no phone opens: nothing better was found.
    Loopback(String),
}

impl LinkBase {
    /// `scheme://host[:port]`, the start of every printed link.
    pub fn origin(&self) -> &str {
        match self {
            LinkBase::Configured(o)
            | LinkBase::Requested(o)
            | LinkBase::Network(o)
            | LinkBase::Loopback(o) => o,
        }
    }
}

/// How a request for a printout reached the service.
#[derive(Debug, Clone)]
pub struct Reached<'a> {
    /// `http` or `https`.
    pub scheme: &'a str,
    /// The `Host` the browser sent (with its port, if any).
    pub host: &'a str,
    /// The local address the connection came in on: its port is the one phones need.
    pub local: Option<SocketAddr>,
    /// What the service was told to listen on (`KARLCHEN_BIND`).
    pub bind: &'a str,
}

/// The base of printed links for a request that `reached` the service; `network` is this
/// machine's network address, looked up only when needed.
pub fn base(
    public: Option<&PublicUrl>,
    reached: &Reached<'_>,
    network: impl FnOnce() -> Option<IpAddr>,
) -> LinkBase {
    if let Some(public) = public {
        return LinkBase::Configured(public.as_str().to_owned());
    }
    let requested = format!("{}://{}", reached.scheme, reached.host);
    if !is_loopback_host(reached.host) {
        return LinkBase::Requested(requested);
    }
    let everywhere = reached
        .bind
        .parse::<SocketAddr>()
        .is_ok_and(|bound| bound.ip().is_unspecified());
    match (everywhere, reached.local, network()) {
        (true, Some(local), Some(ip)) if !ip.is_loopback() && !ip.is_unspecified() => {
            LinkBase::Network(format!(
                "{}://{}",
                reached.scheme,
                SocketAddr::new(ip, local.port())
            ))
        }
        _ => LinkBase::Loopback(requested),
    }
}

/// This machine's address on the interface of its default route (what a phone in the same
/// network reaches), IPv4 first; `None` without a network.
pub fn network_address() -> Option<IpAddr> {
    local_ip_address::local_ip()
        .or_else(|_| local_ip_address::local_ipv6())
        .ok()
}

/// Whether `host` (a `Host` header: a name or address, perhaps with a port) names this
/// machine only: `localhost` and its subdomains, 127.0.0.0/8, `::1`, or the unspecified
/// address a browser on this machine also opens.
pub fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        // `[v6]` or `[v6]:port`.
        Some(rest) => rest.split(']').next().unwrap_or(rest),
        None => match host.rsplit_once(':') {
            Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
            _ => host,
        },
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    if name == "localhost" || name.ends_with(".localhost") {
        return true;
    }
    name.parse::<IpAddr>()
        .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_url_is_an_origin() {
        for (given, kept) in [
            ("https://doko.example.org", "https://doko.example.org"),
            ("https://doko.example.org/", "https://doko.example.org"),
            (" http://192.168.1.20:8080/ ", "http://192.168.1.20:8080"),
            ("HTTPS://Doko.Example.org:443", "https://doko.example.org"),
        ] {
            assert_eq!(PublicUrl::parse(given).unwrap().as_str(), kept, "{given}");
        }
        for (bad, says) in [
            ("doko.example.org", "an address like"),
            ("ftp://doko.example.org", "http:// or https://"),
            ("https://doko.example.org/karlchen", "root"),
            ("https://doko.example.org/?x=1", "root"),
            ("https://user:pw@doko.example.org", "user name"),
        ] {
            let error = PublicUrl::parse(bad).unwrap_err().to_string();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }

    #[test]
    fn loopback_names_are_recognised() {
        for host in [
            "localhost",
            "localhost:8080",
            "LOCALHOST.",
            "karlchen.localhost:80",
            "127.0.0.1",
            "127.0.1.1:8080",
            "[::1]:8080",
            "[::1]",
            "0.0.0.0:8080",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "192.168.1.20:8080",
            "doko.example.org",
            "[fe80::1]:8080",
            "localhost.example.org",
            "10.0.0.1",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }

    fn reached<'a>(host: &'a str, bind: &'a str) -> Reached<'a> {
        Reached {
            scheme: "http",
            host,
            local: Some("127.0.0.1:8080".parse().unwrap()),
            bind,
        }
    }

    const LAN: fn() -> Option<IpAddr> = || Some("192.168.1.20".parse().unwrap());

    #[test]
    fn the_public_url_wins() {
        let public = PublicUrl::parse("https://doko.example.org").unwrap();
        assert_eq!(
            base(
                Some(&public),
                &reached("127.0.0.1:8080", "0.0.0.0:8080"),
                LAN
            ),
            LinkBase::Configured("https://doko.example.org".into())
        );
    }

    #[test]
    fn a_host_phones_reach_is_kept() {
        assert_eq!(
            base(None, &reached("10.0.0.5:8080", "0.0.0.0:8080"), || {
                panic!("not looked up")
            }),
            LinkBase::Requested("http://10.0.0.5:8080".into())
        );
    }

    #[test]
    fn localhost_becomes_the_network_address_when_listening_everywhere() {
        assert_eq!(
            base(None, &reached("localhost:8080", "0.0.0.0:8080"), LAN),
            LinkBase::Network("http://192.168.1.20:8080".into())
        );
        assert_eq!(
            base(None, &reached("localhost:8080", "[::]:8080"), || Some(
                "fd00::20".parse().unwrap()
            )),
            LinkBase::Network("http://[fd00::20]:8080".into())
        );
    }

    #[test]
    fn localhost_stays_and_is_flagged_when_no_phone_could_reach_the_service() {
        let loopback = LinkBase::Loopback("http://localhost:8080".into());
        // Listening on the loopback interface only.
        assert_eq!(
            base(None, &reached("localhost:8080", "127.0.0.1:8080"), LAN),
            loopback
        );
        // No network.
        assert_eq!(
            base(None, &reached("localhost:8080", "0.0.0.0:8080"), || None),
            loopback
        );
    }
}
