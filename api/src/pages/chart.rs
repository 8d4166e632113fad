//! A player's running total as a line chart, drawn on the server as SVG: no chart library,
//! no script, readable without either. Every text that comes from people (the player's
//! name in the title) is escaped here, since the markup is handed to the template as it is.
//! The chart says what it shows to screen readers (`<title>`, `<desc>`, `role="img"`),
//! and each point carries its deal and total (`data-deal`, `data-total`) and a tooltip.

use std::fmt::Write as _;

/// The drawing's size in its own units; it scales to the page's width.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 30.0;

/// One point: the total after a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Point {
    /// Which deal, as the tooltip and `data-deal` name it ("R1 · 5").
    pub label: String,
    /// The running total after it.
    pub total: i64,
}

/// Where a round starts: the index of its first point, and its label ("R2").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundMark {
    /// Index into the points.
    pub first: usize,
    /// The label under the axis.
    pub label: String,
}

/// `text` safe inside an SVG element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Deal indices and totals as drawing positions.
struct Scale {
    steps: f64,
    low: f64,
    high: f64,
}

impl Scale {
    fn of(points: &[Point]) -> Scale {
        // The axis always shows 0, where every player starts.
        let low = points.iter().map(|p| p.total).min().unwrap_or(0).min(0);
        let high = points.iter().map(|p| p.total).max().unwrap_or(0).max(0);
        let high = if high == low { low + 1 } else { high };
        Scale {
            steps: points.len().max(1) as f64,
            low: low as f64,
            high: high as f64,
        }
    }

    /// The x of point `index`, where index 0 is the start before the first deal.
    fn x(&self, index: usize) -> f64 {
        LEFT + (WIDTH - LEFT - RIGHT) * index as f64 / self.steps
    }

    fn y(&self, total: i64) -> f64 {
        TOP + (HEIGHT - TOP - BOTTOM) * (self.high - total as f64) / (self.high - self.low)
    }
}

