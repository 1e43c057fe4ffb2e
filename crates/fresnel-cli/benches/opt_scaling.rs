//! Compile time at `-O` against shader size: `cargo bench -p fresnel-cli --bench opt_scaling`.
//!
//! A generator writes procedural fragment shaders of 1x, 10x and 100x a base size (helper
//! functions with early returns, branches, loops, vector arithmetic, texture lookups), and a
//! shader of at least 3,000 lines. Each is compiled in process (front end, lowering,
//! `-O`, SPIR-V) several times; the best time is reported with the time per line and the
//! ratio between sizes (1.0 per 10x growth would be perfectly linear: time/line constant).
//! The 3,000-line shader must compile in under a second.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use fresnel::{NoIncludes, Options, SourceInput, Stage};

/// A shader of `blocks` procedural blocks (about 12 lines each).
fn generate(blocks: usize) -> String {
    let mut s = String::from(
        "#version 450\nlayout(location = 0) in vec4 v_in;\nlayout(location = 0) out vec4 o;\n\
         layout(binding = 0) uniform sampler2D tex;\nlayout(binding = 1) uniform U { vec4 k[8]; float t; };\n",
    );
    for b in 0..blocks {
        let _ = write!(
            s,
            "vec4 f{b}(vec4 x, float s) {{\n  if (s > {b}.5) return x * s;\n  vec4 y = x + k[{}];\n  \
             for (int i = 0; i < 3; i++) {{ y = y * 0.5 + vec4(float(i)); }}\n  \
             return y + texture(tex, x.xy * {b}.0 + vec2(s)).zyxw;\n}}\n",
            b % 8
        );
    }
    s.push_str("void main() {\n  vec4 acc = v_in;\n");
    for b in 0..blocks {
        let _ = write!(
            s,
            "  acc = f{b}(acc, t + {b}.0);\n  if (acc.x > {b}.0) {{ acc.yz = acc.zy * 2.0; }} else {{ acc.w = dot(acc, k[{}]); }}\n",
            (b + 3) % 8
        );
    }
    s.push_str("  o = acc;\n}\n");
    s
}

fn compile(text: &str) -> usize {
    compile_log(text).0
}

fn compile_log(text: &str) -> (usize, fresnel_opt::RunLog) {
    let opts = Options {
        stage: Some(Stage::Fragment),
        target: fresnel::TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(SourceInput::new("gen.frag", text), &opts, &mut NoIncludes);
    let mut ir = run.ir.expect("the generated shader compiles");
    let log = fresnel_opt::optimize(
        &mut ir,
        fresnel_opt::OptLevel::O,
        fresnel_opt::TargetFacts::default(),
    )
    .expect("optimizes");
    let words = fresnel_backend::spirv::emit(
        &ir,
        &fresnel_backend::spirv::SpirvOptions {
            target: fresnel_backend::spirv::TargetEnv::Vulkan { minor: 0 },
            debug_names: false,
        },
    )
    .expect("SPIR-V");
    (words.len(), log)
}

fn best(text: &str, rounds: usize) -> (Duration, usize) {
    let mut best = Duration::MAX;
    let mut words = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        words = compile(text);
        best = best.min(t.elapsed());
    }
    (best, words)
}

fn main() {
    // Run on a thread with a big stack, like the CLI.
    let h = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            let base = 4;
            let mut prev: Option<f64> = None;
            // Per-pass times at 10x, to set beside 100x's (which pass grows faster).
            let mut pass_10x: Vec<(String, Duration)> = Vec::new();
            println!(
                "{:>8} {:>8} {:>12} {:>14} {:>10}",
                "size", "lines", "best", "per line", "ratio"
            );
            for scale in [1usize, 10, 100] {
                let text = generate(base * scale);
                let lines = text.lines().count();
                let rounds = if scale == 100 { 3 } else { 10 };
                let (t, _) = best(&text, rounds);
                let per_line = t.as_secs_f64() / lines as f64;
                let ratio = prev.map_or(String::from("-"), |p| format!("{:.2}", per_line / p));
                println!(
                    "{:>7}x {lines:>8} {:>10.2?} {:>11.2} us {ratio:>10}",
                    scale,
                    t,
                    per_line * 1e6
                );
                prev = Some(per_line);
                if scale == 10 {
                    let (_, log) = compile_log(&text);
                    pass_10x = log
                        .time_by_pass()
                        .into_iter()
                        .map(|(p, t)| (p.to_string(), t))
                        .collect();
                }
                if scale == 100 {
                    let (_, log) = compile_log(&text);
                    println!(
                        "    {:<32} {:>10} {:>10} {:>8}",
                        "pass (time at 100x, at 10x)", "100x", "10x", "x 100/10"
                    );
                    for (pass, t) in log.time_by_pass() {
                        let small = pass_10x.iter().find(|(p, _)| p == pass).map(|(_, t)| *t);
                        let growth = small
                            .filter(|s| !s.is_zero())
                            .map_or(String::from("-"), |s| {
                                format!("{:.1}", t.as_secs_f64() / s.as_secs_f64())
                            });
                        println!(
                            "    {pass:<32} {t:>10.2?} {:>10.2?} {growth:>8}",
                            small.unwrap_or_default()
                        );
                    }
                }
            }
            // At least 3,000 lines.
            let mut blocks = 200;
            let mut text = generate(blocks);
            while text.lines().count() < 3000 {
                blocks += 20;
                text = generate(blocks);
            }
            let (t, words) = best(&text, 3);
            println!(
                "3000-line shader: {} lines, {t:.2?} at -O ({words} SPIR-V words){}",
                text.lines().count(),
                if t < Duration::from_secs(1) {
                    ""
                } else {
                    "  ** over 1 s **"
                }
            );
        })
        .expect("thread");
    h.join().expect("bench");
}
