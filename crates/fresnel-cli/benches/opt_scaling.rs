//! Compile time at `-O` against shader size: `cargo bench -p fresnel-cli --bench opt_scaling`.
//!
//! A generator writes procedural fragment shaders of 1x, 10x and 100x a base size (helper
//! functions with early returns, branches, loops, vector arithmetic, texture lookups), and a
//! shader of at least 3,000 lines. Each is compiled in process (front end, lowering,
//! `-O`, SPIR-V) several times; the best time is reported with the time per line and the
//! ratio between sizes (1.0 per 10x growth would be perfectly linear: time/line constant;
//! `OPT_SCALING_SCALES=1,10,100,300` picks other sizes, `OPT_SCALING_ROUNDS=N` the rounds
//! (the sizes take turns in each round), `OPT_SCALING_ONCE=1` compiles each once and skips
//! the 3,000-line shader, for a profiler).
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

/// Times of one compile: the phases, and each optimizer pass (summed over its applications).
#[derive(Default, Clone)]
struct Times {
    total: Duration,
    front: Duration,
    opt: Duration,
    spirv: Duration,
    passes: Vec<(&'static str, Duration)>,
    /// Rounds of the fixed-point loop (applications of `opt_dce`, which runs once a round).
    rounds: usize,
}

impl Times {
    /// The smaller of each time (the best of several runs).
    fn min(mut self, o: &Times) -> Times {
        self.total = self.total.min(o.total);
        self.front = self.front.min(o.front);
        self.opt = self.opt.min(o.opt);
        self.spirv = self.spirv.min(o.spirv);
        for (p, t) in &mut self.passes {
            if let Some((_, u)) = o.passes.iter().find(|(q, _)| q == p) {
                *t = (*t).min(*u);
            }
        }
        self
    }
}

fn compile(text: &str) -> (usize, Times) {
    let opts = Options {
        stage: Some(Stage::Fragment),
        target: fresnel::TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    };
    let t0 = Instant::now();
    let run = fresnel::lower_to_ir(SourceInput::new("gen.frag", text), &opts, &mut NoIncludes);
    let mut ir = run.ir.expect("the generated shader compiles");
    let t1 = Instant::now();
    let log = fresnel_opt::optimize(
        &mut ir,
        fresnel_opt::OptLevel::O,
        fresnel_opt::TargetFacts::default(),
    )
    .expect("optimizes");
    let t2 = Instant::now();
    let words = fresnel_backend::spirv::emit(
        &ir,
        &fresnel_backend::spirv::SpirvOptions {
            target: fresnel_backend::spirv::TargetEnv::Vulkan { minor: 0 },
            debug_names: false,
        },
    )
    .expect("SPIR-V");
    let t3 = Instant::now();
    let times = Times {
        total: t3 - t0,
        front: t1 - t0,
        opt: t2 - t1,
        spirv: t3 - t2,
        passes: log.time_by_pass(),
        rounds: log
            .applications
            .iter()
            .filter(|a| a.pass == "opt_dce")
            .count(),
    };
    (words.len(), times)
}

fn best(text: &str, rounds: usize) -> (Times, usize) {
    let (words, mut best) = compile(text);
    for _ in 1..rounds {
        best = best.min(&compile(text).1);
    }
    (best, words)
}

/// `now` against `before` (the previous size, `factor` times smaller): each phase and pass.
fn print_growth(now: &Times, before: &Times, factor: f64) {
    let growth = |a: Duration, b: Duration| {
        if b.is_zero() {
            String::from("-")
        } else {
            format!("{:.1}", a.as_secs_f64() / b.as_secs_f64())
        }
    };
    println!(
        "    {:<32} {:>10} {:>10} {:>8}   (linear: {factor:.0})",
        "phase / pass", "this size", "previous", "growth"
    );
    for (name, a, b) in [
        ("front end + lowering", now.front, before.front),
        ("optimizer", now.opt, before.opt),
        ("SPIR-V", now.spirv, before.spirv),
    ] {
        println!("    {name:<32} {a:>10.2?} {b:>10.2?} {:>8}", growth(a, b));
    }
    println!(
        "    loop rounds: {} (previous size {})",
        now.rounds, before.rounds
    );
    for (pass, t) in &now.passes {
        let small = before
            .passes
            .iter()
            .find(|(p, _)| p == pass)
            .map(|(_, t)| *t)
            .unwrap_or_default();
        println!(
            "    {pass:<32} {t:>10.2?} {small:>10.2?} {:>8}",
            growth(*t, small)
        );
    }
}

fn main() {
    // Run on a thread with a big stack, like the CLI.
    let h = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            let base = 4;
            let mut prev: Option<(usize, f64, Times)> = None;
            println!(
                "{:>8} {:>8} {:>12} {:>14} {:>10}",
                "size", "lines", "best", "per line", "ratio"
            );
            // `OPT_SCALING_SCALES=1,10,100,300` measures other sizes (the ratio is then per
            // step between consecutive sizes).
            let scales: Vec<usize> = std::env::var("OPT_SCALING_SCALES")
                .ok()
                .map(|v| v.split(',').filter_map(|x| x.trim().parse().ok()).collect())
                .filter(|v: &Vec<usize>| !v.is_empty())
                .unwrap_or_else(|| vec![1, 10, 100]);
            // `OPT_SCALING_ONCE=1`: one compile per size and no 3,000-line shader (for a
            // profiler, e.g. callgrind, comparing two sizes).
            let once = std::env::var_os("OPT_SCALING_ONCE").is_some();
            let mut last_growth = None;
            // The sizes take turns, round after round (the best of each kept): a machine
            // whose speed drifts during the run then slows every size alike, which keeps
            // the ratios honest on a shared machine.
            let texts: Vec<String> = scales.iter().map(|&s| generate(base * s)).collect();
            let rounds = if once {
                1
            } else {
                std::env::var("OPT_SCALING_ROUNDS")
                    .ok()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(7usize)
                    .max(1)
            };
            let mut bests: Vec<Option<Times>> = vec![None; scales.len()];
            for _ in 0..rounds {
                for (k, text) in texts.iter().enumerate() {
                    let t = compile(text).1;
                    bests[k] = Some(match bests[k].take() {
                        Some(b) => b.min(&t),
                        None => t,
                    });
                }
            }
            for ((&scale, text), t) in scales.iter().zip(&texts).zip(bests) {
                let Some(t) = t else { continue };
                let lines = text.lines().count();
                let per_line = t.total.as_secs_f64() / lines as f64;
                let ratio = prev
                    .as_ref()
                    .map_or(String::from("-"), |p| format!("{:.2}", per_line / p.1));
                println!(
                    "{:>7}x {lines:>8} {:>10.2?} {:>11.2} us {ratio:>10}",
                    scale,
                    t.total,
                    per_line * 1e6
                );
                if let Some((s0, _, before)) = &prev {
                    last_growth = Some((t.clone(), before.clone(), scale as f64 / *s0 as f64));
                }
                prev = Some((scale, per_line, t));
            }
            // Where the time goes at the largest size, against the size before it.
            if let Some((now, before, factor)) = last_growth {
                print_growth(&now, &before, factor);
            }
            if once {
                return;
            }
            // At least 3,000 lines.
            let mut blocks = 200;
            let mut text = generate(blocks);
            while text.lines().count() < 3000 {
                blocks += 20;
                text = generate(blocks);
            }
            let (t, words) = best(&text, 3);
            let t = t.total;
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