/// The chart of `points` (the running total after each deal, in order), with the rounds
/// marked, titled `title` and described by `desc`.
pub fn running_total(title: &str, desc: &str, points: &[Point], rounds: &[RoundMark]) -> String {
    let scale = Scale::of(points);
    let mut svg = String::new();
    // `write!` into a String cannot fail; the results are ignored on purpose.
    let _ = write!(
        svg,
        "<svg id=\"chart\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-labelledby=\"chart-title chart-desc\">\
         <title id=\"chart-title\">{}</title><desc id=\"chart-desc\">{}</desc>",
        escape(title),
        escape(desc)
    );
    let (left, right) = (LEFT, WIDTH - RIGHT);
    let zero = scale.y(0);
    let _ = write!(
        svg,
        "<line class=\"zero\" x1=\"{left:.1}\" y1=\"{zero:.1}\" x2=\"{right:.1}\" y2=\"{zero:.1}\"/>"
    );
    let low = scale.low as i64;
    let high = scale.high as i64;
    let mut labels = vec![0, low, high];
    labels.sort_unstable();
    labels.dedup();
    for value in labels {
        let _ = write!(
            svg,
            "<text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{value}</text>",
            left - 6.0,
            scale.y(value) + 4.0
        );
    }
    for mark in rounds {
        // The round starts after the point before its first deal.
        let x = scale.x(mark.first);
        let _ = write!(
            svg,
            "<line class=\"round\" x1=\"{x:.1}\" y1=\"{TOP:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\"/>\
             <text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            HEIGHT - BOTTOM,
            x + 3.0,
            HEIGHT - BOTTOM + 16.0,
            escape(&mark.label)
        );
    }
    let mut line = format!("{left:.1},{zero:.1}");
    for (i, point) in points.iter().enumerate() {
        let _ = write!(line, " {:.1},{:.1}", scale.x(i + 1), scale.y(point.total));
    }
    let _ = write!(svg, "<polyline class=\"line\" points=\"{line}\"/>");
    for (i, point) in points.iter().enumerate() {
        let label = escape(&point.label);
        let _ = write!(
            svg,
            "<circle class=\"point\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" data-deal=\"{label}\" \
             data-total=\"{}\"><title>{label}: {}</title></circle>",
            scale.x(i + 1),
            scale.y(point.total),
            point.total,
            point.total
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The chart of a person's places over the evenings he played (`points`, the place as
/// `total`), the best place at the top: place 1 is the top line, his worst the bottom.
/// Its ids differ from [`running_total`]'s, so both stand on one page.
pub fn places(title: &str, desc: &str, points: &[Point]) -> String {
    let worst = points.iter().map(|p| p.total).max().unwrap_or(1).max(2);
    let steps = points.len().max(1) as f64;
    let x = |i: usize| LEFT + (WIDTH - LEFT - RIGHT) * (i as f64 + 0.5) / steps;
    let y = |place: i64| TOP + (HEIGHT - TOP - BOTTOM) * (place - 1) as f64 / (worst - 1) as f64;
    let mut svg = String::new();
    // `write!` into a String cannot fail; the results are ignored on purpose.
    let _ = write!(
        svg,
        "<svg id=\"places-chart\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-labelledby=\"places-title places-desc\">\
         <title id=\"places-title\">{}</title><desc id=\"places-desc\">{}</desc>",
        escape(title),
        escape(desc)
    );
    for value in [1, worst] {
        let _ = write!(
            svg,
            "<text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{value}.</text>",
            LEFT - 6.0,
            y(value) + 4.0
        );
    }
    let line: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.total)))
        .collect();
    let _ = write!(
        svg,
        "<polyline class=\"line\" points=\"{}\"/>",
        line.join(" ")
    );
    for (i, point) in points.iter().enumerate() {
        let label = escape(&point.label);
        let _ = write!(
            svg,
            "<circle class=\"point\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" data-evening=\"{label}\" \
             data-place=\"{}\"><title>{label}: {}.</title></circle>",
            x(i),
            y(point.total),
            point.total,
            point.total
        );
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(totals: &[i64]) -> Vec<Point> {
        totals
            .iter()
            .enumerate()
            .map(|(i, &total)| Point {
                label: format!("R1 · {}", i + 1),
                total,
            })
            .collect()
    }

    fn attribute<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
        svg.split(&format!(" {name}=\""))
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect()
    }

    #[test]
    fn every_point_carries_its_total_and_the_line_starts_at_zero() {
        let svg = running_total("T", "D", &points(&[1, -2, 5, 5]), &[]);
        assert_eq!(attribute(&svg, "data-total"), ["1", "-2", "5", "5"]);
        assert_eq!(
            attribute(&svg, "data-deal"),
            ["R1 · 1", "R1 · 2", "R1 · 3", "R1 · 4"]
        );
        // Five positions: the start and four deals, left to right, 0 at the start.
        let line = attribute(&svg, "points")[0];
        let xy: Vec<(f64, f64)> = line
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap_or_default();
                (x.parse().unwrap_or(f64::NAN), y.parse().unwrap_or(f64::NAN))
            })
            .collect();
        assert_eq!(xy.len(), 5);
        assert!(xy.windows(2).all(|w| w[0].0 < w[1].0), "{line}");
        let zero = attribute(&svg, "y1")[0].parse::<f64>().unwrap_or(f64::NAN);
        assert!((xy[0].1 - zero).abs() < 0.01, "starts on the zero line");
        // Higher totals are higher up (smaller y): 5 above 1 above -2.
        assert!(xy[3].1 < xy[1].1 && xy[1].1 < xy[2].1);
        assert!((xy[3].1 - xy[4].1).abs() < 0.01);
        // The axis names the lowest and highest totals and 0.
        assert!(
            svg.contains(">-2</text>") && svg.contains(">0</text>") && svg.contains(">5</text>")
        );
    }

    #[test]
    fn names_are_escaped_and_the_chart_says_what_it_shows() {
        let svg = running_total(
            "Punkte von <script>alert(\"x\")</script> & Co",
            "O'Brien",
            &points(&[3]),
            &[RoundMark {
                first: 0,
                label: "R<1>".to_owned(),
            }],
        );
        assert!(!svg.contains("<script>"));
        assert!(svg.contains(
            "<title id=\"chart-title\">Punkte von &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</title>"
        ));
        assert!(svg.contains("<desc id=\"chart-desc\">O&#39;Brien</desc>"));
        assert!(svg.contains(">R&lt;1&gt;</text>"));
        assert!(svg.starts_with("<svg id=\"chart\""));
        assert!(svg.contains("role=\"img\" aria-labelledby=\"chart-title chart-desc\""));
    }

    #[test]
    fn the_best_place_is_drawn_on_top() {
        let svg = places("P", "D", &points(&[3, 1, 7]));
        assert_eq!(attribute(&svg, "data-place"), ["3", "1", "7"]);
        let cy: Vec<f64> = attribute(&svg, "cy")
            .iter()
            .map(|y| y.parse().unwrap_or(f64::NAN))
            .collect();
        // Place 1 highest (smallest y), place 7 lowest, place 3 between.
        assert!(cy[1] < cy[0] && cy[0] < cy[2], "{cy:?}");
        assert!((cy[1] - TOP).abs() < 0.01 && (cy[2] - (HEIGHT - BOTTOM)).abs() < 0.01);
        assert!(svg.contains(">1.</text>") && svg.contains(">7.</text>"));
        assert!(svg.starts_with("<svg id=\"places-chart\""));
    }

    #[test]
    fn a_player_without_deals_gets_an_empty_chart() {
        let svg = running_total("T", "D", &[], &[]);
        assert!(attribute(&svg, "data-total").is_empty());
        assert!(svg.contains("<polyline class=\"line\" points=\""));
        assert!(svg.ends_with("</svg>"));
    }
}
