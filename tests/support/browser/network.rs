//! The network and the processor as a captain's phone has them: cut off, or slow.
//!
//! Network conditions go through chromedriver's own command
//! (`POST /session/{id}/chromium/network_conditions`), which DevTools-emulates them on every
//! tab of the session and keeps them across navigations; the CPU slowdown is the DevTools
//! command `Emulation.setCPUThrottlingRate` on the tab.

use serde_json::json;

use super::Page;

/// Throttling of the network and the CPU, as DevTools applies it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Throttle {
    /// Added to every request's round trip, in milliseconds.
    pub latency_ms: f64,
    /// Download bandwidth in kbit/s (1 kbit = 1000 bit).
    pub down_kbit: f64,
    /// Upload bandwidth in kbit/s.
    pub up_kbit: f64,
    /// CPU slowdown factor (1 = none).
    pub cpu_rate: f64,
}

impl Throttle {
    /// Lighthouse's mobile "slow 4G" figures with its 4x CPU slowdown: 150 ms round trip,
    /// 1.6 Mbit/s down, 750 kbit/s up. The budgets are measured with this.
    pub const SLOW_4G: Throttle = Throttle {
        latency_ms: 150.0,
        down_kbit: 1_638.4,
        up_kbit: 750.0,
        cpu_rate: 4.0,
    };

    /// What Lighthouse itself sets when it throttles through DevTools rather than
    /// simulating: the latency times 3.75 and the bandwidths times 0.9, because DevTools
    /// delays each request rather than each packet. Stricter than [`Throttle::SLOW_4G`].
    pub const SLOW_4G_DEVTOOLS: Throttle = Throttle {
        latency_ms: 562.5,
        down_kbit: 1_474.56,
        up_kbit: 675.0,
        cpu_rate: 4.0,
    };

    /// No throttling at all.
    pub const NONE: Throttle = Throttle {
        latency_ms: 0.0,
        down_kbit: -1.0,
        up_kbit: -1.0,
        cpu_rate: 1.0,
    };
}

/// kbit/s to the bytes per second DevTools counts in (-1: unlimited).
fn bytes_per_second(kbit: f64) -> f64 {
    if kbit < 0.0 {
        -1.0
    } else {
        kbit * 1000.0 / 8.0
    }
}

impl Page {
    /// Cuts the tab's network (`true`) or gives it back (`false`), as a phone losing its
    /// Wi-Fi: requests fail, `navigator.onLine` turns false and `offline` fires, and the
    /// other way round. A throttle set before stays in force once back online.
    pub async fn set_offline(&self, offline: bool) {
        let throttle = self
            .throttle
            .lock()
            .expect("throttle lock")
            .unwrap_or(Throttle::NONE);
        self.post(
            "chromium/network_conditions",
            json!({ "network_conditions": {
                "offline": offline,
                "latency": throttle.latency_ms,
                "download_throughput": bytes_per_second(throttle.down_kbit),
                "upload_throughput": bytes_per_second(throttle.up_kbit),
            }}),
        )
        .await;
    }

    /// Slows the network and the CPU of this tab from the next request on.
    pub async fn throttle(&self, throttle: Throttle) {
        *self.throttle.lock().expect("throttle lock") = Some(throttle);
        self.set_offline(false).await;
        self.cdp(
            "Emulation.setCPUThrottlingRate",
            json!({ "rate": throttle.cpu_rate }),
        )
        .await;
    }
}
