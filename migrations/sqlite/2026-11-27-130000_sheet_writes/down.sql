ALTER TABLE round_tables DROP COLUMN sheet_writes;
