ALTER TABLE rounds DROP COLUMN draw_seed;
ALTER TABLE rounds DROP COLUMN draw_method;
