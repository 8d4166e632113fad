//! `loadgen startup`: how long `karlchen serve` takes from being started until
//! `/health/ready` answers 200 (the database opened and migrated, the pool built, the
//! templates compiled, the port bound), and its memory at idle a second later. Started
//! and stopped (SIGTERM) `--times` times with the environment it is given, so on an
//! existing database the figure is a restart's.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::bail;

use super::championship::memory_mb;

/// Starts `bin serve` `times` times, each time waiting for `base`'s readiness.
pub async fn run(bin: &str, base: &str, times: usize) -> anyhow::Result<()> {
    let http = reqwest::Client::new();
    let mut took = Vec::new();
    for _ in 0..times {
        let started = Instant::now();
        let mut child = Command::new(bin)
            .arg("serve")
            .stdout(Stdio::null())
            .spawn()?;
        let ready = loop {
            if let Ok(answer) = http.get(format!("{base}/health/ready")).send().await
                && answer.status() == 200
            {
                break started.elapsed();
            }
            if started.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                bail!("{bin} serve was not ready within 10 s");
            }
            if let Some(status) = child.try_wait()? {
                bail!("{bin} serve stopped: {status}");
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        };
        tokio::time::sleep(Duration::from_secs(1)).await;
        let idle = memory_mb(child.id(), "VmRSS").unwrap_or(0.0);
        Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()?;
        child.wait()?;
        println!(
            "start-up until /health/ready: {:.1} ms; VmRSS at idle 1 s later: {idle:.1} MB",
            ready.as_secs_f64() * 1e3
        );
        took.push(ready);
    }
    took.sort_unstable();
    if let (Some(first), Some(last)) = (took.first(), took.last()) {
        println!(
            "start-up over {} starts: min {:.1} ms, median {:.1} ms, max {:.1} ms",
            took.len(),
            first.as_secs_f64() * 1e3,
            took[took.len() / 2].as_secs_f64() * 1e3,
            last.as_secs_f64() * 1e3
        );
    }
    Ok(())
}
