//! Interpreter speed: `cargo bench -p fresnel-cli --bench interp`.
//!
//! Runs a mid-size fragment shader (a Mandelbrot set with up to 64 iterations of a loop with
//! a data-dependent `break`, a palette function with `cos`, derivatives, an early `return`)
//! over a 256x256 grid and reports fragment invocations per second and lane-instructions per
//! second (best of FRESNEL_BENCH_ROUNDS rounds, default 3). When `../shared/tools/run-frag`
//! works (Mesa llvmpipe, see its README), the same shader is also timed there: the time of a
//! 1024x1024 grid minus that of a 1x1 grid (process start-up and compilation), as
//! invocations per second.

use std::path::Path;
use std::time::{Duration, Instant};

use fresnel::{NoIncludes, Options, SourceInput, Stage};
use fresnel_interp::{Fragment, Interp, Scalar};

const SHADER: &str = r#"#version 300 es
precision highp float;
uniform vec2 u_center;
uniform float u_scale;
out vec4 color;
vec3 palette(float t) {
    return 0.5 + 0.5 * cos(6.28318 * (vec3(1.0) * t + vec3(0.0, 0.33, 0.67)));
}
void main() {
    vec2 c = u_center + (gl_FragCoord.xy / 256.0 - 0.5) * u_scale;
    vec2 z = vec2(0.0);
    int i;
    for (i = 0; i < 64; i++) {
        z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;
        if (dot(z, z) > 4.0) break;
    }
    float t = float(i) / 64.0;
    if (i == 64) { color = vec4(0.0, 0.0, 0.0, 1.0); return; }
    color = vec4(palette(t), 1.0) + vec4(dFdx(t), dFdy(t), 0.0, 0.0);
}
"#;

fn main() {
    let opts = Options {
        stage: Some(Stage::Fragment),
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("bench.frag", SHADER),
        &opts,
        &mut NoIncludes,
    );
    let Some(ir) = run.ir.as_ref() else {
        eprintln!(
            "the benchmark shader did not compile:\n{}",
            run.render_diagnostics(fresnel::ErrorFormat::Human, false)
        );
        std::process::exit(1);
    };
    let rounds: usize = std::env::var("FRESNEL_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let (w, h) = (256u32, 256u32);
    let frags: Vec<Fragment> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Fragment { x, y }))
        .collect();
    let mut best = Duration::MAX;
    let mut instrs = 0;
    for _ in 0..rounds.max(1) {
        let mut it = Interp::new(ir).expect("interp");
        it.set_uniform_scalars("u_center", &[Scalar::Float(-0.5), Scalar::Float(0.0)])
            .expect("uniform");
        it.set_uniform_scalars("u_scale", &[Scalar::Float(3.0)])
            .expect("uniform");
        let t = Instant::now();
        it.run_fragment(&frags).expect("run");
        let d = t.elapsed();
        instrs = it.instructions_executed();
        best = best.min(d);
    }
    let n = frags.len() as f64;
    let secs = best.as_secs_f64();
    println!(
        "interpreter: {} fragments in {:.3} s: {:.0} invocations/s, {:.1} M lane-instructions/s ({} lane-instructions)",
        frags.len(),
        secs,
        n / secs,
        instrs as f64 / secs / 1e6,
        instrs
    );
    llvmpipe();
}

/// Times the same shader on llvmpipe through ../shared/tools/run-frag, if it works here.
fn llvmpipe() {
    let tool = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/tools/run-frag");
    if !tool.exists() {
        println!("llvmpipe: ../shared/tools/run-frag not found; skipped");
        return;
    }
    let dir = std::env::temp_dir().join(format!("fresnel-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let src = dir.join("bench.frag");
    if std::fs::write(&src, SHADER).is_err() {
        return;
    }
    let time = |size: &str| -> Option<f64> {
        let t = Instant::now();
        let st = std::process::Command::new(&tool)
            .arg(&src)
            .args(["-s", size, "--api", "gles"])
            .args(["-u", "u_center=-0.5,0.0", "-u", "u_scale=3.0"])
            .arg("-o")
            .arg(dir.join("out.f32"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .ok()?;
        st.success().then(|| t.elapsed().as_secs_f64())
    };
    let (Some(small), Some(big)) = (time("1x1"), time("1024x1024")) else {
        println!(
            "llvmpipe: run-frag did not run (see ../shared/tools/README.md, setup.sh); skipped"
        );
        return;
    };
    let n = 1024.0 * 1024.0;
    let d = (big - small).max(1e-6);
    println!(
        "llvmpipe: 1024x1024 in {big:.3} s, 1x1 in {small:.3} s: about {:.0} invocations/s",
        n / d
    );
    let _ = std::fs::remove_dir_all(&dir);
}
