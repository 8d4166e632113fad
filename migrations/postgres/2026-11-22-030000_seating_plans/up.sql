-- A tournament's seating planned up front: every remaining round's tables, published with
-- the tournament before it starts. The players (by start number), the rounds already played
-- and the seed re-derive it; it is stored because the roster may change afterwards.
CREATE TABLE seating_plans (
    tournament_id BIGINT PRIMARY KEY NOT NULL REFERENCES tournaments (id),
    seed TEXT NOT NULL,
    first_round INTEGER NOT NULL,          -- the number of the plan's first round
    rounds TEXT NOT NULL,                  -- JSON: round → tables → player ids in seat order
    created_at TIMESTAMP NOT NULL
);
