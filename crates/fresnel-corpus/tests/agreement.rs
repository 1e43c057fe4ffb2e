//! Agreement floors over ../shared/corpus (read-only).
//!
//! * `agreement/piglit`, `agreement/glslang`: the manifest rows of each source, compiled as the
//!   source's harness would (see `fresnel_corpus::agreement`). Two figures are guarded: the
//!   expected-pass rows Fresnel accepts and the expected-fail rows it rejects.
//! * `deqp`: the compile-level expectations of every dEQP `.test` file: tests expected to
//!   compile that compile, and `compile_fail` tests with a rejected shader.
//! * `programs`: piglit and shader-db `.shader_test` programs and Amber graphics pipelines
//!   through the library linker's program-level checks (see `fresnel_corpus::programs`): the
//!   programs expected to link that link, the `link error` programs the checks reject, and no
//!   program expected to link rejected by the checks.
//!
//! A trial FAILS when a figure drops below its floor below, or when the compiler crashes on
//! more shaders than recorded. When a figure improves, the trial prints a note: raise the floor
//! (never lower one to make a change pass, unless the change fixes a wrong expectation).
//!
//! The compiles run through the library (`fresnel::check`), in worker processes of this test
//! binary so that a compiler crash that aborts (a stack overflow) costs one shader and is
//! reported as a crash. Without the corpus the trials are reported as ignored.
//!
//! `cargo test -p fresnel-corpus --test agreement -- --nocapture` prints the figures;
//! `cargo run -p fresnel-corpus -- agreement --list` lists every disagreement.

use fresnel_corpus::agreement::{self, SourceReport};
use fresnel_corpus::isolate::{self, Mode, WorkerCommand};
use fresnel_corpus::{corpus, deqp, programs};
use libtest_mimic::{Arguments, Failed, Trial};

/// piglit parser tests: expected-pass rows accepted, expected-fail rows rejected.
const PIGLIT_PASS_AGREE: usize = 990; // of 990
const PIGLIT_FAIL_AGREE: usize = 1157; // of 1157
/// glslang's tests (compile-level and preprocess-only rows).
/// (764: `spv.functionNestedOpaque.vert` is expected to pass only because glslang accepts
/// it; GL_KHR_vulkan_glsl forbids a uniform structure holding opaque members, and glslang's
/// own module for it fails spirv-val, so `fresnel check` now rejects it for Vulkan.
/// 763: `GL_ARB_bindless_texture.frag` is expected to pass only because glslang accepts it;
/// it declares a fragment input `in sampler2D s1;` without `flat` and a `bindless_image`
/// input, both compile-time errors in ARB_bindless_texture, whose text piglit's tests quote.)
const GLSLANG_PASS_AGREE: usize = 763; // of 779
const GLSLANG_FAIL_AGREE: usize = 298; // of 307
/// dEQP: tests expected to compile whose shaders all compile, and `compile_fail` tests with a
/// rejected shader.
const DEQP_PASS_AGREE: usize = 8229; // of 8229
const DEQP_FAIL_AGREE: usize = 3735; // of 3735
/// Programs (`.shader_test`, Amber graphics pipelines): expected to link and linked, and
/// `link error` programs rejected by the link checks (piglit). A program expected to link
/// that the link checks reject always fails the trial.
const PROGRAMS_LINKED: [(&str, usize); 4] = [
    ("piglit", 1189),
    ("shader-db", 508),
    ("amber", 50),
    ("vk-gl-cts-amber", 287),
];
const PROGRAMS_LINK_ERRORS_REJECTED: usize = 27;
/// Shaders the compiler crashes on (panics, aborts, hangs), over all trials: a ceiling.
const MAX_CRASHES: [(&str, usize); 4] =
    [("piglit", 0), ("glslang", 0), ("deqp", 0), ("programs", 0)];

fn max_crashes(what: &str) -> usize {
    MAX_CRASHES
        .iter()
        .find(|(w, _)| *w == what)
        .map_or(0, |(_, n)| *n)
}

/// Compares figures with their floors: the failures, and notes for improvements.
fn check_floors(
    what: &str,
    figures: &[(&str, usize, usize)],
    crashes: usize,
) -> Result<(), Failed> {
    let mut failures = Vec::new();
    for (name, value, floor) in figures {
        if value < floor {
            failures.push(format!("{what}: {name} dropped to {value} (floor {floor})"));
        } else if value > floor {
            eprintln!("  note: {what} {name} improved to {value} (floor {floor}): raise the floor");
        }
    }
    let limit = max_crashes(what);
    if crashes > limit {
        failures.push(format!(
            "{what}: the compiler crashed on {crashes} shaders (recorded {limit})"
        ));
    } else if crashes < limit {
        eprintln!("  note: {what}: {crashes} crashes (recorded {limit}): lower MAX_CRASHES");
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(Failed::from(failures.join("\n")))
    }
}

