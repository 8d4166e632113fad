-- What a change in the organiser's own log (a season's, the register's, a season's hook)
-- made of it, beside what it was.
ALTER TABLE organizer_audit ADD COLUMN after_json TEXT;
