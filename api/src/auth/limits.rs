//! Brakes on guessing: rate limits on logging in and on trading join codes, and a bound on
//! how many password hashes run at once.
//!
//! The limits slow whoever guesses, and nobody else:
//!
//! - A log-in counts against the client's address and against the pair of that address
//!   and the e-mail it tries. A guesser's wrong passwords use up his own address's pair,
//!   so the account's owner signs in from any other address as ever (a limit per account
//!   alone would let a stranger lock him out with ten wrong passwords). The pair has two
//!   tiers, a minute's and an hour's, so that a guesser who keeps going waits longer and
//!   longer: after the minute's burst one try every few seconds, after the hour's one
//!   every few minutes.
//! - A join code counts against the code tried and against the address, whose budget is a
//!   burst of five minutes' worth: a club hall puts every captain's phone behind one
//!   Wi-Fi address, and a hundred and fifty mistyped or made-up codes from it still leave
//!   room for the right one. Guessing stays hopeless at that rate: a code has 37 bits.
//!
//! The address is checked first, so a flood of made-up e-mails or codes from one address
//! stops at its address limit and adds no more keys to the other tables.
//!
//! **Several instances.** The limits above are counted in each instance's memory. On
//! PostgreSQL, where several instances may serve one database behind a load balancer, the
//! limits that stop guessing (an address with an e-mail, both tiers, and a join code) are
//! counted in the database as well, by every instance together ([`Shared`], stored by
//! `db::rate_limits` with the same quotas): a guesser whose attempts are spread over the
//! instances gets no more than from one. The per-address limits stay per instance: they
//! are there against floods, which each instance takes on for itself.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use actix_web::HttpRequest;
use chrono::{NaiveDateTime, TimeDelta};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, NotUntil, Quota};
use sha2::{Digest, Sha256};
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
    account: Option<Keyed<(IpAddr, String)>>,
    account_hourly: Option<Keyed<(IpAddr, String)>>,
    join_address: Option<Keyed<IpAddr>>,
    join_code: Option<Keyed<String>>,
    checks: AtomicU64,
    trust_forwarded: bool,
    /// The quotas also counted in the database ([`Shared`]); `None` on SQLite (one
    /// instance).
    shared: Option<SharedQuotas>,
    /// Permits for concurrent argon2 verifications: one per core, so that many parallel
    /// logins queue instead of holding many hashes' memory and every core at once.
    pub hashing: Semaphore,
}

impl std::fmt::Debug for AuthLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuthLimits")
            .field("address_keys", &self.address.as_ref().map(Keyed::len))
            .field("account_keys", &self.account.as_ref().map(Keyed::len))
            .field(
                "join_address_keys",
                &self.join_address.as_ref().map(Keyed::len),
            )
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

/// The hour's tier of a per-minute limit: three minutes' worth in an hour, refilled evenly
/// over it (with the default of 10 a minute: 30 an hour, then one every two minutes).
fn hourly<K: std::hash::Hash + Eq + Clone>(per_minute: u32) -> Option<Keyed<K>> {
    hourly_quota(per_minute).map(Keyed::dashmap)
}

fn hourly_quota(per_minute: u32) -> Option<Quota> {
    NonZeroU32::new(per_minute.saturating_mul(3)).map(Quota::per_hour)
}

/// `per_minute` refilled each minute with a burst of five minutes' worth.
fn with_burst<K: std::hash::Hash + Eq + Clone>(per_minute: u32) -> Option<Keyed<K>> {
    burst_quota(per_minute).map(Keyed::dashmap)
}

fn burst_quota(per_minute: u32) -> Option<Quota> {
    let rate = NonZeroU32::new(per_minute)?;
    let burst = NonZeroU32::new(per_minute.saturating_mul(5)).unwrap_or(rate);
    Some(Quota::per_minute(rate).allow_burst(burst))
}

/// The 429 for an attempt `limiter` refused.
fn refused<K: std::hash::Hash + Eq + Clone>(
    limiter: &Keyed<K>,
    not_until: &NotUntil<<DefaultClock as Clock>::Instant>,
) -> ApiError {
    wait_for(not_until.wait_time_from(limiter.clock().now()))
}

/// The 429 for an attempt allowed again after `wait`, telling the whole seconds to wait,
/// rounded up and at least 1 (`Retry-After: 0` would invite an immediate retry that fails
/// again).
fn wait_for(wait: Duration) -> ApiError {
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

/// A quota as the generic cell rate algorithm keeps it for one key: the time at which the
/// key's allowance is full again (its "theoretical arrival time"). Governor, which counts
/// the limits in memory, keeps the same, so both count alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gcra {
    /// The time one attempt takes to refill.
    interval: TimeDelta,
    /// How far ahead of now the refill time may run: a burst of `burst` attempts.
    tolerance: TimeDelta,
}

