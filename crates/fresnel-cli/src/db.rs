//! `fresnel db`: a GPU-free shader-db. `db run` compiles a corpus in parallel and records
//! per-shader statistics of the IR and the SPIR-V output plus compile time; `db report`
//! compares two runs the way Mesa's shader-db `report.py` does.
//!
//! Inputs: standalone shader files (stage from the extension), piglit `.shader_test`
//! files (each GLSL shader section), and dEQP `.test` files (each shader of each case
//! expected to compile). Shaders are named `PATH` or `PATH:SECTION` and matched by name
//! between runs.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use fresnel::{Options, SourceInput, TargetEnv};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// How `db run` compiles.
pub struct Settings {
    pub level: fresnel_opt::OptLevel,
    /// The environment of desktop GLSL (see [`jobs`]).
    pub target: TargetEnv,
    /// Passes not run.
    pub disabled: Vec<String>,
    /// Retry SPIR-V with GL-style uniforms gathered into a default block (Vulkan).
    pub relaxed: bool,
}

/// One shader to compile.
pub struct Job {
    pub name: String,
    pub text: String,
    pub stage: fresnel::Stage,
    pub target: TargetEnv,
}

/// What a run recorded about one shader.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Record {
    pub name: String,
    pub stage: String,
    /// Why it did not compile (None: it did).
    pub error: Option<String>,
    /// Front end + lowering + optimization + SPIR-V, microseconds.
    pub time_us: u64,
    /// Statistics by name (`ir.instructions`, `spirv.function_body`, ...).
    pub stats: BTreeMap<String, u64>,
}

/// A run.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Run {
    pub tool: String,
    pub opt: String,
    pub shaders: Vec<Record>,
}

/// The shaders under the given paths, in a deterministic order; `target` is the
/// environment of desktop GLSL (ES sources use OpenGL ES, Vulkan dEQP cases Vulkan 1.0).
pub fn jobs(paths: &[PathBuf], target: TargetEnv) -> Vec<Job> {
    use fresnel_testfmt::collect::{shaders, Api};
    shaders(paths)
        .into_iter()
        .filter_map(|s| {
            let stage = fresnel::Stage::from_extension(s.stage.extension())?;
            let target = match (s.api, target) {
                (Api::Vulkan, _) => TargetEnv::Vulkan { minor: 0 },
                (Api::Gles, TargetEnv::OpenGl) => TargetEnv::OpenGlEs,
                (_, t) => t,
            };
            Some(Job {
                name: s.name,
                text: s.text,
                stage,
                target,
            })
        })
        .collect()
}

