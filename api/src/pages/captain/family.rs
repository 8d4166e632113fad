//! The captain's phone at a family game's table: the same `/table` and `POST /table/deals`
//! as Doppelkopf's, with the game's own form. A Doublehead Kids deal is the team with the
//! Prince/Princess cards (a pair, a wedding or a player alone) and that team's Silver
//! Coins (the other team's are the rest of the 240); a Doppeldoppel deal is, for each
//! player, the cards of each rank he captured. The form's deal goes through the same
//! services, keys and outbox as a Doppelkopf deal; the domain scores it.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use serde::Serialize;

use super::view::{self, Named, PreviewFragment, Refusal};
use super::{fresh_key, preview};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::pages::respond_status;
use crate::services::tables::CaptainTable;
use crate::state::AppState;
use crate::wire::family::{
    DoppeldoppelDealEntry, DoppeldoppelMark, FamilySheetView, KidsDealEntry, KidsMark,
    KidsTeamsBody,
};
use crate::wire::sheet::{DealBody, DealView, SheetResponse};

const TEMPLATE: &str = "pages/captain/family.html";
const PREVIEW: &str = "pages/captain/_family_preview.html";

/// The ranks of a Doppeldoppel card, 1 to 6.
const RANKS: [u8; 6] = [1, 2, 3, 4, 5, 6];

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
}

