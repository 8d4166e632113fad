//! Attempts counted in the database, so that every instance on one PostgreSQL database
//! counts them together (see `auth::limits`): one row per key with the time at which its
//! limit is refilled.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::rate_limits;

/// How often a change of one key is tried again when another instance changed it in
/// between: each try reads what the other one stored.
const TRIES: usize = 5;

/// Counts one attempt for `key`: `decide` is given the key's stored time (`None` for a key
/// not seen, or seen long ago) and answers the time to store, or refuses (`Err`, stored as
/// it was). Another instance counting the same key at the same moment is seen: a change is
/// stored only over the time it was decided on, and decided again otherwise; `None` when
/// the key kept changing under every try (the caller refuses: a burst of attempts is
/// counted right now).
pub fn take<E>(
    conn: &mut DbConn,
    key: &str,
    decide: impl Fn(Option<NaiveDateTime>) -> Result<NaiveDateTime, E>,
) -> QueryResult<Option<Result<(), E>>> {
    for _ in 0..TRIES {
        let kept = rate_limits::table
            .find(key)
            .select(rate_limits::tat)
            .first::<NaiveDateTime>(conn)
            .optional()?;
        let next = match decide(kept) {
            Ok(next) => next,
            Err(refused) => return Ok(Some(Err(refused))),
        };
        let stored = match kept {
            Some(old) => {
                diesel::update(
                    rate_limits::table
                        .find(key)
                        .filter(rate_limits::tat.eq(old)),
                )
                .set(rate_limits::tat.eq(next))
                .execute(conn)?
                    == 1
            }
            // Its own savepoint: on PostgreSQL a unique violation would abort the whole
            // transaction.
            None => super::unless_duplicate(conn.transaction(|conn| {
                diesel::insert_into(rate_limits::table)
                    .values((rate_limits::key.eq(key), rate_limits::tat.eq(next)))
                    .execute(conn)
            }))?
            .is_some(),
        };
        if stored {
            return Ok(Some(Ok(())));
        }
    }
    Ok(None)
}

/// Deletes the keys refilled before `now`: they count as not seen anyway.
pub fn forget_before(conn: &mut DbConn, now: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(rate_limits::table.filter(rate_limits::tat.lt(now))).execute(conn)
}
