ALTER TABLE players DROP COLUMN public_name;
