//! The game value of one deal (TSR 7.1–7.2) and what each seat writes on the sheet.
//!
//! [`score`] decides the winner from the card points and the calls (TSR 7.1), adds up the
//! points of TSR 7.2.2, nets the extras of TSR 7.2.3 in normal games, multiplies by three
//! for the soloist (TSR 7.2.4) and gives the seat that sits out at a 5-table nothing. Each
//! point it counts is an item of the breakdown, so a captain can see why a deal is worth
//! what it is worth.
//!
//! The TSR does not say who gets what when both parties' Absagen fail (TSR 7.1.3). Karlchen
//! credits each party with the below-90/60/30/schwarz items it inflicted, its own (e)/(f)
//! items and its own extras, and nets the two credits (tsr-brief §9.4, worked deals W20 and
//! W28).
//!
//! [`score_with`] scores the same facts under a club's house rules ([`Ruleset`]); [`score`]
//! is `score_with(facts, &Ruleset::DDV)`. What the switches change, with the readings the
//! rule texts leave open marked as such:
//!
//! - [`AnnouncementScoring::Doubling`] (house rules IX): the game points are the won point,
//!   the below-90/60/30/schwarz points, one point per Absage said (either party's, as in
//!   TSR 7.2.2 c/d), one point per level of a failed Absage that the winners beat (90
//!   reached against "keine 90", 60 against "keine 60", 30 against "keine 30", a trick
//!   against "schwarz": the text's "the Contra team gets all the points the Re team would
//!   have gotten"), and gegen die Alten ("one for beating the Queens", which the text counts
//!   among the game points). Each of "Re" and "Kontra" said then doubles that sum, whoever
//!   said it and whoever won; **reading:** both said is four times (the common reading).
//!   The doubling shows in the breakdown as the "Re"/"Kontra" item, worth the points it
//!   added. Doppelkopf, fox and Karlchen are not game points in the text ("an extra point
//!   at the end of the hand"): **reading:** they are netted after the doubling, undoubled.
//! - [`Ruleset::solo_multiplier`]: the soloist's entry is the value times the factor, the
//!   three others' the plain value; only the TSR's 3 makes a solo deal sum to zero.
//! - [`KarlchenRule::Caught`](crate::game::KarlchenRule::Caught),
//!   [`KarlchenRule::SecondBeatsFirst`](crate::game::KarlchenRule::SecondBeatsFirst) and
//!   [`KarlchenRule::LizzieMiller`](crate::game::KarlchenRule::LizzieMiller)
//!   ([`Ruleset::counts_caught_karlchen`]): a caught Karlchen
//!   ([`Extras::karlchen_caught`]) is one more extra for the party that caught it.
//! - [`Ruleset::without_nines`]: ten tricks; "schwarz" is still no trick.

// The bounds of a value live with the facts they bound (a paper entry checks them there);
// they are part of scoring's face too.
use crate::deal::{Contract, DealFacts, Extras, FactsError, PaperFacts, Party, Seat};
pub use crate::deal::{max_value, max_value_with};
use crate::game::{AnnouncementScoring, Ruleset};

/// Who won the deal (TSR 7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The Re party (or the soloist) won.
    Re,
    /// The Kontra party won.
    Kontra,
    /// Both parties made Absagen and both missed them (TSR 7.1.3).
    None,
}

impl Winner {
    /// The lower-case name used on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            Winner::Re => "re",
            Winner::Kontra => "kontra",
            Winner::None => "none",
        }
    }

    /// The winning party, if any.
    pub const fn party(self) -> Option<Party> {
        match self {
            Winner::Re => Some(Party::Re),
            Winner::Kontra => Some(Party::Kontra),
            Winner::None => None,
        }
    }
}

/// Why a point was counted: one entry per rule of TSR 7.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemCode {
    /// 7.2.2 a: the deal was won.
    Won,
    /// 7.2.2 a: the opponents stayed below 90 card points.
    Below90,
    /// 7.2.2 a: the opponents stayed below 60.
    Below60,
    /// 7.2.2 a: the opponents stayed below 30.
    Below30,
    /// 7.2.2 a: the opponents took no trick.
    Schwarz,
    /// 7.2.2 b: "Re" was said (counts for the winner, whoever said it). Under doubling
    /// (house rules IX): the points the doubling by "Re" added.
    ReAnnounced,
    /// 7.2.2 b: "Kontra" was said. Under doubling: the points its doubling added.
    KontraAnnounced,
    /// 7.2.2 c: Re said "keine 90".
    ReNo90,
    /// 7.2.2 c: Re said "keine 60".
    ReNo60,
    /// 7.2.2 c: Re said "keine 30".
    ReNo30,
    /// 7.2.2 c: Re said "schwarz".
    ReSchwarz,
    /// 7.2.2 d: Kontra said "keine 90".
    KontraNo90,
    /// 7.2.2 d: Kontra said "keine 60".
    KontraNo60,
    /// 7.2.2 d: Kontra said "keine 30".
    KontraNo30,
    /// 7.2.2 d: Kontra said "schwarz".
    KontraSchwarz,
    /// 7.2.2 e/f: 120 card points reached against the opponents' "keine 90".
    Reached120AgainstNo90,
    /// 7.2.2 e/f: 90 reached against "keine 60".
    Reached90AgainstNo60,
    /// 7.2.2 e/f: 60 reached against "keine 30".
    Reached60AgainstNo30,
    /// 7.2.2 e/f: 30 reached against "schwarz".
    Reached30AgainstSchwarz,
    /// House rules IX (doubling): 90 reached against the opponents' "keine 90".
    Reached90AgainstNo90,
    /// House rules IX (doubling): 60 reached against "keine 60".
    Reached60AgainstNo60,
    /// House rules IX (doubling): 30 reached against "keine 30".
    Reached30AgainstNo30,
    /// House rules IX (doubling): a trick taken against "schwarz".
    TrickAgainstSchwarz,
    /// Under doubling, read as the info page does: one point for each level of the
    /// opponents' failed Absagen, beaten or not ([`Ruleset::failed_absage_all_levels`]).
    FailedClaimLevels,
    /// 7.2.3: Kontra won a normal game against the ♣ queens.
    GegenDieAlten,
    /// 7.2.3: tricks of 40 card points or more.
    Doppelkopf,
    /// 7.2.3: the opponents' ♦A caught.
    Fox,
    /// 7.2.3: the ♣J won the last trick.
    Karlchen,
    /// House rules XI: the opponents' ♣J caught in the last trick.
    KarlchenCaught,
    /// Wikipedia, Fox: a fox caught in the last trick, the second point for it.
    FoxLastTrick,
    /// The info page, IX: a ♥10 of the opponents captured.
    HeartTen,
}

