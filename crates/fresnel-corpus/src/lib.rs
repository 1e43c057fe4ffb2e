//! Measures how well `fresnel check` agrees with the test suites of the shared corpus
//! (`../shared/corpus`): piglit's and glslang's expected results, the compile-level
//! expectations of the dEQP `.test` files, and real-world shaders that other compilers accept.
//!
//! The `fresnel-corpus` binary and the `agreement` test suite both use this library, so a
//! figure means the same thing in both:
//!
//! * [`corpus`]: where the corpus is, the manifest, glslang's test modes;
//! * [`run`]: how one shader is compiled (the options a row's harness implies, the preludes,
//!   includes) and what came out;
//! * [`agreement`]: manifest rows → jobs → per-source agreement figures;
//! * [`deqp`]: compile-level agreement with the dEQP `.test` files;
//! * [`isolate`]: running checks in worker processes, so a crash costs one shader;
//! * [`peer`]: the same jobs run by glslangValidator and Mesa (`mesa-check`), cached;
//! * [`realworld`]: shader-db, glsl-optimizer, naga and amber shaders;
//! * [`ircheck`]: lowering every accepted shader to the IR, validating it and round-tripping
//!   its text form.

pub mod agreement;
pub mod corpus;
pub mod deqp;
pub mod ircheck;
pub mod isolate;
pub mod peer;
pub mod programs;
pub mod realworld;
pub mod refcdb;
pub mod run;

use rayon::prelude::*;

/// Runs `f` over `items` on a pool of `threads` threads (0 = one per core), keeping the input
/// order. (Compiles run on threads of their own with large stacks: see [`run::check`].)
pub fn par_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    match pool {
        Ok(pool) => pool.install(|| items.par_iter().map(&f).collect()),
        Err(_) => items.iter().map(f).collect(),
    }
}

/// A percentage with two decimals, `-` when there is nothing to divide.
pub fn percent(part: usize, total: usize) -> String {
    if total == 0 {
        "-".to_string()
    } else {
        format!("{:.2}%", 100.0 * part as f64 / total as f64)
    }
}
