//! A tournament's page at the desk: where the day stands (players, rounds, the plan), the
//! way to each part of the desk, and the tournament itself: its settings (through the
//! service of `PATCH /api/v1/tournaments/{id}`, audited there), a preview link while it is
//! unpublished, who runs it (the Turnierleitung, [`super::organizers`]) and the way to
//! delete it ([`super::removal`]).

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::game_form::{GameChoices, GameFields};
use super::{
    Desk, Nav, Section, Step, answer, failed, refusal_text, render, see_other, signed_in_or_login,
};
use crate::error::{ApiError, FieldError};
use crate::links::LinkBase;
use crate::pages::i18n::Lang;
use crate::reached;
use crate::services::view::Tournament;
use crate::services::{co_organizers, invitations, preview, tournaments};
use crate::state::AppState;
use crate::wire::invitations::InvitedResponse;
use crate::wire::preview::PreviewLinkResponse;
use crate::wire::tournaments::UpdateTournamentRequest;

const TEMPLATE: &str = "pages/admin/overview.html";

/// What a finished action says above the page (`?done=`).
const DONE: &[&str] = &["saved", "added", "removed", "withdrawn", "joined"];

#[derive(Debug, Serialize)]
struct OverviewPage {
    /// Players who have not withdrawn.
    players: i64,
    rounds_planned: i32,
    rounds: Vec<RoundLine>,
    has_plan: bool,
    /// The settings form: the tournament's values, or what was typed when refused.
    settings: SettingsForm,
    /// The game's selects.
    choices: GameChoices,
    /// The time zones offered (any IANA name may be typed).
    time_zones: &'static [&'static str],
    /// Every tie-break a tournament may choose, by wire name.
    tie_break_names: Vec<&'static str>,
    /// Why the settings were refused, if they were.
    settings_refused: Option<Refusal>,
    /// Who runs the tournament.
    organizers: Vec<OrganizerLine>,
    /// The add form's e-mail, kept when refused.
    organizer_email: String,
    organizer_refused: Option<Refusal>,
    /// The open invitations.
    invitations: Vec<InvitationLine>,
    /// An invitation just made, with its link (shown this once).
    invited: Option<InvitedLine>,
    /// A preview link just made (not `preview`: the base template's banner of a page read
    /// through one has that name).
    preview_link: Option<PreviewLine>,
    /// What the last action did, in the page's language, shown in its section.
    done: Option<Done>,
    /// The one at the desk owns the tournament: only he may delete it.
    owner: bool,
}

#[derive(Debug, Serialize)]
struct Done {
    section: &'static str,
    text: String,
}

#[derive(Debug, Serialize)]
struct RoundLine {
    number: i32,
    tables: i64,
    closed: bool,
}

/// A refusal as the page shows it: the headline, and one line per field.
#[derive(Debug, Serialize)]
struct Refusal {
    title: String,
    reasons: Vec<String>,
}

#[derive(Debug, Serialize)]
struct OrganizerLine {
    id: i64,
    name: String,
    email: String,
    owner: bool,
    /// Whether the one at the desk may remove him (the owner removes anyone but himself, a
    /// co-organiser only himself).
    removable: bool,
    me: bool,
}

#[derive(Debug, Serialize)]
struct InvitationLine {
    id: i64,
    email: String,
    invited_by: String,
    /// `dd.mm.yyyy hh:mm` in the tournament's time zone.
    expires: String,
    withdrawable: bool,
}

#[derive(Debug, Serialize)]
struct InvitedLine {
    email: String,
    link: String,
    expires: String,
    mailed: bool,
    /// Mail is configured but did not take it: why.
    mail_error: Option<String>,
    /// The link names a loopback address: it opens on this machine only.
    loopback: bool,
}

#[derive(Debug, Serialize)]
struct PreviewLine {
    url: String,
    /// `dd.mm.yyyy hh:mm` in the tournament's time zone.
    expires: String,
}

/// The settings form as posted: every field as text, so a refused form shows what was
/// typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct SettingsForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    date: String,
    #[serde(default)]
    venue: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    deals_four: String,
    #[serde(default)]
    deals_five: String,
    #[serde(default)]
    minutes_four: String,
    #[serde(default)]
    minutes_five: String,
    /// An IANA time zone name.
    #[serde(default)]
    time_zone: String,
    /// The tie-breaks, one select per place in the order (empty: none there). `None` when
    /// the form had no such field (a form from before it existed leaves them as they are).
    #[serde(default)]
    tie_break_1: Option<String>,
    #[serde(default)]
    tie_break_2: Option<String>,
    #[serde(default)]
    tie_break_3: Option<String>,
    #[serde(default)]
    tie_break_4: Option<String>,
    /// The game and its rules.
    #[serde(flatten)]
    game: GameFields,
    /// The values the form showed when it was rendered (JSON, by field), so that only what
    /// the organiser changed is sent.
    #[serde(default)]
    shown: String,
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
}