impl ItemCode {
    /// The stable snake_case code used on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            ItemCode::Won => "won",
            ItemCode::Below90 => "below_90",
            ItemCode::Below60 => "below_60",
            ItemCode::Below30 => "below_30",
            ItemCode::Schwarz => "schwarz",
            ItemCode::ReAnnounced => "re_announced",
            ItemCode::KontraAnnounced => "kontra_announced",
            ItemCode::ReNo90 => "re_no90",
            ItemCode::ReNo60 => "re_no60",
            ItemCode::ReNo30 => "re_no30",
            ItemCode::ReSchwarz => "re_schwarz",
            ItemCode::KontraNo90 => "kontra_no90",
            ItemCode::KontraNo60 => "kontra_no60",
            ItemCode::KontraNo30 => "kontra_no30",
            ItemCode::KontraSchwarz => "kontra_schwarz",
            ItemCode::Reached120AgainstNo90 => "reached_120_against_no90",
            ItemCode::Reached90AgainstNo60 => "reached_90_against_no60",
            ItemCode::Reached60AgainstNo30 => "reached_60_against_no30",
            ItemCode::Reached30AgainstSchwarz => "reached_30_against_schwarz",
            ItemCode::Reached90AgainstNo90 => "reached_90_against_no90",
            ItemCode::Reached60AgainstNo60 => "reached_60_against_no60",
            ItemCode::Reached30AgainstNo30 => "reached_30_against_no30",
            ItemCode::TrickAgainstSchwarz => "trick_against_schwarz",
            ItemCode::FailedClaimLevels => "failed_claim_levels",
            ItemCode::GegenDieAlten => "gegen_die_alten",
            ItemCode::Doppelkopf => "doppelkopf",
            ItemCode::Fox => "fox",
            ItemCode::Karlchen => "karlchen",
            ItemCode::KarlchenCaught => "karlchen_caught",
            ItemCode::FoxLastTrick => "fox_last_trick",
            ItemCode::HeartTen => "heart_ten",
        }
    }
}

/// One line of the breakdown: `points` counted for `party`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreItem {
    /// The rule that gave the points.
    pub code: ItemCode,
    /// The party the points count for.
    pub party: Party,
    /// How many points (always positive).
    pub points: u8,
}

/// More items than a deal can produce: won, four below-items for each party (when nobody
/// wins), two Ansagen, eight Absagen, four reached- or beaten-items for each party, gegen
/// die Alten and the four extras of each party make 44.
const MAX_ITEMS: usize = 48;

/// A scored deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    /// Who won.
    pub winner: Winner,
    /// The game value for the winner (with no winner: for Re). It can be zero or negative
    /// when the losers' extras outweigh the win (TSR 7.2.3).
    pub value: i32,
    scores: [i32; 5],
    seats: u8,
    items: [ScoreItem; MAX_ITEMS],
    item_count: u8,
}

impl Scored {
    /// Each seat's entry on the sheet; the seat that sits out gets 0.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..usize::from(self.seats)]
    }

    /// The breakdown: every point counted, for which party and why. Empty for a paper
    /// summary ([`score_paper`]), since the paper holds the value but not its items.
    pub fn items(&self) -> &[ScoreItem] {
        &self.items[..usize::from(self.item_count)]
    }

    /// No game: a deal thrown in (house rules XIII) at a table of `table_size`. No winner,
    /// value 0, every seat 0, no breakdown.
    pub fn nothing(table_size: crate::deal::TableSize) -> Scored {
        Scored {
            winner: Winner::None,
            value: 0,
            scores: [0; 5],
            seats: table_size.seats(),
            items: Breakdown::new().items,
            item_count: 0,
        }
    }

    /// The value from the Re party's point of view (before the soloist's factor).
    pub fn re_value(&self) -> i32 {
        match self.winner {
            Winner::Kontra => -self.value,
            Winner::Re | Winner::None => self.value,
        }
    }
}

