use super::*;

fn normal() -> DealFacts {
    DealFacts {
        table_size: TableSize::Four,
        contract: Contract::Normal,
        re: SeatSet::from_seats(&[0, 2]).unwrap(),
        sitting_out: None,
        re_points: 130,
        re_tricks: 7,
        announcements: Announcements::default(),
        extras: PartyExtras::default(),
        club_queens: None,
    }
}

/// A normal deal with these extras.
fn with(re: Extras, kontra: Extras) -> DealFacts {
    DealFacts {
        extras: PartyExtras { re, kontra },
        ..normal()
    }
}

/// `n` foxes and nothing else.
fn fox(n: u8) -> Extras {
    Extras {
        fox: n,
        ..Extras::default()
    }
}

#[test]
fn points_range_matches_the_deck() {
    assert_eq!(points_range(0), (0, 0));
    assert_eq!(points_range(1), (0, 44));
    assert_eq!(points_range(2), (0, 88));
    assert_eq!(points_range(3), (8, 128));
    assert_eq!(points_range(6), (40, 200));
    assert_eq!(points_range(11), (196, 240));
    assert_eq!(points_range(12), (240, 240));
    for t in 0..=12 {
        let (min, max) = points_range(t);
        let (cmin, cmax) = points_range(12 - t);
        assert_eq!(u16::from(min) + u16::from(cmax), 240, "t = {t}");
        assert_eq!(u16::from(max) + u16::from(cmin), 240, "t = {t}");
    }
}

#[test]
fn a_normal_deal_is_valid() {
    assert_eq!(normal().validate(), Ok(()));
}

#[test]
fn impossible_facts_are_rejected() {
    let cases: Vec<(DealFacts, FactsError)> = vec![
        (
            DealFacts {
                re_points: 241,
                ..normal()
            },
            FactsError::PointsOutOfRange { points: 241 },
        ),
        (
            DealFacts {
                re_tricks: 13,
                ..normal()
            },
            FactsError::TricksOutOfRange { tricks: 13 },
        ),
        (
            DealFacts {
                re_points: 10,
                re_tricks: 0,
                ..normal()
            },
            FactsError::PointsDoNotFitTricks {
                points: 10,
                tricks: 0,
                min: 0,
                max: 0,
            },
        ),
        (
            DealFacts {
                re_points: 230,
                re_tricks: 12,
                ..normal()
            },
            FactsError::PointsDoNotFitTricks {
                points: 230,
                tricks: 12,
                min: 240,
                max: 240,
            },
        ),
        (
            DealFacts {
                re: SeatSet::from_seats(&[0]).unwrap(),
                ..normal()
            },
            FactsError::ReSize {
                contract: Contract::Normal,
                expected: 2,
                got: 1,
            },
        ),
        (
            DealFacts {
                contract: Contract::SoloQueens,
                ..normal()
            },
            FactsError::ReSize {
                contract: Contract::SoloQueens,
                expected: 1,
                got: 2,
            },
        ),
        (
            DealFacts {
                re: SeatSet::from_seats(&[0, 4]).unwrap(),
                ..normal()
            },
            FactsError::SeatOutOfRange { seat: 4, seats: 4 },
        ),
        (
            DealFacts {
                sitting_out: Some(1),
                ..normal()
            },
            FactsError::SittingOutAtFourTable,
        ),
        (
            DealFacts {
                table_size: TableSize::Five,
                ..normal()
            },
            FactsError::SittingOutMissing,
        ),
        (
            DealFacts {
                table_size: TableSize::Five,
                sitting_out: Some(2),
                ..normal()
            },
            FactsError::SittingOutPlays { seat: 2 },
        ),
        (
            DealFacts {
                table_size: TableSize::Five,
                sitting_out: Some(5),
                ..normal()
            },
            FactsError::SittingOutNotAtTable { seat: 5, seats: 5 },
        ),
    ];
    for (facts, expected) in cases {
        assert_eq!(facts.validate(), Err(expected), "{facts:?}");
    }
}

#[test]
fn impossible_extras_are_rejected() {
    assert_eq!(
        with(fox(2), fox(1)).validate(),
        Err(FactsError::TooManyFoxes { total: 3 })
    );
    let karlchen = Extras {
        karlchen: 1,
        karlchen_caught: 0,
        ..Extras::default()
    };
    assert_eq!(
        with(karlchen, karlchen).validate(),
        Err(FactsError::TooManyKarlchen { total: 2 })
    );
    let dk = |n| Extras {
        doppelkopf: n,
        ..Extras::default()
    };
    assert_eq!(
        with(dk(8), Extras::default()).validate(),
        Err(FactsError::DoppelkopfExceedsTricks {
            party: Party::Re,
            doppelkopf: 8,
            tricks: 7
        })
    );
    // Kontra has 110 points: two Doppelkopf tricks (80) fit, three (120) do not.
    assert_eq!(with(Extras::default(), dk(2)).validate(), Ok(()));
    assert_eq!(
        with(Extras::default(), dk(3)).validate(),
        Err(FactsError::ExtrasExceedPoints {
            party: Party::Kontra,
            points: 110
        })
    );
    let no_kontra_trick = DealFacts {
        re_points: 240,
        re_tricks: 12,
        extras: PartyExtras {
            re: Extras::default(),
            kontra: fox(1),
        },
        ..normal()
    };
    assert_eq!(
        no_kontra_trick.validate(),
        Err(FactsError::ExtrasWithoutTricks {
            party: Party::Kontra
        })
    );
    let solo = DealFacts {
        contract: Contract::SilentWedding,
        re: SeatSet::from_seats(&[1]).unwrap(),
        extras: PartyExtras {
            re: fox(1),
            kontra: Extras::default(),
        },
        ..normal()
    };
    assert_eq!(
        solo.validate(),
        Err(FactsError::ExtrasInSolo {
            contract: Contract::SilentWedding
        })
    );
}

