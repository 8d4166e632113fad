-- A table that could not play its round gets the result the organiser sets ("festgesetzte
-- Wertung"): each seat's points, comma-separated in seat order, with his reason and when.
-- NULL while the table plays (or played) its round; a set result stands only on a sheet
-- without deals, and the table then takes none until it is removed.
ALTER TABLE round_tables ADD COLUMN adjusted_points TEXT;
ALTER TABLE round_tables ADD COLUMN adjusted_reason TEXT;
ALTER TABLE round_tables ADD COLUMN adjusted_at TIMESTAMP;
