//! Lowers every stand-alone shader file (`.vert`, `.frag`, `.geom`, `.tesc`, `.tese`, `.comp`,
//! ...) under the given directories that the front end accepts, validates the IR, and prints
//! the failures grouped by message: `files_sweep DIR... [--show N] [--vulkan] [--link]`.
//!
//! `--link` (issue 4) also links the compilation units of piglit programs: every
//! `.shader_test` with several GLSL sections of one stage is lowered section by section,
//! linked with `fresnel_link::link_units_named`, validated and round-tripped through the
//! text form; the result is compared with the test's `link error` expectation.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fresnel::{Options, SourceInput, Stage};

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

fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    let args: Vec<String> = std::env::args().skip(1).collect();
    let show: usize = args
        .iter()
        .position(|a| a == "--show")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let vulkan = args.iter().any(|a| a == "--vulkan");
    let link = args.iter().any(|a| a == "--link");
    let mut files = Vec::new();
    let mut skip_next = false;
    for a in &args {
        if skip_next {
            skip_next = false;
            continue;
        }
        if a == "--show" {
            skip_next = true;
            continue;
        }
        if a == "--vulkan" || a == "--link" {
            continue;
        }
        collect(Path::new(a), &mut files);
    }
    let mut errors: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    let (mut total, mut lowered, mut rejected) = (0usize, 0usize, 0usize);
    // (name, source, stage given by the container)
    let mut shaders: Vec<(String, String, Option<Stage>)> = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let name = path.to_string_lossy().into_owned();
        if name.ends_with(".shader_test") {
            for sec in fresnel_testfmt::piglit::sections(&text) {
                if let Some((st, fresnel_testfmt::piglit::ShaderForm::Glsl)) =
                    fresnel_testfmt::piglit::shader_section(&sec.name)
                {
                    shaders.push((
                        format!("{name}:{}", sec.line),
                        sec.text,
                        Stage::from_extension(st.extension()),
                    ));
                }
            }
        } else if name.ends_with(".amber") {
            let Ok(list) = fresnel_testfmt::amber::parse_amber(&text) else {
                continue;
            };
            for sh in list {
                if let (fresnel_testfmt::amber::ShaderFormat::Glsl, Some(src), Some(st)) =
                    (&sh.format, sh.source, sh.stage)
                {
                    shaders.push((
                        format!("{name}:{}", sh.line),
                        src,
                        Stage::from_extension(st.extension()),
                    ));
                }
            }
        } else {
            shaders.push((name, text, None));
        }
    }
    for (name, text, stage) in &shaders {
        let name = name.clone();
        total += 1;
        let mut opts = Options {
            stage: *stage,
            ..Options::default()
        };
        if vulkan {
            opts.target = fresnel::TargetEnv::Vulkan { minor: 0 };
        }
        let res = std::panic::catch_unwind(|| {
            let run = fresnel::lower_to_ir(
                SourceInput::new(&name, text),
                &opts,
                &mut fresnel::NoIncludes,
            );
            let mut errs: Vec<String> = run
                .diagnostics
                .as_slice()
                .iter()
                .filter(|d| d.code == "E-lower")
                .map(|d| d.message.clone())
                .collect();
            if let Some(ir) = &run.ir {
                if let Err(v) = fresnel::ir::validate(ir) {
                    errs.extend(v.iter().take(1).map(|e| format!("INVALID: {}", e.message)));
                }
            }
            (run.ir.is_some() && errs.is_empty(), errs)
        });
        match res {
            Ok((true, _)) => lowered += 1,
            Ok((false, errs)) if errs.is_empty() => rejected += 1,
            Ok((false, errs)) => {
                for e in errs {
                    let key: String = e
                        .chars()
                        .map(|c| if c.is_ascii_digit() { '#' } else { c })
                        .collect();
                    let ent = errors.entry(key).or_default();
                    ent.0 += 1;
                    if ent.1.len() < show {
                        ent.1.push(name.clone());
                    }
                }
            }
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
    if link {
        link_sweep(&files, show);
    }
    let mut sorted: Vec<_> = errors.into_iter().collect();
    sorted.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(&b.0)));
    println!(
        "files {total}, lowered and valid {lowered}, rejected by the front end {rejected}, failures {}",
        sorted.iter().map(|e| e.1 .0).sum::<usize>()
    );
    for (msg, (n, examples)) in sorted {
        println!("{n:6}  {msg}");
        for e in examples {
            println!("          e.g. {e}");
        }
    }
}

