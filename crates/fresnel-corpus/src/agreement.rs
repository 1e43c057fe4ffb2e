//! Agreement with the expectations of the manifest: every row with an expected `pass` or
//! `fail` becomes a [`Job`] (the text and settings its source's harness compiles), the jobs
//! run, and [`summarize`] counts agreement per source.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fresnel::syntax::extensions::Ext;
use fresnel::{Stage, TargetEnv, Version};
use fresnel_testfmt::piglit;

use crate::corpus::{self, Expected, GlslangMode, Row};
use crate::isolate::{self, Item, Mode};
use crate::run::{self, Includes, Outcome, Settings};

/// The sources `agreement` measures when none is named.
pub const DEFAULT_SOURCES: [&str; 2] = ["piglit", "glslang"];

/// How a row is counted.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// Compile-level: the expectation is about compiling this file alone.
    Compile,
    /// glslang's preprocessing tests: preprocess only, an error expected exactly when the
    /// `.err` log has one.
    PreprocessOnly,
    /// The expectation includes linking (piglit `check_link: true`, glslang link-error-only
    /// results): compiled, then linked as a program of one shader by the library's
    /// program-level checks (`fresnel_link::validate_program`). Counted separately: a GL
    /// linker checks more than these (resource limits, ...).
    LinkLevel,
    /// Part of a multi-file (link) test; not run.
    MultiFile,
    /// The harness would not run it (reason).
    Skipped(String),
}

/// One manifest row, ready to compile.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Job {
    pub source: String,
    /// Relative to the corpus directory.
    pub path: String,
    /// The file on disk.
    pub file: PathBuf,
    pub expected: Expected,
    pub class: Class,
    /// The text the harness compiles (the file's, or with a prelude).
    #[serde(skip)]
    pub text: String,
    /// Whether `text` differs from the file's contents.
    pub modified: bool,
    pub settings: Settings,
    /// The glslang test mode was not in test-modes.tsv and was guessed from the name.
    pub mode_guessed: bool,
}

impl Job {
    /// Whether the job is compiled (compile-level, preprocess-only or link-level).
    pub fn runs(&self) -> bool {
        matches!(
            self.class,
            Class::Compile | Class::PreprocessOnly | Class::LinkLevel
        )
    }
}

fn parent(p: &Path) -> PathBuf {
    p.parent().map_or_else(PathBuf::new, Path::to_path_buf)
}

fn piglit_job(job: &mut Job) {
    let cfg = match piglit::parse_parser_test(&job.text) {
        Ok(c) => c,
        Err(e) => {
            job.class = Class::Skipped(format!("no usable [config]: {}", e.message));
            return;
        }
    };
    for ext in &cfg.require_extensions {
        let known = Ext::from_name(&ext.name).is_some();
        if !ext.negated && !known {
            job.class = Class::Skipped(format!("requires unknown extension {}", ext.name));
            return;
        }
        if ext.negated && known {
            job.class = Class::Skipped(format!("requires {} to be absent", ext.name));
            return;
        }
    }
    let version = run::piglit_version(&cfg.glsl_version);
    if !version.is_known() {
        job.class = Class::Skipped(format!("unknown glsl_version {}", cfg.glsl_version.text));
        return;
    }
    job.settings.default_version = Some(version);
    if version.is_es() {
        job.settings.target = TargetEnv::OpenGlEs;
    }
    job.settings.includes = if cfg.other.iter().any(|(k, _)| k == "dummy_shader_include") {
        Includes::Empty
    } else {
        Includes::Dir(parent(&job.file))
    };
    job.settings.link = cfg.check_link;
    job.class = if cfg.check_link {
        Class::LinkLevel
    } else {
        Class::Compile
    };
}

