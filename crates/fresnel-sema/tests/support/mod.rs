//! What the checker's rule tests share: the errors of checking a shader, and the two
//! assertions every rule test makes (it compiles; it fails with a message containing a given
//! text). Each test file keeps its own short `ok`/`fails` for its usual stage and target.

// Each test file is its own crate and uses part of this module.
#![allow(dead_code)]

use fresnel::{NoIncludes, Options, SourceInput, Stage, TargetEnv};

/// The errors of checking `src` (named `name`, whose extension gives the stage when `opts`
/// does not), each as `[code] message`.
pub fn errors_of(name: &str, src: &str, opts: &Options) -> Vec<String> {
    let run = fresnel::check(SourceInput::new(name, src), opts, &mut NoIncludes);
    let errors: Vec<String> = run
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("[{}] {}", d.code, d.message))
        .collect();
    assert_eq!(run.has_errors(), !errors.is_empty(), "{errors:?}");
    errors
}

/// The errors of checking `src` as a `stage` shader for `target`.
pub fn errors(stage: Stage, target: TargetEnv, src: &str) -> Vec<String> {
    let opts = Options {
        stage: Some(stage),
        target,
        ..Default::default()
    };
    errors_of("t.glsl", src, &opts)
}

/// Asserts that `errors` (of checking `src`) is empty.
#[track_caller]
pub fn assert_ok(errors: &[String], src: &str) {
    assert!(
        errors.is_empty(),
        "expected no errors, got:\n{}\n--- shader:\n{src}",
        errors.join("\n")
    );
}

/// Asserts that one of `errors` (of checking `src`) contains `needle`.
#[track_caller]
pub fn assert_fails(errors: &[String], src: &str, needle: &str) {
    assert!(
        errors.iter().any(|m| m.contains(needle)),
        "expected an error containing {needle:?}, got:\n{}\n--- shader:\n{src}",
        errors.join("\n")
    );
}
