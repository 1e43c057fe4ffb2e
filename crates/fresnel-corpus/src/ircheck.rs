//! `fresnel-corpus ir-check`: for every corpus shader that `fresnel::check` accepts, lower it
//! to the IR, run the validator, and round-trip the IR through its text form (print, parse,
//! print again: the texts must be equal and the parsed shader must validate too).
//!
//! The shaders are the compile-level manifest rows expected to pass (piglit, glslang,
//! glsl-optimizer, naga, vk-gl-cts, amber), the real-world shaders (shader-db, ...) and the
//! shaders of the dEQP cases expected to compile.
//! Compiles run in this process, each on a thread with a large stack, with panics caught and
//! counted.

use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};

use fresnel::{IncludeKind, IncludeResolver, NoIncludes, SourceInput};

use fresnel_testfmt::deqp::Expect;

use crate::agreement;
use crate::corpus::Expected;
use crate::run::{Includes, Settings, STACK_SIZE};
use crate::{deqp, realworld};

/// What happened to one shader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IrOutcome {
    /// `check` rejected it (not counted further).
    Rejected,
    /// Lowering returned an error.
    LowerError(String),
    /// Lowering (or checking) panicked.
    Panicked(String),
    /// The validator rejected the IR: the first error, and how many there were.
    Invalid(String, usize),
    /// The text form did not round-trip.
    RoundTrip(String),
    Ok,
}

/// One shader to check.
#[derive(Clone, Debug)]
pub struct IrJob {
    pub label: String,
    pub text: String,
    pub settings: Settings,
}

/// The shaders: manifest rows expected to compile, the real-world shaders, and the shaders
/// of the dEQP cases expected to compile. `sources` selects manifest sources and the
/// pseudo-sources `realworld` and `deqp`; empty means everything.
pub fn jobs(dir: &Path, sources: &[String]) -> Vec<IrJob> {
    let all = sources.is_empty();
    let manifest: Vec<String> = sources
        .iter()
        .filter(|s| *s != "realworld" && *s != "deqp")
        .cloned()
        .collect();
    let mut out = Vec::new();
    if all || !manifest.is_empty() {
        for j in agreement::jobs(dir, &manifest) {
            if j.expected != Expected::Pass
                || !matches!(j.class, agreement::Class::Compile)
                || j.settings.preprocess_only
            {
                continue;
            }
            out.push(IrJob {
                label: j.path.clone(),
                text: j.text,
                settings: j.settings,
            });
        }
    }
    if all || sources.iter().any(|s| s == "realworld") {
        for s in realworld::collect(dir) {
            out.push(IrJob {
                label: s.label,
                text: s.text,
                settings: s.settings,
            });
        }
    }
    if all || sources.iter().any(|s| s == "deqp") {
        for path in deqp::corpus_files(dir) {
            let display = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .to_string_lossy()
                .into_owned();
            let file = deqp::load(&path, &display);
            for test in &file.tests {
                if !matches!(test.expect, Expect::Pass | Expect::BuildSuccessful) {
                    continue;
                }
                let Ok(programs) = deqp::programs(test) else {
                    continue;
                };
                for program in programs {
                    for (stage, text) in &program.shaders {
                        out.push(IrJob {
                            label: format!(
                                "{}:{} {} ({})",
                                test.file,
                                test.line,
                                test.name,
                                stage.extension()
                            ),
                            text: text.clone(),
                            settings: deqp::settings(test.flavor, test.version, *stage),
                        });
                    }
                }
            }
        }
    }
    out
}

struct DirIncludes {
    dir: PathBuf,
}

impl IncludeResolver for DirIncludes {
    fn resolve(
        &mut self,
        name: &str,
        _kind: IncludeKind,
        from: &str,
    ) -> Result<(String, String), String> {
        let base = Path::new(from)
            .parent()
            .map_or_else(|| self.dir.clone(), Path::to_path_buf);
        let name = name.replace('\\', "/");
        for dir in [base, self.dir.clone()] {
            let p = dir.join(&name);
            if let Ok(bytes) = std::fs::read(&p) {
                return Ok((
                    p.to_string_lossy().into_owned(),
                    String::from_utf8_lossy(&bytes).into_owned(),
                ));
            }
        }
        Err(format!("{name} not found"))
    }
}

