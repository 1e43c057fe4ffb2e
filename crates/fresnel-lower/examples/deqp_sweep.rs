//! Lowers every shader of the dEQP `.test` files expected to compile and prints the lowering
//! errors grouped by message: `deqp_sweep [CORPUS_DIR] [--show N] [--roundtrip]` (default corpus:
//! /work/shared/corpus/vk-gl-cts). A panic in the lowering is caught and counted.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fresnel::{Options, SourceInput, Stage, TargetEnv, Version};
use fresnel_testfmt::deqp::{self, Expect, Flavor, SpecializeOptions};

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

fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    let args: Vec<String> = std::env::args().collect();
    let root = args
        .iter()
        .skip(1)
        .find(|a| !a.starts_with("--") && a.parse::<usize>().is_err())
        .cloned()
        .unwrap_or_else(|| "/work/shared/corpus/vk-gl-cts".into());
    let show: usize = args
        .iter()
        .position(|a| a == "--show")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let roundtrip = args.iter().any(|a| a == "--roundtrip");
    let mut files = Vec::new();
    collect(Path::new(&root), &mut files);
    let mut errors: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    let (mut shaders, mut lowered, mut front_rejected) = (0usize, 0usize, 0usize);
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
        for case in &cases {
            if case.expect != Expect::Pass {
                continue;
            }
            for inst in deqp::specialize(case, &sopts) {
                let Ok(programs) = inst.programs else {
                    continue;
                };
                for prog in programs {
                    for (stage, src) in prog.shaders {
                        let st = Stage::from_extension(stage.extension()).unwrap_or(Stage::Vertex);
                        let mut opts = Options {
                            stage: Some(st),
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
                        let name = format!("{}:{} {}", path_str, case.line, inst.name);
                        let res = std::panic::catch_unwind(|| {
                            let run = fresnel::lower_to_ir(
                                SourceInput::new("shader", &src),
                                &opts,
                                &mut fresnel::NoIncludes,
                            );
                            let lower_errs: Vec<String> = run
                                .diagnostics
                                .as_slice()
                                .iter()
                                .filter(|d| d.code == "E-lower")
                                .map(|d| d.message.clone())
                                .collect();
                            let invalid: Vec<String> = match &run.ir {
                                Some(ir) => match fresnel::ir::validate(ir) {
                                    Ok(()) => Vec::new(),
                                    Err(errs) => errs
                                        .iter()
                                        .take(1)
                                        .map(|e| format!("INVALID: {}", e.message))
                                        .collect(),
                                },
                                None => Vec::new(),
                            };
                            let mut invalid = invalid;
                            if roundtrip && invalid.is_empty() {
                                if let Some(ir) = &run.ir {
                                    let mut a = String::new();
                                    fresnel::ir::Printer::new(ir).shader(&mut a);
                                    match fresnel::ir::parse(&a) {
                                        Ok(back) => {
                                            let mut b = String::new();
                                            fresnel::ir::Printer::new(&back).shader(&mut b);
                                            if a != b {
                                                invalid.push("ROUNDTRIP: text differs".into());
                                            }
                                        }
                                        Err(e) => invalid.push(format!("ROUNDTRIP: {e}")),
                                    }
                                }
                            }
                            let ok = run.ir.is_some() && invalid.is_empty();
                            let mut errs = lower_errs;
                            errs.extend(invalid);
                            (ok, run.has_errors(), errs)
                        });
                        match res {
                            Ok((true, _, _)) => lowered += 1,
                            Ok((false, _, errs)) if !errs.is_empty() => {
                                for e in errs {
                                    let key = normalize(&e);
                                    let ent = errors.entry(key).or_default();
                                    ent.0 += 1;
                                    if ent.1.len() < show {
                                        ent.1.push(name.clone());
                                    }
                                }
                            }
                            Ok(_) => front_rejected += 1,
                            Err(p) => {
                                let msg = p
                                    .downcast_ref::<String>()
                                    .cloned()
                                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                                    .unwrap_or_default();
                                let ent = errors.entry(format!("PANIC: {msg}")).or_default();
                                ent.0 += 1;
                                if ent.1.len() < show {
                                    ent.1.push(name.clone());
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    let mut sorted: Vec<_> = errors.into_iter().collect();
    sorted.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(&b.0)));
    println!(
        "shaders {shaders}, lowered {lowered}, rejected by the front end {front_rejected}, lowering errors {}",
        sorted.iter().map(|e| e.1 .0).sum::<usize>()
    );
    for (msg, (n, examples)) in sorted {
        println!("{n:6}  {msg}");
        for e in examples {
            println!("          e.g. {e}");
        }
    }
}

/// Keeps the message's shape: built-in names stay, numbers go.
fn normalize(m: &str) -> String {
    m.chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect()
}
