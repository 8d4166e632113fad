//! Sending a mail, where the operator configured a way: the message is handed to a
//! sendmail-compatible command (`KARLCHEN_SENDMAIL`, e.g. `/usr/sbin/sendmail -t -i`, or
//! `msmtp -t`), which every mail setup on a Unix server offers. The service itself speaks
//! no SMTP: relaying, TLS, credentials and queueing stay with the tool built for them, and
//! a mail that cannot be handed over is reported to the organiser, who still has the link
//! to pass on himself.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use base64::Engine;

/// How long the command may take to take a message: a local sendmail queues it at once.
const TIMEOUT: Duration = Duration::from_secs(20);

/// The configured way to send mail: a command and the sender's address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mailer {
    program: String,
    args: Vec<String>,
    from: String,
}

/// One plain-text mail.
#[derive(Debug, Clone)]
pub struct Mail {
    /// The recipient's address.
    pub to: String,
    /// The subject, any text (encoded as the headers need).
    pub subject: String,
    /// The text, UTF-8.
    pub body: String,
}

impl Mailer {
    /// The command `command` (split at spaces, no shell) sending as `from`.
    pub fn parse(command: &str, from: &str) -> anyhow::Result<Mailer> {
        let mut words = command.split_whitespace().map(str::to_owned);
        let Some(program) = words.next() else {
            bail!("KARLCHEN_SENDMAIL is empty");
        };
        let from = from.trim();
        if !is_plain_address(from) {
            bail!("KARLCHEN_MAIL_FROM must be an e-mail address, got {from:?}");
        }
        Ok(Mailer {
            program,
            args: words.collect(),
            from: from.to_owned(),
        })
    }

    /// The sender's address.
    pub fn from(&self) -> &str {
        &self.from
    }

    /// Hands `mail` to the command and waits until it took it (it exits with 0); blocks,
    /// so call it off the request's thread. An error says why, for the log and the
    /// organiser.
    pub fn send(&self, mail: &Mail, date: chrono::DateTime<chrono::Utc>) -> anyhow::Result<()> {
        if !is_plain_address(&mail.to) {
            bail!("{:?} is not an address a mail can go to", mail.to);
        }
        let message = compose(&self.from, mail, date);
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot start {}", self.program))?;
        if let Some(mut stdin) = child.stdin.take() {
            stdin
                .write_all(message.as_bytes())
                .with_context(|| format!("{} did not take the message", self.program))?;
        }
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            if started.elapsed() > TIMEOUT {
                // A hung command must not hold a thread of the blocking pool for good.
                let _ = child.kill();
                let _ = child.wait();
                bail!("{} took longer than {TIMEOUT:?}", self.program);
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        if !status.success() {
            let mut said = String::new();
            if let Some(mut stderr) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut stderr, &mut said);
            }
            bail!("{} failed ({status}): {}", self.program, said.trim());
        }
        Ok(())
    }
}

/// Whether `address` is one plain address that is safe in a header: no spaces, no line
/// breaks, no angle brackets or commas (which would add recipients), an `@` inside.
pub fn is_plain_address(address: &str) -> bool {
    let forbidden = |c: char| c.is_whitespace() || c.is_control() || "<>,;\"()".contains(c);
    address.len() <= 254
        && !address.chars().any(forbidden)
        && address
            .split_once('@')
            .is_some_and(|(local, domain)| !local.is_empty() && !domain.is_empty())
}