struct EmptyIncludes;

impl IncludeResolver for EmptyIncludes {
    fn resolve(
        &mut self,
        name: &str,
        _kind: IncludeKind,
        _from: &str,
    ) -> Result<(String, String), String> {
        if name == "/dummy/path_to/shader_include" {
            Ok((name.to_string(), String::new()))
        } else {
            Err(format!("no named string `{name}`"))
        }
    }
}

/// Checks and lowers one shader: the IR, or why there is none.
fn lower_here(
    name: &str,
    text: &str,
    settings: &Settings,
) -> Result<fresnel::ir::Shader, IrOutcome> {
    let opts = settings.options();
    let src = SourceInput::new(name, text);
    let run = match &settings.includes {
        Includes::None => fresnel::check(src, &opts, &mut NoIncludes),
        Includes::Empty => fresnel::check(src, &opts, &mut EmptyIncludes),
        Includes::Dir(d) => fresnel::check(src, &opts, &mut DirIncludes { dir: d.clone() }),
    };
    if run.has_errors() {
        return Err(IrOutcome::Rejected);
    }
    let Some(module) = run.hir.as_ref() else {
        return Err(IrOutcome::Rejected);
    };
    let lopts = fresnel::lower::LowerOptions {
        vulkan: opts.target.is_vulkan(),
        no_ssa: false,
    };
    fresnel::lower::lower(module, &run.interner, &lopts)
        .map_err(|e| IrOutcome::LowerError(e.message))
}

/// The IR text of one shader, or why there is none (for `ir-check --print`); on a thread
/// with a large stack.
pub fn ir_text(name: &str, text: &str, settings: &Settings) -> Result<String, String> {
    let here = || {
        let result =
            std::panic::catch_unwind(AssertUnwindSafe(|| lower_here(name, text, settings)));
        match result {
            Ok(Ok(shader)) => Ok(shader.to_string()),
            Ok(Err(o)) => Err(format!("{o:?}")),
            Err(_) => Err("the compiler panicked".to_string()),
        }
    };
    let spawned = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, here)
            .map(|h| h.join())
    });
    match spawned {
        Ok(Ok(r)) => r,
        Ok(Err(_)) => Err("the compiler panicked".to_string()),
        Err(_) => here(),
    }
}

/// Checks, lowers, validates and round-trips one shader (on the current thread).
pub fn ir_check_here(name: &str, text: &str, settings: &Settings) -> IrOutcome {
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let shader = match lower_here(name, text, settings) {
            Ok(s) => s,
            Err(o) => return o,
        };
        if let Err(errs) = fresnel::ir::validate(&shader) {
            return IrOutcome::Invalid(errs[0].to_string(), errs.len());
        }
        let printed = shader.to_string();
        match fresnel::ir::parse(&printed) {
            Err(e) => IrOutcome::RoundTrip(format!("parse: {e}")),
            Ok(p) => {
                let again = p.to_string();
                if again != printed {
                    let line = printed
                        .lines()
                        .zip(again.lines())
                        .position(|(a, b)| a != b)
                        .map_or(0, |i| i + 1);
                    IrOutcome::RoundTrip(format!("reprinted text differs at line {line}"))
                } else if let Err(errs) = fresnel::ir::validate(&p) {
                    IrOutcome::RoundTrip(format!("parsed IR invalid: {}", errs[0]))
                } else {
                    IrOutcome::Ok
                }
            }
        }
    }));
    match result {
        Ok(o) => o,
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            IrOutcome::Panicked(msg)
        }
    }
}

/// [`ir_check_here`] on a thread of its own with a large stack.
pub fn ir_check(name: &str, text: &str, settings: &Settings) -> IrOutcome {
    let spawned = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, || ir_check_here(name, text, settings))
            .map(|h| h.join())
    });
    match spawned {
        Ok(Ok(o)) => o,
        Ok(Err(_)) => IrOutcome::Panicked("thread panicked".into()),
        Err(_) => ir_check_here(name, text, settings),
    }
}

