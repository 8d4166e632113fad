-- Webhooks of a season: a hook belongs to a tournament or to a season, never both.
--
-- SQLite cannot relax a NOT NULL column, so `webhooks` is rebuilt. With foreign keys on,
-- dropping the old table would count every delivery as an orphan until the commit (the
-- count does not go down when the rebuilt table takes the name), so they are off for the
-- rebuild, which runs in a transaction of its own (metadata.toml); it copies every row as
-- it is, so no key can break. Every statement can run again: a crash between this COMMIT
-- and diesel recording the version re-runs it on the rebuilt table, unchanged. (The
-- organiser log's new column is the next migration's, which diesel runs in a transaction.)
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
DROP TABLE IF EXISTS webhooks_rebuilt;
CREATE TABLE webhooks_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id BIGINT REFERENCES tournaments (id),
    season_id BIGINT REFERENCES seasons (id),
    url TEXT NOT NULL,
    events TEXT NOT NULL,                  -- the event names, comma-separated
    secret TEXT NOT NULL,                  -- the key of the body's HMAC-SHA256 signature
    active BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    CHECK ((tournament_id IS NULL) <> (season_id IS NULL))
);
INSERT INTO webhooks_rebuilt
    (id, tournament_id, season_id, url, events, secret, active, created_at)
    SELECT id, tournament_id, NULL, url, events, secret, active, created_at FROM webhooks;
-- A removed hook's id is never given again (AUTOINCREMENT's promise, kept across the
-- rebuild): deliveries and the audit log name hooks by id.
DELETE FROM sqlite_sequence WHERE name = 'webhooks_rebuilt';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'webhooks_rebuilt', seq FROM sqlite_sequence WHERE name = 'webhooks';
DROP TABLE webhooks;
ALTER TABLE webhooks_rebuilt RENAME TO webhooks;
-- The one lookup every audited change makes: the tournament's hooks and its seasons'.
CREATE INDEX webhooks_tournament ON webhooks (tournament_id);
CREATE INDEX webhooks_season ON webhooks (season_id);
COMMIT;
PRAGMA foreign_keys = ON;
