//! A family game's entry form as posted, and its translation into the API's deal body:
//! what the form cannot say (a number that is no number, a wedding without its announcer)
//! is refused here by the field's name, the rest by the domain when the deal is entered.

use serde::Serialize;

use crate::error::ApiError;
use crate::wire::deal::DealBody;
use crate::wire::family::{
    DoppeldoppelDealEntry, DoppeldoppelMark, KidsDealEntry, KidsExtrasBody, KidsExtrasCounts,
    KidsMark, KidsTeamsBody,
};

/// The ranks of a Doppeldoppel card, 1 to 6.
pub(super) const RANKS: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// Doublehead Kids' advanced game: the teams' rows of the fox and Karlchen grid, as the
/// fields' names say them (`x_pp_foxes`, `x_without_karlchen`, …).
pub(super) const EXTRAS_TEAMS: [&str; 2] = ["pp", "without"];

/// The grid's columns: what a team caught, each a Golden Coin per member.
pub(super) const EXTRAS_KINDS: [&str; 3] = ["foxes", "karlchen", "karlchen_caught"];

/// The family form's fields as posted, as text.
#[derive(Debug, Clone, Default, Serialize)]
pub struct FamilyForm {
    /// `doublehead_kids` or `doppeldoppel`: which form was posted.
    pub game: String,
    /// The deal's number, as the form was rendered for it.
    pub number: String,
    /// The key that makes a form posted twice enter once.
    pub idempotency_key: String,
    /// `preview` or `save`.
    pub action: String,
    /// Doublehead Kids: `pair`, `wedding` or `alone`.
    pub team_kind: String,
    /// Doublehead Kids: the seats of the team with the Prince/Princess cards, in seat order.
    pub team: Vec<u8>,
    /// Doublehead Kids, a wedding: the seat that held both cards and named his partner.
    pub announcer: String,
    /// A ticked team value that is no seat.
    #[serde(skip)]
    pub team_unreadable: bool,
    /// Doublehead Kids: that team's Silver Coins.
    pub coins: String,
    /// Doppeldoppel: per seat, the count of each rank as typed.
    pub captured: Vec<Vec<String>>,
    /// Doublehead Kids' advanced game: per team ([`EXTRAS_TEAMS`]) the counts of
    /// [`EXTRAS_KINDS`] as typed; empty is none.
    pub extras: [[String; 3]; 2],
}

impl FamilyForm {
    /// An empty form for deal `number` of `game` at a table of `players`.
    pub(super) fn empty(
        game: &str,
        number: Option<u16>,
        players: usize,
        key: String,
    ) -> FamilyForm {
        FamilyForm {
            game: game.to_owned(),
            number: number.map(|n| n.to_string()).unwrap_or_default(),
            idempotency_key: key,
            team_kind: "pair".to_owned(),
            captured: vec![vec![String::new(); RANKS.len()]; players],
            ..FamilyForm::default()
        }
    }

    /// Whether `pairs` are a family form's (they carry its `game`).
    pub fn is_family(pairs: &[(String, String)]) -> bool {
        pairs.iter().any(|(name, _)| name == "game")
    }

    /// The form from the posted `name=value` pairs; a Doppeldoppel count is `c{seat}_{rank}`.
    pub fn from_pairs(pairs: &[(String, String)]) -> FamilyForm {
        let mut form = FamilyForm::default();
        for (name, value) in pairs {
            let value = value.trim().to_owned();
            match name.as_str() {
                "game" => form.game = value,
                "number" => form.number = value,
                "idempotency_key" => form.idempotency_key = value,
                "action" => form.action = value,
                "team_kind" => form.team_kind = value,
                "team" => match value.parse::<u8>() {
                    Ok(seat) if !form.team.contains(&seat) => form.team.push(seat),
                    Ok(_) => {}
                    Err(_) => form.team_unreadable = true,
                },
                "coins" => form.coins = value,
                "announcer" => form.announcer = value,
                other if other.starts_with("x_") => {
                    let cell = EXTRAS_TEAMS.iter().enumerate().find_map(|(t, team)| {
                        let kind = other.strip_prefix("x_")?.strip_prefix(team)?;
                        let k = EXTRAS_KINDS
                            .iter()
                            .position(|name| kind.strip_prefix('_') == Some(*name))?;
                        Some((t, k))
                    });
                    if let Some((t, k)) = cell {
                        form.extras[t][k] = value;
                    }
                }
                other => {
                    let cell = other.strip_prefix('c').and_then(|rest| {
                        let (seat, rank) = rest.split_once('_')?;
                        Some((seat.parse::<usize>().ok()?, rank.parse::<usize>().ok()?))
                    });
                    // Only the cells of a table's seats and a card's ranks; anything else
                    // (a button's name) changes nothing.
                    if let Some((seat, rank)) = cell
                        && seat < usize::from(domain::game::doppeldoppel::MAX_PLAYERS)
                        && (1..=RANKS.len()).contains(&rank)
                    {
                        if form.captured.len() <= seat {
                            form.captured
                                .resize(seat + 1, vec![String::new(); RANKS.len()]);
                        }
                        if let Some(slot) = form
                            .captured
                            .get_mut(seat)
                            .and_then(|r| r.get_mut(rank - 1))
                        {
                            *slot = value;
                        }
                    }
                }
            }
        }
        form.team.sort_unstable();
        form
    }