impl FamilyForm {
    /// An empty form for deal `number` of `game` at a table of `players`.
    fn empty(game: &str, number: Option<u16>, players: usize) -> FamilyForm {
        FamilyForm {
            game: game.to_owned(),
            number: number.map(|n| n.to_string()).unwrap_or_default(),
            idempotency_key: fresh_key(),
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

/// A seat on the family page: the player and his keys.
#[derive(Debug, Serialize)]
struct SeatLine {
    #[serde(flatten)]
    player: Named,
    start_number: i32,
    /// Golden Coins or points.
    primary: i64,
    /// Silver Coins (Doublehead Kids).
    secondary: i64,
    /// Doppeldoppel: the counts typed for this seat, rank 1 to 6.
    captured: Vec<Cell>,
    /// Doublehead Kids: ticked as one of the Prince/Princess team.
    in_team: bool,
    /// Doublehead Kids: named as a wedding's announcer.
    announcer: bool,
}

/// One count of the Doppeldoppel grid.
#[derive(Debug, Serialize)]
struct Cell {
    rank: u8,
    value: String,
}

/// One deal on the family page.
#[derive(Debug, Serialize)]
struct DealLine {
    number: u16,
    points: Vec<i64>,
}

/// The family table page.
#[derive(Debug, Serialize)]
struct FamilyPage {
    table_id: i64,
    tournament: String,
    round: i32,
    table_number: i32,
    game: &'static str,
    golden_coins: Option<u8>,
    players: Vec<SeatLine>,
    deals: Vec<DealLine>,
    next_number: Option<u16>,
    dealer: Option<Named>,
    starter: Option<Named>,
    deals_left: u16,
    complete: bool,
    round_closed: bool,
    winners: Vec<Named>,
    flash: Option<String>,
    form: Option<FamilyForm>,
    ranks: [u8; 6],
    deal_preview: Option<FamilyPreview>,
    deal_preview_error: Option<Refusal>,
    error: Option<Refusal>,
    error_field: Option<&'static str>,
}

/// What saving the form would give each seat.
#[derive(Debug, Serialize)]
struct FamilyPreview {
    number: u16,
    seats: Vec<PreviewSeat>,
}

#[derive(Debug, Serialize)]
struct PreviewSeat {
    #[serde(flatten)]
    player: Named,
    points: i64,
    total: i32,
}

impl FamilyPage {
    fn of(table: &CaptainTable, family: &FamilySheetView, values: Option<FamilyForm>) -> Self {
        let sheet = &table.sheet;
        let form = family.next.filter(|_| !sheet.round_closed).map(|next| {
            values.unwrap_or_else(|| {
                FamilyForm::empty(family.game, Some(next.number), sheet.players.len())
            })
        });
        let players = sheet
            .players
            .iter()
            .map(|p| {
                let key = family.totals.get(usize::from(p.seat));
                SeatLine {
                    player: Named::from(p),
                    start_number: p.start_number,
                    primary: key.map_or(0, |k| k.primary),
                    secondary: key.map_or(0, |k| k.secondary),
                    captured: RANKS
                        .iter()
                        .zip(0..)
                        .map(|(&rank, i): (&u8, usize)| Cell {
                            rank,
                            value: form
                                .as_ref()
                                .and_then(|f| f.captured.get(usize::from(p.seat))?.get(i).cloned())
                                .unwrap_or_default(),
                        })
                        .collect(),
                    in_team: form.as_ref().is_some_and(|f| f.team.contains(&p.seat)),
                    announcer: form
                        .as_ref()
                        .is_some_and(|f| f.announcer == p.seat.to_string()),
                }
            })
            .collect();
        FamilyPage {
            table_id: sheet.table_id,
            tournament: table.tournament.clone(),
            round: sheet.round,
            table_number: sheet.table_number,
            game: family.game,
            golden_coins: family.golden_coins,
            players,
            deals: family
                .deals
                .iter()
                .map(|d| DealLine {
                    number: d.number,
                    points: d.points.clone(),
                })
                .collect(),
            next_number: family.next.map(|n| n.number),
            dealer: family
                .next
                .and_then(|n| n.dealer)
                .map(|s| view::named(sheet, s)),
            starter: family.next.map(|n| view::named(sheet, n.starter)),
            deals_left: table.deals_left,
            complete: sheet.complete,
            round_closed: sheet.round_closed,
            winners: family
                .winners
                .iter()
                .map(|&s| view::named(sheet, s))
                .collect(),
            flash: None,
            form,
            ranks: RANKS,
            deal_preview: None,
            deal_preview_error: None,
            error: None,
            error_field: None,
        }
    }
}

/// The family table page, with what a write left to say.
pub fn page(
    state: &AppState,
    req: &HttpRequest,
    table: &CaptainTable,
    family: &FamilySheetView,
    flash: Option<String>,
) -> HttpResponse {
    let mut page = FamilyPage::of(table, family, None);
    page.flash = flash;
    respond_status(&state.pages, req, StatusCode::OK, TEMPLATE, &page)
}

/// The family page again after a refused entry: the form as the captain left it.
pub fn refused(
    state: &AppState,
    req: &HttpRequest,
    lang: Lang,
    table: &CaptainTable,
    form: FamilyForm,
    e: &ApiError,
) -> HttpResponse {
    let Some(family) = &table.sheet.family else {
        return respond_status(&state.pages, req, e.status_code(), TEMPLATE, &());
    };
    let refusal = view::refusal(lang, e);
    let mut page = FamilyPage::of(table, family, Some(form));
    page.error_field = refusal.field;
    page.error = Some(refusal);
    respond_status(&state.pages, req, e.status_code(), TEMPLATE, &page)
}

/// The preview alone (for the script) or the family page with it.
pub async fn preview_answer(
    state: &AppState,
    req: &HttpRequest,
    lang: Lang,
    caller: Caller,
    table: &CaptainTable,
    form: FamilyForm,
    fragment: bool,
) -> HttpResponse {
    let Some(family) = &table.sheet.family else {
        return refused(state, req, lang, table, form, &ApiError::NotFound);
    };
    let previewed = match form.to_body(usize::from(table.sheet.table_size)) {
        Ok(entry) => preview::preview(state, caller, table.sheet.table_id, entry).await,
        Err(e) => Err(e),
    };
    let status = previewed
        .as_ref()
        .map_or_else(ResponseError::status_code, |_| StatusCode::OK);
    let (shown, error) = match &previewed {
        Ok(p) => (preview_of(&table.sheet, &p.deal, &p.totals_after), None),
        Err(e) => (None, Some(view::refusal(lang, e))),
    };
    if fragment {
        let body = PreviewFragment {
            deal_preview: shown,
            deal_preview_error: error,
        };
        return respond_status(&state.pages, req, status, PREVIEW, &body);
    }
    let mut page = FamilyPage::of(table, family, Some(form));
    page.error_field = error.as_ref().and_then(|e| e.field);
    page.deal_preview = shown;
    page.deal_preview_error = error;
    respond_status(&state.pages, req, status, TEMPLATE, &page)
}

fn preview_of(sheet: &SheetResponse, deal: &DealView, totals: &[i32]) -> Option<FamilyPreview> {
    let DealView::Family(deal) = deal else {
        return None;
    };
    Some(FamilyPreview {
        number: deal.number,
        seats: sheet
            .players
            .iter()
            .map(|p| PreviewSeat {
                player: Named::from(p),
                points: deal.points.get(usize::from(p.seat)).copied().unwrap_or(0),
                total: totals.get(usize::from(p.seat)).copied().unwrap_or(0),
            })
            .collect(),
    })
}

/// A family deal in a few words, for the flash after saving: "Spiel 2: Anna 2, Bert 0, …".
pub fn deal_summary(lang: Lang, sheet: &SheetResponse, number: u16) -> Option<String> {
    let deal = sheet
        .family
        .as_ref()?
        .deals
        .iter()
        .find(|d| d.number == number)?;
    let seats: Vec<String> = sheet
        .players
        .iter()
        .map(|p| {
            let points = deal.points.get(usize::from(p.seat)).copied().unwrap_or(0);
            format!("{} {points}", p.name)
        })
        .collect();
    Some(format!(
        "{} {number}: {}",
        lang.text("captain_deal"),
        seats.join(", ")
    ))
}
