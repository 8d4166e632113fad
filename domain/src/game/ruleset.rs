//! Doppelkopf's rules: the DDV's tournament rules (TSR) by default, or a club's house rules
//! as named switches.
//!
//! Each switch of [`Ruleset`] names one house rule of the rule texts
//! (`house-rules-info-page.txt`, `online-game-guide.md`); [`Ruleset::DDV`] has every switch
//! at the TSR's value, so a tournament that names no rules scores exactly as before.

/// How a won or lost Re or Kontra counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnnouncementScoring {
    /// TSR 7.2.2 b: each Re or Kontra said adds 2 points for the winner.
    Adding,
    /// Many home rounds: a Re or Kontra doubles the game value (both said: four times), each
    /// Absage adding one point before the doubling (house rules IX, worked examples 6 and 8).
    Doubling,
}

/// Which ♥10 (Dulle) wins when both fall in one trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SecondHeartTen {
    /// TSR 5.1: the first of two equal cards wins.
    Off,
    /// The second ♥10 beats the first in every trick (house rules IX: "the second 10 of
    /// Hearts overrules the first"; Wikipedia, Dullen).
    Always,
    /// The second ♥10 beats the first in every trick but the last, where the first wins
    /// (Wikipedia, Dullen: "In some variants, this is true for all but the last trick,
    /// where the first 10 of hearts is considered higher").
    ExceptLastTrick,
    /// The second ♥10 beats the first only in the last trick. No rule text names it; it
    /// was this switch's only last-trick reading before the text's variant above, so a
    /// club that chose it keeps it. Stored and sent as `only_last_trick`; the old name
    /// `last_trick` is still read as this.
    OnlyLastTrick,
}

/// When both ♦ aces in one hand become the highest trumps (Schweinchen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Schweinchen {
    /// TSR: not played; the ♦ aces are foxes.
    Off,
    /// Announced before play, like a wedding: from the first trick on.
    Announced,
    /// Announced when the first of them is played: from that card on.
    WhenPlayed,
}

/// What the ♣J (Karlchen) does in the last trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KarlchenRule {
    /// TSR 7.2.3: Karlchen winning the last trick scores a point for his party.
    Ddv,
    /// As the DDV, and a Karlchen caught by the other party in the last trick gives that
    /// party a point.
    Caught,
    /// As `Caught`, and in the last trick the second ♣J beats the first (the only way to
    /// catch Karlchen then).
    SecondBeatsFirst,
    /// "Lizzie Miller" (Wikipedia, Charlie Miller: "only if the queen of diamonds catches
    /// the opponent's jack of clubs in the last trick one point is scored. A Charlie lost
    /// to another higher trump is not scored"): as the DDV, and a ♣J of the other party
    /// caught by a ♦Q that wins the last trick gives a point. **Reading:** the ♦Q must win
    /// the trick (a ♦Q beaten by a higher trump caught nothing); the ordinary Karlchen
    /// point for winning the last trick with the ♣J stays, as the text's variants build on it.
    LizzieMiller,
}

impl AnnouncementScoring {
    /// The stable name on the wire and in stored rows.
    pub const fn as_str(self) -> &'static str {
        match self {
            AnnouncementScoring::Adding => "adding",
            AnnouncementScoring::Doubling => "doubling",
        }
    }

    /// The value of a stable name.
    pub fn from_name(name: &str) -> Option<AnnouncementScoring> {
        match name {
            "adding" => Some(AnnouncementScoring::Adding),
            "doubling" => Some(AnnouncementScoring::Doubling),
            _ => None,
        }
    }
}

impl SecondHeartTen {
    /// The stable name on the wire and in stored rows.
    pub const fn as_str(self) -> &'static str {
        match self {
            SecondHeartTen::Off => "off",
            SecondHeartTen::Always => "always",
            SecondHeartTen::ExceptLastTrick => "except_last_trick",
            SecondHeartTen::OnlyLastTrick => "only_last_trick",
        }
    }

    /// Every value, in the order a form offers them.
    pub const ALL: [SecondHeartTen; 4] = [
        SecondHeartTen::Off,
        SecondHeartTen::Always,
        SecondHeartTen::ExceptLastTrick,
        SecondHeartTen::OnlyLastTrick,
    ];

    /// The value of a stable name; `last_trick`, the old name of
    /// [`SecondHeartTen::OnlyLastTrick`], is read for tournaments stored with it.
    pub fn from_name(name: &str) -> Option<SecondHeartTen> {
        match name {
            "last_trick" => Some(SecondHeartTen::OnlyLastTrick),
            _ => SecondHeartTen::ALL.into_iter().find(|v| v.as_str() == name),
        }
    }
}

