//! Reading a desk form sent as `multipart/form-data` (a file with a few fields), each part
//! within its limit: reading stops at the first part over its limit, so an endless upload
//! is not read to its end, and a form with more parts than ours is refused.

use actix_multipart::Multipart;
use futures_util::StreamExt;

/// One part of the form.
pub(super) struct Part {
    /// The field's name.
    pub(super) name: String,
    /// Sent as a file (its part names a file name).
    pub(super) is_file: bool,
    /// What it holds.
    pub(super) bytes: Vec<u8>,
}

/// Why a form could not be read.
pub(super) enum Unread {
    /// A part was over its limit.
    TooLarge,
    /// Not a form of ours: broken, or more than `max_parts` parts.
    Malformed,
}

/// The form's parts in the order sent, the part named `name` read up to `limit(name)`
/// bytes, at most `max_parts` of them.
pub(super) async fn parts(
    mut form: Multipart,
    max_parts: usize,
    limit: impl Fn(&str) -> usize,
) -> Result<Vec<Part>, Unread> {
    let mut read = Vec::new();
    while let Some(part) = form.next().await {
        if read.len() == max_parts {
            return Err(Unread::Malformed);
        }
        let mut part = part.map_err(|_| Unread::Malformed)?;
        let name = part.name().unwrap_or_default().to_owned();
        let is_file = part
            .content_disposition()
            .is_some_and(|d| d.get_filename().is_some());
        let most = limit(&name);
        let mut bytes = Vec::new();
        while let Some(chunk) = part.next().await {
            let chunk = chunk.map_err(|_| Unread::Malformed)?;
            if bytes.len() + chunk.len() > most {
                return Err(Unread::TooLarge);
            }
            bytes.extend_from_slice(&chunk);
        }
        read.push(Part {
            name,
            is_file,
            bytes,
        });
    }
    Ok(read)
}

/// A small field's text.
pub(super) fn text(part: Part) -> Result<String, Unread> {
    String::from_utf8(part.bytes).map_err(|_| Unread::Malformed)
}
