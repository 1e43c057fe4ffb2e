//! Optimization preserves meaning: every dEQP shader (vertex and fragment, every case
//! expected to compile) runs in the interpreter on the same synthetic inputs as lowered and
//! after `-O` (with `lower_const_arrays_to_uniforms`, as for OpenGL), and the outputs and
//! discards must be equal. Floats compare bit for bit except that `+0.0` equals `-0.0`
//! (GLSL does not keep the sign of a zero sum, and `a + 0.0 -> a` may change it).

use std::path::Path;

use fresnel::{Options, SourceInput, TargetEnv, Version};
use fresnel_interp::probe::{run_synthetic, Probe};
use fresnel_opt::{optimize, OptLevel, TargetFacts};
use fresnel_testfmt::collect::{shaders, Api};
use fresnel_testfmt::Stage;

const CORPUS: &str = "../../../shared/corpus/vk-gl-cts";

/// spirv-val's verdict on the optimized shader's SPIR-V, for its target environment.
fn spirv_val(ir: &fresnel_ir::Shader, vulkan: bool) -> Result<(), String> {
    use fresnel_backend::spirv::{emit, to_bytes, SpirvOptions, TargetEnv as Spv};
    use std::io::Write;
    let target = if vulkan {
        Spv::Vulkan { minor: 0 }
    } else {
        Spv::OpenGl
    };
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
        stdin
            .write_all(&to_bytes(&words))
            .map_err(|e| e.to_string())?;
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
        && a.outputs
            .iter()
            .zip(&b.outputs)
            .all(|((na, va), (nb, vb))| {
                na == nb
                    && va.len() == vb.len()
                    && va.iter().zip(vb).all(|(x, y)| {
                        x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_slot(*p, *q))
                    })
            })
}

#[test]
fn optimized_deqp_shaders_give_the_same_results() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    if !corpus.is_dir() {
        eprintln!("{} not present: skipped", corpus.display());
        return;
    }
    // The dEQP shader-library cases (`.test`); the Amber scripts beside them are not part
    // of this sample (some leave outputs unwritten on purpose, which `-O` may then fill:
    // undefined values that a bit-for-bit comparison cannot judge).
    let mut found = shaders(&[corpus]);
    found.retain(|s| s.name.contains(".test:"));
    // `FRESNEL_SOUNDNESS_FILTER=functions` narrows the run to matching shaders.
    if let Ok(filter) = std::env::var("FRESNEL_SOUNDNESS_FILTER") {
        found.retain(|s| s.name.contains(&filter));
    }
    let (mut compared, mut ran, mut changed, mut validated) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    // Every second vertex or fragment shader keeps the debug-build run short.
    let sample = found
        .iter()
        .filter(|s| matches!(s.stage, Stage::Vertex | Stage::Fragment))
        .skip(1)
        .step_by(2);
    for s in sample {
        let mut opts = Options {
            stage: fresnel::Stage::from_extension(s.stage.extension()),
            ..Options::default()
        };
        match s.api {
            Api::Vulkan => opts.target = TargetEnv::Vulkan { minor: 0 },
            Api::Gles => {
                opts.target = TargetEnv::OpenGlEs;
                opts.default_version = Some(Version::es(100));
            }
            Api::Gl => opts.target = TargetEnv::OpenGl,
        }
        let run = fresnel::lower_to_ir(
            SourceInput::new("shader", &s.text),
            &opts,
            &mut fresnel::NoIncludes,
        );
        let Some(ir) = run.ir.filter(|_| {
            !run.diagnostics
                .iter()
                .any(|d| d.severity == fresnel::Severity::Error)
        }) else {
            continue;
        };
        let mut opt = ir.clone();
        let facts = TargetFacts {
            default_uniforms: !opts.target.is_vulkan(),
        };
        match optimize(&mut opt, OptLevel::O, facts) {
            Err(e) => {
                failures.push(format!("{}: {e}", s.name));
                continue;
            }
            Ok(log) if !log.hit_cap.is_empty() => {
                failures.push(format!(
                    "{}: no fixed point within the cap ({:?})",
                    s.name, log.hit_cap
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
                    failures.push(format!("{}: spirv-val: {e}\n{opt}", s.name));
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
            failures.push(format!("{}:\n  -O0: {a:?}\n  -O:  {b:?}\n{opt}", s.name));
        }
    }
    eprintln!(
        "{compared} shaders compared, {ran} ran both ways, {changed} changed by -O, {validated} optimized modules through spirv-val"
    );
    let full = std::env::var_os("FRESNEL_SOUNDNESS_FILTER").is_none();
    assert!(!full || compared > 1000, "only {compared} shaders compared");
    assert!(ran > compared / 2, "only {ran} of {compared} ran");
    assert!(
        changed > compared / 2,
        "-O changed only {changed} of {compared}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
