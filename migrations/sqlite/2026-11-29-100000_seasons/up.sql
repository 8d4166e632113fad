-- Club seasons (issue 31). A register of people per organiser outlives his tournaments: a
-- tournament's player is linked to one person of the register of each organiser whose
-- season holds the tournament, so the same person is one line of a season's standings
-- across evenings. A season groups tournaments with its ranking rules (JSON, the domain's
-- SeasonRules as the API spells them); its standings are computed from the tournaments'
-- standings whenever asked, never stored.
CREATE TABLE register_people (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organizer_id BIGINT NOT NULL REFERENCES organizers (id),
    name TEXT NOT NULL,
    club TEXT,
    ddv_number TEXT,                       -- as the DDV writes it; one person per number
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX register_people_organizer ON register_people (organizer_id);
-- How a tournament's player is one person of an organiser's register. matched_by says how
-- the link came about (ddv_number, name_club, new, organiser); a link by name and club is
-- unconfirmed until the organiser confirms it (or splits it off).
CREATE TABLE register_links (
    organizer_id BIGINT NOT NULL REFERENCES organizers (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    person_id BIGINT NOT NULL REFERENCES register_people (id),
    matched_by TEXT NOT NULL,
    confirmed BOOLEAN NOT NULL,
    PRIMARY KEY (organizer_id, player_id)
);
CREATE INDEX register_links_person ON register_links (person_id);
CREATE INDEX register_links_player ON register_links (player_id);
CREATE TABLE seasons (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organizer_id BIGINT NOT NULL REFERENCES organizers (id),
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    published BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX seasons_organizer ON seasons (organizer_id);
CREATE TABLE season_tournaments (
    season_id BIGINT NOT NULL REFERENCES seasons (id),
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    PRIMARY KEY (season_id, tournament_id)
);
CREATE INDEX season_tournaments_tournament ON season_tournaments (tournament_id);
