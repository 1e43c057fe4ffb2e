//! `fresnel-corpus`: how well `fresnel check` agrees with the test suites of the shared corpus.
//!
//! ```text
//! fresnel-corpus agreement [--source piglit|glslang|...] [--json OUT] [--list]
//! fresnel-corpus deqp [FILE.test...] [--json OUT] [--list]
//! fresnel-corpus peer-glslang [--source ...] [--json OUT] [--list]
//! fresnel-corpus realworld [--peer] [--json OUT] [--list]
//! fresnel-corpus programs [--json OUT] [--list]
//! fresnel-corpus bench [--sample N]
//! fresnel-corpus spirv-bench [--sample N] [--reps N] [--median] [--interleave] [--fresnel PATH] [--list]
//! fresnel-corpus ir-check [--source S] [--filter SUBSTR] [--limit N] [--top N] [--print]
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use fresnel_corpus::agreement::{self, Job};
use fresnel_corpus::isolate::{self, Mode, WorkerCommand};
use fresnel_corpus::peer::{self, Cache, PeerInput, Tool};
use fresnel_corpus::run::Outcome;
use fresnel_corpus::{corpus, deqp, percent, programs, realworld, run};

// Whole-process SPIR-V benchmark against glslangValidator (issue 5).
mod spirvbench;

