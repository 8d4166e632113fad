//! Prints the `/api/v1/replay` request body of the random legal deal for a seed (default
//! 1), for load tests and for trying the endpoint by hand:
//! `cargo run -p karlchen-domain --example replay_body -- 7`.

use domain::simulate::random_deal;

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let deal = random_deal(seed);
    let body = serde_json::json!({
        "contract": deal.contract.as_str(),
        "declarer": deal.declarer,
        "dealer": deal.dealer,
        "compulsory": deal.compulsory,
        "events": deal.events.iter().map(ToString::to_string).collect::<Vec<_>>(),
    });
    #[expect(
        clippy::print_stdout,
        reason = "printing the body is the example's purpose"
    )]
    {
        println!("{body}");
    }
}
