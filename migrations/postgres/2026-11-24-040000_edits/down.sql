DROP TABLE organizer_audit;
ALTER TABLE penalties DROP COLUMN version;
