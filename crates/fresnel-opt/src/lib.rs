//! The optimizer: passes over the IR and the pass manager that runs them.
//!
//! After Mesa NIR, each pass is one file named `opt_*` (an optimization) or `lower_*` (a
//! lowering), with a heading comment saying what it does and why it is sound, and each
//! returns whether it changed the shader ("made progress"). A [`Pipeline`] is a list of
//! steps: passes run once, and groups of passes run in a loop until none makes progress
//! (with a cap, reported when hit), as Mesa drivers loop over their `nir_opt_*` calls.
//!
//! The [`PassManager`] adds what makes a miscompile easy to find, after rustc's MIR and
//! LLVM's `opt`: validation of the IR after every pass application (in tests and debug
//! builds, or on request), a dump of the IR after all passes or after named ones, passes
//! disabled by name, and a bisect limit that stops applying passes after the Nth, so that
//! bisecting N finds the one application that breaks a shader. The library does no I/O:
//! dumps and bisect lines are returned in the [`RunLog`] for the caller to print.

pub mod lower_array_deref_of_vec;
pub mod lower_const_arrays_to_uniforms;
pub mod lower_div_to_mul_rcp;
pub mod lower_global_vars_to_local;
pub mod lower_io_to_temporaries;
pub mod lower_matrix_ops;
pub mod lower_mod_to_fract;
pub mod lower_returns;
pub mod lower_vars_to_ssa;
pub mod lower_vec_access_to_component;
pub mod opt_algebraic;
pub mod opt_constant_folding;
pub mod opt_copy_prop;
pub mod opt_cse;
pub mod opt_dce;
pub mod opt_dead_cf;
pub mod opt_dead_variables;
pub mod opt_dead_write_vars;
pub mod opt_fuse_ffma;
pub mod opt_inline;
pub mod opt_loop_unroll;
pub mod opt_matrix_reassociate;
pub mod opt_peephole_select;
pub mod opt_shrink_vectors;
pub mod opt_undef;
pub mod opt_unused_residency;
// Component stores and per-component lanes made vector operations.
pub mod opt_vectorize;
pub mod util;

use fresnel_ir::{Function, Shader, Types};

/// A transformation of a shader.
pub trait Pass: Send + Sync {
    /// The name used by `--print-after`, `--disable-pass` and the bisect log (the file
    /// name: `opt_cse`, `lower_div_to_mul_rcp`, ...).
    fn name(&self) -> &'static str;
    /// Transforms the shader; true when anything changed.
    fn run(&self, shader: &mut Shader) -> bool;
}

/// Runs `f` on every function of the shader; true when any made progress.
pub fn for_each_function(
    shader: &mut Shader,
    mut f: impl FnMut(&mut Function, &mut Types) -> bool,
) -> bool {
    let Shader {
        functions, types, ..
    } = shader;
    let mut progress = false;
    for (_, func) in functions.iter_mut() {
        progress |= f(func, types);
    }
    progress
}

/// Every pass, by name (what `--disable-pass` and `--print-after` accept).
pub fn all_passes() -> Vec<Box<dyn Pass>> {
    vec![
        Box::new(opt_constant_folding::ConstantFolding),
        Box::new(opt_copy_prop::CopyProp),
        Box::new(opt_dce::Dce),
        Box::new(opt_cse::Cse),
        Box::new(opt_algebraic::Algebraic),
        Box::new(opt_dead_variables::DeadVariables),
        Box::new(opt_dead_write_vars::DeadWriteVars),
        Box::new(lower_const_arrays_to_uniforms::ConstArraysToUniforms),
        Box::new(lower_div_to_mul_rcp::DivToMulRcp),
        Box::new(lower_mod_to_fract::ModToFract),
        Box::new(lower_vars_to_ssa::VarsToSsa),
        Box::new(opt_inline::Inline::default()),
        Box::new(lower_returns::LowerReturns),
        Box::new(opt_peephole_select::PeepholeSelect),
        Box::new(opt_dead_cf::DeadCf),
        Box::new(opt_shrink_vectors::ShrinkVectors),
        Box::new(lower_global_vars_to_local::GlobalVarsToLocal),
        Box::new(opt_loop_unroll::LoopUnroll::default()),
        Box::new(opt_loop_unroll::LoopUnroll::budget_only()),
        Box::new(lower_io_to_temporaries::LowerIoToTemporaries),
        Box::new(lower_array_deref_of_vec::LowerArrayDerefOfVec),
        Box::new(lower_vec_access_to_component::LowerVecAccessToComponent),
        Box::new(opt_fuse_ffma::FuseFfma),
        Box::new(lower_matrix_ops::LowerMatrixOps),
        Box::new(opt_unused_residency::UnusedResidency),
        Box::new(opt_matrix_reassociate::MatrixReassociate),
        Box::new(opt_undef::OptUndef),
        // Component stores and lanes as vector operations.
        Box::new(opt_vectorize::Vectorize),
    ]
}

