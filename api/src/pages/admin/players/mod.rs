//! A tournament's players at the desk: the list by start number with the counts, check-in
//! with one click per name (a search box filters the list as one types, or by `?q=`
//! without script), adding one (a late arrival when rounds exist: the page then points to
//! re-planning), correcting one, withdrawing one (and taking it back), deleting one
//! registered by mistake, and the CSV import with its preview ([`import`]).
//!
//! Every change goes through the players service, as `POST`/`PATCH`/`DELETE` on
//! `/api/v1/…/players` do, and comes back to the same row (`#player-<id>`) with the search
//! kept.

mod disqualification;
mod import;

pub use disqualification::{disqualify, lift as lift_disqualification};
pub use import::upload;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::{
    Desk, Nav, Section, Step, answer, failed, refusal_text, render, see_other, signed_in_or_login,
};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{codes, idempotency, players, sanctions, seasons, tournaments};
use crate::state::AppState;
use crate::wire::players::{
    CreatePlayerRequest, PlayerListEntry, PlayerResponse, UpdatePlayerRequest,
};

const TEMPLATE: &str = "pages/admin/players.html";

#[derive(Debug, Serialize)]
struct PlayersPage {
    /// The search as given (`?q=`).
    q: String,
    registered: usize,
    checked_in: usize,
    withdrawn: usize,
    /// How many rows the search shows.
    shown: usize,
    players: Vec<Line>,
    /// Whether the tournament has rounds: a player added now is a late arrival.
    has_rounds: bool,
    notice: Option<Notice>,
    new: NewForm,
    /// Why the new player was refused, in the page's language.
    new_refused: Vec<String>,
    /// The player whose row shows a refusal (a correction, a delete), and why.
    row_refused: Option<RowRefusal>,
    /// The import form: a CSV file or pasted text.
    import_limit_kib: usize,
}

#[derive(Debug, Serialize)]
struct Line {
    id: i64,
    start_number: i32,
    name: String,
    public_name: Option<String>,
    club: Option<String>,
    ddv_number: Option<String>,
    checked_in: bool,
    withdrawn: bool,
    /// The arbitration panel's disqualification, if any (TSR 9.7.2 c).
    disqualification: Option<crate::wire::players::DisqualificationView>,
    /// His warnings for unsportsmanlike conduct so far (TSR 9.7.2 a).
    warnings: u32,
    /// What the search looks in, in lower case (the script filters by it).
    search: String,
    /// Whether the search shows him.
    matches: bool,
    /// The correction form as typed when it was refused (else his stored values).
    edit: EditForm,
    /// The person of a season's register he was matched to by name and club alone, to
    /// confirm on the season's page (at check-in, where the organiser sees him).
    register: Option<RegisterNote>,
}

/// A match to a season's register waiting for the organiser's word.
#[derive(Debug, Serialize)]
struct RegisterNote {
    season_id: i64,
    person_name: String,
}

/// What the page says after a change.
#[derive(Debug, Serialize)]
struct Notice {
    /// `added`, `withdrawn`, `returned`, `deleted` or `imported`.
    kind: &'static str,
    /// The player it concerns (absent after an import or a delete).
    player: Option<String>,
    start_number: Option<i32>,
    /// Players imported.
    count: usize,
    /// Rounds exist: the seating wants re-planning (linked to the rounds page).
    replan: bool,
}

#[derive(Debug, Serialize)]
struct RowRefusal {
    id: i64,
    /// `edit` or `delete`.
    action: &'static str,
    problems: Vec<String>,
}

#[derive(Debug, Default, Clone, Serialize, Deserialize)]
struct NewForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    ddv_number: String,
    #[serde(default)]
    start_number: String,
    #[serde(default)]
    public_name: String,
    /// The checkbox: present when ticked.
    #[serde(default)]
    checked_in: Option<String>,
    #[serde(default)]
    idempotency_key: String,
    #[serde(default)]
    q: String,
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
}

#[derive(Debug, Default, Clone, Serialize, Deserialize)]
struct EditForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    public_name: String,
    /// As typed; absent (a page from before the field) leaves it as it is, empty clears it.
    #[serde(default)]
    ddv_number: Option<String>,
    /// As typed: a number that does not read is refused with the rest of the form.
    #[serde(default)]
    start_number: String,
    #[serde(default)]
    q: String,
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
}

