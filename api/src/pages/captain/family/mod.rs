//! The captain's phone at a family game's table: the same `/table` and `POST /table/deals`
//! as Doppelkopf's, with the game's own form. A Doublehead Kids deal is the team with the
//! Prince/Princess cards (a pair, a wedding or a player alone) and that team's Silver
//! Coins (the other team's are the rest of the 240); a Doppeldoppel deal is, for each
//! player, the cards of each rank he captured. The form's deal goes through the same
//! services, keys and outbox as a Doppelkopf deal; the domain scores it.

mod form;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use domain::game::kids::KidsExtras;
use serde::Serialize;

use super::view::{self, Named, PreviewFragment, Refusal};
use super::{fresh_key, preview};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::pages::respond_status;
use crate::services::tables::CaptainTable;
use crate::state::AppState;
use crate::wire::sheet::FamilySheetView;
use crate::wire::sheet::{DealView, SheetResponse};
pub use form::FamilyForm;
use form::{EXTRAS_KINDS, EXTRAS_TEAMS, RANKS};

const TEMPLATE: &str = "pages/captain/family.html";
const STATE: &str = "pages/captain/_family_state.html";
const PREVIEW: &str = "pages/captain/_family_preview.html";

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
    /// Doublehead Kids' advanced game: the form asks for foxes and Karlchen.
    advanced: bool,
    /// Its grid: a row per team.
    extras: Vec<ExtrasRow>,
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

/// One team's row of the fox and Karlchen grid.
#[derive(Debug, Serialize)]
struct ExtrasRow {
    /// The i18n key of the team's name.
    label: String,
    cells: Vec<ExtrasCell>,
}

/// One count of the grid: its field, the i18n key of its column, what was typed.
#[derive(Debug, Serialize)]
struct ExtrasCell {
    name: String,
    label: String,
    value: String,
    /// The most the deck allows ([`KidsExtras::MOST`]).
    max: u8,
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
        let most = KidsExtras::MOST;
        let sheet = &table.sheet;
        let form = family.next.filter(|_| !sheet.round_closed).map(|next| {
            values.unwrap_or_else(|| {
                FamilyForm::empty(
                    family.game,
                    Some(next.number),
                    sheet.players.len(),
                    fresh_key(),
                )
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
            advanced: family.advanced,
            // The fields' limits are the deck's, as the domain checks them.
            extras: EXTRAS_TEAMS
                .iter()
                .enumerate()
                .map(|(t, team)| ExtrasRow {
                    label: format!("captain_kids_team_{team}"),
                    cells: EXTRAS_KINDS
                        .iter()
                        .enumerate()
                        .map(|(k, kind)| ExtrasCell {
                            name: format!("x_{team}_{kind}"),
                            label: format!("captain_kids_{kind}"),
                            value: form
                                .as_ref()
                                .map(|f| f.extras[t][k].clone())
                                .unwrap_or_default(),
                            max: [most.foxes, most.karlchen, most.karlchen_caught]
                                .get(k)
                                .copied()
                                .unwrap_or(0),
                        })
                        .collect(),
                })
                .collect(),
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

/// The family table's state alone, for the page's script (see `table::state_fragment`).
pub fn state_fragment(
    state: &AppState,
    req: &HttpRequest,
    table: &CaptainTable,
    family: &FamilySheetView,
) -> HttpResponse {
    crate::pages::respond_tagged(
        &state.pages,
        req,
        STATE,
        &FamilyPage::of(table, family, None),
    )
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