/// Scores a deal: checks the facts, then applies TSR 7.1–7.2.
pub fn score(facts: &DealFacts) -> Result<Scored, FactsError> {
    score_with(facts, &Ruleset::DDV)
}

/// Scores a deal under `rules`: checks the facts as [`DealFacts::validate_with`] does, then
/// applies TSR 7.1–7.2 with the house rules of the [module documentation](self).
///
/// The ruleset is taken as given; [`Ruleset::validate`] is the organiser's check. An
/// unchecked one never panics: a soloist's factor of 0 gives him 0, and every sum
/// saturates.
pub fn score_with(facts: &DealFacts, rules: &Ruleset) -> Result<Scored, FactsError> {
    facts.validate_with(rules)?;
    Ok(score_valid(facts, rules))
}

/// Scores what a paper sheet holds of a deal: checks the summary, then writes its value on
/// the sheet with the same code that writes a scored deal's value ([`score`]), so the
/// paper entry gives each seat exactly what the full facts of the deal would (TSR 7.2.1:
/// winners +value, losers −value; TSR 7.2.4: the soloist three times that; TSR 10.1: the
/// seat that sits out 0). Its breakdown is empty and its winner is the party the paper
/// marks (none when the value is 0 and none is marked).
pub fn score_paper(paper: &PaperFacts) -> Result<Scored, FactsError> {
    score_paper_with(paper, &Ruleset::DDV)
}

/// Scores what a paper sheet holds of a deal under `rules`: as [`score_paper`], with the
/// value bounded by [`max_value_with`] and the soloist's entry the value times
/// [`Ruleset::solo_multiplier`].
pub fn score_paper_with(paper: &PaperFacts, rules: &Ruleset) -> Result<Scored, FactsError> {
    paper.validate_with(rules)?;
    // Validated: at most a few dozen, so the sign cannot overflow, and the soloist's
    // factor saturates.
    let value = i32::from(paper.value);
    let (winner, re_value) = match paper.winner {
        Some(Party::Re) => (Winner::Re, value),
        Some(Party::Kontra) => (Winner::Kontra, -value),
        None => (Winner::None, 0),
    };
    let seats = paper.table_size.seats();
    Ok(Scored {
        winner,
        value,
        scores: seat_entries(
            seats,
            |seat| paper.party_of(seat),
            soloist_factor(paper.contract, rules),
            re_value,
        ),
        seats,
        items: Breakdown::new().items,
        item_count: 0,
    })
}

/// The factor of a Re player's entry: the soloist's factor in a deal scored as a solo
/// (TSR 7.2.4: 3), otherwise 1.
const fn soloist_factor(contract: Contract, rules: &Ruleset) -> i32 {
    if contract.scored_as_solo() {
        rules.soloist_factor()
    } else {
        1
    }
}

/// Each seat's entry for a deal worth `re_value` to the Re party: every Re player
/// `re_value` times `soloist_factor` (the soloist's, TSR 7.2.4, or 1), every Kontra player
/// the opposite, the seat that sits out 0 (TSR 10.1). `party_of` names each seat's party.
fn seat_entries(
    seats: u8,
    party_of: impl Fn(Seat) -> Option<Party>,
    soloist_factor: i32,
    re_value: i32,
) -> [i32; 5] {
    let mut scores = [0i32; 5];
    for (seat, entry) in (0..seats).zip(scores.iter_mut()) {
        *entry = match party_of(seat) {
            None => 0,
            // Saturating: a value is a few dozen points, but no entry may panic.
            Some(Party::Re) => re_value.saturating_mul(soloist_factor),
            Some(Party::Kontra) => re_value.saturating_neg(),
        };
    }
    scores
}

/// Collects items without allocating: the scorer is on every request's path.
struct Breakdown {
    items: [ScoreItem; MAX_ITEMS],
    len: u8,
}

impl Breakdown {
    fn new() -> Breakdown {
        Breakdown {
            items: [ScoreItem {
                code: ItemCode::Won,
                party: Party::Re,
                points: 0,
            }; MAX_ITEMS],
            len: 0,
        }
    }

    fn add(&mut self, code: ItemCode, party: Party, points: u8) {
        if points > 0 && usize::from(self.len) < MAX_ITEMS {
            self.items[usize::from(self.len)] = ScoreItem {
                code,
                party,
                points,
            };
            self.len += 1;
        }
    }

    fn total(&self, party: Party) -> i32 {
        self.items[..usize::from(self.len)]
            .iter()
            .filter(|i| i.party == party)
            .map(|i| i32::from(i.points))
            .sum()
    }
}

/// TSR 7.1: the winner from the card points, the tricks and the calls.
fn winner(facts: &DealFacts, rules: &Ruleset) -> Winner {
    let calls = facts.announcements;
    let wins = |party: Party| -> bool {
        let own = calls.of(party);
        let theirs = calls.of(party.other());
        let (points, tricks) = (facts.points_of(party), facts.schwarz_tricks(party, rules));
        let (their_points, their_tricks) = (
            facts.points_of(party.other()),
            facts.schwarz_tricks(party.other(), rules),
        );
        if own.absagen() > 0 {
            own.kept(their_points, their_tricks)
        } else if theirs.absagen() > 0 {
            !theirs.kept(points, tricks)
        } else {
            // Only "Kontra" said reverses the split: Re needs 120, Kontra 121 (TSR 7.1.1
            // no. 4, 7.1.2 no. 4); otherwise Re needs 121 and Kontra 120.
            // The info page's reading: the Queens always need 121.
            let only_kontra =
                calls.kontra.has_ansage() && !calls.re.has_ansage() && !rules.queens_need_121;
            let needed = match (party, only_kontra) {
                (Party::Re, false) | (Party::Kontra, true) => 121,
                (Party::Re, true) | (Party::Kontra, false) => 120,
            };
            points >= needed
        }
    };
    match (wins(Party::Re), wins(Party::Kontra)) {
        (true, _) => Winner::Re,
        (false, true) => Winner::Kontra,
        (false, false) => Winner::None,
    }
}

