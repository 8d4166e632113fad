//! The desk's start: the organiser's tournaments, published or taken back with a tap.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::Serialize;

use super::game_form::{GameChoices, GameFields};
use super::{answer, desk, failed, render, see_other, to_sign_in};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{codes, idempotency, tournaments};
use crate::state::AppState;
use crate::wire::tournaments::{CreateTournamentRequest, UpdateTournamentRequest};

const TEMPLATE: &str = "pages/admin/tournaments.html";

#[derive(Debug, Serialize)]
struct DeskPage {
    tournaments: Vec<TournamentLine>,
    /// The new-tournament form: a fresh key (a form sent twice creates one tournament),
    /// and what was typed when it was refused.
    new: NewForm,
    /// Why the new tournament was refused: the fields to look at, in the page's language.
    refused: Vec<String>,
    /// The game's selects.
    choices: GameChoices,
    /// The results import's form: its fresh key, and why the last document was refused.
    import: ImportBox,
}

/// The form that imports a results document (`super::results_import`).
#[derive(Debug, Default, Serialize)]
pub(super) struct ImportBox {
    /// A fresh key: a form sent twice imports once.
    pub(super) idempotency_key: String,
    /// What was wrong with the document sent, line by line (none: not refused).
    pub(super) refused: Vec<String>,
}

#[derive(Debug, Default, Serialize, serde::Deserialize)]
struct NewForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    date: String,
    #[serde(default)]
    venue: String,
    #[serde(default)]
    rounds: String,
    /// The game and its rules (the TSR unless chosen otherwise).
    #[serde(flatten)]
    game: GameFields,
    #[serde(default)]
    idempotency_key: String,
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
}

#[derive(Debug, Serialize)]
struct TournamentLine {
    id: i64,
    name: String,
    date: String,
    venue: Option<String>,
    published: bool,
}

/// The organiser's tournaments, newest first; without a session, the sign-in form.
#[get("/admin")]
pub async fn list(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let Some(desk) = desk(&state, &req) else {
        return to_sign_in(&req);
    };
    let new = NewForm {
        game: GameFields::of(domain::game::Game::DDV),
        ..NewForm::default()
    };
    desk_page(&state, &req, desk, new, None, Vec::new()).await
}

/// The desk with the import form's refusal (`refused`, line by line) in `status`.
pub(super) async fn with_import_refused(
    state: &AppState,
    req: &HttpRequest,
    desk: super::Desk,
    status: StatusCode,
    refused: Vec<String>,
) -> HttpResponse {
    let new = NewForm {
        game: GameFields::of(domain::game::Game::DDV),
        ..NewForm::default()
    };
    let mut page = desk_page(state, req, desk, new, None, refused).await;
    if page.status().is_success() {
        *page.status_mut() = status;
    }
    page
}

/// The desk, with the new-tournament form as given and the refusal it got, if any, and
/// the import form's refusal.
async fn desk_page(
    state: &AppState,
    req: &HttpRequest,
    desk: super::Desk,
    mut new: NewForm,
    refusal: Option<&ApiError>,
    import_refused: Vec<String>,
) -> HttpResponse {
    let rows = match tournaments::list(state, desk.organizer).await {
        Ok(rows) => rows,
        Err(e) => {
            tracing::error!(error = %e, "the desk's tournaments");
            return HttpResponse::InternalServerError().finish();
        }
    };
    if new.idempotency_key.is_empty() {
        match codes::new_secret() {
            Ok(key) => new.idempotency_key = key,
            Err(e) => return e.error_response(),
        }
    }
    let (lang, _) = Lang::of(req);
    let refused = refusal.map(|e| fields(lang, e)).unwrap_or_default();
    let page = DeskPage {
        tournaments: rows
            .into_iter()
            .map(|t| TournamentLine {
                id: t.id,
                name: t.name,
                date: t.date.format("%d.%m.%Y").to_string(),
                venue: t.venue,
                published: t.published,
            })
            .collect(),
        new,
        refused,
        choices: GameChoices::new(lang, &tournaments::RULESETS),
        import: ImportBox {
            idempotency_key: match codes::new_secret() {
                Ok(key) => key,
                Err(e) => return e.error_response(),
            },
            refused: import_refused,
        },
    };
    let status = refusal.map_or(StatusCode::OK, ResponseError::status_code);
    render(state, req, &desk, None, status, TEMPLATE, &page)
}

