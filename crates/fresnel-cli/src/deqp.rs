//! `fresnel deqp FILE.test...`: runs dEQP shader-library cases the way the dEQP runners do.
//!
//! Every case is specialized as its runner specializes it (`fresnel_testfmt::deqp`: GLES,
//! OpenGL CTS or Vulkan flavour, from the path), every shader is compiled to the IR, compile
//! expectations are checked, and `expect pass` cases are executed: the vertex shader over
//! the four corners of a full-viewport quad, its outputs interpolated to a 2x2 block of
//! fragments, the fragment shader over them. The generated shaders compare the results
//! with the reference values themselves (`isOk` with dEQP's tolerance) and write white on
//! success; like the runners, a sub-case passes when every pixel is white (each of R, G, B
//! 255 after conversion to 8-bit unorm; the Vulkan runner also checks alpha). Cases with
//! `output_color` compare the colour output with the expected value instead.
//!
//! Inputs are fed as the runners bind them: by attribute name (`<name>` or the float
//! transport `a_<name>`) for the GL runners, by location (and component) for Vulkan, where
//! `dEQP_Position` is location 0 and each input takes one location per matrix column.
//! Uniforms go to default-block uniforms by name (GL) or the members of the `Uniforms`
//! block (Vulkan); references to `ref_<name>` (GL) or the `Reference` block (Vulkan).
//!
//! Back ends (`--backend`): the interpreter, or SPIR-V on a Vulkan device (`vulkan.rs`:
//! the program is linked by `fresnel_link`, compiled by the SPIR-V writer and drawn by
//! `fresnel_vk` on Mesa lavapipe), or both, reporting every test whose outcomes differ.
//! Both back ends hand their colours to the same judgement ([`judge`]).

// Lane loops index several parallel per-lane arrays (masks, values, pointers).
#![allow(clippy::needless_range_loop)]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use fresnel::{Options, SourceInput, TargetEnv, Version};
use fresnel_interp::{Fragment, Interp, Leaf, Scalar};
use fresnel_ir::{Shader, VarMode};
use fresnel_testfmt::deqp::{
    self, Case, DataType, Expect, Flavor, GlslVersion, Program, Requirement, SpecializeError,
    SpecializeOptions, Value, ValueBlock,
};
use fresnel_testfmt::Stage as TStage;
use fresnel_vk::Gpu;

pub(crate) mod pipeline;
mod vulkan;

use fresnel_link::ShaderFacts;

/// Where execution tests run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Backend {
    /// The CPU interpreter (fresnel-interp).
    #[default]
    Interp,
    /// SPIR-V on the Vulkan device (Mesa lavapipe).
    Vulkan,
    /// Both, reporting every test whose outcomes differ.
    Both,
}

/// What every test of a run shares: the back end and the Vulkan device.
#[derive(Clone, Copy, Debug)]
pub struct Ctx<'g> {
    pub backend: Backend,
    /// Required by the Vulkan and both back ends.
    pub gpu: Option<&'g Gpu>,
    /// The SPIR-V target: Vulkan 1.`vulkan_minor` (0: SPIR-V 1.0, as the Vulkan CTS shader
    /// library uses; 1: 1.3; 2: 1.5; 3: 1.6).
    pub vulkan_minor: u8,
    /// Optimization applied to every shader before it runs (`-O` must give the same
    /// results as `-O0`).
    pub opt: fresnel_opt::OptLevel,
}

/// The outcome of one test (a `both` case makes two tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

/// One test's result.
#[derive(Clone, Debug)]
pub struct TestResult {
    pub name: String,
    pub outcome: Outcome,
    /// With the `both` back end: the Vulkan outcome (the same as `outcome` for tests that
    /// do not execute).
    pub vulkan: Option<Outcome>,
    /// An execution test (`expect pass`: compiled and run).
    pub execution: bool,
}

/// A file's results.
#[derive(Clone, Debug, Default)]
pub struct FileResult {
    pub file: String,
    pub error: Option<String>,
    pub tests: Vec<TestResult>,
}

/// One instance of a case with what it needs to run.
struct Test<'c> {
    case: &'c Case,
    name: String,
    flavor: Flavor,
    programs: Result<Vec<Program>, SpecializeError>,
    /// Print the shaders, IR and SPIR-V (`FRESNEL_DEQP_DUMP=<part of the name>`).
    dump: bool,
}