    /// The fox and Karlchen grid as the API's `extras`: `None` when nothing was typed (the
    /// basic game's form has no grid), a number that is none refused by the field.
    fn kids_extras(&self) -> Result<Option<KidsExtrasBody>, ApiError> {
        if self.extras.iter().flatten().all(String::is_empty) {
            return Ok(None);
        }
        let count = |t: usize, k: usize| match self.extras[t][k].as_str() {
            "" => Ok(0),
            n => n.parse::<u8>().map_err(|_| invalid("extras")),
        };
        let team = |t: usize| -> Result<KidsExtrasCounts, ApiError> {
            Ok(KidsExtrasCounts {
                foxes: count(t, 0)?,
                karlchen: count(t, 1)?,
                karlchen_caught: count(t, 2)?,
            })
        };
        Ok(Some(KidsExtrasBody {
            prince_princess: team(0)?,
            without: team(1)?,
        }))
    }

    /// Whether the captain asked for the preview.
    pub fn is_preview(&self) -> bool {
        self.action == "preview"
    }

    /// The API's deal body for the form at a table of `players`; what the form cannot say
    /// (a number that is no number) is refused here by the field's name, the rest by the
    /// domain.
    pub fn to_body(&self, players: usize) -> Result<DealBody, ApiError> {
        let number = match self.number.as_str() {
            "" => None,
            n => Some(n.parse::<u16>().map_err(|_| invalid("number"))?),
        };
        match self.game.as_str() {
            "doublehead_kids" => {
                if self.team_unreadable {
                    return Err(invalid("teams"));
                }
                let coins = self
                    .coins
                    .parse::<u16>()
                    .ok()
                    .filter(|&c| c <= domain::game::kids::SILVER_COINS)
                    .ok_or_else(|| invalid("prince_princess_coins"))?;
                let teams = match (self.team_kind.as_str(), self.team.as_slice()) {
                    // A pair of the wrong size is the API's to refuse, naming `teams.seats`.
                    ("pair", seats) => KidsTeamsBody::Pair {
                        seats: seats.to_vec(),
                    },
                    // The announcer is one of the two, named on the form; the other is the
                    // partner he named.
                    ("wedding", &[a, b]) => match self.announcer.parse::<u8>() {
                        Ok(announcer) if announcer == a => KidsTeamsBody::Wedding {
                            announcer,
                            partner: b,
                        },
                        Ok(announcer) if announcer == b => KidsTeamsBody::Wedding {
                            announcer,
                            partner: a,
                        },
                        _ => {
                            return Err(ApiError::field(
                                "invalid_body",
                                "announcer",
                                "required",
                                "name which of the two held both cards",
                            ));
                        }
                    },
                    ("alone", &[seat]) => KidsTeamsBody::Alone { seat },
                    ("wedding" | "alone", _) => {
                        return Err(ApiError::field(
                            "invalid_body",
                            "teams.seats",
                            "wrong_party_size",
                            "a wedding is two players, a player alone one",
                        ));
                    }
                    _ => return Err(invalid("teams")),
                };
                Ok(DealBody::Kids(KidsDealEntry {
                    entry: KidsMark::DoubleheadKids,
                    number,
                    reason: None,
                    teams,
                    prince_princess_coins: coins,
                    without_coins: domain::game::kids::SILVER_COINS - coins,
                    extras: self.kids_extras()?,
                }))
            }
            "doppeldoppel" => {
                let mut captured = Vec::with_capacity(players);
                for seat in 0..players {
                    let mut row = [0u8; 6];
                    for (i, count) in row.iter_mut().enumerate() {
                        let typed = self
                            .captured
                            .get(seat)
                            .and_then(|r| r.get(i))
                            .map_or("", String::as_str);
                        *count = match typed {
                            "" => 0,
                            n => n.parse::<u8>().map_err(|_| invalid("captured"))?,
                        };
                    }
                    captured.push(row);
                }
                Ok(DealBody::Doppeldoppel(DoppeldoppelDealEntry {
                    entry: DoppeldoppelMark::Doppeldoppel,
                    number,
                    reason: None,
                    captured,
                }))
            }
            _ => Err(invalid("game")),
        }
    }
}

