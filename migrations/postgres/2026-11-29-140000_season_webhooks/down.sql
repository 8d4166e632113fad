-- Back to hooks of tournaments only: a season's hooks go with their deliveries.
DELETE FROM webhook_deliveries
    WHERE webhook_id IN (SELECT id FROM webhooks WHERE season_id IS NOT NULL);
DELETE FROM webhooks WHERE season_id IS NOT NULL;
DROP INDEX webhooks_season;
ALTER TABLE webhooks DROP CONSTRAINT webhooks_one_owner;
ALTER TABLE webhooks DROP COLUMN season_id;
ALTER TABLE webhooks ALTER COLUMN tournament_id SET NOT NULL;
