-- The players of a table confirm its complete sheet on the captain's phone, the digital
-- form of signing the paper list. A signature stands for the sheet as it was
-- signed: any later change to the sheet (a correction, a deletion, a penalty) removes the
-- table's signatures in the same transaction, so no row here needs a version.
CREATE TABLE signatures (
    table_id BIGINT NOT NULL REFERENCES round_tables (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    signed_at TIMESTAMP NOT NULL,
    PRIMARY KEY (table_id, player_id)
);