fn glslang_job(job: &mut Job, row: &Row, modes: Option<&Vec<GlslangMode>>, dir: &Path) {
    // glslang's gtests compile with default version 100 (ES) when there is no #version.
    job.settings.default_version = Some(Version::es(100));
    job.settings.version_override = run::documented_version_override(&job.text);
    if row.basis.contains("multi-file test with") {
        job.class = Class::MultiFile;
        return;
    }
    let modes: &[GlslangMode] = modes.map_or(&[], |m| m.as_slice());
    if let Some(m) = modes.iter().find(|m| !m.semantics.is_empty()) {
        if m.vulkan() {
            job.settings.target = TargetEnv::Vulkan {
                minor: m.vulkan_minor(),
            };
            job.settings.spirv_minor = m.spirv_minor();
            // glslang's VulkanRelaxedTest suite compiles with its relaxed rules (`-R`).
            job.settings.relaxed_vulkan = m.suite.contains("VulkanRelaxedTest");
        }
    } else if modes.is_empty() {
        // Run by Test/runtests with options we do not have: guess. SPIR-V in the reference
        // output (glslang's disassembly or spirv-dis text), `-V` in the command the file
        // documents, or a `spv.`/`vulkan` name mean Vulkan semantics.
        job.mode_guessed = true;
        let name = row.file_name();
        let out = corpus::read_text(
            &dir.join("glslang/Test/baseResults")
                .join(format!("{name}.out")),
        )
        .unwrap_or_default();
        let head: String = job.text.chars().take(1000).collect();
        // glslang's reference SPIR-V with OpenGL-only built-ins or atomic counters was
        // made for OpenGL, whatever the name says (as `corpus_spirv.rs` decides).
        let opengl_output = out.contains("BuiltIn VertexId")
            || out.contains("BuiltIn InstanceId")
            || out.contains("Capability AtomicStorage");
        // (glslang's `web.*` references are spirv-dis text: `; SPIR-V` first.)
        let spirv_reference = out.contains("// Module Version") || out.starts_with("; SPIR-V");
        let vulkan = ((spirv_reference && !name.contains("OpenGL"))
            || head.contains(" -V ")
            || head.contains("--target-env vulkan")
            || name.starts_with("spv.")
            || name.starts_with("vulkan"))
            && !opengl_output;
        if vulkan {
            job.settings.target = TargetEnv::Vulkan { minor: 0 };
        }
    }
    // The gtests map missing locations and bindings (glslangValidator: --aml --amb).
    job.settings.auto_map = true;
    // glslangValidator's includer looks next to the file (some gtests include too).
    job.settings.includes = Includes::Dir(parent(&job.file));
    if modes.iter().any(GlslangMode::preprocess_only) {
        job.class = Class::PreprocessOnly;
        job.settings.preprocess_only = true;
        let err = corpus::read_text(
            &dir.join("glslang/Test/baseResults")
                .join(format!("{}.err", row.file_name())),
        )
        .unwrap_or_default();
        job.expected = if err.contains("ERROR:") {
            Expected::Fail
        } else {
            Expected::Pass
        };
        return;
    }
    job.settings.link = row.basis.starts_with("baseResults:link-error-only");
    job.class = if job.settings.link {
        Class::LinkLevel
    } else {
        Class::Compile
    };
}

/// The jobs of every row of the given sources (all sources when `sources` is empty) with an
/// expected `pass` or `fail`.
pub fn jobs(dir: &Path, sources: &[String]) -> Vec<Job> {
    let modes = corpus::glslang_modes(dir);
    let mut out = Vec::new();
    for row in corpus::manifest(dir) {
        let source = row.source().to_string();
        if !sources.is_empty() && !sources.contains(&source) {
            continue;
        }
        let Some(expected) = row.expectation() else {
            continue;
        };
        let file = dir.join(&row.path);
        let stage = Stage::from_name(&row.stage).or_else(|| Stage::from_path(&row.path));
        let mut job = Job {
            source: source.clone(),
            path: row.path.clone(),
            file: file.clone(),
            expected,
            class: Class::Compile,
            text: String::new(),
            modified: false,
            settings: Settings::new(stage),
            mode_guessed: false,
        };
        let Some(text) = corpus::read_text(&file) else {
            job.class = Class::Skipped("unreadable".into());
            out.push(job);
            continue;
        };
        job.text = text;
        match source.as_str() {
            "piglit" => piglit_job(&mut job),
            "glslang" => glslang_job(&mut job, &row, modes.get(&row.path), dir),
            "glsl-optimizer" => {
                let original = std::mem::take(&mut job.text);
                let (text, settings) = run::glsl_optimizer_input(&row.path, stage, original);
                job.modified = true;
                job.text = text;
                job.settings = settings;
            }
            "vk-gl-cts" | "amber" => {
                // Amber compiles its GLSL with glslang for Vulkan.
                job.settings.target = TargetEnv::Vulkan { minor: 0 };
                job.settings.includes = Includes::Dir(parent(&file));
            }
            _ => job.settings.includes = Includes::Dir(parent(&file)),
        }
        out.push(job);
    }
    out
}

