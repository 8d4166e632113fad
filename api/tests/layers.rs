//! The shell's layers point one way (ARCHITECTURE.md): routes and pages call services;
//! services call the domain, the wire types and the repositories in `db`; nothing below
//! imports upward, and no route module imports another. This test reads the `crate::` and
//! `super::` paths of every file under `api/src` and fails on an arrow that runs back up,
//! and on any mention of diesel outside the repositories in `api/src/db`.

#![expect(clippy::expect_used, reason = "a test fails loudly")]

use std::path::{Path, PathBuf};

/// Where a module sits: 2 = the HTTP face (routes, pages, the app), 1 = services,
/// 0 = everything they stand on.
fn rank(top: &str) -> u8 {
    match top {
        "routes" | "pages" | "app" | "openapi" | "main" | "bin" => 2,
        "services" => 1,
        _ => 0,
    }
}

/// The module path of a file: `services/draw.rs` → `["services", "draw"]`,
/// `routes/mod.rs` → `["routes"]`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// Every path in `source` written as `crate::a::b` or `super::…::a`, resolved to its
/// absolute segments (as far as they are plain names).
fn paths(source: &str, module: &[String]) -> Vec<Vec<String>> {
    // Comments may name modules in prose; only code counts.
    let code: String = source
        .lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let boundary = code[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
        let start = if boundary && rest.starts_with("crate::") {
            Some((Vec::new(), "crate::".len()))
        } else if boundary && rest.starts_with("super::") {
            // Each `super` is one step up from the file's module (a `mod.rs` is its module).
            let mut base = module.to_vec();
            let mut len = 0;
            while code[i + len..].starts_with("super::") {
                base.pop();
                len += "super::".len();
            }
            Some((base, len))
        } else {
            None
        };
        let Some((mut segments, len)) = start else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let mut tail = &code[i + len..];
        // `crate::{a::x, b}`: each item of the group is a path of its own.
        if let Some(group) = tail.strip_prefix('{') {
            let mut depth = 1;
            let end = group
                .char_indices()
                .find(|(_, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map_or(group.len(), |(at, _)| at);
            for item in group[..end].split(',') {
                let ident: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !ident.is_empty() {
                    let mut path = segments.clone();
                    path.push(ident);
                    found.push(path);
                }
            }
            i += len;
            continue;
        }
        loop {
            let ident: String = tail
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if ident.is_empty() {
                break;
            }
            tail = &tail[ident.len()..];
            segments.push(ident);
            match tail.strip_prefix("::") {
                Some(next) => tail = next,
                None => break,
            }
        }
        found.push(segments);
        i += len;
    }
    found
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read api/src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_layer_imports_an_upper_one_and_no_route_another_route() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).expect("under src");
        let module = module_of(relative);
        let Some(top) = module.first().cloned() else {
            continue;
        };
        let source = std::fs::read_to_string(file).expect("read");
        // A file's unit tests (a `mod tests` at its end) may reach into their own module.
        let source = source.split("#[cfg(test)]").next().unwrap_or_default();
        for path in paths(source, &module) {
            let Some(target) = path.first() else { continue };
            let upward = rank(target) > rank(&top);
            // Route modules share nothing with each other: what two need lives below.
            let sideways = top == "routes"
                && target == "routes"
                && module.len() > 1
                && path.get(1).is_some_and(|m| Some(m) != module.get(1));
            let pages_to_routes = top == "pages" && target == "routes";
            if upward || sideways || pages_to_routes {
                wrong.push(format!("{} -> {}", relative.display(), path.join("::")));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_query_lives_in_the_repositories() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut outside: Vec<String> = files
        .iter()
        .filter(|f| !f.starts_with(src.join("db")))
        .filter(|f| {
            std::fs::read_to_string(f)
                .expect("read")
                .lines()
                .map(|l| l.split("//").next().unwrap_or_default())
                .any(|code| code.contains("diesel"))
        })
        .map(|f| {
            f.strip_prefix(&src)
                .expect("under src")
                .display()
                .to_string()
        })
        .collect();
    outside.sort();
    assert!(
        outside.is_empty(),
        "diesel outside api/src/db: {}",
        outside.join(", ")
    );
}

#[test]
fn the_resolver_sees_upward_paths() {
    let module = vec!["services".to_owned(), "draw".to_owned()];
    let found = paths(
        "use crate::routes::seating::QualityBody;\nlet x = super::super::pages::x(); // crate::pages::y\nuse crate::{app::build, wire};",
        &module,
    );
    assert_eq!(
        found,
        [
            vec!["routes", "seating", "QualityBody"],
            vec!["pages", "x"],
            vec!["app"],
            vec!["wire"]
        ]
    );
}
