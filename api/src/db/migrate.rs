//! The schema migrations, embedded in the binary: one tree per backend with the same
//! versions, because DDL is not portable (`INTEGER PRIMARY KEY` vs identity columns).

use anyhow::Context;
use diesel::migration::MigrationSource;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use super::DbConn;

/// The SQLite migrations.
pub const SQLITE: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
/// The PostgreSQL migrations.
pub const POSTGRES: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

/// Applies every migration the database has not seen yet; returns how many ran.
pub fn run_pending(conn: &mut DbConn) -> anyhow::Result<usize> {
    let applied = match conn {
        DbConn::Pg(c) => c.run_pending_migrations(POSTGRES).map(|v| v.len()),
        DbConn::Sqlite(c) => c.run_pending_migrations(SQLITE).map(|v| v.len()),
    }
    .map_err(|e| anyhow::anyhow!("{e}"))
    .context("cannot migrate the database")?;
    if applied > 0 {
        tracing::info!(applied, "database migrated");
    }
    Ok(applied)
}

/// The SQLite migration versions this program knows, as diesel records them.
pub fn sqlite_versions() -> anyhow::Result<Vec<String>> {
    let migrations = MigrationSource::<diesel::sqlite::Sqlite>::migrations(&SQLITE)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(migrations
        .iter()
        .map(|m| m.name().version().to_string())
        .collect())
}
