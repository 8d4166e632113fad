//! The desk's start: the organiser's tournaments.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{CSRF_FIELD, desk, see_other};
use crate::pages::respond_status;
use crate::services::tournaments;
use crate::state::AppState;

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
