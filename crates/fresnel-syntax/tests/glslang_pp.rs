//! Conformance of the preprocessor against glslang's preprocessor tests, and robustness over the
//! whole shared corpus.
//!
//! Group `glslang::<file>`: for each `Test/preprocessor.*` in the glslang corpus, preprocess the
//! file and compare with `baseResults/<file>.out` / `.err`. When glslang's `.err` holds an
//! `ERROR:` line the expectation is that we report at least one error; otherwise we must report
//! no error and print the same token stream as the `.out` file (compared with all whitespace
//! removed). Files in [`KNOWN_DIFFERENCES`] are reported as ignored.
//!
//! Group `robustness::<folder>`: every file under each top-level corpus folder, fed whole to the
//! preprocessor as if it were a shader, must not panic and must finish in reasonable time.
//!
//! Set `GLSLANG_PP_VERBOSE=1` to print our errors next to glslang's log for every file.
//!
//! The corpus lives at `<workspace>/../shared/corpus`; without it the test passes with no
//! trials.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fresnel_syntax::pp::{self, NoIncludes, PpOptions};
use fresnel_syntax::source::FileOrigin;
use fresnel_syntax::{Diagnostics, Interner, SourceMap, Stage, Version};
use libtest_mimic::{Arguments, Failed, Trial};

/// glslang preprocessor tests whose expected results differ from ours on purpose: we follow the
/// GLSL specification where glslang does not.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[(
    "preprocessor.extensions.vert",
    "`#extension unknown_extension : require`: the GLSL and GLSL ES specifications (section \
         3.3, the behavior table of #extension) require a compile-time error when a required \
         extension is not supported; glslang's preprocess-only mode reports nothing. The \
         preprocessed text matches.",
)];

/// Files larger than this are not fed to the robustness check.
const MAX_FILE_SIZE: u64 = 4 << 20;
/// A single file taking longer than this (in a debug build) fails the robustness check.
const MAX_FILE_TIME: Duration = Duration::from_secs(20);

fn corpus_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    dir.canonicalize().unwrap_or(dir)
}

struct Preprocessed {
    text: String,
    errors: Vec<String>,
}

/// How a file is preprocessed: as glslang's test harness does (for comparing with its results),
/// or with the defaults (GLSL 1.10 without `#version`).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    GlslangHarness,
    Default,
}

fn preprocess(name: &str, text: &str, mode: Mode) -> Preprocessed {
    let mut sm = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let main = sm.add_file(name, text, FileOrigin::Main);
    let opts = PpOptions {
        stage: Stage::from_path(name),
        // glslang's gtest harness compiles shaders that have no `#version` as version 100, which
        // glslang takes to be GLSL ES 1.00 (its baseResults for such shaders say
        // `Shader version: 100`). Its preprocessor results depend on that (ES `#line` numbering,
        // ES expression rules), so we preprocess them the same way.
        default_version: (mode == Mode::GlslangHarness).then_some(Version::ESSL_100),
        ..PpOptions::default()
    };
    let out = pp::preprocess(
        &mut sm,
        &mut interner,
        &mut diags,
        main,
        &opts,
        &mut NoIncludes,
    );
    let text = pp::print_preprocessed(&out, &sm, &interner);
    let errors = diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let loc = d
                .span
                .map(|s| sm.location(s))
                .map(|l| format!("{}:{}: ", l.name, l.line))
                .unwrap_or_default();
            format!("{loc}{}", d.message)
        })
        .collect();
    Preprocessed { text, errors }
}

fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// One glslang preprocessor test.
fn check_glslang(path: &Path, results: &Path) -> Result<(), Failed> {
    let name = file_name(path);
    let src = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let out_path = results.join(format!("{name}.out"));
    let err_path = results.join(format!("{name}.err"));
    let expected_out =
        std::fs::read_to_string(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?;
    let expected_err = std::fs::read_to_string(&err_path).unwrap_or_default();
    let glslang_fails = expected_err.lines().any(|l| l.starts_with("ERROR:"));
    let ours = preprocess(&name, &src, Mode::GlslangHarness);
    if std::env::var_os("GLSLANG_PP_VERBOSE").is_some() {
        eprintln!("--- {name}: our errors");
        for e in &ours.errors {
            eprintln!("  {e}");
        }
        eprintln!("--- {name}: glslang's log\n{expected_err}");
    }
    if glslang_fails {
        if ours.errors.is_empty() {
            return Err(format!(
                "glslang reports errors but we report none\n--- glslang .err\n{expected_err}\n--- our output\n{}",
                ours.text
            )
            .into());
        }
        return Ok(());
    }
    let mut problems = String::new();
    if !ours.errors.is_empty() {
        problems.push_str("glslang reports no error, but we do:\n");
        for e in &ours.errors {
            problems.push_str(&format!("  {e}\n"));
        }
    }
    let (a, b) = (squash(&ours.text), squash(&expected_out));
    if a != b {
        let (ac, bc): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let at = ac
            .iter()
            .zip(&bc)
            .position(|(x, y)| x != y)
            .unwrap_or(ac.len().min(bc.len()));
        let around = |s: &[char]| -> String {
            s[at.saturating_sub(30).min(s.len())..(at + 30).min(s.len())]
                .iter()
                .collect()
        };
        problems.push_str(&format!(
            "token streams differ at character {at} (whitespace removed):\n  ours:    ...{}...\n  glslang: ...{}...\n--- our output\n{}\n--- glslang output\n{}",
            around(&ac),
            around(&bc),
            ours.text,
            expected_out
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.into())
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// All regular files under `dir`, sorted.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.is_file() {
            out.push(p);
        }
    }
}

/// Feeds every file of `files` to the preprocessor; fails on a panic or a slow file.
fn check_robustness(label: &str, root: &Path, files: &[PathBuf]) -> Result<(), Failed> {
    let mut problems = Vec::new();
    let mut checked = 0usize;
    let mut slowest = (Duration::ZERO, String::new());
    for path in files {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        if std::fs::metadata(path).map_or(true, |m| m.len() > MAX_FILE_SIZE) {
            continue;
        }
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        if bytes.contains(&0) {
            continue;
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        checked += 1;
        let start = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| preprocess(&rel, &text, Mode::Default)));
        let took = start.elapsed();
        if took > slowest.0 {
            slowest = (took, rel.clone());
        }
        match result {
            Err(payload) => {
                let msg = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "(no message)".to_string());
                problems.push(format!("{rel}: panicked: {msg}"));
            }
            Ok(_) if took > MAX_FILE_TIME => {
                problems.push(format!("{rel}: took {took:?}"));
            }
            Ok(_) => {}
        }
    }
    if problems.is_empty() {
        eprintln!(
            "robustness {label}: {checked} files preprocessed, slowest {:?} ({})",
            slowest.0, slowest.1
        );
        Ok(())
    } else {
        Err(format!(
            "{} of {checked} files failed:\n{}",
            problems.len(),
            problems.join("\n")
        )
        .into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let corpus = corpus_dir();
    if !corpus.is_dir() {
        eprintln!(
            "note: corpus not found at {}; no glslang preprocessor trials",
            corpus.display()
        );
        libtest_mimic::run(&args, Vec::new()).exit();
    }
    let mut trials = Vec::new();

    // glslang preprocessor conformance.
    let test_dir = corpus.join("glslang/Test");
    let results = test_dir.join("baseResults");
    let mut pp_files: Vec<PathBuf> = std::fs::read_dir(&test_dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && file_name(p).starts_with("preprocessor."))
                .collect()
        })
        .unwrap_or_default();
    pp_files.sort();
    let total = pp_files.len();
    let matched = Arc::new(AtomicUsize::new(0));
    let mut known = 0usize;
    for path in pp_files {
        let name = file_name(&path);
        let known_reason = KNOWN_DIFFERENCES
            .iter()
            .find(|(f, _)| *f == name)
            .map(|(_, why)| *why);
        let matched = Arc::clone(&matched);
        let results = results.clone();
        let trial = Trial::test(format!("glslang::{name}"), move || {
            let r = check_glslang(&path, &results);
            if r.is_ok() {
                matched.fetch_add(1, Ordering::Relaxed);
            }
            r
        });
        if let Some(why) = known_reason {
            known += 1;
            eprintln!("known difference, ignored: {name}: {why}");
            trials.push(trial.with_ignored_flag(true));
        } else {
            trials.push(trial);
        }
    }

    // Robustness over the whole corpus: one trial per top-level folder (and one for the files
    // at the top level).
    let mut top: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    top.sort();
    let mut loose = Vec::new();
    for p in top {
        if p.is_dir() {
            let name = file_name(&p);
            let root = corpus.clone();
            let trial_name = format!("robustness::{name}");
            trials.push(Trial::test(trial_name, move || {
                let mut files = Vec::new();
                walk(&p, &mut files);
                check_robustness(&name, &root, &files)
            }));
        } else if p.is_file() {
            loose.push(p);
        }
    }
    if !loose.is_empty() {
        let root = corpus.clone();
        trials.push(Trial::test("robustness::(top level)", move || {
            check_robustness("(top level)", &root, &loose)
        }));
    }

    let conclusion = libtest_mimic::run(&args, trials);
    eprintln!(
        "glslang preprocessor tests: {}/{total} match ({known} known difference{} ignored)",
        matched.load(Ordering::Relaxed),
        if known == 1 { "" } else { "s" }
    );
    conclusion.exit();
}
