//! The `karlchen` command as an operator uses it.

use std::io::Write;
use std::process::{Command, Stdio};

fn karlchen(data: &std::path::Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_karlchen"));
    cmd.env_clear()
        .env("KARLCHEN_DATA_DIR", data)
        .env("PATH", std::env::var("PATH").unwrap_or_default());
    cmd
}

#[test]
fn organizer_add_reads_the_password_from_the_environment_or_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let out = karlchen(dir.path())
        .args([
            "organizer",
            "add",
            "--email",
            "Leitung@Example.org",
            "--name",
            "Turnierleitung",
        ])
        .env("KARLCHEN_PASSWORD", "a-long-enough-password")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("leitung@example.org"));

    let mut child = karlchen(dir.path())
        .args([
            "organizer",
            "add",
            "--email",
            "zweite@example.org",
            "--name",
            "Zweite",
        ])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"another-long-password\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The same e-mail twice, in any case, is refused and says why.
    let out = karlchen(dir.path())
        .args([
            "organizer",
            "add",
            "--email",
            "LEITUNG@example.org",
            "--name",
            "X",
        ])
        .env("KARLCHEN_PASSWORD", "a-long-enough-password")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("exists already"));

    // A short password is refused before anything is stored.
    let out = karlchen(dir.path())
        .args([
            "organizer",
            "add",
            "--email",
            "kurz@example.org",
            "--name",
            "Kurz",
        ])
        .env("KARLCHEN_PASSWORD", "short")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least"));
}

#[test]
fn a_mistyped_database_url_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let out = karlchen(dir.path())
        .arg("migrate")
        .env("DATABASE_URL", "postgress://u@h/db")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("DATABASE_URL"));
    assert!(
        std::fs::read_dir(dir.path()).unwrap().all(|e| !e
            .unwrap()
            .path()
            .to_string_lossy()
            .ends_with(".db"))
    );
}
