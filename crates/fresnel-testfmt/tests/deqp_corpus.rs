//! Parses every dEQP `.test` file of the shared corpus (../shared/corpus/vk-gl-cts) and checks
//! the case counts that corpus/README.md states; specializes every case and checks that the
//! runners' placeholders are all filled. Skipped (with a note) when the corpus is missing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fresnel_testfmt::deqp::{self, CaseSources, Expect, Flavor, GlslVersion, SpecializeOptions};

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/vk-gl-cts");
    dir.is_dir().then_some(dir)
}

fn test_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            test_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "test") {
            out.push(p);
        }
    }
}

fn is_case_line(l: &str) -> bool {
    let t = l.trim_start();
    t.starts_with("case") && t[4..].starts_with(char::is_whitespace)
}

#[test]
fn corpus_case_counts() {
    let Some(dir) = corpus() else {
        eprintln!("note: ../shared/corpus not found; skipped");
        return;
    };
    let mut files = Vec::new();
    test_files(&dir, &mut files);
    assert_eq!(files.len(), 66, "shared .test files");
    let mut total = 0;
    let mut expects: BTreeMap<&str, usize> = BTreeMap::new();
    let mut explicit_pass = 0;
    let mut versions: BTreeMap<String, usize> = BTreeMap::new();
    let mut instances = 0;
    let mut case_lines = 0;
    let mut case_lines_in_sources = 0;
    for f in &files {
        // Two files hold a Latin-1 byte on purpose (an invalid character); read lossily.
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        let name = f.to_string_lossy().into_owned();
        let flavor = Flavor::for_path(&name);
        let cases = deqp::parse(&text, &name, flavor, &mut |p| {
            std::fs::read_to_string(p).map_err(|e| e.to_string())
        })
        .unwrap_or_else(|e| panic!("{e}"));
        total += cases.len();
        case_lines += text.lines().filter(|l| is_case_line(l)).count();
        explicit_pass += text.lines().filter(|l| l.trim() == "expect pass").count();
        for c in &cases {
            *expects.entry(c.expect.name()).or_default() += 1;
            let sources: Vec<&String> = match &c.sources {
                CaseSources::Both(s) => vec![s],
                CaseSources::Complete(p) => p.sources.iter().map(|(_, s)| s).collect(),
                CaseSources::Pipeline(ps) => ps
                    .iter()
                    .flat_map(|p| p.sources.iter().map(|(_, s)| s))
                    .collect(),
            };
            case_lines_in_sources += sources
                .iter()
                .map(|s| s.lines().filter(|l| is_case_line(l)).count())
                .sum::<usize>();
            if text
                .lines()
                .nth(c.line - 1)
                .is_none_or(|l| !l.contains("case"))
            {
                panic!("{}:{}: line does not hold `case`", name, c.line);
            }
            let has_version_line =
                matches!(c.version, GlslVersion::Es100) && !text.contains("version 100 es");
            if !has_version_line {
                let v = c.version;
                let key = if v.is_es() {
                    format!("{} es", v.number())
                } else {
                    format!("{}", v.number())
                };
                *versions.entry(key).or_default() += 1;
            }
            // Every case specializes without template errors, and no placeholder is left.
            for inst in deqp::specialize(c, &SpecializeOptions::permissive(flavor)) {
                instances += 1;
                let programs = inst
                    .programs
                    .unwrap_or_else(|e| panic!("{name}:{} {}: {e}", c.line, inst.name));
                for p in &programs {
                    for (stage, src) in &p.shaders {
                        assert!(
                            !src.contains("${"),
                            "{name}:{} {} ({stage}): placeholder left",
                            c.line,
                            inst.name
                        );
                    }
                }
                let expected_programs = match &c.sources {
                    CaseSources::Pipeline(ps) => ps.len(),
                    _ => 1,
                };
                assert_eq!(programs.len(), expected_programs);
            }
        }
    }
    eprintln!(
        "{total} cases, {instances} runner test cases, expect {expects:?}, versions {versions:?}"
    );
    // The README counts lines that start with `case`: 6431. 138 of them are `case` labels of
    // `switch` statements inside shader sources, so the files hold 6293 cases.
    assert_eq!(case_lines, 6431);
    assert_eq!(case_lines_in_sources, 138);
    assert_eq!(total, 6431 - 138);
    assert_eq!(expects.get("compile_fail"), Some(&1958));
    assert_eq!(expects.get("link_fail"), Some(&36));
    assert_eq!(expects.get("compile_or_link_fail"), Some(&2));
    assert_eq!(expects.get("build_successful"), Some(&72));
    assert_eq!(explicit_pass, 18);
    assert_eq!(expects.get("pass"), Some(&(6293 - 1958 - 36 - 2 - 72)));
    assert_eq!(versions.get("300 es"), Some(&3200));
    assert_eq!(versions.get("310 es"), Some(&1171));
    assert_eq!(versions.get("330"), Some(&329));
    assert_eq!(versions.get("440"), Some(&(6 + 68)));
    assert_eq!(Expect::Pass.name(), "pass");
}