impl Gcra {
    /// `count` attempts per `period`, all of them at once if they come in a burst.
    fn new(count: u32, period: TimeDelta) -> Option<Gcra> {
        let interval = period.checked_div(i32::try_from(count).ok().filter(|c| *c > 0)?)?;
        Some(Gcra {
            interval,
            tolerance: interval.checked_mul(i32::try_from(count).ok()? - 1)?,
        })
    }

    /// One more attempt at `now` for a key refilled at `refilled` (`None`: a new key): the
    /// key's new refill time, or the wait until an attempt is allowed again.
    pub fn attempt(
        &self,
        refilled: Option<NaiveDateTime>,
        now: NaiveDateTime,
    ) -> Result<NaiveDateTime, TimeDelta> {
        let from = refilled.map_or(now, |r| r.max(now));
        let ahead = from - now;
        if ahead > self.tolerance {
            return Err(ahead - self.tolerance);
        }
        Ok(from + self.interval)
    }
}

/// The quotas counted in the database, as those in memory: a minute's and an hour's tier.
#[derive(Debug, Clone, Copy)]
struct SharedQuotas {
    minute: Option<Gcra>,
    hour: Option<Gcra>,
}

impl SharedQuotas {
    fn new(per_minute: u32) -> SharedQuotas {
        SharedQuotas {
            minute: Gcra::new(per_minute, TimeDelta::minutes(1)),
            hour: Gcra::new(per_minute.saturating_mul(3), TimeDelta::hours(1)),
        }
    }
}

/// `quotas` for `key`, each under its stored key: the SHA-256 of the quota's name and the
/// key, so the database holds no address, e-mail or code. Quotas switched off are left out.
fn stored_keys(quotas: &[(&str, Option<Gcra>)], key: &str) -> Vec<(String, Gcra)> {
    quotas
        .iter()
        .filter_map(|(name, quota)| {
            let digest = Sha256::new()
                .chain_update(name)
                .chain_update([0])
                .chain_update(key)
                .finalize();
            let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
            Some((hex, (*quota)?))
        })
        .collect()
}

/// What an attempt allowed in this instance's memory still has to pass in the database,
/// counted by every instance together (empty on SQLite).
#[derive(Debug)]
pub struct Shared {
    /// The client's address, for the log.
    pub client: IpAddr,
    /// The stored keys with their quotas, counted in this order; the first refusal ends it.
    pub keys: Vec<(String, Gcra)>,
    /// Whether to delete refilled keys now.
    pub sweep: bool,
    /// What a refusal is logged as.
    pub what: &'static str,
}

impl Shared {
    /// The 429 for an attempt refused after `wait`, logged.
    pub fn refused(&self, wait: TimeDelta) -> ApiError {
        tracing::warn!(client = %self.client, "{}", self.what);
        wait_for(wait.to_std().unwrap_or_default())
    }
}

impl AuthLimits {
    /// The limits `config` asks for.
    pub fn new(config: &Config) -> AuthLimits {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        AuthLimits {
            address: limiter(config.auth_limit_per_address),
            account: limiter(config.auth_limit_per_key),
            account_hourly: hourly(config.auth_limit_per_key),
            join_address: with_burst(config.auth_limit_per_address),
            join_code: limiter(config.auth_limit_per_key),
            checks: AtomicU64::new(0),
            trust_forwarded: config.trust_forwarded,
            shared: matches!(
                crate::db::Backend::from_url(&config.database_url),
                Ok(crate::db::Backend::Postgres)
            )
            .then(|| SharedQuotas::new(config.auth_limit_per_key)),
            hashing: Semaphore::new(cores),
        }
    }