#[derive(Parser)]
#[command(
    name = "fresnel-corpus",
    about = "Measures how well `fresnel check` agrees with the test suites of the shared corpus"
)]
struct Cli {
    /// The corpus directory (default: $FRESNEL_CORPUS, else ../shared/corpus).
    #[arg(long, global = true)]
    corpus: Option<PathBuf>,
    /// Threads (0 = one per core).
    #[arg(short = 'j', long = "jobs", global = true, default_value_t = 0)]
    jobs: usize,
    /// Compile in this process instead of in worker processes (faster to start; a compiler
    /// crash then ends the run).
    #[arg(long, global = true)]
    in_process: bool,
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Agreement with the manifest's expected results (piglit and glslang by default).
    Agreement {
        /// Sources to measure (repeatable): piglit, glslang, glsl-optimizer, naga,
        /// vk-gl-cts, amber, or `all`.
        #[arg(long = "source")]
        sources: Vec<String>,
        /// Write the figures and every row's outcome as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
        /// List every disagreement with our first error, and every skip reason.
        #[arg(long)]
        list: bool,
    },
    /// Compile-level agreement with the dEQP .test files (all of the corpus when none given).
    Deqp {
        files: Vec<PathBuf>,
        #[arg(long)]
        json: Option<PathBuf>,
        /// List every disagreement.
        #[arg(long)]
        list: bool,
        /// Print the specialized shaders of the tests whose name contains this (no run).
        #[arg(long)]
        show: Option<String>,
    },
    /// The agreement figures of glslangValidator on the same rows (cached).
    PeerGlslang {
        #[arg(long = "source")]
        sources: Vec<String>,
        #[arg(long)]
        json: Option<PathBuf>,
        #[arg(long)]
        list: bool,
    },
    /// shader-db, glsl-optimizer, naga and amber shaders; with --peer, also glslangValidator
    /// and Mesa (cached), and the shaders they accept that Fresnel rejects.
    Realworld {
        #[arg(long)]
        peer: bool,
        #[arg(long)]
        json: Option<PathBuf>,
        #[arg(long)]
        list: bool,
    },
    /// Whole programs (piglit and shader-db `.shader_test`) through the library linker's
    /// program-level checks: programs rejected that should link, link errors missed.
    Programs {
        #[arg(long)]
        json: Option<PathBuf>,
        /// List every program the link checks got wrong.
        #[arg(long)]
        list: bool,
    },
    /// The glslang + spirv-opt peer as a `fresnel db` run (through ../shared/tools/refc,
    /// cached): compare with `fresnel db report PEER.json OURS.json`.
    RefcDb {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[arg(short = 'o', long = "output", required = true)]
        output: PathBuf,
        /// At most this many shaders.
        #[arg(long)]
        limit: Option<usize>,
        /// The peer: `refc` (glslang + spirv-opt, SPIR-V counts) or `mesa` (Mesa's final
        /// NIR counts).
        #[arg(long, default_value = "refc")]
        peer: String,
    },
    /// `check` throughput over the manifest shaders (in-process, one thread) and
    /// glslangValidator's whole-process time on a sample.
    Bench {
        /// Shaders in the glslangValidator sample.
        #[arg(long, default_value_t = 100)]
        sample: usize,
    },
    /// Whole-process time per file of `fresnel compile --emit spirv` against
    /// `glslangValidator -V` on Vulkan shaders of the corpus both accept.
    SpirvBench {
        /// Files timed (evenly spaced over the shaders both compilers accept).
        #[arg(long, default_value_t = 300)]
        sample: usize,
        /// Runs per file and tool.
        #[arg(long, default_value_t = 5)]
        reps: usize,
        /// A file's time is the median of its runs (default: the minimum).
        #[arg(long)]
        median: bool,
        /// Alternate the two tools' runs on each file (default: each tool's runs back to
        /// back, as hyperfine times a command).
        #[arg(long)]
        interleave: bool,
        /// The fresnel executable (default: `fresnel` next to this program).
        #[arg(long)]
        fresnel: Option<PathBuf>,
        /// The glslangValidator executable.
        #[arg(long, default_value = "glslangValidator")]
        glslang: PathBuf,
        /// Print every file's times.
        #[arg(long)]
        list: bool,
        /// Write the figures as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Lowers every accepted corpus shader to the IR, validates it and round-trips its text
    /// form; reports lower errors, validation and round-trip failures.
    IrCheck {
        /// Manifest sources, or `realworld`, or `deqp` (repeatable; default: all of them).
        #[arg(long = "source")]
        sources: Vec<String>,
        /// Only shaders whose path contains this.
        #[arg(long)]
        filter: Option<String>,
        /// At most this many shaders.
        #[arg(long)]
        limit: Option<usize>,
        /// Failure groups shown per kind.
        #[arg(long, default_value_t = 15)]
        top: usize,
        /// Print the IR of each selected shader instead (use with --filter/--limit).
        #[arg(long)]
        print: bool,
    },
    /// Internal: a worker process (JSON requests on stdin, outcomes on stdout).
    #[command(hide = true)]
    Worker,
}

fn write_json(path: &Path, value: &serde_json::Value) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn sources_arg(sources: &[String]) -> Vec<String> {
    if sources.is_empty() {
        agreement::DEFAULT_SOURCES
            .iter()
            .map(|s| s.to_string())
            .collect()
    } else if sources.iter().any(|s| s == "all") {
        Vec::new()
    } else {
        sources.to_vec()
    }
}

fn rows_json(jobs: &[Job], outcomes: &[Option<Outcome>]) -> serde_json::Value {
    jobs.iter()
        .zip(outcomes)
        .map(|(j, o)| {
            serde_json::json!({
                "path": j.path,
                "source": j.source,
                "class": j.class,
                "expected": j.expected,
                "accepted": o.as_ref().map(|o| o.accepted),
                "first_error": o.as_ref().and_then(|o| o.first_error.clone()),
            })
        })
        .collect()
}

fn cmd_agreement(
    dir: &Path,
    threads: usize,
    mode: &Mode,
    sources: &[String],
    json: Option<&Path>,
    list: bool,
) -> Result<(), String> {
    let start = Instant::now();
    let jobs = agreement::jobs(dir, &sources_arg(sources));
    if jobs.is_empty() {
        return Err(format!("no manifest rows for the sources {sources:?}"));
    }
    let outcomes = agreement::run_fresnel(&jobs, threads, mode);
    let reports = agreement::summarize(&jobs, &outcomes);
    for r in &reports {
        r.print("fresnel", list);
    }
    eprintln!("({} rows in {:.1?})", jobs.len(), start.elapsed());
    if let Some(p) = json {
        write_json(
            p,
            &serde_json::json!({ "tool": "fresnel", "sources": reports, "rows": rows_json(&jobs, &outcomes) }),
        )?;
    }
    Ok(())
}

fn cmd_peer_glslang(
    dir: &Path,
    threads: usize,
    mode: &Mode,
    sources: &[String],
    json: Option<&Path>,
    list: bool,
) -> Result<(), String> {
    if !peer::available(Tool::Glslang) {
        return Err("glslangValidator is not on PATH (see ../shared/tools/README.md)".into());
    }
    let start = Instant::now();
    let jobs = agreement::jobs(dir, &sources_arg(sources));
    let inputs: Vec<Option<PeerInput>> = jobs
        .iter()
        .map(|j| {
            j.runs().then(|| PeerInput {
                file: (!j.modified).then(|| j.file.clone()),
                text: j.text.clone(),
                settings: j.settings.clone(),
            })
        })
        .collect();
    let mut cache = Cache::load(&Tool::Glslang.cache_file());
    let outcomes = peer::run_all(Tool::Glslang, &inputs, threads, &mut cache);
    let reports = agreement::summarize(&jobs, &outcomes);
    for r in &reports {
        r.print("glslangValidator", list);
    }
    // Where the two compilers differ on compile-level rows.
    let ours = agreement::run_fresnel(&jobs, threads, mode);
    let mut peer_only = 0;
    let mut ours_only = 0;
    for ((j, p), f) in jobs.iter().zip(&outcomes).zip(&ours) {
        if let (Some(p), Some(f), agreement::Class::Compile | agreement::Class::PreprocessOnly) =
            (p, f, &j.class)
        {
            let want = j.expected == corpus::Expected::Pass;
            match (p.accepted == want, f.accepted == want) {
                (true, false) => peer_only += 1,
                (false, true) => ours_only += 1,
                _ => {}
            }
        }
    }
    println!(
        "rows where glslangValidator agrees and fresnel does not: {peer_only}; the reverse: {ours_only}"
    );
    eprintln!("({} rows in {:.1?})", jobs.len(), start.elapsed());
    if let Some(p) = json {
        write_json(
            p,
            &serde_json::json!({ "tool": "glslangValidator", "sources": reports, "rows": rows_json(&jobs, &outcomes) }),
        )?;
    }
    Ok(())
}

fn show_tests(files: &[deqp::File], pattern: &str) {
    for t in files.iter().flat_map(|f| f.tests.iter()) {
        if !t.name.contains(pattern) {
            continue;
        }
        println!(
            "== {}:{} {} [{}, {:?}, {:?}]",
            t.file,
            t.line,
            t.name,
            t.expect.name(),
            t.flavor,
            t.version
        );
        match &t.programs {
            Ok(programs) => {
                for (i, p) in programs.iter().enumerate() {
                    for (stage, src) in &p.shaders {
                        println!("-- program {i}, {stage}:");
                        print!("{src}");
                        if !src.ends_with('\n') {
                            println!();
                        }
                    }
                }
            }
            Err(e) => println!("-- {e}"),
        }
    }
}

fn cmd_deqp(
    dir: Option<&Path>,
    threads: usize,
    mode: &Mode,
    files: &[PathBuf],
    json: Option<&Path>,
    list: bool,
    show: Option<&str>,
) -> Result<(), String> {
    let start = Instant::now();
    let paths: Vec<(PathBuf, String)> = if files.is_empty() {
        let dir = dir.ok_or("the corpus was not found; give .test files")?;
        deqp::corpus_files(dir)
            .into_iter()
            .map(|p| {
                let name = p
                    .strip_prefix(dir)
                    .unwrap_or(&p)
                    .to_string_lossy()
                    .into_owned();
                (p, name)
            })
            .collect()
    } else {
        files
            .iter()
            .map(|p| (p.clone(), p.to_string_lossy().into_owned()))
            .collect()
    };
    let loaded: Vec<deqp::File> = paths.iter().map(|(p, n)| deqp::load(p, n)).collect();
    if let Some(pattern) = show {
        show_tests(&loaded, pattern);
        return Ok(());
    }
    let (reports, total) = deqp::run_files(&loaded, threads, mode);
    for r in &reports {
        println!("{}", r.line());
    }
    println!("{}", total.line());
    let skipped: usize = total.skipped.values().sum();
    if skipped > 0 {
        for (reason, n) in &total.skipped {
            println!("  skipped {n}: {reason}");
        }
    }
    if list {
        for d in &total.disagreements {
            let what = match &d.verdict {
                deqp::Verdict::FalseAccept => "false accept".to_string(),
                deqp::Verdict::FalseReject { stage, error } => {
                    format!("false reject ({stage}): {error}")
                }
                deqp::Verdict::HarnessError(e) => format!("harness error: {e}"),
                deqp::Verdict::Crash { stage, error } => {
                    format!("COMPILER CRASH ({stage}): {error}")
                }
                v => format!("{v:?}"),
            };
            println!("  {}:{} {} [{}]: {what}", d.file, d.line, d.name, d.expect);
        }
    }
    eprintln!("({} tests in {:.1?})", total.tests, start.elapsed());
    if let Some(p) = json {
        write_json(p, &serde_json::json!({ "files": reports, "total": total }))?;
    }
    if total.parse_error.is_some() {
        return Err("some .test files did not parse".into());
    }
    Ok(())
}

fn cmd_programs(dir: &Path, threads: usize, json: Option<&Path>, list: bool) -> Result<(), String> {
    let start = Instant::now();
    let list_of = programs::collect(dir);
    let results = programs::run_all(&list_of, threads);
    let reports = programs::summarize(&list_of, &results);
    for r in &reports {
        println!(
            "{}: programs expected to link: {}",
            r.collection,
            r.expect_link.text()
        );
        if r.expect_link_error.programs > 0 {
            println!(
                "{}: programs expected not to link: {}",
                r.collection,
                r.expect_link_error.text()
            );
        }
        if list {
            for (p, m) in &r.false_link_rejects {
                println!("  false link reject: {p}: {m}");
            }
            for p in &r.missed_link_errors {
                println!("  link error missed: {p}");
            }
        }
    }
    println!("({} programs in {:.1?})", list_of.len(), start.elapsed());
    if let Some(path) = json {
        let rows: Vec<serde_json::Value> = list_of
            .iter()
            .zip(&results)
            .map(|(p, r)| serde_json::json!({ "program": p, "result": r }))
            .collect();
        write_json(
            path,
            &serde_json::json!({ "reports": reports, "programs": rows }),
        )?;
    }
    Ok(())
}

fn cmd_realworld(
    dir: &Path,
    threads: usize,
    mode: &Mode,
    with_peers: bool,
    json: Option<&Path>,
    list: bool,
) -> Result<(), String> {
    let start = Instant::now();
    let shaders = realworld::collect(dir);
    let ours = realworld::run_fresnel(&shaders, threads, mode);
    let mut peers: Vec<(&str, Vec<Option<Outcome>>)> = Vec::new();
    if with_peers {
        for tool in [Tool::Glslang, Tool::Mesa] {
            if !peer::available(tool) {
                eprintln!("warning: {} is not available; skipped", tool.name());
                continue;
            }
            // mesa-check knows the six OpenGL stages only.
            let inputs: Vec<Option<PeerInput>> = shaders
                .iter()
                .map(|s| {
                    let known =
                        tool == Tool::Glslang || s.settings.stage.is_some_and(peer::mesa_stage);
                    known.then(|| PeerInput {
                        file: s.file.clone(),
                        text: s.text.clone(),
                        settings: s.settings.clone(),
                    })
                })
                .collect();
            let mut cache = Cache::load(&tool.cache_file());
            peers.push((
                tool.name(),
                peer::run_all(tool, &inputs, threads, &mut cache),
            ));
        }
    }
    let reports = realworld::summarize(&shaders, &ours, &peers);
    for r in &reports {
        let mut line = format!(
            "{}: {} shaders, fresnel accepts {} ({})",
            r.collection,
            r.shaders,
            r.fresnel_accepts,
            percent(r.fresnel_accepts, r.shaders)
        );
        for (name, f) in &r.peers {
            line.push_str(&format!(
                "; {name} accepts {}/{} ({}), of which fresnel rejects {}",
                f.accepts,
                f.run,
                percent(f.accepts, f.run),
                f.accepted_but_fresnel_rejects.len()
            ));
            if !f.tool_failures.is_empty() {
                line.push_str(&format!(
                    " ({name} failed to run on {})",
                    f.tool_failures.len()
                ));
            }
        }
        println!("{line}");
        if r.peers.is_empty() && (list || r.fresnel_accepts < r.shaders) {
            let rejected: Vec<_> = shaders
                .iter()
                .zip(&ours)
                .filter(|(s, o)| s.collection == r.collection && !o.accepted)
                .collect();
            let shown = if list { rejected.len() } else { 5 };
            for (s, o) in rejected.iter().take(shown) {
                println!(
                    "  rejected: {}: {}",
                    s.label,
                    o.first_error.as_deref().unwrap_or("")
                );
            }
            if rejected.len() > shown {
                println!("  ... {} more (--list)", rejected.len() - shown);
            }
        }
        for (name, f) in &r.peers {
            if list {
                for (label, err) in &f.tool_failures {
                    println!("  {name} failed: {label}: {err}");
                }
            }
            let shown = if list {
                f.accepted_but_fresnel_rejects.len()
            } else {
                5
            };
            for (label, err) in f.accepted_but_fresnel_rejects.iter().take(shown) {
                println!("  {name} accepts, fresnel rejects: {label}: {err}");
            }
            if f.accepted_but_fresnel_rejects.len() > shown {
                println!(
                    "  ... {} more (--list)",
                    f.accepted_but_fresnel_rejects.len() - shown
                );
            }
        }
    }
    eprintln!("({} shaders in {:.1?})", shaders.len(), start.elapsed());
    if let Some(p) = json {
        let rows: Vec<serde_json::Value> = shaders
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut row = serde_json::json!({
                    "collection": s.collection,
                    "label": s.label,
                    "fresnel": ours[i],
                });
                for (name, outcomes) in &peers {
                    row[*name] = serde_json::json!(outcomes.get(i).cloned().flatten());
                }
                row
            })
            .collect();
        write_json(
            p,
            &serde_json::json!({ "collections": reports, "shaders": rows }),
        )?;
    }
    Ok(())
}

