//! Lowers every shader of the dEQP `.test` files (vk-gl-cts) that is expected to compile:
//! none may panic, every result must validate, and the only lowering errors allowed are
//! built-in functions not lowered yet. Skipped when the corpus is not present.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fresnel::{Options, SourceInput, Stage, TargetEnv, Version};
use fresnel_testfmt::deqp::{self, Expect, Flavor, SpecializeOptions};

const CORPUS: &str = "/work/shared/corpus/vk-gl-cts";

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "test") {
            out.push(p);
        }
    }
}

#[test]
fn every_deqp_shader_lowers_to_valid_ir() {
    if !Path::new(CORPUS).is_dir() {
        eprintln!("{CORPUS} not present: skipped");
        return;
    }
    let mut files = Vec::new();
    collect(Path::new(CORPUS), &mut files);
    let mut failures: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let (mut shaders, mut lowered) = (0usize, 0usize);
    for path in &files {
        let path_str = path.to_string_lossy().into_owned();
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let flavor = Flavor::for_path(&path_str);
        let mut import = |p: &str| std::fs::read_to_string(p).map_err(|e| e.to_string());
        let Ok(cases) = deqp::parse(&text, &path_str, flavor, &mut import) else {
            continue;
        };
        let sopts = SpecializeOptions::permissive(flavor);
        for case in cases.iter().filter(|c| c.expect == Expect::Pass) {
            for inst in deqp::specialize(case, &sopts) {
                let Ok(programs) = inst.programs else {
                    continue;
                };
                for (stage, src) in programs.into_iter().flat_map(|p| p.shaders) {
                    let mut opts = Options {
                        stage: Some(
                            Stage::from_extension(stage.extension()).unwrap_or(Stage::Vertex),
                        ),
                        ..Options::default()
                    };
                    match flavor {
                        Flavor::Vulkan => opts.target = TargetEnv::Vulkan { minor: 0 },
                        _ if case.version.is_es() => {
                            opts.target = TargetEnv::OpenGlEs;
                            opts.default_version = Some(Version::es(100));
                        }
                        _ => opts.target = TargetEnv::OpenGl,
                    }
                    shaders += 1;
                    let where_ = format!("{path_str}:{} {}", case.line, inst.name);
                    let res = std::panic::catch_unwind(|| {
                        let run = fresnel::lower_to_ir(
                            SourceInput::new("shader", &src),
                            &opts,
                            &mut fresnel::NoIncludes,
                        );
                        let mut errs: Vec<String> = run
                            .diagnostics
                            .as_slice()
                            .iter()
                            .filter(|d| d.code == "E-lower")
                            .map(|d| d.message.clone())
                            .filter(|m| !m.starts_with("built-in function"))
                            .collect();
                        if let Some(ir) = &run.ir {
                            if let Err(v) = fresnel::ir::validate(ir) {
                                errs.extend(v.iter().take(1).map(|e| format!("invalid IR: {e}")));
                            }
                        }
                        (run.ir.is_some(), errs)
                    });
                    let errs = match res {
                        Ok((ok, errs)) => {
                            lowered += usize::from(ok && errs.is_empty());
                            errs
                        }
                        Err(_) => vec!["panic".to_string()],
                    };
                    for e in errs {
                        let ent = failures.entry(e).or_insert((0, where_.clone()));
                        ent.0 += 1;
                    }
                }
            }
        }
    }
    eprintln!("{shaders} shaders, {lowered} lowered to valid IR");
    assert!(shaders > 10_000, "only {shaders} shaders found");
    assert!(
        failures.is_empty(),
        "{}",
        failures
            .iter()
            .map(|(m, (n, w))| format!("{n} x {m} (e.g. {w})"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
