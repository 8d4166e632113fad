ALTER TABLE penalties DROP COLUMN offence;
