//! Corpus runs over ../shared/corpus (read-only):
//!
//! * `parse/<source>`: every standalone shader the manifest expects to pass must preprocess
//!   and parse without error. The number allowed to fail per source is recorded below and may
//!   only go down.
//! * `robust/<folder>`: every file in the corpus, whatever it is (container formats, outputs,
//!   licences), fed whole to the front end: no panic, and no file takes more than a few
//!   seconds (a hang detector, not a speed test).
//!
//! Without the corpus (a checkout without ../shared) the trials are reported as ignored.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fresnel::{IncludeKind, IncludeResolver, NoIncludes, Options, SourceInput, Stage, Version};
use libtest_mimic::{Arguments, Failed, Trial};

/// Expected-pass files per source that may fail to parse (the recorded state; lower it when
/// the front end improves, never raise it).
const ALLOWED_PARSE_FAILURES: &[(&str, usize)] = &[
    ("amber", 0),
    ("glsl-optimizer", 0),
    ("glslang", 4),
    ("naga", 0),
    ("piglit", 0),
    ("vk-gl-cts", 0),
];

/// A file taking longer than this is treated as a hang.
const HANG_LIMIT: Duration = Duration::from_secs(5);

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

struct Row {
    path: String,
    stage: String,
    version: String,
    expected: String,
}

fn manifest(dir: &Path) -> Vec<Row> {
    let Ok(text) = std::fs::read_to_string(dir.join("manifest.tsv")) else {
        return Vec::new();
    };
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() >= 4).then(|| Row {
                path: f[0].to_string(),
                stage: f[1].to_string(),
                version: f[2].to_string(),
                expected: f[3].to_string(),
            })
        })
        .collect()
}

/// The ES vertex-input prelude glsl-optimizer's harness inserts after `#version` (see
/// corpus/README.md): the desktop built-in attributes become declared ones.
fn glsl_optimizer_prelude(es3: bool) -> String {
    let q = if es3 { "in" } else { "attribute" };
    [
        ("gl_Vertex", "_glesVertex", "highp vec4"),
        ("gl_Normal", "_glesNormal", "mediump vec3"),
        ("gl_MultiTexCoord0", "_glesMultiTexCoord0", "highp vec4"),
        ("gl_MultiTexCoord1", "_glesMultiTexCoord1", "highp vec4"),
        ("gl_Color", "_glesColor", "lowp vec4"),
    ]
    .iter()
    .map(|(b, n, t)| format!("#define {b} {n}\n{q} {t} {n};\n"))
    .collect()
}

/// Inserts a prelude after the leading `#version` and `#extension` lines. (glsl-optimizer's
/// harness inserts it after `#version`; its Mesa-based compiler then accepts an `#extension`
/// that follows the inserted declarations, which GLSL ES forbids. Putting the declarations
/// after the directives keeps the test's meaning.)
fn insert_after_version(text: &str, prelude: &str) -> String {
    let mut out = String::with_capacity(text.len() + prelude.len());
    let mut inserted = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let leading_directive =
            t.starts_with("#version") || t.starts_with("#extension") || t.trim().is_empty();
        if !inserted && !leading_directive {
            out.push_str(prelude);
            inserted = true;
        }
        out.push_str(line);
    }
    if !inserted {
        out.push_str(prelude);
    }
    out
}

/// The source text the corpus harnesses would compile, and the options.
fn prepare(row: &Row, text: String) -> (String, Options) {
    let mut opts = Options {
        stage: Stage::from_name(&row.stage),
        ..Options::default()
    };
    let mut text = text;
    if row.path.starts_with("glsl-optimizer/") {
        let name = row.path.rsplit('/').next().unwrap_or("");
        let es3 = name.contains("inES3") || name.contains("outES3");
        let es = es3 || name.contains("inES") || name.contains("outES");
        if es && !es3 {
            opts.default_version = Some(Version::es(100));
        }
        if es && row.stage == "vert" && name.contains("-in") {
            text = insert_after_version(&text, &glsl_optimizer_prelude(es3));
        }
    }
    if row.version == "none" && row.path.starts_with("piglit/") {
        // piglit's glsl_version 1.00 / 3.00 tests without #version are ES.
        if let Some(v) = piglit_config_version(&text) {
            opts.default_version = Some(v);
        }
    }
    if row.path.starts_with("glslang/") {
        opts.version_override = documented_version_override(&text);
    }
    (text, opts)
}

