//! A tournament's time zone: chosen when it is created or later (an IANA name, Berlin by
//! default), refused when it names none; the desk shows the round's clock in it, the API
//! keeps answering UTC, and the results document carries it.

use chrono::NaiveDateTime;
use serde_json::json;
use service_tests::backend_test;

use crate::fixtures::{call_json, desk, desk_get as get, expect, organizer, send, tournament};

/// `text` (`YYYY-MM-DD HH:MM:SS`) as an instant in UTC.
fn utc(text: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
}

backend_test!(
    a_tournament_has_a_time_zone_and_the_desk_shows_its_clock,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let create = |body: serde_json::Value| {
            let (service, org) = (&service, org.clone());
            async move {
                call_json(
                    service,
                    "POST",
                    "/api/v1/tournaments",
                    Some(&org),
                    Some(&body),
                )
                .await
            }
        };

        // Berlin unless chosen; any IANA name; anything else refused by name of the field.
        let plain = create(json!({"name": "Herbst-Cup", "date": "2026-11-28"})).await;
        expect(&plain, 201, "no zone given");
        assert_eq!(plain.json["time_zone"], "Europe/Berlin");
        let london =
            create(json!({"name": "Guests", "date": "2026-11-28", "time_zone": "Europe/London"}))
                .await;
        expect(&london, 201, "London");
        assert_eq!(london.json["time_zone"], "Europe/London");
        for bad in ["Berlin", "MEZ", "", "Europe/Atlantis"] {
            let refused =
                create(json!({"name": "X", "date": "2026-11-28", "time_zone": bad})).await;
            expect(&refused, 422, bad);
            assert_eq!(refused.json["errors"][0]["field"], "time_zone");
            assert_eq!(refused.json["errors"][0]["code"], "unknown_time_zone");
        }

        // A round started at 13:05 UTC on a winter day: 14:05 in Berlin at the desk, the
        // API's answer in UTC.
        let id = tournament(
            &service,
            &org,
            &json!({"name": "Karlchen-Cup", "date": "2026-11-28", "minutes_four": 120}),
        )
        .await;
        let seated = crate::fixtures::players(&service, &org, id, 4).await;
        let round = crate::fixtures::round(&service, &org, id, &json!([seated])).await;
        let round_id = round.json["id"].as_i64().unwrap();
        let clock = app.state.db.clock();
        clock.stop();
        clock.set(utc("2026-11-28 13:05:00"));
        let started = call_json(
            &service,
            "POST",
            &format!("/api/v1/rounds/{round_id}/start"),
            Some(&org),
            None,
        )
        .await;
        expect(&started, 200, "started");
        let answered = started.json["started_at"].as_str().unwrap();
        assert!(answered.starts_with("2026-11-28T13:05:00"), "{answered}");
        let me = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tournaments/{id}/rounds");
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "the rounds page");
        assert!(shown.text.contains("14:05"), "Berlin's time");
        assert!(shown.text.contains("16:05"), "the end, 120 minutes later");
        assert!(
            !shown.text.contains("13:05") && !shown.text.contains("UTC"),
            "{}",
            shown.text
        );

        // Moved to London: the same start reads 13:05 there; the change is audited.
        let moved = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/tournaments/{id}"),
            Some(&org),
            Some(&json!({"time_zone": "Europe/London"})),
        )
        .await;
        expect(&moved, 200, "London");
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(shown.text.contains("13:05") && !shown.text.contains("14:05"));
        let refused = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/tournaments/{id}"),
            Some(&org),
            Some(&json!({"time_zone": "London"})),
        )
        .await;
        expect(&refused, 422, "not a zone");
        assert_eq!(refused.json["errors"][0]["field"], "time_zone");
        let log = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{id}/audit"),
            Some(&org),
            None,
        )
        .await;
        assert!(
            log.json
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["action"] == "tournament.update"
                    && e["before"]["time_zone"] == "Europe/Berlin"
                    && e["after"]["time_zone"] == "Europe/London"),
            "{}",
            log.text
        );

        // The results document carries the zone and brings it back on import.
        let doc = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{id}/results"),
            Some(&org),
            None,
        )
        .await;
        expect(&doc, 200, "the results document");
        assert_eq!(doc.json["tournament"]["time_zone"], "Europe/London");
        // Imported as a new tournament: the zone it arrives with.
        let zone_of_import = |doc: serde_json::Value| {
            let (service, org) = (&service, org.clone());
            async move {
                let imported =
                    call_json(service, "POST", "/api/v1/results", Some(&org), Some(&doc)).await;
                expect(&imported, 201, "imported");
                let copy = imported.json["tournament_id"].as_i64().unwrap();
                let path = format!("/api/v1/tournaments/{copy}");
                call_json(service, "GET", &path, Some(&org), None)
                    .await
                    .json["time_zone"]
                    .clone()
            }
        };
        assert_eq!(zone_of_import(doc.json.clone()).await, "Europe/London");
        // A document from before time zones (none given) reads as Berlin.
        let mut old = doc.json.clone();
        old["tournament"]
            .as_object_mut()
            .unwrap()
            .remove("time_zone");
        assert_eq!(zone_of_import(old).await, "Europe/Berlin");
    }
);
