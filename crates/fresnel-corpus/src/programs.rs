//! Whole programs: every piglit and shader-db `.shader_test` is one program (its GLSL
//! shaders, several of a stage being units of it), which piglit expects to link unless its
//! `[test]` says `link error`; every graphics pipeline of an Amber script (`amber/`, the
//! Vulkan CTS amber tests) whose attached shaders are all inline GLSL is one Vulkan program
//! expected to link. Each is compiled and lowered, then checked by the library linker's
//! program-level checks (`fresnel_link::validate_program`, with the facts of
//! `fresnel::shader_facts`). What counts is the link step: programs it rejects that should
//! link (false link rejects) and link errors it misses. Separable programs (`SSO ENABLED`,
//! `SEPARABLE`) are left out: each of their shaders is a program of its own.

use std::panic::AssertUnwindSafe;
use std::path::Path;

use fresnel::{NoIncludes, Options, SourceInput, Stage, TargetEnv, Version};
use fresnel_testfmt::amber::{self, ShaderFormat};
use fresnel_testfmt::piglit;

use crate::corpus::{self, read_text, relative as rel};
use crate::run;

/// One program.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Program {
    /// `piglit`, `shader-db`, `amber` or `vk-gl-cts-amber`.
    pub collection: String,
    /// Relative to the corpus directory (with the pipeline's name for Amber).
    pub path: String,
    /// The `[test]` section expects `link error`.
    pub expects_link_error: bool,
    pub target: TargetEnv,
    /// The version of shaders without `#version`.
    pub default_version: Option<Version>,
    /// The shaders: stage, 1-based line where the source starts, source.
    #[serde(skip)]
    pub shaders: Vec<(Stage, usize, String)>,
}

/// What became of a program.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Result {
    Linked,
    /// A shader was rejected by the front end (its first error).
    CompileRejected(String),
    /// A shader could not be lowered (no IR to link).
    NotLowered(String),
    /// The link checks rejected it.
    LinkRejected(String),
    /// The compiler panicked.
    Crashed(String),
}

/// Every non-separable `.shader_test` of piglit and shader-db with GLSL shaders, and every
/// Amber graphics pipeline of GLSL shaders.
pub fn collect(dir: &Path) -> Vec<Program> {
    let mut out = Vec::new();
    shader_tests(dir, &mut out);
    for (sub, collection) in corpus::AMBER_DIRS {
        amber_pipelines(dir, sub, collection, &mut out);
    }
    out
}

fn shader_tests(dir: &Path, out: &mut Vec<Program>) {
    for collection in ["piglit", "shader-db"] {
        for p in corpus::walk(&dir.join(collection)) {
            if p.extension().is_none_or(|e| e != "shader_test") {
                continue;
            }
            let Some(text) = read_text(&p) else { continue };
            let test = piglit::parse_shader_test(&text);
            let separable = test
                .require
                .other
                .iter()
                .any(|o| o.contains("SSO") || o.contains("SEPARABLE"));
            if separable || test.glsl_shaders().next().is_none() {
                continue;
            }
            let es = test.require.glsl.as_ref().is_some_and(|g| g.version.es);
            out.push(Program {
                collection: collection.into(),
                path: rel(dir, &p),
                expects_link_error: test.expects_link_error(),
                target: if es {
                    TargetEnv::OpenGlEs
                } else {
                    TargetEnv::OpenGl
                },
                default_version: es.then_some(Version::es(100)),
                shaders: test
                    .glsl_shaders()
                    .map(|s| (run::stage_of(s.stage), s.line + 1, s.source.clone()))
                    .collect(),
            });
        }
    }
}

/// The graphics pipelines of an Amber script: their names and the shaders they attach.
fn pipelines(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["PIPELINE", "graphics", name, ..] => current = Some((name.to_string(), Vec::new())),
            ["PIPELINE", ..] => current = None,
            ["ATTACH", name, ..] => {
                if let Some((_, attached)) = current.as_mut() {
                    attached.push(name.to_string());
                }
            }
            ["END"] => out.extend(current.take()),
            _ => {}
        }
    }
    out
}

fn amber_pipelines(dir: &Path, sub: &str, collection: &str, out: &mut Vec<Program>) {
    for p in corpus::walk(&dir.join(sub)) {
        if p.extension().is_none_or(|e| e != "amber") {
            continue;
        }
        let Some(text) = read_text(&p) else { continue };
        let Ok(shaders) = amber::parse_amber(&text) else {
            continue;
        };
        for (name, attached) in pipelines(&text) {
            let glsl: Vec<(Stage, usize, String)> = attached
                .iter()
                .filter_map(|a| {
                    let s = shaders.iter().find(|s| &s.name == a)?;
                    match (&s.format, s.stage, &s.source) {
                        (ShaderFormat::Glsl, Some(stage), Some(src)) => {
                            Some((run::stage_of(stage), s.source_line, src.clone()))
                        }
                        _ => None,
                    }
                })
                .collect();
            // Every attached shader inline GLSL, and at least two stages to link.
            if glsl.len() != attached.len() || glsl.len() < 2 {
                continue;
            }
            out.push(Program {
                collection: collection.into(),
                path: format!("{} (pipeline {name})", rel(dir, &p)),
                expects_link_error: false,
                // Amber runs on Vulkan 1.0 unless a shader asks for more; the link checks
                // only need to know it is Vulkan.
                target: TargetEnv::Vulkan { minor: 2 },
                default_version: None,
                shaders: glsl,
            });
        }
    }
}

