//! The players CSV upload as organisers' spreadsheets write it: English or German headers in
//! any case, `,` or `;` between cells (German Excel writes `;`), UTF-8 with or without a BOM,
//! Windows-1252 (German Excel's "CSV (Trennzeichen-getrennt)", which also reads Latin-1
//! files), and CRLF line ends. It turns the bytes into registrations; whether a registration
//! is valid (lengths, start numbers) is the players service's business.
//!
//! Errors name the line as a spreadsheet numbers it (the header is line 1) and, where one
//! cell is at fault, its column by the API's field name: `line 3: start_number`.

use std::borrow::Cow;

use crate::error::{ApiError, FieldError};
use crate::wire::players::CreatePlayerRequest;

/// The columns the import knows, by the field of [`CreatePlayerRequest`] they fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Name,
    Club,
    DdvNumber,
    StartNumber,
    CheckedIn,
    PublicName,
}

impl Column {
    /// The API's field name, used in errors.
    const fn field(self) -> &'static str {
        match self {
            Column::Name => "name",
            Column::Club => "club",
            Column::DdvNumber => "ddv_number",
            Column::StartNumber => "start_number",
            Column::CheckedIn => "checked_in",
            Column::PublicName => "public_name",
        }
    }

    /// The column a header names. Headers are compared in lower case with everything but
    /// letters and digits dropped, so `ddv_number`, `DDV-Nr.`, `DDV-Nummer` and `DDV Nr`
    /// all match without listing every spelling. Unknown headers are not an error: a
    /// club's list often has columns of its own (birthday, phone) that are left out.
    fn of_header(header: &str) -> Option<Column> {
        let key: String = header
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        Some(match key.as_str() {
            "name" | "spieler" | "spielername" => Column::Name,
            "club" | "verein" => Column::Club,
            "ddvnumber" | "ddvnr" | "ddvnummer" | "ddvmitgliedsnummer" => Column::DdvNumber,
            "startnumber" | "startnummer" | "startnr" => Column::StartNumber,
            "checkedin" | "anwesend" | "eingecheckt" => Column::CheckedIn,
            "publicname" | "anzeigename" | "öffentlichername" => Column::PublicName,
            _ => return None,
        })
    }
}

/// A problem with the whole file, reported at `line` (1 for the header).
fn file_error(line: u64, code: &str, message: impl Into<String>) -> ApiError {
    ApiError::field("invalid_csv", &format!("line {line}"), code, message)
}

/// The line (from 1) on which byte `offset` of `bytes` stands.
fn line_of(bytes: &[u8], offset: usize) -> u64 {
    let newlines = bytes
        .get(..offset)
        .unwrap_or(bytes)
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    u64::try_from(newlines).map_or(u64::MAX, |n| n.saturating_add(1))
}

/// The line (from 1) of the record that starts at byte `start` of `text`. The csv crate's
/// own line count is one short after a CRLF or a blank line, and its record position points
/// at the line ends before the record; a spreadsheet user needs the line his program shows.
fn record_line(text: &str, start: u64) -> u64 {
    let bytes = text.as_bytes();
    let start = usize::try_from(start)
        .unwrap_or(usize::MAX)
        .min(bytes.len());
    let first = bytes
        .get(start..)
        .and_then(|rest| rest.iter().position(|&b| b != b'\r' && b != b'\n'))
        .map_or(bytes.len(), |skip| start.saturating_add(skip));
    line_of(bytes, first)
}