/// The 7.2.2 a items `party` inflicted on its opponents.
fn below_items(facts: &DealFacts, rules: &Ruleset, party: Party, items: &mut Breakdown) {
    let points = facts.points_of(party.other());
    items.add(ItemCode::Below90, party, u8::from(points < 90));
    items.add(ItemCode::Below60, party, u8::from(points < 60));
    items.add(ItemCode::Below30, party, u8::from(points < 30));
    items.add(
        ItemCode::Schwarz,
        party,
        u8::from(facts.is_schwarz(party.other(), rules)),
    );
}

/// The 7.2.2 e/f items: `party` reached a level against the opponents' Absagen.
fn reached_items(facts: &DealFacts, party: Party, items: &mut Breakdown) {
    let against = facts.announcements.of(party.other()).absagen();
    let points = facts.points_of(party);
    let levels = [
        (ItemCode::Reached120AgainstNo90, 120),
        (ItemCode::Reached90AgainstNo60, 90),
        (ItemCode::Reached60AgainstNo30, 60),
        (ItemCode::Reached30AgainstSchwarz, 30),
    ];
    for (code, needed) in levels.into_iter().take(usize::from(against)) {
        items.add(code, party, u8::from(points >= needed));
    }
}

/// House rules IX: the levels of the opponents' Absagen that `party` beat, a point each (90
/// reached against "keine 90", …, a trick against "schwarz"). Read as the info page's
/// example 2 for every call ([`Ruleset::failed_absage_all_levels`]): a point for every
/// level claimed, beaten or not.
fn beaten_items(facts: &DealFacts, rules: &Ruleset, party: Party, items: &mut Breakdown) {
    let against = facts.announcements.of(party.other()).absagen();
    if rules.failed_absage_all_levels {
        items.add(ItemCode::FailedClaimLevels, party, against);
        return;
    }
    let points = facts.points_of(party);
    let levels = [
        (ItemCode::Reached90AgainstNo90, points >= 90),
        (ItemCode::Reached60AgainstNo60, points >= 60),
        (ItemCode::Reached30AgainstNo30, points >= 30),
        (
            ItemCode::TrickAgainstSchwarz,
            !facts.is_schwarz(party, rules),
        ),
    ];
    for (code, beaten) in levels.into_iter().take(usize::from(against)) {
        items.add(code, party, u8::from(beaten));
    }
}

/// The items a party earns against the opponents' Absagen: TSR 7.2.2 e/f, or the beaten
/// levels under doubling.
fn against_items(facts: &DealFacts, rules: &Ruleset, party: Party, items: &mut Breakdown) {
    match rules.announcements {
        AnnouncementScoring::Adding => reached_items(facts, party, items),
        AnnouncementScoring::Doubling => beaten_items(facts, rules, party, items),
    }
}

/// House rules IX: each of "Re" and "Kontra" said doubles the game points so far, for the
/// party ahead (the winner; with no winner, whichever party's credit is larger). Each
/// doubling is an item worth the points it adds.
fn doubling_items(facts: &DealFacts, reference: Party, items: &mut Breakdown) {
    let calls = facts.announcements;
    let doublings = [
        (ItemCode::ReAnnounced, calls.re.has_ansage()),
        (ItemCode::KontraAnnounced, calls.kontra.has_ansage()),
    ];
    for (code, said) in doublings {
        let net = items.total(reference) - items.total(reference.other());
        if !said || net == 0 {
            continue;
        }
        let ahead = if net > 0 {
            reference
        } else {
            reference.other()
        };
        // At most 18 game points doubled once: 36 fits; saturating all the same.
        let points = u8::try_from(net.unsigned_abs()).unwrap_or(u8::MAX);
        items.add(code, ahead, points);
    }
}

/// The 7.2.2 b–d items, all credited to `party` (the winner). Under doubling the Ansagen
/// are no points of their own ([`doubling_items`]); the Absagen are a point each as ever.
fn call_items(facts: &DealFacts, rules: &Ruleset, party: Party, items: &mut Breakdown) {
    let calls = facts.announcements;
    if rules.announcements == AnnouncementScoring::Adding {
        items.add(
            ItemCode::ReAnnounced,
            party,
            2 * u8::from(calls.re.has_ansage()),
        );
        items.add(
            ItemCode::KontraAnnounced,
            party,
            2 * u8::from(calls.kontra.has_ansage()),
        );
    }
    let re = [
        ItemCode::ReNo90,
        ItemCode::ReNo60,
        ItemCode::ReNo30,
        ItemCode::ReSchwarz,
    ];
    for code in re.into_iter().take(usize::from(calls.re.absagen())) {
        items.add(code, party, 1);
    }
    let kontra = [
        ItemCode::KontraNo90,
        ItemCode::KontraNo60,
        ItemCode::KontraNo30,
        ItemCode::KontraSchwarz,
    ];
    for code in kontra.into_iter().take(usize::from(calls.kontra.absagen())) {
        items.add(code, party, 1);
    }
}

