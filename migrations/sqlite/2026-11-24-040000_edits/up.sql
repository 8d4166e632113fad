-- Penalties get a version, as deals have: a correction or a withdrawal names it in If-Match,
-- so an organiser never overwrites a ruling that changed (or moved to another deal) since
-- he read it. Existing penalties start at 1.
ALTER TABLE penalties ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- What an organiser did that outlives the tournament it was about. A deleted tournament's
-- own audit log goes with it (its lines name its players); one line here keeps who deleted
-- which tournament, and when.
CREATE TABLE organizer_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organizer_id BIGINT NOT NULL REFERENCES organizers (id),
    action TEXT NOT NULL,
    subject_id BIGINT NOT NULL,            -- the tournament's id, no longer a row
    before_json TEXT,
    reason TEXT,
    at TIMESTAMP NOT NULL
);
CREATE INDEX organizer_audit_organizer ON organizer_audit (organizer_id);
