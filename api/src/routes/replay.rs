//! `POST /api/v1/replay`: a whole deal replayed from its card play and calls, then scored.
//!
//! The replay derives what `/score` takes as given (parties, card points, tricks, calls,
//! extras) and checks every play and call against the TSR on the way; a broken deal is a
//! 422 naming the event and the rule.

use actix_web::{post, web};
use domain::replay::{self, Event, ReplayError, ReplayErrorKind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain_errors::invalid_deal;
use crate::error::{ApiError, FieldError, Problem};
use crate::extract::JsonBody;
use crate::wire::game::{RulesBody, rules_or_ddv};
use crate::wire::score::{ContractName, ScoreRequest, ScoreResponse};

/// A deal as it was played.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"contract": "normal", "dealer": 3,
    "events": ["0:CA", "1:C9", "2:CT", "3:CK", "…"]}))]
pub struct ReplayRequest {
    /// What was declared: `normal`, `wedding` or a solo (`solo_…`). A silent wedding or a
    /// wedding solo is found by the replay.
    pub contract: ContractName,
    /// The wedding player or soloist; absent for a normal game.
    #[serde(default)]
    pub declarer: Option<u8>,
    /// The dealer (0–3); his left neighbour leads unless the solo is compulsory.
    pub dealer: u8,
    /// The solo is a Pflichtsolo: the soloist leads (TSR 4.2.2). Solos only.
    #[serde(default)]
    pub compulsory: bool,
    /// Every card as `seat:card` (suit C S H D + rank A T K Q J 9, `HT` = ♥10) and every
    /// call as `seat:call` (`re`, `kontra`, `no90`, `no60`, `no30`, `schwarz`), in order.
    /// Under house rules also `seat:schweinchen`, Armut as `seat:armut`,
    /// `seat:accept_armut` and the cards handed over as `seat>card`, `seat:half_chicken`,
    /// the wedding player's `seat:wedding_trump` or `seat:wedding_plain`, and
    /// `seat:super_schweinchen`.
    pub events: Vec<String>,
    /// The house rules the deal was played by (default: the DDV's tournament rules).
    #[serde(default)]
    pub rules: Option<RulesBody>,
}

/// One trick.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrickBody {
    /// The seat that led.
    pub leader: u8,
    /// The cards in play order, starting with the leader's.
    #[schema(example = json!(["CA", "C9", "CT", "CK"]))]
    pub cards: Vec<String>,
    /// The seat that took the trick.
    pub winner: u8,
    /// The card points in the trick.
    pub points: u8,
}

/// The replayed deal: the facts it yields, their score and the tricks.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplayResponse {
    /// The derived facts, in the `/score` request shape (the contract as played).
    pub facts: ScoreRequest,
    /// The score of those facts, as `/score` answers it.
    #[serde(flatten)]
    pub score: ScoreResponse,
    /// The twelve tricks.
    pub tricks: Vec<TrickBody>,
}

fn rule(kind: &ReplayErrorKind) -> (&'static str, &'static str) {
    match kind {
        ReplayErrorKind::DealerOutOfRange { .. } => ("dealer", "seat_out_of_range"),
        ReplayErrorKind::NotDeclarable { .. } => ("contract", "not_declarable"),
        ReplayErrorKind::DeclarerMissing { .. } => ("declarer", "required"),
        ReplayErrorKind::DeclarerNotAllowed { .. } => ("declarer", "not_allowed"),
        ReplayErrorKind::DeclarerOutOfRange { .. } => ("declarer", "seat_out_of_range"),
        ReplayErrorKind::CompulsoryWithoutSolo { .. } => ("compulsory", "not_allowed"),
        ReplayErrorKind::WeddingWithoutClubQueens { .. } => {
            ("declarer", "wedding_without_club_queens")
        }
        ReplayErrorKind::WrongCardCount { .. } => ("events", "wrong_card_count"),
        ReplayErrorKind::SeatOutOfRange { .. } => ("events", "seat_out_of_range"),
        ReplayErrorKind::AfterLastCard => ("events", "after_last_card"),
        ReplayErrorKind::CardNotInHand { .. } => ("events", "card_not_in_hand"),
        ReplayErrorKind::WrongTurn { .. } => ("events", "wrong_turn"),
        ReplayErrorKind::NotFollowing { .. } => ("events", "must_follow_suit"),
        ReplayErrorKind::WrongParty { .. } => ("events", "wrong_party"),
        ReplayErrorKind::BeforeClarifyingTrick { .. } => ("events", "before_clarifying_trick"),
        ReplayErrorKind::NotRaising { .. } => ("events", "call_not_raising"),
        ReplayErrorKind::AbsageAfterLateReply { .. } => ("events", "absage_after_late_reply"),
        ReplayErrorKind::TooLate { .. } => ("events", "call_too_late"),
        ReplayErrorKind::HouseRule(e) => ("events", e.code()),
    }
}

fn illegal(e: &ReplayError) -> ApiError {
    let (field, code) = rule(&e.kind);
    let field = match e.event {
        Some(i) => format!("events[{i}]"),
        None => field.to_owned(),
    };
    ApiError::unprocessable(
        "illegal_deal",
        format!("the deal breaks the rules: {e}"),
        vec![FieldError::new(field, code, e.kind.to_string())],
    )
}

fn parse_events(raw: &[String]) -> Result<Vec<Event>, ApiError> {
    let mut errors = Vec::new();
    let mut events = Vec::with_capacity(raw.len());
    for (i, text) in raw.iter().enumerate() {
        match text.parse::<Event>() {
            Ok(event) => events.push(event),
            Err(e) => errors.push(FieldError::new(
                format!("events[{i}]"),
                "invalid_event",
                e.to_string(),
            )),
        }
    }
    if errors.is_empty() {
        Ok(events)
    } else {
        Err(ApiError::unprocessable(
            "invalid_body",
            format!(
                "{} event(s) are neither seat:card nor seat:call",
                errors.len()
            ),
            errors,
        ))
    }
}

/// Replay a deal trick by trick and score it.
///
/// Every play is checked (turn, following suit, the card in hand) and every call against
/// its deadline (TSR 6: cards in hand, the wedding shift, the reply rule, skipped levels).
#[utoipa::path(
    tag = "rules",
    request_body = ReplayRequest,
    responses(
        (status = 200, body = ReplayResponse),
        (status = 400, description = "Not JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "An illegal play or call, naming the event", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/replay")]
pub async fn replay_deal(
    body: JsonBody<ReplayRequest>,
) -> Result<web::Json<ReplayResponse>, ApiError> {
    let body = body.0;
    let body_rules = body.rules;
    let rules = rules_or_ddv(body.rules)?;
    let request = replay::ReplayRequest {
        contract: body.contract.into(),
        declarer: body.declarer,
        dealer: body.dealer,
        compulsory: body.compulsory,
        events: parse_events(&body.events)?,
    };
    let played = replay::replay_with(&request, &rules).map_err(|e| illegal(&e))?;
    let scored = domain::score::score_with(&played.facts, &rules).map_err(|e| invalid_deal(&e))?;
    let mut facts = ScoreRequest::from_facts(&played.facts);
    facts.rules = body_rules;
    Ok(web::Json(ReplayResponse {
        facts,
        score: ScoreResponse::from(&scored),
        tricks: played
            .tricks
            .iter()
            .map(|t| TrickBody {
                leader: t.leader,
                cards: t.cards.iter().map(ToString::to_string).collect(),
                winner: t.winner,
                points: t.points,
            })
            .collect(),
    }))
}
