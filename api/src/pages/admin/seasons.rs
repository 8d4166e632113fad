//! The organiser's seasons at the desk: his seasons and a form for a new one; a season's
//! page with its rules (a form), its evenings (add one of his tournaments, take one out),
//! the matches by name and club to confirm or split, and its standings as they stand, with
//! the public page and the CSV one click away. Everything goes through the services of
//! `/api/v1/seasons` and `/api/v1/register`; the form is only translated here.

use actix_web::http::StatusCode;
use actix_web::http::header::CONTENT_DISPOSITION;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::{Desk, Step, answer, failed, refusal_text, render, see_other, signed_in_or_login};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{register, seasons, tournaments};
use crate::state::AppState;
use crate::wire::seasons::{
    AddTournamentRequest, LinkResponse, SeasonRequest, SeasonResponse, SeasonRulesBody,
    SeasonStandingsResponse, season_csv,
};
use crate::wire::standings::CsvDialect;

const LIST: &str = "pages/admin/seasons.html";
const SEASON: &str = "pages/admin/season.html";

#[derive(Debug, Serialize)]
struct ListPage {
    seasons: Vec<SeasonResponse>,
    name: String,
    refused: Option<String>,
}

/// The list of seasons and the new-season form.
#[get("/admin/seasons")]
pub async fn list(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            show_list(&state, &req, &desk, StatusCode::OK, String::new(), None).await
        }
        .await,
    )
}

async fn show_list(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    status: StatusCode,
    name: String,
    refused: Option<String>,
) -> Step<HttpResponse> {
    let seasons = seasons::list(state, desk.caller())
        .await
        .map_err(|e| failed(state, req, e))?;
    let model = ListPage {
        seasons,
        name,
        refused,
    };
    Ok(render(state, req, desk, None, status, LIST, &model))
}

#[derive(Debug, Deserialize)]
pub struct NewForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    name: String,
}

/// Creates a season with the sum of points as its rules and goes to its page.
#[post("/admin/seasons")]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Form<NewForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = body.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let request = SeasonRequest {
                name: form.name.clone(),
                rules: SeasonRulesBody::default(),
                published: false,
            };
            match seasons::create_from_desk(&state, desk.caller(), &request).await {
                Ok(season) => Ok(see_other(&format!("/admin/seasons/{}", season.id))),
                Err(e @ (ApiError::Unprocessable { .. } | ApiError::Conflict { .. })) => {
                    let (lang, _) = Lang::of(&req);
                    let refused = Some(refusal_text(lang, &e));
                    show_list(&state, &req, &desk, e.status_code(), form.name, refused).await
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}

/// The rules form as typed: numbers as text, so that a wrong one is shown again as typed.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct RulesForm {
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    published: Option<String>,
    #[serde(default)]
    scoring: String,
    /// Placement points, separated by commas or spaces.
    #[serde(default)]
    placement_points: String,
    #[serde(default)]
    placement_otherwise: String,
    #[serde(default)]
    best_of: String,
    #[serde(default)]
    min_evenings: String,
    #[serde(default)]
    missed_scores: String,
    #[serde(default)]
    tie_1: String,
    #[serde(default)]
    tie_2: String,
    #[serde(default)]
    tie_3: String,
    #[serde(default)]
    tie_4: String,
}

impl RulesForm {
    fn of(season: &SeasonResponse) -> RulesForm {
        let r = &season.rules;
        let tie = |i: usize| r.tie_breaks.get(i).cloned().unwrap_or_default();
        let points: Vec<String> = r.placement_points.iter().map(i64::to_string).collect();
        RulesForm {
            csrf: None,
            name: season.name.clone(),
            published: season.published.then(|| "on".to_owned()),
            scoring: r.scoring.clone(),
            placement_points: points.join(", "),
            placement_otherwise: r.placement_otherwise.to_string(),
            best_of: r.best_of.map(|n| n.to_string()).unwrap_or_default(),
            min_evenings: r.min_evenings.to_string(),
            missed_scores: r.missed_scores.map(|n| n.to_string()).unwrap_or_default(),
            tie_1: tie(0),
            tie_2: tie(1),
            tie_3: tie(2),
            tie_4: tie(3),
        }
    }

