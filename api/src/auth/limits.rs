//! Brakes on guessing: rate limits on logging in and on trading join codes, and a bound on
//! how many password hashes run at once.
//!
//! Every attempt is counted twice: against the client's address and against what it tries
//! to open (the e-mail or the join code). The address limit is generous, because a club
//! hall puts every captain's phone behind one Wi-Fi address; the per-account and per-code
//! limit is strict, because that is what a guesser aims at from many addresses. The
//! address is checked first, so a flood of made-up e-mails from one address stops at its
//! address limit and adds no more keys to the per-account table.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use actix_web::HttpRequest;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, NotUntil, Quota};
use tokio::sync::Semaphore;

use crate::config::Config;
use crate::error::ApiError;

/// Forgotten keys are swept out of the limiters after this many checks, so their memory
/// stays bounded by the keys active within one refill window, whatever callers send.
const SWEEP_EVERY: u64 = 1024;

type Keyed<K> = DefaultKeyedRateLimiter<K>;

/// The rate limiters of the two log-in routes and the password hashing bound, shared by all
/// workers of one instance.
pub struct AuthLimits {
    address: Option<Keyed<IpAddr>>,
    account: Option<Keyed<String>>,
    join_code: Option<Keyed<String>>,
    checks: AtomicU64,
    trust_forwarded: bool,
    /// Permits for concurrent argon2 verifications: one per core, so that many parallel
    /// logins queue instead of holding many hashes' memory and every core at once.
    pub hashing: Semaphore,
}

impl std::fmt::Debug for AuthLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuthLimits")
            .field("address_keys", &self.address.as_ref().map(Keyed::len))
            .field("account_keys", &self.account.as_ref().map(Keyed::len))
            .field("join_code_keys", &self.join_code.as_ref().map(Keyed::len))
            .field("hash_permits", &self.hashing.available_permits())
            .finish()
    }
}

/// A limiter allowing `per_minute` attempts in a burst, refilled evenly over a minute; none
/// when the limit is 0 (switched off).
fn limiter<K: std::hash::Hash + Eq + Clone>(per_minute: u32) -> Option<Keyed<K>> {
    NonZeroU32::new(per_minute).map(|n| Keyed::dashmap(Quota::per_minute(n)))
}

/// The 429 for a refused attempt, telling the whole seconds to wait, rounded up and at
/// least 1 (`Retry-After: 0` would invite an immediate retry that fails again).
fn refused<K: std::hash::Hash + Eq + Clone>(
    limiter: &Keyed<K>,
    not_until: &NotUntil<<DefaultClock as Clock>::Instant>,
) -> ApiError {
    let wait = not_until.wait_time_from(limiter.clock().now());
    ApiError::RateLimited {
        retry_after: (wait + Duration::from_nanos(999_999_999)).as_secs().max(1),
    }
}

/// Which key of a request counts as its client address. IPv6 clients are counted per /64,
/// the smallest block one subscriber usually gets; counting single addresses would let one
/// subscriber rotate through 2^64 of them.
fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
        v4 => v4,
    }
}

impl AuthLimits {
    /// The limits `config` asks for.
    pub fn new(config: &Config) -> AuthLimits {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        AuthLimits {
            address: limiter(config.auth_limit_per_address),
            account: limiter(config.auth_limit_per_key),
            join_code: limiter(config.auth_limit_per_key),
            checks: AtomicU64::new(0),
            trust_forwarded: config.trust_forwarded,
            hashing: Semaphore::new(cores),
        }
    }