/// Runs every test of a file (tests in parallel, results in file order).
pub fn run_file(path: &Path, ctx: &Ctx<'_>) -> FileResult {
    let display = path.to_string_lossy().into_owned();
    let mut result = FileResult {
        file: display.clone(),
        ..FileResult::default()
    };
    let text = match std::fs::read(path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            result.error = Some(format!("cannot read {display}: {e}"));
            return result;
        }
    };
    let flavor = Flavor::for_path(&display);
    let mut import = |p: &str| {
        std::fs::read(p)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|e| format!("cannot read {p}: {e}"))
    };
    let cases = match deqp::parse(&text, &display, flavor, &mut import) {
        Ok(c) => c,
        Err(e) => {
            result.error = Some(e.to_string());
            return result;
        }
    };
    let opts = SpecializeOptions::permissive(flavor);
    let dump_filter = std::env::var("FRESNEL_DEQP_DUMP")
        .ok()
        .filter(|d| !d.is_empty());
    let mut tests = Vec::new();
    for case in &cases {
        for inst in deqp::specialize(case, &opts) {
            let mut name = case.groups.join(".");
            if !name.is_empty() {
                name.push('.');
            }
            name.push_str(&inst.name);
            tests.push(Test {
                case,
                dump: dump_filter.as_deref().is_some_and(|d| name.contains(d)),
                name,
                flavor,
                programs: inst.programs,
            });
        }
    }
    use rayon::prelude::*;
    let one = |t: &Test<'_>| {
        let mut vk = None;
        let o = match catch_unwind(AssertUnwindSafe(|| run_test(t, ctx, &mut vk))) {
            Ok(o) => o,
            Err(p) => Outcome::Fail(format!("internal error: panic: {}", panic_message(&p))),
        };
        let vk = (ctx.backend == Backend::Both).then(|| vk.unwrap_or_else(|| o.clone()));
        (o, vk)
    };
    // Worker threads get the large stack the front end's nesting limits assume (as the
    // CLI's main thread does).
    let outcomes: Vec<(Outcome, Option<Outcome>)> = match rayon::ThreadPoolBuilder::new()
        .stack_size(crate::STACK_BYTES as usize)
        .build()
    {
        Ok(pool) => pool.install(|| tests.par_iter().map(one).collect()),
        Err(_) => tests.iter().map(one).collect(),
    };
    result.tests = tests
        .iter()
        .zip(outcomes)
        .map(|(t, (outcome, vulkan))| TestResult {
            name: t.name.clone(),
            outcome,
            vulkan,
            execution: t.case.expect == Expect::Pass,
        })
        .collect();
    result
}

fn panic_message(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown".into()
    }
}

fn options(flavor: Flavor, version: GlslVersion, stage: TStage) -> Options {
    let stage = fresnel::Stage::from_extension(stage.extension());
    let (target, default_version) = match flavor {
        Flavor::Vulkan => (TargetEnv::Vulkan { minor: 0 }, None),
        _ if version.is_es() => (TargetEnv::OpenGlEs, Some(Version::es(100))),
        _ => (TargetEnv::OpenGl, None),
    };
    Options {
        stage,
        target,
        default_version,
        ..Options::default()
    }
}

/// A compiled shader, or why it was not.
enum Compiled {
    Ok(Box<Shader>, ShaderFacts),
    /// The front end rejected it (the first error).
    Rejected(String),
    /// Accepted by the checker but the lowering failed.
    LowerFailed(String),
}

