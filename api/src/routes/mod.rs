//! The JSON API. Every handler is registered with `.service(..)` so that it appears in the
//! OpenAPI document; registration takes no state, which `app::build` adds.

pub mod audit;
pub mod auth;
pub mod deals;
pub mod finish;
pub mod health;
pub mod invitations;
pub mod join_codes;
pub mod metrics;
pub mod penalties;
pub mod plan;
pub mod players;
pub mod preview;
pub mod replay;
pub mod results;
pub mod round_clock;
pub mod round_seating;
pub mod rounds;
pub mod score;
pub mod season_webhooks;
pub mod seasons;
pub mod seating;
pub mod signatures;
pub mod standings;
pub mod tables;
pub mod tournaments;
pub mod webhooks;

use utoipa_actix_web::{scope, service_config::ServiceConfig};

/// Registers every route.
pub fn configure(cfg: &mut ServiceConfig<'_>) {
    cfg.service(health::live)
        .service(health::ready)
        .service(metrics::get_metrics)
        .service(
            scope::scope("/api/v1")
                .service(score::score_deal)
                .service(replay::replay_deal)
                .service(seating::plan_seating)
                .service(auth::login)
                .service(auth::captain)
                .service(auth::logout)
                .service(tournaments::create_tournament)
                .service(tournaments::list_tournaments)
                .service(tournaments::get_tournament)
                .service(tournaments::update_tournament)
                .service(tournaments::delete_tournament)
                .service(finish::finish_tournament)
                .service(finish::reopen_tournament)
                .service(tournaments::list_organizers)
                .service(tournaments::add_organizer)
                .service(tournaments::remove_organizer)
                .service(invitations::list_invitations)
                .service(invitations::invite)
                .service(invitations::withdraw_invitation)
                .service(invitations::lookup_invitation)
                .service(invitations::accept_invitation)
                .service(players::create_player)
                .service(players::list_players)
                .service(players::import_players)
                .service(players::update_player)
                .service(players::delete_player)
                .service(players::disqualify_player)
                .service(players::lift_disqualification)
                .service(rounds::create_round)
                .service(rounds::list_rounds)
                .service(rounds::close_round)
                .service(round_seating::reseat_round)
                .service(rounds::delete_round)
                .service(plan::put_plan)
                .service(plan::get_plan)
                .service(plan::delete_plan)
                .service(audit::list_audit)
                .service(audit::list_sanctions)
                .service(standings::get_standings)
                .service(standings::stream_standings)
                .service(join_codes::create_join_code)
                .service(join_codes::revoke_join_code)
                .service(join_codes::get_join_code)
                .service(join_codes::issue_round_join_codes)
                .service(join_codes::list_round_join_codes)
                .service(preview::create_preview_link)
                .service(tables::get_sheet)
                .service(deals::create_deal)
                .service(deals::preview_deal)
                .service(deals::update_deal)
                .service(deals::delete_deal)
                .service(signatures::sign)
                .service(signatures::withdraw)
                .service(tables::time_up)
                .service(tables::extend_table)
                .service(tables::adjust_table)
                .service(tables::remove_adjustment)
                .service(tables::stop_table)
                .service(tables::resume_table)
                .service(round_clock::start_round)
                .service(round_clock::time_up_round)
                .service(round_clock::get_round_monitor)
                .service(penalties::create_penalty)
                .service(penalties::update_penalty)
                .service(penalties::delete_penalty)
                .service(results::export_results)
                .service(results::import_results)
                .service(results::ddv_ranking)
                .service(webhooks::create_webhook)
                .service(webhooks::list_webhooks)
                .service(webhooks::delete_webhook)
                .service(webhooks::list_deliveries)
                .service(webhooks::retry_delivery)
                .service(seasons::create_season)
                .service(seasons::list_seasons)
                .service(seasons::get_season)
                .service(seasons::update_season)
                .service(seasons::delete_season)
                .service(seasons::add_season_tournament)
                .service(seasons::remove_season_tournament)
                .service(seasons::get_season_standings)
                .service(seasons::get_register)
                .service(seasons::import_register)
                .service(seasons::merge_people)
                .service(seasons::split_player)
                .service(seasons::confirm_player)
                .service(season_webhooks::create_season_webhook)
                .service(season_webhooks::list_season_webhooks)
                .service(season_webhooks::delete_season_webhook)
                .service(season_webhooks::list_season_deliveries)
                .service(season_webhooks::retry_season_delivery),
        );
}
