//! The wire vocabulary of a replay: the calls (TSR 6) and the events `"seat:CARD"` and
//! `"seat:call"`, with their parsing and display.

use std::fmt;
use std::str::FromStr;

use crate::cards::{Card, ParseCardError};
use crate::deal::{CallLevel, Party, Seat};

/// A call (TSR 6): the Ansage of one's party or an Absage for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallKind {
    /// "Re": the Ansage of the Re party.
    Re,
    /// "Kontra": the Ansage of the Kontra party.
    Kontra,
    /// "keine 90" for the caller's party.
    No90,
    /// "keine 60" for the caller's party.
    No60,
    /// "keine 30" for the caller's party.
    No30,
    /// "schwarz" for the caller's party.
    Schwarz,
}

impl CallKind {
    /// Every call, lowest level first.
    pub const ALL: [CallKind; 6] = [
        CallKind::Re,
        CallKind::Kontra,
        CallKind::No90,
        CallKind::No60,
        CallKind::No30,
        CallKind::Schwarz,
    ];

    /// The wire name: `re`, `kontra`, `no90`, `no60`, `no30`, `schwarz`.
    pub const fn as_str(self) -> &'static str {
        match self {
            CallKind::Re => "re",
            CallKind::Kontra => "kontra",
            CallKind::No90 => "no90",
            CallKind::No60 => "no60",
            CallKind::No30 => "no30",
            CallKind::Schwarz => "schwarz",
        }
    }

    /// The level the call brings its party to.
    pub const fn level(self) -> CallLevel {
        match self {
            CallKind::Re | CallKind::Kontra => CallLevel::Ansage,
            CallKind::No90 => CallLevel::No90,
            CallKind::No60 => CallLevel::No60,
            CallKind::No30 => CallLevel::No30,
            CallKind::Schwarz => CallLevel::Schwarz,
        }
    }

    /// The call that raises `party` to `level`: the Ansage is named after the party, the
    /// Absagen are not. `None` for [`CallLevel::None`].
    pub const fn for_level(party: Party, level: CallLevel) -> Option<CallKind> {
        match (level, party) {
            (CallLevel::None, _) => None,
            (CallLevel::Ansage, Party::Re) => Some(CallKind::Re),
            (CallLevel::Ansage, Party::Kontra) => Some(CallKind::Kontra),
            (CallLevel::No90, _) => Some(CallKind::No90),
            (CallLevel::No60, _) => Some(CallKind::No60),
            (CallLevel::No30, _) => Some(CallKind::No30),
            (CallLevel::Schwarz, _) => Some(CallKind::Schwarz),
        }
    }
}

