//! The start page of the service: the tournaments anybody may follow, the ones being played
//! today and the coming ones first.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{PageError, TournamentHeading, Viewer, respond};
use crate::auth::Caller;
use crate::services::public;
use crate::state::AppState;

#[derive(Debug, Serialize)]
struct HomePage {
    tournaments: Vec<Listed>,
}

#[derive(Debug, Serialize)]
struct Listed {
    id: i64,
    tournament: TournamentHeading,
    /// Held today or later.
    current: bool,
    /// Not published: only its organiser sees it here.
    published: bool,
}

/// `/`: the published tournaments (and an organiser's own), current ones first.
#[get("/")]
pub async fn home(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    // A token that does not check out reads what everybody reads: the start page is
    // never a 404.
    let caller = Viewer::of(&state, &req, None)
        .await
        .caller
        .unwrap_or(Caller::Public);
    let result = public::tournaments(&state, caller)
        .await
        .map(|listed| HomePage {
            tournaments: listed
                .into_iter()
                .map(|l| Listed {
                    id: l.tournament.id,
                    tournament: (&l.tournament).into(),
                    current: l.current,
                    published: l.tournament.published,
                })
                .collect(),
        })
        .map_err(PageError::from);
    respond(&state.pages, &req, "pages/home.html", result, None)
}