/// The fields a refusal names, by their labels in `lang` (a date that does not parse names
/// the date).
fn fields(lang: Lang, e: &ApiError) -> Vec<String> {
    let problem = e.problem();
    let mut named: Vec<String> = problem
        .errors
        .iter()
        .filter_map(|f| match f.field.as_str() {
            "name" | "date" | "venue" | "rounds" => Some(format!("desk_field_{}", f.field)),
            field if field == "ruleset" || field.starts_with("game") => {
                Some("desk_game_field_ruleset".to_owned())
            }
            _ => None,
        })
        .collect();
    if named.is_empty() {
        named.push("desk_field_date".to_owned());
    }
    named.dedup();
    named.iter().map(|key| lang.text(key)).collect()
}

/// Creates a tournament from the desk's form, checked as `POST /api/v1/tournaments`
/// checks it (the defaults for what the form leaves out are the API's).
#[post("/admin/tournaments")]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Form<NewForm>,
) -> HttpResponse {
    let Some(desk) = desk(&state, &req) else {
        return to_sign_in(&req);
    };
    let new = body.into_inner();
    if let Err(refused) = desk.guard(&req, new.csrf.as_deref()) {
        return answer(Err(refused));
    }
    let created = async {
        let request = new_request(&new)?;
        let caller = Caller::Organizer(desk.organizer);
        let key = idempotency::form_key(
            &caller,
            "/admin/tournaments",
            "idempotency_key",
            &new.idempotency_key,
            &serde_json::to_vec(&(
                &new.name,
                &new.date,
                &new.venue,
                &new.rounds,
                new.game.key(),
            ))
            .map_err(|e| ApiError::Internal(e.into()))?,
        )?;
        tournaments::create_keyed(&state, Some(key), desk.organizer, request).await
    }
    .await;
    match created {
        Ok(_) => see_other("/admin"),
        Err(e) => desk_page(&state, &req, desk, new, Some(&e), Vec::new()).await,
    }
}

/// The API's request from the form: what is left empty takes the API's default.
fn new_request(form: &NewForm) -> Result<CreateTournamentRequest, ApiError> {
    let mut body = serde_json::json!({"name": form.name.trim(), "date": form.date.trim()});
    if !form.venue.trim().is_empty() {
        body["venue"] = form.venue.trim().into();
    }
    if !form.rounds.trim().is_empty() {
        let rounds: i32 = crate::pages::whole_number("rounds", &form.rounds)?;
        body["rounds"] = rounds.into();
    }
    let mut request: CreateTournamentRequest = serde_json::from_value(body)
        .map_err(|e| ApiError::field("invalid_body", "date", "invalid_value", format!("{e}")))?;
    let (ruleset, game) = form.game.body()?;
    request.ruleset = Some(ruleset);
    request.game = game;
    Ok(request)
}

#[derive(Debug, serde::Deserialize)]
struct PublishForm {
    #[serde(default)]
    csrf: Option<String>,
    /// `true` to publish, `false` to take the tournament's pages off the public.
    published: bool,
    /// `overview` when sent from the tournament's own desk page, which it then shows again.
    #[serde(default)]
    back: Option<String>,
}

/// Publishes a tournament or takes it back, through the same service as
/// `PATCH /api/v1/tournaments/{id}` (audited there); setting what it already is changes
/// nothing, so a form sent twice does no harm.
#[post("/admin/tournaments/{id}/published")]
pub async fn publish(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<PublishForm>,
) -> HttpResponse {
    let Some(desk) = desk(&state, &req) else {
        return to_sign_in(&req);
    };
    let PublishForm {
        csrf,
        published,
        back,
    } = body.into_inner();
    if let Err(refused) = desk.guard(&req, csrf.as_deref()) {
        return answer(Err(refused));
    }
    let change = UpdateTournamentRequest {
        published: Some(published),
        ..UpdateTournamentRequest::default()
    };
    let id = id.into_inner();
    match tournaments::update(&state, desk.organizer, id, change).await {
        Ok(_) if back.as_deref() == Some("overview") => {
            see_other(&format!("/admin/tournaments/{id}"))
        }
        Ok(_) => see_other("/admin"),
        Err(e) => failed(&state, &req, e),
    }
}