    /// The request the form asks for; the field at fault when a number is not one.
    fn request(&self) -> Result<SeasonRequest, &'static str> {
        fn number<T: std::str::FromStr>(
            text: &str,
            field: &'static str,
        ) -> Result<Option<T>, &'static str> {
            let text = text.trim();
            if text.is_empty() {
                Ok(None)
            } else {
                text.parse().map(Some).map_err(|_| field)
            }
        }
        let placement_points = self
            .placement_points
            .split([',', ';', ' '])
            .filter(|p| !p.trim().is_empty())
            .map(|p| p.trim().parse::<i64>().map_err(|_| "placement_points"))
            .collect::<Result<Vec<_>, _>>()?;
        let placement = self.scoring == "placement";
        Ok(SeasonRequest {
            name: self.name.clone(),
            published: self.published.is_some(),
            rules: SeasonRulesBody {
                scoring: self.scoring.clone(),
                placement_points: if placement {
                    placement_points
                } else {
                    Vec::new()
                },
                placement_otherwise: if placement {
                    number(&self.placement_otherwise, "placement_otherwise")?.unwrap_or(0)
                } else {
                    0
                },
                best_of: number(&self.best_of, "best_of")?,
                min_evenings: number(&self.min_evenings, "min_evenings")?.unwrap_or(0),
                missed_scores: number(&self.missed_scores, "missed_scores")?,
                tie_breaks: [&self.tie_1, &self.tie_2, &self.tie_3, &self.tie_4]
                    .into_iter()
                    .filter(|t| !t.is_empty())
                    .cloned()
                    .collect(),
            },
        })
    }
}

#[derive(Debug, Serialize)]
struct SeasonPage {
    season: SeasonResponse,
    form: RulesForm,
    standings: SeasonStandingsResponse,
    /// His tournaments not in the season, for the add form.
    addable: Vec<Addable>,
    unconfirmed: Vec<LinkResponse>,
    refused: Option<String>,
    done: Option<String>,
}

#[derive(Debug, Serialize)]
struct Addable {
    id: i64,
    name: String,
    date: String,
}

#[derive(Debug, Deserialize)]
pub struct DoneQuery {
    #[serde(default)]
    done: Option<String>,
}

/// What a season's page shows beyond the season: the form as typed, why it was refused,
/// what was just done.
#[derive(Debug, Default)]
struct Shown {
    form: Option<RulesForm>,
    refused: Option<String>,
    done: Option<String>,
}

async fn show_season(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    id: i64,
    status: StatusCode,
    shown: Shown,
) -> Step<HttpResponse> {
    let fail = |e| failed(state, req, e);
    let season = seasons::get(state, desk.caller(), id).await.map_err(fail)?;
    let standings = seasons::read_standings(state, desk.caller(), id)
        .await
        .map(std::sync::Arc::unwrap_or_clone)
        .map_err(fail)?;
    let unconfirmed = seasons::unconfirmed(state, desk.caller(), id)
        .await
        .map_err(fail)?;
    let held: Vec<i64> = season.evenings.iter().map(|e| e.tournament_id).collect();
    let addable = tournaments::list(state, desk.organizer)
        .await
        .map_err(fail)?
        .into_iter()
        .filter(|t| !held.contains(&t.id))
        .map(|t| Addable {
            id: t.id,
            name: t.name,
            date: t.date.to_string(),
        })
        .collect();
    let model = SeasonPage {
        form: shown.form.unwrap_or_else(|| RulesForm::of(&season)),
        season,
        standings,
        addable,
        unconfirmed,
        refused: shown.refused,
        done: shown.done,
    };
    Ok(render(state, req, desk, None, status, SEASON, &model))
}

/// A season's page.
#[get("/admin/seasons/{id}")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<DoneQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let shown = Shown {
                done: query.into_inner().done,
                ..Shown::default()
            };
            show_season(&state, &req, &desk, *id, StatusCode::OK, shown).await
        }
        .await,
    )
}

