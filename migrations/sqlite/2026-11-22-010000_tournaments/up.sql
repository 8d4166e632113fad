-- Organisers, tournaments, players, rounds and each table's score sheet.
-- A deal stores only what the captain entered (the facts, as JSON): dealers, kinds,
-- scores and totals are re-derived by the domain on every read, so they cannot drift.

CREATE TABLE organizers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,            -- lower-cased
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,           -- argon2id PHC string
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organizer_id BIGINT NOT NULL REFERENCES organizers (id),
    name TEXT NOT NULL,
    held_on DATE NOT NULL,
    venue TEXT,
    rounds_planned INTEGER NOT NULL,
    deals_four INTEGER NOT NULL,
    deals_five INTEGER NOT NULL,
    minutes_four INTEGER NOT NULL,
    minutes_five INTEGER NOT NULL,
    ruleset TEXT NOT NULL,
    tie_breaks TEXT NOT NULL,              -- comma-separated, applied in order; empty = shared ranks
    published BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX tournaments_organizer ON tournaments (organizer_id);

CREATE TABLE players (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    start_number INTEGER NOT NULL,
    name TEXT NOT NULL,
    club TEXT,
    ddv_number TEXT,
    checked_in BOOLEAN NOT NULL,
    withdrawn BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (tournament_id, start_number)
);

CREATE TABLE rounds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    number INTEGER NOT NULL,
    closed BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (tournament_id, number)
);

CREATE TABLE round_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    round_id BIGINT NOT NULL REFERENCES rounds (id),
    number INTEGER NOT NULL,
    planned_deals INTEGER NOT NULL,
    time_up_after INTEGER,                 -- deals on the sheet when time was called
    UNIQUE (round_id, number)
);

CREATE TABLE table_seats (
    table_id BIGINT NOT NULL REFERENCES round_tables (id),
    seat INTEGER NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (id),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX table_seats_player ON table_seats (player_id);

CREATE TABLE join_codes (
    code TEXT PRIMARY KEY,
    table_id BIGINT NOT NULL REFERENCES round_tables (id),
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX join_codes_table ON join_codes (table_id);

CREATE TABLE deals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id BIGINT NOT NULL REFERENCES round_tables (id),
    number INTEGER NOT NULL,
    facts TEXT NOT NULL,                   -- the entered deal, as JSON
    version INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (table_id, number)
);

CREATE TABLE penalties (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id BIGINT NOT NULL REFERENCES round_tables (id),
    deal_number INTEGER NOT NULL,
    severity TEXT NOT NULL,
    offender INTEGER NOT NULL,
    soloist INTEGER,
    could_harm_soloist BOOLEAN NOT NULL,
    opposing_absagen INTEGER NOT NULL,
    referee TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX penalties_table ON penalties (table_id);

CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    table_id BIGINT,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT,
    reason TEXT,
    at TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_tournament ON audit_log (tournament_id);

CREATE TABLE idempotency_keys (
    scope TEXT NOT NULL,                   -- who and where: the same key from two tables is two keys
    idempotency_key TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (scope, idempotency_key)
);
