//! Front-end throughput: `cargo bench -p fresnel-cli --bench frontend`.
//!
//! * In process, one thread: preprocess, preprocess + parse, and the full `check` (semantic
//!   analysis included) over every standalone shader of ../shared/corpus/manifest.tsv (best of
//!   several rounds), in MB/s and files/s.
//! * Whole process per file, on a sample of the same files: `fresnel preprocess` against
//!   `glslangValidator -E`, and `fresnel check` against `glslangValidator` (its front end:
//!   parse and type-check), when glslangValidator is installed. Reported as files per second
//!   and as a ratio from the same run.
//!
//! Set FRESNEL_BENCH_ROUNDS to change the number of in-process rounds (default 5) and
//! FRESNEL_BENCH_SAMPLE for the whole-process sample size (default 200).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fresnel::{NoIncludes, Options, SourceInput, Stage};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

struct Input {
    path: PathBuf,
    name: String,
    text: String,
    stage: Option<Stage>,
}

fn load() -> Vec<Input> {
    let dir = corpus_dir();
    let Ok(manifest) = std::fs::read_to_string(dir.join("manifest.tsv")) else {
        return Vec::new();
    };
    manifest
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut f = l.split('\t');
            let rel = f.next()?;
            let stage = f.next().and_then(Stage::from_name);
            let path = dir.join(rel);
            let bytes = std::fs::read(&path).ok()?;
            Some(Input {
                path,
                name: rel.to_string(),
                text: String::from_utf8_lossy(&bytes).into_owned(),
                stage,
            })
        })
        .collect()
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn best_of(rounds: usize, mut f: impl FnMut()) -> Duration {
    (0..rounds.max(1))
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn mb_per_s(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / 1e6 / d.as_secs_f64().max(1e-9)
}

/// Runs a command once per file; returns files per second (of successful spawns).
fn per_process(files: &[&Input], mut make: impl FnMut(&Input) -> Command) -> Option<f64> {
    let t = Instant::now();
    for f in files {
        let status = make(f)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .ok()?;
        let _ = status;
    }
    Some(files.len() as f64 / t.elapsed().as_secs_f64().max(1e-9))
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test` runs benches with no such flag: keep it quick.
    let benching = std::env::args().any(|a| a == "--bench");
    let inputs = load();
    if inputs.is_empty() {
        eprintln!(
            "frontend bench: corpus not found at {}; nothing to measure",
            corpus_dir().display()
        );
        return;
    }
    let rounds = if benching {
        env_usize("FRESNEL_BENCH_ROUNDS", 5)
    } else {
        1
    };
    let bytes: usize = inputs.iter().map(|i| i.text.len()).sum();
    let opts_for = |i: &Input| Options {
        stage: i.stage,
        ..Options::default()
    };

    let pp = best_of(rounds, || {
        for i in &inputs {
            let r = fresnel::preprocess(
                SourceInput::new(&i.name, &i.text),
                &opts_for(i),
                &mut NoIncludes,
            );
            std::hint::black_box(r.preprocessed.tokens.len());
        }
    });
    let parse = best_of(rounds, || {
        for i in &inputs {
            let r = fresnel::parse(
                SourceInput::new(&i.name, &i.text),
                &opts_for(i),
                &mut NoIncludes,
            );
            std::hint::black_box(r.ast.as_ref().map(|a| a.exprs.len()));
        }
    });
    let check = best_of(rounds, || {
        for i in &inputs {
            let r = fresnel::check(
                SourceInput::new(&i.name, &i.text),
                &opts_for(i),
                &mut NoIncludes,
            );
            std::hint::black_box(r.hir.as_ref().map(|h| h.exprs.len()));
        }
    });
    println!(
        "frontend: {} files, {:.2} MB, best of {rounds} rounds, one thread",
        inputs.len(),
        bytes as f64 / 1e6
    );
    println!(
        "  preprocess:          {:8.1} MB/s  ({:?})",
        mb_per_s(bytes, pp),
        pp
    );
    println!(
        "  preprocess + parse:  {:8.1} MB/s  ({:?})",
        mb_per_s(bytes, parse),
        parse
    );
    println!(
        "  check (full front end): {:5.1} MB/s  ({:?}, {:.0} files/s, {:.1} us/file)",
        mb_per_s(bytes, check),
        check,
        inputs.len() as f64 / check.as_secs_f64().max(1e-9),
        check.as_secs_f64() * 1e6 / inputs.len() as f64
    );

    if !benching {
        return;
    }
    // Whole process per file, against glslangValidator on the same sample.
    let sample_n = env_usize("FRESNEL_BENCH_SAMPLE", 200).min(inputs.len());
    let step = (inputs.len() / sample_n.max(1)).max(1);
    let sample: Vec<&Input> = inputs
        .iter()
        .step_by(step)
        .filter(|i| i.stage.is_some())
        .take(sample_n)
        .collect();
    let exe = env!("CARGO_BIN_EXE_fresnel");
    let stage_arg = |i: &Input| i.stage.map_or("frag", |s| s.extension()).to_string();
    let ours_pp = per_process(&sample, |i| {
        let mut c = Command::new(exe);
        c.arg("preprocess").arg(&i.path).arg("-S").arg(stage_arg(i));
        c
    });
    let ours_check = per_process(&sample, |i| {
        let mut c = Command::new(exe);
        c.arg("check").arg(&i.path).arg("-S").arg(stage_arg(i));
        c
    });
    let glslang_present = Command::new("glslangValidator")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    println!("whole process per file, {} files:", sample.len());
    if let Some(o) = ours_pp {
        println!("  fresnel preprocess:         {o:8.1} files/s");
    }
    if let Some(o) = ours_check {
        println!("  fresnel check:              {o:8.1} files/s");
    }
    if !glslang_present {
        println!("  glslangValidator not installed: no peer comparison");
        return;
    }
    let theirs_pp = per_process(&sample, |i| {
        let mut c = Command::new("glslangValidator");
        c.arg("-E").arg("-S").arg(stage_arg(i)).arg(&i.path);
        c
    });
    let theirs_check = per_process(&sample, |i| {
        let mut c = Command::new("glslangValidator");
        c.arg("-S").arg(stage_arg(i)).arg(&i.path);
        c
    });
    if let (Some(o), Some(t)) = (ours_pp, theirs_pp) {
        println!(
            "  glslangValidator -E:        {t:8.1} files/s   fresnel/glslang = {:.1}x",
            o / t
        );
    }
    if let (Some(o), Some(t)) = (ours_check, theirs_check) {
        println!(
            "  glslangValidator (check):   {t:8.1} files/s   fresnel check/glslang = {:.1}x",
            o / t
        );
    }
}
