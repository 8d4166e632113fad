//! Words from what people typed (a tournament's name) made fit for a download's file name:
//! every browser and file system takes them, and a `Content-Disposition` header needs no
//! escaping.

/// The most characters [`words`] gives: a long name still leaves a readable file name.
const MOST: usize = 60;

/// `text` in lower-case ASCII letters and digits joined by single hyphens: German letters
/// written out (ä → ae, ß → ss), every other character a separator; `tournament` when
/// nothing is left.
pub fn words(text: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        let mut ascii = [0; 4];
        let spelled: &str = match c {
            'ä' => "ae",
            'ö' => "oe",
            'ü' => "ue",
            'ß' => "ss",
            c if c.is_ascii_alphanumeric() => c.encode_utf8(&mut ascii),
            _ => {
                gap = true;
                continue;
            }
        };
        if gap && !out.is_empty() {
            out.push('-');
        }
        gap = false;
        out.push_str(spelled);
    }
    if out.len() > MOST {
        out.truncate(MOST);
        out.truncate(out.trim_end_matches('-').len());
    }
    if out.is_empty() {
        "tournament".to_owned()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn names_become_ascii_words() {
        assert_eq!(words("Karlchen-Cup 2026"), "karlchen-cup-2026");
        assert_eq!(
            words("  Großer Preis von Köln / Süd!  "),
            "grosser-preis-von-koeln-sued"
        );
        assert_eq!(words("Ärger"), "aerger");
        assert_eq!(words("«»"), "tournament");
        assert_eq!(words("Турнир 7"), "7");
        let long = words(&"Doppelkopf ".repeat(20));
        assert!(long.len() <= 60 && !long.ends_with('-'), "{long}");
    }
}
