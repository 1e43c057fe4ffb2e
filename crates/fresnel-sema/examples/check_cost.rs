//! The fixed cost of one front-end run (`fresnel::check`) on small shaders:
//! `cargo run --release -p fresnel-sema --example check_cost [ITERATIONS [FILTER]]`.
//!
//! Prints the best-of-5 mean time per run, in microseconds, for an empty shader of each
//! common stage and target and for a few tiny shaders that use built-in variables.

use std::time::Instant;

use fresnel::{NoIncludes, Options, SourceInput, Stage, TargetEnv};

const CASES: &[(&str, Stage, bool, &str)] = &[
    ("empty vert 450 vulkan", Stage::Vertex, true, "#version 450\nvoid main() {}\n"),
    ("empty frag 450 vulkan", Stage::Fragment, true, "#version 450\nvoid main() {}\n"),
    ("empty comp 450 vulkan", Stage::Compute, true, "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n"),
    ("empty vert 450 opengl", Stage::Vertex, false, "#version 450\nvoid main() {}\n"),
    ("empty frag 110 opengl", Stage::Fragment, false, "#version 110\nvoid main() {}\n"),
    ("empty frag 300 es", Stage::Fragment, false, "#version 300 es\nvoid main() {}\n"),
    (
        "vert gl_Position 450 vulkan",
        Stage::Vertex,
        true,
        "#version 450\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n",
    ),
    (
        "vert no built-in 450 vulkan",
        Stage::Vertex,
        true,
        "#version 450\nlayout(location = 0) in vec4 p;\nlayout(location = 0) out vec4 q;\nvoid main() { q = p; }\n",
    ),
    (
        "frag gl_FragColor 110",
        Stage::Fragment,
        false,
        "#version 110\nvoid main() { gl_FragColor = gl_FragCoord; }\n",
    ),
];

fn main() {
    let iters: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let filter = std::env::args().nth(2).unwrap_or_default();
    for &(name, stage, vulkan, text) in CASES.iter().filter(|c| c.0.contains(&filter)) {
        let opts = Options {
            stage: Some(stage),
            target: if vulkan {
                TargetEnv::Vulkan { minor: 0 }
            } else {
                TargetEnv::default()
            },
            ..Options::default()
        };
        let run = fresnel::check(SourceInput::new("x", text), &opts, &mut NoIncludes);
        assert!(!run.has_errors(), "{name}: unexpected errors");
        let mut best = f64::MAX;
        for _ in 0..5 {
            let t = Instant::now();
            for _ in 0..iters {
                let run = fresnel::check(SourceInput::new("x", text), &opts, &mut NoIncludes);
                std::hint::black_box(run.has_errors());
            }
            best = best.min(t.elapsed().as_secs_f64() * 1e6 / iters as f64);
        }
        println!("{name:32} {best:8.2} us/run");
    }
}