impl SettingsForm {
    fn of(t: &Tournament) -> SettingsForm {
        let mut form = SettingsForm {
            name: t.name.clone(),
            date: t.held_on.format("%Y-%m-%d").to_string(),
            venue: t.venue.clone().unwrap_or_default(),
            rounds: t.rounds_planned.to_string(),
            deals_four: t.deals_four.to_string(),
            deals_five: t.deals_five.to_string(),
            minutes_four: t.minutes_four.to_string(),
            minutes_five: t.minutes_five.to_string(),
            time_zone: t.time_zone.clone(),
            tie_break_1: t.tie_breaks.first().cloned(),
            tie_break_2: t.tie_breaks.get(1).cloned(),
            tie_break_3: t.tie_breaks.get(2).cloned(),
            tie_break_4: t.tie_breaks.get(3).cloned(),
            game: GameFields::of(t.game),
            shown: String::new(),
            csrf: None,
        };
        let values: BTreeMap<&str, String> = form.values().into_iter().collect();
        form.shown = serde_json::to_string(&values).unwrap_or_default();
        form
    }

    /// The tie-breaks chosen, in order, the places left empty skipped; `None` when the
    /// form had none of the fields.
    fn tie_breaks(&self) -> Option<Vec<String>> {
        let posted = [
            &self.tie_break_1,
            &self.tie_break_2,
            &self.tie_break_3,
            &self.tie_break_4,
        ];
        posted.iter().any(|p| p.is_some()).then(|| {
            self.tie_break_places()
                .into_iter()
                .map(|(_, name)| name.to_owned())
                .collect()
        })
    }

    /// The tie-breaks chosen with the place (0-based) of the select each was chosen in.
    fn tie_break_places(&self) -> Vec<(usize, &str)> {
        [
            &self.tie_break_1,
            &self.tie_break_2,
            &self.tie_break_3,
            &self.tie_break_4,
        ]
        .into_iter()
        .enumerate()
        .filter_map(|(i, p)| p.as_deref().map(|p| (i, p.trim())))
        .filter(|(_, p)| !p.is_empty())
        .collect()
    }