impl Schweinchen {
    /// The stable name on the wire and in stored rows.
    pub const fn as_str(self) -> &'static str {
        match self {
            Schweinchen::Off => "off",
            Schweinchen::Announced => "announced",
            Schweinchen::WhenPlayed => "when_played",
        }
    }

    /// The value of a stable name.
    pub fn from_name(name: &str) -> Option<Schweinchen> {
        match name {
            "off" => Some(Schweinchen::Off),
            "announced" => Some(Schweinchen::Announced),
            "when_played" => Some(Schweinchen::WhenPlayed),
            _ => None,
        }
    }
}

impl KarlchenRule {
    /// The stable name on the wire and in stored rows.
    pub const fn as_str(self) -> &'static str {
        match self {
            KarlchenRule::Ddv => "ddv",
            KarlchenRule::Caught => "caught",
            KarlchenRule::SecondBeatsFirst => "second_beats_first",
            KarlchenRule::LizzieMiller => "lizzie_miller",
        }
    }

    /// Every value, in the order a form offers them.
    pub const ALL: [KarlchenRule; 4] = [
        KarlchenRule::Ddv,
        KarlchenRule::Caught,
        KarlchenRule::SecondBeatsFirst,
        KarlchenRule::LizzieMiller,
    ];

    /// The value of a stable name.
    pub fn from_name(name: &str) -> Option<KarlchenRule> {
        KarlchenRule::ALL.into_iter().find(|v| v.as_str() == name)
    }
}

/// Why the cards may be thrown in and dealt again by the same dealer (a deal thrown in,
/// recorded on the sheet without its reason).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ThrowIn {
    /// Five or more nines in a hand (house rules XIII).
    FiveNines,
    /// Five or more kings in a hand (Wikipedia, Five nines).
    FiveKings,
    /// A declared Armut nobody takes (Wikipedia, Armut).
    UntakenArmut,
}

impl ThrowIn {
    /// Every reason, in the order a page names them.
    pub const ALL: [ThrowIn; 3] = [
        ThrowIn::FiveNines,
        ThrowIn::FiveKings,
        ThrowIn::UntakenArmut,
    ];

    /// The stable name, for the pages' words.
    pub const fn as_str(self) -> &'static str {
        match self {
            ThrowIn::FiveNines => "five_nines",
            ThrowIn::FiveKings => "five_kings",
            ThrowIn::UntakenArmut => "untaken_armut",
        }
    }
}

