//! SPIR-V generation throughput in process, against naga: `cargo bench -p fresnel-cli --bench spirv`.
//!
//! The inputs: naga's own GLSL inputs (`naga/tests/in/glsl`), glslang's vertex, fragment and
//! compute test files with a `#version 4xx` line, and the inline vertex, fragment and compute
//! GLSL of the Amber scripts of the corpus, all compiled for Vulkan 1.0; kept are the ones both
//! compilers turn into SPIR-V:
//!
//! * Fresnel: `fresnel::lower_to_ir` (preprocess, parse, semantic analysis, lowering to the
//!   SSA IR) then `fresnel_backend::spirv::emit`, the path of `fresnel compile --emit spirv`;
//! * naga: `naga::front::glsl::Frontend::parse` (a fresh front end per file), validation with
//!   `ValidationFlags::all()` and `Capabilities::all()`, then `naga::back::spv::write_vec`
//!   (default writer options, all entry points).
//!
//! Both run on one thread, in the same process, in alternating rounds (Fresnel then naga, then
//! naga then Fresnel, ...); each suite's time is the best of its rounds. Reported: files/s and
//! MB/s of each, the ratio Fresnel/naga, and where each spends its time.
//!
//! FRESNEL_BENCH_ROUNDS sets the rounds (default 10; 1 when not run by `cargo bench`),
//! FRESNEL_BENCH_LIST=1 prints each file's times and ratio. FRESNEL_BENCH_ONLY=fresnel (or naga)
//! times only that compiler after the common selection of files, for profiling one of them
//! (`valgrind --tool=callgrind --toggle-collect='spirv::bench::{{closure}}*'`); no ratio then.
//! FRESNEL_BENCH_FILTER=text keeps only the files whose path contains `text`.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fresnel::{NoIncludes, Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv::{SpirvOptions, TargetEnv as SpvTarget};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

struct Input {
    name: String,
    text: String,
    stage: Stage,
    naga_stage: naga::ShaderStage,
}

fn naga_stage(stage: Stage) -> Option<naga::ShaderStage> {
    match stage {
        Stage::Vertex => Some(naga::ShaderStage::Vertex),
        Stage::Fragment => Some(naga::ShaderStage::Fragment),
        Stage::Compute => Some(naga::ShaderStage::Compute),
        _ => None,
    }
}

fn read(path: &Path) -> Option<String> {
    std::fs::read(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

fn sorted_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn push(out: &mut Vec<Input>, name: String, text: String, stage: Option<Stage>) {
    if let Some(stage) = stage {
        if let Some(naga_stage) = naga_stage(stage) {
            out.push(Input {
                name,
                text,
                stage,
                naga_stage,
            });
        }
    }
}

/// Every candidate (naga handles vertex, fragment and compute shaders only).
fn candidates() -> Vec<Input> {
    let dir = corpus_dir();
    let rel = |p: &Path| {
        p.strip_prefix(&dir)
            .unwrap_or(p)
            .to_string_lossy()
            .into_owned()
    };
    let mut out = Vec::new();
    for p in sorted_files(&dir.join("naga/tests/in/glsl")) {
        let stage = p
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Stage::from_extension);
        if let Some(text) = read(&p) {
            push(&mut out, rel(&p), text, stage);
        }
    }
    for p in sorted_files(&dir.join("glslang/Test")) {
        let stage = p
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Stage::from_extension);
        let Some(text) = read(&p) else { continue };
        let modern = text
            .lines()
            .find(|l| l.trim_start().starts_with("#version"))
            .is_some_and(|l| {
                l.trim_start()["#version".len()..]
                    .trim_start()
                    .starts_with('4')
            });
        if modern {
            push(&mut out, rel(&p), text, stage);
        }
    }
    for sub in ["amber", "vk-gl-cts/external/vulkancts/data/vulkan/amber"] {
        for p in sorted_files(&dir.join(sub)) {
            if p.extension().is_none_or(|e| e != "amber") {
                continue;
            }
            let Some(text) = read(&p) else { continue };
            let Ok(shaders) = fresnel_testfmt::amber::parse_amber(&text) else {
                continue;
            };
            for s in shaders {
                if s.format != fresnel_testfmt::amber::ShaderFormat::Glsl {
                    continue;
                }
                let (Some(stage), Some(source)) = (s.stage, s.source) else {
                    continue;
                };
                let stage = Stage::from_extension(stage.extension());
                push(
                    &mut out,
                    format!("{}:{}", rel(&p), s.source_line),
                    source,
                    stage,
                );
            }
        }
    }
    out
}

fn fresnel_options(i: &Input) -> Options {
    Options {
        stage: Some(i.stage),
        target: TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    }
}

fn spirv_options() -> SpirvOptions {
    SpirvOptions {
        target: SpvTarget::Vulkan { minor: 0 },
        ..SpirvOptions::default()
    }
}