/// Compiles one shader and measures it.
pub fn measure(job: &Job, settings: &Settings) -> Record {
    let (level, disabled) = (settings.level, settings.disabled.as_slice());
    let start = std::time::Instant::now();
    let mut stats = BTreeMap::new();
    let opts = Options {
        stage: Some(job.stage),
        target: job.target,
        default_version: match job.target {
            TargetEnv::OpenGlEs => Some(fresnel::Version::es(100)),
            _ => None,
        },
        relaxed_vulkan: settings.relaxed && job.target.is_vulkan(),
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new(&job.name, &job.text),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let error = run
        .diagnostics
        .iter()
        .find(|d| d.severity == fresnel::Severity::Error)
        .map(|d| d.message.clone());
    let mut record = Record {
        name: job.name.clone(),
        stage: job.stage.name().to_string(),
        error,
        time_us: 0,
        stats: BTreeMap::new(),
    };
    let Some(mut ir) = run.ir.filter(|_| record.error.is_none()) else {
        if record.error.is_none() {
            record.error = Some("no IR".into());
        }
        return record;
    };
    let facts = fresnel_opt::TargetFacts {
        default_uniforms: !job.target.is_vulkan(),
    };
    let pm = fresnel_opt::PassManager::new(
        fresnel_opt::Pipeline::for_level(level, facts),
        fresnel_opt::RunOptions {
            disabled: disabled.to_vec(),
            ..fresnel_opt::RunOptions::default()
        },
    );
    if let Err(e) = pm.run(&mut ir) {
        record.error = Some(e.to_string());
        return record;
    }
    let s = fresnel_ir::analysis::IrStats::of(&ir);
    for (k, v) in [
        ("instructions", s.instructions),
        ("alu", s.alu),
        ("moves", s.moves),
        ("texture", s.texture),
        ("intrinsics", s.intrinsics),
        ("control_flow", s.control_flow),
        ("loops", s.loops),
        ("registers", s.max_live),
        ("ssa_values", s.ssa_values),
        ("scratch_bytes", s.scratch_bytes),
    ] {
        stats.insert(format!("ir.{k}"), v);
    }
    let mut written = fresnel_backend::spirv::emit(&ir, &super::spirv_options(job.target));
    if written.is_err() && settings.relaxed && job.target.is_vulkan() {
        // GL-style uniforms gathered into `gl_DefaultUniformBlock`, then written again.
        let opts = fresnel_link::LinkOptions {
            default_block: Some(fresnel_link::DefaultBlockOptions {
                set: 0,
                binding: None,
            }),
        };
        let mut one = [ir];
        if fresnel_link::link_program(&mut one, &opts).is_ok() {
            let [linked] = one;
            written = fresnel_backend::spirv::emit(&linked, &super::spirv_options(job.target));
            stats.insert("spirv.relaxed".into(), 1);
        }
    }
    match written {
        Ok(words) => {
            if let Some(sp) = fresnel_backend::spirv::stats::stats(&words) {
                for (k, v) in [
                    ("total", sp.total),
                    ("function_body", sp.function_body),
                    ("blocks", sp.blocks),
                    ("bytes", sp.bytes),
                ] {
                    stats.insert(format!("spirv.{k}"), v);
                }
            }
        }
        Err(e) => {
            stats.insert("spirv.error".into(), 1);
            let _ = e;
        }
    }
    record.time_us = start.elapsed().as_micros() as u64;
    stats.insert("time_us".into(), record.time_us);
    record.stats = stats;
    record
}

/// `db run`.
pub fn run(
    paths: &[PathBuf],
    out: &Path,
    settings: &Settings,
    jobs_n: Option<usize>,
) -> Result<(), String> {
    let level = settings.level;
    let jobs = jobs(paths, settings.target);
    if jobs.is_empty() {
        return Err("no shaders found under the given paths".into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs_n.unwrap_or(0))
        .stack_size(crate::STACK_BYTES as usize)
        .build()
        .map_err(|e| e.to_string())?;
    let done = AtomicUsize::new(0);
    let tty = std::io::stderr().is_terminal();
    let total = jobs.len();
    let records: Vec<Record> = pool.install(|| {
        jobs.par_iter()
            .map(|j| {
                let r =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| measure(j, settings)))
                        .unwrap_or_else(|_| Record {
                            name: j.name.clone(),
                            stage: j.stage.name().to_string(),
                            error: Some("the compiler panicked".into()),
                            time_us: 0,
                            stats: BTreeMap::new(),
                        });
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if tty && (n % 64 == 0 || n == total) {
                    eprint!("\r[{n}/{total}] {:.0}%", n as f64 * 100.0 / total as f64);
                }
                r
            })
            .collect()
    });
    if tty {
        eprintln!();
    }
    let ok = records.iter().filter(|r| r.error.is_none()).count();
    eprintln!("{total} shaders, {ok} compiled");
    let run = Run {
        tool: format!("fresnel {}", env!("CARGO_PKG_VERSION")),
        opt: format!("{level:?}"),
        shaders: records,
    };
    let text = serde_json::to_string_pretty(&run).map_err(|e| e.to_string())?;
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))
}

fn load(p: &Path) -> Result<Run, String> {
    let text =
        std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: not a db run: {e}", p.display()))
}

fn pct(a: u64, b: u64) -> String {
    if a == 0 {
        return if b == 0 {
            "0.00%".into()
        } else {
            "+inf%".into()
        };
    }
    let x = (b as f64 - a as f64) * 100.0 / a as f64;
    format!("{x:+.2}%")
}

/// The comparison of two runs for one statistic.
pub struct StatReport {
    pub stat: String,
    pub total_a: u64,
    pub total_b: u64,
    pub affected_a: u64,
    pub affected_b: u64,
    pub helped: Vec<(String, u64, u64)>,
    pub hurt: Vec<(String, u64, u64)>,
    pub shared: usize,
}

/// Compares one statistic over the shaders both runs compiled and measured.
pub fn compare(a: &Run, b: &Run, stat: &str) -> StatReport {
    let bmap: BTreeMap<&str, &Record> = b.shaders.iter().map(|r| (r.name.as_str(), r)).collect();
    let mut r = StatReport {
        stat: stat.to_string(),
        total_a: 0,
        total_b: 0,
        affected_a: 0,
        affected_b: 0,
        helped: Vec::new(),
        hurt: Vec::new(),
        shared: 0,
    };
    for ra in &a.shaders {
        let Some(rb) = bmap.get(ra.name.as_str()) else {
            continue;
        };
        let (Some(&x), Some(&y)) = (ra.stats.get(stat), rb.stats.get(stat)) else {
            continue;
        };
        if ra.error.is_some() || rb.error.is_some() {
            continue;
        }
        r.shared += 1;
        r.total_a += x;
        r.total_b += y;
        if x != y {
            r.affected_a += x;
            r.affected_b += y;
            if y < x {
                r.helped.push((ra.name.clone(), x, y));
            } else {
                r.hurt.push((ra.name.clone(), x, y));
            }
        }
    }
    let rel = |(_, x, y): &(String, u64, u64)| (*y as f64 - *x as f64) / (*x).max(1) as f64;
    r.helped
        .sort_by(|p, q| rel(p).total_cmp(&rel(q)).then(p.0.cmp(&q.0)));
    r.hurt
        .sort_by(|p, q| rel(q).total_cmp(&rel(p)).then(p.0.cmp(&q.0)));
    r
}