/// Messages with numbers blurred, to group similar failures.
fn group_key(msg: &str) -> String {
    let first = msg.lines().next().unwrap_or("");
    let mut out = String::with_capacity(first.len());
    let mut prev_digit = false;
    for c in first.chars() {
        if c.is_ascii_digit() {
            if !prev_digit {
                out.push('N');
            }
            prev_digit = true;
        } else {
            out.push(c);
            prev_digit = false;
        }
    }
    out
}

/// Counts by outcome, and the failures grouped by message.
#[derive(Debug, Default)]
pub struct IrReport {
    pub shaders: usize,
    pub accepted: usize,
    pub ok: usize,
    pub lower_errors: usize,
    pub panics: usize,
    pub invalid: usize,
    pub round_trip: usize,
    /// (kind, message group) -> (count, first example).
    pub groups: BTreeMap<(String, String), (usize, String)>,
}

impl IrReport {
    pub fn new(jobs: &[IrJob], outcomes: &[IrOutcome]) -> IrReport {
        let mut r = IrReport {
            shaders: jobs.len(),
            ..IrReport::default()
        };
        for (j, o) in jobs.iter().zip(outcomes) {
            let (kind, msg) = match o {
                IrOutcome::Rejected => continue,
                IrOutcome::Ok => {
                    r.accepted += 1;
                    r.ok += 1;
                    continue;
                }
                IrOutcome::LowerError(m) => {
                    r.lower_errors += 1;
                    ("lower error", m.clone())
                }
                IrOutcome::Panicked(m) => {
                    r.panics += 1;
                    ("panic", m.clone())
                }
                IrOutcome::Invalid(m, _) => {
                    r.invalid += 1;
                    ("invalid", m.clone())
                }
                IrOutcome::RoundTrip(m) => {
                    r.round_trip += 1;
                    ("round trip", m.clone())
                }
            };
            r.accepted += 1;
            let e = r
                .groups
                .entry((kind.to_string(), group_key(&msg)))
                .or_insert((0, format!("{}: {}", j.label, msg)));
            e.0 += 1;
        }
        r
    }

    /// Prints the figures and the `top` most frequent failure groups of each kind.
    pub fn print(&self, top: usize) {
        println!(
            "ir-check: {} shaders, {} accepted by check; lowered and valid and round-tripped: {} ({})",
            self.shaders,
            self.accepted,
            self.ok,
            crate::percent(self.ok, self.accepted)
        );
        println!(
            "  lower errors: {}, lowering panics: {}, validation failures: {}, round-trip failures: {}",
            self.lower_errors, self.panics, self.invalid, self.round_trip
        );
        for kind in ["panic", "invalid", "round trip", "lower error"] {
            let mut groups: Vec<_> = self.groups.iter().filter(|((k, _), _)| k == kind).collect();
            groups.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
            for ((_, key), (n, example)) in groups.iter().take(top) {
                println!("  {kind} x{n}: {key}");
                let ex = example.lines().take(3).collect::<Vec<_>>().join(" | ");
                println!("      e.g. {ex}");
            }
            if groups.len() > top {
                println!("  ... {} more {kind} groups", groups.len() - top);
            }
        }
    }
}

/// Runs the whole check over `jobs` with `threads` threads.
pub fn run(jobs: &[IrJob], threads: usize) -> Vec<IrOutcome> {
    crate::par_map(jobs, threads, |j| ir_check(&j.label, &j.text, &j.settings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_blur_numbers() {
        assert_eq!(
            group_key("in main, b12: %3 (defined in b4) does not dominate\n  x"),
            "in main, bN: %N (defined in bN) does not dominate"
        );
    }

    #[test]
    fn a_simple_shader_goes_through_or_reports_why() {
        let s = Settings::new(Some(fresnel::Stage::Fragment));
        let o = ir_check_here(
            "t.frag",
            "#version 450\nlayout(location=0) out vec4 c;\nvoid main() { c = vec4(1.0); }\n",
            &s,
        );
        // Lowering is written concurrently: any outcome but a rejection or a panic is fine.
        assert!(
            !matches!(o, IrOutcome::Rejected | IrOutcome::Panicked(_)),
            "{o:?}"
        );
        let o = ir_check_here("t.frag", "#version 450\nvoid main() { x = 1; }\n", &s);
        assert_eq!(o, IrOutcome::Rejected);
    }
}
