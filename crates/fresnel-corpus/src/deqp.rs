//! Compile-level agreement with the dEQP shader-library `.test` files: every test case the
//! runner makes of a file (a `both` case makes two), its programs specialized as the runner
//! does, every shader compiled.
//!
//! * `expect compile_fail`: at least one shader must be rejected;
//! * `pass`, `build_successful`: every shader must compile;
//! * `link_fail`, `validation_fail`: link-level, counted separately (their shaders should all
//!   compile; how many the compile step rejects is reported);
//! * `compile_or_link_fail`: agrees when a shader is rejected, link-level otherwise.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fresnel::{TargetEnv, Version};
use fresnel_testfmt::deqp::{
    self, Expect, Flavor, GlslVersion, Program, Requirement, SpecializeError, SpecializeOptions,
};

use crate::isolate::{self, Item, Mode};
use crate::run::{self, Outcome, Settings};

/// Every `.test` file under the corpus's `vk-gl-cts`, sorted.
pub fn corpus_files(corpus: &Path) -> Vec<PathBuf> {
    crate::corpus::walk(&corpus.join("vk-gl-cts"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "test"))
        .collect()
}

/// One test case of the runner.
#[derive(Clone, Debug)]
pub struct Test {
    /// The `.test` file as given (or relative to the corpus).
    pub file: String,
    pub line: usize,
    /// `group.case` or `group.case_vertex`.
    pub name: String,
    pub flavor: Flavor,
    pub version: GlslVersion,
    pub expect: Expect,
    pub requirements: Vec<Requirement>,
    pub programs: Result<Vec<Program>, SpecializeError>,
}

/// A parsed file: its tests, or why it could not be parsed.
#[derive(Clone, Debug)]
pub struct File {
    pub file: String,
    /// `case` blocks in the file.
    pub cases: usize,
    pub tests: Vec<Test>,
    pub error: Option<String>,
}

/// Parses and specializes a `.test` file. `display` is the name used in reports.
pub fn load(path: &Path, display: &str) -> File {
    let mut file = File {
        file: display.to_string(),
        cases: 0,
        tests: Vec::new(),
        error: None,
    };
    let Some(text) = crate::corpus::read_text(path) else {
        file.error = Some(format!("cannot read {}", path.display()));
        return file;
    };
    let path_str = path.to_string_lossy().into_owned();
    let flavor = Flavor::for_path(&path_str);
    let mut import =
        |p: &str| crate::corpus::read_text(Path::new(p)).ok_or_else(|| "cannot read".into());
    let cases = match deqp::parse(&text, &path_str, flavor, &mut import) {
        Ok(c) => c,
        Err(e) => {
            file.error = Some(e.to_string());
            return file;
        }
    };
    file.cases = cases.len();
    let opts = SpecializeOptions::permissive(flavor);
    for case in &cases {
        for inst in deqp::specialize(case, &opts) {
            let mut name = case.groups.join(".");
            if !name.is_empty() {
                name.push('.');
            }
            name.push_str(&inst.name);
            file.tests.push(Test {
                file: display.to_string(),
                line: case.line,
                name,
                flavor,
                version: case.version,
                expect: case.expect,
                requirements: case.requirements.clone(),
                programs: inst.programs,
            });
        }
    }
    file
}

/// The settings the runner's context implies for one shader.
pub fn settings(flavor: Flavor, version: GlslVersion, stage: fresnel_testfmt::Stage) -> Settings {
    let mut s = Settings::new(Some(run::stage_of(stage)));
    match flavor {
        Flavor::Vulkan => s.target = TargetEnv::Vulkan { minor: 0 },
        _ if version.is_es() => {
            s.target = TargetEnv::OpenGlEs;
            s.default_version = Some(Version::es(100));
        }
        _ => s.target = TargetEnv::OpenGl,
    }
    s
}

/// How a test compares with its expectation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Agree,
    /// `compile_fail`, and every shader compiled.
    FalseAccept,
    /// Expected to compile, and this shader (stage) was rejected.
    FalseReject {
        stage: String,
        error: String,
    },
    /// `link_fail`, `validation_fail`, or an accepted `compile_or_link_fail`.
    LinkLevel {
        compile_rejected: bool,
    },
    /// The runner would not compile it (reason).
    Skipped(String),
    /// The runner fails the case itself (template error, unsupported expectation).
    HarnessError(String),
    /// The compiler crashed (panic, abort, hang) on this shader.
    Crash {
        stage: String,
        error: String,
    },
}

