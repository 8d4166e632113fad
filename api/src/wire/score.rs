//! The wire form of `domain::DealFacts` and `domain::Scored`: the `/score` body and answer,
//! shared with the replay endpoint (whose answer holds the same facts and score) and with a
//! table's deal entries.

use domain::deal::{self, CallLevel, Contract, FactsError, SeatSet, TableSize};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain_errors::invalid_deal;
use crate::error::{ApiError, FieldError};
use crate::wire::game::RulesBody;

/// The contract as played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ContractName {
    /// Normal game: the ♣Q holders are Re.
    Normal,
    /// Announced wedding with a partner found.
    Wedding,
    /// Announced wedding whose player took tricks 1–3 (Karo solo on the normal column).
    WeddingSolo,
    /// Silent wedding (Karo solo on the normal column).
    SilentWedding,
    /// Damensolo.
    SoloQueens,
    /// Bubensolo.
    SoloJacks,
    /// Fleischloser.
    SoloFleshless,
    /// Farbsolo ♦.
    SoloDiamonds,
    /// Farbsolo ♥.
    SoloHearts,
    /// Farbsolo ♠.
    SoloSpades,
    /// Farbsolo ♣.
    SoloClubs,
    /// Armut (house rule XII, only where the tournament's rules have it): the poor player
    /// and the partner who took his trumps are Re; scored as a normal game.
    Armut,
}

impl From<ContractName> for Contract {
    fn from(c: ContractName) -> Contract {
        match c {
            ContractName::Normal => Contract::Normal,
            ContractName::Wedding => Contract::Wedding,
            ContractName::WeddingSolo => Contract::WeddingSolo,
            ContractName::SilentWedding => Contract::SilentWedding,
            ContractName::SoloQueens => Contract::SoloQueens,
            ContractName::SoloJacks => Contract::SoloJacks,
            ContractName::SoloFleshless => Contract::SoloFleshless,
            ContractName::SoloDiamonds => Contract::SoloDiamonds,
            ContractName::SoloHearts => Contract::SoloHearts,
            ContractName::SoloSpades => Contract::SoloSpades,
            ContractName::SoloClubs => Contract::SoloClubs,
            ContractName::Armut => Contract::Armut,
        }
    }
}

impl From<Contract> for ContractName {
    fn from(c: Contract) -> ContractName {
        match c {
            Contract::Normal => ContractName::Normal,
            Contract::Wedding => ContractName::Wedding,
            Contract::WeddingSolo => ContractName::WeddingSolo,
            Contract::SilentWedding => ContractName::SilentWedding,
            Contract::SoloQueens => ContractName::SoloQueens,
            Contract::SoloJacks => ContractName::SoloJacks,
            Contract::SoloFleshless => ContractName::SoloFleshless,
            Contract::SoloDiamonds => ContractName::SoloDiamonds,
            Contract::SoloHearts => ContractName::SoloHearts,
            Contract::SoloSpades => ContractName::SoloSpades,
            Contract::SoloClubs => ContractName::SoloClubs,
            Contract::Armut => ContractName::Armut,
        }
    }
}

/// The Re party's highest call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReCall {
    /// Nothing said.
    #[default]
    None,
    /// "Re".
    Re,
    /// "keine 90" (includes "Re").
    No90,
    /// "keine 60".
    No60,
    /// "keine 30".
    No30,
    /// "schwarz".
    Schwarz,
}

/// The Kontra party's highest call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum KontraCall {
    /// Nothing said.
    #[default]
    None,
    /// "Kontra".
    Kontra,
    /// "keine 90" (includes "Kontra").
    No90,
    /// "keine 60".
    No60,
    /// "keine 30".
    No30,
    /// "schwarz".
    Schwarz,
}

impl From<ReCall> for CallLevel {
    fn from(c: ReCall) -> CallLevel {
        match c {
            ReCall::None => CallLevel::None,
            ReCall::Re => CallLevel::Ansage,
            ReCall::No90 => CallLevel::No90,
            ReCall::No60 => CallLevel::No60,
            ReCall::No30 => CallLevel::No30,
            ReCall::Schwarz => CallLevel::Schwarz,
        }
    }
}

