DROP INDEX webhook_deliveries_status;
DROP INDEX webhook_deliveries_hook;
DROP TABLE webhook_deliveries;
DROP INDEX webhooks_tournament;
DROP TABLE webhooks;
