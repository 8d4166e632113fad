-- Webhooks of a season: a hook belongs to a tournament or to a season, never both.
ALTER TABLE webhooks ALTER COLUMN tournament_id DROP NOT NULL;
ALTER TABLE webhooks ADD COLUMN season_id BIGINT REFERENCES seasons (id);
ALTER TABLE webhooks ADD CONSTRAINT webhooks_one_owner
    CHECK ((tournament_id IS NULL) <> (season_id IS NULL));
-- The one lookup every audited change makes: the tournament's hooks and its seasons'.
CREATE INDEX webhooks_season ON webhooks (season_id);
