//! The shell's layers point one way (ARCHITECTURE.md): routes and pages call services;
//! services call the domain, the wire types and the repositories in `db`; nothing below
//! imports upward, and no route module imports another. This test reads the `crate::`,
//! `super::` and `self::` paths of every file under `api/src` and fails on an arrow that
//! runs back up, on a route or page that names the database (`db`: its rows, its
//! connection), on any mention of diesel outside the repositories in `api/src/db`, and on
//! any circle of imports between files, in `api/src` and in `domain/src`.

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
        } else if boundary && rest.starts_with("self::") {
            Some((module.to_vec(), "self::".len()))
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
            // Routes and pages get view types from the services, never a database row or
            // connection: what is stored stops in the services.
            let face_to_rows = (top == "pages" || top == "routes") && target == "db";
            if upward || sideways || pages_to_routes || face_to_rows {
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

/// The file a path names: the longest of its prefixes that is a module of `files` (a path
/// into an item of a module names that module's file).
fn file_of<'a>(path: &[String], files: &'a [(Vec<String>, PathBuf)]) -> Option<&'a PathBuf> {
    (0..=path.len()).rev().find_map(|len| {
        files
            .iter()
            .find(|(module, _)| module.as_slice() == &path[..len])
            .map(|(_, file)| file)
    })
}

/// The circles of imports between the files under `src`: each strongly connected set of
/// two or more files (Tarjan's algorithm), its files sorted, with one arrow of each file
/// that keeps it in the circle.
fn circles(src: &Path) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    sources(src, &mut found);
    found.sort();
    let files: Vec<(Vec<String>, PathBuf)> = found
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(src).expect("under src").to_path_buf();
            (module_of(&relative), relative)
        })
        .collect();
    let index = |file: &PathBuf| files.iter().position(|(_, f)| f == file);
    // Which files each file reads from, its unit tests included: a test that reaches
    // into a file which imports this one ties the two as much as code does.
    let arrows: Vec<Vec<(usize, String)>> = files
        .iter()
        .map(|(module, relative)| {
            let source = std::fs::read_to_string(src.join(relative)).expect("read");
            // In the unit tests' inline module `super` is the file's own module.
            let (code, tests) = source
                .split_once("#[cfg(test)]")
                .unwrap_or((source.as_str(), ""));
            let mut in_tests = module.clone();
            in_tests.push("tests".to_owned());
            let mut to: Vec<(usize, String)> = paths(code, module)
                .iter()
                .chain(&paths(tests, &in_tests))
                .filter_map(|path| {
                    let target = index(file_of(path, &files)?)?;
                    Some((target, path.join("::")))
                })
                .filter(|(target, _)| files[*target].1 != *relative)
                .collect();
            to.sort();
            to.dedup_by_key(|(target, _)| *target);
            to
        })
        .collect();
    // Tarjan, iterative enough for a few hundred files: recursion depth is the longest
    // chain of imports.
    struct Walk<'a> {
        arrows: &'a [Vec<(usize, String)>],
        order: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        sets: Vec<Vec<usize>>,
    }
    impl Walk<'_> {
        fn visit(&mut self, v: usize) {
            self.order[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for &(w, _) in &self.arrows[v] {
                match self.order[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(order) if self.on_stack[w] => self.low[v] = self.low[v].min(order),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.order[v] {
                let mut set = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    set.push(w);
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    self.sets.push(set);
                }
            }
        }
    }
    let mut walk = Walk {
        arrows: &arrows,
        order: vec![None; files.len()],
        low: vec![0; files.len()],
        stack: Vec::new(),
        on_stack: vec![false; files.len()],
        next: 0,
        sets: Vec::new(),
    };
    for v in 0..files.len() {
        if walk.order[v].is_none() {
            walk.visit(v);
        }
    }
    let mut circles: Vec<Vec<String>> = walk
        .sets
        .iter()
        .map(|set| {
            let mut lines: Vec<String> = set
                .iter()
                .map(|&v| {
                    let into: Vec<String> = arrows[v]
                        .iter()
                        .filter(|(w, _)| set.contains(w))
                        .map(|(_, path)| path.clone())
                        .collect();
                    format!("{} -> {}", files[v].1.display(), into.join(", "))
                })
                .collect();
            lines.sort();
            lines
        })
        .collect();
    circles.sort();
    circles
}

#[test]
fn no_two_files_import_each_other_directly_or_round_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut report = Vec::new();
    for src in [root.join("src"), root.join("../domain/src")] {
        for circle in circles(&src) {
            report.push(format!(
                "circle in {}:\n  {}",
                src.display(),
                circle.join("\n  ")
            ));
        }
    }
    assert!(
        report.is_empty(),
        "{} import circles between files:\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn a_circle_is_found_and_named() {
    let dir = std::env::temp_dir().join(format!("layers-circle-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a")).expect("dir");
    std::fs::write(dir.join("lib.rs"), "pub mod a;\npub mod c;\npub mod d;\n").expect("write");
    std::fs::write(
        dir.join("a/mod.rs"),
        "pub mod b;\npub fn f() { self::b::g() }\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("a/b.rs"),
        "pub fn g() { crate::c::h() }\npub fn l() { crate::d::k() }\n",
    )
    .expect("write");
    std::fs::write(dir.join("c.rs"), "pub fn h() { super::a::f() }\n").expect("write");
    // A test module's arrow counts: d.rs and a/b.rs tie only through it.
    std::fs::write(
        dir.join("d.rs"),
        "pub fn k() {}\n#[cfg(test)]\nmod tests { use crate::a::b::g; }\n",
    )
    .expect("write");
    let found = circles(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        found,
        [vec![
            "a/b.rs -> c::h, d::k".to_owned(),
            "a/mod.rs -> a::b::g".to_owned(),
            "c.rs -> a::f".to_owned(),
            "d.rs -> a::b::g".to_owned(),
        ]]
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
