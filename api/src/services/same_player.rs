//! When two registrations in one tournament are the same person: the same DDV number (the
//! DDV gives each member one), or, where either of them has none, the same name in the same
//! club (compared without case, with runs of spaces as one). A DDV number registered twice
//! is refused; a name registered twice is flagged for the organiser, who may know two
//! people of one name in one club, and registers both if so.
//!
//! Importing the same file twice, or a file holding a player the desk registered by hand,
//! is what this catches before it doubles the field.

use std::collections::HashMap;

use crate::db::models::PlayerRow;
use crate::error::FieldError;

/// One registration, as far as telling people apart goes.
#[derive(Debug, Clone, Copy)]
pub struct Registration<'a> {
    /// Name.
    pub name: &'a str,
    /// Club.
    pub club: Option<&'a str>,
    /// DDV number, checked.
    pub ddv_number: Option<&'a str>,
}

/// Who holds a registration: a stored player or an earlier line of the same file.
type Holder = String;

/// A name and a club as compared ([`folded`]).
type NameInClub = (String, String);

/// Those registered under one name in one club, each with his DDV number if he has one.
type Namesakes = Vec<(Option<String>, Holder)>;

/// The registrations seen so far: the tournament's players, then each new one as it is
/// checked.
#[derive(Debug, Default)]
pub struct Registered {
    by_ddv: HashMap<String, Holder>,
    by_name: HashMap<NameInClub, Namesakes>,
}

/// `text` as names are compared: without case, trimmed, runs of spaces as one.
fn folded(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl Registered {
    /// The players of a tournament, leaving out `except` (the player being changed).
    pub fn of(players: &[PlayerRow], except: Option<i64>) -> Registered {
        let mut registered = Registered::default();
        for p in players.iter().filter(|p| Some(p.id) != except) {
            registered.add(
                Registration {
                    name: &p.name,
                    club: p.club.as_deref(),
                    ddv_number: p.ddv_number.as_deref(),
                },
                format!("start number {} ({})", p.start_number, p.name),
            );
        }
        registered
    }

    /// The refusal of `new`'s DDV number if somebody holds it already (`field` names it).
    pub fn ddv_taken(&self, field: &str, new: Registration<'_>) -> Option<FieldError> {
        let number = new.ddv_number?;
        let holder = self.by_ddv.get(number)?;
        Some(FieldError::new(
            field,
            "taken",
            format!("DDV number {number} is registered already: {holder}"),
        ))
    }

    /// The flag on `new` (`field` names its name) if somebody of the same name and club is
    /// registered whom no DDV number tells apart from him.
    pub fn name_twice(&self, field: &str, new: Registration<'_>) -> Option<FieldError> {
        let key = (folded(new.name), folded(new.club.unwrap_or_default()));
        let holder = self.by_name.get(&key)?.iter().find_map(|(ddv, holder)| {
            let apart = matches!((ddv.as_deref(), new.ddv_number), (Some(a), Some(b)) if a != b);
            (!apart).then_some(holder)
        })?;
        Some(FieldError::new(
            field,
            "same_name_and_club",
            format!("the same name and club as {holder}"),
        ))
    }

    /// Counts `new`, held by `holder`, among the registrations.
    pub fn add(&mut self, new: Registration<'_>, holder: Holder) {
        if let Some(number) = new.ddv_number {
            self.by_ddv
                .entry(number.to_owned())
                .or_insert_with(|| holder.clone());
        }
        self.by_name
            .entry((folded(new.name), folded(new.club.unwrap_or_default())))
            .or_default()
            .push((new.ddv_number.map(str::to_owned), holder));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg<'a>(name: &'a str, club: Option<&'a str>, ddv: Option<&'a str>) -> Registration<'a> {
        Registration {
            name,
            club,
            ddv_number: ddv,
        }
    }

    #[test]
    fn a_ddv_number_is_one_person_and_a_name_in_a_club_is_flagged() {
        let mut seen = Registered::default();
        seen.add(
            reg("Max Müller", Some("DK Köln"), Some("4711")),
            "line 2".into(),
        );
        seen.add(reg("Erika Mustermann", None, None), "line 3".into());

        // The same DDV number under another name: refused, naming who holds it.
        let taken = seen
            .ddv_taken("line 4: ddv_number", reg("M. Müller", None, Some("4711")))
            .expect("refused");
        assert_eq!(
            (taken.field.as_str(), taken.code.as_str()),
            ("line 4: ddv_number", "taken")
        );
        assert!(taken.message.contains("line 2"), "{}", taken.message);
        assert!(
            seen.ddv_taken("f", reg("Max Müller", None, Some("4712")))
                .is_none()
        );

        // The same name and club, spelt with other case and spaces: flagged.
        let twice = seen
            .name_twice("line 5: name", reg(" max  MÜLLER ", Some("dk köln"), None))
            .expect("flagged");
        assert_eq!(twice.code, "same_name_and_club");
        // Another club, or two different DDV numbers: two people.
        assert!(
            seen.name_twice("f", reg("Max Müller", Some("Pik-As"), None))
                .is_none()
        );
        assert!(
            seen.name_twice("f", reg("Max Müller", Some("DK Köln"), Some("4712")))
                .is_none()
        );
        // No club on either side is the same club.
        assert!(
            seen.name_twice("f", reg("Erika Mustermann", None, Some("1")))
                .is_some()
        );
    }
}