impl StatReport {
    /// The shader-db report lines.
    pub fn text(&self, top: usize) -> String {
        let name = self.stat.split('.').next_back().unwrap_or(&self.stat);
        let label = if name == "instructions" || name == "function_body" || name == "total" {
            format!("{} ({})", "instructions", self.stat)
        } else {
            self.stat.clone()
        };
        let mut s = String::new();
        s.push_str(&format!(
            "total {label} in shared programs: {} -> {} ({})\n",
            self.total_a,
            self.total_b,
            pct(self.total_a, self.total_b)
        ));
        s.push_str(&format!(
            "{label} in affected programs: {} -> {} ({})\n",
            self.affected_a,
            self.affected_b,
            pct(self.affected_a, self.affected_b)
        ));
        s.push_str(&format!(
            "helped: {}\nHURT: {}\n",
            self.helped.len(),
            self.hurt.len()
        ));
        if top > 0 {
            for (title, list) in [("most helped", &self.helped), ("most HURT", &self.hurt)] {
                if list.is_empty() {
                    continue;
                }
                s.push_str(&format!("{title}:\n"));
                for (n, x, y) in list.iter().take(top) {
                    s.push_str(&format!("  {n}: {x} -> {y} ({})\n", pct(*x, *y)));
                }
            }
        }
        s
    }
}

/// The statistics a report shows when none are named.
pub const DEFAULT_STATS: &[&str] = &[
    "ir.instructions",
    "ir.alu",
    "ir.texture",
    "ir.control_flow",
    "ir.registers",
    "ir.scratch_bytes",
    "spirv.function_body",
    "spirv.total",
    "time_us",
];

/// `db report`.
pub fn report(
    a: &Path,
    b: &Path,
    stats: &[String],
    top: usize,
    plot: Option<&Path>,
) -> Result<String, String> {
    let (ra, rb) = (load(a)?, load(b)?);
    let names: Vec<String> = if stats.is_empty() {
        DEFAULT_STATS.iter().map(|s| s.to_string()).collect()
    } else {
        stats.to_vec()
    };
    let mut out = String::new();
    let mut first = None;
    for st in &names {
        let r = compare(&ra, &rb, st);
        if r.shared == 0 {
            continue;
        }
        out.push_str(&r.text(if st == "time_us" { 0 } else { top }));
        out.push('\n');
        first.get_or_insert(r);
    }
    if let (Some(p), Some(r)) = (plot, &first) {
        plot_histogram(r, p)?;
        out.push_str(&format!(
            "histogram of {} changes written to {}\n",
            r.stat,
            p.display()
        ));
    }
    let _ = std::io::stdout().flush();
    Ok(out)
}

/// A histogram of per-shader relative changes (bins of 5 %, from -100 % to +100 %, the
/// last bin holding everything above) as a PNG: helped in green, hurt in red.
fn plot_histogram(r: &StatReport, path: &Path) -> Result<(), String> {
    const BINS: usize = 41;
    let mut counts = [0u32; BINS];
    for (_, x, y) in r.helped.iter().chain(&r.hurt) {
        let rel = (*y as f64 - *x as f64) * 100.0 / (*x).max(1) as f64;
        let bin = ((rel + 100.0) / 5.0).floor().clamp(0.0, (BINS - 1) as f64) as usize;
        counts[bin] += 1;
    }
    let (w, h, bar) = (BINS * 12 + 20, 240usize, 12usize);
    let mut img = vec![255u8; w * h * 3];
    let max = counts.iter().copied().max().unwrap_or(1).max(1);
    for (i, &c) in counts.iter().enumerate() {
        let height = (c as usize * (h - 30)) / max as usize;
        let color = if i < 20 {
            [40, 160, 60]
        } else if i == 20 {
            [120, 120, 120]
        } else {
            [200, 50, 40]
        };
        for x in 10 + i * bar..10 + i * bar + bar - 2 {
            for y in (h - 10 - height)..(h - 10) {
                let o = (y * w + x) * 3;
                img[o..o + 3].copy_from_slice(&color);
            }
        }
    }
    // The zero line.
    for x in 10..w - 10 {
        let o = ((h - 10) * w + x) * 3;
        img[o..o + 3].copy_from_slice(&[0, 0, 0]);
    }
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w as u32, h as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut wr = enc.write_header().map_err(|e| e.to_string())?;
    wr.write_image_data(&img).map_err(|e| e.to_string())
}