/// Finds a pass by name.
pub fn pass_by_name(name: &str) -> Option<Box<dyn Pass>> {
    all_passes().into_iter().find(|p| p.name() == name)
}

/// One step of a pipeline.
pub enum Step {
    /// A pass applied once.
    Once(Box<dyn Pass>),
    /// Passes applied in order, again and again until none makes progress, at most `cap`
    /// rounds.
    Loop {
        passes: Vec<Box<dyn Pass>>,
        cap: u32,
    },
}

/// A list of steps.
pub struct Pipeline {
    pub steps: Vec<Step>,
}

/// Optimization levels.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum OptLevel {
    /// No optimization (the IR as lowered).
    #[default]
    O0,
    /// For speed.
    O,
    /// For size: as `-O`, but functions of more than
    /// [`opt_inline::SIZE_INLINE_INSTRUCTIONS`] instructions called from several places stay
    /// functions.
    Os,
}

/// What the target allows the optimizer to assume.
#[derive(Copy, Clone, Debug, Default)]
pub struct TargetFacts {
    /// Uniforms outside blocks may have initializers (OpenGL); needed by
    /// `lower_const_arrays_to_uniforms`.
    pub default_uniforms: bool,
}

/// Rounds of the main loop before the pipeline gives up looking for a fixed point.
pub const LOOP_CAP: u32 = 64;

impl Pipeline {
    /// The pipeline of an optimization level.
    pub fn for_level(level: OptLevel, target: TargetFacts) -> Pipeline {
        let mut steps = Vec::new();
        if level == OptLevel::O0 {
            return Pipeline { steps };
        }
        steps.push(Step::Once(Box::new(lower_returns::LowerReturns)));
        steps.push(Step::Once(Box::new(opt_inline::Inline {
            max_copied: if level == OptLevel::Os {
                opt_inline::SIZE_INLINE_INSTRUCTIONS
            } else {
                opt_inline::MAX_INLINE_INSTRUCTIONS
            },
        })));
        steps.push(Step::Once(Box::new(
            lower_global_vars_to_local::GlobalVarsToLocal,
        )));
        steps.push(Step::Once(Box::new(
            lower_io_to_temporaries::LowerIoToTemporaries,
        )));

        steps.push(Step::Once(Box::new(lower_vars_to_ssa::VarsToSsa)));
        steps.push(Step::Loop {
            passes: vec![
                // Again in the loop (as NIR does): folding can make an index constant, and
                // the variable it reaches then becomes SSA.
                Box::new(lower_vars_to_ssa::VarsToSsa),
                Box::new(opt_copy_prop::CopyProp),
                Box::new(opt_constant_folding::ConstantFolding),
                Box::new(opt_algebraic::Algebraic),
                Box::new(opt_cse::Cse),
                Box::new(opt_dce::Dce),
                Box::new(opt_dead_cf::DeadCf),
                Box::new(opt_undef::OptUndef),
                Box::new(opt_dead_write_vars::DeadWriteVars),
                Box::new(opt_peephole_select::PeepholeSelect),
                Box::new(opt_shrink_vectors::ShrinkVectors),
                Box::new(lower_vec_access_to_component::LowerVecAccessToComponent),
                Box::new(opt_unused_residency::UnusedResidency),
                Box::new(opt_matrix_reassociate::MatrixReassociate),
                // Issue 6: component stores and scalar lanes as vector work.
                Box::new(opt_vectorize::Vectorize),
                Box::new(if level == OptLevel::Os {
                    opt_loop_unroll::LoopUnroll::for_size()
                } else {
                    opt_loop_unroll::LoopUnroll::default()
                }),
            ],
            cap: LOOP_CAP,
        });
        // Late, as `nir_opt_algebraic_late`: multiply-adds fused once nothing else wants
        // to see the plain arithmetic.
        steps.push(Step::Once(Box::new(opt_fuse_ffma::FuseFfma)));
        if target.default_uniforms {
            steps.push(Step::Once(Box::new(
                lower_const_arrays_to_uniforms::ConstArraysToUniforms,
            )));
        }
        steps.push(Step::Once(Box::new(opt_dead_variables::DeadVariables)));
        Pipeline { steps }
    }

    /// The names of the passes, in order of first use.
    pub fn pass_names(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for s in &self.steps {
            let names: Vec<&'static str> = match s {
                Step::Once(p) => vec![p.name()],
                Step::Loop { passes, .. } => passes.iter().map(|p| p.name()).collect(),
            };
            for n in names {
                if !out.contains(&n) {
                    out.push(n);
                }
            }
        }
        out
    }
}

/// When to dump the IR.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PrintAfter {
    #[default]
    Nothing,
    All,
    Passes(Vec<String>),
}

