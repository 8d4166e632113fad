-- Invitations of co-organisers by a one-time link: an organiser of the tournament names an
-- e-mail, the service makes a secret link (shown to him once, and mailed where mail is
-- configured), and whoever opens it sets a password (or signs in, if the e-mail has an
-- account) and runs the tournament from then on. Only the secret's SHA-256 is stored, so a
-- copy of the database opens nothing. A link works once, until it expires or is withdrawn.
CREATE TABLE invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    email TEXT NOT NULL,                   -- lower-cased, as accounts store it
    token_hash TEXT NOT NULL UNIQUE,       -- hex SHA-256 of the link's secret
    invited_by BIGINT NOT NULL REFERENCES organizers (id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    accepted_at TIMESTAMP,
    accepted_by BIGINT REFERENCES organizers (id),
    withdrawn_at TIMESTAMP
);
CREATE INDEX invitations_tournament ON invitations (tournament_id);