    /// A turn to hash a password: at most one per core at a time, since argon2 takes 19 MiB
    /// and a core for a while, so a burst (of sign-ins, of new accounts) waits here rather
    /// than exhausting memory or the blocking pool.
    pub async fn hash_turn(&self) -> Result<tokio::sync::SemaphorePermit<'_>, ApiError> {
        self.hashing
            .acquire()
            .await
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("hashing semaphore closed: {e}")))
    }

    /// The client's address: the peer of the connection, or with `KARLCHEN_TRUST_FORWARDED`
    /// the first address of `Forwarded`/`X-Forwarded-For` that a proxy in front sets. A
    /// request without one (a Unix socket, a test) counts as the unspecified address.
    pub fn client(&self, req: &HttpRequest) -> IpAddr {
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

    /// Counts a log-in attempt for `email` (already normalised) from the request's address;
    /// a 429 once the address's limit or that of the address and this e-mail is used up.
    /// What is still to be counted in the database for every instance together (nothing on
    /// SQLite) is returned.
    pub fn check_login(&self, req: &HttpRequest, email: &str) -> Result<Shared, ApiError> {
        self.sweep_now_and_then();
        let client = self.client(req);
        check(
            self.address.as_ref(),
            &client,
            client,
            "log-in attempts over the address limit",
        )?;
        let pair = (client, email.to_owned());
        for tier in [&self.account, &self.account_hourly] {
            check(
                tier.as_ref(),
                &pair,
                client,
                "log-in attempts for one account from one address over the limit",
            )?;
        }
        let keys = self.shared.as_ref().map_or_else(Vec::new, |quotas| {
            let pair = format!("{client}\0{email}");
            stored_keys(
                &[("login-minute", quotas.minute), ("login-hour", quotas.hour)],
                &pair,
            )
        });
        Ok(Shared {
            client,
            keys,
            sweep: self.sweep_shared(),
            what: "log-in attempts for one account from one address over the shared limit",
        })
    }

    /// Counts an attempt to trade `code` (already normalised) for a captain's token; what
    /// is still to be counted in the database as for [`AuthLimits::check_login`].
    pub fn check_join(&self, req: &HttpRequest, code: &str) -> Result<Shared, ApiError> {
        self.sweep_now_and_then();
        let client = self.client(req);
        check(
            self.join_address.as_ref(),
            &client,
            client,
            "join attempts over the address limit",
        )?;
        check(
            self.join_code.as_ref(),
            &code.to_owned(),
            client,
            "join attempts for one code over the limit",
        )?;
        let keys = self.shared.as_ref().map_or_else(Vec::new, |quotas| {
            stored_keys(&[("join-code", quotas.minute)], code)
        });
        Ok(Shared {
            client,
            keys,
            sweep: self.sweep_shared(),
            what: "join attempts for one code over the shared limit",
        })
    }

    /// Whether this check also deletes the refilled keys from the database: every
    /// [`SWEEP_EVERY`] checks, as for the limiters in memory.
    fn sweep_shared(&self) -> bool {
        self.checks
            .load(Ordering::Relaxed)
            .is_multiple_of(SWEEP_EVERY)
    }

    /// Drops keys whose limit has fully refilled (they behave like new keys anyway) every
    /// [`SWEEP_EVERY`] checks, and gives the memory back.
    fn sweep_now_and_then(&self) {
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY != SWEEP_EVERY - 1 {
            return;
        }
        for l in [&self.address, &self.join_address].into_iter().flatten() {
            l.retain_recent();
            l.shrink_to_fit();
        }
        for l in [&self.account, &self.account_hourly].into_iter().flatten() {
            l.retain_recent();
            l.shrink_to_fit();
        }
        if let Some(l) = &self.join_code {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }

    /// Keys held by the limiters (log-in address, address and account, join code), for
    /// tests.
    pub fn keys(&self) -> [usize; 3] {
        [
            self.address.as_ref().map_or(0, Keyed::len),
            self.account.as_ref().map_or(0, Keyed::len),
            self.join_code.as_ref().map_or(0, Keyed::len),
        ]
    }
}

/// Counts one attempt for `key` in `limiter` (none: no limit); a 429 when it is used up,
/// logged with the client's address and `what`.
fn check<K: std::hash::Hash + Eq + Clone>(
    limiter: Option<&Keyed<K>>,
    key: &K,
    client: IpAddr,
    what: &str,
) -> Result<(), ApiError> {
    let Some(limiter) = limiter else {
        return Ok(());
    };
    limiter.check_key(key).map_err(|n| {
        tracing::warn!(%client, "{what}");
        refused(limiter, &n)
    })
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
    fn a_guesser_uses_up_his_own_address_and_nobody_elses() {
        let l = limits(3, 100);
        let (guesser, owner) = (from("192.0.2.1"), from("198.51.100.7"));
        for _ in 0..3 {
            l.check_login(&guesser, "a@example.org").unwrap();
        }
        let Err(ApiError::RateLimited { retry_after }) = l.check_login(&guesser, "a@example.org")
        else {
            panic!("the fourth try for one account from one address must be refused");
        };
        assert!((1..=20).contains(&retry_after), "{retry_after}");
        // The account's owner, elsewhere, and another account from the guesser's address.
        l.check_login(&owner, "a@example.org").unwrap();
        l.check_login(&guesser, "b@example.org").unwrap();
    }

    #[test]
    fn a_code_is_limited_per_code_and_a_hall_keeps_room_for_the_right_one() {
        let l = limits(3, 5);
        let hall = from("192.0.2.1");
        for _ in 0..3 {
            l.check_join(&hall, "AAAA1111").unwrap();
        }
        assert!(
            l.check_join(&hall, "AAAA1111").is_err(),
            "the fourth try of one code"
        );
        // Five minutes' worth of tries from one address: 25 here, the 4 above and 21 more.
        for i in 0..21 {
            l.check_join(&hall, &format!("B{i:07}")).unwrap();
        }
        assert!(
            l.check_join(&hall, "CCCC3333").is_err(),
            "the address's burst"
        );
        l.check_join(&from("198.51.100.7"), "CCCC3333").unwrap();
    }

    #[test]
    fn the_tiers_grow_the_wait() {
        // The defaults: 10 a minute per address and account, then 30 an hour (one every
        // two minutes); 120 join attempts a minute per address with a burst of 600.
        let hourly = hourly_quota(10).unwrap();
        assert_eq!(hourly.burst_size().get(), 30);
        assert_eq!(hourly.replenish_interval(), Duration::from_secs(120));
        let joins = burst_quota(120).unwrap();
        assert_eq!(joins.burst_size().get(), 600);
        assert_eq!(joins.replenish_interval(), Duration::from_millis(500));
        assert!(
            hourly_quota(0).is_none() && burst_quota(0).is_none(),
            "0 is off"
        );
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

    fn at(seconds: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000 + seconds, 0)
            .unwrap_or_default()
            .naive_utc()
    }

    #[test]
    fn the_database_counts_as_governor_does() {
        // 3 a minute: three at once, then one every 20 seconds.
        let quota = Gcra::new(3, TimeDelta::minutes(1)).unwrap();
        let mut refilled = None;
        for _ in 0..3 {
            refilled = Some(quota.attempt(refilled, at(0)).unwrap());
        }
        assert_eq!(refilled, Some(at(60)));
        assert_eq!(quota.attempt(refilled, at(0)), Err(TimeDelta::seconds(20)));
        assert_eq!(quota.attempt(refilled, at(19)), Err(TimeDelta::seconds(1)));
        let next = quota.attempt(refilled, at(20)).unwrap();
        assert_eq!(next, at(80));
        assert!(quota.attempt(Some(next), at(20)).is_err());
        // A key refilled long ago is a new key.
        assert_eq!(quota.attempt(Some(at(-500)), at(0)), Ok(at(20)));
        // The hour's tier of 10 a minute: 30 at once, then one every two minutes.
        let hour = SharedQuotas::new(10).hour.unwrap();
        let mut refilled = None;
        for _ in 0..30 {
            refilled = Some(hour.attempt(refilled, at(0)).unwrap());
        }
        assert_eq!(hour.attempt(refilled, at(0)), Err(TimeDelta::minutes(2)));
        assert!(
            Gcra::new(0, TimeDelta::minutes(1)).is_none(),
            "0 switches it off"
        );
    }

    #[test]
    fn shared_limits_are_kept_on_postgres_only_under_digests() {
        let mut config = Config::with_data_dir("unused".into());
        let sqlite = AuthLimits::new(&config);
        assert!(
            sqlite
                .check_login(&from("192.0.2.1"), "a@example.org")
                .unwrap()
                .keys
                .is_empty()
        );
        config.database_url = "postgres://karlchen@localhost/karlchen".into();
        let pg = AuthLimits::new(&config);
        let login = pg.check_login(&from("192.0.2.1"), "a@example.org").unwrap();
        assert_eq!(login.keys.len(), 2, "the minute's and the hour's tier");
        let other = pg.check_login(&from("192.0.2.2"), "a@example.org").unwrap();
        let join = pg.check_join(&from("192.0.2.1"), "ABCD1234").unwrap();
        assert_eq!(join.keys.len(), 1);
        let keys: Vec<&String> = [&login, &other, &join]
            .iter()
            .flat_map(|s| s.keys.iter().map(|(k, _)| k))
            .collect();
        for key in &keys {
            assert_eq!(key.len(), 64, "a SHA-256 digest: {key}");
            assert!(!key.contains("example") && !key.contains("ABCD"));
        }
        let distinct: std::collections::HashSet<_> = keys.iter().collect();
        assert_eq!(distinct.len(), keys.len());
    }
}
