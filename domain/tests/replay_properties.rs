//! Random legal deals (dealt and played by `simulate`) replay to facts that agree with
//! their own tricks, and the calculator scores those facts.
//!
//! The facts are recomputed here from the twelve tricks alone (who won each, what was in
//! it), so a mistake in the replay's bookkeeping cannot hide behind itself.

use domain::cards::{Card, Rank, Suit};
use domain::deal::{Contract, Party};
use domain::replay::{Event, replay};
use domain::simulate::random_deal;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn replayed_facts_agree_with_the_tricks_and_score(seed in any::<u64>()) {
        let request = random_deal(seed);
        let played = replay(&request).unwrap();
        let facts = played.facts;
        prop_assert_eq!(played.tricks.len(), 12);
        prop_assert!(facts.validate().is_ok());

        let party = |seat| facts.party_of(seat).unwrap();
        let mut points = [0u32; 2];
        let mut tricks = [0u8; 2];
        let mut doppelkopf = [0u8; 2];
        for (i, trick) in played.tricks.iter().enumerate() {
            let sum: u32 = trick.cards.iter().map(|c| u32::from(c.points())).sum();
            prop_assert_eq!(sum, u32::from(trick.points));
            // Each trick is led by the previous winner.
            if i > 0 {
                prop_assert_eq!(trick.leader, played.tricks[i - 1].winner);
            }
            let side = usize::from(party(trick.winner) == Party::Kontra);
            points[side] += sum;
            tricks[side] += 1;
            doppelkopf[side] += u8::from(sum >= 40);
        }
        prop_assert_eq!(points[0] + points[1], 240);
        prop_assert_eq!(points[0], u32::from(facts.re_points));
        prop_assert_eq!(tricks[0], facts.re_tricks);

        let normal = matches!(facts.contract, Contract::Normal | Contract::Wedding);
        if normal {
            prop_assert_eq!(doppelkopf[0], facts.extras.re.doppelkopf);
            prop_assert_eq!(doppelkopf[1], facts.extras.kontra.doppelkopf);
            // Karlchen: the ♣J is the winning card of the last trick.
            let last = played.tricks[11];
            let winning = (0..4).find(|&i| last.player(i) == last.winner).unwrap();
            let karlchen = last.cards[winning] == Card::new(Suit::Clubs, Rank::Jack);
            let expected = if karlchen { Some(party(last.winner)) } else { None };
            let got = match (facts.extras.re.karlchen, facts.extras.kontra.karlchen) {
                (1, 0) => Some(Party::Re),
                (0, 1) => Some(Party::Kontra),
                (0, 0) => None,
                other => panic!("karlchen {other:?}"),
            };
            prop_assert_eq!(got, expected);
        } else {
            prop_assert!(facts.extras.re.is_empty() && facts.extras.kontra.is_empty());
        }

        // Calls recorded in the facts are the highest calls made by each party.
        let calls = request.events.iter().filter(|e| matches!(e, Event::Call { .. })).count();
        prop_assert_eq!(calls == 0, facts.announcements.re.absagen() == 0
            && !facts.announcements.re.has_ansage()
            && !facts.announcements.kontra.has_ansage());

        let scored = domain::score(&facts).unwrap();
        prop_assert_eq!(scored.scores().iter().sum::<i32>(), 0);
    }
}
