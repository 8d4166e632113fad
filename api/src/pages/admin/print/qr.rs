//! QR codes drawn by the server as inline SVG: no image file, no script.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// The QR code of `text` as an SVG element labelled `label` for screen readers; `None` if
/// the text does not fit a QR code (a join link always does).
pub(super) fn svg(text: &str, label: &str) -> Option<String> {
    // Level M survives a crease or a coffee ring on the card.
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let drawn = code
        .render::<svg::Color<'_>>()
        .quiet_zone(true)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build();
    // Inline in the page: no XML prolog; a name for assistive technology. The label is our
    // own text, escaped all the same.
    let start = drawn.find("<svg")?;
    let escaped = label
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;");
    Some(drawn[start..].replacen(
        "<svg ",
        &format!("<svg class=\"qr\" role=\"img\" aria-label=\"{escaped}\" "),
        1,
    ))
}

#[cfg(test)]
mod tests {
    use super::svg;

    #[test]
    fn a_join_link_becomes_an_inline_labelled_svg() {
        let svg = svg("http://hall.local/join/KRC7-94QX", "QR-Code Tisch 3").unwrap();
        assert!(svg.starts_with("<svg class=\"qr\" role=\"img\" aria-label=\"QR-Code Tisch 3\" "));
        assert!(svg.ends_with("</svg>"));
        assert!(!svg.contains("<?xml"));
        assert!(svg.contains("fill=\"#000\""), "{svg:.300}");
    }
}