/// Runs the jobs with Fresnel on `threads` threads (0 = one per core); `None` for jobs that
/// are not run.
pub fn run_fresnel(jobs: &[Job], threads: usize, mode: &Mode) -> Vec<Option<Outcome>> {
    let names: Vec<String> = jobs
        .iter()
        .map(|j| j.file.to_string_lossy().into_owned())
        .collect();
    let run: Vec<usize> = (0..jobs.len()).filter(|&i| jobs[i].runs()).collect();
    let items: Vec<Item<'_>> = run
        .iter()
        .map(|&i| Item {
            name: &names[i],
            text: &jobs[i].text,
            settings: &jobs[i].settings,
        })
        .collect();
    let outcomes = isolate::check_all(&items, threads, mode);
    let mut out = vec![None; jobs.len()];
    for (i, o) in run.into_iter().zip(outcomes) {
        out[i] = Some(o);
    }
    out
}

/// A row where the compiler and the expectation disagree.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Finding {
    pub path: String,
    pub expected: Expected,
    pub first_error: Option<String>,
}

/// Link-level rows: what the compile and link steps did.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct LinkLevel {
    pub expected_pass: usize,
    /// Expected to compile and link, but the compile or link step rejected it.
    pub expected_pass_rejected: Vec<Finding>,
    pub expected_fail: usize,
    /// Expected to fail (compile or link) and the compile or link step rejected it.
    pub expected_fail_rejected: usize,
}

/// The figures of one source.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct SourceReport {
    pub source: String,
    /// Rows compared with their expectation (compile-level and preprocess-only).
    pub checked: usize,
    pub agree: usize,
    /// Of `checked`: rows expected to pass, and how many were accepted.
    pub pass_checked: usize,
    pub pass_agree: usize,
    /// Of `checked`: rows expected to fail, and how many were rejected.
    pub fail_checked: usize,
    pub fail_agree: usize,
    /// Expected to fail, accepted.
    pub false_accepts: Vec<Finding>,
    /// Expected to pass, rejected.
    pub false_rejects: Vec<Finding>,
    /// The compiler crashed (panic, abort, hang); counted in `checked`, never as agreeing.
    pub crashes: Vec<Finding>,
    /// Of `checked`, the preprocess-only rows and how many agree.
    pub preprocess_only: usize,
    pub preprocess_only_agree: usize,
    pub link_level: LinkLevel,
    pub multi_file: usize,
    /// Rows the harness would skip, by reason.
    pub skipped: BTreeMap<String, usize>,
    /// glslang rows whose mode was guessed (not in test-modes.tsv); included in `checked`.
    pub mode_guessed: usize,
}

impl SourceReport {
    pub fn agreement(&self) -> f64 {
        if self.checked == 0 {
            0.0
        } else {
            self.agree as f64 / self.checked as f64
        }
    }

    pub fn skipped_total(&self) -> usize {
        self.skipped.values().sum()
    }

