//! The standings on the wire: the JSON answer and the same rows as CSV for spreadsheets,
//! plain or in the German spreadsheet dialect.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;

/// Which standings.
#[derive(Debug, Deserialize, IntoParams)]
pub struct StandingsQuery {
    /// Only this round (default: the whole tournament).
    #[param(value_type = Option<u16>)]
    pub round: Option<String>,
    /// The CSV for this spreadsheet dialect: `plain` (`,`, decimal point, English headers;
    /// what `Accept: text/csv` gives) or `de` (German Excel: `;`, decimal comma, UTF-8 with
    /// BOM, German headers). Naming a dialect asks for the CSV, so a plain link downloads
    /// it; without one the answer is JSON unless `Accept: text/csv`.
    #[param(value_type = Option<CsvDialect>, inline)]
    pub dialect: Option<String>,
}

/// What the standings stream's events carry.
#[derive(Debug, Deserialize, IntoParams)]
pub struct StreamQuery {
    /// `standings` (default): each event's data is the standings as JSON; `version`: only
    /// `{"version": "<version>"}`, for a client that fetches what it shows when told.
    #[param(value_type = Option<String>, example = "version")]
    pub data: Option<String>,
}

/// A spreadsheet dialect of the standings CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum CsvDialect {
    /// `,` between cells, a decimal point, English headers, UTF-8 without BOM.
    Plain,
    /// What German spreadsheets open as they are: `;` between cells, a decimal comma,
    /// German headers, UTF-8 with a BOM (without it Excel reads the file as Windows-1252
    /// and garbles umlauts).
    De,
}

impl CsvDialect {
    /// The dialect a query value names.
    pub fn parse(value: &str) -> Option<CsvDialect> {
        match value {
            "plain" => Some(CsvDialect::Plain),
            "de" => Some(CsvDialect::De),
            _ => None,
        }
    }
}

/// One player's place.
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingRow {
    /// Rank from 1; equal players share it.
    pub rank: u32,
    /// Player id.
    pub player_id: i64,
    /// Start number.
    pub start_number: i32,
    /// Name: in full for the tournament's organiser, for everybody else as the player asked
    /// to be shown ("M. Müller").
    pub name: String,
    /// Club.
    pub club: Option<String>,
    /// Sum of his sheet entries, penalties included.
    pub total: i64,
    /// Points per round (round 1 first; null where not played: a round counts once his
    /// table has a deal entered, or the organiser set its result).
    pub rounds: Vec<Option<i32>>,
    /// The rounds (numbers, from 1) whose points the organiser set because the table could
    /// not play ("festgesetzte Wertung"); they count as played. Absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjusted_rounds: Vec<u16>,
    /// Average per round played, as the DDV ranking list uses it ("18.67"); null before his
    /// first round.
    pub average_per_round: Option<String>,
    /// Deals played.
    pub deals_played: u32,
    /// Games won.
    pub games_won: u32,
    /// Solos played (Pflicht-, Lust-, vorgeführte Soli).
    pub solos_played: u32,
    /// Solos won.
    pub solos_won: u32,
    /// Doublehead Kids: the Silver Coins, which rank players with equal Golden Coins
    /// (`total`); absent in the other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub silver_coins: Option<i64>,
    /// Left the tournament.
    pub withdrawn: bool,
    /// Disqualified by the arbitration panel with his results kept (TSR 9.7.2 c): ranked
    /// and marked. One whose results were struck is not in the standings.
    pub disqualified: bool,
}

/// The standings.
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingsResponse {
    /// The tournament.
    pub tournament_id: i64,
    /// The round, when only one is shown.
    pub round: Option<u16>,
    /// Tie-breaks applied after the total, in order.
    pub tie_breaks: Vec<String>,
    /// When the organiser finished the tournament: these are its final standings (`null`
    /// while it runs, and for one round's standings of a finished tournament too).
    #[schema(value_type = Option<String>, format = DateTime)]
    pub finished_at: Option<chrono::DateTime<chrono::Utc>>,
    /// Best first.
    pub standings: Vec<StandingRow>,
    /// Tables whose sheet cannot be scored as stored; they are left out until mended.
    pub needs_attention: Vec<AttentionRow>,
}

/// One event of the standings stream (`text/event-stream`): named `standings`, the
/// standings' version as its id, their JSON as its data. Serialised JSON has no line
/// break, so the data is one line.
pub fn event(version: u64, json: &[u8]) -> Vec<u8> {
    let mut event = format!("event: standings\nid: {version}\ndata: ").into_bytes();
    event.extend_from_slice(json);
    event.extend_from_slice(b"\n\n");
    event
}

