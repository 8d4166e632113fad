//! The container image: built from the `Dockerfile`, it runs as a non-root user with
//! `/data` as a volume, and its `HEALTHCHECK` (`karlchen healthcheck`) turns healthy once
//! the service answers. Ignored by default (it needs a container engine and builds the
//! release binary); `scripts/test` runs it when `docker info` answers. Without an engine,
//! CI builds the same release binary instead.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn docker(args: &[&str]) -> String {
    let out = Command::new("docker")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("docker {args:?}: {e}"));
    assert!(
        out.status.success(),
        "docker {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Removes the container and the image when the test ends, also when it fails.
struct Cleanup {
    image: String,
    container: Option<String>,
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        if let Some(id) = &self.container {
            let _ = Command::new("docker").args(["rm", "-f", id]).output();
        }
        let _ = Command::new("docker")
            .args(["rmi", "-f", &self.image])
            .output();
    }
}

#[test]
#[ignore = "needs a container engine; scripts/test runs it when `docker info` answers"]
fn image_runs_as_non_root_with_a_data_volume_and_turns_healthy() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let image = format!("karlchen-test:{}", std::process::id());
    let mut cleanup = Cleanup {
        image: image.clone(),
        container: None,
    };
    docker(&["build", "-t", &image, workspace.to_str().unwrap()]);

    assert_eq!(
        docker(&["image", "inspect", "-f", "{{.Config.User}}", &image]),
        "nonroot"
    );
    let volumes = docker(&["image", "inspect", "-f", "{{json .Config.Volumes}}", &image]);
    assert!(volumes.contains("\"/data\""), "volumes {volumes}");
    let check = docker(&[
        "image",
        "inspect",
        "-f",
        "{{json .Config.Healthcheck}}",
        &image,
    ]);
    assert!(
        check.contains("karlchen") && check.contains("healthcheck"),
        "{check}"
    );

    // A short health interval so the test need not wait the image's 30 s.
    let id = docker(&[
        "run",
        "-d",
        "--health-interval=1s",
        "-p",
        "127.0.0.1::8080",
        "--mount",
        "type=volume,dst=/data",
        &image,
    ]);
    cleanup.container = Some(id.clone());
    let started = Instant::now();
    loop {
        let health = docker(&["inspect", "-f", "{{.State.Health.Status}}", &id]);
        if health == "healthy" {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60) && health != "unhealthy",
            "container {health} after {:?}: {}",
            started.elapsed(),
            docker(&["logs", &id])
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    assert_eq!(
        docker(&["exec", &id, "/usr/local/bin/karlchen", "healthcheck"]),
        ""
    );
    // Reachable from outside the container on the published port.
    let address = docker(&["port", &id, "8080/tcp"]);
    let address = address.lines().next().unwrap();
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .write_all(b"GET /health/ready HTTP/1.0\r\nHost: localhost\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(
        answer.starts_with("HTTP/1.0 200") || answer.starts_with("HTTP/1.1 200"),
        "{answer}"
    );
}