/// `--link`: the piglit programs made of several units of one stage (issue 4).
fn link_sweep(files: &[PathBuf], show: usize) {
    let mut programs = 0usize;
    let mut unit_failed = 0usize;
    let (mut linked, mut link_failed) = (0usize, 0usize);
    let (mut agree, mut expect_error) = (0usize, 0usize);
    let mut errors: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    for path in files {
        let name = path.to_string_lossy().into_owned();
        if !name.ends_with(".shader_test") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let mut groups: Vec<(Stage, Vec<(String, String)>)> = Vec::new();
        for sec in fresnel_testfmt::piglit::sections(&text) {
            if let Some((st, fresnel_testfmt::piglit::ShaderForm::Glsl)) =
                fresnel_testfmt::piglit::shader_section(&sec.name)
            {
                let Some(stage) = Stage::from_extension(st.extension()) else {
                    continue;
                };
                let label = format!("{name}:{}", sec.line);
                match groups.iter_mut().find(|g| g.0 == stage) {
                    Some(g) => g.1.push((label, sec.text)),
                    None => groups.push((stage, vec![(label, sec.text)])),
                }
            }
        }
        let expects_link_error = text.lines().any(|l| l.trim() == "link error");
        for (stage, units) in groups {
            if units.len() < 2 {
                continue;
            }
            programs += 1;
            expect_error += usize::from(expects_link_error);
            let res = std::panic::catch_unwind(|| {
                let mut irs = Vec::new();
                let mut conversions = true;
                let mut es = false;
                for (label, src) in &units {
                    let opts = Options {
                        stage: Some(stage),
                        ..Options::default()
                    };
                    let run = fresnel::lower_to_ir(
                        SourceInput::new(label, src),
                        &opts,
                        &mut fresnel::NoIncludes,
                    );
                    if let Some(h) = &run.hir {
                        conversions &=
                            h.version.profile != fresnel::Profile::Es && h.version.number >= 120;
                        es |= h.version.profile == fresnel::Profile::Es;
                    }
                    match run.ir {
                        Some(ir) => irs.push((label.clone(), ir)),
                        None => {
                            let first = run
                                .diagnostics
                                .as_slice()
                                .iter()
                                .find(|d| d.severity == fresnel::Severity::Error)
                                .map(|d| d.message.clone())
                                .unwrap_or_default();
                            return Err((true, first));
                        }
                    }
                }
                let opts = fresnel_link::UnitLinkOptions {
                    implicit_conversions: conversions,
                    es,
                };
                let sh =
                    fresnel_link::link_units_with(irs, &opts).map_err(|e| (false, e.message))?;
                if let Err(v) = fresnel::ir::validate(&sh) {
                    return Err((false, format!("INVALID: {}", v[0].message)));
                }
                let text = sh.to_string();
                match fresnel::ir::parse(&text) {
                    Ok(back) if back.to_string() == text => Ok(()),
                    Ok(_) => Err((false, "ROUND TRIP: text differs".into())),
                    Err(e) => Err((false, format!("ROUND TRIP: {e}"))),
                }
            });
            let outcome = match res {
                Ok(r) => r,
                Err(_) => Err((false, "PANIC".into())),
            };
            match outcome {
                Ok(()) => {
                    linked += 1;
                    agree += usize::from(!expects_link_error);
                    if expects_link_error {
                        let ent = errors
                            .entry("(link error expected) linked".into())
                            .or_default();
                        ent.0 += 1;
                        if ent.1.len() < show {
                            ent.1.push(name.clone());
                        }
                    }
                }
                Err((unit, msg)) => {
                    let msg = if unit {
                        unit_failed += 1;
                        format!("a unit is not lowered: {msg}")
                    } else {
                        link_failed += 1;
                        agree += usize::from(expects_link_error);
                        msg
                    };
                    let key: String = msg
                        .chars()
                        .map(|c| if c.is_ascii_digit() { '#' } else { c })
                        .collect();
                    let key = if expects_link_error {
                        format!("(expected) {key}")
                    } else {
                        key
                    };
                    let ent = errors.entry(key).or_default();
                    ent.0 += 1;
                    if ent.1.len() < show {
                        ent.1.push(name.clone());
                    }
                }
            }
        }
    }
    println!(
        "link: programs with several units of one stage {programs} ({expect_error} expecting a link error), a unit not lowered {unit_failed}, linked valid and round-tripped {linked}, link errors {link_failed}, agreeing with the expectation {agree}"
    );
    let mut sorted: Vec<_> = errors.into_iter().collect();
    sorted.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(&b.0)));
    for (msg, (n, examples)) in sorted {
        println!("{n:6}  link: {msg}");
        for e in examples {
            println!("          e.g. {e}");
        }
    }
}
