ALTER TABLE organizers DROP COLUMN removed_at;
ALTER TABLE organizers DROP COLUMN token_version;
DROP TABLE organizer_sessions;
