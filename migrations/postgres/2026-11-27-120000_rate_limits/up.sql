-- Log-in and join-code attempts counted by every instance on one PostgreSQL database
-- together (a SQLite service is one instance and counts them in memory only): one row per
-- key with its theoretical arrival time (GCRA), the moment its limit is refilled. A key is
-- the SHA-256 of what it counts (an address with an e-mail, a join code), so the table
-- holds no e-mail and no code. Rows whose time has passed are deleted now and then.
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY NOT NULL,
    tat TIMESTAMP NOT NULL
);
CREATE INDEX rate_limits_tat ON rate_limits (tat);