fn compile(flavor: Flavor, version: GlslVersion, stage: TStage, src: &str) -> Compiled {
    let opts = options(flavor, version, stage);
    let name = format!("shader.{}", stage.extension());
    let run = fresnel::lower_to_ir(
        SourceInput::new(&name, src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let first_error = |lower: bool| {
        run.diagnostics
            .iter()
            .find(|d| d.severity == fresnel::Severity::Error && (d.code == "E-lower") == lower)
            .map(|d| d.message.clone())
    };
    if let Some(e) = first_error(false) {
        return Compiled::Rejected(e);
    }
    if let Some(e) = first_error(true) {
        return Compiled::LowerFailed(e);
    }
    let facts = fresnel::shader_facts(&run, opts.target);
    match run.ir {
        Some(ir) => {
            let facts = facts.unwrap_or_else(|| ShaderFacts::new(ir.stage));
            Compiled::Ok(Box::new(ir), facts)
        }
        None => Compiled::LowerFailed("no IR was produced".into()),
    }
}

/// Runs one test on `ctx`'s back end (the interpreter's outcome with `both`, whose Vulkan
/// outcome goes to `vk` when the test executes).
fn run_test(t: &Test<'_>, ctx: &Ctx<'_>, vk: &mut Option<Outcome>) -> Outcome {
    let case = t.case;
    let programs = match &t.programs {
        Ok(p) => p,
        Err(SpecializeError::NotSupported(m)) => {
            return Outcome::Skip(format!("not supported: {m}"))
        }
        Err(SpecializeError::Internal(m)) if m.contains("Only EXPECT_PASS") => {
            return Outcome::Skip(format!(
                "the Vulkan runner does not run `expect {}` cases",
                case.expect.name()
            ))
        }
        Err(e) => return Outcome::Fail(format!("runner error: {e}")),
    };
    if case.requires(&Requirement::OnlyGlslEs100Support) {
        return Outcome::Skip(
            "require only_glsl_es_100_support (an ES 3 context reports it unsupported)".into(),
        );
    }
    if case.requires(&Requirement::ExactlyOneDrawBuffer) {
        return Outcome::Skip("require exactly_one_draw_buffer (several draw buffers)".into());
    }
    let dump = t.dump;
    // Compile everything.
    let mut shaders: Vec<(TStage, Shader)> = Vec::new();
    let mut facts: Vec<ShaderFacts> = Vec::new();
    let mut rejected: Option<(TStage, String)> = None;
    let mut lower_failed: Option<(TStage, String)> = None;
    // The program of each compiled shader (pipeline validation compares separable ones).
    let mut program_of: Vec<usize> = Vec::new();
    for (pi, p) in programs.iter().enumerate() {
        for (stage, src) in &p.shaders {
            let mut c = compile(t.flavor, case.version, *stage, src);
            if let (Compiled::Ok(s, _), fresnel_opt::OptLevel::O | fresnel_opt::OptLevel::Os) =
                (&mut c, ctx.opt)
            {
                let facts = fresnel_opt::TargetFacts {
                    default_uniforms: t.flavor != Flavor::Vulkan,
                };
                if let Err(e) = fresnel_opt::optimize(s, ctx.opt, facts) {
                    return Outcome::Fail(format!("optimizer: {e}"));
                }
            }
            if dump {
                let mut ir = String::new();
                if let Compiled::Ok(s, _) = &c {
                    fresnel_ir::Printer::new(s).shader(&mut ir);
                }
                eprintln!(
                    "== {} ({}):\n{src}\n-- IR:\n{ir}",
                    t.name,
                    stage.extension()
                );
            }
            match c {
                Compiled::Ok(s, f) => {
                    shaders.push((*stage, *s));
                    program_of.push(pi);
                    facts.push(f);
                }
                Compiled::Rejected(e) => {
                    rejected.get_or_insert((*stage, e));
                }
                Compiled::LowerFailed(e) => {
                    lower_failed.get_or_insert((*stage, e));
                }
            }
        }
    }
    // The library linker's program-level checks (every stage of every program together, as
    // the runner has always linked them), and pipeline validation of separable programs.
    let units: Vec<&Shader> = shaders.iter().map(|(_, s)| s).collect();
    let link_error = || fresnel_link::validate_program(&units, &facts).err();
    match case.expect {
        Expect::CompileFail => {
            return match rejected {
                Some(_) => Outcome::Pass,
                None => Outcome::Fail("compiled, but `expect compile_fail`".into()),
            }
        }
        Expect::CompileOrLinkFail => {
            return match rejected {
                Some(_) => Outcome::Pass,
                None => match link_error() {
                    Some(_) => Outcome::Pass,
                    None => Outcome::Fail(
                        "`expect compile_or_link_fail`, but every shader compiled and the program links"
                            .into(),
                    ),
                },
            }
        }
        Expect::LinkFail | Expect::ValidationFail => {
            return match rejected {
                Some((s, e)) => Outcome::Fail(format!(
                    "`expect {}` but the {} shader was rejected at compile time: {e}",
                    case.expect.name(),
                    s.extension()
                )),
                None => match link_error().or_else(|| {
                    (case.expect == Expect::ValidationFail)
                        .then(|| fresnel_link::validate_pipeline(&units, &program_of).err())
                        .flatten()
                }) {
                    Some(_) => Outcome::Pass,
                    None => Outcome::Fail(format!(
                        "`expect {}`, but the program links",
                        case.expect.name()
                    )),
                },
            }
        }
        Expect::Pass | Expect::BuildSuccessful => {}
    }
    if let Some((s, e)) = rejected {
        if case.requires(&Requirement::FullGlslEs100Support) {
            return Outcome::Skip(
                "require full_glsl_es_100_support (a rejection is reported as unsupported)".into(),
            );
        }
        return Outcome::Fail(format!("{} shader rejected: {e}", s.extension()));
    }
    if let Some((s, e)) = lower_failed {
        return Outcome::Fail(format!("{} shader: lowering failed: {e}", s.extension()));
    }
    // A program expected to build must link.
    if let Some(e) = link_error() {
        return Outcome::Fail(format!("the program does not link: {e}"));
    }
    if case.expect == Expect::BuildSuccessful {
        return Outcome::Pass;
    }
    execute(t, &shaders, ctx, vk)
}

/// The value of sub-case `k` (a single value applies to every sub-case).
fn sub_values(v: &Value, k: usize) -> Vec<Scalar> {
    let idx = if v.array_length <= 1 { 0 } else { k };
    let s = v.sub_case(idx).or_else(|| v.sub_case(0)).unwrap_or(&[]);
    s.iter()
        .map(|x| match x {
            deqp::Scalar::Float(f) => Scalar::Float(f64::from(*f)),
            deqp::Scalar::Int(i) => Scalar::Int(i64::from(*i)),
            deqp::Scalar::Bool(b) => Scalar::Bool(*b),
        })
        .collect()
}

fn encode_all(vals: &[Scalar], leaves: &[Leaf]) -> Vec<u64> {
    leaves
        .iter()
        .enumerate()
        .map(|(i, l)| vals.get(i).map_or(0, |s| s.encode(*l)))
        .collect()
}

/// Lane-instructions one stage of one sub-case may execute (dEQP shaders are small; a
/// runaway loop fails the test quickly).
const MAX_INSTRUCTIONS: u64 = 20_000_000;

/// Corners of the quad: vertex k at ((k & 1), (k >> 1)) in [-1, 1].
const CORNERS: [[f32; 2]; 4] = [[-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0], [1.0, 1.0]];

fn execute(
    t: &Test<'_>,
    shaders: &[(TStage, Shader)],
    ctx: &Ctx<'_>,
    vk: &mut Option<Outcome>,
) -> Outcome {
    if let Some((s, _)) = shaders.iter().find(|(s, _)| {
        !matches!(
            s,
            TStage::Vertex
                | TStage::Fragment
                | TStage::TessControl
                | TStage::TessEval
                | TStage::Geometry
        )
    }) {
        return Outcome::Skip(format!(
            "{} shaders are not executed by the dEQP runner",
            s.extension()
        ));
    }
    let all: Vec<&Shader> = shaders.iter().map(|(_, s)| s).collect();
    if let Some(why) = pipeline::unsupported(&all) {
        return Outcome::Skip(why);
    }
    let Some((_, vs)) = shaders.iter().find(|(s, _)| *s == TStage::Vertex) else {
        return Outcome::Fail("no vertex shader".into());
    };
    let Some((_, fs)) = shaders.iter().find(|(s, _)| *s == TStage::Fragment) else {
        return Outcome::Fail("no fragment shader".into());
    };
    // The OpenGL CTS runner iterates every `values` block (none: compile and link only);
    // the others render the first block (at least one sub-case).
    let blocks: Vec<&ValueBlock> = if t.flavor == Flavor::GlCts {
        std::iter::once(&t.case.values)
            .chain(t.case.extra_value_blocks.iter())
            .filter(|b| !b.values.is_empty())
            .collect()
    } else {
        vec![&t.case.values]
    };
    let interp = || {
        run_blocks(&blocks, |values, k| {
            run_sub_case(t, shaders, vs, fs, values, k).map_err(|e| format!("interpreter: {e}"))
        })
    };
    let vulkan = || {
        let Some(gpu) = ctx.gpu else {
            return Outcome::Fail("no Vulkan device".into());
        };
        // Linked, compiled and checked (spirv-val) even when nothing is drawn.
        let run = || match vulkan::VkProgram::prepare(t, shaders, gpu, ctx.vulkan_minor) {
            Ok(_) if blocks.is_empty() => Outcome::Pass,
            Ok(p) => match &p.opaque {
                Some(name) => {
                    Outcome::Skip(format!("the Vulkan harness binds no textures (`{name}`)"))
                }
                None => run_blocks(&blocks, |values, k| p.run_sub_case(gpu, t, values, k)),
            },
            Err(o) => o,
        };
        // A panic (in linking or the SPIR-V writer) fails this back end only.
        catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|p| {
            Outcome::Fail(format!(
                "internal error (Vulkan path): panic: {}",
                panic_message(&p)
            ))
        })
    };
    match ctx.backend {
        Backend::Interp => interp(),
        Backend::Vulkan => vulkan(),
        Backend::Both => {
            *vk = Some(vulkan());
            interp()
        }
    }
}

/// Runs every sub-case of the blocks; the first failure is the outcome.
fn run_blocks(
    blocks: &[&ValueBlock],
    run: impl Fn(&ValueBlock, usize) -> Result<Option<String>, String>,
) -> Outcome {
    for values in blocks {
        let subs = values.sub_case_count();
        for k in 0..subs {
            match run(values, k) {
                Ok(None) => {}
                Ok(Some(why)) => {
                    return Outcome::Fail(if subs > 1 {
                        format!("sub-case {k}: {why}")
                    } else {
                        why
                    })
                }
                Err(e) => return Outcome::Fail(e),
            }
        }
    }
    Outcome::Pass
}

/// Sets the uniform and reference values in one shader: default-block uniforms by name
/// (GL), members of the `Uniforms` and `Reference` blocks (Vulkan), or members of the
/// default uniform block of a program linked for Vulkan (`fresnel_link`).
fn set_uniforms(it: &mut Interp<'_>, values: &ValueBlock, k: usize) {
    for v in values.uniforms() {
        let vals = sub_values(v, k);
        let _ = it
            .set_uniform_path(&v.name, &vals)
            .or_else(|_| it.set_block_member(&format!("Uniforms.{}", v.name), &vals))
            .map_err(|e| e.to_string())
            .or_else(|_| vulkan::set_default_block_member(it, &v.name, &vals));
    }
    for v in values.outputs() {
        let vals = sub_values(v, k);
        let name = format!("ref_{}", v.name);
        let _ = it
            .set_uniform_scalars(&name, &vals)
            .or_else(|_| it.set_block_member(&format!("Reference.{}", v.name), &vals))
            .map_err(|e| e.to_string())
            .or_else(|_| vulkan::set_default_block_member(it, &name, &vals));
    }
}

/// The (location, component) of every scalar slot of a variable of type `ty` placed at
/// `loc`/`comp` (vectors in one location, matrix columns and array elements in consecutive
/// ones, struct members one after the other; 64-bit types are not split).
fn loc_slots(
    types: &fresnel_ir::Types,
    ty: fresnel_ir::TypeId,
    loc: i32,
    comp: u8,
    out: &mut Vec<(i32, u8)>,
) -> i32 {
    use fresnel_ir::Type;
    if out.len() > 4096 {
        return loc;
    }
    // A 64-bit component takes two 32-bit components, so a `dvec3` or `dvec4` fills two
    // locations (GLSL "Input Layout Qualifiers").
    let vector = |n: u8, bits: u8, loc: i32, comp: u8, out: &mut Vec<(i32, u8)>| -> i32 {
        let width = if bits == 64 { 2 } else { 1 };
        let mut last = loc;
        for c in 0..n {
            let pos = i32::from(comp) + i32::from(c) * width;
            last = loc + pos / 4;
            out.push((last, (pos % 4) as u8));
        }
        last + 1
    };
    match types.get(ty) {
        Type::Vector {
            components, bits, ..
        } => vector(*components, *bits, loc, comp, out),
        Type::Matrix {
            columns,
            rows,
            bits,
            ..
        } => {
            let mut l = loc;
            for _ in 0..*columns {
                l = vector(*rows, *bits, l, 0, out);
            }
            l
        }
        Type::Array { elem, len, .. } => {
            let mut l = loc;
            for _ in 0..(*len).max(1) {
                l = loc_slots(types, *elem, l, comp, out);
            }
            l
        }
        Type::Struct { fields, .. } => {
            let mut l = loc;
            for f in fields {
                l = loc_slots(types, f.ty, l, 0, out);
            }
            l
        }
        _ => {
            out.push((loc, comp));
            loc + 1
        }
    }
}

pub(crate) fn var_loc_slots(
    sh: &Shader,
    id: fresnel_ir::VarId,
    default_loc: Option<i32>,
) -> Option<Vec<(i32, u8)>> {
    let v = &sh.vars[id];
    let loc = v.location.or(default_loc)?;
    let mut out = Vec::new();
    loc_slots(&sh.types, v.ty, loc, v.component.unwrap_or(0), &mut out);
    Some(out)
}

pub(crate) fn scalar_f64(s: Scalar) -> f64 {
    match s {
        Scalar::Float(f) => f,
        Scalar::Int(i) => i as f64,
        Scalar::Uint(u) => u as f64,
        Scalar::Bool(b) => f64::from(u8::from(b)),
    }
}

/// The Vulkan runner's vertex attribute table of sub-case `k`: location -> 4 components
/// (missing ones read (0, 0, 0, 1)), from location 1 on, one location per matrix column.
pub(crate) fn attribute_table(values: &ValueBlock, k: usize) -> Vec<(i32, [Scalar; 4])> {
    let mut attrs: Vec<(i32, [Scalar; 4])> = Vec::new();
    let mut loc = 1;
    for v in values.inputs() {
        let all = sub_values(v, k);
        let (cols, rows) = v.ty.matrix_dims().unwrap_or((1, v.ty.scalar_size()));
        for c in 0..cols {
            let mut a = [
                Scalar::Float(0.0),
                Scalar::Float(0.0),
                Scalar::Float(0.0),
                Scalar::Float(1.0),
            ];
            for (r, x) in a.iter_mut().enumerate().take(rows) {
                if let Some(s) = all.get(c * rows + r) {
                    *x = *s;
                }
            }
            attrs.push((loc + c as i32, a));
        }
        loc += cols as i32;
    }
    attrs
}

/// Runs one sub-case; `Ok(Some(reason))` when it fails.
fn run_sub_case(
    t: &Test<'_>,
    shaders: &[(TStage, Shader)],
    vs: &Shader,
    fs: &Shader,
    values: &ValueBlock,
    k: usize,
) -> Result<Option<String>, fresnel_interp::Error> {
    let mut vi = Interp::new(vs)?;
    vi.limits.max_instructions = MAX_INSTRUCTIONS;
    let by_location = t.flavor == Flavor::Vulkan;
    let attrs = attribute_table(values, k);
    let in_vars: Vec<(String, fresnel_ir::VarId)> = vs
        .vars_of(VarMode::ShaderIn)
        .filter(|(_, v)| !v.builtin)
        .map(|(id, v)| (v.name.clone(), id))
        .collect();
    for (name, id) in &in_vars {
        let var = &vs.vars[*id];
        let leaves = vi.leaves(*id);
        let per_vertex: Vec<Vec<u64>> =
            if name == "dEQP_Position" || (by_location && var.location == Some(0)) {
                CORNERS
                    .iter()
                    .map(|c| {
                        encode_all(
                            &[
                                Scalar::Float(f64::from(c[0])),
                                Scalar::Float(f64::from(c[1])),
                                Scalar::Float(0.0),
                                Scalar::Float(1.0),
                            ],
                            &leaves,
                        )
                    })
                    .collect()
            } else if by_location {
                let Some(slots) = var_loc_slots(vs, *id, None) else {
                    continue;
                };
                let vals: Vec<Scalar> = slots
                    .iter()
                    .map(|(l, c)| {
                        attrs
                            .iter()
                            .find(|(x, _)| x == l)
                            .map_or(Scalar::Float(0.0), |(_, a)| a[usize::from(*c).min(3)])
                    })
                    .collect();
                vec![encode_all(&vals, &leaves); 4]
            } else {
                let Some(v) = values
                    .inputs()
                    .find(|v| v.name == *name || format!("a_{}", v.name) == *name)
                else {
                    continue;
                };
                vec![encode_all(&sub_values(v, k), &leaves); 4]
            };
        vi.set_input(name, per_vertex)?;
    }
    set_uniforms(&mut vi, values, k);
    vi.run_vertex(4)?;
    // Fragment inputs from the vertex outputs.
    let mut fi = Interp::new(fs)?;
    fi.limits.max_instructions = MAX_INSTRUCTIONS;
    let frags: Vec<Fragment> = (0..4)
        .map(|i| Fragment {
            x: i & 1,
            y: i >> 1,
        })
        .collect();
    let stage = |s: TStage| shaders.iter().find(|(x, _)| *x == s).map(|(_, sh)| sh);
    let (tcs, tes, gs) = (
        stage(TStage::TessControl),
        stage(TStage::TessEval),
        stage(TStage::Geometry),
    );
    if tcs.is_some() || tes.is_some() || gs.is_some() {
        let setup = |it: &mut Interp<'_>| {
            it.limits.max_instructions = MAX_INSTRUCTIONS;
            set_uniforms(it, values, k);
        };
        let mut stream = pipeline::from_vertex_stage(vs, &vi, 4);
        if let Some(tes) = tes {
            let patches: Vec<Vec<usize>> = stream.tris.iter().map(|t| t.to_vec()).collect();
            stream = pipeline::tessellate(
                stream,
                &patches,
                tcs,
                tes,
                &setup,
                &|_| {},
                pipeline::Subdivision::Fixed,
            )?;
        }
        if let Some(gs) = gs {
            let prims: Vec<Vec<usize>> = stream.tris.iter().map(|t| t.to_vec()).collect();
            stream = pipeline::geometry(stream, &prims, gs, &setup, &|_| {})?;
        }
        if let Err(why) =
            pipeline::fragment_inputs(&stream, fs, &mut fi, &frags, by_location, [2, 2])?
        {
            return Ok(Some(why));
        }
    }
    let fs_inputs: Vec<(String, fresnel_ir::VarId)> =
        if tcs.is_some() || tes.is_some() || gs.is_some() {
            Vec::new()
        } else {
            fs.vars_of(VarMode::ShaderIn)
                .filter(|(_, v)| !v.builtin)
                .map(|(id, v)| (v.name.clone(), id))
                .collect()
        };
    for (name, id) in &fs_inputs {
        let fvar = &fs.vars[*id];
        let leaves = fi.leaves(*id);
        // The source of each slot: (vertex output variable, slot).
        let Some(sources) = pipeline::input_sources(vs, fs, *id, leaves.len(), by_location) else {
            continue;
        };
        let flat = fvar.interp == fresnel_ir::Interp::Flat;
        let per_frag: Vec<Vec<u64>> = frags
            .iter()
            .map(|f| {
                let s = (f64::from(f.x) + 0.5) / 2.0;
                let tt = (f64::from(f.y) + 0.5) / 2.0;
                let w = [
                    (1.0 - s) * (1.0 - tt),
                    s * (1.0 - tt),
                    (1.0 - s) * tt,
                    s * tt,
                ];
                leaves
                    .iter()
                    .enumerate()
                    .map(|(i, l)| {
                        let Some(Some((vid, slot))) = sources.get(i) else {
                            return 0;
                        };
                        let vname = &vs.vars[*vid].name;
                        let outs = vi.output(vname).unwrap_or(&[]);
                        let vl = vi.leaves(*vid).get(*slot).copied().unwrap_or(*l);
                        let get = |vtx: usize| {
                            outs.get(vtx)
                                .and_then(|o| o.get(*slot))
                                .copied()
                                .unwrap_or(0)
                        };
                        match l {
                            Leaf::Float(_) if !flat => {
                                let mut acc = 0.0;
                                for (vtx, wt) in w.iter().enumerate() {
                                    acc += scalar_f64(Scalar::decode(get(vtx), vl)) * wt;
                                }
                                Scalar::Float(acc).encode(*l)
                            }
                            // Flat: the provoking (last) vertex.
                            _ => Scalar::decode(get(3), vl).encode(*l),
                        }
                    })
                    .collect()
            })
            .collect();
        fi.set_input(name, per_frag)?;
    }
    set_uniforms(&mut fi, values, k);
    fi.run_fragment(&frags)?;
    // Colour outputs by location: location -> 4 components.
    let mut colors: Vec<Vec<[Option<Scalar>; 4]>> = vec![Vec::new(); frags.len()];
    // An output without a location is at location 0 when it is the only one (GL assigns
    // it), as are the built-in colour outputs.
    let unlocated = fs
        .vars_of(VarMode::ShaderOut)
        .filter(|(_, v)| v.location.is_none() && !v.builtin)
        .count();
    for (id, v) in fs.vars_of(VarMode::ShaderOut) {
        let default = match v.name.as_str() {
            "gl_FragColor" | "gl_FragData" | "dEQP_FragColor" => Some(0),
            _ if unlocated == 1 && !v.builtin => Some(0),
            _ => None,
        };
        let Some(slots) = var_loc_slots(fs, id, default) else {
            continue;
        };
        let leaves = fi.leaves(id);
        let outs = fi.output(&v.name).unwrap_or(&[]);
        for (fidx, c) in colors.iter_mut().enumerate() {
            for (i, (l, comp)) in slots.iter().enumerate() {
                let (Ok(l), Some(leaf)) = (usize::try_from(*l), leaves.get(i)) else {
                    continue;
                };
                if l > 8 || *comp > 3 {
                    continue;
                }
                if c.len() <= l {
                    c.resize(l + 1, [None; 4]);
                }
                let x = outs.get(fidx).and_then(|o| o.get(i)).copied().unwrap_or(0);
                c[l][usize::from(*comp)] = Some(Scalar::decode(x, *leaf));
            }
        }
    }
    let frame = Frame {
        colors,
        discarded: (0..frags.len())
            .map(|i| fi.discarded().get(i).copied().unwrap_or(true))
            .collect(),
    };
    Ok(judge(t, values, k, &frame))
}

