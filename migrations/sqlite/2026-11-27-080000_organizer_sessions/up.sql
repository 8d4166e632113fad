-- Signing out ends a session on the server, not only in the browser: every organiser's
-- token names its session, and a token whose session is gone opens nothing. A password
-- change or an account's removal ends all of an organiser's sessions; `token_version`
-- counts those changes for the tokens that have no session (preview links).
CREATE TABLE organizer_sessions (
    id TEXT PRIMARY KEY NOT NULL,
    organizer_id BIGINT NOT NULL REFERENCES organizers (id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX organizer_sessions_by_organizer ON organizer_sessions (organizer_id);
ALTER TABLE organizers ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0;
-- A removed account keeps its row (its tournaments and audit lines name it) but signs in
-- no more.
ALTER TABLE organizers ADD COLUMN removed_at TIMESTAMP;
