ALTER TABLE organizer_audit DROP COLUMN after_json;
