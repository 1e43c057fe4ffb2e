//! Lowers every shader of the stand-alone corpora (glslang, piglit with its `.shader_test`
//! sections, shader-db, glsl-optimizer, naga, amber) that the front end accepts: none may
//! panic and every lowered shader must validate. Lowering errors (extensions the IR does not
//! model) are allowed; `examples/files_sweep.rs` lists them. Skipped without the corpora;
//! ignored by default for its run time.

use std::path::{Path, PathBuf};

use fresnel::{Options, SourceInput, Stage};
use fresnel_testfmt::{amber, piglit};

const ROOT: &str = "/work/shared/corpus";
const DIRS: &[&str] = &[
    "glslang",
    "piglit",
    "shader-db",
    "glsl-optimizer",
    "naga",
    "amber",
];

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            Stage::from_extension(e).is_some() || e == "shader_test" || e == "amber"
        }) {
            out.push(p);
        }
    }
}

/// The shaders of a file: (name, source, stage when the container says it).
fn shaders_of(path: &Path) -> Vec<(String, String, Option<Stage>)> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let name = path.to_string_lossy().into_owned();
    if name.ends_with(".shader_test") {
        piglit::sections(&text)
            .into_iter()
            .filter_map(|sec| match piglit::shader_section(&sec.name) {
                Some((st, piglit::ShaderForm::Glsl)) => Some((
                    format!("{name}:{}", sec.line),
                    sec.text,
                    Stage::from_extension(st.extension()),
                )),
                _ => None,
            })
            .collect()
    } else if name.ends_with(".amber") {
        amber::parse_amber(&text)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|sh| match (&sh.format, sh.source, sh.stage) {
                (amber::ShaderFormat::Glsl, Some(src), Some(st)) => Some((
                    format!("{name}:{}", sh.line),
                    src,
                    Stage::from_extension(st.extension()),
                )),
                _ => None,
            })
            .collect()
    } else {
        vec![(name, text, None)]
    }
}

#[test]
#[ignore = "about 40 s in debug builds: run with `cargo test -p fresnel-lower --test corpus_sweep -- --ignored`"]
fn stand_alone_corpora_never_panic_and_lower_to_valid_ir() {
    if !Path::new(ROOT).is_dir() {
        eprintln!("{ROOT} not present: skipped");
        return;
    }
    let mut files = Vec::new();
    for d in DIRS {
        collect(&Path::new(ROOT).join(d), &mut files);
    }
    let (mut total, mut lowered, mut lower_errors) = (0usize, 0usize, 0usize);
    let mut failures: Vec<String> = Vec::new();
    for path in &files {
        for (name, src, stage) in shaders_of(path) {
            total += 1;
            let opts = Options {
                stage,
                ..Options::default()
            };
            let res = std::panic::catch_unwind(|| {
                let run = fresnel::lower_to_ir(
                    SourceInput::new(&name, &src),
                    &opts,
                    &mut fresnel::NoIncludes,
                );
                let errs = run
                    .diagnostics
                    .as_slice()
                    .iter()
                    .filter(|d| d.code == "E-lower")
                    .count();
                let invalid = run
                    .ir
                    .as_ref()
                    .and_then(|ir| fresnel::ir::validate(ir).err())
                    .map(|v| v.first().map(|e| e.to_string()).unwrap_or_default());
                (run.ir.is_some(), errs, invalid)
            });
            match res {
                Ok((ok, errs, invalid)) => {
                    lowered += usize::from(ok);
                    lower_errors += usize::from(errs > 0);
                    if let Some(e) = invalid {
                        failures.push(format!("{name}: invalid IR: {e}"));
                    }
                }
                Err(_) => failures.push(format!("{name}: panic")),
            }
        }
    }
    eprintln!("{total} shaders, {lowered} lowered, {lower_errors} with lowering errors");
    assert!(total > 5_000, "only {total} shaders found");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