    /// Prints the figures; with `list`, every disagreement and skip reason.
    pub fn print(&self, tool: &str, list: bool) {
        println!(
            "{tool} on {}: {}/{} agree ({}): {} false accepts, {} false rejects (expected pass: {}/{} accepted; expected fail: {}/{} rejected)",
            self.source,
            self.agree,
            self.checked,
            crate::percent(self.agree, self.checked),
            self.false_accepts.len(),
            self.false_rejects.len(),
            self.pass_agree,
            self.pass_checked,
            self.fail_agree,
            self.fail_checked
        );
        if !self.crashes.is_empty() {
            println!("  COMPILER CRASHES: {}", self.crashes.len());
            for f in &self.crashes {
                println!("    {}: {}", f.path, f.first_error.as_deref().unwrap_or(""));
            }
        }
        if self.preprocess_only > 0 {
            println!(
                "  preprocess-only rows: {}/{} agree",
                self.preprocess_only_agree, self.preprocess_only
            );
        }
        if self.mode_guessed > 0 {
            println!(
                "  rows run by Test/runtests (mode guessed from the name): {}",
                self.mode_guessed
            );
        }
        let l = &self.link_level;
        if l.expected_pass + l.expected_fail > 0 {
            println!(
                "  link-level rows (not counted above): {} expected to pass ({} rejected by the compile or link step), {} expected to fail ({} rejected by the compile or link step)",
                l.expected_pass,
                l.expected_pass_rejected.len(),
                l.expected_fail,
                l.expected_fail_rejected
            );
        }
        if self.multi_file > 0 {
            println!("  multi-file (link) rows, not run: {}", self.multi_file);
        }
        if !self.skipped.is_empty() {
            println!("  skipped: {}", self.skipped_total());
            let mut reasons: Vec<(&String, &usize)> = self.skipped.iter().collect();
            reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            let shown = if list { reasons.len() } else { 8 };
            for (r, n) in reasons.iter().take(shown) {
                println!("    {n:5}  {r}");
            }
            if reasons.len() > shown {
                println!("    ... {} more reasons (--list)", reasons.len() - shown);
            }
        }
        if list {
            for f in &self.false_accepts {
                println!("  false accept: {}", f.path);
            }
            for f in &self.false_rejects {
                println!(
                    "  false reject: {}: {}",
                    f.path,
                    f.first_error.as_deref().unwrap_or("")
                );
            }
            for f in &l.expected_pass_rejected {
                println!(
                    "  link-level, rejected at compile or link: {}: {}",
                    f.path,
                    f.first_error.as_deref().unwrap_or("")
                );
            }
        }
    }
}

/// Counts agreement per source (in the order sources first appear).
pub fn summarize(jobs: &[Job], outcomes: &[Option<Outcome>]) -> Vec<SourceReport> {
    let mut order: Vec<String> = Vec::new();
    let mut map: BTreeMap<String, SourceReport> = BTreeMap::new();
    for (job, outcome) in jobs.iter().zip(outcomes) {
        if !map.contains_key(&job.source) {
            order.push(job.source.clone());
        }
        let r = map
            .entry(job.source.clone())
            .or_insert_with(|| SourceReport {
                source: job.source.clone(),
                ..SourceReport::default()
            });
        let finding = |o: &Outcome| Finding {
            path: job.path.clone(),
            expected: job.expected,
            first_error: o.first_error.clone(),
        };
        match (&job.class, outcome) {
            (Class::Skipped(reason), _) => *r.skipped.entry(reason.clone()).or_default() += 1,
            (Class::MultiFile, _) => r.multi_file += 1,
            (Class::Compile | Class::PreprocessOnly | Class::LinkLevel, Some(o)) if o.crashed => {
                if job.class != Class::LinkLevel {
                    r.checked += 1;
                    match job.expected {
                        Expected::Pass => r.pass_checked += 1,
                        Expected::Fail => r.fail_checked += 1,
                    }
                }
                r.crashes.push(finding(o));
            }
            (Class::LinkLevel, Some(o)) => match job.expected {
                Expected::Pass => {
                    r.link_level.expected_pass += 1;
                    if !o.accepted {
                        r.link_level.expected_pass_rejected.push(finding(o));
                    }
                }
                Expected::Fail => {
                    r.link_level.expected_fail += 1;
                    if !o.accepted {
                        r.link_level.expected_fail_rejected += 1;
                    }
                }
            },
            (Class::Compile | Class::PreprocessOnly, Some(o)) => {
                r.checked += 1;
                if job.mode_guessed {
                    r.mode_guessed += 1;
                }
                let agree = o.accepted == (job.expected == Expected::Pass);
                match (job.expected, agree) {
                    (Expected::Pass, a) => {
                        r.pass_checked += 1;
                        r.pass_agree += usize::from(a);
                    }
                    (Expected::Fail, a) => {
                        r.fail_checked += 1;
                        r.fail_agree += usize::from(a);
                    }
                }
                if job.class == Class::PreprocessOnly {
                    r.preprocess_only += 1;
                    if agree {
                        r.preprocess_only_agree += 1;
                    }
                }
                if agree {
                    r.agree += 1;
                } else if o.accepted {
                    r.false_accepts.push(finding(o));
                } else {
                    r.false_rejects.push(finding(o));
                }
            }
            (_, None) => *r.skipped.entry("not run".into()).or_default() += 1,
        }
    }
    order.into_iter().filter_map(|s| map.remove(&s)).collect()
}
