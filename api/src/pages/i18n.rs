//! The pages' language: German by default, English on request. The texts are JSON maps
//! compiled into the binary, one key per text, and the templates print `{{ t.key }}`:
//! `templates/i18n/{de,en}.json` for the public and the captain's pages, and one pair of
//! files per part of the organiser's desk in `templates/i18n/desk/` (a key may be in one
//! file only; a test checks it). A visitor switches with `?lang=en` (or `de`); the choice
//! is kept in a cookie so that the next page, and a form posted from this one, stay in it.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite, time::Duration};

/// The cookie that keeps a visitor's language.
pub const COOKIE: &str = "karlchen_lang";

/// A page's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// German, the default: the language of the TSR and the club hall.
    De,
    /// English.
    En,
}

/// The texts of one language, by key.
pub type Texts = BTreeMap<String, String>;

/// Every text file, German and English side by side.
const FILES: &[(&str, &str)] = &[
    (
        include_str!("../../../templates/i18n/de.json"),
        include_str!("../../../templates/i18n/en.json"),
    ),
    (
        include_str!("../../../templates/i18n/desk/desk.de.json"),
        include_str!("../../../templates/i18n/desk/desk.en.json"),
    ),
    (
        include_str!("../../../templates/i18n/desk/game.de.json"),
        include_str!("../../../templates/i18n/desk/game.en.json"),
    ),
    (
        include_str!("../../../templates/i18n/desk/monitor.de.json"),
        include_str!("../../../templates/i18n/desk/monitor.en.json"),
    ),
    (
        include_str!("../../../templates/i18n/desk/players.de.json"),
        include_str!("../../../templates/i18n/desk/players.en.json"),
    ),
    (
        include_str!("../../../templates/i18n/desk/rounds.de.json"),
        include_str!("../../../templates/i18n/desk/rounds.en.json"),
    ),
    (
        include_str!("../../../templates/i18n/desk/print.de.json"),
        include_str!("../../../templates/i18n/desk/print.en.json"),
    ),
    (
        include_str!("../../../templates/i18n/desk/seasons.de.json"),
        include_str!("../../../templates/i18n/desk/seasons.en.json"),
    ),
    (
        include_str!("../../../templates/i18n/desk/tournament.de.json"),
        include_str!("../../../templates/i18n/desk/tournament.en.json"),
    ),
    (
        include_str!("../../../templates/i18n/desk/webhooks.de.json"),
        include_str!("../../../templates/i18n/desk/webhooks.en.json"),
    ),
];

fn parse(json: &str) -> Texts {
    // The files are part of the binary and checked by the unit tests below; an unreadable
    // file would leave its labels empty rather than take the pages down.
    serde_json::from_str(json).unwrap_or_default()
}

fn merged(pick: fn(&(&'static str, &'static str)) -> &'static str) -> Texts {
    FILES.iter().flat_map(|f| parse(pick(f))).collect()
}

static DE: LazyLock<Texts> = LazyLock::new(|| merged(|f| f.0));
static EN: LazyLock<Texts> = LazyLock::new(|| merged(|f| f.1));

impl Lang {
    fn parse(code: &str) -> Option<Lang> {
        match code {
            "de" => Some(Lang::De),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language a request asks for: `?lang=` first, then the cookie, else German.
    /// The second value says whether the query chose it (the answer then sets the cookie).
    pub fn of(req: &HttpRequest) -> (Lang, bool) {
        if let Some(lang) = query_lang(req.query_string()).and_then(Lang::parse) {
            return (lang, true);
        }
        let cookie = req.cookie(COOKIE).and_then(|c| Lang::parse(c.value()));
        (cookie.unwrap_or(Lang::De), false)
    }

    /// The language's code, as `<html lang>` and the cookie write it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    /// The other language, which the switch offers.
    pub fn other(self) -> Lang {
        match self {
            Lang::De => Lang::En,
            Lang::En => Lang::De,
        }
    }

    /// The texts of this language.
    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::De => &DE,
            Lang::En => &EN,
        }
    }

    /// One text, or its key when it is missing (a test keeps that from shipping).
    pub fn text(self, key: &str) -> String {
        self.texts()
            .get(key)
            .cloned()
            .unwrap_or_else(|| key.to_owned())
    }

    /// The text of `key`, or `fallback` when there is none (a code the texts do not name
    /// yet is shown as it comes rather than as a key).
    pub fn text_or(self, key: &str, fallback: &str) -> String {
        self.texts()
            .get(key)
            .cloned()
            .unwrap_or_else(|| fallback.to_owned())
    }

    /// The cookie that keeps this language for a year.
    pub fn cookie(self) -> Cookie<'static> {
        Cookie::build(COOKIE, self.code())
            .path("/")
            .same_site(SameSite::Lax)
            .max_age(Duration::days(365))
            .finish()
    }
}

fn query_lang(query: &str) -> Option<&str> {
    query.split('&').find_map(|pair| pair.strip_prefix("lang="))
}

/// The address of the page in the other language: the same path and query, with `lang`
/// replaced.
pub fn switch_link(req: &HttpRequest, to: Lang) -> String {
    let mut query: Vec<&str> = req
        .query_string()
        .split('&')
        .filter(|pair| !pair.is_empty() && !pair.starts_with("lang="))
        .collect();
    let lang = format!("lang={}", to.code());
    query.push(&lang);
    format!("{}?{}", req.path(), query.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_every_key_and_no_empty_text() {
        assert!(!DE.is_empty(), "de.json parses");
        let de: Vec<&String> = DE.keys().collect();
        let en: Vec<&String> = EN.keys().collect();
        assert_eq!(de, en, "the same keys in de.json and en.json");
        for (lang, texts) in [("de", &*DE), ("en", &*EN)] {
            for (key, text) in texts {
                assert!(!text.trim().is_empty(), "{lang}: {key} is empty");
            }
        }
    }

    #[test]
    fn every_file_parses_and_no_key_is_in_two_files() {
        let mut seen = std::collections::BTreeSet::new();
        for (i, (de, en)) in FILES.iter().enumerate() {
            let (de, en) = (parse(de), parse(en));
            assert!(!de.is_empty() && !en.is_empty(), "file pair {i} parses");
            for key in de.keys() {
                assert!(seen.insert(key.clone()), "{key} is in two files");
            }
        }
    }

    #[test]
    fn every_key_a_template_uses_exists() {
        for &(name, source) in crate::templates::TEMPLATES {
            let mut rest: &str = source;
            while let Some(at) = rest.find("t.") {
                let before = rest[..at].chars().last();
                rest = &rest[at + 2..];
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                    continue;
                }
                let key: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !key.is_empty() {
                    assert!(
                        DE.contains_key(&key),
                        "{name} uses t.{key}, missing in de.json"
                    );
                }
            }
        }
    }

    #[test]
    fn the_switch_keeps_the_query_and_replaces_the_language() {
        let req = actix_web::test::TestRequest::get()
            .uri("/tournaments/3/standings?round=2&lang=de")
            .to_http_request();
        assert_eq!(
            switch_link(&req, Lang::En),
            "/tournaments/3/standings?round=2&lang=en"
        );
        assert_eq!(Lang::of(&req), (Lang::De, true));
        let plain = actix_web::test::TestRequest::get()
            .uri("/")
            .to_http_request();
        assert_eq!(Lang::of(&plain), (Lang::De, false));
        assert_eq!(switch_link(&plain, Lang::En), "/?lang=en");
    }
}
