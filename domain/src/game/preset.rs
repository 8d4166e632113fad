//! Named combinations of the house-rule switches ([`Preset`]): a club picks the one nearest
//! its table and adjusts single switches from there. A preset is only a starting point: the
//! tournament stores the switches, never the preset, and [`Preset::of`] names the preset a
//! ruleset still is (none once a switch was moved).
//!
//! Where a text describes several variants of one rule, each preset below says which it
//! takes and why.

use super::ruleset::{AnnouncementScoring, KarlchenRule, Ruleset, Schweinchen, SecondHeartTen};

/// A named set of switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// "DDV-Turnierregeln": the TSR, every switch off ([`Ruleset::DDV`]).
    Ddv,
    /// "Doppelkopf-Info Hausregeln": the rules of the info page
    /// (`house-rules-info-page.txt`) as it recommends them. The Queens always need 121 (VI)
    /// and a party without card points is schwarz (VII); Re and Kontra double the game, a
    /// failed Absage giving the winners every level claimed (IX, example 2); Re and Kontra
    /// value (IX, "Doubling Your Score"); the second ♥10 beats the first (advanced IX); both
    /// foxes in one hand may be announced as piglets before play ("the most popular ...
    /// the first rule is one that I would highly recommend"); Karlchen caught in the last
    /// trick counts for the catchers, and there the second ♣J beats the first (XI, "the
    /// best twist of all"); Poverty (XII, "this is a great rule"); five nines thrown in
    /// (XIII). The info page's solo scoring is "coming soon", so the soloist's factor stays
    /// the TSR's 3.
    InfoHouseRules,
    /// "Ohne Neunen": the TSR played with 40 cards, ten tricks.
    WithoutNines,
    /// "Familienabend": a relaxed evening. Re and Kontra double; solos are played on top of
    /// the planned normal games and nobody owes one (the online game's rules), so a round
    /// is never cut short by solos and nobody is forced into one; Poverty and five nines
    /// thrown in, so a hopeless hand is not played out.
    FamilyEvening,
}

impl Preset {
    /// Every preset, in the order a form offers them.
    pub const ALL: [Preset; 4] = [
        Preset::Ddv,
        Preset::InfoHouseRules,
        Preset::WithoutNines,
        Preset::FamilyEvening,
    ];

    /// The stable name on the wire and in forms.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Ddv => "ddv",
            Preset::InfoHouseRules => "info_house_rules",
            Preset::WithoutNines => "without_nines",
            Preset::FamilyEvening => "family_evening",
        }
    }

    /// The preset of a stable name.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The preset's switches.
    pub const fn ruleset(self) -> Ruleset {
        match self {
            Preset::Ddv => Ruleset::DDV,
            Preset::InfoHouseRules => Ruleset {
                announcements: AnnouncementScoring::Doubling,
                second_heart_ten: SecondHeartTen::Always,
                schweinchen: Schweinchen::Announced,
                karlchen: KarlchenRule::SecondBeatsFirst,
                armut: true,
                five_nines: true,
                queens_need_121: true,
                schwarz_by_card_points: true,
                failed_absage_all_levels: true,
                ..Ruleset::DDV
            },
            Preset::WithoutNines => Ruleset {
                without_nines: true,
                ..Ruleset::DDV
            },
            Preset::FamilyEvening => Ruleset {
                announcements: AnnouncementScoring::Doubling,
                armut: true,
                five_nines: true,
                solos_on_top: true,
                without_pflichtsolo: true,
                ..Ruleset::DDV
            },
        }
    }

    /// The preset `rules` are exactly, if any.
    pub fn of(rules: &Ruleset) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.ruleset() == *rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_playable_named_and_found_again() {
        for preset in Preset::ALL {
            let rules = preset.ruleset();
            assert_eq!(rules.validate(), Ok(()), "{preset:?}");
            assert_eq!(Preset::from_name(preset.name()), Some(preset));
            assert_eq!(Preset::of(&rules), Some(preset), "{preset:?}");
        }
        assert_eq!(Preset::from_name("house"), None);
        assert_eq!(Preset::of(&Ruleset::DDV), Some(Preset::Ddv));
        // One switch moved: no preset any more.
        let adjusted = Ruleset {
            bock_rounds: true,
            ..Preset::InfoHouseRules.ruleset()
        };
        assert_eq!(Preset::of(&adjusted), None);
    }

    /// The info page's preset scores its doubling example 1 as the page does, the TSR's
    /// preset as the TSR: Re says "Re" and "keine 90" and holds Kontra to 75 (Re 165, the
    /// brief's reading of the text's 135): 1 + 1 + 1 = 3 doubled by "Re" is 6 a seat under
    /// the info page; 1 + 1 + 2 + 1 = 5 under the TSR. The same deal without the nines is
    /// scored as the TSR scores it (the switch changes the tricks, not the values).
    #[test]
    fn the_presets_score_the_info_pages_example_one_each_their_way() {
        use crate::deal::{
            Announcements, CallLevel, Contract, DealFacts, PartyExtras, SeatSet, TableSize,
        };
        use crate::score::score_with;
        let facts = DealFacts {
            table_size: TableSize::Four,
            contract: Contract::Normal,
            re: SeatSet::from_seats(&[0, 1]).unwrap(),
            sitting_out: None,
            re_points: 165,
            re_tricks: 9,
            announcements: Announcements {
                re: CallLevel::No90,
                kontra: CallLevel::None,
            },
            extras: PartyExtras::default(),
            club_queens: None,
        };
        let value = |preset: Preset| score_with(&facts, &preset.ruleset()).unwrap().value;
        assert_eq!(value(Preset::InfoHouseRules), 6);
        assert_eq!(value(Preset::FamilyEvening), 6);
        assert_eq!(value(Preset::Ddv), 5);
        let ten_tricks = DealFacts {
            re_tricks: 8,
            ..facts
        };
        let without = score_with(&ten_tricks, &Preset::WithoutNines.ruleset()).unwrap();
        assert_eq!(without.value, 5);
    }
}
