-- The token signing key of instances on one PostgreSQL database that were given no
-- secret (KARLCHEN_SECRET): kept here, so that every instance on the database, and every
-- restart of a container without a volume, signs and checks with the same key. One row;
-- a SQLite installation keeps its key in the data folder beside the database instead.
CREATE TABLE signing_keys (
    id INTEGER PRIMARY KEY NOT NULL,
    secret_hex TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
