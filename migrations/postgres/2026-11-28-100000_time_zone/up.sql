-- Where a tournament is held: its pages, prints and exports show local time (the API keeps
-- RFC 3339 in UTC). Existing tournaments were German club days.
ALTER TABLE tournaments ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Europe/Berlin';