/// What a back end produced for the quad's four fragments (index `y * 2 + x`): the colour
/// outputs by location (`None`: a component the shader does not write) and whether the
/// fragment was discarded (the Vulkan back end cannot tell: a discarded fragment keeps the
/// clear colour, which fails the judgement all the same).
struct Frame {
    colors: Vec<Vec<[Option<Scalar>; 4]>>,
    discarded: Vec<bool>,
}

/// The runners' judgement of a sub-case's fragments, the same for every back end: every
/// pixel white (R, G, B 255 after conversion to 8-bit unorm; the Vulkan runner also checks
/// alpha), or with `output_color` every output equal to its expected value in the
/// runner's colour format. `Some(reason)` when the sub-case fails.
fn judge(t: &Test<'_>, values: &ValueBlock, k: usize, frame: &Frame) -> Option<String> {
    for (i, colors) in frame.colors.iter().enumerate() {
        let f = Fragment {
            x: (i & 1) as u32,
            y: (i >> 1) as u32,
        };
        if frame.discarded.get(i).copied().unwrap_or(false) {
            return Some(format!("fragment ({}, {}) was discarded", f.x, f.y));
        }
        let Some(c0) = colors.first() else {
            return Some("the fragment shader writes no colour at location 0".into());
        };
        if t.case.output_color.is_some() {
            for (l, v) in values.outputs().enumerate() {
                let exp = sub_values(v, k);
                let got = colors.get(l).copied().unwrap_or([None; 4]);
                // The runner's colour format: R5G6B5 for vec3, 8-bit unorm for other float
                // types, integer formats for integer types.
                let scale = if v.ty == DataType::Vec3 {
                    [31.0, 63.0, 31.0, 1.0]
                } else {
                    [255.0; 4]
                };
                for (c, e) in exp.iter().enumerate().take(4) {
                    let g = got[c];
                    let ok = match (g, e) {
                        (Some(Scalar::Float(g)), e) => (g * scale[c] - scalar_f64(*e)).abs() <= 0.5,
                        (Some(g), e) => scalar_f64(g) == scalar_f64(*e),
                        (None, _) => false,
                    };
                    if !ok {
                        return Some(format!(
                            "fragment ({}, {}): output {} component {c} is {:?}, expected {:?}",
                            f.x, f.y, v.name, g, e
                        ));
                    }
                }
            }
            continue;
        }
        let mut px = [0u8, 0, 0, 255];
        for (c, p) in px.iter_mut().enumerate() {
            if let Some(s) = c0[c] {
                *p = unorm8(scalar_f64(s));
            }
        }
        let white = px[0] == 255
            && px[1] == 255
            && px[2] == 255
            && (t.flavor != Flavor::Vulkan || px[3] == 255);
        if !white {
            return Some(format!(
                "pixel ({}, {}) is ({}, {}, {}, {}), expected white",
                f.x, f.y, px[0], px[1], px[2], px[3]
            ));
        }
    }
    None
}