fn piglit_config_version(text: &str) -> Option<Version> {
    let line = text.lines().find(|l| l.contains("glsl_version:"))?;
    let v = line.split("glsl_version:").nth(1)?.trim();
    let num: f64 = v.split_whitespace().next()?.parse().ok()?;
    let n = (num * 100.0).round() as u16;
    if matches!(n, 100 | 300 | 310 | 320) {
        Some(Version::es(n))
    } else {
        Some(Version::desktop(n))
    }
}

/// Resolves `#include` next to the including file, as glslangValidator's default includer
/// does; with `empty`, every include resolves to an empty file (piglit's
/// `dummy_shader_include` registers a named string with no content).
struct DirIncludes {
    dir: PathBuf,
    empty: bool,
}

impl IncludeResolver for DirIncludes {
    fn resolve(
        &mut self,
        name: &str,
        _kind: IncludeKind,
        from: &str,
    ) -> Result<(String, String), String> {
        if self.empty {
            return Ok((name.to_string(), String::new()));
        }
        let base = Path::new(from)
            .parent()
            .map_or_else(|| self.dir.clone(), Path::to_path_buf);
        // Shaders written on Windows separate directories with `\`.
        let name = name.replace('\\', "/");
        for dir in [base, self.dir.clone()] {
            let p = dir.join(&name);
            if let Ok(text) = std::fs::read_to_string(&p) {
                return Ok((p.to_string_lossy().into_owned(), text));
            }
        }
        Err(format!("{name} not found"))
    }
}

/// How glslang's gtests run each test file (glslang/test-modes.tsv): preprocess only, and
/// the target semantics.
#[derive(Clone, Default)]
struct GlslangModes {
    preprocess_only: Vec<String>,
    vulkan: Vec<String>,
}

fn glslang_modes(dir: &Path) -> GlslangModes {
    let mut m = GlslangModes::default();
    let Ok(text) = std::fs::read_to_string(dir.join("glslang/test-modes.tsv")) else {
        return m;
    };
    for l in text.lines().skip(1) {
        let cols: Vec<&str> = l.split('\t').collect();
        let Some(files) = cols.first() else { continue };
        // Multi-file tests list several files separated by spaces or commas.
        for f in files.split([' ', ',']).filter(|f| !f.is_empty()) {
            let path = format!("glslang/Test/{f}");
            if l.contains("loadFilePreprocessAndCheck") {
                m.preprocess_only.push(path.clone());
            }
            if cols.get(4) == Some(&"Vulkan") {
                m.vulkan.push(path);
            }
        }
    }
    m
}

/// A `--glsl-version N` the test documents in its own leading comment (glslang's
/// `glsl.versionOverride.*` tests show the command they are run with).
fn documented_version_override(text: &str) -> Option<Version> {
    let head: String = text.chars().take(2000).collect();
    let at = head.find("--glsl-version")?;
    let rest = head[at + "--glsl-version".len()..].trim_start();
    let num: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: u16 = num.parse().ok()?;
    let after = rest[num.len()..].trim_start();
    Some(if after.starts_with("es") || n == 100 {
        Version::es(n)
    } else {
        Version::desktop(n)
    })
}

fn source_of(path: &str) -> &str {
    path.split('/').next().unwrap_or(path)
}