/// A Doppelkopf ruleset: the TSR with a club's house rules switched on.
///
/// Every field is one documented switch; [`Ruleset::DDV`] is the TSR.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// How Re and Kontra count.
    pub announcements: AnnouncementScoring,
    /// Whether the second ♥10 beats the first.
    pub second_heart_ten: SecondHeartTen,
    /// Whether both ♦ aces in one hand become the highest trumps.
    pub schweinchen: Schweinchen,
    /// What Karlchen does in the last trick.
    pub karlchen: KarlchenRule,
    /// Armut: a player with three trumps or fewer may hand them to a partner who accepts.
    pub armut: bool,
    /// A hand with five or more nines may be thrown in: the deal is redealt and not counted.
    pub five_nines: bool,
    /// A hand with five or more kings may be thrown in as well (Wikipedia, Five nines: "Some
    /// groups that follow this rule also use a similar rule for hands with five or more
    /// kings"). Independent of [`Ruleset::five_nines`], so a club may throw in either or
    /// both, and it is played without the nines too; the sheet records a deal thrown in
    /// the same way whatever the hand held.
    pub five_kings: bool,
    /// Bock rounds: after a deal that ends 120:120 or a lost Re/Kontra, the next round of
    /// deals (one per seat) counts double; several may stack.
    pub bock_rounds: bool,
    /// Played without the nines: 40 cards, ten tricks.
    pub without_nines: bool,
    /// The online game's rule: a round is its planned number of normal games; solos are
    /// played on top and do not count toward it.
    pub solos_on_top: bool,
    /// The soloist's factor (TSR 7.2.4: 3, so that a deal sums to zero); the other three
    /// always score the plain value.
    pub solo_multiplier: u8,
    /// The info page's reading of the winning line: "the players with the Queens of Clubs
    /// need 121 to win the round" (VI), also when only Kontra was said, where the TSR
    /// reverses the split (Re wins with 120, TSR 7.1.1 no. 4). Off: the TSR.
    pub queens_need_121: bool,
    /// The info page's reading of the schwarz point: "They have no card points" (VII), where
    /// the TSR counts a party schwarz when it took no trick (TSR 7.2.2 a); a trick of four
    /// nines holds no card points. Also the "schwarz" Absage is kept by that measure, and
    /// under doubling it is beaten by a card point instead of a trick. Off: the TSR.
    pub schwarz_by_card_points: bool,
    /// Nobody owes a Pflichtsolo (TSR 4.2.4 off): every declared solo is a Lustsolo and
    /// nobody is vorgeführt, as in the online game ("solos do not count", no compulsory
    /// solo). With solos on top it is the casual evening the online game is. Off: the TSR.
    pub without_pflichtsolo: bool,
    /// Under doubling, the info page's reading of a failed Absage (IX, example 2: the other
    /// team "gets all the points the Re team would have gotten plus an additional point"),
    /// read for every call: the winners get a point for every level the losers claimed,
    /// kept or not, where the default gives one only for each level they beat (90 reached
    /// against "keine 90", …). The page's "additional point" is the one for beating the
    /// Queens (gegen die Alten), which Kontra gets for any win in a normal game; Re
    /// beating Kontra's failed claims gets their levels and calls, nothing more. Needs
    /// [`AnnouncementScoring::Doubling`].
    pub failed_absage_all_levels: bool,
    /// The info page's deadlines for the calls (IX: "Re ... Done before 5th card is on
    /// table", "Contra ... usually also before 5th card", "No 90 ... before 9th card ...
    /// and only if your team has already stated Re or Contra", "No 60 ... before 13th",
    /// "No 30 ... before 17th", "Black ... before 21st"): counted in cards on the table,
    /// each call only after the one below it, and no reply extension; they replace the
    /// TSR's (cards in the caller's hand, TSR 6). **Reading:** after a wedding every limit
    /// moves by four cards per trick the partner was found after the first, as the TSR
    /// moves its deadlines by a card (TSR 4.4.4). Only the replay checks deadlines.
    pub info_call_deadlines: bool,
    /// Wikipedia's forced announcement (Pflichtansage): "If a player collects 30 points or
    /// more in the first trick (not counting the tricks needed to determine the partners
    /// after a wedding has been announced), they have to announce either Re or Kontra".
    /// **Reading:** his party's Ansage is enough (his partner's Re counts, since nobody can
    /// say it twice), and he may make it right after that trick, before the next card,
    /// even where a deadline has passed (after a wedding it has). The text's further call
    /// is [`Ruleset::forced_announcement_raises`]. Only the replay checks it.
    pub forced_announcement: bool,
    /// Wikipedia, forced announcement: "Some players even insist that a further
    /// announcement (i.e. 90) be made if the announcement in question has been made
    /// already". **Reading:** when his party has its Ansage by the end of that trick, he
    /// owes the next level instead (keine 90 after Re, keine 60 after keine 90, …; nothing
    /// once schwarz is said, nor after a late reply, which allows no Absage, TSR 6.4.4), on
    /// the same terms. Needs [`Ruleset::forced_announcement`].
    pub forced_announcement_raises: bool,
    /// Wikipedia, piglets: "It may be played that a piglet forces the player to an
    /// announcement of Kontra or Re". The Schweinchen holder's party must have its Ansage;
    /// he may make it right after announcing Schweinchen, before the next card, whatever
    /// the deadline. Only the replay checks it.
    pub schweinchen_forces_call: bool,
    /// Wikipedia, half a chicken: "a player may announce 'half a chicken' upon being dealt
    /// both tens of diamonds. This bid does nothing". The replay takes the announcement
    /// (`half_chicken`) from the holder of both ♦10 before the first card; it scores
    /// nothing. Off: the TSR, where it is no event at all.
    pub half_a_chicken: bool,
    /// Wikipedia's Armut: the partner takes the poor player's cards and returns "any three
    /// cards". **Reading:** so that both keep twelve cards, the poor player hands over
    /// three: all his trumps and plain cards to make three, and gets three back; off, the
    /// info page's reading (XII: his trumps, "then gives the same number back").
    pub armut_three_cards: bool,
    /// Wikipedia, Wedding: "Some variants allow the Wedding (Hochzeit) player to announce
    /// which kind of trick must be taken, i.e. the first trump trick or the first non-trump
    /// trick", a trick being a non-trump trick when its first card is no trump; if none of
    /// the first three tricks meets it or each is won by the wedding player, he plays the
    /// diamond solo. The replay takes `wedding_trump` or `wedding_plain` from the wedding
    /// player before the first card; without it the first trick won by another finds the
    /// partner, as in the TSR.
    pub wedding_names_trick: bool,
    /// Wikipedia, super piglets: "When one player has announced piglets and a player has
    /// both nines of diamonds on their hand, the player with the nines of diamonds may
    /// announce super piglets. That means, those nines of diamonds become the highest
    /// trumps in play". The replay takes `super_schweinchen` from the holder of both ♦9
    /// once Schweinchen is announced, while both are still in his hand (before play where
    /// Schweinchen is announced before play). Needs Schweinchen.
    pub super_schweinchen: bool,
    /// Wikipedia, piglets: "In some variants, only the first played fox becomes a piglet at
    /// the top of the trump suit while the second one still ranks low". Once the first ♦A
    /// of the Schweinchen holder is played, that trick is won by it and the second ranks as
    /// an ordinary ♦A again. **Reading:** the second is a fox again, a point for the other
    /// party if it catches it (the first, winning its trick, never is). Needs Schweinchen;
    /// not with super piglets, which outrank "the piglets" as a pair.
    pub first_fox_piglet: bool,
    /// Wikipedia, Fox: "Losing an Ace of Diamonds to the opposing team in the last trick of
    /// the game may lead to two extra points (instead of one) counted against the team
    /// losing the fox". The entry says how many of the foxes were caught in the last
    /// trick ([`Extras::fox_last_trick`]); each is a point more.
    ///
    /// [`Extras::fox_last_trick`]: crate::deal::Extras::fox_last_trick
    pub fox_last_trick_two: bool,
    /// The info page, IX: "many groups play with a rule where capturing a 10 of Hearts
    /// brings their team an extra point at the end of the hand". A point for each ♥10 of
    /// the other party a party wins in a normal game ([`Extras::heart_ten`]), as a fox is.
    ///
    /// [`Extras::heart_ten`]: crate::deal::Extras::heart_ten
    pub heart_ten_point: bool,
    /// The info page's "Beating the Queens" (IX, example 2) read under Armut: the point
    /// "gegen die Alten" goes only to a party that beats the holders of both ♣Q, as the
    /// exchange left them ([`DealFacts::club_queens`]); with the queens split nobody gets
    /// it. **Reading:** also the Armut pair, when it beats the other two holding both.
    /// Off, Kontra gets it for any win, as in every normal game. Needs Armut.
    ///
    /// [`DealFacts::club_queens`]: crate::deal::DealFacts::club_queens
    pub armut_alten_by_queens: bool,
}

