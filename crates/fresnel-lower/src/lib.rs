//! Lowering of the checked HIR ([`fresnel_sema::hir::Module`]) to the IR
//! ([`fresnel_ir::Shader`]), then SSA construction.
//!
//! - Every HIR variable the shader can reach becomes an IR [`fresnel_ir::Variable`] of the
//!   matching mode; block members and layouts carry over (explicit offsets and strides for
//!   uniform, storage and push-constant blocks).
//! - Expressions become values: scalars and vectors are single values ([`Operand::Value`]),
//!   matrices are one value per column ([`Operand::Matrix`]), structs and arrays and opaque
//!   objects stay in memory and are handled through derefs ([`Operand::Deref`]).
//! - Control flow maps onto the tree: `if`, loops (`for`/`while`/`do` with `continue`
//!   going through the step), `switch` (as a loop with fall-through flags), `discard`
//!   (`terminate`), `return` into the end block.
//! - Functions are IR functions called with copy-in/copy-out; a function taking an opaque
//!   parameter is inlined at its call sites instead.
//! - Built-in functions become ALU operations, texture instructions or intrinsics
//!   ([`builtins`]).
//! - Finally function-local scalars, vectors and matrices (and aggregates only ever indexed
//!   by constants) are turned into SSA values with phis (`ssa`, after
//!   `nir_lower_vars_to_ssa`).

pub mod builtins;
mod expr;
mod func;
pub mod operand;
pub mod ssa;
mod stmt;
pub mod types;
mod vars;

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