    /// The fields by name, as typed.
    fn values(&self) -> [(&'static str, String); 11] {
        [
            ("name", self.name.clone()),
            ("date", self.date.clone()),
            ("venue", self.venue.clone()),
            ("rounds", self.rounds.clone()),
            ("deals_four", self.deals_four.clone()),
            ("deals_five", self.deals_five.clone()),
            ("minutes_four", self.minutes_four.clone()),
            ("minutes_five", self.minutes_five.clone()),
            ("time_zone", self.time_zone.clone()),
            (
                "tie_breaks",
                self.tie_breaks().unwrap_or_default().join(","),
            ),
            ("game", self.game.key()),
        ]
    }

    /// The API's change from the form: only the fields changed from what the form showed
    /// (`shown`), so that two organisers changing different settings at once do not undo
    /// each other's; every field when that is not known. What does not parse is a 422
    /// naming its field.
    fn request(&self) -> Result<UpdateTournamentRequest, ApiError> {
        let shown: BTreeMap<String, String> = serde_json::from_str(&self.shown).unwrap_or_default();
        let changed = |field: &str, value: &str| {
            shown
                .get(field)
                .is_none_or(|was| was.trim() != value.trim())
        };
        let text =
            |field: &str, value: &str| changed(field, value).then(|| value.trim().to_owned());
        let mut errors = Vec::new();
        let mut number = |field: &str, value: &str| {
            if !changed(field, value) {
                return None;
            }
            match value.trim().parse::<i32>() {
                Ok(n) => Some(n),
                Err(_) => {
                    errors.push(FieldError::new(field, "invalid_value", "a whole number"));
                    None
                }
            }
        };
        let rounds = number("rounds", &self.rounds);
        let deals_four = number("deals_four", &self.deals_four);
        let deals_five = number("deals_five", &self.deals_five);
        let minutes_four = number("minutes_four", &self.minutes_four);
        let minutes_five = number("minutes_five", &self.minutes_five);
        let date = if changed("date", &self.date) {
            NaiveDate::parse_from_str(self.date.trim(), "%Y-%m-%d")
                .map_err(|_| {
                    errors.push(FieldError::new(
                        "date",
                        "invalid_value",
                        "a day (YYYY-MM-DD)",
                    ));
                })
                .ok()
        } else {
            None
        };
        // A rule chosen twice is named by the select it was chosen again in; the service,
        // which sees the list without the empty selects, could only count the list.
        let chosen = self.tie_break_places();
        let names: Vec<&str> = chosen.iter().map(|(_, name)| *name).collect();
        for (k, fault) in domain::standings::TieBreak::faults(&names) {
            if fault == domain::standings::OrderFault::Repeated {
                let (place, name) = chosen[k];
                errors.push(FieldError::new(
                    format!("tie_breaks[{place}]"),
                    "duplicate_value",
                    format!("{name:?} is already chosen above"),
                ));
            }
        }
        if !errors.is_empty() {
            return Err(ApiError::unprocessable(
                "invalid_body",
                "the form has fields that do not parse",
                errors,
            ));
        }
        let (ruleset, game) = if changed("game", &self.game.key()) {
            let (ruleset, game) = self.game.body()?;
            (Some(ruleset), game)
        } else {
            (None, None)
        };
        Ok(UpdateTournamentRequest {
            name: text("name", &self.name),
            date,
            venue: text("venue", &self.venue),
            rounds,
            deals_four,
            deals_five,
            minutes_four,
            minutes_five,
            published: None,
            ruleset,
            game,
            // A form from before the field existed sends none: the zone stays.
            time_zone: (changed("time_zone", &self.time_zone) && !self.time_zone.trim().is_empty())
                .then(|| self.time_zone.trim().to_owned()),
            tie_breaks: self
                .tie_breaks()
                .filter(|list| changed("tie_breaks", &list.join(","))),
        })
    }
}

/// What the page shows besides the tournament's own state: a refused form as it was left,
/// a preview link just made.
#[derive(Default)]
pub(super) struct Shown {
    pub settings: Option<SettingsForm>,
    pub settings_refusal: Option<ApiError>,
    pub email: String,
    pub organizer_refusal: Option<ApiError>,
    pub preview: Option<PreviewLinkResponse>,
    pub invited: Option<InvitedResponse>,
    pub done: Option<String>,
}

#[derive(Debug, Deserialize)]
struct PageQuery {
    #[serde(default)]
    done: Option<String>,
}

/// The tournament's desk page; another organiser's tournament is not found.
#[get("/admin/tournaments/{id}")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<PageQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Overview)
                .await?;
            let done = query
                .done
                .as_deref()
                .filter(|d| DONE.contains(d))
                .map(str::to_owned);
            let shown = Shown {
                done,
                ..Shown::default()
            };
            show(&state, &req, &desk, &nav, shown).await
        }
        .await,
    )
}

