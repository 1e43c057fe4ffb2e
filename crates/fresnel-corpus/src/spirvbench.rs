//! `fresnel-corpus spirv-bench`: whole-process SPIR-V generation time per file,
//! `fresnel compile --emit spirv` against `glslangValidator -V`, on Vulkan shaders of the corpus
//! that both compilers accept.
//!
//! The shaders: glslang's Vulkan test files (compile-level rows expected to pass), the Vulkan
//! CTS and Amber GLSL files of the manifest, naga's GLSL inputs, and the inline GLSL of Amber
//! scripts. Each candidate is compiled once by both tools (in parallel); of those both accept,
//! an evenly spaced sample is timed. Timing is sequential, one process at a time, several
//! repetitions per file and tool; a file's time is the minimum (or median) of its repetitions.
//! Per file, each tool's repetitions run back to back, as hyperfine times a command: a process
//! then starts with its own code and data warm in the caches, as in a build that runs one
//! compiler over many files. (`--interleave` alternates the two tools instead: then every
//! fresnel run follows a glslangValidator run, whose tens of milliseconds of work evict
//! fresnel's pages from the caches; measured on one 1.4 ms compute shader, 1.4 ms back to
//! back against 1.9 ms interleaved.) Both tools write the SPIR-V module to a file in a
//! temporary directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use fresnel::TargetEnv;

use fresnel_corpus::agreement::{self, Class};
use fresnel_corpus::corpus::Expected;
use fresnel_corpus::realworld;
use fresnel_corpus::run::{Includes, Settings};

/// One shader of the benchmark.
#[derive(Clone, Debug)]
pub struct BenchShader {
    /// `glslang`, `vk-gl-cts`, `amber`, `naga`, `vk-gl-cts-amber`.
    pub collection: String,
    pub label: String,
    /// The file both tools compile (the corpus file, or the text written to the temp dir).
    pub file: PathBuf,
    pub bytes: usize,
    /// The file extension of the stage (`vert`, `frag`, ...).
    pub stage: &'static str,
    /// Vulkan 1.`minor`.
    pub vulkan_minor: u8,
    /// `-I` directory.
    pub include_dir: Option<PathBuf>,
}

impl BenchShader {
    /// The `fresnel compile` arguments writing SPIR-V to `out`.
    pub fn fresnel_args(&self, out: &Path) -> Vec<String> {
        let mut a = vec![
            "compile".to_string(),
            self.file.to_string_lossy().into_owned(),
            "--emit".into(),
            "spirv".into(),
            "--target-env".into(),
            format!("vulkan1.{}", self.vulkan_minor),
            "-S".into(),
            self.stage.into(),
            "-o".into(),
            out.to_string_lossy().into_owned(),
        ];
        if let Some(d) = &self.include_dir {
            a.push("-I".into());
            a.push(d.to_string_lossy().into_owned());
        }
        a
    }

    /// The `glslangValidator -V` arguments writing SPIR-V to `out`.
    pub fn glslang_args(&self, out: &Path) -> Vec<String> {
        let mut a = vec![
            "-V".to_string(),
            "--target-env".into(),
            format!("vulkan1.{}", self.vulkan_minor),
            "-S".into(),
            self.stage.into(),
            "-o".into(),
            out.to_string_lossy().into_owned(),
        ];
        if let Some(d) = &self.include_dir {
            a.push(format!("-I{}", d.display()));
        }
        a.push(self.file.to_string_lossy().into_owned());
        a
    }
}

/// A candidate before it is written to disk.
struct Candidate {
    collection: String,
    label: String,
    file: Option<PathBuf>,
    text: String,
    settings: Settings,
}

/// Whether a shader compiles the same way from the command line of both tools: a Vulkan
/// target, a known stage, a `#version` line, no version override.
fn usable(s: &Settings, text: &str) -> bool {
    matches!(s.target, TargetEnv::Vulkan { .. })
        && s.stage.is_some()
        && !s.preprocess_only
        && s.version_override.is_none()
        && text.contains("#version")
}