/// Saves the season's name, publication and rules; a refused form is shown again as typed
/// with the reason (422).
#[post("/admin/seasons/{id}")]
pub async fn save(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<RulesForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = body.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let (lang, _) = Lang::of(&req);
            let refused = match form.request() {
                Err(field) => Some(format!(
                    "{} ({})",
                    lang.text("desk_seasons_not_a_number"),
                    lang.text(&format!("desk_seasons_{field}"))
                )),
                Ok(request) => match seasons::update(&state, desk.caller(), *id, &request).await {
                    Ok(_) => return Ok(see_other(&format!("/admin/seasons/{id}?done=saved"))),
                    Err(e @ ApiError::Unprocessable { .. }) => Some(refusal_text(lang, &e)),
                    Err(e) => return Err(failed(&state, &req, e).into()),
                },
            };
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            let shown = Shown {
                form: Some(form),
                refused,
                done: None,
            };
            show_season(&state, &req, &desk, *id, status, shown).await
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct AddForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    tournament_id: Option<i64>,
}

/// Adds one of his tournaments to the season (its players are matched to the register).
#[post("/admin/seasons/{id}/tournaments")]
pub async fn add(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<AddForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let Some(tournament_id) = body.tournament_id else {
                return Ok(see_other(&format!("/admin/seasons/{id}")));
            };
            seasons::add_tournament(
                &state,
                desk.caller(),
                *id,
                &AddTournamentRequest { tournament_id },
            )
            .await
            .map_err(|e| failed(&state, &req, e))?;
            Ok(see_other(&format!("/admin/seasons/{id}?done=added")))
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct TokenForm {
    #[serde(default)]
    csrf: Option<String>,
}

/// Takes an evening out of the season.
#[post("/admin/seasons/{id}/tournaments/{tournament}/remove")]
pub async fn remove(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<TokenForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let (id, tournament) = path.into_inner();
            seasons::remove_tournament(&state, desk.caller(), id, tournament)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            Ok(see_other(&format!("/admin/seasons/{id}?done=removed")))
        }
        .await,
    )
}

/// Confirms (`confirm`) or splits off (`split`) a player's match by name and club.
#[post("/admin/seasons/{id}/links/{player}/{action}")]
pub async fn link(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64, String)>,
    body: web::Form<TokenForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let (id, player, action) = path.into_inner();
            let split = match action.as_str() {
                "confirm" => false,
                "split" => true,
                _ => return Err(failed(&state, &req, ApiError::NotFound).into()),
            };
            seasons::change_register(&state, desk.caller(), move |conn, me| {
                if split {
                    register::split(conn, me, player)
                } else {
                    register::confirm(conn, me, player)
                }
            })
            .await
            .map_err(|e| failed(&state, &req, e))?;
            Ok(see_other(&format!("/admin/seasons/{id}?done={action}")))
        }
        .await,
    )
}

/// Deletes the season (its evenings and the register stay).
#[post("/admin/seasons/{id}/delete")]
pub async fn delete(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<TokenForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            seasons::delete(&state, desk.caller(), *id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            Ok(see_other("/admin/seasons"))
        }
        .await,
    )
}

/// The standings as CSV for a German spreadsheet (all evenings, full names).
#[get("/admin/seasons/{id}/standings.csv")]
pub async fn csv(state: web::Data<AppState>, req: HttpRequest, id: web::Path<i64>) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let standings = seasons::read_standings(&state, desk.caller(), *id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            let body =
                season_csv(&standings, CsvDialect::De).map_err(|e| failed(&state, &req, e))?;
            Ok(super::no_store(
                HttpResponse::Ok()
                    .content_type("text/csv; charset=utf-8")
                    .insert_header((
                        CONTENT_DISPOSITION,
                        format!("attachment; filename=\"serie-{id}.csv\""),
                    ))
                    .body(body),
            ))
        }
        .await,
    )
}
