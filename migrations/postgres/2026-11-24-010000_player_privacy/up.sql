-- The name the public sees when a player asked to be shown abbreviated ("M. Müller"):
-- standings, table lists and the seating plan use it; the organiser still sees the full
-- name. NULL shows the full name, which is what every player stored before had.
ALTER TABLE players ADD COLUMN public_name TEXT;
