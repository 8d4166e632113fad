//! Inviting co-organisers by a one-time link: made, listed and withdrawn by a tournament's
//! organisers; looked up and accepted by whoever holds the link.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::{JsonBody, RawBody, parse};
use crate::reached;
use crate::services::invitations;
use crate::state::AppState;
use crate::wire::invitations::{
    AcceptInvitationRequest, AcceptedInvitationResponse, InvitationLookupResponse,
    InvitationResponse, InviteRequest, InvitedResponse,
};

/// The open invitations of a tournament (neither accepted nor withdrawn, not expired).
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 200, body = Vec<InvitationResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/invitations")]
pub async fn list_invitations(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<InvitationResponse>>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    Ok(web::Json(
        invitations::list(&state, caller, id.into_inner()).await?,
    ))
}

/// Invite someone (by e-mail) to run a tournament as co-organiser.
///
/// Any organiser of the tournament may. The answer holds the link, once: only a hash of
/// its secret is stored. Where the server has mail (`KARLCHEN_SENDMAIL`) the link is also
/// mailed (`mailed`, or `mail_error` saying why not). The link works once, for 7 days; a
/// new invitation to the same e-mail replaces an open one. Whoever opens it sets a name
/// and password (or, if the e-mail has an account, accepts signed in as it). One who runs
/// the tournament already is refused (409 `already_organizer`), so is the e-mail of an
/// account the server's operator removed (422 `account_removed` on `email`). Audited.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)), request_body = InviteRequest,
    security(("bearer" = [])), responses(
    (status = 201, body = InvitedResponse),
    (status = 409, description = "He runs the tournament already (`already_organizer`)", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/invitations")]
pub async fn invite(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<InviteRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let base = reached::link_base(&state, &req);
    let invited = invitations::invite(
        &state,
        caller,
        id.into_inner(),
        &body.0.email,
        base.origin(),
    )
    .await?;
    Ok(HttpResponse::Created().json(invited))
}

/// Withdraw an open invitation: its link opens nothing any more.
///
/// The tournament's owner or who invited may (403 for another co-organiser). An accepted
/// invitation is a 409 (`invitation_accepted`; remove the co-organiser instead).
/// Withdrawing a withdrawn one changes nothing. Audited.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path), ("invitation_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 204),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tournaments/{id}/invitations/{invitation_id}")]
pub async fn withdraw_invitation(
    state: web::Data<AppState>,
    organizer: Organizer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (id, invitation_id) = path.into_inner();
    invitations::withdraw(&state, Caller::Organizer(organizer.0), id, invitation_id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// What an invitation link offers: the tournament, who invited, and whether the e-mail has
/// an account (then accept signed in as it).
///
/// 404 for a secret no invitation has; 410 for a link used (`invitation_used`), withdrawn
/// (`invitation_withdrawn`) or expired (`invitation_expired`).
#[utoipa::path(tag = "auth", params(("secret" = String, Path, description = "The secret at the end of the link")),
    responses(
    (status = 200, body = InvitationLookupResponse),
    (status = 410, description = "Used, withdrawn or expired", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/invitations/{secret}")]
pub async fn lookup_invitation(
    state: web::Data<AppState>,
    secret: web::Path<String>,
) -> Result<web::Json<InvitationLookupResponse>, ApiError> {
    Ok(web::Json(invitations::lookup(&state, &secret).await?))
}

/// Accept an invitation: the invitee runs the tournament from now on.
///
/// For an e-mail without an account, send `name` and `password` (at least 10 characters):
/// the account is made and the answer holds a session token for it. For one with an
/// account, send that account's bearer token (401 without, 409
/// `invitation_for_another_account` with another). The link works once (410 after). Audited.
#[utoipa::path(tag = "auth", params(("secret" = String, Path, description = "The secret at the end of the link")),
    request_body(content = Option<AcceptInvitationRequest>, description = "A new account's name and password; none with an account's token"),
    security((), ("bearer" = [])), responses(
    (status = 201, body = AcceptedInvitationResponse),
    (status = 410, description = "Used, withdrawn or expired", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/invitations/{secret}/accept")]
pub async fn accept_invitation(
    state: web::Data<AppState>,
    caller: Caller,
    secret: web::Path<String>,
    body: RawBody,
) -> Result<HttpResponse, ApiError> {
    let request = if body.0.iter().all(u8::is_ascii_whitespace) {
        AcceptInvitationRequest::default()
    } else {
        parse::<Option<AcceptInvitationRequest>>(&body.0)?.unwrap_or_default()
    };
    let accepted = invitations::accept(&state, caller, &secret, request).await?;
    Ok(HttpResponse::Created().json(accepted))
}