/// Fresnel: source to SPIR-V words; with the time spent in `emit`.
fn fresnel_spirv(i: &Input, spv: &SpirvOptions) -> Option<(Vec<u32>, Duration)> {
    let run = fresnel::lower_to_ir(
        SourceInput::new(&i.name, &i.text),
        &fresnel_options(i),
        &mut NoIncludes,
    );
    let ir = run.ir.as_ref()?;
    let t = Instant::now();
    let words = fresnel_backend::spirv::emit(ir, spv).ok()?;
    Some((words, t.elapsed()))
}

/// Fresnel's front end alone (`fresnel::check`): whether it found no error.
fn fresnel_check(i: &Input) -> bool {
    let run = fresnel::check(
        SourceInput::new(&i.name, &i.text),
        &fresnel_options(i),
        &mut NoIncludes,
    );
    !run.has_errors()
}

/// naga's time per phase: parse, validate, write.
#[derive(Default, Clone, Copy)]
struct NagaPhases {
    parse: Duration,
    validate: Duration,
    write: Duration,
}

/// naga: source to SPIR-V words.
fn naga_spirv(i: &Input, opts: &naga::back::spv::Options, ph: &mut NagaPhases) -> Option<Vec<u32>> {
    let t0 = Instant::now();
    let mut frontend = naga::front::glsl::Frontend::default();
    let module = frontend
        .parse(&naga::front::glsl::Options::from(i.naga_stage), &i.text)
        .ok()?;
    let t1 = Instant::now();
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .ok()?;
    let t2 = Instant::now();
    let words = naga::back::spv::write_vec(&module, &info, opts, None).ok()?;
    let t3 = Instant::now();
    ph.parse += t1 - t0;
    ph.validate += t2 - t1;
    ph.write += t3 - t2;
    Some(words)
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn mb_per_s(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / 1e6 / d.as_secs_f64().max(1e-9)
}

fn per_s(n: usize, d: Duration) -> f64 {
    n as f64 / d.as_secs_f64().max(1e-9)
}

fn share(part: Duration, whole: Duration) -> f64 {
    100.0 * part.as_secs_f64() / whole.as_secs_f64().max(1e-12)
}

/// Which candidates both compilers turn into SPIR-V (a panic in either counts as a failure).
fn accepted(inputs: Vec<Input>) -> (Vec<Input>, usize, usize, usize) {
    let spv = spirv_options();
    let nopts = naga::back::spv::Options::default();
    let (mut f_only, mut n_only, mut neither) = (0, 0, 0);
    let mut both = Vec::new();
    for i in inputs {
        let f = std::panic::catch_unwind(AssertUnwindSafe(|| fresnel_spirv(&i, &spv).is_some()))
            .unwrap_or(false);
        let n = std::panic::catch_unwind(AssertUnwindSafe(|| {
            naga_spirv(&i, &nopts, &mut NagaPhases::default()).is_some()
        }))
        .unwrap_or(false);
        match (f, n) {
            (true, true) => both.push(i),
            (true, false) => f_only += 1,
            (false, true) => n_only += 1,
            (false, false) => neither += 1,
        }
    }
    (both, f_only, n_only, neither)
}

fn bench() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not: keep that run short.
    let benching = std::env::args().any(|a| a == "--bench");
    let rounds = if benching {
        env_usize("FRESNEL_BENCH_ROUNDS", 10).max(1)
    } else {
        1
    };
    let list = std::env::var("FRESNEL_BENCH_LIST").is_ok_and(|v| v == "1");
    let only = std::env::var("FRESNEL_BENCH_ONLY").ok();
    let mut cands = candidates();
    if let Ok(filter) = std::env::var("FRESNEL_BENCH_FILTER") {
        cands.retain(|i| i.name.contains(filter.as_str()));
    }
    if cands.is_empty() {
        eprintln!(
            "spirv bench: corpus not found at {}; nothing to measure",
            corpus_dir().display()
        );
        return;
    }
    let n_cands = cands.len();
    // naga prints nothing on failure, but a panic's message would go to stderr: keep it quiet.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let (inputs, f_only, n_only, neither) = accepted(cands);
    std::panic::set_hook(hook);
    println!(
        "spirv: {n_cands} candidates (vert/frag/comp, Vulkan 1.0): both compile {}, only fresnel {f_only}, only naga {n_only}, neither {neither}",
        inputs.len()
    );
    if inputs.is_empty() {
        return;
    }
    let bytes: usize = inputs.iter().map(|i| i.text.len()).sum();
    let spv = spirv_options();
    let nopts = naga::back::spv::Options::default();

    let mut best_f = Duration::MAX;
    let mut best_n = Duration::MAX;
    let mut best_check = Duration::MAX;
    let mut emit_of_best = Duration::ZERO;
    let mut phases_of_best = NagaPhases::default();
    let mut per_file_f = vec![Duration::MAX; inputs.len()];
    let mut per_file_n = vec![Duration::MAX; inputs.len()];
    let mut words_f = 0usize;
    let mut words_n = 0usize;
    for round in 0..rounds {
        let fresnel_pass = |per_file: &mut Vec<Duration>| {
            let mut emit = Duration::ZERO;
            let mut words = 0;
            let t = Instant::now();
            for (k, i) in inputs.iter().enumerate() {
                let tf = Instant::now();
                if let Some((w, e)) = fresnel_spirv(i, &spv) {
                    emit += e;
                    words += std::hint::black_box(w).len();
                }
                per_file[k] = per_file[k].min(tf.elapsed());
            }
            (t.elapsed(), emit, words)
        };
        let naga_pass = |per_file: &mut Vec<Duration>| {
            let mut ph = NagaPhases::default();
            let mut words = 0;
            let t = Instant::now();
            for (k, i) in inputs.iter().enumerate() {
                let tn = Instant::now();
                if let Some(w) = naga_spirv(i, &nopts, &mut ph) {
                    words += std::hint::black_box(w).len();
                }
                per_file[k] = per_file[k].min(tn.elapsed());
            }
            (t.elapsed(), ph, words)
        };
        if only.as_deref() == Some("fresnel") {
            best_f = best_f.min(std::hint::black_box(fresnel_pass(&mut per_file_f)).0);
            continue;
        }
        if only.as_deref() == Some("naga") {
            best_n = best_n.min(std::hint::black_box(naga_pass(&mut per_file_n)).0);
            continue;
        }
        let (f, n) = if round % 2 == 0 {
            let f = fresnel_pass(&mut per_file_f);
            (f, naga_pass(&mut per_file_n))
        } else {
            let n = naga_pass(&mut per_file_n);
            (fresnel_pass(&mut per_file_f), n)
        };
        if f.0 < best_f {
            best_f = f.0;
            emit_of_best = f.1;
        }
        if n.0 < best_n {
            best_n = n.0;
            phases_of_best = n.1;
        }
        words_f = f.2;
        words_n = n.2;
        // The front end alone, for the breakdown.
        let t = Instant::now();
        for i in &inputs {
            std::hint::black_box(fresnel_check(i));
        }
        best_check = best_check.min(t.elapsed());
    }
    let n = inputs.len();
    if let Some(only) = only {
        println!(
            "spirv: {n} files, {rounds} rounds of {only} alone (FRESNEL_BENCH_ONLY): best round {:?}, no ratio",
            best_f.min(best_n)
        );
        return;
    }
    println!(
        "spirv: {n} files, {:.3} MB, best of {rounds} alternating rounds, one thread",
        bytes as f64 / 1e6
    );
    println!(
        "  fresnel (lower_to_ir + spirv::emit): {:8.0} files/s {:7.2} MB/s  ({:?}, {:.1} us/file, {} words out)",
        per_s(n, best_f),
        mb_per_s(bytes, best_f),
        best_f,
        best_f.as_secs_f64() * 1e6 / n as f64,
        words_f
    );
    println!(
        "  naga (glsl-in + validate + spv-out): {:8.0} files/s {:7.2} MB/s  ({:?}, {:.1} us/file, {} words out)",
        per_s(n, best_n),
        mb_per_s(bytes, best_n),
        best_n,
        best_n.as_secs_f64() * 1e6 / n as f64,
        words_n
    );
    let mut ratios: Vec<f64> = per_file_f
        .iter()
        .zip(&per_file_n)
        .map(|(f, g)| g.as_secs_f64() / f.as_secs_f64().max(1e-12))
        .collect();
    ratios.sort_by(f64::total_cmp);
    let median = ratios[ratios.len() / 2];
    println!(
        "  throughput ratio fresnel/naga: {:.2}x (per file, best of rounds: median {:.2}x, min {:.2}x, max {:.2}x)",
        best_n.as_secs_f64() / best_f.as_secs_f64().max(1e-12),
        median,
        ratios[0],
        ratios[ratios.len() - 1]
    );
    let lower = best_f
        .saturating_sub(best_check)
        .saturating_sub(emit_of_best);
    println!(
        "  fresnel time: front end (check) {:.0}%, lowering to SSA IR {:.0}%, spirv::emit {:.0}%",
        share(best_check, best_f),
        share(lower, best_f),
        share(emit_of_best, best_f)
    );
    println!(
        "  naga time: glsl parse {:.0}%, validate {:.0}%, spv write {:.0}%",
        share(phases_of_best.parse, best_n),
        share(phases_of_best.validate, best_n),
        share(phases_of_best.write, best_n)
    );
    if list {
        for (k, i) in inputs.iter().enumerate() {
            println!(
                "  {:8.1} us {:8.1} us {:6.2}x  {}",
                per_file_f[k].as_secs_f64() * 1e6,
                per_file_n[k].as_secs_f64() * 1e6,
                per_file_n[k].as_secs_f64() / per_file_f[k].as_secs_f64().max(1e-12),
                i.name
            );
        }
    }
}

fn main() {
    // Deeply nested corpus shaders need more than the main thread's stack.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(bench);
    match worker {
        Ok(h) => {
            if h.join().is_err() {
                eprintln!("spirv bench: panicked");
                std::process::exit(1);
            }
        }
        Err(e) => {
            eprintln!("spirv bench: cannot start a thread: {e}");
            std::process::exit(1);
        }
    }
}