impl Ruleset {
    /// The DDV's tournament rules (TSR), every switch off.
    pub const DDV: Ruleset = Ruleset {
        announcements: AnnouncementScoring::Adding,
        second_heart_ten: SecondHeartTen::Off,
        schweinchen: Schweinchen::Off,
        karlchen: KarlchenRule::Ddv,
        armut: false,
        five_nines: false,
        five_kings: false,
        bock_rounds: false,
        without_nines: false,
        solos_on_top: false,
        solo_multiplier: 3,
        queens_need_121: false,
        schwarz_by_card_points: false,
        without_pflichtsolo: false,
        failed_absage_all_levels: false,
        info_call_deadlines: false,
        forced_announcement: false,
        schweinchen_forces_call: false,
        half_a_chicken: false,
        armut_three_cards: false,
        wedding_names_trick: false,
        super_schweinchen: false,
        forced_announcement_raises: false,
        first_fox_piglet: false,
        fox_last_trick_two: false,
        heart_ten_point: false,
        armut_alten_by_queens: false,
    };

    /// Whether this is exactly the TSR.
    pub fn is_ddv(&self) -> bool {
        *self == Ruleset::DDV
    }

    /// Tricks in a deal: 12, or 10 without the nines.
    pub const fn tricks(&self) -> u8 {
        if self.without_nines { 10 } else { 12 }
    }

