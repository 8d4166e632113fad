//! A table's score sheet for everybody (the paper list, public): every deal with its
//! dealer, kind, contract, the Re party, each seat's entry and the penalties, and the
//! totals. What is shown is the sheet the API derives ([`crate::services::sheet`]); this
//! module only chooses the words.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{PageError, TournamentHeading, Viewer, respond, respond_tagged};
use crate::services::public::{self, TableSheet};
use crate::state::AppState;
use crate::wire::score::ContractName;
use crate::wire::sheet::SheetResponse;

#[derive(Debug, Serialize)]
struct SheetPage {
    id: i64,
    tournament: TournamentHeading,
    round: i32,
    table: i32,
    table_size: u8,
    planned_deals: u16,
    seats: Vec<SeatHead>,
    deals: Vec<DealLine>,
    totals: Vec<Cell>,
    /// Doublehead Kids: the Golden Coins that end the round (then `totals` are Golden
    /// Coins) and each seat's Silver Coins.
    golden_coins: Option<u8>,
    silver: Option<Vec<Cell>>,
    /// Doppeldoppel names no dealer: the column shows who started each deal.
    starter_column: bool,
    complete: bool,
    time_up: bool,
    round_closed: bool,
    /// Every player at the table, signed or not, in seat order.
    signatures: Vec<SignLine>,
    signed_by_all: bool,
    /// The organiser set the table's result (it could not play): why.
    adjusted: Option<String>,
    /// The arbitration panel stopped the round where it stood: why.
    stopped: Option<String>,
}

#[derive(Debug, Serialize)]
struct SignLine {
    player_id: i64,
    seat: u8,
    name: String,
    /// When he signed ("24.11.2026 14:03", the tournament's local time), if he has.
    signed_at: Option<String>,
}

#[derive(Debug, Serialize)]
struct SeatHead {
    /// 0-based, as the API counts.
    seat: u8,
    /// 1-based, as the table says it.
    position: u8,
    player_id: i64,
    name: String,
    start_number: i32,
}

#[derive(Debug, Serialize)]
struct DealLine {
    number: u16,
    dealer: String,
    /// The dealer's position (1-based): what a phone's narrow column shows.
    dealer_position: u8,
    /// Text keys.
    kind: &'static str,
    contract: &'static str,
    /// Keyed in from the paper list.
    paper: bool,
    /// The Re party's positions (1-based).
    re: Vec<u8>,
    scores: Vec<Cell>,
    penalties: Vec<PenaltyLine>,
}

#[derive(Debug, Serialize)]
struct Cell {
    seat: u8,
    value: i32,
    /// The seat sat this deal out (5-table).
    out: bool,
}

#[derive(Debug, Serialize)]
struct PenaltyLine {
    /// Text key.
    severity: &'static str,
    offender: String,
    /// The points deducted for unsportsmanlike conduct (TSR 9.7.2 b), shown beside it:
    /// the one penalty that does not show in the other players' entries.
    deduction: Option<u8>,
}

/// The text key of a contract.
fn contract_key(contract: ContractName) -> &'static str {
    match contract {
        ContractName::Normal => "sheet_contract_normal",
        ContractName::Wedding => "sheet_contract_wedding",
        ContractName::WeddingSolo => "sheet_contract_wedding_solo",
        ContractName::SilentWedding => "sheet_contract_silent_wedding",
        ContractName::SoloQueens => "sheet_contract_solo_queens",
        ContractName::SoloJacks => "sheet_contract_solo_jacks",
        ContractName::SoloFleshless => "sheet_contract_solo_fleshless",
        ContractName::SoloDiamonds => "sheet_contract_solo_diamonds",
        ContractName::SoloHearts => "sheet_contract_solo_hearts",
        ContractName::SoloSpades => "sheet_contract_solo_spades",
        ContractName::SoloClubs => "sheet_contract_solo_clubs",
        ContractName::Armut => "sheet_contract_armut",
    }
}

/// The text key of a family game's name, which its deals show where Doppelkopf's show the
/// contract.
fn game_key(game: &str) -> &'static str {
    match game {
        "doublehead_kids" => "rules_doublehead_kids",
        _ => "rules_doppeldoppel",
    }
}

