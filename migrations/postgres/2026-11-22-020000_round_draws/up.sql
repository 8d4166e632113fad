-- How a round's tables were drawn, so anyone can re-derive the draw from the players and the seed.
ALTER TABLE rounds ADD COLUMN draw_method TEXT;
ALTER TABLE rounds ADD COLUMN draw_seed TEXT;