/// The bytes as text. UTF-8 (a BOM is dropped) is taken as it is; anything else is read as
/// Windows-1252, which is what German Excel and older club software write and which agrees
/// with Latin-1 on every letter a name holds. What cannot be told apart safely is refused
/// rather than imported with garbled names: UTF-16, bytes Windows-1252 does not define,
/// control characters, and a file that mixes UTF-8 letters with other bytes (pasted
/// together from two sources), where either reading garbles some names.
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, ApiError> {
    const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err(file_error(
            1,
            "unsupported_encoding",
            "the file is UTF-16 (\"Unicode text\"); save it as \"CSV UTF-8\" or \"CSV (Trennzeichen-getrennt)\"",
        ));
    }
    let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(Cow::Borrowed(text));
    }
    let mut offset = 0;
    let mut utf8_letters = false;
    let mut first_invalid = None;
    for chunk in bytes.utf8_chunks() {
        utf8_letters |= !chunk.valid().is_ascii();
        offset += chunk.valid().len();
        if !chunk.invalid().is_empty() && first_invalid.is_none() {
            first_invalid = Some(offset);
        }
        offset += chunk.invalid().len();
    }
    if utf8_letters {
        return Err(file_error(
            line_of(bytes, first_invalid.unwrap_or(0)),
            "unknown_encoding",
            "the file mixes UTF-8 with another encoding from this line on; save it again as \"CSV UTF-8\"",
        ));
    }
    // Bytes Windows-1252 leaves undefined, and control characters other than tab and line
    // ends: no spreadsheet writes them into a CSV, so the file is in some other encoding.
    if let Some(at) = bytes.iter().position(|&b| {
        matches!(b, 0x81 | 0x8D | 0x8F | 0x90 | 0x9D)
            || (b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n'))
    }) {
        return Err(file_error(
            line_of(bytes, at),
            "unknown_encoding",
            "the file is neither UTF-8 nor Windows-1252 (Latin-1); save it as \"CSV UTF-8\"",
        ));
    }
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
    Ok(text)
}

/// The cell separator, as the header line uses it: `;` when it has more semicolons than
/// commas outside quotes (German Excel), `,` otherwise (a lone `name` column included).
fn separator(text: &str) -> u8 {
    let header = text.lines().next().unwrap_or_default();
    let (mut quoted, mut commas, mut semicolons) = (false, 0usize, 0usize);
    for c in header.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => commas += 1,
            ';' if !quoted => semicolons += 1,
            _ => {}
        }
    }
    if semicolons > commas { b';' } else { b',' }
}

/// A yes/no cell: `true`/`false` as the API writes them, and what a German list holds
/// (`ja`, `nein`, an `x` ticked); blank is no.
fn yes_no(cell: &str) -> Option<bool> {
    match cell.to_lowercase().as_str() {
        "true" | "yes" | "ja" | "j" | "x" | "1" => Some(true),
        "false" | "no" | "nein" | "n" | "0" | "" => Some(false),
        _ => None,
    }
}

/// One data row of an upload as it was read: the line a spreadsheet shows for it, the
/// registration its cells make (none when the row cannot be read at all, as with a wrong
/// number of cells), and everything wrong with its cells.
#[derive(Debug, Clone)]
pub struct ReadRow {
    /// The line (the header is line 1).
    pub line: u64,
    /// What the cells say; a cell that does not read (a start number `x`) is left out and
    /// named in `errors`.
    pub request: Option<CreatePlayerRequest>,
    /// Every problem of the row, each naming its line and, where one cell is at fault, its
    /// column (`line 3: start_number`).
    pub errors: Vec<FieldError>,
}

impl ReadRow {
    /// The prefix naming this row's line in later errors (`line 3: `).
    pub fn prefix(&self) -> String {
        format!("line {}: ", self.line)
    }

    /// Whether its start number cell is at fault (the row then has no number to show).
    pub fn bad_start_number(&self) -> bool {
        let field = format!("line {}: {}", self.line, Column::StartNumber.field());
        self.errors.iter().any(|e| e.field == field)
    }
}