/// A server-sent event naming only the standings' new version.
pub fn version_event(version: u64) -> Vec<u8> {
    format!("event: standings\nid: {version}\ndata: {{\"version\":\"{version}\"}}\n\n").into_bytes()
}

/// A table the organiser must look at.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttentionRow {
    /// The table's id.
    pub table_id: i64,
    /// Its round.
    pub round: i32,
    /// Its number in the round.
    pub table_number: i32,
    /// What is wrong.
    pub problem: String,
}

/// A text cell a spreadsheet shows as text: one that starts like a formula (`=`, `+`, `-`,
/// `@`, or a tab or line break before one) gets a leading `'`, which spreadsheets take as
/// "text follows" and do not show. Without it a player registered as `=HYPERLINK(…)` runs
/// on the organiser's machine when the standings are opened (CSV injection).
pub fn spreadsheet_text(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r', '\n']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

/// The rows as CSV in `dialect`: a header line, then one line per player with a column per
/// round, and a column saying whether they are final (`is_final`: the tournament is
/// finished). Both dialects hold the same cells; the German one differs only in separator,
/// decimal comma, headers, yes/no words and a leading BOM.
pub fn csv(
    rounds: i32,
    rows: &[StandingRow],
    dialect: CsvDialect,
    is_final: bool,
) -> Result<Vec<u8>, ApiError> {
    let german = dialect == CsvDialect::De;
    let mut out = Vec::new();
    if german {
        // Excel takes a CSV without BOM for the system's ANSI code page (Windows-1252 in
        // Germany) and garbles every umlaut; the BOM tells it the file is UTF-8.
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    let mut writer = csv::WriterBuilder::new()
        .delimiter(if german { b';' } else { b',' })
        .from_writer(out);
    let words: [&str; 12] = if german {
        [
            "Platz",
            "Startnummer",
            "Name",
            "Verein",
            "Punkte",
            "Rundenschnitt",
            "Spiele",
            "Gewonnen",
            "Soli",
            "Soli gewonnen",
            "Zurückgezogen",
            status_column(true),
        ]
    } else {
        [
            "rank",
            "start_number",
            "name",
            "club",
            "total",
            "average_per_round",
            "deals_played",
            "games_won",
            "solos_played",
            "solos_won",
            "withdrawn",
            status_column(false),
        ]
    };
    let [rank, start, name, club, total, average, rest @ ..] = words;
    let mut header: Vec<String> = [rank, start, name, club, total].map(String::from).into();
    header.extend((1..=rounds).map(|r| {
        if german {
            format!("Runde {r}")
        } else {
            format!("round_{r}")
        }
    }));
    header.push(average.to_owned());
    header.extend(rest.iter().map(|w| (*w).to_owned()));
    // Doublehead Kids ranks equal Golden Coins (the total) by Silver Coins: a last column.
    let silver = rows.iter().any(|r| r.silver_coins.is_some());
    if silver {
        header.push(
            if german {
                "Silbertaler"
            } else {
                "silver_coins"
            }
            .to_owned(),
        );
    }
    // Rounds the organiser set for a table that could not play: a last column naming them,
    // so the round cells stay numbers.
    let adjusted = rows.iter().any(|r| !r.adjusted_rounds.is_empty());
    if adjusted {
        header.push(adjusted_column(german).to_owned());
    }
    // Players disqualified with their results kept: a last column marks them.
    let disqualified = rows.iter().any(|r| r.disqualified);
    if disqualified {
        header.push(disqualified_column(german).to_owned());
    }
    let csv_error = |e: csv::Error| ApiError::Internal(e.into());
    writer.write_record(&header).map_err(csv_error)?;
    for row in rows {
        let mut record = vec![
            row.rank.to_string(),
            row.start_number.to_string(),
            // Names and clubs are typed by people, so they are the cells that could hold a
            // formula; the other cells are numbers we wrote (a negative total stays `-3`).
            spreadsheet_text(&row.name),
            spreadsheet_text(row.club.as_deref().unwrap_or_default()),
            row.total.to_string(),
        ];
        record.extend(
            row.rounds
                .iter()
                .map(|r| r.map(|p| p.to_string()).unwrap_or_default()),
        );
        let average = row.average_per_round.clone().unwrap_or_default();
        record.extend([
            // The average is the only cell with decimals ("18.67"); German spreadsheets
            // read "18.67" as a date or text, "18,67" as the number.
            if german {
                average.replace('.', ",")
            } else {
                average
            },
            row.deals_played.to_string(),
            row.games_won.to_string(),
            row.solos_played.to_string(),
            row.solos_won.to_string(),
            match (german, row.withdrawn) {
                (false, withdrawn) => withdrawn.to_string(),
                (true, true) => "ja".to_owned(),
                (true, false) => "nein".to_owned(),
            },
            status_cell(german, is_final).to_owned(),
        ]);
        if silver {
            record.push(row.silver_coins.map(|s| s.to_string()).unwrap_or_default());
        }
        if adjusted {
            record.push(adjusted_cell(&row.adjusted_rounds));
        }
        if disqualified {
            record.push(disqualified_cell(german, row.disqualified));
        }
        writer.write_record(&record).map_err(csv_error)?;
    }
    writer
        .into_inner()
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))
}