/// The page with `shown`; its status is that of the refusal it shows, if any.
pub(super) async fn show(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    shown: Shown,
) -> Step<HttpResponse> {
    let overview = tournaments::overview(state, desk.caller(), nav.id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let organizers = co_organizers::list(state, desk.caller(), nav.id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let invitations = invitations::list(state, desk.caller(), nav.id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let (lang, _) = Lang::of(req);
    let me = desk.organizer;
    let zone = overview.tournament.time_zone.clone();
    let local = move |at: &str| {
        chrono::DateTime::parse_from_rfc3339(at)
            .map(|at| crate::local_time::date_and_clock(&zone, at.naive_utc()))
            .unwrap_or_else(|_| at.to_owned())
    };
    let owner = organizers.iter().any(|o| o.owner && o.organizer_id == me);
    let refusal = shown
        .settings_refusal
        .as_ref()
        .or(shown.organizer_refusal.as_ref());
    let status = refusal.map_or(StatusCode::OK, ResponseError::status_code);
    let model = OverviewPage {
        owner,
        players: overview.players,
        rounds_planned: overview.tournament.rounds_planned,
        rounds: overview
            .rounds
            .into_iter()
            .map(|r| RoundLine {
                number: r.number,
                tables: r.tables,
                closed: r.closed,
            })
            .collect(),
        has_plan: overview.has_plan,
        settings: shown
            .settings
            .unwrap_or_else(|| SettingsForm::of(&overview.tournament)),
        choices: GameChoices::new(lang, &tournaments::RULESETS),
        time_zones: crate::local_time::OFFERED,
        tie_break_names: domain::standings::TieBreak::ALL
            .iter()
            .map(|t| t.as_str())
            .collect(),
        settings_refused: shown
            .settings_refusal
            .as_ref()
            .map(|e| settings_refusal(lang, e)),
        organizers: organizers
            .into_iter()
            .map(|o| OrganizerLine {
                removable: !o.owner && (owner || o.organizer_id == me),
                me: o.organizer_id == me,
                id: o.organizer_id,
                name: o.name,
                email: o.email,
                owner: o.owner,
            })
            .collect(),
        organizer_email: shown.email,
        organizer_refused: shown.organizer_refusal.as_ref().map(|e| Refusal {
            title: organizer_refusal(lang, e),
            reasons: Vec::new(),
        }),
        invitations: invitations
            .into_iter()
            .map(|i| InvitationLine {
                expires: local(&i.expires_at),
                id: i.id,
                email: i.email,
                invited_by: i.invited_by_name,
                withdrawable: i.withdrawable,
            })
            .collect(),
        invited: shown.invited.map(|i| InvitedLine {
            expires: local(&i.invitation.expires_at),
            email: i.invitation.email,
            link: i.link,
            mailed: i.mailed,
            mail_error: i.mail_error,
            loopback: matches!(reached::link_base(state, req), LinkBase::Loopback(_)),
        }),
        preview_link: shown.preview.map(|p| PreviewLine {
            expires: local(&p.expires_at),
            url: p.url,
        }),
        done: shown.done.map(|d| Done {
            section: if d == "saved" {
                "settings"
            } else {
                "organizers"
            },
            text: lang.text(&format!("desk_tournament_done_{d}")),
        }),
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

/// The settings' refusal: its headline by code, and each field by its label with the
/// reason by the field's code (the service's detail, which names the round and table,
/// after it).
fn settings_refusal(lang: Lang, e: &ApiError) -> Refusal {
    let problem = e.problem();
    let title = if problem.code == "settings_contradict_play" {
        refusal_text(lang, e)
    } else {
        lang.text("desk_tournament_settings_refused")
    };
    let mut reasons: Vec<String> = problem
        .errors
        .iter()
        .map(|f| {
            // A place in the tie-breaks' order (`tie_breaks[1]`) is named by its select.
            let label = match f.field.strip_prefix("tie_breaks[") {
                Some(place) => {
                    let n = place
                        .trim_end_matches(']')
                        .parse::<usize>()
                        .unwrap_or_default()
                        + 1;
                    format!(
                        "{}, {}",
                        lang.text("desk_tournament_field_tie_breaks"),
                        lang.text("desk_tournament_tie_break_place")
                            .replace("{n}", &n.to_string())
                    )
                }
                None => lang.text_or(&format!("desk_tournament_field_{}", f.field), &f.field),
            };
            let reason = lang.text_or(&format!("desk_tournament_reason_{}", f.code), "");
            if reason.is_empty() {
                format!("{label}: {}", f.message)
            } else {
                format!("{label}: {reason} ({})", f.message)
            }
        })
        .collect();
    if reasons.is_empty() {
        reasons.push(problem.detail);
    }
    Refusal { title, reasons }
}

/// Why the Turnierleitung's form was refused: by the problem's code; the generic codes
/// by this page's own texts.
fn organizer_refusal(lang: Lang, e: &ApiError) -> String {
    match e.problem().code.as_str() {
        "forbidden" => lang.text("desk_tournament_only_owner_removes"),
        "invalid_body" => lang.text("desk_tournament_email_invalid"),
        _ => refusal_text(lang, e),
    }
}

/// Saves the settings form through the service of `PATCH /api/v1/tournaments/{id}`
/// (checked and audited there). A refusal shows the page again with the form as typed
/// and the reasons; success comes back to the page (303).
#[post("/admin/tournaments/{id}/settings")]
pub async fn save(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<SettingsForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = body.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Overview)
                .await?;
            let saved = match form.request() {
                Ok(change) => tournaments::update(&state, desk.organizer, nav.id, change)
                    .await
                    .map(drop),
                Err(e) => Err(e),
            };
            match saved {
                Ok(()) => Ok(see_other(&format!(
                    "/admin/tournaments/{}?done=saved#settings",
                    nav.id
                ))),
                Err(e @ (ApiError::Unprocessable { .. } | ApiError::Conflict { .. })) => {
                    let shown = Shown {
                        settings: Some(form),
                        settings_refusal: Some(e),
                        ..Shown::default()
                    };
                    show(&state, &req, &desk, &nav, shown).await
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub(super) struct TokenForm {
    #[serde(default)]
    pub csrf: Option<String>,
}

/// Makes a preview link to the unpublished tournament's pages (nothing is stored) and
/// shows it on the page.
#[post("/admin/tournaments/{id}/preview-link")]
pub async fn preview_link(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<TokenForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Overview)
                .await?;
            let link = preview::create_link(&state, desk.caller(), nav.id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            let shown = Shown {
                preview: Some(link),
                ..Shown::default()
            };
            show(&state, &req, &desk, &nav, shown).await
        }
        .await,
    )
}
