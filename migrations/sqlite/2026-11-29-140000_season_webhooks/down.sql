-- Back to hooks of tournaments only: a season's hooks go with their deliveries.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
DELETE FROM webhook_deliveries
    WHERE webhook_id IN (SELECT id FROM webhooks WHERE season_id IS NOT NULL);
DELETE FROM webhooks WHERE season_id IS NOT NULL;
DROP TABLE IF EXISTS webhooks_rebuilt;
CREATE TABLE webhooks_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    secret TEXT NOT NULL,
    active BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
INSERT INTO webhooks_rebuilt (id, tournament_id, url, events, secret, active, created_at)
    SELECT id, tournament_id, url, events, secret, active, created_at FROM webhooks;
DELETE FROM sqlite_sequence WHERE name = 'webhooks_rebuilt';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'webhooks_rebuilt', seq FROM sqlite_sequence WHERE name = 'webhooks';
DROP TABLE webhooks;
ALTER TABLE webhooks_rebuilt RENAME TO webhooks;
CREATE INDEX webhooks_tournament ON webhooks (tournament_id);
COMMIT;
PRAGMA foreign_keys = ON;