/// The programs a test compiles, or why it is not compiled.
pub fn programs(test: &Test) -> Result<&[Program], Verdict> {
    let programs = match &test.programs {
        Ok(p) => p,
        Err(SpecializeError::NotSupported(m)) => return Err(Verdict::Skipped(m.clone())),
        Err(e) => return Err(Verdict::HarnessError(e.to_string())),
    };
    if test
        .requirements
        .contains(&Requirement::OnlyGlslEs100Support)
    {
        return Err(Verdict::Skipped(
            "only_glsl_es_100_support (passes without compiling on an ES 3 context)".into(),
        ));
    }
    if test
        .requirements
        .contains(&Requirement::ExactlyOneDrawBuffer)
    {
        return Err(Verdict::Skipped(
            "exactly_one_draw_buffer (not supported with several draw buffers)".into(),
        ));
    }
    Ok(programs)
}

/// The verdict of a test given the first rejected shader (stage, outcome), if any, or why it
/// was not compiled.
pub fn verdict(test: &Test, compiled: Result<Option<(String, Outcome)>, Verdict>) -> Verdict {
    let rejected = match compiled {
        Err(v) => return v,
        Ok(r) => r,
    };
    if let Some((stage, o)) = &rejected {
        if o.crashed {
            return Verdict::Crash {
                stage: stage.clone(),
                error: o.first_error.clone().unwrap_or_default(),
            };
        }
    }
    match (test.expect, rejected) {
        (Expect::CompileFail, Some(_)) => Verdict::Agree,
        (Expect::CompileFail, None) => Verdict::FalseAccept,
        (Expect::Pass | Expect::BuildSuccessful, None) => Verdict::Agree,
        (Expect::Pass | Expect::BuildSuccessful, Some((stage, o))) => {
            if test
                .requirements
                .contains(&Requirement::FullGlslEs100Support)
            {
                Verdict::Skipped(
                    "full_glsl_es_100_support (a rejection is reported as not supported)".into(),
                )
            } else {
                Verdict::FalseReject {
                    stage,
                    error: o.first_error.unwrap_or_default(),
                }
            }
        }
        (Expect::CompileOrLinkFail, Some(_)) => Verdict::Agree,
        (Expect::CompileOrLinkFail, None) => Verdict::LinkLevel {
            compile_rejected: false,
        },
        (Expect::LinkFail | Expect::ValidationFail, r) => Verdict::LinkLevel {
            compile_rejected: r.is_some(),
        },
    }
}

/// A disagreement, for listing.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Disagreement {
    pub file: String,
    pub line: usize,
    pub name: String,
    pub expect: String,
    pub verdict: Verdict,
}

/// Figures for one file (or the total).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Report {
    pub file: String,
    pub cases: usize,
    pub tests: usize,
    /// Compile-level tests compared with their expectation.
    pub checked: usize,
    pub agree: usize,
    pub false_accepts: usize,
    pub false_rejects: usize,
    /// `compile_fail` tests and how many agree.
    pub compile_fail: usize,
    pub compile_fail_agree: usize,
    pub link_level: usize,
    pub link_level_compile_rejected: usize,
    pub skipped: BTreeMap<String, usize>,
    pub harness_errors: usize,
    /// Tests where the compiler crashed (counted in `checked`).
    pub crashes: usize,
    pub parse_error: Option<String>,
    pub disagreements: Vec<Disagreement>,
}

impl Report {
    fn add(&mut self, test: &Test, v: &Verdict) {
        self.tests += 1;
        let compile_fail = test.expect == Expect::CompileFail;
        match v {
            Verdict::Agree
            | Verdict::FalseAccept
            | Verdict::FalseReject { .. }
            | Verdict::Crash { .. } => {
                self.checked += 1;
                if compile_fail {
                    self.compile_fail += 1;
                }
            }
            _ => {}
        }
        match v {
            Verdict::Agree => {
                self.agree += 1;
                if compile_fail {
                    self.compile_fail_agree += 1;
                }
            }
            Verdict::FalseAccept => self.false_accepts += 1,
            Verdict::FalseReject { .. } => self.false_rejects += 1,
            Verdict::LinkLevel { compile_rejected } => {
                self.link_level += 1;
                if *compile_rejected {
                    self.link_level_compile_rejected += 1;
                }
            }
            Verdict::Skipped(r) => *self.skipped.entry(r.clone()).or_default() += 1,
            Verdict::HarnessError(_) => self.harness_errors += 1,
            Verdict::Crash { .. } => self.crashes += 1,
        }
        if matches!(
            v,
            Verdict::FalseAccept
                | Verdict::FalseReject { .. }
                | Verdict::HarnessError(_)
                | Verdict::Crash { .. }
        ) {
            self.disagreements.push(Disagreement {
                file: test.file.clone(),
                line: test.line,
                name: test.name.clone(),
                expect: test.expect.name().to_string(),
                verdict: v.clone(),
            });
        }
    }

