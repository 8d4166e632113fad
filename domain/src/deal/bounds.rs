//! The highest game value a deal can reach (TSR 7.2): the bound of a paper entry's value.

use super::Contract;
use crate::game::ruleset::{AnnouncementScoring, Ruleset};

/// The highest value a normal game (or a wedding with a partner) can reach: Kontra says
/// "schwarz" against Re's "schwarz" and takes every trick: won 1, the four below-items,
/// Re 2, Kontra 2, eight Absagen, the four reached-items (TSR 7.2.2), gegen die Alten,
/// six Doppelkopf tricks (six tricks of 40 hold all 240 card points), both foxes and
/// Karlchen (TSR 7.2.3).
const MAX_NORMAL_VALUE: u16 = 31;

/// The highest value a deal scored as a solo can reach: the same calls and tricks without
/// gegen die Alten and extras (TSR 7.2.4). The soloist's entry is three times this.
const MAX_SOLO_VALUE: u16 = 21;

/// The highest value of a deal scored as a solo under doubling (house rules IX): won 1, the
/// four below-items, eight Absagen and four beaten levels, 17, four times.
const MAX_SOLO_VALUE_DOUBLING: u16 = 68;

/// The highest value of a normal game under doubling: the solo's 17 and gegen die Alten,
/// four times (72), then six Doppelkopf tricks, both foxes and Karlchen, undoubled.
const MAX_NORMAL_VALUE_DOUBLING: u16 = 81;

/// The highest game value a deal of `contract` can reach (TSR 7.2): the bound of a value
/// written on a paper sheet. The unit tests check it against every deal [`crate::score::score`] accepts.
pub const fn max_value(contract: Contract) -> u16 {
    if contract.scored_as_solo() {
        MAX_SOLO_VALUE
    } else {
        MAX_NORMAL_VALUE
    }
}

/// The highest game value a deal of `contract` can reach under `rules`, the bound of a
/// paper entry's value: as [`max_value`] under the TSR, higher with doubling, and in a
/// normal game higher by each house extra the rules count. The unit tests check it against every deal
/// [`crate::score::score_with`] accepts.
pub const fn max_value_with(contract: Contract, rules: &Ruleset) -> u16 {
    let solo = contract.scored_as_solo();
    if solo {
        return match rules.announcements {
            AnnouncementScoring::Adding => max_value(contract),
            AnnouncementScoring::Doubling => MAX_SOLO_VALUE_DOUBLING,
        };
    }
    // A normal game's house extras, undoubled: the caught Karlchen, both foxes caught in
    // the last trick (a point more each), both ♥10 captured.
    let house = rules.counts_caught_karlchen() as u16
        + 2 * rules.fox_last_trick_two as u16
        + 2 * rules.heart_ten_point as u16;
    let base = match rules.announcements {
        AnnouncementScoring::Adding => MAX_NORMAL_VALUE,
        AnnouncementScoring::Doubling => MAX_NORMAL_VALUE_DOUBLING,
    };
    base + house
}
