-- Disqualification by the arbitration panel (TSR 9.7.2 c): when, why, and whether his
-- results were struck (he is not ranked) or kept (ranked and marked). A disqualified
-- player is also withdrawn: no later round seats him.
ALTER TABLE players ADD COLUMN disqualified_at TIMESTAMP;
ALTER TABLE players ADD COLUMN disqualification_reason TEXT;
ALTER TABLE players ADD COLUMN disqualification_struck BOOLEAN NOT NULL DEFAULT FALSE;
