-- Issuing a table a new code used to revoke the old one, which logged out the captain
-- who had already joined with it. Now a new code only supersedes the old one: nobody can
-- join with a superseded code any more, but tokens made from it keep working until the
-- organiser revokes the table's codes (`revoked_at`). A table's live code, the one shown
-- to the organiser, is the one neither superseded nor revoked.
ALTER TABLE join_codes ADD COLUMN superseded_at TIMESTAMP;