fn parse_trials(dir: &Path) -> Vec<Trial> {
    let rows = manifest(dir);
    let modes = glslang_modes(dir);
    let mut by_source: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for r in rows.into_iter().filter(|r| r.expected == "pass") {
        by_source
            .entry(source_of(&r.path).to_string())
            .or_default()
            .push(r);
    }
    by_source
        .into_iter()
        .map(|(source, rows)| {
            let dir = dir.to_path_buf();
            let allowed = ALLOWED_PARSE_FAILURES
                .iter()
                .find(|(s, _)| *s == source)
                .map_or(0, |(_, n)| *n);
            let modes = modes.clone();
            Trial::test(format!("parse/{source}"), move || {
                let mut failures = Vec::new();
                for r in &rows {
                    let Ok(bytes) = std::fs::read(dir.join(&r.path)) else {
                        failures.push(format!("{}: cannot read", r.path));
                        continue;
                    };
                    let (text, mut opts) = prepare(r, String::from_utf8_lossy(&bytes).into_owned());
                    if modes.vulkan.contains(&r.path) {
                        opts.target = fresnel::TargetEnv::Vulkan { minor: 0 };
                    }
                    let full = dir.join(&r.path);
                    let name = full.to_string_lossy().into_owned();
                    let mut inc = DirIncludes {
                        dir: full.parent().map_or_else(|| dir.clone(), Path::to_path_buf),
                        empty: text.contains("dummy_shader_include: True"),
                    };
                    // glslang's preprocessing tests: run the preprocessor only, and expect an
                    // error exactly when glslang's .err log has one.
                    if modes.preprocess_only.contains(&r.path) {
                        // glslang's preprocessing gtests run without a file includer.
                        let run = fresnel::preprocess(
                            SourceInput::new(&name, &text),
                            &opts,
                            &mut NoIncludes,
                        );
                        let err_log = std::fs::read_to_string(dir.join(format!(
                            "glslang/Test/baseResults/{}.err",
                            r.path.rsplit('/').next().unwrap_or("")
                        )))
                        .unwrap_or_default();
                        let want_error = err_log.contains("ERROR:");
                        if run.has_errors() != want_error {
                            failures.push(format!(
                                "{} (preprocess only): error expected {want_error}, got {}",
                                r.path,
                                run.has_errors()
                            ));
                        }
                        continue;
                    }
                    let run = fresnel::parse(SourceInput::new(&name, &text), &opts, &mut inc);
                    if run.has_errors() {
                        let first = run
                            .diagnostics
                            .iter()
                            .find(|d| d.is_error())
                            .map(|d| {
                                let loc = d.span.map(|s| run.source_map.location(s));
                                match loc {
                                    Some(l) => format!("{}:{}: {}", l.line, l.column, d.message),
                                    None => d.message.clone(),
                                }
                            })
                            .unwrap_or_default();
                        failures.push(format!("{}: {first}", r.path));
                    }
                }
                let total = rows.len();
                let passed = total - failures.len();
                eprintln!(
                    "parse {source}: {passed}/{total} expected-pass files parse ({:.2}%)",
                    100.0 * passed as f64 / total.max(1) as f64
                );
                if failures.len() > allowed {
                    return Err(Failed::from(format!(
                        "{} of {total} failed (allowed {allowed}):\n{}",
                        failures.len(),
                        failures.join("\n")
                    )));
                }
                if failures.len() < allowed {
                    eprintln!(
                        "  note: {source} improved; lower ALLOWED_PARSE_FAILURES to {}",
                        failures.len()
                    );
                }
                Ok(())
            })
        })
        .collect()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn robustness_trials(dir: &Path) -> Vec<Trial> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut folders: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    folders
        .into_iter()
        .map(|folder| {
            let name = folder
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            Trial::test(format!("robust/{name}"), move || {
                let mut files = Vec::new();
                walk(&folder, &mut files);
                let mut problems = Vec::new();
                let mut slowest = (Duration::ZERO, PathBuf::new());
                for f in &files {
                    let Ok(bytes) = std::fs::read(f) else {
                        continue;
                    };
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    let name = f.to_string_lossy().into_owned();
                    let start = Instant::now();
                    let result = std::panic::catch_unwind(|| {
                        let run = fresnel::parse(
                            SourceInput::new(&name, &text),
                            &Options::default(),
                            &mut NoIncludes,
                        );
                        // Rendering walks every diagnostic's spans and expansions.
                        let _ = run.render_diagnostics(fresnel::ErrorFormat::Human, false);
                        let _ = run.ast_text();
                    });
                    let took = start.elapsed();
                    if took > slowest.0 {
                        slowest = (took, f.clone());
                    }
                    if result.is_err() {
                        problems.push(format!("{}: panicked", f.display()));
                    } else if took > HANG_LIMIT {
                        problems.push(format!("{}: took {:?}", f.display(), took));
                    }
                }
                eprintln!(
                    "robust {name}: {} files, {} problems, slowest {:?} ({})",
                    files.len(),
                    problems.len(),
                    slowest.0,
                    slowest.1.display()
                );
                if problems.is_empty() {
                    Ok(())
                } else {
                    Err(Failed::from(problems.join("\n")))
                }
            })
        })
        .collect()
}

fn main() {
    let args = Arguments::from_args();
    let dir = corpus_dir();
    let trials = if dir.join("manifest.tsv").is_file() {
        let mut t = parse_trials(&dir);
        t.extend(robustness_trials(&dir));
        t
    } else {
        eprintln!("note: {} not found; corpus trials skipped", dir.display());
        vec![Trial::test("corpus-missing", || Ok(())).with_ignored_flag(true)]
    };
    libtest_mimic::run(&args, trials).exit();
}