/// Extras whose sums overflowed a `u8` (and panicked with overflow checks on) are
/// refused with the error an impossible count gets, whatever their size.
#[test]
fn extras_past_255_are_refused_not_overflowed() {
    let karlchen = |n| Extras {
        karlchen: n,
        karlchen_caught: 0,
        ..Extras::default()
    };
    // {"re": {"fox": 200}, "kontra": {"fox": 100}}
    assert_eq!(
        with(fox(200), fox(100)).validate(),
        Err(FactsError::TooManyFoxes { total: 300 })
    );
    assert_eq!(
        with(fox(255), fox(255)).validate(),
        Err(FactsError::TooManyFoxes { total: 510 })
    );
    // Karlchen 255 + 1.
    assert_eq!(
        with(karlchen(255), karlchen(1)).validate(),
        Err(FactsError::TooManyKarlchen { total: 256 })
    );
    // One party's doppelkopf + fox + karlchen past 255 in a solo: no extras in a solo.
    let solo = DealFacts {
        contract: Contract::SoloQueens,
        re: SeatSet::from_seats(&[1]).unwrap(),
        extras: PartyExtras {
            re: Extras {
                doppelkopf: 100,
                fox: 100,
                karlchen: 100,
                karlchen_caught: 0,
                fox_last_trick: 0,
                heart_ten: 0,
            },
            kontra: Extras::default(),
        },
        ..normal()
    };
    assert_eq!(
        solo.validate(),
        Err(FactsError::ExtrasInSolo {
            contract: Contract::SoloQueens
        })
    );
    let all = Extras {
        doppelkopf: 255,
        fox: 255,
        karlchen: 255,
        karlchen_caught: 0,
        fox_last_trick: 0,
        heart_ten: 0,
    };
    assert_eq!(all.total(), 765);
    assert!(!all.is_empty());
    // The same in a normal game: the sum of one party is no longer taken in u8 either.
    assert_eq!(
        with(all, Extras::default()).validate(),
        Err(FactsError::TooManyFoxes { total: 255 })
    );
    // The scorer refuses them the same way (`score::tests`).
}

#[test]
fn unchecked_numbers_do_not_overflow_the_helpers() {
    // Seats past the 8 bits of a set are not added (the shift would overflow).
    assert_eq!(SeatSet::EMPTY.with(8), SeatSet::EMPTY);
    assert_eq!(SeatSet::EMPTY.with(255).with(3), SeatSet::EMPTY.with(3));
    assert!(!SeatSet::EMPTY.with(200).contains(200));
    assert_eq!(
        SeatSet::from_seats(&[255]),
        Err(FactsError::SeatOutOfRange {
            seat: 255,
            seats: 5
        })
    );
    // Facts the validation would refuse still answer the per-party questions.
    let wild = DealFacts {
        re_points: 255,
        re_tricks: 255,
        ..normal()
    };
    assert_eq!(wild.points_of(Party::Kontra), 0);
    assert_eq!(wild.tricks_of(Party::Kontra), 0);
    assert_eq!(
        wild.validate(),
        Err(FactsError::PointsOutOfRange { points: 255 })
    );
    assert_eq!(points_range(255), (240, 240));
    // Valid facts are unchanged.
    assert_eq!(normal().points_of(Party::Kontra), 110);
    assert_eq!(normal().tricks_of(Party::Kontra), 5);
}

#[test]
fn duplicate_seats_are_rejected() {
    assert_eq!(
        SeatSet::from_seats(&[1, 1]),
        Err(FactsError::DuplicateSeat { seat: 1 })
    );
}

#[test]
fn contract_names_round_trip() {
    for c in Contract::ALL {
        assert_eq!(c.as_str().parse::<Contract>(), Ok(c));
    }
    assert!("poverty".parse::<Contract>().is_err());
}

#[test]
fn call_levels_count_absagen() {
    assert_eq!(CallLevel::No60.absagen(), 2);
    for n in 0..=4 {
        assert_eq!(CallLevel::from_absagen(n).absagen(), n);
    }
    assert!(CallLevel::Ansage < CallLevel::No90 && CallLevel::No30 < CallLevel::Schwarz);
}
