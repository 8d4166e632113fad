-- The first version of the schema: tables arrive with the features that need them.
-- A statement is needed because diesel refuses an empty migration.
SELECT 1;
