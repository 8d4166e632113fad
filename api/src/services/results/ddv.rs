//! What the DDV ranking list needs of a tournament, as CSV: per player his place, start
//! number, name, club, DDV number, the rounds he played, his points in each round, his
//! total, his average per round played ("Rundenschnitt"), the tournament's name and date
//! and whether the list is final (and, where the organiser set a table's result, which
//! rounds), in the order of the
//! standings. A shared place is the same number on each line
//! and the next place skips ("1, 2, 2, 4"), as the standings rank; a player who withdrew
//! before playing is not on the list (`domain::standings::field`). The same spreadsheet
//! dialects as the standings CSV (`wire::standings::CsvDialect`).

use crate::db::DbConn;
use crate::db::models::TournamentRow;
use crate::error::ApiError;
use crate::services::standings;
use crate::wire::file_name;
use crate::wire::standings::{
    CsvDialect, adjusted_cell, adjusted_column, disqualified_cell, disqualified_column,
    spreadsheet_text, status_cell, status_column,
};

/// The ranking list as a download.
#[derive(Debug)]
pub struct Ranking {
    /// `ddv-<date>-<name>.csv`, in ASCII.
    pub file_name: String,
    /// The CSV.
    pub body: Vec<u8>,
}

/// The ranking list's CSV of `tournament` in `dialect`, with its file name.
pub fn ranking(
    conn: &mut DbConn,
    tournament: &TournamentRow,
    dialect: CsvDialect,
) -> Result<Ranking, ApiError> {
    Ok(Ranking {
        file_name: format!(
            "ddv-{}-{}.csv",
            tournament.held_on,
            file_name::words(&tournament.name)
        ),
        body: csv(conn, tournament, dialect)?,
    })
}

/// The ranking list's CSV of `tournament` in `dialect`.
fn csv(
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
            "Platz",
            "Startnummer",
            "Name",
            "Verein",
            "DDV-Nummer",
            "Runden gespielt",
        ]
    } else {
        [
            "place",
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
            [
                "Punkte",
                "Rundenschnitt",
                "Turnier",
                "Datum",
                status_column(true),
            ]
        } else {
            [
                "total",
                "average_per_round",
                "tournament",
                "date",
                status_column(false),
            ]
        }
        .map(String::from),
    );
    // Rounds the organiser set for a table that could not play count as played; a last
    // column names them, so the ranking list's keeper sees which.
    let adjusted = computed
        .standings
        .iter()
        .any(|s| s.adjusted.contains(&true));
    if adjusted {
        header.push(adjusted_column(german).to_owned());
    }
    // A player disqualified with his results kept is on the list, marked (one whose results
    // were struck is not on it, TSR 9.7.2 c).
    let disqualified = computed
        .players
        .values()
        .any(|p| p.disqualified_at.is_some() && !p.disqualification_struck);
    if disqualified {
        header.push(disqualified_column(german).to_owned());
    }
    let name = spreadsheet_text(&tournament.name);
    let date = if german {
        tournament.held_on.format("%d.%m.%Y").to_string()
    } else {
        tournament.held_on.to_string()
    };
    // Final once the organiser finished the tournament; the list's keeper takes only that.
    let status = status_cell(german, tournament.finished_at.is_some());
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
            s.rank.to_string(),
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
        record.extend([name.clone(), date.clone(), status.to_owned()]);
        if adjusted {
            record.push(adjusted_cell(&s.adjusted_rounds()));
        }
        if disqualified {
            record.push(disqualified_cell(german, p.disqualified_at.is_some()));
        }
        writer.write_record(&record).map_err(csv_error)?;
    }
    writer
        .into_inner()
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))
}