impl From<KontraCall> for CallLevel {
    fn from(c: KontraCall) -> CallLevel {
        match c {
            KontraCall::None => CallLevel::None,
            KontraCall::Kontra => CallLevel::Ansage,
            KontraCall::No90 => CallLevel::No90,
            KontraCall::No60 => CallLevel::No60,
            KontraCall::No30 => CallLevel::No30,
            KontraCall::Schwarz => CallLevel::Schwarz,
        }
    }
}

impl From<CallLevel> for ReCall {
    fn from(c: CallLevel) -> ReCall {
        match c {
            CallLevel::None => ReCall::None,
            CallLevel::Ansage => ReCall::Re,
            CallLevel::No90 => ReCall::No90,
            CallLevel::No60 => ReCall::No60,
            CallLevel::No30 => ReCall::No30,
            CallLevel::Schwarz => ReCall::Schwarz,
        }
    }
}

impl From<CallLevel> for KontraCall {
    fn from(c: CallLevel) -> KontraCall {
        match c {
            CallLevel::None => KontraCall::None,
            CallLevel::Ansage => KontraCall::Kontra,
            CallLevel::No90 => KontraCall::No90,
            CallLevel::No60 => KontraCall::No60,
            CallLevel::No30 => KontraCall::No30,
            CallLevel::Schwarz => KontraCall::Schwarz,
        }
    }
}

/// Each party's highest call.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnnouncementsBody {
    /// Re's highest call.
    #[serde(default)]
    pub re: ReCall,
    /// Kontra's highest call.
    #[serde(default)]
    pub kontra: KontraCall,
}

/// Extra points one party earned (normal games and weddings only).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtrasCounts {
    /// Tricks of 40 card points or more.
    #[serde(default)]
    pub doppelkopf: u8,
    /// Opposing ♦A caught.
    #[serde(default)]
    pub fox: u8,
    /// 1 if the party's ♣J won the last trick.
    #[serde(default)]
    pub karlchen: u8,
    /// 1 if the party caught the other party's ♣J in the last trick: counted only under the
    /// house rules `karlchen: caught`, `second_beats_first` or `lizzie_miller`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub karlchen_caught: u8,
    /// Of the foxes, those caught in the last trick: a point more each, only under the
    /// house rule `fox_last_trick_two` (refused under other rules).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fox_last_trick: u8,
    /// The other party's ♥10 captured (0–2): a point each, only under the house rule
    /// `heart_ten_point` (refused under other rules).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub heart_ten: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Both parties' extras; "gegen die Alten" is derived, never entered.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtrasBody {
    /// Re's extras.
    #[serde(default)]
    pub re: ExtrasCounts,
    /// Kontra's extras.
    #[serde(default)]
    pub kontra: ExtrasCounts,
}

fn four() -> u8 {
    4
}

/// The facts of one deal. Seats are 0-based in table order (seat 0 = position 1).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"table_size": 4, "contract": "normal", "re": [0, 2], "re_points": 145, "re_tricks": 8,
    "announcements": {"re": "no90", "kontra": "none"},
    "extras": {"re": {"doppelkopf": 1, "fox": 1, "karlchen": 0}, "kontra": {"doppelkopf": 0, "fox": 0, "karlchen": 0}}}))]