impl fmt::Display for CallKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A call name that is not one of [`CallKind::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown call {0:?} (expected re, kontra, no90, no60, no30 or schwarz)")]
pub struct UnknownCall(pub String);

impl FromStr for CallKind {
    type Err = UnknownCall;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CallKind::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| UnknownCall(s.to_owned()))
    }
}

/// A house-rule announcement that is no call of TSR 6: it changes the play, not the
/// game value's calls. Only a [`Ruleset`](crate::game::Ruleset) that plays the rule
/// accepts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Announcement {
    /// "Schweinchen" (house rule X): the seat holds both ♦A, which become the highest
    /// trumps. Wire name `schweinchen`.
    Schweinchen,
    /// "Armut" (house rule XII): the seat holds three trumps or fewer and hands them to a
    /// partner who accepts. Wire name `armut`.
    Armut,
    /// The seat accepts the Armut and becomes the poor player's partner (the two are Re).
    /// Wire name `accept_armut`.
    AcceptArmut,
    /// "Half a chicken" (Wikipedia): the seat was dealt both ♦10. Scores nothing. Wire
    /// name `half_chicken`.
    HalfChicken,
    /// The wedding player names the first trump trick as the one that finds his partner
    /// (Wikipedia's variant). Wire name `wedding_trump`.
    WeddingTrump,
    /// The wedding player names the first non-trump trick. Wire name `wedding_plain`.
    WeddingPlain,
    /// Super piglets (Wikipedia): after Schweinchen, the holder of both ♦9 makes them the
    /// highest trumps. Wire name `super_schweinchen`.
    SuperSchweinchen,
}

impl Announcement {
    /// Every announcement.
    pub const ALL: [Announcement; 7] = [
        Announcement::Schweinchen,
        Announcement::Armut,
        Announcement::AcceptArmut,
        Announcement::HalfChicken,
        Announcement::WeddingTrump,
        Announcement::WeddingPlain,
        Announcement::SuperSchweinchen,
    ];

    /// The wire name: `schweinchen`, `armut`, `accept_armut`, `half_chicken`,
    /// `wedding_trump`, `wedding_plain`, `super_schweinchen`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Announcement::Schweinchen => "schweinchen",
            Announcement::Armut => "armut",
            Announcement::AcceptArmut => "accept_armut",
            Announcement::HalfChicken => "half_chicken",
            Announcement::WeddingTrump => "wedding_trump",
            Announcement::WeddingPlain => "wedding_plain",
            Announcement::SuperSchweinchen => "super_schweinchen",
        }
    }
}

impl fmt::Display for Announcement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Announcement {
    type Err = UnknownCall;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Announcement::ALL
            .into_iter()
            .find(|a| a.as_str() == s)
            .ok_or_else(|| UnknownCall(s.to_owned()))
    }
}

/// One thing that happened at the table, in the order it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// `seat` put `card` on the table. Wire form `"0:CA"`.
    Play {
        /// The seat that played.
        seat: Seat,
        /// The card played.
        card: Card,
    },
    /// `seat` made a call. Wire form `"1:re"`.
    Call {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
    },
    /// `seat` made a house-rule announcement. Wire form `"2:schweinchen"`.
    Announce {
        /// The seat that announced.
        seat: Seat,
        /// What it announced.
        announcement: Announcement,
    },
    /// In an Armut's exchange, `seat` handed `card` to its partner (the poor player his
    /// trumps, the partner as many cards back). Wire form `"0>DQ"`.
    Give {
        /// The seat that gave the card.
        seat: Seat,
        /// The card.
        card: Card,
    },
}

impl Event {
    /// The seat that acted.
    pub const fn seat(&self) -> Seat {
        match *self {
            Event::Play { seat, .. }
            | Event::Call { seat, .. }
            | Event::Announce { seat, .. }
            | Event::Give { seat, .. } => seat,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Play { seat, card } => write!(f, "{seat}:{card}"),
            Event::Call { seat, call } => write!(f, "{seat}:{call}"),
            Event::Announce { seat, announcement } => write!(f, "{seat}:{announcement}"),
            Event::Give { seat, card } => write!(f, "{seat}>{card}"),
        }
    }
}

/// Why a string is not an event in wire form (`"seat:CARD"` or `"seat:call"`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseEventError {
    /// No `:` between seat and action.
    #[error("an event is seat:card or seat:call, got {input:?}")]
    Shape {
        /// The string given.
        input: String,
    },
    /// The part before `:` is not a seat number.
    #[error("{seat:?} is not a seat number")]
    Seat {
        /// The text given as seat.
        seat: String,
    },
    /// The part after `:` is neither a card nor a call.
    #[error(
        "{action:?} is neither a card (e.g. HT) nor a call (re, kontra, no90, no60, no30, schwarz)"
    )]
    Action {
        /// The text given as action.
        action: String,
        /// Why it is not a card, for callers that expected one.
        card: ParseCardError,
    },
}

impl FromStr for Event {
    type Err = ParseEventError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some((seat, card)) = s.split_once('>') {
            let seat: Seat = seat.parse().map_err(|_| ParseEventError::Seat {
                seat: seat.to_owned(),
            })?;
            return match card.parse::<Card>() {
                Ok(card) => Ok(Event::Give { seat, card }),
                Err(e) => Err(ParseEventError::Action {
                    action: card.to_owned(),
                    card: e,
                }),
            };
        }
        let Some((seat, action)) = s.split_once(':') else {
            return Err(ParseEventError::Shape {
                input: s.to_owned(),
            });
        };
        let seat: Seat = seat.parse().map_err(|_| ParseEventError::Seat {
            seat: seat.to_owned(),
        })?;
        match action.parse::<Card>() {
            Ok(card) => Ok(Event::Play { seat, card }),
            Err(card) => match action.parse::<CallKind>() {
                Ok(call) => Ok(Event::Call { seat, call }),
                Err(_) => match action.parse::<Announcement>() {
                    Ok(announcement) => Ok(Event::Announce { seat, announcement }),
                    Err(_) => Err(ParseEventError::Action {
                        action: action.to_owned(),
                        card,
                    }),
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use CallKind::{Kontra, Re};

    #[test]
    fn wire_forms_round_trip() {
        for s in [
            "0:CA",
            "3:HT",
            "1:re",
            "2:kontra",
            "0:no90",
            "1:no60",
            "2:no30",
            "3:schwarz",
        ] {
            let event: Event = s.parse().unwrap();
            assert_eq!(event.to_string(), s);
        }
        assert_eq!(
            "1:re".parse::<Event>(),
            Ok(Event::Call { seat: 1, call: Re })
        );
        assert!(matches!(
            "1re".parse::<Event>(),
            Err(ParseEventError::Shape { .. })
        ));
        assert!(matches!(
            "x:re".parse::<Event>(),
            Err(ParseEventError::Seat { .. })
        ));
        assert!(matches!(
            "1:RE".parse::<Event>(),
            Err(ParseEventError::Action { .. })
        ));
        assert_eq!(
            "armut".parse::<CallKind>(),
            Err(UnknownCall("armut".into()))
        );
        assert_eq!(
            "2:schweinchen".parse::<Event>(),
            Ok(Event::Announce {
                seat: 2,
                announcement: Announcement::Schweinchen
            })
        );
        assert_eq!(
            Event::Announce {
                seat: 2,
                announcement: Announcement::Schweinchen
            }
            .to_string(),
            "2:schweinchen"
        );
        assert_eq!(
            "0>DQ".parse::<Event>(),
            Ok(Event::Give {
                seat: 0,
                card: "DQ".parse().unwrap()
            })
        );
        for s in ["0>DQ", "1:armut", "2:accept_armut"] {
            assert_eq!(s.parse::<Event>().unwrap().to_string(), s);
        }
        assert!(matches!(
            "0>re".parse::<Event>(),
            Err(ParseEventError::Action { .. })
        ));
        assert!(matches!(
            "x>DQ".parse::<Event>(),
            Err(ParseEventError::Seat { .. })
        ));
        for call in CallKind::ALL {
            let party = if call == Kontra {
                Party::Kontra
            } else {
                Party::Re
            };
            assert_eq!(CallKind::for_level(party, call.level()), Some(call));
        }
    }
}
