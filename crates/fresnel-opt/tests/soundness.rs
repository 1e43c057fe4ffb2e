//! Optimization preserves meaning: every dEQP shader (vertex and fragment, every case
//! expected to compile) runs in the interpreter on the same synthetic inputs as lowered and
//! after `-O` (with `lower_const_arrays_to_uniforms`, as for OpenGL), and the outputs and
//! discards must be equal. Floats compare bit for bit except that `+0.0` equals `-0.0`
//! (GLSL does not keep the sign of a zero sum, and `a + 0.0 -> a` may change it).

use std::path::{Path, PathBuf};

use fresnel::{Options, SourceInput, Stage, TargetEnv, Version};
use fresnel_interp::probe::{run_synthetic, Probe};
use fresnel_opt::{optimize, OptLevel, TargetFacts};
use fresnel_testfmt::deqp::{self, Expect, Flavor, SpecializeOptions};

const CORPUS: &str = "../../../shared/corpus/vk-gl-cts";

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

/// spirv-val's verdict on the optimized shader's SPIR-V, for its target environment.
fn spirv_val(ir: &fresnel_ir::Shader, vulkan: bool) -> Result<(), String> {
    use fresnel_backend::spirv::{emit, to_bytes, SpirvOptions, TargetEnv as Spv};
    use std::io::Write;
    let target = if vulkan { Spv::Vulkan { minor: 0 } } else { Spv::OpenGl };
    let words = emit(
        ir,
        &SpirvOptions {
            target,
            debug_names: false,
        },
    )
    .map_err(|e| format!("no SPIR-V: {e}"))?;
    let mut child = std::process::Command::new("spirv-val")
        .args(["--target-env", target.val_name(), "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("spirv-val (Debian package spirv-tools): {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(&to_bytes(&words)).map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

fn same_slot(a: u64, b: u64) -> bool {
    a == b || (a | b) & !0x8000_0000 == 0 || (a | b) & !0x8000_0000_0000_0000 == 0
}

fn same(a: &Probe, b: &Probe) -> bool {
    a.discarded == b.discarded
        && a.outputs.len() == b.outputs.len()
        && a.outputs.iter().zip(&b.outputs).all(|((na, va), (nb, vb))| {
            na == nb
                && va.len() == vb.len()
                && va.iter().zip(vb).all(|(x, y)| {
                    x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_slot(*p, *q))
                })
        })
}

#[test]
fn optimized_dpqp_shaders_give_the_same_results() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    if !corpus.is_dir() {
        eprintln!("{} not present: skipped", corpus.display());
        return;
    }
    let mut files = Vec::new();
    collect(&corpus, &mut files);
    // `FRESNEL_SOUNDNESS_FILTER=functions` narrows the run to matching files.
    if let Ok(filter) = std::env::var("FRESNEL_SOUNDNESS_FILTER") {
        files.retain(|p| p.to_string_lossy().contains(&filter));
    }
    let (mut compared, mut ran, mut changed, mut validated) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    let mut seen = 0usize;
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
                    let stage = Stage::from_extension(stage.extension()).unwrap_or(Stage::Vertex);
                    if !matches!(stage, Stage::Vertex | Stage::Fragment) {
                        continue;
                    }
                    seen += 1;
                    // Every second shader keeps the debug-build run short.
                    if seen % 2 != 0 {
                        continue;
                    }
                    let mut opts = Options {
                        stage: Some(stage),
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
                    let run = fresnel::lower_to_ir(
                        SourceInput::new("shader", &src),
                        &opts,
                        &mut fresnel::NoIncludes,
                    );
                    let Some(ir) = run.ir.filter(|_| !run.diagnostics.iter().any(|d| d.severity == fresnel::Severity::Error)) else {
                        continue;
                    };
                    let mut opt = ir.clone();
                    let facts = TargetFacts {
                        default_uniforms: !opts.target.is_vulkan(),
                    };
                    match optimize(&mut opt, OptLevel::O, facts) {
                        Err(e) => {
                            failures.push(format!("{path_str}:{} {}: {e}", case.line, inst.name));
                            continue;
                        }
                        Ok(log) if !log.hit_cap.is_empty() => {
                            failures.push(format!(
                                "{path_str}:{} {}: no fixed point within the cap ({:?})",
                                case.line, inst.name, log.hit_cap
                            ));
                        }
                        Ok(_) => {}
                    }
                    compared += 1;
                    changed += usize::from(opt.to_string() != ir.to_string());
                    // Every tenth optimized shader also goes through spirv-val.
                    if compared % 10 == 0 {
                        validated += 1;
                        if let Err(e) = spirv_val(&opt, opts.target.is_vulkan()) {
                            if failures.len() < 10 {
                                failures.push(format!(
                                    "{path_str}:{} {}: spirv-val: {e}\n{opt}",
                                    case.line, inst.name
                                ));
                            }
                        }
                    }
                    let limit = Some(2_000_000);
                    let (a, b) = (run_synthetic(&ir, limit), run_synthetic(&opt, limit));
                    let ok = match (&a, &b) {
                        (Ok(x), Ok(y)) => {
                            ran += 1;
                            same(x, y)
                        }
                        (Err(_), Err(_)) => true,
                        _ => false,
                    };
                    if !ok && failures.len() < 10 {
                        failures.push(format!(
                            "{path_str}:{} {}:\n  -O0: {a:?}\n  -O:  {b:?}\n{opt}",
                            case.line, inst.name
                        ));
                    }
                }
            }
        }
    }
    eprintln!(
        "{compared} shaders compared, {ran} ran both ways, {changed} changed by -O, {validated} optimized modules through spirv-val"
    );
    let full = std::env::var_os("FRESNEL_SOUNDNESS_FILTER").is_none();
    assert!(!full || compared > 1000, "only {compared} shaders compared");
    assert!(ran > compared / 2, "only {ran} of {compared} ran");
    assert!(changed > compared / 2, "-O changed only {changed} of {compared}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