fn candidates(dir: &Path) -> Vec<Candidate> {
    let mut out = Vec::new();
    let sources: Vec<String> = ["glslang", "vk-gl-cts", "amber"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for j in agreement::jobs(dir, &sources) {
        if j.class != Class::Compile || j.expected != Expected::Pass {
            continue;
        }
        if !usable(&j.settings, &j.text) {
            continue;
        }
        out.push(Candidate {
            collection: j.source.clone(),
            label: j.path.clone(),
            file: (!j.modified).then(|| j.file.clone()),
            text: j.text,
            settings: j.settings,
        });
    }
    for s in realworld::collect(dir) {
        if !matches!(s.collection.as_str(), "naga" | "amber" | "vk-gl-cts-amber")
            || !usable(&s.settings, &s.text)
        {
            continue;
        }
        out.push(Candidate {
            collection: s.collection,
            label: s.label,
            file: s.file,
            text: s.text,
            settings: s.settings,
        });
    }
    out
}

/// Benchmark settings.
#[derive(Clone, Debug)]
pub struct BenchArgs {
    /// The `fresnel` executable.
    pub fresnel: PathBuf,
    /// The `glslangValidator` executable.
    pub glslang: PathBuf,
    /// Shaders timed (evenly spaced over the accepted ones).
    pub sample: usize,
    /// Repetitions per file and tool.
    pub reps: usize,
    /// A file's time is the median of its repetitions (else the minimum).
    pub median: bool,
    /// Alternate the two tools' runs on a file instead of running each back to back.
    pub interleave: bool,
    /// Threads of the acceptance pass (0 = one per core).
    pub threads: usize,
    /// Print each file's times.
    pub list: bool,
}

/// The timed figures of one file.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FileTimes {
    pub collection: String,
    pub label: String,
    pub bytes: usize,
    /// Wall-clock seconds per process.
    pub fresnel: f64,
    pub glslang: f64,
    /// CPU seconds (user + system) per process.
    pub fresnel_cpu: f64,
    pub glslang_cpu: f64,
}

impl FileTimes {
    /// glslangValidator's time over Fresnel's.
    pub fn ratio(&self) -> f64 {
        self.glslang / self.fresnel.max(1e-9)
    }
}

/// The result of a run.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BenchReport {
    /// Usable Vulkan shaders of the corpus.
    pub candidates: usize,
    /// Of those, the evenly spaced ones both tools were tried on.
    pub tried: usize,
    pub both_accept: usize,
    pub fresnel_only: usize,
    pub glslang_only: usize,
    pub files: Vec<FileTimes>,
    /// Seconds per process on an empty fragment shader (start-up cost): wall, CPU.
    pub empty_fresnel: (f64, f64),
    pub empty_glslang: (f64, f64),
}

/// The user + system CPU time of the children of this process that have been waited for
/// (seconds); `None` where it cannot be read.
#[cfg(unix)]
fn children_cpu() -> Option<f64> {
    use nix::sys::resource::{getrusage, UsageWho};
    let u = getrusage(UsageWho::RUSAGE_CHILDREN).ok()?;
    let secs = |t: nix::sys::time::TimeVal| t.tv_sec() as f64 + t.tv_usec() as f64 * 1e-6;
    Some(secs(u.user_time()) + secs(u.system_time()))
}

#[cfg(not(unix))]
fn children_cpu() -> Option<f64> {
    None
}

/// One run of a process.
#[derive(Clone, Copy, Debug)]
struct Timing {
    ok: bool,
    /// Wall-clock seconds from spawn to exit.
    wall: f64,
    /// CPU seconds (user + system) of the process (NaN when unknown).
    cpu: f64,
}

/// Runs a command once with no output kept.
fn time_command(exe: &Path, args: &[String]) -> Timing {
    let cpu0 = children_cpu();
    let t = Instant::now();
    let ok = Command::new(exe)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let wall = t.elapsed().as_secs_f64();
    let cpu = match (cpu0, children_cpu()) {
        (Some(a), Some(b)) => b - a,
        _ => f64::NAN,
    };
    Timing { ok, wall, cpu }
}