    fn merge(&mut self, o: &Report) {
        self.cases += o.cases;
        self.tests += o.tests;
        self.checked += o.checked;
        self.agree += o.agree;
        self.false_accepts += o.false_accepts;
        self.false_rejects += o.false_rejects;
        self.compile_fail += o.compile_fail;
        self.compile_fail_agree += o.compile_fail_agree;
        self.link_level += o.link_level;
        self.link_level_compile_rejected += o.link_level_compile_rejected;
        for (k, v) in &o.skipped {
            *self.skipped.entry(k.clone()).or_default() += v;
        }
        self.harness_errors += o.harness_errors;
        self.crashes += o.crashes;
        self.disagreements.extend(o.disagreements.iter().cloned());
    }

    pub fn agreement(&self) -> f64 {
        if self.checked == 0 {
            0.0
        } else {
            self.agree as f64 / self.checked as f64
        }
    }

    /// One line of figures.
    pub fn line(&self) -> String {
        let mut s = format!(
            "{}: {} cases, {} tests; {}/{} agree ({}): {} false accepts, {} false rejects; compile_fail {}/{}",
            self.file,
            self.cases,
            self.tests,
            self.agree,
            self.checked,
            crate::percent(self.agree, self.checked),
            self.false_accepts,
            self.false_rejects,
            self.compile_fail_agree,
            self.compile_fail
        );
        if self.link_level > 0 {
            s.push_str(&format!(
                "; link-level {} ({} rejected at compile)",
                self.link_level, self.link_level_compile_rejected
            ));
        }
        let skipped: usize = self.skipped.values().sum();
        if skipped > 0 {
            s.push_str(&format!("; skipped {skipped}"));
        }
        if self.harness_errors > 0 {
            s.push_str(&format!("; harness errors {}", self.harness_errors));
        }
        if self.crashes > 0 {
            s.push_str(&format!("; COMPILER CRASHES {}", self.crashes));
        }
        if let Some(e) = &self.parse_error {
            s.push_str(&format!("; PARSE ERROR: {e}"));
        }
        s
    }
}

/// Runs every test of the files on `threads` threads; per-file reports and the total.
pub fn run_files(files: &[File], threads: usize, mode: &Mode) -> (Vec<Report>, Report) {
    let tests: Vec<&Test> = files.iter().flat_map(|f| f.tests.iter()).collect();
    // Every shader of every test that is compiled, in order.
    let mut shaders: Vec<(usize, String, &str, Settings, &'static str)> = Vec::new();
    for (ti, t) in tests.iter().enumerate() {
        if let Ok(programs) = programs(t) {
            for p in programs {
                for (stage, src) in &p.shaders {
                    shaders.push((
                        ti,
                        format!("{}.{}", t.name, stage.extension()),
                        src.as_str(),
                        settings(t.flavor, t.version, *stage),
                        stage.extension(),
                    ));
                }
            }
        }
    }
    let items: Vec<Item<'_>> = shaders
        .iter()
        .map(|(_, name, text, settings, _)| Item {
            name,
            text,
            settings,
        })
        .collect();
    let outcomes = isolate::check_all(&items, threads, mode);
    let mut first_rejected: Vec<Option<(String, Outcome)>> = vec![None; tests.len()];
    for ((ti, _, _, _, stage), o) in shaders.iter().zip(outcomes) {
        if !o.accepted && first_rejected[*ti].is_none() {
            first_rejected[*ti] = Some((stage.to_string(), o));
        }
    }
    let verdicts: Vec<Verdict> = tests
        .iter()
        .zip(first_rejected)
        .map(|(t, r)| verdict(t, programs(t).map(|_| r)))
        .collect();
    let mut reports = Vec::new();
    let mut total = Report {
        file: "total".into(),
        ..Report::default()
    };
    let mut i = 0;
    for f in files {
        let mut r = Report {
            file: f.file.clone(),
            cases: f.cases,
            parse_error: f.error.clone(),
            ..Report::default()
        };
        for t in &f.tests {
            r.add(t, &verdicts[i]);
            i += 1;
        }
        total.merge(&r);
        if f.error.is_some() {
            total.parse_error = Some("some files did not parse".into());
        }
        reports.push(r);
    }
    (reports, total)
}