/// The text key of a deal's kind as the sheet names it.
fn kind_key(kind: &str) -> &'static str {
    match kind {
        "pflichtsolo" => "sheet_kind_pflichtsolo",
        "lustsolo" => "sheet_kind_lustsolo",
        "vorgefuehrt" => "sheet_kind_vorgefuehrt",
        "thrown_in" => "sheet_kind_thrown_in",
        _ => "sheet_kind_normal",
    }
}

/// The text key of a penalty's severity; unsportsmanlike conduct without a deduction is a
/// warning (TSR 9.7.2 a).
pub(crate) fn severity_key(severity: &str, deduction: u8) -> &'static str {
    match severity {
        "insignificant" => "sheet_severity_insignificant",
        "minor" => "sheet_severity_minor",
        "unsportsmanlike" if deduction == 0 => "sheet_severity_warning",
        "unsportsmanlike" => "sheet_severity_unsportsmanlike",
        _ => "sheet_severity_serious",
    }
}

fn page(id: i64, TableSheet { tournament, sheet }: TableSheet) -> SheetPage {
    let SheetResponse {
        table_number,
        round,
        players,
        table_size,
        planned_deals,
        complete,
        time_up,
        round_closed,
        deals,
        totals,
        signatures,
        signed_by_all,
        family,
        adjusted,
        stopped,
        ..
    } = sheet;
    let name = |seat: u8| {
        players
            .iter()
            .find(|p| p.seat == seat)
            .map_or_else(|| format!("{}", seat + 1), |p| p.name.clone())
    };
    let cells = |scores: &[i32], out: Option<u8>| {
        scores
            .iter()
            .zip(0u8..)
            .map(|(&value, seat)| Cell {
                seat,
                value,
                out: out == Some(seat),
            })
            .collect()
    };
    SheetPage {
        id,
        tournament: (&tournament).into(),
        round,
        table: table_number,
        table_size,
        planned_deals,
        seats: players
            .iter()
            .map(|p| SeatHead {
                seat: p.seat,
                position: p.seat + 1,
                player_id: p.player_id,
                name: p.name.clone(),
                start_number: p.start_number,
            })
            .collect(),
        deals: match &family {
            // A family game's deal: what each seat won; no contract, party or penalty.
            Some(family) => family
                .deals
                .iter()
                .map(|d| DealLine {
                    number: d.number,
                    dealer: name(d.dealer.unwrap_or(d.starter)),
                    dealer_position: d.dealer.unwrap_or(d.starter).saturating_add(1),
                    kind: "sheet_kind_normal",
                    contract: game_key(family.game),
                    paper: false,
                    re: Vec::new(),
                    scores: d
                        .points
                        .iter()
                        .zip(0u8..)
                        .map(|(&p, seat)| Cell {
                            seat,
                            value: i32::try_from(p).unwrap_or(i32::MAX),
                            out: false,
                        })
                        .collect(),
                    penalties: Vec::new(),
                })
                .collect(),
            None => deals
                .iter()
                .map(|d| DealLine {
                    number: d.number,
                    dealer: name(d.dealer),
                    dealer_position: d.dealer.saturating_add(1),
                    kind: kind_key(d.kind),
                    contract: contract_key(d.contract),
                    paper: d.entry.is_paper(),
                    re: d.re.iter().map(|s| s + 1).collect(),
                    scores: cells(&d.scores, d.sitting_out),
                    penalties: d
                        .penalties
                        .iter()
                        .map(|p| PenaltyLine {
                            severity: severity_key(&p.severity, p.deduction),
                            offender: name(p.offender),
                            deduction: Some(p.deduction).filter(|&d| d > 0),
                        })
                        .collect(),
                })
                .collect(),
        },
        totals: cells(&totals, None),
        golden_coins: family.as_ref().and_then(|f| f.golden_coins),
        starter_column: family
            .as_ref()
            .is_some_and(|f| f.deals.iter().all(|d| d.dealer.is_none())),
        silver: family
            .as_ref()
            .filter(|f| f.golden_coins.is_some())
            .map(|f| {
                f.totals
                    .iter()
                    .zip(0u8..)
                    .map(|(k, seat)| Cell {
                        seat,
                        value: i32::try_from(k.secondary).unwrap_or(i32::MAX),
                        out: false,
                    })
                    .collect()
            }),
        complete,
        time_up,
        round_closed,
        adjusted: adjusted.map(|a| a.reason),
        stopped: stopped.map(|s| s.reason),
        signatures: players
            .iter()
            .map(|p| SignLine {
                player_id: p.player_id,
                seat: p.seat,
                name: p.name.clone(),
                signed_at: signatures
                    .iter()
                    .find(|s| s.player_id == p.player_id)
                    .map(|s| signed_at(&tournament.time_zone, &s.signed_at)),
            })
            .collect(),
        signed_by_all,
    }
}