/// The median of a non-empty slice (sorted in place).
pub fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn summary(v: &mut [f64], use_median: bool) -> f64 {
    if use_median {
        median(v)
    } else {
        v.iter().copied().fold(f64::INFINITY, f64::min)
    }
}

/// Evenly spaced indices: `n` of `0..len` (all when `n >= len`).
pub fn spaced(len: usize, n: usize) -> Vec<usize> {
    if n >= len {
        return (0..len).collect();
    }
    (0..n).map(|k| k * len / n).collect()
}

/// A temporary directory removed on drop.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs the benchmark.
pub fn run(dir: &Path, args: &BenchArgs) -> Result<BenchReport, String> {
    if !args.fresnel.is_file() {
        return Err(format!(
            "{} not found (build it: cargo build --release -p fresnel-cli, or give --fresnel)",
            args.fresnel.display()
        ));
    }
    let tmp =
        TempDir(std::env::temp_dir().join(format!("fresnel-spirv-bench-{}", std::process::id())));
    std::fs::create_dir_all(&tmp.0).map_err(|e| format!("{}: {e}", tmp.0.display()))?;
    let cands = candidates(dir);
    // Every candidate as a file both tools read.
    let mut shaders = Vec::new();
    for (i, c) in cands.iter().enumerate() {
        let Some(stage) = c.settings.stage else {
            continue;
        };
        let ext = stage.extension();
        let file = match &c.file {
            Some(f) => f.clone(),
            None => {
                let p = tmp.0.join(format!("s{i:05}.{ext}"));
                std::fs::write(&p, &c.text).map_err(|e| format!("{}: {e}", p.display()))?;
                p
            }
        };
        let vulkan_minor = match c.settings.target {
            TargetEnv::Vulkan { minor } => minor,
            _ => 0,
        };
        let include_dir = match &c.settings.includes {
            Includes::Dir(d) => Some(d.clone()),
            _ => None,
        };
        shaders.push(BenchShader {
            collection: c.collection.clone(),
            label: c.label.clone(),
            file,
            bytes: c.text.len(),
            stage: ext,
            vulkan_minor,
            include_dir,
        });
    }
    // Which shaders each tool compiles to SPIR-V (one run each, in parallel), on twice the
    // sample size of evenly spaced candidates (about three in four are accepted by both).
    let all_candidates = shaders.len();
    let shaders: Vec<BenchShader> = spaced(shaders.len(), args.sample.saturating_mul(2))
        .into_iter()
        .map(|i| shaders[i].clone())
        .collect();
    let accepted = fresnel_corpus::par_map(&shaders, args.threads, |s| {
        let t = std::thread::current();
        let tag = format!("{:?}", t.id()).replace(|c: char| !c.is_ascii_alphanumeric(), "");
        let out = tmp.0.join(format!("accept-{tag}.spv"));
        let f = time_command(&args.fresnel, &s.fresnel_args(&out)).ok;
        let g = time_command(&args.glslang, &s.glslang_args(&out)).ok;
        (f, g)
    });
    let fresnel_only = accepted.iter().filter(|(f, g)| *f && !*g).count();
    let glslang_only = accepted.iter().filter(|(f, g)| !*f && *g).count();
    let both: Vec<&BenchShader> = shaders
        .iter()
        .zip(&accepted)
        .filter(|(_, (f, g))| *f && *g)
        .map(|(s, _)| s)
        .collect();
    let picked: Vec<&BenchShader> = spaced(both.len(), args.sample)
        .into_iter()
        .map(|i| both[i])
        .collect();
    let out = tmp.0.join("out.spv");
    let reps = args.reps.max(1);
    // Start-up cost: an empty fragment shader.
    let empty = BenchShader {
        collection: "empty".into(),
        label: "empty.frag".into(),
        file: tmp.0.join("empty.frag"),
        bytes: 0,
        stage: "frag",
        vulkan_minor: 0,
        include_dir: None,
    };
    std::fs::write(&empty.file, "#version 450\nvoid main() {}\n")
        .map_err(|e| format!("{}: {e}", empty.file.display()))?;
    // Per tool: (wall, CPU), each summarized over the runs.
    let time_pair = |s: &BenchShader, reps: usize| -> ((f64, f64), (f64, f64)) {
        let mut runs: [(Vec<f64>, Vec<f64>); 2] = Default::default();
        let tools = [
            (&args.fresnel, s.fresnel_args(&out)),
            (&args.glslang, s.glslang_args(&out)),
        ];
        // Back to back: tool 0's runs, then tool 1's; interleaved: 0, 1, 0, 1, ...
        let order: Vec<usize> = if args.interleave {
            (0..reps).flat_map(|_| [0, 1]).collect()
        } else {
            [0, 1]
                .into_iter()
                .flat_map(|k| std::iter::repeat_n(k, reps))
                .collect()
        };
        for k in order {
            let r = time_command(tools[k].0, &tools[k].1);
            runs[k].0.push(r.wall);
            runs[k].1.push(r.cpu);
        }
        let [mut f, mut g] = runs;
        (
            (
                summary(&mut f.0, args.median),
                summary(&mut f.1, args.median),
            ),
            (
                summary(&mut g.0, args.median),
                summary(&mut g.1, args.median),
            ),
        )
    };
    let (empty_fresnel, empty_glslang) = time_pair(&empty, reps.max(20));
    let mut files = Vec::with_capacity(picked.len());
    for s in picked {
        let (f, g) = time_pair(s, reps);
        files.push(FileTimes {
            collection: s.collection.clone(),
            label: s.label.clone(),
            bytes: s.bytes,
            fresnel: f.0,
            glslang: g.0,
            fresnel_cpu: f.1,
            glslang_cpu: g.1,
        });
    }
    Ok(BenchReport {
        candidates: all_candidates,
        tried: shaders.len(),
        both_accept: both.len(),
        fresnel_only,
        glslang_only,
        files,
        empty_fresnel,
        empty_glslang,
    })
}

