//! The page templates, compiled into the binary (the service and its image need no template
//! files at run time) and loaded once at start-up into the shared state. They live below
//! the pages so that the state does not reach up into them.

use tera::Tera;

/// Every template, by name, as compiled into the binary.
pub const TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../templates/base.html")),
    (
        "partials/_quality.html",
        include_str!("../../templates/partials/_quality.html"),
    ),
    (
        "pages/rounds/list.html",
        include_str!("../../templates/pages/rounds/list.html"),
    ),
    (
        "pages/tournaments/show.html",
        include_str!("../../templates/pages/tournaments/show.html"),
    ),
    (
        "pages/plan/plan.html",
        include_str!("../../templates/pages/plan/plan.html"),
    ),
    (
        "pages/admin/login.html",
        include_str!("../../templates/pages/admin/login.html"),
    ),
    (
        "pages/admin/_layout.html",
        include_str!("../../templates/pages/admin/_layout.html"),
    ),
    (
        "pages/admin/overview.html",
        include_str!("../../templates/pages/admin/overview.html"),
    ),
    (
        "pages/admin/tournaments.html",
        include_str!("../../templates/pages/admin/tournaments.html"),
    ),
    (
        "pages/join/join.html",
        include_str!("../../templates/pages/join/join.html"),
    ),
    (
        "pages/captain/table.html",
        include_str!("../../templates/pages/captain/table.html"),
    ),
    (
        "pages/captain/_form.html",
        include_str!("../../templates/pages/captain/_form.html"),
    ),
    (
        "pages/captain/_preview.html",
        include_str!("../../templates/pages/captain/_preview.html"),
    ),
    (
        "pages/captain/sheet.html",
        include_str!("../../templates/pages/captain/sheet.html"),
    ),
    (
        "pages/captain/correct.html",
        include_str!("../../templates/pages/captain/correct.html"),
    ),
    (
        "pages/home.html",
        include_str!("../../templates/pages/home.html"),
    ),
    (
        "pages/standings/rows.html",
        include_str!("../../templates/pages/standings/rows.html"),
    ),
    (
        "pages/standings/standings.html",
        include_str!("../../templates/pages/standings/standings.html"),
    ),
    (
        "pages/standings/projector.html",
        include_str!("../../templates/pages/standings/projector.html"),
    ),
    (
        "pages/sheet/sheet.html",
        include_str!("../../templates/pages/sheet/sheet.html"),
    ),
    (
        "pages/players/list.html",
        include_str!("../../templates/pages/players/list.html"),
    ),
    (
        "pages/players/player.html",
        include_str!("../../templates/pages/players/player.html"),
    ),
    (
        "errors/404.html",
        include_str!("../../templates/errors/404.html"),
    ),
    (
        "errors/500.html",
        include_str!("../../templates/errors/500.html"),
    ),
    (
        "pages/admin/delete.html",
        include_str!("../../templates/pages/admin/delete.html"),
    ),
    (
        "pages/admin/standings.html",
        include_str!("../../templates/pages/admin/standings.html"),
    ),
];

/// Loads the templates; a syntax error or a missing parent fails here, at start-up.
///
/// # Errors
///
/// The template that does not compile, with tera's reason.
pub fn load() -> Result<Tera, tera::Error> {
    let mut tera = Tera::default();
    tera.add_raw_templates(TEMPLATES.iter().copied())?;
    tera.autoescape_on(vec![".html"]);
    Ok(tera)
}
