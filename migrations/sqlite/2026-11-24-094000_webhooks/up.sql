-- Webhooks: URLs an organiser registers per tournament, told of its events
-- (deal.created, deal.corrected, round.closed, standings.changed).
CREATE TABLE webhooks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    url TEXT NOT NULL,
    events TEXT NOT NULL,                  -- the event names, comma-separated
    secret TEXT NOT NULL,                  -- the key of the body's HMAC-SHA256 signature
    active BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
-- The one lookup every audited change makes: does this tournament have hooks?
CREATE INDEX webhooks_tournament ON webhooks (tournament_id);

-- The outbox: one row per event and hook, written in the transaction of the change that
-- caused it, so a committed change always has its delivery and a rolled-back one none.
CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    webhook_id BIGINT NOT NULL REFERENCES webhooks (id),
    event TEXT NOT NULL,
    event_id TEXT NOT NULL,
    payload TEXT NOT NULL,                 -- the exact body sent (and signed), every attempt
    status TEXT NOT NULL,                  -- pending, delivered or failed
    attempts INTEGER NOT NULL,
    next_attempt_at TIMESTAMP NOT NULL,
    last_attempt_at TIMESTAMP,
    last_status_code INTEGER,
    last_error TEXT,
    delivered_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (webhook_id, id);
CREATE INDEX webhook_deliveries_status ON webhook_deliveries (status, webhook_id);
