//! Invitations of co-organisers by a one-time link: stored by the SHA-256 of the link's
//! secret, never the secret itself. An invitation is open while it is neither accepted nor
//! withdrawn and has not expired.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{invitations, organizers};

/// An invitation as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = invitations)]
pub struct InvitationRow {
    /// Id.
    pub id: i64,
    /// The tournament the invitee will run.
    pub tournament_id: i64,
    /// Lower-cased e-mail of the invitee.
    pub email: String,
    /// Hex SHA-256 of the link's secret.
    pub token_hash: String,
    /// The organiser who invited.
    pub invited_by: i64,
    /// Made (UTC).
    pub created_at: NaiveDateTime,
    /// The link works until then (UTC).
    pub expires_at: NaiveDateTime,
    /// When the invitee accepted it.
    pub accepted_at: Option<NaiveDateTime>,
    /// The account that accepted it.
    pub accepted_by: Option<i64>,
    /// When an organiser withdrew it, or a newer invitation to the same e-mail replaced it.
    pub withdrawn_at: Option<NaiveDateTime>,
}

/// A new invitation.
#[derive(Debug, Insertable)]
#[diesel(table_name = invitations)]
pub struct NewInvitation<'a> {
    /// The tournament.
    pub tournament_id: i64,
    /// Lower-cased e-mail.
    pub email: &'a str,
    /// Hex SHA-256 of the secret.
    pub token_hash: &'a str,
    /// Who invites.
    pub invited_by: i64,
    /// Now (UTC).
    pub created_at: NaiveDateTime,
    /// Until when the link works (UTC).
    pub expires_at: NaiveDateTime,
}

/// Stores an invitation and returns its id.
pub fn insert(conn: &mut DbConn, new: &NewInvitation<'_>) -> QueryResult<i64> {
    diesel::insert_into(invitations::table)
        .values(new)
        .returning(invitations::id)
        .get_result(conn)
}

/// The open invitations of `tournament_id` at `now`, oldest first, each with the name of
/// the organiser who invited.
pub fn open(
    conn: &mut DbConn,
    tournament_id: i64,
    now: NaiveDateTime,
) -> QueryResult<Vec<(InvitationRow, String)>> {
    invitations::table
        .inner_join(organizers::table.on(organizers::id.eq(invitations::invited_by)))
        .filter(invitations::tournament_id.eq(tournament_id))
        .filter(invitations::accepted_at.is_null())
        .filter(invitations::withdrawn_at.is_null())
        .filter(invitations::expires_at.gt(now))
        .order(invitations::id)
        .select((InvitationRow::as_select(), organizers::name))
        .load(conn)
}

/// Invitation `id` of `tournament_id`, if any.
pub fn find(conn: &mut DbConn, tournament_id: i64, id: i64) -> QueryResult<Option<InvitationRow>> {
    invitations::table
        .find(id)
        .filter(invitations::tournament_id.eq(tournament_id))
        .select(InvitationRow::as_select())
        .first(conn)
        .optional()
}

/// The invitation whose secret hashes to `token_hash`, if any.
pub fn by_hash(conn: &mut DbConn, token_hash: &str) -> QueryResult<Option<InvitationRow>> {
    invitations::table
        .filter(invitations::token_hash.eq(token_hash))
        .select(InvitationRow::as_select())
        .first(conn)
        .optional()
}

/// Withdraws every invitation of `tournament_id` to `email` that is neither accepted nor
/// withdrawn (a newer one replaces them); answers how many.
pub fn withdraw_to(
    conn: &mut DbConn,
    tournament_id: i64,
    email: &str,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        invitations::table
            .filter(invitations::tournament_id.eq(tournament_id))
            .filter(invitations::email.eq(email))
            .filter(invitations::accepted_at.is_null())
            .filter(invitations::withdrawn_at.is_null()),
    )
    .set(invitations::withdrawn_at.eq(Some(at)))
    .execute(conn)
}

/// Withdraws invitation `id` unless it was accepted or withdrawn; answers whether it did.
pub fn withdraw(conn: &mut DbConn, id: i64, at: NaiveDateTime) -> QueryResult<bool> {
    diesel::update(
        invitations::table
            .find(id)
            .filter(invitations::accepted_at.is_null())
            .filter(invitations::withdrawn_at.is_null()),
    )
    .set(invitations::withdrawn_at.eq(Some(at)))
    .execute(conn)
    .map(|n| n == 1)
}

/// Marks invitation `id` accepted by `organizer_id`, unless it was accepted or withdrawn
/// meanwhile; answers whether it did (the link works once).
pub fn accept(
    conn: &mut DbConn,
    id: i64,
    organizer_id: i64,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    diesel::update(
        invitations::table
            .find(id)
            .filter(invitations::accepted_at.is_null())
            .filter(invitations::withdrawn_at.is_null()),
    )
    .set((
        invitations::accepted_at.eq(Some(at)),
        invitations::accepted_by.eq(Some(organizer_id)),
    ))
    .execute(conn)
    .map(|n| n == 1)
}

/// Deletes every invitation of `tournament_id` (the tournament is deleted).
pub fn delete_all(conn: &mut DbConn, tournament_id: i64) -> QueryResult<usize> {
    diesel::delete(invitations::table.filter(invitations::tournament_id.eq(tournament_id)))
        .execute(conn)
}