/// The list's query: the search and what the last change was.
#[derive(Debug, Default, Deserialize)]
struct ListQuery {
    #[serde(default)]
    q: Option<String>,
    #[serde(default)]
    added: Option<String>,
    #[serde(default)]
    withdrawn: Option<String>,
    #[serde(default)]
    returned: Option<String>,
    #[serde(default)]
    deleted: Option<String>,
    #[serde(default)]
    imported: Option<String>,
}

/// What a page shows besides the list: the forms as typed, a refusal, a notice.
#[derive(Default)]
struct View {
    q: String,
    new: NewForm,
    new_refused: Vec<String>,
    edit: Option<(i64, EditForm)>,
    row_refused: Option<RowRefusal>,
    after: ListQuery,
}

/// The players page; `?q=` filters the list without script.
#[get("/admin/tournaments/{id}/players")]
pub async fn list(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Players).await?;
            let after = web::Query::<ListQuery>::from_query(req.query_string())
                .map(web::Query::into_inner)
                .unwrap_or_default();
            let view = View {
                q: after.q.clone().unwrap_or_default(),
                after,
                ..View::default()
            };
            page(&state, &req, &desk, &nav, view, StatusCode::OK).await
        }
        .await,
    )
}

/// Renders the list with `view`.
async fn page(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    mut view: View,
    status: StatusCode,
) -> Step<HttpResponse> {
    let all = roster(state, req, desk, nav.id).await?;
    let overview = tournaments::overview(state, desk.caller(), nav.id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let has_rounds = !overview.rounds.is_empty();
    // Warnings for unsportsmanlike conduct across the tournament, shown at each row: a
    // second one is what the arbitration panel looks at (TSR 9.7).
    let warned = sanctions::of_tournament(state, desk.organizer, nav.id)
        .await
        .map_err(|e| failed(state, req, e))?
        .warnings;
    // Matches by name and club in a season of his that holds the tournament.
    let (season, unconfirmed) = seasons::unconfirmed_in_tournament(state, desk.caller(), nav.id)
        .await
        .map_err(|e| failed(state, req, e))?;
    if view.new.idempotency_key.is_empty() {
        view.new.idempotency_key = codes::new_secret().map_err(|e| failed(state, req, e))?;
    }
    let needle = view.q.trim().to_lowercase();
    let find = |raw: &Option<String>| {
        let id: i64 = raw.as_deref()?.parse().ok()?;
        all.iter().find(|p| p.id == id)
    };
    let after = &view.after;
    let said = if let Some(p) = find(&after.added) {
        Some(notice("added", Some(p), 0, has_rounds))
    } else if let Some(p) = find(&after.withdrawn) {
        Some(notice("withdrawn", Some(p), 0, has_rounds))
    } else if let Some(p) = find(&after.returned) {
        Some(notice("returned", Some(p), 0, has_rounds))
    } else if after.deleted.is_some() {
        Some(notice("deleted", None, 0, false))
    } else {
        after
            .imported
            .as_deref()
            .and_then(|n| n.parse().ok())
            .map(|n| notice("imported", None, n, has_rounds))
    };
    let lines: Vec<Line> = all
        .into_iter()
        .map(|p| {
            let search = [
                Some(p.start_number.to_string()),
                Some(p.name.clone()),
                p.public_name.clone(),
                p.club.clone(),
                p.ddv_number.clone(),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
            let form = match &view.edit {
                Some((id, form)) if *id == p.id => form.clone(),
                _ => EditForm {
                    name: p.name.clone(),
                    club: p.club.clone().unwrap_or_default(),
                    public_name: p.public_name.clone().unwrap_or_default(),
                    ddv_number: Some(p.ddv_number.clone().unwrap_or_default()),
                    start_number: p.start_number.to_string(),
                    ..EditForm::default()
                },
            };
            Line {
                matches: needle.is_empty() || search.contains(&needle),
                search,
                id: p.id,
                start_number: p.start_number,
                name: p.name,
                public_name: p.public_name,
                club: p.club,
                ddv_number: p.ddv_number,
                checked_in: p.checked_in,
                withdrawn: p.withdrawn,
                disqualification: p.disqualification,
                warnings: warned
                    .iter()
                    .find(|w| w.player_id == p.id)
                    .map_or(0, |w| w.warnings),
                register: season.and_then(|season_id| {
                    unconfirmed
                        .iter()
                        .find(|l| l.player_id == p.id)
                        .map(|l| RegisterNote {
                            season_id,
                            person_name: l.person_name.clone(),
                        })
                }),
                edit: form,
            }
        })
        .collect();
    let model = PlayersPage {
        q: view.q,
        registered: lines.len(),
        checked_in: lines
            .iter()
            .filter(|p| p.checked_in && !p.withdrawn)
            .count(),
        withdrawn: lines.iter().filter(|p| p.withdrawn).count(),
        shown: lines.iter().filter(|p| p.matches).count(),
        players: lines,
        has_rounds,
        notice: said,
        new: view.new,
        new_refused: view.new_refused,
        row_refused: view.row_refused,
        import_limit_kib: import::FILE_LIMIT / 1024,
    };
    Ok(render(
        state,
        req,
        desk,
        Some(nav),
        status,
        TEMPLATE,
        &model,
    ))
}

fn notice(kind: &'static str, p: Option<&PlayerResponse>, count: usize, replan: bool) -> Notice {
    Notice {
        kind,
        player: p.map(|p| p.name.clone()),
        start_number: p.map(|p| p.start_number),
        count,
        replan,
    }
}

/// The tournament's players as its organiser sees them, by start number.
async fn roster(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    id: i64,
) -> Step<Vec<PlayerResponse>> {
    let all = players::list(state, desk.caller(), id)
        .await
        .map_err(|e| failed(state, req, e))?;
    Ok(all
        .into_iter()
        .filter_map(|p| match p {
            PlayerListEntry::Organizer(p) => Some(p),
            PlayerListEntry::Public(_) => None,
        })
        .collect())
}

/// The list's address with the search `q` and `extra` (`added=7`), at `anchor`.
fn back(id: i64, q: &str, extra: Option<(&str, String)>, anchor: Option<i64>) -> String {
    let mut pairs: Vec<(&str, String)> = Vec::new();
    if !q.trim().is_empty() {
        pairs.push(("q", q.trim().to_owned()));
    }
    pairs.extend(extra);
    let query = serde_urlencoded::to_string(&pairs).unwrap_or_default();
    let mut to = format!("/admin/tournaments/{id}/players");
    if !query.is_empty() {
        to.push('?');
        to.push_str(&query);
    }
    if let Some(player) = anchor {
        to.push_str(&format!("#player-{player}"));
    }
    to
}

/// Each problem of a refusal in `lang`: the field's label and what is wrong with it
/// (`desk_players_problem_<code>`, the detail where the texts do not name the code); a
/// refusal that names no field, by its code.
fn problems(lang: Lang, e: &ApiError) -> Vec<String> {
    let problem = e.problem();
    if problem.errors.is_empty() {
        return vec![refusal_text(lang, e)];
    }
    problem
        .errors
        .iter()
        .map(|f| problem_text(lang, &f.field, &f.code, &f.message))
        .collect()
}

/// One problem in `lang`: `Startnummer: schon vergeben`. A field named with its CSV line
/// (`line 3: start_number`) is named by its column; the file's values that a text cannot
/// repeat (`"x" must be a whole number`) follow the text in brackets.
fn problem_text(lang: Lang, field: &str, code: &str, message: &str) -> String {
    let column = field
        .split_once(": ")
        .map_or(field, |(_, column)| column)
        .trim();
    let what = lang.text_or(&format!("desk_players_problem_{code}"), message);
    let what = if matches!(code, "invalid_value" | "invalid_row") && what != message {
        format!("{what} ({message})")
    } else {
        what
    };
    if column.starts_with("line ") || column.is_empty() {
        what
    } else {
        let label = lang.text_or(&format!("desk_players_field_{column}"), column);
        format!("{label}: {what}")
    }
}

/// Adds a player from the desk's form, checked as `POST /api/v1/tournaments/{id}/players`
/// checks him; the form's key makes a double tap register him once. When rounds exist he
/// is a late arrival and the list points to re-planning.
#[post("/admin/tournaments/{id}/players")]
pub async fn add(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<NewForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Players).await?;
            let new = body.into_inner();
            desk.guard(&req, new.csrf.as_deref())?;
            let added = async {
                let request = new_request(&new)?;
                let key = idempotency::form_key(
                    &desk.caller(),
                    &format!("/admin/tournaments/{}/players", nav.id),
                    "idempotency_key",
                    &new.idempotency_key,
                    &serde_json::to_vec(&(
                        &new.name,
                        &new.club,
                        &new.ddv_number,
                        &new.start_number,
                        &new.public_name,
                        new.checked_in.is_some(),
                    ))
                    .map_err(|e| ApiError::Internal(e.into()))?,
                )?;
                players::register_keyed(&state, Some(key), desk.organizer, nav.id, request).await
            }
            .await;
            match added {
                Ok(player) => Ok(see_other(&back(
                    nav.id,
                    &new.q,
                    Some(("added", player.id.to_string())),
                    Some(player.id),
                ))),
                Err(e @ (ApiError::Unprocessable { .. } | ApiError::Conflict { .. })) => {
                    let (lang, _) = Lang::of(&req);
                    let view = View {
                        q: new.q.clone(),
                        new_refused: problems(lang, &e),
                        new,
                        ..View::default()
                    };
                    page(&state, &req, &desk, &nav, view, e.status_code()).await
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}

/// The API's request from the form: what is left empty is left out.
fn new_request(form: &NewForm) -> Result<CreatePlayerRequest, ApiError> {
    let given = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    let start_number = match form.start_number.trim() {
        "" => None,
        n => Some(crate::pages::whole_number::<i32>("start_number", n)?),
    };
    Ok(CreatePlayerRequest {
        name: form.name.trim().to_owned(),
        club: given(&form.club),
        ddv_number: given(&form.ddv_number),
        start_number,
        checked_in: form.checked_in.is_some(),
        public_name: given(&form.public_name),
    })
}

/// The API's change from a row's edit form: every field as typed (an empty DDV number
/// clears it, an absent one stays); a start number that does not read is a 422 naming it.
fn edit_request(form: &EditForm) -> Result<UpdatePlayerRequest, ApiError> {
    let start_number = match form.start_number.trim() {
        "" => None,
        n => Some(crate::pages::whole_number::<i32>("start_number", n)?),
    };
    Ok(UpdatePlayerRequest {
        name: Some(form.name.clone()),
        club: Some(form.club.clone()),
        public_name: Some(form.public_name.clone()),
        ddv_number: form.ddv_number.clone(),
        start_number,
        ..UpdatePlayerRequest::default()
    })
}

/// A one-click change of a player's row: check-in or withdrawal.
#[derive(Debug, Deserialize)]
struct ToggleForm {
    #[serde(default)]
    csrf: Option<String>,
    /// What it is to be now.
    value: bool,
    #[serde(default)]
    q: String,
}

/// Checks a player in on arrival (or takes it back): one click, back to his row with the
/// search kept. The same change as `PATCH /api/v1/players/{id}` with `checked_in`.
#[post("/admin/tournaments/{id}/players/{player}/checked-in")]
pub async fn check_in(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<ToggleForm>,
) -> HttpResponse {
    let (id, player) = path.into_inner();
    let form = body.into_inner();
    let change = UpdatePlayerRequest {
        checked_in: Some(form.value),
        ..UpdatePlayerRequest::default()
    };
    answer(toggle(&state, &req, id, player, form, change, None).await)
}

/// Withdraws a player (or takes the withdrawal back); when rounds exist the page points to
/// re-planning. `PATCH /api/v1/players/{id}` with `withdrawn`.
#[post("/admin/tournaments/{id}/players/{player}/withdrawn")]
pub async fn withdraw(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<ToggleForm>,
) -> HttpResponse {
    let (id, player) = path.into_inner();
    let form = body.into_inner();
    let change = UpdatePlayerRequest {
        withdrawn: Some(form.value),
        ..UpdatePlayerRequest::default()
    };
    let said = if form.value { "withdrawn" } else { "returned" };
    answer(toggle(&state, &req, id, player, form, change, Some(said)).await)
}

async fn toggle(
    state: &AppState,
    req: &HttpRequest,
    id: i64,
    player: i64,
    form: ToggleForm,
    change: UpdatePlayerRequest,
    notice: Option<&str>,
) -> Step<HttpResponse> {
    let desk = signed_in_or_login(state, req)?;
    let nav = desk.tournament(state, req, id, Section::Players).await?;
    desk.guard(req, form.csrf.as_deref())?;
    his_player(state, req, &desk, nav.id, player).await?;
    match players::update(state, desk.organizer, player, change).await {
        Ok(_) => Ok(see_other(&back(
            nav.id,
            &form.q,
            notice.map(|n| (n, player.to_string())),
            Some(player),
        ))),
        Err(e) => {
            let view = View {
                q: form.q.clone(),
                ..View::default()
            };
            at_row(state, req, (&desk, &nav), view, (player, "toggle"), e).await
        }
    }
}

/// A change at player `player`'s row that failed: one refused as a whole (422, or 409 such
/// as a finished tournament) is said at his row, with `view` (his form as typed) around
/// it; any other failure as the desk shows failures.
async fn at_row(
    state: &AppState,
    req: &HttpRequest,
    (desk, nav): (&Desk, &Nav),
    view: View,
    (player, action): (i64, &'static str),
    e: ApiError,
) -> Step<HttpResponse> {
    if !matches!(
        e,
        ApiError::Unprocessable { .. } | ApiError::Conflict { .. }
    ) {
        return Err(failed(state, req, e).into());
    }
    let (lang, _) = Lang::of(req);
    let view = View {
        row_refused: Some(RowRefusal {
            id: player,
            action,
            problems: problems(lang, &e),
        }),
        ..view
    };
    page(state, req, desk, nav, view, e.status_code()).await
}

/// Player `player` if he plays in tournament `id`; another tournament's is not found here.
async fn his_player(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    id: i64,
    player: i64,
) -> Step<PlayerResponse> {
    roster(state, req, desk, id)
        .await?
        .into_iter()
        .find(|p| p.id == player)
        .ok_or_else(|| failed(state, req, ApiError::NotFound).into())
}

/// Corrects a player's name, club or public name (`PATCH /api/v1/players/{id}`); a
/// refusal shows his row's form again as typed.
#[post("/admin/tournaments/{id}/players/{player}/edit")]
pub async fn edit(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<EditForm>,
) -> HttpResponse {
    let (id, player) = path.into_inner();
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, id, Section::Players).await?;
            let form = body.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            his_player(&state, &req, &desk, nav.id, player).await?;
            let changed = match edit_request(&form) {
                Ok(change) => players::update(&state, desk.organizer, player, change).await,
                Err(e) => Err(e),
            };
            match changed {
                Ok(_) => Ok(see_other(&back(nav.id, &form.q, None, Some(player)))),
                Err(e) => {
                    let view = View {
                        q: form.q.clone(),
                        edit: Some((player, form)),
                        ..View::default()
                    };
                    at_row(&state, &req, (&desk, &nav), view, (player, "edit"), e).await
                }
            }
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
struct DeleteForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    q: String,
}

/// Deletes a player registered by mistake (`DELETE /api/v1/players/{id}`): only before he
/// has a seat; afterwards the refusal (409 `player_seated`) shows at his row, which offers
/// the withdrawal instead.
#[post("/admin/tournaments/{id}/players/{player}/delete")]
pub async fn delete(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<DeleteForm>,
) -> HttpResponse {
    let (id, player) = path.into_inner();
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, id, Section::Players).await?;
            let form = body.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            his_player(&state, &req, &desk, nav.id, player).await?;
            match players::delete(&state, desk.organizer, player).await {
                Ok(()) => Ok(see_other(&back(
                    nav.id,
                    &form.q,
                    Some(("deleted", "1".to_owned())),
                    None,
                ))),
                Err(e @ ApiError::Conflict { .. }) => {
                    let (lang, _) = Lang::of(&req);
                    let view = View {
                        q: form.q,
                        row_refused: Some(RowRefusal {
                            id: player,
                            action: "delete",
                            problems: vec![refusal_text(lang, &e)],
                        }),
                        ..View::default()
                    };
                    page(&state, &req, &desk, &nav, view, e.status_code()).await
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}