/// Reads every data row of a CSV upload with all its problems, for a preview that shows
/// the whole file. An error is a problem with the whole file (its encoding, its header, no
/// rows at all): then there are no rows to show.
pub fn read(bytes: &[u8]) -> Result<Vec<ReadRow>, ApiError> {
    let text = decode(bytes)?;
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(separator(&text))
        .trim(csv::Trim::All)
        .flexible(false)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| file_error(1, "invalid_header", e.to_string()))?
        .clone();
    let mut columns: Vec<(Column, usize)> = Vec::new();
    for (at, header) in headers.iter().enumerate() {
        let Some(column) = Column::of_header(header) else {
            continue;
        };
        if let Some(&(_, first)) = columns.iter().find(|(c, _)| *c == column) {
            return Err(file_error(
                1,
                "duplicate_column",
                format!(
                    "\"{}\" and \"{header}\" are both the {} column",
                    headers.get(first).unwrap_or_default(),
                    column.field()
                ),
            ));
        }
        columns.push((column, at));
    }
    if !columns.iter().any(|(c, _)| *c == Column::Name) {
        return Err(file_error(
            1,
            "missing_column",
            "the header needs a name column (\"name\" or \"Name\")",
        ));
    }

    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        // The line where the record starts; a quoted cell may hold a line break and blank
        // lines are skipped, so this is not always the record's index + 2.
        let fallback = u64::try_from(i).map_or(u64::MAX, |i| i.saturating_add(2));
        let line_at = |position: Option<&csv::Position>| {
            position.map_or(fallback, |p| record_line(&text, p.byte()))
        };
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                let line = line_at(e.position());
                rows.push(ReadRow {
                    line,
                    request: None,
                    errors: vec![FieldError::new(
                        format!("line {line}"),
                        "invalid_row",
                        e.to_string(),
                    )],
                });
                continue;
            }
        };
        let line = line_at(record.position());
        // Spreadsheets write the rows below a list as separators only (";;;"): nothing to
        // import, and not an error.
        if record.iter().all(str::is_empty) {
            continue;
        }
        // PostgreSQL cannot store NUL in text; the row is refused, naming its line.
        if record.iter().any(|cell| cell.contains('\0')) {
            rows.push(ReadRow {
                line,
                request: None,
                errors: vec![FieldError::new(
                    format!("line {line}"),
                    "invalid_character",
                    "text must not contain NUL characters",
                )],
            });
            continue;
        }
        let cell = |column: Column| {
            columns
                .iter()
                .find(|(c, _)| *c == column)
                .and_then(|&(_, at)| record.get(at))
        };
        let text = |column: Column| cell(column).map(str::to_owned);
        let header_of = |column: Column| {
            columns
                .iter()
                .find(|(c, _)| *c == column)
                .and_then(|&(_, at)| headers.get(at))
                .unwrap_or(column.field())
                .to_owned()
        };
        let mut errors = Vec::new();
        let mut bad = |column: Column, value: &str, wanted: &str| {
            errors.push(FieldError::new(
                format!("line {line}: {}", column.field()),
                "invalid_value",
                format!(
                    "\"{}\" must be {wanted}, not \"{value}\"",
                    header_of(column)
                ),
            ));
        };
        let start_number = match cell(Column::StartNumber) {
            None | Some("") => None,
            Some(value) => value.parse::<i32>().map_or_else(
                |_| {
                    bad(Column::StartNumber, value, "a whole number");
                    None
                },
                Some,
            ),
        };
        let checked_in = match cell(Column::CheckedIn).map(|value| (value, yes_no(value))) {
            None => false,
            Some((_, Some(yes))) => yes,
            Some((value, None)) => {
                bad(
                    Column::CheckedIn,
                    value,
                    "yes or no (true/false, ja/nein, x)",
                );
                false
            }
        };
        rows.push(ReadRow {
            line,
            request: Some(CreatePlayerRequest {
                name: text(Column::Name).unwrap_or_default(),
                club: text(Column::Club),
                ddv_number: text(Column::DdvNumber),
                start_number,
                checked_in,
                public_name: text(Column::PublicName),
            }),
            errors,
        });
    }
    if rows.is_empty() {
        return Err(file_error(2, "required", "the file has no players"));
    }
    Ok(rows)
}