/// TSR 7.2.3 and house rules XI: the extras `party` earned; a caught Karlchen counts only
/// when the ruleset says so.
fn extra_items(extras: Extras, rules: &Ruleset, party: Party, items: &mut Breakdown) {
    items.add(ItemCode::Doppelkopf, party, extras.doppelkopf);
    items.add(ItemCode::Fox, party, extras.fox);
    items.add(ItemCode::Karlchen, party, extras.karlchen);
    if rules.counts_caught_karlchen() {
        items.add(ItemCode::KarlchenCaught, party, extras.karlchen_caught);
    }
    // Validation refused these counts where the rules lack them; the guards keep the
    // scorer honest on facts that were not validated.
    if rules.fox_last_trick_two {
        items.add(ItemCode::FoxLastTrick, party, extras.fox_last_trick);
    }
    if rules.heart_ten_point {
        items.add(ItemCode::HeartTen, party, extras.heart_ten);
    }
}

/// Whether `winner` beat "die Alten" (TSR 7.2.3: Kontra won against the ♣ queens). Under
/// Armut read as the info page's "Beating the Queens" ([`Ruleset::armut_alten_by_queens`],
/// where validation made [`DealFacts::club_queens`] given): the losers held both ♣Q.
fn beat_the_alten(facts: &DealFacts, winner: Party) -> bool {
    match facts.club_queens {
        Some(queens) => queens.party() == Some(winner.other()),
        None => winner == Party::Kontra,
    }
}