    /// Whether a caught Karlchen is an extra (house rules XI and Wikipedia's Lizzie Miller:
    /// every variant other than the DDV's), so that an entry form asks for it.
    pub const fn counts_caught_karlchen(&self) -> bool {
        !matches!(self.karlchen, KarlchenRule::Ddv)
    }

    /// The soloist's factor as a signed number, for the arithmetic of the entries.
    pub const fn soloist_factor(&self) -> i32 {
        self.solo_multiplier as i32
    }

    /// Whether a deal thrown in goes on the sheet (the same dealer deals again): with five
    /// nines or five kings in a hand (house rules XIII; Wikipedia), or a declared Armut
    /// nobody takes (Wikipedia, Armut: "if nobody wishes to partner then the hand is
    /// redealt by the same dealer", so also without the five-nines rule).
    pub const fn takes_throw_ins(&self) -> bool {
        self.five_nines || self.five_kings || self.armut
    }

    /// The reasons these rules throw a deal in, in [`ThrowIn::ALL`]'s order; none under the
    /// TSR.
    pub fn throw_ins(&self) -> impl Iterator<Item = ThrowIn> + '_ {
        ThrowIn::ALL.into_iter().filter(|reason| match reason {
            ThrowIn::FiveNines => self.five_nines,
            ThrowIn::FiveKings => self.five_kings,
            ThrowIn::UntakenArmut => self.armut,
        })
    }

    /// Whether the sheet's order of play differs from the TSR's: a thrown-in deal may be
    /// recorded, or solos do not count toward the planned deals. Bock rounds change only
    /// the entries, not the order of play.
    pub const fn changes_order_of_play(&self) -> bool {
        self.takes_throw_ins() || self.solos_on_top || self.without_pflichtsolo
    }

    /// Checks that the switches describe a game that can be played and scored: the
    /// soloist's factor within [`SOLO_MULTIPLIERS`] (0 would make a solo worth nothing to
    /// its player, and a large one would dwarf every normal game of the round), and no
    /// five-nines rule in a deck without nines, where no hand can hold a nine.
    ///
    /// The scorer never panics on an unchecked ruleset (its arithmetic saturates); the
    /// check is for the organiser who sets the rules, before any deal is scored with them.
    pub const fn validate(&self) -> Result<(), RulesetError> {
        if self.solo_multiplier < *SOLO_MULTIPLIERS.start()
            || self.solo_multiplier > *SOLO_MULTIPLIERS.end()
        {
            return Err(RulesetError::SoloMultiplierOutOfRange {
                multiplier: self.solo_multiplier,
                min: *SOLO_MULTIPLIERS.start(),
                max: *SOLO_MULTIPLIERS.end(),
            });
        }
        if self.five_nines && self.without_nines {
            return Err(RulesetError::FiveNinesWithoutNines);
        }
        if self.failed_absage_all_levels
            && !matches!(self.announcements, AnnouncementScoring::Doubling)
        {
            return Err(RulesetError::FailedAbsageWithoutDoubling);
        }
        if self.armut_three_cards && !self.armut {
            return Err(RulesetError::ArmutThreeCardsWithoutArmut);
        }
        if self.armut_alten_by_queens && !self.armut {
            return Err(RulesetError::ArmutAltenWithoutArmut);
        }
        if matches!(self.schweinchen, Schweinchen::Off) {
            if self.schweinchen_forces_call {
                return Err(RulesetError::ForcedCallWithoutSchweinchen);
            }
            if self.super_schweinchen {
                return Err(RulesetError::SuperSchweinchenWithoutSchweinchen);
            }
            if self.first_fox_piglet {
                return Err(RulesetError::FirstFoxPigletWithoutSchweinchen);
            }
        }
        if self.first_fox_piglet && self.super_schweinchen {
            return Err(RulesetError::FirstFoxPigletWithSuperSchweinchen);
        }
        if self.forced_announcement_raises && !self.forced_announcement {
            return Err(RulesetError::ForcedRaiseWithoutForcedAnnouncement);
        }
        Ok(())
    }
}