/// The heading of the CSVs' column saying whether the standings are final: the organiser
/// finished the tournament ("Turnier abschließen"), or they may still change.
pub const fn status_column(german: bool) -> &'static str {
    if german { "Stand" } else { "status" }
}

/// That column's cell: `final` or `provisional` ("Endstand", "vorläufig").
pub const fn status_cell(german: bool, is_final: bool) -> &'static str {
    match (german, is_final) {
        (false, true) => "final",
        (false, false) => "provisional",
        (true, true) => "Endstand",
        (true, false) => "vorläufig",
    }
}

/// The heading of the CSVs' last column, present when a round's result was set for some
/// player's table (it could not play).
pub fn adjusted_column(german: bool) -> &'static str {
    if german {
        "Festgesetzte Runden"
    } else {
        "adjusted_rounds"
    }
}

/// The heading of the CSVs' column marking players disqualified with their results kept
/// (TSR 9.7.2 c), present when there is one.
pub fn disqualified_column(german: bool) -> &'static str {
    if german {
        "Disqualifiziert"
    } else {
        "disqualified"
    }
}

/// That column's cell.
pub fn disqualified_cell(german: bool, disqualified: bool) -> String {
    match (german, disqualified) {
        (false, d) => d.to_string(),
        (true, true) => "ja".to_owned(),
        (true, false) => "nein".to_owned(),
    }
}

/// That column's cell: the rounds set, space-separated ("2 3"), empty when none.
pub fn adjusted_cell(rounds: &[u16]) -> String {
    let rounds: Vec<String> = rounds.iter().map(u16::to_string).collect();
    rounds.join(" ")
}

#[cfg(test)]
mod tests {
    use super::{CsvDialect, StandingRow, csv, spreadsheet_text};

    fn row(name: &str, rounds: Vec<Option<i32>>, average: Option<&str>) -> StandingRow {
        StandingRow {
            rank: 1,
            player_id: 7,
            start_number: 12,
            name: name.to_owned(),
            club: Some("DK Köln".to_owned()),
            total: rounds.iter().flatten().map(|&p| i64::from(p)).sum(),
            rounds,
            adjusted_rounds: Vec::new(),
            average_per_round: average.map(str::to_owned),
            deals_played: 24,
            games_won: 13,
            solos_played: 1,
            solos_won: 1,
            silver_coins: None,
            withdrawn: false,
            disqualified: false,
        }
    }

    #[test]
    fn the_german_dialect_has_bom_semicolons_decimal_commas_and_german_headers() {
        let rows = [
            row(
                "Müller; Max",
                vec![Some(23), Some(-8), Some(41)],
                Some("18.67"),
            ),
            row("=1+1", vec![None, None, None], None),
        ];
        let german = csv(3, &rows, CsvDialect::De, false).unwrap();
        let text = std::str::from_utf8(&german).unwrap();
        assert_eq!(
            text,
            "\u{feff}Platz;Startnummer;Name;Verein;Punkte;Runde 1;Runde 2;Runde 3;\
             Rundenschnitt;Spiele;Gewonnen;Soli;Soli gewonnen;Zurückgezogen;Stand\n\
             1;12;\"Müller; Max\";DK Köln;56;23;-8;41;18,67;24;13;1;1;nein;vorläufig\n\
             1;12;'=1+1;DK Köln;0;;;;;24;13;1;1;nein;vorläufig\n"
        );
        let plain = String::from_utf8(csv(3, &rows, CsvDialect::Plain, true).unwrap()).unwrap();
        assert_eq!(
            plain.lines().nth(1),
            Some("1,12,Müller; Max,DK Köln,56,23,-8,41,18.67,24,13,1,1,false,final")
        );
        assert!(plain.starts_with("rank,start_number,name,club,total,round_1,"));
    }

    #[test]
    fn formula_like_text_is_neutralised_and_other_text_kept() {
        for (given, written) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+49 170", "'+49 170"),
            ("-Meier", "'-Meier"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1+1", "'\t=1+1"),
            ("\r=1+1", "'\r=1+1"),
            ("Anna Schmidt", "Anna Schmidt"),
            ("Anna = Bernd", "Anna = Bernd"),
            ("'quoted", "'quoted"),
            ("", ""),
        ] {
            assert_eq!(spreadsheet_text(given), written, "{given:?}");
        }
    }
}