/// An RFC 3339 instant as the sheet prints it, in the tournament's time zone `zone`, or as
/// it came if it does not parse.
fn signed_at(zone: &str, rfc3339: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(rfc3339).map_or_else(
        |_| rfc3339.to_owned(),
        |t| crate::local_time::date_and_clock(zone, t.naive_utc()),
    )
}

/// `/tournaments/{id}/rounds/{n}/tables/{t}`: table `t`'s sheet in round `n`.
#[get("/tournaments/{id}/rounds/{round}/tables/{table}")]
pub async fn table_sheet(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(String, String, String)>,
) -> HttpResponse {
    let (id, round, table) = path.into_inner();
    let id = id.parse::<i64>().ok();
    let viewer = Viewer::of(&state, &req, id).await;
    let result = match (
        viewer.caller,
        id,
        round.parse::<i32>(),
        table.parse::<i32>(),
    ) {
        (Ok(caller), Some(id), Ok(round), Ok(table)) => {
            public::table_sheet(&state, caller, id, round, table)
                .await
                .map(|sheet| page(id, sheet))
                .map_err(PageError::from)
        }
        _ => Err(PageError::NotFound),
    };
    // The script's fragment: the live part alone, tagged, an empty 304 while unchanged.
    let fragment = req
        .query_string()
        .split('&')
        .any(|pair| pair == "fragment=live");
    match result {
        Ok(page) if fragment => respond_tagged(&state.pages, &req, LIVE, &page),
        result => respond(
            &state.pages,
            &req,
            "pages/sheet/sheet.html",
            result,
            viewer.preview.as_ref(),
        ),
    }
}

/// The live part of a table's sheet.
const LIVE: &str = "pages/sheet/_live.html";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::i18n::Lang;

    #[test]
    fn every_contract_kind_and_severity_has_its_texts() {
        let contracts = [
            ContractName::Normal,
            ContractName::Wedding,
            ContractName::WeddingSolo,
            ContractName::SilentWedding,
            ContractName::SoloQueens,
            ContractName::SoloJacks,
            ContractName::SoloFleshless,
            ContractName::SoloDiamonds,
            ContractName::SoloHearts,
            ContractName::SoloSpades,
            ContractName::SoloClubs,
        ];
        let keys = contracts
            .into_iter()
            .map(contract_key)
            .chain(
                [
                    "normal",
                    "pflichtsolo",
                    "lustsolo",
                    "vorgefuehrt",
                    "thrown_in",
                ]
                .into_iter()
                .map(kind_key),
            )
            .chain(
                [
                    ("insignificant", 0),
                    ("minor", 0),
                    ("serious", 0),
                    ("unsportsmanlike", 0),
                    ("unsportsmanlike", 12),
                ]
                .into_iter()
                .map(|(severity, deduction)| severity_key(severity, deduction)),
            );
        for key in keys {
            for lang in [Lang::De, Lang::En] {
                assert!(lang.texts().contains_key(key), "{key}");
            }
        }
        assert_eq!(Lang::De.text(kind_key("vorgefuehrt")), "vorgeführt");
        assert_eq!(
            Lang::De.text(kind_key("thrown_in")),
            "eingeworfen, neu gegeben"
        );
    }
}
