//! Join codes as a captain's login reads them.

use diesel::prelude::*;

use super::DbConn;
use super::schema::join_codes;

/// The table a join code lets a captain join, unless it is unknown, superseded by a newer
/// code or revoked.
pub fn active_table(conn: &mut DbConn, code: &str) -> QueryResult<Option<i64>> {
    join_codes::table
        .filter(join_codes::code.eq(code))
        .filter(join_codes::revoked_at.is_null())
        .filter(join_codes::superseded_at.is_null())
        .select(join_codes::table_id)
        .first(conn)
        .optional()
}