    /// The client's address: the peer of the connection, or with `KARLCHEN_TRUST_FORWARDED`
    /// the first address of `Forwarded`/`X-Forwarded-For` that a proxy in front sets. A
    /// request without one (a Unix socket, a test) counts as the unspecified address.
    fn client(&self, req: &HttpRequest) -> IpAddr {
        let info = req.connection_info();
        let text = if self.trust_forwarded {
            info.realip_remote_addr()
        } else {
            info.peer_addr()
        };
        let ip = text.and_then(|t| {
            t.parse::<IpAddr>()
                .ok()
                .or_else(|| t.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
        });
        address_key(ip.unwrap_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED)))
    }

    /// Counts a log-in attempt for `email` (already normalised); a 429 once either limit is
    /// used up.
    pub fn check_login(&self, req: &HttpRequest, email: &str) -> Result<(), ApiError> {
        self.check(req, self.account.as_ref(), email)
    }

    /// Counts an attempt to trade `code` (already normalised) for a captain's token.
    pub fn check_join(&self, req: &HttpRequest, code: &str) -> Result<(), ApiError> {
        self.check(req, self.join_code.as_ref(), code)
    }

    fn check(
        &self,
        req: &HttpRequest,
        keyed: Option<&Keyed<String>>,
        key: &str,
    ) -> Result<(), ApiError> {
        self.sweep_now_and_then();
        let client = self.client(req);
        if let Some(address) = &self.address {
            address.check_key(&client).map_err(|n| {
                tracing::warn!(%client, "log-in attempts over the per-address limit");
                refused(address, &n)
            })?;
        }
        if let Some(keyed) = keyed {
            keyed.check_key(&key.to_owned()).map_err(|n| {
                tracing::warn!(%client, "log-in attempts over the per-account or per-code limit");
                refused(keyed, &n)
            })?;
        }
        Ok(())
    }

    /// Drops keys whose limit has fully refilled (they behave like new keys anyway) every
    /// [`SWEEP_EVERY`] checks, and gives the memory back.
    fn sweep_now_and_then(&self) {
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY != SWEEP_EVERY - 1 {
            return;
        }
        if let Some(l) = &self.address {
            l.retain_recent();
            l.shrink_to_fit();
        }
        for l in [&self.account, &self.join_code].into_iter().flatten() {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }

    /// Keys held by the limiters (address, account, join code), for tests.
    pub fn keys(&self) -> [usize; 3] {
        [
            self.address.as_ref().map_or(0, Keyed::len),
            self.account.as_ref().map_or(0, Keyed::len),
            self.join_code.as_ref().map_or(0, Keyed::len),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn limits(per_key: u32, per_address: u32) -> AuthLimits {
        let mut config = Config::with_data_dir("unused".into());
        config.auth_limit_per_key = per_key;
        config.auth_limit_per_address = per_address;
        AuthLimits::new(&config)
    }

    fn from(ip: &str) -> HttpRequest {
        TestRequest::default()
            .peer_addr(format!("{ip}:4000").parse().unwrap())
            .to_http_request()
    }

    #[test]
    fn the_key_limit_is_per_key_and_the_address_limit_per_address() {
        let l = limits(3, 5);
        let hall = from("192.0.2.1");
        for _ in 0..3 {
            l.check_join(&hall, "AAAA1111").unwrap();
        }
        let Err(ApiError::RateLimited { retry_after }) = l.check_join(&hall, "AAAA1111") else {
            panic!("the fourth try of one code must be refused");
        };
        assert!((1..=20).contains(&retry_after), "{retry_after}");
        // Another code from the same hall still works until the hall's limit is used up.
        l.check_join(&hall, "BBBB2222").unwrap();
        assert!(l.check_join(&hall, "CCCC3333").is_err(), "address limit");
        // Another address is not affected, a used-up code stays refused from there too.
        let home = from("198.51.100.7");
        l.check_login(&home, "a@example.org").unwrap();
        assert!(l.check_join(&home, "AAAA1111").is_err());
    }

    #[test]
    fn ipv6_clients_count_per_64_and_zero_switches_a_limit_off() {
        let l = limits(0, 2);
        l.check_login(&from("[2001:db8::1]"), "x").unwrap();
        l.check_login(&from("[2001:db8::2]"), "x").unwrap();
        assert!(l.check_login(&from("[2001:db8::3]"), "x").is_err());
        l.check_login(&from("[2001:db8:0:1::1]"), "x").unwrap();
        assert_eq!(l.keys(), [2, 0, 0]);
    }

    #[test]
    fn sweeping_forgets_refilled_keys() {
        let l = limits(600, 0);
        let req = from("192.0.2.1");
        for i in 0..SWEEP_EVERY - 1 {
            l.check_login(&req, &format!("user{i}@example.org"))
                .unwrap();
        }
        assert_eq!(l.keys()[1], usize::try_from(SWEEP_EVERY - 1).unwrap());
        // 600 a minute refill one attempt in 100 ms; governor forgets a key one refill
        // interval after that.
        std::thread::sleep(Duration::from_millis(300));
        l.check_login(&req, "last@example.org").unwrap();
        assert!(l.keys()[1] <= 1, "{:?}", l.keys());
    }
}
