//! The desk's start: the organiser's tournaments, published or taken back with a tap.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::Serialize;

use super::{CSRF_FIELD, desk, see_other};
use crate::error::ApiError;
use crate::pages::respond_status;
use crate::pages::session::same_origin;
use crate::services::tournaments;
use crate::state::AppState;
use crate::wire::tournaments::UpdateTournamentRequest;

const TEMPLATE: &str = "pages/admin/tournaments.html";

#[derive(Debug, Serialize)]
struct DeskPage {
    /// The token every form of the page carries, and the field it goes in.
    csrf: String,
    csrf_field: &'static str,
    tournaments: Vec<TournamentLine>,
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
        return see_other("/login");
    };
    let rows = match tournaments::list(&state, desk.organizer).await {
        Ok(rows) => rows,
        Err(e) => {
            tracing::error!(error = %e, "the desk's tournaments");
            return HttpResponse::InternalServerError().finish();
        }
    };
    let page = DeskPage {
        csrf: desk.csrf,
        csrf_field: CSRF_FIELD,
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
    };
    let mut answer = respond_status(&state.pages, &req, StatusCode::OK, TEMPLATE, &page);
    // The page holds the form token: no shared cache may keep it.
    answer.headers_mut().insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("private, no-store"),
    );
    answer
}

#[derive(Debug, serde::Deserialize)]
struct PublishForm {
    #[serde(default)]
    csrf: Option<String>,
    /// `true` to publish, `false` to take the tournament's pages off the public.
    published: bool,
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
        return see_other("/login");
    };
    let PublishForm { csrf, published } = body.into_inner();
    if !same_origin(&req) || !desk.accepts(csrf.as_deref()) {
        return ApiError::Forbidden.error_response();
    }
    let change = UpdateTournamentRequest {
        published: Some(published),
        ..UpdateTournamentRequest::default()
    };
    match tournaments::update(&state, desk.organizer, id.into_inner(), change).await {
        Ok(_) => see_other("/admin"),
        Err(e) => e.error_response(),
    }
}
