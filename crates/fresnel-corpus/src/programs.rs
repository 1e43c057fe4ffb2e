//! Whole programs: every piglit and shader-db `.shader_test` is one program (its GLSL
//! shaders, several of a stage being units of it), which piglit expects to link unless its
//! `[test]` says `link error`. Each is compiled and lowered, then checked by the library
//! linker's program-level checks (`fresnel_link::validate_program`, with the facts of
//! `fresnel::shader_facts`). What counts is the link step: programs it rejects that should
//! link (false link rejects) and link errors it misses. Separable programs (`SSO ENABLED`,
//! `SEPARABLE`) are left out: each of their shaders is a program of its own.

use std::panic::AssertUnwindSafe;
use std::path::Path;

use fresnel::{NoIncludes, Options, SourceInput, TargetEnv, Version};
use fresnel_testfmt::piglit;

use crate::corpus::{self, read_text};
use crate::run;

/// One `.shader_test` program.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Program {
    /// `piglit` or `shader-db`.
    pub collection: String,
    /// Relative to the corpus directory.
    pub path: String,
    /// The `[test]` section expects `link error`.
    pub expects_link_error: bool,
    #[serde(skip)]
    pub test: piglit::ShaderTest,
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

/// Every non-separable `.shader_test` of piglit and shader-db with GLSL shaders.
pub fn collect(dir: &Path) -> Vec<Program> {
    let mut out = Vec::new();
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
            out.push(Program {
                collection: collection.into(),
                path: p
                    .strip_prefix(dir)
                    .unwrap_or(&p)
                    .to_string_lossy()
                    .into_owned(),
                expects_link_error: test.expects_link_error(),
                test,
            });
        }
    }
    out
}

/// Compiles and links one program (on the calling thread).
fn link_one(p: &Program) -> Result {
    let es = p.test.require.glsl.as_ref().is_some_and(|g| g.version.es);
    let mut irs = Vec::new();
    let mut facts = Vec::new();
    for s in p.test.glsl_shaders() {
        let opts = Options {
            stage: Some(run::stage_of(s.stage)),
            target: if es {
                TargetEnv::OpenGlEs
            } else {
                TargetEnv::OpenGl
            },
            default_version: es.then_some(Version::es(100)),
            ..Options::default()
        };
        let name = format!("{}:{} ({})", p.path, s.line, s.stage);
        let run = fresnel::lower_to_ir(SourceInput::new(&name, &s.source), &opts, &mut NoIncludes);
        let error = |lower: bool| {
            run.diagnostics
                .iter()
                .find(|d| d.severity == fresnel::Severity::Error && (d.code == "E-lower") == lower)
                .map(|d| format!("{}: {}", s.stage, d.message))
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
