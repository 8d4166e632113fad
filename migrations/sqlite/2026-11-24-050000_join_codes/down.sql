ALTER TABLE join_codes DROP COLUMN superseded_at;
