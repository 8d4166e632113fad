//! The tables, written by hand with the SQL types both backends share (`diesel
//! print-schema` would print each backend's own). The round-trip tests guard it.

diesel::table! {
    organizers (id) {
        id -> BigInt,
        email -> Text,
        name -> Text,
        password_hash -> Text,
        created_at -> Timestamp,
        token_version -> Integer,
        removed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    storage_probe (id) {
        id -> Integer,
        written_at -> Timestamp,
        padding -> Binary,
    }
}

diesel::table! {
    rate_limits (key) {
        key -> Text,
        tat -> Timestamp,
    }
}

diesel::table! {
    signing_keys (id) {
        id -> Integer,
        secret_hex -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    organizer_sessions (id) {
        id -> Text,
        organizer_id -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    tournaments (id) {
        id -> BigInt,
        organizer_id -> BigInt,
        name -> Text,
        held_on -> Date,
        venue -> Nullable<Text>,
        rounds_planned -> Integer,
        deals_four -> Integer,
        deals_five -> Integer,
        minutes_four -> Integer,
        minutes_five -> Integer,
        ruleset -> Text,
        tie_breaks -> Text,
        published -> Bool,
        created_at -> Timestamp,
        time_zone -> Text,
        finished_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    players (id) {
        id -> BigInt,
        tournament_id -> BigInt,
        start_number -> Integer,
        name -> Text,
        club -> Nullable<Text>,
        ddv_number -> Nullable<Text>,
        checked_in -> Bool,
        withdrawn -> Bool,
        created_at -> Timestamp,
        public_name -> Nullable<Text>,
        disqualified_at -> Nullable<Timestamp>,
        disqualification_reason -> Nullable<Text>,
        disqualification_struck -> Bool,
    }
}

diesel::table! {
    rounds (id) {
        id -> BigInt,
        tournament_id -> BigInt,
        number -> Integer,
        closed -> Bool,
        created_at -> Timestamp,
        draw_method -> Nullable<Text>,
        draw_seed -> Nullable<Text>,
        started_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    round_tables (id) {
        id -> BigInt,
        round_id -> BigInt,
        number -> Integer,
        planned_deals -> Integer,
        time_up_after -> Nullable<Integer>,
        version_floor -> Integer,
        extra_minutes -> Integer,
        time_up_by_clock -> Bool,
        sheet_writes -> BigInt,
        adjusted_points -> Nullable<Text>,
        adjusted_reason -> Nullable<Text>,
        adjusted_at -> Nullable<Timestamp>,
        stopped_reason -> Nullable<Text>,
        stopped_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    table_seats (table_id, seat) {
        table_id -> BigInt,
        seat -> Integer,
        player_id -> BigInt,
    }
}

diesel::table! {
    join_codes (code) {
        code -> Text,
        table_id -> BigInt,
        created_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        superseded_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    deals (id) {
        id -> BigInt,
        table_id -> BigInt,
        number -> Integer,
        facts -> Text,
        version -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    penalties (id) {
        id -> BigInt,
        table_id -> BigInt,
        deal_number -> Integer,
        severity -> Text,
        offender -> Integer,
        soloist -> Nullable<Integer>,
        could_harm_soloist -> Bool,
        opposing_absagen -> Integer,
        referee -> Text,
        created_at -> Timestamp,
        version -> Integer,
        offence -> Nullable<Text>,
        deduction -> Integer,
    }
}

diesel::table! {
    signatures (table_id, player_id) {
        table_id -> BigInt,
        player_id -> BigInt,
        signed_at -> Timestamp,
    }
}

diesel::table! {
    audit_log (id) {
        id -> BigInt,
        tournament_id -> BigInt,
        table_id -> Nullable<BigInt>,
        actor -> Text,
        action -> Text,
        before_json -> Nullable<Text>,
        after_json -> Nullable<Text>,
        reason -> Nullable<Text>,
        at -> Timestamp,
    }
}

diesel::table! {
    organizer_audit (id) {
        id -> BigInt,
        organizer_id -> BigInt,
        action -> Text,
        subject_id -> BigInt,
        before_json -> Nullable<Text>,
        reason -> Nullable<Text>,
        at -> Timestamp,
        after_json -> Nullable<Text>,
    }
}

diesel::table! {
    idempotency_keys (scope, idempotency_key) {
        scope -> Text,
        idempotency_key -> Text,
        status -> Integer,
        body -> Text,
        created_at -> Timestamp,
        request_digest -> Nullable<Text>,
        table_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    seating_plans (tournament_id) {
        tournament_id -> BigInt,
        seed -> Text,
        first_round -> Integer,
        rounds -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    invitations (id) {
        id -> BigInt,
        tournament_id -> BigInt,
        email -> Text,
        token_hash -> Text,
        invited_by -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        accepted_at -> Nullable<Timestamp>,
        accepted_by -> Nullable<BigInt>,
        withdrawn_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    tournament_organizers (tournament_id, organizer_id) {
        tournament_id -> BigInt,
        organizer_id -> BigInt,
        added_at -> Timestamp,
    }
}

diesel::table! {
    webhooks (id) {
        id -> BigInt,
        tournament_id -> Nullable<BigInt>,
        season_id -> Nullable<BigInt>,
        url -> Text,
        events -> Text,
        secret -> Text,
        active -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> BigInt,
        webhook_id -> BigInt,
        event -> Text,
        event_id -> Text,
        payload -> Text,
        status -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        last_attempt_at -> Nullable<Timestamp>,
        last_status_code -> Nullable<Integer>,
        last_error -> Nullable<Text>,
        delivered_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(tournaments -> organizers (organizer_id));
diesel::joinable!(tournament_organizers -> tournaments (tournament_id));
diesel::joinable!(tournament_organizers -> organizers (organizer_id));
diesel::joinable!(seating_plans -> tournaments (tournament_id));
diesel::table! {
    register_people (id) {
        id -> BigInt,
        organizer_id -> BigInt,
        name -> Text,
        club -> Nullable<Text>,
        ddv_number -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    register_links (organizer_id, player_id) {
        organizer_id -> BigInt,
        player_id -> BigInt,
        person_id -> BigInt,
        matched_by -> Text,
        confirmed -> Bool,
    }
}

diesel::table! {
    seasons (id) {
        id -> BigInt,
        organizer_id -> BigInt,
        name -> Text,
        rules -> Text,
        published -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    season_tournaments (season_id, tournament_id) {
        season_id -> BigInt,
        tournament_id -> BigInt,
    }
}

diesel::joinable!(players -> tournaments (tournament_id));
diesel::joinable!(rounds -> tournaments (tournament_id));
diesel::joinable!(round_tables -> rounds (round_id));
diesel::joinable!(table_seats -> round_tables (table_id));
diesel::joinable!(table_seats -> players (player_id));
diesel::joinable!(join_codes -> round_tables (table_id));
diesel::joinable!(deals -> round_tables (table_id));
diesel::joinable!(penalties -> round_tables (table_id));
diesel::joinable!(signatures -> round_tables (table_id));
diesel::joinable!(signatures -> players (player_id));
diesel::joinable!(organizer_audit -> organizers (organizer_id));
diesel::joinable!(webhooks -> tournaments (tournament_id));
diesel::joinable!(webhooks -> seasons (season_id));
diesel::joinable!(invitations -> tournaments (tournament_id));
diesel::joinable!(webhook_deliveries -> webhooks (webhook_id));
diesel::joinable!(organizer_sessions -> organizers (organizer_id));

diesel::allow_tables_to_appear_in_same_query!(
    organizers,
    register_people,
    register_links,
    seasons,
    season_tournaments,
    tournaments,
    players,
    rounds,
    round_tables,
    table_seats,
    join_codes,
    deals,
    penalties,
    signatures,
    audit_log,
    organizer_audit,
    idempotency_keys,
    seating_plans,
    tournament_organizers,
    invitations,
    webhooks,
    webhook_deliveries,
    organizer_sessions,
    signing_keys,
    storage_probe,
    rate_limits,
);