/// The soloist's factors a ruleset may have: 1 (the soloist scores like everybody else) to
/// 9. The TSR's 3 is the only one with which a solo deal sums to zero (the soloist's
/// `3 × value` against three opponents' `value` each); with any other factor a solo adds
/// `(m − 3) × value` to the table's sum, which a house round accepts.
pub const SOLO_MULTIPLIERS: std::ops::RangeInclusive<u8> = 1..=9;

/// Why a ruleset cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    /// The soloist's factor is outside [`SOLO_MULTIPLIERS`].
    #[error("the soloist's factor must be between {min} and {max}, not {multiplier}")]
    SoloMultiplierOutOfRange {
        /// The factor given.
        multiplier: u8,
        /// The smallest factor allowed.
        min: u8,
        /// The largest factor allowed.
        max: u8,
    },
    /// The five-nines rule in a deck without nines: no hand can hold a nine.
    #[error("five nines cannot be thrown in when the game is played without nines")]
    FiveNinesWithoutNines,
    /// The info page's reading of a failed Absage belongs to its doubling of the game
    /// value; under the TSR's adding the failed levels already count by 7.2.2 e/f.
    #[error("a failed Absage counting every level claimed needs Re and Kontra to double")]
    FailedAbsageWithoutDoubling,
    /// The three-card exchange is a way of playing Armut, which the rules do not play.
    #[error("the three-card armut needs armut")]
    ArmutThreeCardsWithoutArmut,
    /// Gegen die Alten read by the queens under Armut, which the rules do not play.
    #[error("gegen die Alten by the queens under armut needs armut")]
    ArmutAltenWithoutArmut,
    /// Schweinchen forcing a call, where the rules play no Schweinchen.
    #[error("schweinchen forcing a call needs schweinchen")]
    ForcedCallWithoutSchweinchen,
    /// Super piglets, where the rules play no Schweinchen.
    #[error("super piglets need schweinchen")]
    SuperSchweinchenWithoutSchweinchen,
    /// Only the first fox a piglet, where the rules play no Schweinchen.
    #[error("only the first fox as a piglet needs schweinchen")]
    FirstFoxPigletWithoutSchweinchen,
    /// Only the first fox a piglet with super piglets: the super piglets outrank both
    /// piglets in the text, which one piglet does not give.
    #[error("only the first fox as a piglet cannot be played with super piglets")]
    FirstFoxPigletWithSuperSchweinchen,
    /// The further forced call without the forced announcement it raises.
    #[error("a forced further call needs the forced announcement")]
    ForcedRaiseWithoutForcedAnnouncement,
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::DDV
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tsr_is_a_valid_ruleset() {
        assert_eq!(Ruleset::DDV.validate(), Ok(()));
        assert!(Ruleset::DDV.is_ddv());
        assert_eq!(Ruleset::DDV.tricks(), 12);
        assert_eq!(Ruleset::DDV.soloist_factor(), 3);
        assert!(!Ruleset::DDV.changes_order_of_play());
    }

    #[test]
    fn the_soloist_factor_is_checked() {
        for (multiplier, ok) in [(0, false), (1, true), (3, true), (9, true), (10, false)] {
            let rules = Ruleset {
                solo_multiplier: multiplier,
                ..Ruleset::DDV
            };
            let expected = if ok {
                Ok(())
            } else {
                Err(RulesetError::SoloMultiplierOutOfRange {
                    multiplier,
                    min: 1,
                    max: 9,
                })
            };
            assert_eq!(rules.validate(), expected, "{multiplier}");
        }
        let err = Ruleset {
            solo_multiplier: 200,
            ..Ruleset::DDV
        }
        .validate()
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the soloist's factor must be between 1 and 9, not 200"
        );
    }

    #[test]
    fn five_nines_needs_the_nines() {
        let rules = Ruleset {
            five_nines: true,
            without_nines: true,
            ..Ruleset::DDV
        };
        assert_eq!(rules.validate(), Err(RulesetError::FiveNinesWithoutNines));
        assert_eq!(rules.tricks(), 10);
        let rules = Ruleset {
            five_nines: true,
            ..Ruleset::DDV
        };
        assert_eq!(rules.validate(), Ok(()));
        assert!(rules.changes_order_of_play());
    }

    #[test]
    fn the_forced_further_call_and_the_first_fox_piglet_need_their_rules() {
        let raises = Ruleset {
            forced_announcement_raises: true,
            ..Ruleset::DDV
        };
        assert_eq!(
            raises.validate(),
            Err(RulesetError::ForcedRaiseWithoutForcedAnnouncement)
        );
        let raises = Ruleset {
            forced_announcement: true,
            ..raises
        };
        assert_eq!(raises.validate(), Ok(()));
        let first = Ruleset {
            first_fox_piglet: true,
            ..Ruleset::DDV
        };
        assert_eq!(
            first.validate(),
            Err(RulesetError::FirstFoxPigletWithoutSchweinchen)
        );
        let first = Ruleset {
            schweinchen: Schweinchen::WhenPlayed,
            ..first
        };
        assert_eq!(first.validate(), Ok(()));
        assert_eq!(
            Ruleset {
                super_schweinchen: true,
                ..first
            }
            .validate(),
            Err(RulesetError::FirstFoxPigletWithSuperSchweinchen)
        );
    }

    #[test]
    fn the_variants_of_a_house_rule_need_the_rule() {
        let three = Ruleset {
            armut_three_cards: true,
            ..Ruleset::DDV
        };
        let alten = Ruleset {
            armut_alten_by_queens: true,
            ..Ruleset::DDV
        };
        assert_eq!(alten.validate(), Err(RulesetError::ArmutAltenWithoutArmut));
        assert_eq!(
            Ruleset {
                armut: true,
                ..alten
            }
            .validate(),
            Ok(())
        );
        assert_eq!(
            three.validate(),
            Err(RulesetError::ArmutThreeCardsWithoutArmut)
        );
        assert_eq!(
            Ruleset {
                armut: true,
                ..three
            }
            .validate(),
            Ok(())
        );
        let forcing = Ruleset {
            schweinchen_forces_call: true,
            ..Ruleset::DDV
        };
        assert_eq!(
            forcing.validate(),
            Err(RulesetError::ForcedCallWithoutSchweinchen)
        );
        assert_eq!(
            Ruleset {
                schweinchen: Schweinchen::WhenPlayed,
                ..forcing
            }
            .validate(),
            Ok(())
        );
        let super_piglets = Ruleset {
            super_schweinchen: true,
            ..Ruleset::DDV
        };
        assert_eq!(
            super_piglets.validate(),
            Err(RulesetError::SuperSchweinchenWithoutSchweinchen)
        );
    }

    #[test]
    fn five_kings_and_an_untaken_armut_are_thrown_in_too() {
        assert!(!Ruleset::DDV.takes_throw_ins());
        assert_eq!(Ruleset::DDV.throw_ins().count(), 0);
        let all = Ruleset {
            five_nines: true,
            five_kings: true,
            armut: true,
            ..Ruleset::DDV
        };
        assert_eq!(all.throw_ins().collect::<Vec<_>>(), ThrowIn::ALL);
        for rules in [
            Ruleset {
                five_nines: true,
                ..Ruleset::DDV
            },
            Ruleset {
                five_kings: true,
                without_nines: true,
                ..Ruleset::DDV
            },
            Ruleset {
                armut: true,
                ..Ruleset::DDV
            },
        ] {
            assert_eq!(rules.validate(), Ok(()), "{rules:?}");
            assert!(rules.takes_throw_ins(), "{rules:?}");
            assert!(rules.changes_order_of_play(), "{rules:?}");
        }
    }
}