fn mode() -> Mode {
    match WorkerCommand::current_exe_with_env() {
        Some(w) => Mode::Isolated(w),
        None => Mode::InProcess,
    }
}

fn source_trial(source: &'static str, pass_floor: usize, fail_floor: usize) -> Trial {
    Trial::test(format!("agreement/{source}"), move || {
        let dir = corpus::corpus_dir().ok_or("corpus missing")?;
        let jobs = agreement::jobs(&dir, &[source.to_string()]);
        let outcomes = agreement::run_fresnel(&jobs, 0, &mode());
        let reports = agreement::summarize(&jobs, &outcomes);
        let r: SourceReport = reports.into_iter().next().unwrap_or_default();
        r.print("fresnel", false);
        check_floors(
            source,
            &[
                ("expected-pass rows accepted", r.pass_agree, pass_floor),
                ("expected-fail rows rejected", r.fail_agree, fail_floor),
            ],
            r.crashes.len(),
        )
    })
}

fn deqp_trial() -> Trial {
    Trial::test("deqp", || {
        let dir = corpus::corpus_dir().ok_or("corpus missing")?;
        let files: Vec<deqp::File> = deqp::corpus_files(&dir)
            .iter()
            .map(|p| {
                let name = p
                    .strip_prefix(&dir)
                    .unwrap_or(p)
                    .to_string_lossy()
                    .into_owned();
                deqp::load(p, &name)
            })
            .collect();
        let (_, total) = deqp::run_files(&files, 0, &mode());
        eprintln!("{}", total.line());
        if let Some(e) = &total.parse_error {
            return Err(Failed::from(format!("dEQP files did not parse: {e}")));
        }
        check_floors(
            "deqp",
            &[
                (
                    "tests expected to compile that compile",
                    total.agree - total.compile_fail_agree,
                    DEQP_PASS_AGREE,
                ),
                (
                    "compile_fail tests with a rejected shader",
                    total.compile_fail_agree,
                    DEQP_FAIL_AGREE,
                ),
            ],
            total.crashes,
        )
    })
}

fn programs_trial() -> Trial {
    Trial::test("programs", || {
        let dir = corpus::corpus_dir().ok_or("corpus missing")?;
        let list = programs::collect(&dir);
        let results = programs::run_all(&list, 0);
        let reports = programs::summarize(&list, &results);
        let mut figures = Vec::new();
        let mut crashes = 0;
        let mut false_rejects = Vec::new();
        for r in &reports {
            eprintln!(
                "{}: expected to link: {}",
                r.collection,
                r.expect_link.text()
            );
            eprintln!(
                "{}: expected not to link: {}",
                r.collection,
                r.expect_link_error.text()
            );
            crashes += r.expect_link.crashed + r.expect_link_error.crashed;
            false_rejects.extend(r.false_link_rejects.iter().cloned());
            if let Some((_, floor)) = PROGRAMS_LINKED.iter().find(|(c, _)| *c == r.collection) {
                figures.push((
                    "programs expected to link that link",
                    r.expect_link.linked,
                    *floor,
                ));
            }
            if r.collection == "piglit" {
                figures.push((
                    "link error programs rejected by the link checks",
                    r.expect_link_error.link_rejected,
                    PROGRAMS_LINK_ERRORS_REJECTED,
                ));
            }
        }
        if !false_rejects.is_empty() {
            return Err(Failed::from(format!(
                "programs expected to link rejected by the link checks: {false_rejects:?}"
            )));
        }
        check_floors("programs", &figures, crashes)
    })
}

fn main() {
    // This binary is also the worker process of its own trials.
    if std::env::var_os(isolate::WORKER_ENV).is_some() {
        let stdin = std::io::stdin().lock();
        let stdout = std::io::stdout().lock();
        let _ = isolate::worker_loop(stdin, stdout);
        return;
    }
    let args = Arguments::from_args();
    let present = corpus::corpus_dir().is_some();
    if !present {
        eprintln!("note: ../shared/corpus not found; corpus trials ignored");
    }
    let trials = vec![
        source_trial("piglit", PIGLIT_PASS_AGREE, PIGLIT_FAIL_AGREE),
        source_trial("glslang", GLSLANG_PASS_AGREE, GLSLANG_FAIL_AGREE),
        deqp_trial(),
        programs_trial(),
    ]
    .into_iter()
    .map(|t| t.with_ignored_flag(!present))
    .collect();
    libtest_mimic::run(&args, trials).exit();
}
