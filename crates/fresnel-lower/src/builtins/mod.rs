//! Built-in functions: each call becomes ALU operations, texture instructions or intrinsics.
//!
//! Contract with the expression lowering (which calls [`lower_builtin`]):
//! - `in` arguments arrive as values ([`Operand::Value`] / [`Operand::Matrix`]), opaque
//!   arguments (samplers, images, atomic counters) as derefs.
//! - `out`/`inout` arguments arrive as [`Operand::Deref`] of a temporary of the parameter's
//!   type (initialised with the argument for `inout`); the caller copies it back to the real
//!   lvalue afterwards. The exception is the arguments for which [`wants_real_deref`] is
//!   true (the memory of atomics, the interpolant of `interpolateAt*`): they are derefs of
//!   the real variable.
//! - The result is returned as an operand of the call's type (`None` for `void`).

use fresnel_ir::{Builder, Stage, TypeId, VarId, VarMode};
use fresnel_sema::hir::{self, BuiltinRef};
use fresnel_sema::types::TypeId as HirTypeId;
use fresnel_syntax::source::Span;

use crate::{Arg, LowerError, Operand};

/// Finds the IR variable of a global by name, with its IR type and mode.
pub type VarLookup<'a> = &'a dyn Fn(&str) -> Option<(VarId, TypeId, VarMode)>;

/// What a built-in's lowering can reach.
pub struct BuiltinCx<'a, 'f> {
    pub b: &'a mut Builder<'f>,
    pub hir: &'a hir::Module,
    pub stage: Stage,
    /// Looks up the IR variable of a built-in or global variable by name (`gl_Vertex`,
    /// `gl_ModelViewProjectionMatrix` for `ftransform`), with its IR type and mode.
    pub lookup_var: VarLookup<'a>,
    /// The call, for diagnostics.
    pub span: Span,
}

/// Whether argument `arg` of built-in `name` must be a deref of the real lvalue rather than
/// of a temporary copy.
pub fn wants_real_deref(name: &str, arg: usize) -> bool {
    arg == 0
        && (name.starts_with("atomic") && !name.starts_with("atomicCounter")
            || name.starts_with("interpolateAt"))
}

/// Lowers a call of a built-in function with the given (already lowered) arguments; `ret`
/// is the call's HIR type.
pub fn lower_builtin(
    cx: &mut BuiltinCx<'_, '_>,
    f: BuiltinRef,
    args: &[Arg],
    ret: HirTypeId,
) -> Result<Option<Operand>, LowerError> {
    let _ = (args, ret);
    Err(LowerError::new(
        format!("built-in function `{}` is not lowered yet", f.name),
        Some(cx.span),
    ))
}
