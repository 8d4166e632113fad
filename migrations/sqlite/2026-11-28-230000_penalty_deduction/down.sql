ALTER TABLE penalties DROP COLUMN deduction;
