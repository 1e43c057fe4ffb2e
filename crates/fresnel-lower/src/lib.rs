//! Lowering of the checked HIR ([`fresnel_sema::hir::Module`]) to the IR
//! ([`fresnel_ir::Shader`]), then SSA construction.
//!
//! - **Variables** (`vars`): every user global gets an IR [`fresnel_ir::Variable`] named by
//!   its GLSL name (interface and resource blocks by their block name), built-ins when first
//!   used (`builtin: true`; `gl_PerVertex` members flattened, `gl_in[i].x` an arrayed
//!   `ShaderIn` variable `x`). Uniform, storage and push-constant blocks carry explicit
//!   offsets and strides ([`types`], from `fresnel_sema::memory_layout`; std140 for uniform
//!   blocks, std430 for buffer blocks and push constants unless declared otherwise).
//!   Default-block uniform initializers and aggregate constants are `Variable::init`
//!   (constants live in `Global` variables); other global initializers are stored at the
//!   start of `main`. Unsized per-vertex arrays get the primitive's vertex count (32 for
//!   tessellation inputs), implicitly sized arrays one more than their largest constant index.
//! - **Expressions** (`expr`): scalars and vectors are single values ([`Operand::Value`]),
//!   matrices one value per column ([`Operand::Matrix`]), structs, arrays and opaque objects
//!   stay in memory ([`Operand::Deref`]; temporaries are `Function` variables, copies
//!   `copy_deref`, member by member between types whose explicit layouts differ).
//!   L-values are derefs or swizzles of a vector deref. `&&`, `||` and `?:` evaluate their
//!   guarded side through an `if` when it has side effects or may fault (calls other than
//!   pure math built-ins, assignments, dynamic indexing, integer division). Values stored
//!   to `precise` variables are computed by exact ALU operations. The right side of
//!   `a op= b` is converted to `a`'s component type here (the HIR leaves it unconverted).
//! - **Statements** (`stmt`): `if`; loops with `continue` running the step (a `first`
//!   flag at the top of the loop when the body continues); `switch` as a loop with a
//!   fall-through flag; a `continue` or `return` leaving several IR loops sets a flag and
//!   breaks, re-issued after each construct; `discard` is `terminate`, `demote` `demote`.
//! - **Functions** (`func`): a function whose parameters and result are scalars or vectors
//!   is an IR function called with copy-in/copy-out (`Call`); any other (opaque, aggregate
//!   or matrix parameters or result) is inlined at its call sites (in a one-trip loop that
//!   `return` breaks out of when it returns early). Recursion and oversized inlining are
//!   errors ([`limits`]). A function such a unit only declares (defined by another unit
//!   of the stage) is called through its *flattened* form (`flat_call`: one parameter per
//!   scalar/vector leaf of the aggregates, `NAME__flat(TYPES)`), which defining units
//!   export, so linking binds it and the inliner inlines it afterwards.
//! - **Vendor extension types** (`vendor`): cooperative matrices and vectors, long vectors,
//!   tensors, bfloat16 and the 8-bit and microscaling floats live in memory (`Type::Opaque`
//!   variables); every operation on them is a `vendor_op` / `vendor_op_value` intrinsic
//!   naming the GLSL operation (`fresnel_ir::vendor`).
//! - **`spirv_instruction` prototypes** (GL_EXT_spirv_intrinsics, `spirv_instruction`): a
//!   call is the `spirv_instruction` intrinsic with the set, the instruction and the kinds of
//!   its operands (`fresnel_ir::spirv_instruction`).
//! - **Subroutines** (`subroutine`): a subroutine uniform is a `u32` uniform holding the
//!   selected function's index among the functions compatible with its type (declaration
//!   order); a call through it is an `if` chain of ordinary calls (`subroutine`).
//! - **Separate textures and samplers** (Vulkan): `sampler2D(t, s)` is an
//!   [`Operand::Combined`]; texture instructions get a `SamplerDeref` source (`sampler`).
//! - **Ray-tracing and mesh-shader built-ins** (`stage_builtins`): `traceRayEXT`,
//!   `executeCallableEXT`, ... are intrinsics taking the deref of the payload variable the
//!   call's location names; `SetMeshOutputsEXT`, `EmitMeshTasksEXT` intrinsics; ray queries
//!   and hit objects (`hitobject`) as `rq_*` and `hit_object_*` intrinsics.
//! - **Built-in functions** become ALU operations, texture instructions or intrinsics
//!   ([`builtins`]).
//! - Finally function-local variables are turned into SSA values with phis (`ssa`, after
//!   `nir_lower_vars_to_ssa`), unless [`LowerOptions::no_ssa`].
//!
//! A shader without `main` (a unit meant for linking) lowers to its globals only.

pub mod builtins;
mod expr;
mod flat_call;
mod func;
mod heap;
mod hitobject;
pub mod operand;
mod sampler;
/// Variables to SSA (the pass lives with the optimizer's passes).
pub use fresnel_opt::lower_vars_to_ssa as ssa;
mod spec;
mod spirv_instruction;
mod stage_builtins;
mod stmt;
mod subroutine;
pub mod types;
mod vars;
mod vendor;

pub use operand::{Arg, Operand};

use fresnel_sema::hir;
use fresnel_syntax::intern::Interner;
use fresnel_syntax::source::Span;

/// What lowering needs besides the module.
#[derive(Clone, Debug, Default)]
pub struct LowerOptions {
    /// Target Vulkan (SPIR-V semantics for `gl_VertexIndex`, push constants, sets).
    pub vulkan: bool,
    /// Stop SSA construction (keep every local in memory): for debugging the lowering.
    pub no_ssa: bool,
}

/// Why a shader could not be lowered: a construct the IR cannot express yet, or a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    pub message: String,
    /// Where in the source, when known.
    pub span: Option<Span>,
}

impl LowerError {
    pub fn new(message: impl Into<String>, span: Option<Span>) -> LowerError {
        LowerError {
            message: message.into(),
            span,
        }
    }
}

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Limits of the lowering (reported as errors when exceeded).
pub mod limits {
    /// Nested inlining of functions taking opaque parameters.
    pub const MAX_INLINE_DEPTH: usize = 64;
    /// Instructions in one function (inlining can multiply a shader's size).
    pub const MAX_INSTRS: usize = 1_000_000;
    /// Instructions in all the functions of a shader.
    pub const MAX_TOTAL_INSTRS: usize = 2_000_000;
    /// Functions in one shader.
    pub const MAX_FUNCTIONS: usize = 100_000;
}

/// Lowers a checked module (without errors) to an IR shader.
pub fn lower(
    module: &hir::Module,
    interner: &Interner,
    opts: &LowerOptions,
) -> Result<fresnel_ir::Shader, LowerError> {
    let mut shader = func::lower_module(module, interner, opts)?;
    if !opts.no_ssa {
        ssa::vars_to_ssa(&mut shader);
    }
    Ok(shader)
}
