-- Co-organisers: besides the tournament's owner (tournaments.organizer_id), other
-- organiser accounts may run its desk. The owner is not listed here; a co-organiser
-- reaches the tournament exactly as the owner does, but only the owner removes one.
CREATE TABLE tournament_organizers (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    organizer_id BIGINT NOT NULL REFERENCES organizers (id),
    added_at TIMESTAMP NOT NULL,
    PRIMARY KEY (tournament_id, organizer_id)
);
CREATE INDEX tournament_organizers_by_organizer ON tournament_organizers (organizer_id);
