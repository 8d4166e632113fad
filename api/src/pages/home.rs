//! The start page of the service: the tournaments anybody may follow, the ones being played
//! today and the coming ones first, and the published seasons.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{PageError, TournamentHeading, Viewer, respond};
use crate::auth::Caller;
use crate::services::{public, seasons};
use crate::state::AppState;

#[derive(Debug, Serialize)]
struct HomePage {
    tournaments: Vec<Listed>,
    /// The published seasons: id and name.
    seasons: Vec<(i64, String)>,
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
    let seasons = match seasons::published(&state).await {
        Ok(seasons) => seasons,
        Err(e) => {
            return respond::<HomePage>(&state.pages, &req, "pages/home.html", Err(e.into()), None);
        }
    };
    let result = public::tournaments(&state, caller)
        .await
        .map(|listed| HomePage {
            seasons,
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