fn cmd_bench(dir: &Path, threads: usize, mode: &Mode, sample: usize) -> Result<(), String> {
    let jobs: Vec<Job> = agreement::jobs(dir, &[])
        .into_iter()
        .filter(|j| j.runs() && !j.settings.preprocess_only)
        .collect();
    // Leave out the shaders the compiler crashes on (a crash would end the timed run).
    let outcomes = agreement::run_fresnel(&jobs, threads, mode);
    let crashed = outcomes.iter().flatten().filter(|o| o.crashed).count();
    let jobs: Vec<Job> = jobs
        .into_iter()
        .zip(outcomes)
        .filter(|(_, o)| o.as_ref().is_none_or(|o| !o.crashed))
        .map(|(j, _)| j)
        .collect();
    if crashed > 0 {
        println!("({crashed} shaders the compiler crashes on are left out)");
    }
    let bytes: usize = jobs.iter().map(|j| j.text.len()).sum();
    // One thread with a large stack: a warm-up, then one timed pass.
    let timed = |sel: &[&Job]| -> f64 {
        std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(run::STACK_SIZE)
                .spawn_scoped(scope, || {
                    for j in sel.iter().take(20) {
                        let _ = run::check_here(&j.path, &j.text, &j.settings);
                    }
                    let start = Instant::now();
                    for j in sel {
                        let _ = run::check_here(&j.path, &j.text, &j.settings);
                    }
                    start.elapsed().as_secs_f64()
                })
                .map_or(f64::NAN, |h| h.join().unwrap_or(f64::NAN))
        })
    };
    let all: Vec<&Job> = jobs.iter().collect();
    let ours = timed(&all);
    println!(
        "fresnel check, in-process, one thread: {} shaders, {:.1} MB in {:.2} s: {:.0} shaders/s, {:.2} MB/s",
        jobs.len(),
        bytes as f64 / 1e6,
        ours,
        jobs.len() as f64 / ours,
        bytes as f64 / 1e6 / ours
    );
    if !peer::available(Tool::Glslang) {
        println!("glslangValidator not available: no comparison");
        return Ok(());
    }
    let step = (jobs.len() / sample.max(1)).max(1);
    let picked: Vec<&Job> = jobs.iter().step_by(step).take(sample).collect();
    let ours_sample = timed(&picked);
    let start = Instant::now();
    for j in &picked {
        let input = PeerInput {
            file: (!j.modified).then(|| j.file.clone()),
            text: j.text.clone(),
            settings: j.settings.clone(),
        };
        let _ = peer::run_tool(Tool::Glslang, &input);
    }
    let theirs = start.elapsed().as_secs_f64();
    let n = picked.len() as f64;
    println!(
        "sample of {}: fresnel {:.2} ms/shader in-process; glslangValidator {:.1} ms/shader as a process; ratio {:.0}x",
        picked.len(),
        1e3 * ours_sample / n,
        1e3 * theirs / n,
        theirs / ours_sample.max(1e-9)
    );
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Cmd::Worker = cli.command {
        let stdin = std::io::stdin().lock();
        let stdout = std::io::stdout().lock();
        return match isolate::worker_loop(stdin, stdout) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::from(2),
        };
    }
    let mode = match std::env::current_exe() {
        Ok(exe) if !cli.in_process => Mode::Isolated(WorkerCommand::subcommand(exe)),
        _ => Mode::InProcess,
    };
    let dir = cli.corpus.clone().or_else(corpus::corpus_dir);
    let need_dir = || {
        dir.clone().ok_or_else(|| {
            "the corpus was not found (../shared/corpus next to this checkout, or --corpus DIR)"
                .to_string()
        })
    };
    let result = match &cli.command {
        Cmd::Agreement {
            sources,
            json,
            list,
        } => need_dir()
            .and_then(|d| cmd_agreement(&d, cli.jobs, &mode, sources, json.as_deref(), *list)),
        Cmd::Deqp {
            files,
            json,
            list,
            show,
        } => cmd_deqp(
            dir.as_deref(),
            cli.jobs,
            &mode,
            files,
            json.as_deref(),
            *list,
            show.as_deref(),
        ),
        Cmd::PeerGlslang {
            sources,
            json,
            list,
        } => need_dir()
            .and_then(|d| cmd_peer_glslang(&d, cli.jobs, &mode, sources, json.as_deref(), *list)),
        Cmd::Programs { json, list } => {
            need_dir().and_then(|d| cmd_programs(&d, cli.jobs, json.as_deref(), *list))
        }
        Cmd::Realworld { peer, json, list } => need_dir()
            .and_then(|d| cmd_realworld(&d, cli.jobs, &mode, *peer, json.as_deref(), *list)),
        Cmd::RefcDb {
            paths,
            output,
            limit,
            peer,
        } => {
            let peer = match peer.as_str() {
                "refc" => Ok(fresnel_corpus::refcdb::Peer::Refc),
                "mesa" => Ok(fresnel_corpus::refcdb::Peer::Mesa),
                other => Err(format!("unknown peer `{other}` (refc or mesa)")),
            };
            peer.and_then(|p| {
                fresnel_corpus::refcdb::run(paths, output, cli.jobs.max(1), *limit, p)
            })
        }
        Cmd::Bench { sample } => need_dir().and_then(|d| cmd_bench(&d, cli.jobs, &mode, *sample)),
        Cmd::SpirvBench {
            sample,
            reps,
            median,
            interleave,
            fresnel,
            glslang,
            list,
            json,
        } => need_dir().and_then(|d| {
            let fresnel = match fresnel {
                Some(p) => p.clone(),
                None => std::env::current_exe()
                    .map_err(|e| e.to_string())?
                    .with_file_name("fresnel"),
            };
            let args = spirvbench::BenchArgs {
                fresnel,
                glslang: glslang.clone(),
                sample: *sample,
                reps: *reps,
                median: *median,
                interleave: *interleave,
                threads: cli.jobs,
                list: *list,
            };
            let report = spirvbench::run(&d, &args)?;
            report.print(&args);
            match json {
                Some(p) => write_json(p, &serde_json::json!(report)),
                None => Ok(()),
            }
        }),
        Cmd::IrCheck {
            sources,
            filter,
            limit,
            top,
            print,
        } => need_dir().map(|d| {
            let mut jobs = fresnel_corpus::ircheck::jobs(&d, sources);
            if let Some(f) = filter {
                jobs.retain(|j| j.label.contains(f.as_str()));
            }
            jobs.truncate(limit.unwrap_or(usize::MAX));
            if *print {
                for j in &jobs {
                    match fresnel_corpus::ircheck::ir_text(&j.label, &j.text, &j.settings) {
                        Ok(t) => println!("// {}\n{t}", j.label),
                        Err(e) => println!("// {}: {e}\n", j.label),
                    }
                }
                return;
            }
            let outcomes = fresnel_corpus::ircheck::run(&jobs, cli.jobs);
            fresnel_corpus::ircheck::IrReport::new(&jobs, &outcomes).print(*top);
        }),
        Cmd::Worker => Ok(()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fresnel-corpus: {e}");
            ExitCode::from(2)
        }
    }
}