fn unorm8(v: f64) -> u8 {
    if v.is_nan() {
        return 0;
    }
    (v.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// Options of the `deqp` command.
#[derive(Clone, Debug, Default)]
pub struct DeqpArgs {
    pub list_passing: bool,
    pub quiet: bool,
    /// Print a per-file summary line.
    pub per_file: bool,
    pub backend: Backend,
    /// See [`Ctx::vulkan_minor`].
    pub vulkan_minor: u8,
    pub opt: fresnel_opt::OptLevel,
}

/// Runs the files, prints failures and the closing line; returns whether nothing failed.
pub fn main(files: &[std::path::PathBuf], args: &DeqpArgs) -> bool {
    let gpu = match args.backend {
        Backend::Interp => None,
        Backend::Vulkan | Backend::Both => match Gpu::new() {
            Ok(g) => Some(g),
            Err(e) => {
                eprintln!("fresnel: error: {e}");
                return false;
            }
        },
    };
    if let Some(g) = &gpu {
        eprintln!(
            "fresnel deqp: Vulkan device `{}` (Vulkan {})",
            g.device_name(),
            g.api_version_string()
        );
    }
    if let Some(g) = &gpu {
        if args.vulkan_minor > 3
            || g.spirv_minor() < [0, 3, 5, 6][usize::from(args.vulkan_minor.min(3))]
        {
            eprintln!(
                "fresnel: error: the device does not support Vulkan 1.{} (it has {})",
                args.vulkan_minor,
                g.api_version_string()
            );
            return false;
        }
    }
    let ctx = Ctx {
        backend: args.backend,
        gpu: gpu.as_ref(),
        vulkan_minor: args.vulkan_minor,
        opt: args.opt,
    };
    // With `both`: the Vulkan outcomes of execution tests, and the differences.
    let (mut vk_passed, mut vk_failed, mut vk_skipped, mut differences) = (0, 0, 0, 0);
    let mut passed = 0;
    let mut failed = 0;
    let mut skipped = 0;
    let (mut exec_passed, mut exec_total) = (0, 0);
    let mut skip_reasons: std::collections::BTreeMap<String, usize> = Default::default();
    let mut out = std::io::stdout().lock();
    use std::io::Write;
    for f in files {
        let r = run_file(f, &ctx);
        if let Some(e) = &r.error {
            let _ = writeln!(out, "{}: error: {e}", r.file);
            failed += 1;
            continue;
        }
        let (mut p, mut fl, mut sk) = (0, 0, 0);
        let (mut ep, mut et) = (0, 0);
        for t in &r.tests {
            if let (Some(v), true) = (&t.vulkan, t.execution) {
                match v {
                    Outcome::Pass => vk_passed += 1,
                    Outcome::Fail(_) => vk_failed += 1,
                    Outcome::Skip(_) => vk_skipped += 1,
                }
                if !same_outcome(&t.outcome, v) {
                    differences += 1;
                    let _ = writeln!(
                        out,
                        "{}:{}: differs: interpreter {}; vulkan {}",
                        r.file,
                        t.name,
                        describe(&t.outcome),
                        describe(v)
                    );
                }
            }
            if t.execution && !matches!(t.outcome, Outcome::Skip(_)) {
                et += 1;
                ep += usize::from(t.outcome == Outcome::Pass);
            }
            match &t.outcome {
                Outcome::Pass => {
                    p += 1;
                    if args.list_passing {
                        let _ = writeln!(out, "{}:{}: pass", r.file, t.name);
                    }
                }
                Outcome::Fail(why) => {
                    fl += 1;
                    if !args.quiet {
                        let _ = writeln!(out, "{}:{}: {why}", r.file, t.name);
                    }
                }
                Outcome::Skip(why) => {
                    sk += 1;
                    *skip_reasons.entry(why.clone()).or_default() += 1;
                }
            }
        }
        if args.per_file {
            let _ = writeln!(
                out,
                "file {}: {p} passed, {fl} failed, {sk} skipped; execution {ep}/{et}",
                r.file
            );
        }
        exec_passed += ep;
        exec_total += et;
        passed += p;
        failed += fl;
        skipped += sk;
    }
    for (why, n) in &skip_reasons {
        let _ = writeln!(out, "skipped {n}: {why}");
    }
    let _ = writeln!(
        out,
        "execution tests: {exec_passed} of {exec_total} passed (the rest are compile and link tests)"
    );
    if args.backend == Backend::Both {
        let _ = writeln!(
            out,
            "vulkan: {vk_passed} passed, {vk_failed} failed, {vk_skipped} skipped (execution tests); differences from interpreter: {differences}"
        );
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed, {skipped} skipped");
    failed == 0 && differences == 0
}

/// Whether two outcomes agree (pass, fail or skip; the reasons may differ).
fn same_outcome(a: &Outcome, b: &Outcome) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

fn describe(o: &Outcome) -> String {
    match o {
        Outcome::Pass => "pass".into(),
        Outcome::Fail(why) => format!("fail ({why})"),
        Outcome::Skip(why) => format!("skip ({why})"),
    }
}