/// Scores facts that [`DealFacts::validate_with`] accepted under `rules`.
fn score_valid(facts: &DealFacts, rules: &Ruleset) -> Scored {
    let normal = !facts.contract.scored_as_solo();
    let winner = winner(facts, rules);
    let mut items = Breakdown::new();
    let reference = match winner.party() {
        Some(w) => {
            items.add(ItemCode::Won, w, 1);
            below_items(facts, rules, w, &mut items);
            call_items(facts, rules, w, &mut items);
            against_items(facts, rules, w, &mut items);
            if normal {
                items.add(
                    ItemCode::GegenDieAlten,
                    w,
                    u8::from(beat_the_alten(facts, w)),
                );
            }
            w
        }
        None => {
            for party in [Party::Re, Party::Kontra] {
                below_items(facts, rules, party, &mut items);
                against_items(facts, rules, party, &mut items);
            }
            Party::Re
        }
    };
    if rules.announcements == AnnouncementScoring::Doubling {
        doubling_items(facts, reference, &mut items);
    }
    if normal {
        for party in [Party::Re, Party::Kontra] {
            extra_items(facts.extras.of(party), rules, party, &mut items);
        }
    }
    let value = items.total(reference) - items.total(reference.other());
    let re_value = if reference == Party::Re {
        value
    } else {
        -value
    };
    let seats = facts.table_size.seats();
    Scored {
        winner,
        value,
        scores: seat_entries(
            seats,
            |seat| facts.party_of(seat),
            soloist_factor(facts.contract, rules),
            re_value,
        ),
        seats,
        items: items.items,
        item_count: items.len,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{
        Announcements, CallLevel, Extras, PartyExtras, SeatSet, TableSize,
        points_where_tricks_matter, tricks_matter, uncounted_tricks,
    };
    use crate::game::Ruleset;

    /// Where the tricks cannot change the score, the count taken for uncounted tricks
    /// scores exactly as every count the points allow, and is refused exactly when every
    /// counted one is (more Doppelkopf tricks than the points leave room for); where they
    /// can, none is taken.
    #[test]
    fn uncounted_tricks_score_as_any_count_the_points_allow() {
        let without_nines = Ruleset {
            without_nines: true,
            ..Ruleset::DDV
        };
        let calls = [
            Announcements::default(),
            Announcements {
                re: CallLevel::Schwarz,
                kontra: CallLevel::No90,
            },
        ];
        for rules in [Ruleset::DDV, without_nines] {
            for re_points in 0..=240u8 {
                for (re_dk, kontra_dk) in [(0, 0), (1, 0), (0, 2), (3, 1), (6, 0)] {
                    for announcements in calls {
                        let extras = PartyExtras {
                            re: Extras {
                                doppelkopf: re_dk,
                                ..Extras::default()
                            },
                            kontra: Extras {
                                doppelkopf: kontra_dk,
                                ..Extras::default()
                            },
                        };
                        let with = |re_tricks| DealFacts {
                            re_points,
                            re_tricks,
                            announcements,
                            extras,
                            ..facts(Contract::Normal, &[0, 2], 130, 7)
                        };
                        let Some(taken) = uncounted_tricks(re_points, &extras, &rules) else {
                            assert!(tricks_matter(re_points, &rules), "{re_points}");
                            continue;
                        };
                        assert!(!tricks_matter(re_points, &rules), "{re_points}");
                        let scored = score_with(&with(taken), &rules);
                        let counted: Vec<_> = (0..=rules.tricks())
                            .filter_map(|t| score_with(&with(t), &rules).ok())
                            .collect();
                        if counted.is_empty() {
                            assert!(scored.is_err(), "{re_points} {re_dk} {kontra_dk}");
                        }
                        for other in counted {
                            assert_eq!(scored.as_ref().ok(), Some(&other), "{re_points}");
                        }
                    }
                }
            }
        }
        // With the nines, all or no card points leave "schwarz" to the tricks: Kontra with
        // a trick of nines is not schwarz, without one it is.
        let all = |re_tricks| DealFacts {
            re_points: 240,
            re_tricks,
            ..facts(Contract::Normal, &[0, 2], 130, 7)
        };
        assert_ne!(
            score_with(&all(12), &Ruleset::DDV).unwrap(),
            score_with(&all(11), &Ruleset::DDV).unwrap()
        );
        assert_eq!(points_where_tricks_matter(&Ruleset::DDV), vec![0, 240]);
        assert_eq!(points_where_tricks_matter(&without_nines), Vec::<u8>::new());
        assert_eq!(
            uncounted_tricks(0, &PartyExtras::default(), &without_nines),
            Some(0)
        );
        assert_eq!(
            uncounted_tricks(240, &PartyExtras::default(), &without_nines),
            Some(10)
        );
        assert_eq!(
            uncounted_tricks(120, &PartyExtras::default(), &Ruleset::DDV),
            Some(6)
        );
    }

    fn facts(contract: Contract, re: &[u8], re_points: u8, re_tricks: u8) -> DealFacts {
        DealFacts {
            table_size: TableSize::Four,
            contract,
            re: SeatSet::from_seats(re).unwrap(),
            sitting_out: None,
            re_points,
            re_tricks,
            announcements: Announcements::default(),
            extras: PartyExtras::default(),
            club_queens: None,
        }
    }

    /// Armut (house rule XII) is scored as a normal game with the exchange's pair as Re:
    /// Re with 121 wins 1; Kontra winning gets 1 and 1 against the Re party ("gegen die
    /// Alten", the rest of the normal game) with a fox caught: 3. The TSR has no Armut.
    #[test]
    fn an_armut_scores_as_a_normal_game_where_the_rules_have_it() {
        let house = Ruleset {
            armut: true,
            ..Ruleset::DDV
        };
        let won = score_with(&facts(Contract::Armut, &[1, 3], 121, 6), &house).unwrap();
        assert_eq!(won.scores(), [-1, 1, -1, 1]);
        let mut lost = facts(Contract::Armut, &[0, 2], 100, 5);
        lost.extras.kontra.fox = 1;
        let lost = score_with(&lost, &house).unwrap();
        assert_eq!(lost.scores(), [-3, 3, -3, 3]);
        let mut normal = facts(Contract::Normal, &[0, 2], 100, 5);
        normal.extras.kontra.fox = 1;
        assert_eq!(score_with(&normal, &house).unwrap().scores(), lost.scores());
        assert_eq!(
            score(&facts(Contract::Armut, &[1, 3], 121, 6)),
            Err(FactsError::ArmutNotInRules)
        );
        let paper = PaperFacts {
            table_size: TableSize::Four,
            contract: Contract::Armut,
            re: SeatSet::from_seats(&[1, 3]).unwrap(),
            sitting_out: None,
            value: 2,
            winner: Some(Party::Kontra),
        };
        assert_eq!(score_paper(&paper), Err(FactsError::ArmutNotInRules));
        assert_eq!(
            score_paper_with(&paper, &house).unwrap().scores(),
            [2, -2, 2, -2]
        );
    }

    /// The scorer checks before it adds: extras whose sum overflowed a `u8` are refused as
    /// `DealFacts::validate` refuses them, never scored.
    #[test]
    fn the_scorer_refuses_extras_past_255() {
        let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
        let fox = |n| Extras {
            fox: n,
            ..Extras::default()
        };
        f.extras = PartyExtras {
            re: fox(200),
            kontra: fox(100),
        };
        assert_eq!(score(&f), Err(FactsError::TooManyFoxes { total: 300 }));
    }

    fn items(scored: &Scored) -> Vec<(&'static str, &'static str, u8)> {
        scored
            .items()
            .iter()
            .map(|i| (i.code.as_str(), i.party.as_str(), i.points))
            .collect()
    }

    #[test]
    fn w2_breakdown_explains_every_point() {
        let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
        f.announcements.re = CallLevel::No60;
        let s = score(&f).unwrap();
        assert_eq!(s.winner, Winner::Kontra);
        assert_eq!(s.value, 7);
        assert_eq!(s.scores(), &[-7, -7, 7, 7]);
        assert_eq!(
            items(&s),
            vec![
                ("won", "kontra", 1),
                ("re_announced", "kontra", 2),
                ("re_no90", "kontra", 1),
                ("re_no60", "kontra", 1),
                ("reached_90_against_no60", "kontra", 1),
                ("gegen_die_alten", "kontra", 1),
            ]
        );
    }

    #[test]
    fn losers_extras_are_netted_against_the_winner() {
        // W18: Re wins with 130, Kontra has two Doppelkopf tricks and a fox: Re gets -2.
        let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
        f.extras.kontra = Extras {
            doppelkopf: 2,
            fox: 1,
            karlchen: 0,
            karlchen_caught: 0,
            fox_last_trick: 0,
            heart_ten: 0,
        };
        let s = score(&f).unwrap();
        assert_eq!((s.winner, s.value), (Winner::Re, -2));
        assert_eq!(s.scores(), &[-2, -2, 2, 2]);
        assert_eq!(s.re_value(), -2);
    }

    #[test]
    fn solos_ignore_nothing_but_extras_and_triple_the_soloist() {
        // W22: Pflichtsolo lost with "Re", R = 100.
        let mut f = facts(Contract::SoloJacks, &[1], 100, 5);
        f.announcements.re = CallLevel::Ansage;
        let s = score(&f).unwrap();
        assert_eq!((s.winner, s.value), (Winner::Kontra, 3));
        assert_eq!(s.scores(), &[3, -9, 3, 3]);
        assert!(s.items().iter().all(|i| i.code != ItemCode::GegenDieAlten));
    }

    #[test]
    fn schwarz_levels_count_as_four_below_items() {
        // W16 without extras: 1 + 4 below items + Re 2 + 4 Absagen = 11.
        let mut f = facts(Contract::Normal, &[1, 3], 240, 12);
        f.announcements.re = CallLevel::Schwarz;
        let s = score(&f).unwrap();
        assert_eq!((s.winner, s.value), (Winner::Re, 11));
    }

    #[test]
    fn kontra_schwarz_is_beaten_by_one_trick_even_without_points() {
        // Re takes a single trick of four nines: Kontra's "schwarz" fails.
        let mut f = facts(Contract::Normal, &[0, 2], 0, 1);
        f.announcements.kontra = CallLevel::Schwarz;
        let s = score(&f).unwrap();
        assert_eq!(s.winner, Winner::Re);
        // won 1 + Kontra 2 + four Absagen; Re reached nothing, Kontra below-items go nowhere.
        assert_eq!(s.value, 7);
    }

    #[test]
    fn sitting_out_seat_scores_zero() {
        let mut f = facts(Contract::SoloHearts, &[4], 150, 8);
        f.table_size = TableSize::Five;
        f.sitting_out = Some(0);
        let s = score(&f).unwrap();
        assert_eq!(s.scores(), &[0, -1, -1, -1, 3]);
    }

    #[test]
    fn invalid_facts_are_not_scored() {
        let f = facts(Contract::Normal, &[0], 130, 7);
        assert!(matches!(score(&f), Err(FactsError::ReSize { .. })));
    }

    /// The most extras `party` can hold with its card points and tricks, as
    /// [`DealFacts::validate`] accepts them.
    fn most_extras(f: &DealFacts, party: Party) -> PartyExtras {
        let (points, tricks) = (f.points_of(party), f.tricks_of(party));
        let most = if tricks == 0 {
            Extras::default()
        } else {
            Extras {
                doppelkopf: tricks.min(points / 40),
                fox: (points / 11).min(2),
                karlchen: u8::from(points >= 2),
                karlchen_caught: 0,
                fox_last_trick: 0,
                heart_ten: 0,
            }
        };
        match party {
            Party::Re => PartyExtras {
                re: most,
                kontra: Extras::default(),
            },
            Party::Kontra => PartyExtras {
                re: Extras::default(),
                kontra: most,
            },
        }
    }

    /// Every card-point split, every pair of calls and the most extras either party can
    /// hold: no deal the scorer accepts is worth more than `max_value`, and one is worth
    /// exactly that (the bound a paper entry is checked against is tight).
    #[test]
    fn max_value_bounds_every_deal_and_is_reached() {
        use crate::deal::points_range;
        for (contract, re) in [
            (Contract::Normal, &[0, 1][..]),
            (Contract::SoloQueens, &[0]),
        ] {
            let mut highest = 0u32;
            for tricks in 0..=12u8 {
                let (min, max) = points_range(tricks);
                for points in min..=max {
                    for (re_call, kontra_call) in CallLevel::ALL
                        .into_iter()
                        .flat_map(|r| CallLevel::ALL.map(|k| (r, k)))
                    {
                        let mut f = facts(contract, re, points, tricks);
                        f.announcements = Announcements {
                            re: re_call,
                            kontra: kontra_call,
                        };
                        let extras = if contract.scored_as_solo() {
                            vec![PartyExtras::default()]
                        } else {
                            vec![most_extras(&f, Party::Re), most_extras(&f, Party::Kontra)]
                        };
                        for extras in extras {
                            f.extras = extras;
                            let scored = score(&f).unwrap();
                            highest = highest.max(scored.value.unsigned_abs());
                        }
                    }
                }
            }
            assert_eq!(highest, u32::from(max_value(contract)), "{contract}");
        }
        for contract in Contract::ALL {
            let expected = if contract.scored_as_solo() { 21 } else { 31 };
            assert_eq!(max_value(contract), expected, "{contract}");
        }
        // The normal game's maximum, spelled out: Kontra's schwarz against Re's, all tricks
        // and every extra to Kontra.
        let mut f = facts(Contract::Normal, &[0, 1], 0, 0);
        f.announcements = Announcements {
            re: CallLevel::Schwarz,
            kontra: CallLevel::Schwarz,
        };
        f.extras.kontra = Extras {
            doppelkopf: 6,
            fox: 2,
            karlchen: 1,
            karlchen_caught: 0,
            fox_last_trick: 0,
            heart_ten: 0,
        };
        let s = score(&f).unwrap();
        assert_eq!((s.winner, s.value), (Winner::Kontra, 31));
        assert_eq!(s.scores(), &[-31, -31, 31, 31]);
    }

    fn paper(contract: Contract, re: &[u8], value: u16, winner: Option<Party>) -> PaperFacts {
        PaperFacts {
            table_size: TableSize::Four,
            contract,
            re: SeatSet::from_seats(re).unwrap(),
            sitting_out: None,
            value,
            winner,
        }
    }

    #[test]
    fn a_paper_value_is_written_as_the_scorer_writes_it() {
        // W18: Re won, but Kontra's extras outweigh it: the paper shows Kontra +2.
        let mut w18 = facts(Contract::Normal, &[0, 1], 130, 7);
        w18.extras.kontra = Extras {
            doppelkopf: 2,
            fox: 1,
            karlchen: 0,
            karlchen_caught: 0,
            fox_last_trick: 0,
            heart_ten: 0,
        };
        let on_paper = score_paper(&paper(Contract::Normal, &[0, 1], 2, Some(Party::Kontra)));
        assert_eq!(on_paper.as_ref().unwrap().scores(), &[-2, -2, 2, 2]);
        assert_eq!(on_paper.unwrap().scores(), score(&w18).unwrap().scores());
        // W22: the soloist lost 3: −9 for him, +3 for each opponent.
        let s = score_paper(&paper(Contract::SoloJacks, &[1], 3, Some(Party::Kontra))).unwrap();
        assert_eq!((s.winner, s.value, s.re_value()), (Winner::Kontra, 3, -3));
        assert_eq!(s.scores(), &[3, -9, 3, 3]);
        assert!(s.items().is_empty(), "the paper holds no breakdown");
        // W25: a wedding solo is scored as a solo too.
        let s = score_paper(&paper(Contract::WeddingSolo, &[0], 4, Some(Party::Re))).unwrap();
        assert_eq!(s.scores(), &[12, -4, -4, -4]);
        // W29: at a 5-table the dealer sits out and scores 0.
        let five = PaperFacts {
            table_size: TableSize::Five,
            sitting_out: Some(0),
            ..paper(Contract::Normal, &[1, 3], 4, Some(Party::Re))
        };
        assert_eq!(score_paper(&five).unwrap().scores(), &[0, 4, -4, 4, -4]);
        // W19: nothing to write; a winner may be named or not.
        for winner in [None, Some(Party::Re), Some(Party::Kontra)] {
            let s = score_paper(&paper(Contract::Normal, &[2, 3], 0, winner)).unwrap();
            assert_eq!(s.scores(), &[0, 0, 0, 0]);
        }
        // The largest values fit: a soloist's −63.
        let s = score_paper(&paper(
            Contract::SoloFleshless,
            &[3],
            21,
            Some(Party::Kontra),
        ));
        assert_eq!(s.unwrap().scores(), &[21, 21, 21, -63]);
        let s = score_paper(&paper(Contract::Wedding, &[0, 2], 31, Some(Party::Re)));
        assert_eq!(s.unwrap().scores(), &[31, -31, 31, -31]);
    }

    #[test]
    fn impossible_paper_summaries_are_refused() {
        let re = Some(Party::Re);
        let cases = [
            (
                paper(Contract::Normal, &[0, 1], 32, re),
                FactsError::ValueOutOfRange {
                    contract: Contract::Normal,
                    value: 32,
                    max: 31,
                },
            ),
            (
                paper(Contract::SilentWedding, &[2], 22, re),
                FactsError::ValueOutOfRange {
                    contract: Contract::SilentWedding,
                    value: 22,
                    max: 21,
                },
            ),
            (
                paper(Contract::SoloClubs, &[2], u16::MAX, None),
                FactsError::ValueOutOfRange {
                    contract: Contract::SoloClubs,
                    value: u16::MAX,
                    max: 21,
                },
            ),
            (
                paper(Contract::Normal, &[0], 1, re),
                FactsError::ReSize {
                    contract: Contract::Normal,
                    expected: 2,
                    got: 1,
                },
            ),
            (
                paper(Contract::SoloHearts, &[0, 1], 1, re),
                FactsError::ReSize {
                    contract: Contract::SoloHearts,
                    expected: 1,
                    got: 2,
                },
            ),
            (
                paper(Contract::Normal, &[0, 4], 1, re),
                FactsError::SeatOutOfRange { seat: 4, seats: 4 },
            ),
            (
                PaperFacts {
                    sitting_out: Some(1),
                    ..paper(Contract::Normal, &[0, 2], 1, re)
                },
                FactsError::SittingOutAtFourTable,
            ),
            (
                PaperFacts {
                    table_size: TableSize::Five,
                    sitting_out: Some(2),
                    ..paper(Contract::Normal, &[0, 2], 1, re)
                },
                FactsError::SittingOutPlays { seat: 2 },
            ),
            (
                paper(Contract::Normal, &[0, 2], 3, None),
                FactsError::WinnerMissing { value: 3 },
            ),
        ];
        for (summary, expected) in cases {
            assert_eq!(summary.validate(), Err(expected.clone()), "{summary:?}");
            assert_eq!(score_paper(&summary), Err(expected));
        }
        assert_eq!(
            FactsError::ValueOutOfRange {
                contract: Contract::Normal,
                value: 32,
                max: 31
            }
            .to_string(),
            "normal is worth between 0 and 31, not 32"
        );
    }
}
