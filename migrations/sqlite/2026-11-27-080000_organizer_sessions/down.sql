ALTER TABLE organizers DROP COLUMN removed_at;
ALTER TABLE organizers DROP COLUMN token_version;
DROP INDEX organizer_sessions_by_organizer;
DROP TABLE organizer_sessions;