/// Totals and ratios of a set of (fresnel, glslangValidator) per-file times.
fn ratio_line(pairs: &[(f64, f64)]) -> String {
    let tf: f64 = pairs.iter().map(|p| p.0).sum();
    let tg: f64 = pairs.iter().map(|p| p.1).sum();
    let mut ratios: Vec<f64> = pairs.iter().map(|p| p.1 / p.0.max(1e-9)).collect();
    let med = median(&mut ratios);
    let n = pairs.len().max(1) as f64;
    format!(
        "fresnel {:.1} ms ({:.2} ms/file), glslangValidator {:.1} ms ({:.2} ms/file); ratio glslangValidator/fresnel: totals {:.1}x, median per file {:.1}x, min {:.1}x, max {:.1}x",
        tf * 1e3,
        tf * 1e3 / n,
        tg * 1e3,
        tg * 1e3 / n,
        tg / tf.max(1e-9),
        med,
        ratios.first().copied().unwrap_or(f64::NAN),
        ratios.last().copied().unwrap_or(f64::NAN)
    )
}

impl BenchReport {
    /// Prints the figures (with `list`, every file's times).
    pub fn print(&self, args: &BenchArgs) {
        let stat = if args.median { "median" } else { "minimum" };
        println!(
            "candidates {} (Vulkan GLSL of the corpus); tried {}: both compile to SPIR-V {}, only fresnel {}, only glslangValidator {}",
            self.candidates, self.tried, self.both_accept, self.fresnel_only, self.glslang_only
        );
        println!(
            "empty fragment shader (start-up), {stat} of {} runs: wall fresnel {:.2} ms, glslangValidator {:.2} ms ({:.1}x); CPU fresnel {:.2} ms, glslangValidator {:.2} ms ({:.1}x)",
            args.reps.max(20),
            self.empty_fresnel.0 * 1e3,
            self.empty_glslang.0 * 1e3,
            self.empty_glslang.0 / self.empty_fresnel.0.max(1e-9),
            self.empty_fresnel.1 * 1e3,
            self.empty_glslang.1 * 1e3,
            self.empty_glslang.1 / self.empty_fresnel.1.max(1e-9)
        );
        if self.files.is_empty() {
            println!("no files timed");
            return;
        }
        if args.list {
            println!("  wall: fresnel, glslangValidator, ratio; CPU: fresnel, glslangValidator, ratio; file");
            for f in &self.files {
                println!(
                    "  {:7.2} {:7.2} {:6.1}x  {:7.2} {:7.2} {:6.1}x  {}",
                    f.fresnel * 1e3,
                    f.glslang * 1e3,
                    f.ratio(),
                    f.fresnel_cpu * 1e3,
                    f.glslang_cpu * 1e3,
                    f.glslang_cpu / f.fresnel_cpu.max(1e-9),
                    f.label
                );
            }
        }
        let mut collections: Vec<&str> = Vec::new();
        for f in &self.files {
            if !collections.contains(&f.collection.as_str()) {
                collections.push(&f.collection);
            }
        }
        for c in collections {
            let pairs: Vec<(f64, f64)> = self
                .files
                .iter()
                .filter(|f| f.collection == c)
                .map(|f| (f.fresnel, f.glslang))
                .collect();
            println!("  {c}, {} files, wall: {}", pairs.len(), ratio_line(&pairs));
        }
        let n = self.files.len();
        let bytes: usize = self.files.iter().map(|f| f.bytes).sum();
        let order = if args.interleave {
            "the tools alternating"
        } else {
            "each tool's runs back to back"
        };
        println!(
            "whole process, {n} files ({:.2} MB), {stat} of {} runs per file and tool, one process at a time, {order}:",
            bytes as f64 / 1e6,
            args.reps.max(1)
        );
        let wall: Vec<(f64, f64)> = self.files.iter().map(|f| (f.fresnel, f.glslang)).collect();
        println!("  wall: {}", ratio_line(&wall));
        let cpu: Vec<(f64, f64)> = self
            .files
            .iter()
            .map(|f| (f.fresnel_cpu, f.glslang_cpu))
            .collect();
        if cpu.iter().all(|p| p.0.is_finite() && p.1.is_finite()) {
            println!("  CPU (user + system): {}", ratio_line(&cpu));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaced_is_even_and_bounded() {
        assert_eq!(spaced(10, 3), vec![0, 3, 6]);
        assert_eq!(spaced(3, 10), vec![0, 1, 2]);
        assert_eq!(spaced(0, 5), Vec::<usize>::new());
        assert_eq!(spaced(5, 0), Vec::<usize>::new());
    }

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&mut []).is_nan());
    }

    #[test]
    fn both_tools_get_the_same_target_and_stage() {
        let s = BenchShader {
            collection: "naga".into(),
            label: "x".into(),
            file: PathBuf::from("/c/x.glsl"),
            bytes: 1,
            stage: "comp",
            vulkan_minor: 1,
            include_dir: Some(PathBuf::from("/c")),
        };
        let out = Path::new("/t/o.spv");
        let f = s.fresnel_args(out);
        let g = s.glslang_args(out);
        for a in [&f, &g] {
            assert!(a
                .windows(2)
                .any(|w| w[0] == "--target-env" && w[1] == "vulkan1.1"));
            assert!(a.windows(2).any(|w| w[0] == "-S" && w[1] == "comp"));
            assert!(a.windows(2).any(|w| w[0] == "-o" && w[1] == "/t/o.spv"));
        }
        assert!(f.windows(2).any(|w| w[0] == "--emit" && w[1] == "spirv"));
        assert_eq!(g[0], "-V");
        assert_eq!(g.last().map(String::as_str), Some("/c/x.glsl"));
        assert!(g.iter().any(|a| a == "-I/c"));
    }
}
