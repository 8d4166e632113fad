//! What the DDV ranking list needs of a tournament, as CSV: per player his start number,
//! name, club, DDV number, the rounds he played, his points in each round, his total and
//! his average per round played ("Rundenschnitt"), in the order of the standings. The
//! same spreadsheet dialects as the standings CSV (`wire::standings::CsvDialect`).

use crate::db::DbConn;
use crate::db::models::TournamentRow;
use crate::error::ApiError;
use crate::services::standings;
use crate::wire::standings::{CsvDialect, spreadsheet_text};

/// The ranking list's CSV of `tournament` in `dialect`.
pub fn csv(
    conn: &mut DbConn,
    tournament: &TournamentRow,
    dialect: CsvDialect,
) -> Result<Vec<u8>, ApiError> {
    super::doppelkopf_only(tournament, "the DDV ranking list")?;
    let computed = standings::compute(conn, tournament, None)?;
    let german = dialect == CsvDialect::De;
    let mut out = Vec::new();
    if german {
        // As the standings CSV: without the BOM German Excel garbles every umlaut.
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    let mut writer = csv::WriterBuilder::new()
        .delimiter(if german { b';' } else { b',' })
        .from_writer(out);
    let rounds = tournament.rounds_planned.max(0);
    let mut header: Vec<String> = if german {
        [
            "Startnummer",
            "Name",
            "Verein",
            "DDV-Nummer",
            "Runden gespielt",
        ]
    } else {
        [
            "start_number",
            "name",
            "club",
            "ddv_number",
            "rounds_played",
        ]
    }
    .map(String::from)
    .into();
    header.extend((1..=rounds).map(|r| {
        if german {
            format!("Runde {r}")
        } else {
            format!("round_{r}")
        }
    }));
    header.extend(
        if german {
            ["Punkte", "Rundenschnitt"]
        } else {
            ["total", "average_per_round"]
        }
        .map(String::from),
    );
    let csv_error = |e: csv::Error| ApiError::Internal(e.into());
    writer.write_record(&header).map_err(csv_error)?;
    for s in &computed.standings {
        let Some(p) = computed.players.get(&s.player) else {
            continue;
        };
        let played = s.rounds.iter().flatten().count();
        let average = s
            .average_per_round
            .map(|a| a.to_string())
            .unwrap_or_default();
        let mut record = vec![
            p.start_number.to_string(),
            spreadsheet_text(&p.name),
            spreadsheet_text(p.club.as_deref().unwrap_or_default()),
            spreadsheet_text(p.ddv_number.as_deref().unwrap_or_default()),
            played.to_string(),
        ];
        record.extend(
            s.rounds
                .iter()
                .map(|r| r.map(|points| points.to_string()).unwrap_or_default()),
        );
        record.push(s.total.to_string());
        // The one cell with decimals: German spreadsheets read "18,67" as the number.
        record.push(if german {
            average.replace('.', ",")
        } else {
            average
        });
        writer.write_record(&record).map_err(csv_error)?;
    }
    writer
        .into_inner()
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))
}