/// The message as RFC 5322 text: headers (the subject encoded as RFC 2047 when it is not
/// plain ASCII), a blank line, the UTF-8 body with CRLF line ends.
fn compose(from: &str, mail: &Mail, date: chrono::DateTime<chrono::Utc>) -> String {
    let subject = if mail
        .subject
        .chars()
        .all(|c| c.is_ascii() && !c.is_control())
    {
        mail.subject.clone()
    } else {
        format!(
            "=?UTF-8?B?{}?=",
            base64::engine::general_purpose::STANDARD.encode(mail.subject.as_bytes())
        )
    };
    let body = mail.body.replace("\r\n", "\n").replace('\n', "\r\n");
    format!(
        "From: Karlchen <{from}>\r\nTo: <{to}>\r\nSubject: {subject}\r\nDate: {date}\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\nAuto-Submitted: auto-generated\r\n\r\n{body}\r\n",
        to = mail.to,
        date = date.to_rfc2822(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date() -> chrono::DateTime<chrono::Utc> {
        chrono::DateTime::parse_from_rfc3339("2026-11-28T18:00:00Z")
            .unwrap()
            .to_utc()
    }

    /// A German subject is encoded, the body keeps its umlauts and gets CRLF line ends.
    #[test]
    fn a_message_has_its_headers_and_body() {
        let mail = Mail {
            to: "anna@example.org".into(),
            subject: "Einladung: Stadtmeisterschaft Köln".into(),
            body: "Hallo,\nbitte öffnen.".into(),
        };
        let text = compose("doko@example.org", &mail, date());
        assert!(
            text.starts_with("From: Karlchen <doko@example.org>\r\nTo: <anna@example.org>\r\n")
        );
        let encoded = base64::engine::general_purpose::STANDARD
            .encode("Einladung: Stadtmeisterschaft Köln".as_bytes());
        assert!(
            text.contains(&format!("Subject: =?UTF-8?B?{encoded}?=\r\n")),
            "{text}"
        );
        assert!(
            text.contains("Date: Sat, 28 Nov 2026 18:00:00 +0000\r\n"),
            "{text}"
        );
        assert!(
            text.ends_with("\r\n\r\nHallo,\r\nbitte öffnen.\r\n"),
            "{text}"
        );
    }

    /// An address that would add a header or a recipient is refused.
    #[test]
    fn only_plain_addresses_pass() {
        assert!(is_plain_address("anna@example.org"));
        for bad in [
            "anna@example.org\r\nBcc: x@y",
            "a b@example.org",
            "<a@b>",
            "a@b,c@d",
            "anna",
            "@example.org",
        ] {
            assert!(!is_plain_address(bad), "{bad:?}");
        }
        assert!(Mailer::parse("", "a@b").is_err());
        assert!(Mailer::parse("/usr/sbin/sendmail -t", "no address").is_err());
        let mailer = Mailer::parse(" /usr/sbin/sendmail  -t -i ", "doko@example.org").unwrap();
        assert_eq!(mailer.program, "/usr/sbin/sendmail");
        assert_eq!(mailer.args, ["-t", "-i"]);
    }

    /// The command gets the whole message on its input; one that fails says so with what
    /// it wrote.
    #[test]
    fn the_command_takes_the_message_or_says_why_not() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("mail.txt");
        let script = dir.path().join("sendmail");
        std::fs::write(&script, format!("#!/bin/sh\ncat > {}\n", out.display())).unwrap();
        std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        let mail = Mail {
            to: "anna@example.org".into(),
            subject: "Hallo".into(),
            body: "Text".into(),
        };
        let mailer = Mailer::parse(&script.display().to_string(), "doko@example.org").unwrap();
        mailer.send(&mail, date()).unwrap();
        let sent = std::fs::read_to_string(&out).unwrap();
        assert_eq!(sent, compose("doko@example.org", &mail, date()));

        let failing = dir.path().join("failing");
        std::fs::write(
            &failing,
            "#!/bin/sh\ncat >/dev/null\necho 'no relay' >&2\nexit 75\n",
        )
        .unwrap();
        std::fs::set_permissions(
            &failing,
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        )
        .unwrap();
        let mailer = Mailer::parse(&failing.display().to_string(), "doko@example.org").unwrap();
        let error = mailer.send(&mail, date()).unwrap_err().to_string();
        assert!(
            error.contains("no relay") && error.contains("75"),
            "{error}"
        );
    }
}
