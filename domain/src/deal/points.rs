//! Card points and tricks: which points a number of tricks can hold, and where the
//! tricks can change a deal's score.

use super::PartyExtras;
use crate::game::ruleset::Ruleset;

/// The card points, in ascending order, of the 48 cards: 8 nines, jacks, queens, kings,
/// tens and aces. The fewest points `t` tricks can hold are the lowest `4t` values, the most
/// the highest `4t`.
const CARD_VALUES_ASCENDING: [u8; 6] = [0, 2, 3, 4, 10, 11];

/// The same without the nines (40 cards: jacks, queens, kings, tens and aces).
const CARD_VALUES_ASCENDING_WITHOUT_NINES: [u8; 5] = [2, 3, 4, 10, 11];

/// The range of card points that `tricks` tricks can hold.
pub fn points_range(tricks: u8) -> (u8, u8) {
    points_range_with(tricks, &Ruleset::DDV)
}

/// The range of card points that `tricks` tricks can hold in the deck of `rules`: the 48
/// cards, or 40 without the nines, where every card has points, so even one trick holds at
/// least 8 and ten tricks all 240. Tricks past the deal's are taken as the whole deal.
pub fn points_range_with(tricks: u8, rules: &Ruleset) -> (u8, u8) {
    let values: &[u8] = if rules.without_nines {
        &CARD_VALUES_ASCENDING_WITHOUT_NINES
    } else {
        &CARD_VALUES_ASCENDING
    };
    let cards = u16::from(tricks.min(rules.tricks())) * 4;
    let sum = |values: &mut dyn Iterator<Item = u8>| -> u16 {
        let mut left = cards;
        let mut total = 0u16;
        for v in values {
            let take = left.min(8);
            total += take * u16::from(v);
            left -= take;
        }
        total
    };
    let min = sum(&mut values.iter().copied());
    let max = sum(&mut values.iter().rev().copied());
    // Both are at most 240, so they fit.
    (min as u8, max as u8)
}

/// Whether the tricks of a deal where Re took `re_points` card points can change its
/// score under `rules`. Only "schwarz" looks at tricks (TSR 7.1: a party that took no trick;
/// an Absage "schwarz" is kept only when the other party took none), and a party with card
/// points took a trick. So the tricks matter only when a party has no card points, and
/// only with the nines in the deck: without them every card has points, and no card points
/// means no trick. Where schwarz is counted by card points
/// ([`Ruleset::schwarz_by_card_points`]) they never matter.
pub const fn tricks_matter(re_points: u8, rules: &Ruleset) -> bool {
    !rules.without_nines && !rules.schwarz_by_card_points && (re_points == 0 || re_points >= 240)
}

/// The card points at which [`tricks_matter`] under `rules`: what an entry form asks the
/// tricks for (0 and 240 with the nines; none without them).
pub fn points_where_tricks_matter(rules: &Ruleset) -> Vec<u8> {
    [0, 240]
        .into_iter()
        .filter(|&p| tricks_matter(p, rules))
        .collect()
}

/// The tricks a deal is scored with when nobody counted them, or `None` when they matter
/// ([`tricks_matter`]) and must be counted. Any count the points allow scores the same;
/// this is the one closest to the points' share of the deal (every trick holds 20 on
/// average) that leaves each party room for its Doppelkopf tricks, so that the facts pass
/// [`DealFacts::validate_with`](super::DealFacts::validate_with) exactly when counted facts with the same points would.
pub fn uncounted_tricks(re_points: u8, extras: &PartyExtras, rules: &Ruleset) -> Option<u8> {
    if tricks_matter(re_points, rules) {
        return None;
    }
    let all = rules.tricks();
    let share = u16::from(re_points) * u16::from(all);
    let fits = |t: u8| {
        let (min, max) = points_range_with(t, rules);
        (min..=max).contains(&re_points)
            && extras.re.doppelkopf <= t
            && extras.kontra.doppelkopf <= all - t
    };
    let distance = |t: u8| (u16::from(t) * 240).abs_diff(share);
    (0..=all)
        .filter(|&t| fits(t))
        .min_by_key(|&t| distance(t))
        // Points no count of tricks can hold: the nearest count, refused by the checks as
        // counted facts would be.
        .or(Some(
            u8::try_from((share + 120) / 240).unwrap_or(all).min(all),
        ))
}