/// Parses a CSV upload into registrations, each with the prefix that names its line in
/// later errors (`line 3: `). Every bad row is reported, each with its line (and column,
/// where one cell is at fault), every problem of a row, not only its first; nothing is
/// returned unless every row can be read.
pub fn parse(bytes: &[u8]) -> Result<Vec<(String, CreatePlayerRequest)>, ApiError> {
    let mut registrations = Vec::new();
    let mut errors = Vec::new();
    for mut row in read(bytes)? {
        let prefix = row.prefix();
        match row.request {
            Some(request) if row.errors.is_empty() => registrations.push((prefix, request)),
            _ => errors.append(&mut row.errors),
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::unprocessable(
            "invalid_csv",
            format!("{} problem(s) in the file", errors.len()),
            errors,
        ));
    }
    Ok(registrations)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_match_in_any_case_and_in_german() {
        for (header, column) in [
            ("name", Column::Name),
            ("NAME", Column::Name),
            ("Spieler", Column::Name),
            ("Verein", Column::Club),
            ("DDV-Nr.", Column::DdvNumber),
            ("DDV-Nummer", Column::DdvNumber),
            ("ddv_number", Column::DdvNumber),
            ("Start-Nr.", Column::StartNumber),
            ("Startnummer", Column::StartNumber),
            ("Checked_In", Column::CheckedIn),
            ("Anwesend", Column::CheckedIn),
            ("Öffentlicher Name", Column::PublicName),
            ("public_name", Column::PublicName),
        ] {
            assert_eq!(Column::of_header(header), Some(column), "{header}");
        }
        assert_eq!(Column::of_header("Vorname"), None);
        assert_eq!(Column::of_header("Geburtstag"), None);
    }

    #[test]
    fn the_separator_is_read_from_the_header_line() {
        assert_eq!(separator("Name;Verein\nA, B;C\n"), b';');
        assert_eq!(separator("name,club\nA;B,C\n"), b',');
        assert_eq!(separator("name\nA;B\n"), b',');
        // A quoted header with a comma inside does not outvote the semicolons.
        assert_eq!(separator("\"Name, Vorname\";Verein;DDV-Nr.\n"), b';');
    }

    #[test]
    fn latin1_is_read_and_undecidable_bytes_are_refused() {
        assert_eq!(decode(b"M\xFCller;K\xF6ln").unwrap(), "Müller;Köln");
        // Windows-1252's own letters (Š at 0x8A) and the euro sign.
        assert_eq!(decode(b"\x8Aimon \x80").unwrap(), "Šimon €");
        assert_eq!(decode(b"\xEF\xBB\xBFname").unwrap(), "name");
        assert!(matches!(
            decode("Müller".as_bytes()),
            Ok(Cow::Borrowed("Müller"))
        ));
        for (bytes, line) in [
            (&b"name\nA\n\x81B"[..], "line 3"),
            (b"name\nM\xC3\xBCller\nK\xF6ln", "line 3"),
            (b"\xFF\xFEn\0a\0", "line 1"),
            (b"n\0\xFC", "line 1"),
        ] {
            let Err(ApiError::Unprocessable { errors, .. }) = decode(bytes) else {
                panic!("{bytes:?} must be refused");
            };
            assert_eq!(errors[0].field, line, "{bytes:?}");
        }
    }

    #[test]
    fn errors_name_the_line_a_spreadsheet_shows() {
        let lines = |file: &str| -> Vec<String> {
            match parse(file.as_bytes()) {
                Err(ApiError::Unprocessable { errors, .. }) => {
                    errors.into_iter().map(|e| e.field).collect()
                }
                other => panic!("{file:?}: {other:?}"),
            }
        };
        for (file, line) in [
            ("Name;Nr;Startnummer\nA;;1\nB;;x\n", "line 3: start_number"),
            ("Name;Startnummer\r\nA;1\r\nB;x\r\n", "line 3: start_number"),
            ("Name;Startnummer\n\nA;1\n\n\nB;x\n", "line 6: start_number"),
            (
                "Name;Startnummer\n\"A\nB\";1\nC;x\n",
                "line 4: start_number",
            ),
            ("Name;Verein\r\nA;B\r\n\r\nC;D;E\r\n", "line 4"),
        ] {
            assert_eq!(lines(file), [line], "{file:?}");
        }
    }

    #[test]
    fn yes_and_no_in_english_and_german() {
        for (cell, value) in [
            ("true", Some(true)),
            ("Ja", Some(true)),
            ("x", Some(true)),
            ("FALSE", Some(false)),
            ("nein", Some(false)),
            ("", Some(false)),
            ("vielleicht", None),
        ] {
            assert_eq!(yes_no(cell), value, "{cell}");
        }
    }

    #[test]
    fn every_problem_of_every_row_is_reported_with_the_rows_that_read() {
        let file = "Name;Startnummer;Anwesend\nA;1;ja\nB;x;vielleicht\nC;3\nD;;\n";
        let rows = read(file.as_bytes()).unwrap();
        let lines: Vec<u64> = rows.iter().map(|r| r.line).collect();
        assert_eq!(lines, [2, 3, 4, 5]);
        let fields =
            |r: &ReadRow| -> Vec<String> { r.errors.iter().map(|e| e.field.clone()).collect() };
        assert!(rows[0].errors.is_empty());
        assert_eq!(
            fields(&rows[1]),
            ["line 3: start_number", "line 3: checked_in"]
        );
        assert!(rows[1].bad_start_number());
        assert_eq!(rows[1].request.as_ref().map(|r| r.name.as_str()), Some("B"));
        assert_eq!(fields(&rows[2]), ["line 4"]);
        assert!(rows[2].request.is_none());
        assert!(rows[3].errors.is_empty());
        let Err(ApiError::Unprocessable { errors, .. }) = parse(file.as_bytes()) else {
            panic!("the file has bad rows");
        };
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(matches!(
            read(b"Name;Verein\n;\n"),
            Err(ApiError::Unprocessable { .. })
        ));
    }
}
