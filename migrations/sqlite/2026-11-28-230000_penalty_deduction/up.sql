-- The points the arbitration panel deducts for unsportsmanlike conduct (TSR 9.7.2 b), 0 for
-- a warning and for every other severity, whose points the TSR's patterns fix.
ALTER TABLE penalties ADD COLUMN deduction INTEGER NOT NULL DEFAULT 0;