fn invalid(field: &str) -> ApiError {
    ApiError::field(
        "invalid_body",
        field,
        "invalid_value",
        format!("{field}: not a value the form offers"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(fields: &[(&str, &str)]) -> Vec<(String, String)> {
        fields
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn kids(fields: &[(&str, &str)]) -> Result<DealBody, ApiError> {
        let mut all = vec![("game", "doublehead_kids"), ("number", "4")];
        all.extend_from_slice(fields);
        FamilyForm::from_pairs(&pairs(&all)).to_body(4)
    }

    fn field_of(e: &ApiError) -> String {
        e.problem()
            .errors
            .first()
            .map(|f| f.field.clone())
            .unwrap_or_default()
    }

    #[test]
    fn a_kids_form_is_the_team_and_its_coins() {
        let Ok(DealBody::Kids(entry)) = kids(&[
            ("team_kind", "wedding"),
            ("team", "3"),
            ("team", "1"),
            ("announcer", "3"),
            ("coins", "125"),
        ]) else {
            panic!("a Kids deal");
        };
        assert_eq!(entry.number, Some(4));
        assert_eq!(
            entry.teams,
            KidsTeamsBody::Wedding {
                announcer: 3,
                partner: 1
            }
        );
        // The other team holds the rest of the 240 Silver Coins.
        assert_eq!(
            (entry.prince_princess_coins, entry.without_coins),
            (125, 115)
        );
        let Ok(DealBody::Kids(alone)) =
            kids(&[("team_kind", "alone"), ("team", "2"), ("coins", "0")])
        else {
            panic!("a lone player's deal");
        };
        assert_eq!(alone.teams, KidsTeamsBody::Alone { seat: 2 });
        assert_eq!(alone.without_coins, 240);
    }

    #[test]
    fn what_the_kids_form_cannot_say_names_its_field() {
        for (fields, field) in [
            (
                vec![
                    ("team_kind", "pair"),
                    ("team", "0"),
                    ("team", "1"),
                    ("coins", "241"),
                ],
                "prince_princess_coins",
            ),
            (
                vec![
                    ("team_kind", "pair"),
                    ("team", "0"),
                    ("team", "1"),
                    ("coins", "viel"),
                ],
                "prince_princess_coins",
            ),
            (
                vec![
                    ("team_kind", "wedding"),
                    ("team", "0"),
                    ("team", "1"),
                    ("coins", "130"),
                ],
                "announcer",
            ),
            (
                vec![
                    ("team_kind", "wedding"),
                    ("team", "0"),
                    ("team", "1"),
                    ("announcer", "2"),
                    ("coins", "130"),
                ],
                "announcer",
            ),
            (
                vec![
                    ("team_kind", "alone"),
                    ("team", "0"),
                    ("team", "1"),
                    ("coins", "130"),
                ],
                "teams.seats",
            ),
            (
                vec![("team_kind", "pair"), ("team", "x"), ("coins", "130")],
                "teams",
            ),
            (
                vec![("team_kind", "trio"), ("team", "0"), ("coins", "130")],
                "teams",
            ),
        ] {
            let refused = kids(&fields).expect_err("refused");
            assert_eq!(field_of(&refused), field, "{fields:?}");
        }
    }

    #[test]
    fn a_doppeldoppel_form_is_a_row_per_seat_empty_cells_zero() {
        let form = FamilyForm::from_pairs(&pairs(&[
            ("game", "doppeldoppel"),
            ("c0_1", "2"),
            ("c0_2", "2"),
            ("c2_5", "1"),
            // Cells past the ranks or the seats, and a button's name, change nothing.
            ("c0_7", "9"),
            ("c4_1", "9"),
            ("action", "save"),
        ]));
        let Ok(DealBody::Doppeldoppel(entry)) = form.to_body(3) else {
            panic!("a Doppeldoppel deal");
        };
        assert_eq!(
            entry.captured,
            vec![[2, 2, 0, 0, 0, 0], [0; 6], [0, 0, 0, 0, 1, 0]]
        );
        let bad = FamilyForm::from_pairs(&pairs(&[("game", "doppeldoppel"), ("c1_3", "300")]));
        assert_eq!(field_of(&bad.to_body(3).expect_err("refused")), "captured");
    }
}