/// Compiles and links one program (on the calling thread).
fn link_one(p: &Program) -> Result {
    let mut irs = Vec::new();
    let mut facts = Vec::new();
    for (stage, line, source) in &p.shaders {
        let opts = Options {
            stage: Some(*stage),
            target: p.target,
            default_version: p.default_version,
            ..Options::default()
        };
        let name = format!("{}:{line} ({})", p.path, stage.extension());
        let run = fresnel::lower_to_ir(SourceInput::new(&name, source), &opts, &mut NoIncludes);
        let error = |lower: bool| {
            run.diagnostics
                .iter()
                .find(|d| d.severity == fresnel::Severity::Error && (d.code == "E-lower") == lower)
                .map(|d| format!("{}:{line}: {}", stage.extension(), d.message))
        };
        if let Some(e) = error(false) {
            return Result::CompileRejected(e);
        }
        if let Some(e) = error(true) {
            return Result::NotLowered(e);
        }
        facts.extend(fresnel::shader_facts(&run, opts.target));
        match run.ir {
            Some(ir) => irs.push(ir),
            None => return Result::NotLowered("no IR".into()),
        }
    }
    let units: Vec<&fresnel::ir::Shader> = irs.iter().collect();
    match fresnel::link::validate_program(&units, &facts) {
        Ok(()) => Result::Linked,
        Err(e) => Result::LinkRejected(e.message),
    }
}

/// Links every program on `threads` threads, each on a thread with a large stack (a panic
/// is a crash of that program only).
pub fn run_all(programs: &[Program], threads: usize) -> Vec<Result> {
    crate::par_map(programs, threads, |p| {
        let spawned = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(run::STACK_SIZE)
                .spawn_scoped(scope, || {
                    std::panic::catch_unwind(AssertUnwindSafe(|| link_one(p)))
                })
                .map(|h| h.join())
        });
        match spawned {
            Ok(Ok(Ok(r))) => r,
            _ => Result::Crashed("compiler panicked".into()),
        }
    })
}

/// The figures of one collection.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Report {
    pub collection: String,
    /// Programs expected to link, and what became of them.
    pub expect_link: Counts,
    /// Programs expected not to link.
    pub expect_link_error: Counts,
    /// Expected to link, rejected by the link checks (path, message).
    pub false_link_rejects: Vec<(String, String)>,
    /// Expected not to link, linked (path).
    pub missed_link_errors: Vec<String>,
}

#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Counts {
    pub programs: usize,
    pub linked: usize,
    pub compile_rejected: usize,
    pub not_lowered: usize,
    pub link_rejected: usize,
    pub crashed: usize,
}

impl Counts {
    fn add(&mut self, r: &Result) {
        self.programs += 1;
        match r {
            Result::Linked => self.linked += 1,
            Result::CompileRejected(_) => self.compile_rejected += 1,
            Result::NotLowered(_) => self.not_lowered += 1,
            Result::LinkRejected(_) => self.link_rejected += 1,
            Result::Crashed(_) => self.crashed += 1,
        }
    }

    pub fn text(&self) -> String {
        format!(
            "{} (linked {}, rejected by the link checks {}, by the compile step {}, not lowered {}, crashed {})",
            self.programs,
            self.linked,
            self.link_rejected,
            self.compile_rejected,
            self.not_lowered,
            self.crashed
        )
    }
}

/// Counts per collection.
pub fn summarize(programs: &[Program], results: &[Result]) -> Vec<Report> {
    let mut out: Vec<Report> = Vec::new();
    for (p, r) in programs.iter().zip(results) {
        let i = match out.iter().position(|x| x.collection == p.collection) {
            Some(i) => i,
            None => {
                out.push(Report {
                    collection: p.collection.clone(),
                    ..Report::default()
                });
                out.len() - 1
            }
        };
        let rep = &mut out[i];
        if p.expects_link_error {
            rep.expect_link_error.add(r);
            if *r == Result::Linked {
                rep.missed_link_errors.push(p.path.clone());
            }
        } else {
            rep.expect_link.add(r);
            if let Result::LinkRejected(m) = r {
                rep.false_link_rejects.push((p.path.clone(), m.clone()));
            }
        }
    }
    out
}