pub struct ScoreRequest {
    /// 4 or 5 players at the table (default 4).
    #[serde(default = "four")]
    #[schema(default = 4, minimum = 4, maximum = 5)]
    pub table_size: u8,
    /// The contract as played.
    pub contract: ContractName,
    /// The Re party's seats: two in a normal game or wedding, the soloist alone otherwise.
    pub re: Vec<u8>,
    /// At a 5-table, the seat that sits out (the dealer); required there, absent at 4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sitting_out: Option<u8>,
    /// Re's card points, 0–240.
    #[schema(maximum = 240)]
    pub re_points: u16,
    /// Re's tricks, 0–12 (0–10 without the nines).
    #[schema(maximum = 12)]
    pub re_tricks: u16,
    /// Each party's highest call (default: none).
    #[serde(default)]
    pub announcements: AnnouncementsBody,
    /// Each party's extras (default: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extras: Option<ExtrasBody>,
    /// An Armut under the house rule `armut_alten_by_queens` only, and required there: who
    /// held both ♣Q after the exchange (`re`, `kontra`, `split`), which decides who beat
    /// "die Alten".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club_queens: Option<ClubQueensName>,
    /// The house rules to score by (default: the DDV's tournament rules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesBody>,
}

/// One party's extras as the domain counts them.
pub(crate) fn counts(e: ExtrasCounts) -> deal::Extras {
    deal::Extras {
        doppelkopf: e.doppelkopf,
        fox: e.fox,
        karlchen: e.karlchen,
        karlchen_caught: e.karlchen_caught,
        fox_last_trick: e.fox_last_trick,
        heart_ten: e.heart_ten,
    }
}

impl ScoreRequest {
    /// The rules it asks to be scored by, checked.
    pub fn ruleset(&self) -> Result<domain::game::Ruleset, ApiError> {
        crate::wire::game::rules_or_ddv(self.rules)
    }

    /// The domain's facts, checked under `rules` (the counts a house rule adds are refused
    /// by the TSR).
    pub fn to_facts(&self, rules: &domain::game::Ruleset) -> Result<deal::DealFacts, ApiError> {
        let table_size = TableSize::from_players(self.table_size).ok_or_else(|| {
            ApiError::unprocessable(
                "invalid_deal",
                "a table has 4 or 5 players",
                vec![FieldError::new(
                    "table_size",
                    "out_of_range",
                    format!("a table has 4 or 5 players, got {}", self.table_size),
                )],
            )
        })?;
        let too_big = |v: u16, max: u16| v > max;
        if too_big(self.re_points, 240) {
            return Err(invalid_deal(&FactsError::PointsOutOfRange {
                points: self.re_points,
            }));
        }
        if too_big(self.re_tricks, 12) {
            return Err(invalid_deal(&FactsError::TricksOutOfRange {
                tricks: self.re_tricks,
            }));
        }
        let re = SeatSet::from_seats(&self.re).map_err(|e| invalid_deal(&e))?;
        let extras = self.extras.unwrap_or_default();
        let facts = deal::DealFacts {
            table_size,
            contract: self.contract.into(),
            re,
            sitting_out: self.sitting_out,
            // Both checked above.
            re_points: self.re_points as u8,
            re_tricks: self.re_tricks as u8,
            announcements: deal::Announcements {
                re: self.announcements.re.into(),
                kontra: self.announcements.kontra.into(),
            },
            extras: deal::PartyExtras {
                re: counts(extras.re),
                kontra: counts(extras.kontra),
            },
            club_queens: self.club_queens.map(Into::into),
        };
        facts.validate_with(rules).map_err(|e| invalid_deal(&e))?;
        Ok(facts)
    }

    /// The wire form of the domain's facts.
    pub fn from_facts(facts: &deal::DealFacts) -> ScoreRequest {
        let counts = |e: deal::Extras| ExtrasCounts {
            doppelkopf: e.doppelkopf,
            fox: e.fox,
            karlchen: e.karlchen,
            karlchen_caught: e.karlchen_caught,
            fox_last_trick: e.fox_last_trick,
            heart_ten: e.heart_ten,
        };
        ScoreRequest {
            table_size: facts.table_size.seats(),
            contract: facts.contract.into(),
            re: facts.re.iter().collect(),
            sitting_out: facts.sitting_out,
            re_points: facts.re_points.into(),
            re_tricks: facts.re_tricks.into(),
            announcements: AnnouncementsBody {
                re: facts.announcements.re.into(),
                kontra: facts.announcements.kontra.into(),
            },
            extras: Some(ExtrasBody {
                re: counts(facts.extras.re),
                kontra: counts(facts.extras.kontra),
            }),
            club_queens: facts.club_queens.map(Into::into),
            rules: None,
        }
    }
}

