-- When the organiser finished the tournament ("Turnier abschließen"): its standings are final,
-- and nothing that moves them changes until he reopens it with a reason. NULL while it runs.
ALTER TABLE tournaments ADD COLUMN finished_at TIMESTAMP;