/// How the pass manager runs a pipeline.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Validate the IR after every pass application (always on in debug builds).
    pub validate: bool,
    pub print_after: PrintAfter,
    /// Passes not run.
    pub disabled: Vec<String>,
    /// Apply at most this many passes (counting from 1 across the whole run); later
    /// applications are skipped and logged, as LLVM's `-opt-bisect-limit`.
    pub bisect_limit: Option<u64>,
}

/// One pass application.
#[derive(Clone, Debug)]
pub struct Application {
    /// 1-based count across the run.
    pub index: u64,
    pub pass: &'static str,
    /// Skipped because of the bisect limit.
    pub skipped: bool,
    pub progress: bool,
    /// Wall time of the application (validation excluded).
    pub time: std::time::Duration,
    /// The IR after the pass, when asked for.
    pub dump: Option<String>,
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct RunLog {
    pub applications: Vec<Application>,
    /// A loop step that hit its cap without reaching a fixed point (the pass names).
    pub hit_cap: Vec<String>,
}

impl RunLog {
    /// Total time per pass name, most expensive first.
    pub fn time_by_pass(&self) -> Vec<(&'static str, std::time::Duration)> {
        let mut out: Vec<(&'static str, std::time::Duration)> = Vec::new();
        for a in &self.applications {
            match out.iter_mut().find(|(n, _)| *n == a.pass) {
                Some((_, t)) => *t += a.time,
                None => out.push((a.pass, a.time)),
            }
        }
        out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        out
    }

    /// The bisect lines (`BISECT: running pass (N) NAME`), as LLVM prints them.
    pub fn bisect_lines(&self) -> Vec<String> {
        self.applications
            .iter()
            .map(|a| {
                format!(
                    "BISECT: {} pass ({}) {}",
                    if a.skipped { "NOT running" } else { "running" },
                    a.index,
                    a.pass
                )
            })
            .collect()
    }
}

/// A pass produced invalid IR.
#[derive(Clone, Debug)]
pub struct OptError {
    pub pass: &'static str,
    pub application: u64,
    pub errors: Vec<String>,
    /// The invalid IR.
    pub ir: String,
}

impl std::fmt::Display for OptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "pass {} (application {}) produced invalid IR: {}",
            self.pass,
            self.application,
            self.errors.join("; ")
        )
    }
}

impl std::error::Error for OptError {}

/// Runs pipelines.
pub struct PassManager {
    pub pipeline: Pipeline,
    pub options: RunOptions,
}

impl PassManager {
    pub fn new(pipeline: Pipeline, options: RunOptions) -> PassManager {
        PassManager { pipeline, options }
    }

    fn apply(
        &self,
        pass: &dyn Pass,
        shader: &mut Shader,
        log: &mut RunLog,
    ) -> Result<bool, OptError> {
        if self.options.disabled.iter().any(|d| d == pass.name()) {
            return Ok(false);
        }
        let index = log.applications.len() as u64 + 1;
        let skipped = self.options.bisect_limit.is_some_and(|l| index > l);
        let start = std::time::Instant::now();
        let progress = !skipped && pass.run(shader);
        let time = start.elapsed();
        if progress && (self.options.validate || cfg!(debug_assertions)) {
            if let Err(errs) = fresnel_ir::validate(shader) {
                return Err(OptError {
                    pass: pass.name(),
                    application: index,
                    errors: errs.iter().map(|e| e.to_string()).collect(),
                    ir: shader.to_string(),
                });
            }
        }
        let dump = match &self.options.print_after {
            PrintAfter::All if !skipped => Some(shader.to_string()),
            PrintAfter::Passes(names) if !skipped && names.iter().any(|n| n == pass.name()) => {
                Some(shader.to_string())
            }
            _ => None,
        };
        log.applications.push(Application {
            index,
            pass: pass.name(),
            skipped,
            progress,
            time,
            dump,
        });
        Ok(progress)
    }

    /// Runs the pipeline on a shader.
    pub fn run(&self, shader: &mut Shader) -> Result<RunLog, OptError> {
        let mut log = RunLog::default();
        for step in &self.pipeline.steps {
            match step {
                Step::Once(p) => {
                    self.apply(p.as_ref(), shader, &mut log)?;
                }
                Step::Loop { passes, cap } => {
                    let mut rounds = 0;
                    loop {
                        let mut progress = false;
                        for p in passes {
                            progress |= self.apply(p.as_ref(), shader, &mut log)?;
                        }
                        rounds += 1;
                        if !progress {
                            break;
                        }
                        if rounds >= *cap {
                            log.hit_cap.push(
                                passes
                                    .iter()
                                    .map(|p| p.name())
                                    .collect::<Vec<_>>()
                                    .join(","),
                            );
                            break;
                        }
                    }
                }
            }
        }
        Ok(log)
    }
}

/// Optimizes a shader at a level with default options.
pub fn optimize(
    shader: &mut Shader,
    level: OptLevel,
    target: TargetFacts,
) -> Result<RunLog, OptError> {
    PassManager::new(Pipeline::for_level(level, target), RunOptions::default()).run(shader)
}