/// Who held both ♣Q once an Armut's cards were exchanged: `re` (the pair), `kontra` or
/// `split` (one each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClubQueensName {
    /// The poor player and his partner.
    Re,
    /// The other two.
    Kontra,
    /// One on each side.
    Split,
}

impl From<ClubQueensName> for deal::ClubQueens {
    fn from(q: ClubQueensName) -> deal::ClubQueens {
        match q {
            ClubQueensName::Re => deal::ClubQueens::Re,
            ClubQueensName::Kontra => deal::ClubQueens::Kontra,
            ClubQueensName::Split => deal::ClubQueens::Split,
        }
    }
}

impl From<deal::ClubQueens> for ClubQueensName {
    fn from(q: deal::ClubQueens) -> ClubQueensName {
        match q {
            deal::ClubQueens::Re => ClubQueensName::Re,
            deal::ClubQueens::Kontra => ClubQueensName::Kontra,
            deal::ClubQueens::Split => ClubQueensName::Split,
        }
    }
}

/// A party.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PartyName {
    /// Re.
    Re,
    /// Kontra.
    Kontra,
}

impl From<PartyName> for deal::Party {
    fn from(p: PartyName) -> deal::Party {
        match p {
            PartyName::Re => deal::Party::Re,
            PartyName::Kontra => deal::Party::Kontra,
        }
    }
}

impl From<deal::Party> for PartyName {
    fn from(p: deal::Party) -> PartyName {
        match p {
            deal::Party::Re => PartyName::Re,
            deal::Party::Kontra => PartyName::Kontra,
        }
    }
}

/// Who won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WinnerName {
    /// Re (or the soloist).
    Re,
    /// Kontra.
    Kontra,
    /// Nobody: both parties missed their Absagen (TSR 7.1.3).
    None,
}

/// One line of the breakdown.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ScoreItemBody {
    /// The rule: won, below_90, below_60, below_30, schwarz, re_announced,
    /// kontra_announced, re_no90 … re_schwarz, kontra_no90 … kontra_schwarz,
    /// reached_120_against_no90, reached_90_against_no60, reached_60_against_no30,
    /// reached_30_against_schwarz, gegen_die_alten, doppelkopf, fox, karlchen; under house
    /// rules also reached_90_against_no90 … trick_against_schwarz, failed_claim_levels
    /// (doubling), karlchen_caught, fox_last_trick and heart_ten.
    #[schema(example = "below_90")]
    pub code: &'static str,
    /// The party the points count for.
    pub party: PartyName,
    /// The points.
    #[schema(example = 1)]
    pub points: u8,
}

/// The score of a deal.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ScoreResponse {
    /// Who won.
    pub winner: WinnerName,
    /// The game value for the winner (with no winner: for Re); zero or negative when the
    /// losers' extras outweigh the win.
    #[schema(example = 3)]
    pub value: i32,
    /// Each seat's entry on the sheet (the seat that sits out: 0).
    #[schema(example = json!([-3, 3, -3, 3]))]
    pub scores: Vec<i32>,
    /// Every point counted, for whom and why.
    pub items: Vec<ScoreItemBody>,
}

impl From<&domain::Scored> for ScoreResponse {
    fn from(s: &domain::Scored) -> ScoreResponse {
        ScoreResponse {
            winner: match s.winner {
                domain::Winner::Re => WinnerName::Re,
                domain::Winner::Kontra => WinnerName::Kontra,
                domain::Winner::None => WinnerName::None,
            },
            value: s.value,
            scores: s.scores().to_vec(),
            items: s
                .items()
                .iter()
                .map(|i| ScoreItemBody {
                    code: i.code.as_str(),
                    party: i.party.into(),
                    points: i.points,
                })
                .collect(),
        }
    }
}
