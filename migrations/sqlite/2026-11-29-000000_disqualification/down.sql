ALTER TABLE players DROP COLUMN disqualification_struck;
ALTER TABLE players DROP COLUMN disqualification_reason;
ALTER TABLE players DROP COLUMN disqualified_at;
