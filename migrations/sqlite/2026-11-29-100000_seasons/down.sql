DROP TABLE season_tournaments;
DROP TABLE seasons;
DROP TABLE register_links;
DROP TABLE register_people;
